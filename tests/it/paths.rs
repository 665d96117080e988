//! Every path into the solvers and every drawn setup: the SMT-LIB front ends in-process
//! (`z3-text`, `cvc5-text`), Z3's solver constructors, the printing styles. Ground truth: the
//! other path of the same solver, the other solver, and the evaluator (models of both paths
//! are checked by it); for the printing styles, the evaluator on the printed text read back.

use smtsmith::cases::smtlib::{PrintStyle, Shape};
use smtsmith::harness::{Harness, Selection};
use smtsmith::lang::eval::{check_model, Truth};
use smtsmith::lang::generate::{seeded_bytes, Case};
use smtsmith::solver::{CaseSetup, Paths, Reuse, SolverId, Verdict, Z3Solver};
use smtsmith::verdict::oracle::{judge, Class};

fn harness() -> Harness {
    Harness::new(Selection::All, tempfile::tempdir().unwrap().keep()).expect("solvers start")
}

/// Every style: each shape with each of the other switches on.
fn styles() -> Vec<PrintStyle> {
    let mut out = Vec::new();
    for shape in [Shape::AsBuilt, Shape::Flat, Shape::Binary] {
        for k in 0..5 {
            out.push(PrintStyle {
                shape,
                lets: k == 1,
                named: k == 2,
                negative_literals: k == 3,
                aliases: k == 4,
            });
        }
    }
    out
}

/// On generated formulas each front end decides as its API path does (no
/// path-disagreement on real answers), in every printing style, and the front ends' models
/// are validated by the evaluator.
#[test]
fn front_ends_agree_with_the_api_paths_in_every_style() {
    let mut h = harness();
    let styles = styles();
    let (mut decided, mut validated) = (0, 0);
    for seed in 0..150u64 {
        let case = Case::from_bytes(&seeded_bytes(seed, 200));
        let setup = CaseSetup {
            text: true,
            print: styles[seed as usize % styles.len()],
            ..Default::default()
        };
        h.set_setup(setup).unwrap();
        let answers = h.answers(&case.formula);
        assert_eq!(
            answers.len(),
            5,
            "both paths of Z3 and cvc5 answer, and Yices's API"
        );
        let v = judge(&case.formula, &answers);
        assert!(
            v.findings.is_empty(),
            "seed {seed}, {:?}: {:?}\n{}",
            setup.print,
            v.findings,
            smtsmith::cases::smtlib::script(&case.formula, &Default::default())
        );
        for id in SolverId::TEXT {
            let (_, a) = answers.iter().find(|(s, _)| *s == id).unwrap();
            let o = a.as_ref().unwrap();
            decided += usize::from(o.verdict != Verdict::Unknown);
        }
        validated += v
            .model_checks
            .iter()
            .filter(|c| {
                c.solver.path() == smtsmith::dialect::solver_id::Path::Text
                    && c.truth == Truth::True
            })
            .count();
    }
    assert!(
        decided > 200 && validated > 120,
        "decided {decided}, validated {validated}"
    );
}

/// A front end's answer flipped (sat to unsat) is a `path-disagreement` blamed on that
/// solver, not a wrong-unsat of its text path; the real answers raise none.
#[test]
fn path_disagreement_fires_on_a_corrupted_front_end_answer() {
    let mut h = harness();
    h.set_setup(CaseSetup {
        text: true,
        ..Default::default()
    })
    .unwrap();
    let mut fired = 0;
    for seed in 0..40u64 {
        let case = Case::from_bytes(&seeded_bytes(seed, 200));
        let answers = h.answers(&case.formula);
        assert!(judge(&case.formula, &answers)
            .findings
            .iter()
            .all(|i| i.class != Class::PathDisagreement));
        for text in SolverId::TEXT {
            let mut corrupted = answers.clone();
            let Some((_, Ok(o))) = corrupted.iter_mut().find(|(id, _)| *id == text) else {
                continue;
            };
            let api_sat = answers.iter().any(|(id, a)| {
                *id == text.library() && matches!(a, Ok(o) if o.verdict == Verdict::Sat)
            });
            if !api_sat || o.verdict != Verdict::Sat {
                continue;
            }
            o.verdict = Verdict::Unsat;
            o.model = None;
            let v = judge(&case.formula, &corrupted);
            let pd: Vec<_> = v
                .findings
                .iter()
                .filter(|i| i.class == Class::PathDisagreement)
                .collect();
            assert_eq!(pd.len(), 1, "{:?}", v.findings);
            assert_eq!(pd[0].blamed, Some(text.library()));
            assert!(
                pd[0].summary.contains("its SMT-LIB front end"),
                "{}",
                pd[0].summary
            );
            assert!(!v
                .findings
                .iter()
                .any(|i| i.class == Class::WrongUnsat && i.blamed == Some(text)));
            fired += 1;
        }
    }
    assert!(fired > 20, "only {fired} corrupted answers");
}

/// Each of Z3's constructors decides the generated formulas as cvc5 does, and its models
/// are validated by the evaluator. Ground truth: cvc5 and the evaluator.
#[test]
fn every_z3_solver_constructor_agrees_with_cvc5() {
    let mut h = harness();
    let kinds = [
        Z3Solver::ForLogic,
        Z3Solver::General,
        Z3Solver::Simple,
        Z3Solver::Tactic(0),
        Z3Solver::Tactic(1),
        Z3Solver::Tactic(2),
        Z3Solver::Tactic(3),
        Z3Solver::Tactic(4),
        Z3Solver::Tactic(5),
        Z3Solver::Tactic(6),
        Z3Solver::Tactic(7),
        Z3Solver::Tactic(8),
    ];
    for reuse in [Reuse::Fresh, Reuse::Scope] {
        for (k, kind) in kinds.iter().enumerate() {
            let mut z3_decided = 0;
            for seed in 0..12u64 {
                let case = Case::from_bytes(&seeded_bytes(1000 + 12 * k as u64 + seed, 200));
                h.set_setup(CaseSetup {
                    reuse,
                    z3_solver: *kind,
                    ..Default::default()
                })
                .unwrap();
                let answers = h.answers(&case.formula);
                let v = judge(&case.formula, &answers);
                assert!(
                    v.findings.is_empty(),
                    "{kind} {reuse} seed {seed}: {:?}",
                    v.findings
                );
                let z3 = answers[0].1.as_ref().unwrap();
                z3_decided += usize::from(z3.verdict != Verdict::Unknown);
            }
            assert!(
                z3_decided >= 6,
                "{kind} {reuse}: z3 decided {z3_decided} of 12"
            );
        }
    }
}

/// A case's setup is drawn from its input and recorded in its finding; over many inputs
/// every constructor, both path choices and each shape are drawn.
#[test]
fn setups_are_drawn_per_case_and_recorded() {
    let mut h = harness();
    h.settings.drawn_setups = true;
    h.settings.mixed_reuse = true;
    h.settings.paths = Paths::Drawn;
    let mut seen_kinds = std::collections::BTreeSet::new();
    let mut seen_text = [false; 2];
    let mut seen_shape = std::collections::BTreeSet::new();
    for seed in 0..60u64 {
        let input = seeded_bytes(seed, 120);
        let case = Case::from_bytes(&input);
        let r = h.run_case(&case, Some(&input));
        let want = CaseSetup::drawn(&input, Paths::Drawn);
        assert_eq!(r.setup, want, "seed {seed}");
        assert_eq!(r.answers.len(), if want.text { 5 } else { 3 });
        seen_kinds.insert(match want.z3_solver {
            Z3Solver::Tactic(_) => "tactic".to_string(),
            k => k.to_string(),
        });
        seen_text[usize::from(want.text)] = true;
        seen_shape.insert(format!("{:?}", want.print.shape));
    }
    assert_eq!(seen_kinds.len(), 4, "{seen_kinds:?}");
    assert_eq!(seen_text, [true, true]);
    assert_eq!(seen_shape.len(), 3);
}

/// A finding against Z3's tactic solver is written with `(check-sat-using TACTIC)`, the
/// case's curated option and its setup in the JSON, and the reproducer runs in the z3 binary of the linked release with
/// the verdict of the API path. The finding is made from a real answer corrupted (an
/// invalid model: one value changed); ground truth: the binary's own answer.
#[test]
fn a_tactic_solver_finding_replays_with_the_z3_binary() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = Harness::new(Selection::All, dir.path()).unwrap();
    // With a curated option too (smt.relevancy 0: the first pair of Z3's table).
    let setup = CaseSetup {
        z3_solver: Z3Solver::Tactic(2),
        options: Default::default(),
        ..Default::default()
    };
    let setup = CaseSetup {
        options: setup.options.with(SolverId::Z3, Some(0)),
        ..setup
    };
    let option = setup.options_of(SolverId::Z3);
    assert_eq!(option, vec![("smt.relevancy".to_string(), "0".to_string())]);
    h.set_setup(setup).unwrap();
    let f = {
        let text = "(declare-fun x () Int)(declare-fun y () Int)
            (assert (and (> x 3) (< (+ x y) 10) (= (mod y 3) 1)))";
        smtsmith::cases::smtlib::parse::parse_script(text)
            .unwrap()
            .formula
    };
    let answers = h.answers(&f);
    let z3 = answers[0].1.as_ref().unwrap();
    assert_eq!(z3.verdict, Verdict::Sat);
    let tactic = setup
        .z3_solver
        .check_sat_using(&f.signature().logic())
        .unwrap();
    let issue = smtsmith::verdict::oracle::Issue {
        class: Class::InvalidModel,
        blamed: Some(SolverId::Z3),
        summary: "z3 says sat, but its model makes assertion 0 false (corrupted in a test)".into(),
    };
    let ctx = smtsmith::verdict::finding::Context::new(&f, h.versions(), &h.settings.limits, setup)
        .with_answers(&answers);
    let w = smtsmith::verdict::finding::write(dir.path(), &issue, &ctx).unwrap();
    let script = std::fs::read_to_string(&w.smt2).unwrap();
    assert!(
        script.contains(&format!("(check-sat-using {tactic})")),
        "{script}"
    );
    let record = crate::record(&w.json);
    assert_eq!(
        record.case_setup().z3_solver,
        smtsmith::solver::Z3Solver::Tactic(2)
    );
    assert_eq!(record.z3_tactic.as_deref(), Some(tactic.as_str()));
    assert_eq!(record.options[0].1[0].0, "smt.relevancy");
    let out = smtsmith::solver::z3::run_binary(&script, 10_000).expect("the z3 binary runs");
    assert!(!out.contains("error"), "{out}");
    assert_eq!(out.lines().next(), Some("sat"), "{out}");
}

/// Every printing style reads back (smtsmith's own parser) as a formula with the same
/// meaning: the API path's model satisfies the printed formula exactly when it satisfies
/// the original. Ground truth: the evaluator on both.
#[test]
fn every_printing_style_means_the_same() {
    let mut h = harness();
    let mut compared = 0;
    for seed in 0..60u64 {
        let case = Case::from_bytes(&seeded_bytes(seed, 200));
        let f = &case.formula;
        // The parser numbers uninterpreted sorts by first use (U1 alone reads back as U0):
        // the model's elements would belong to another sort.
        let sorts = f.uninterpreted_sorts();
        if sorts.iter().enumerate().any(|(k, n)| *n != k as u32) {
            continue;
        }
        let answers = h.answers(f);
        let Some(model) = answers
            .iter()
            .find_map(|(_, a)| a.as_ref().ok().and_then(|o| o.model.clone()))
        else {
            continue;
        };
        let want = check_model(f, &model);
        for style in styles() {
            let text = smtsmith::cases::smtlib::script(
                f,
                &smtsmith::cases::smtlib::ScriptOptions {
                    style: PrintStyle {
                        aliases: false,
                        ..style
                    },
                    ..Default::default()
                },
            );
            let g = smtsmith::cases::smtlib::parse::parse_script(&text)
                .unwrap_or_else(|e| panic!("{style:?}: {e}\n{text}"))
                .formula;
            // Declarations keep their order, so the model's values carry over.
            assert_eq!(g.decls.len(), f.decls.len());
            let kind = |t: &Truth| std::mem::discriminant(t);
            assert_eq!(
                kind(&check_model(&g, &model)),
                kind(&want),
                "{style:?}\n{text}"
            );
            compared += 1;
        }
    }
    assert!(compared > 300, "{compared}");
}

/// A formula Z3's C API refuses (a one-bit significand: `Z3_mk_fpa_sort` takes sb ≥ 3)
/// reaches Z3 through its front end even when the case's setup has the API paths only, and
/// the next case runs in the setup it had. Ground truth: the evaluator (the formula is
/// ground: 1.0 + 1.0 in Float(3,2) is 2.0, so it is sat) and cvc5.
#[test]
fn a_formula_z3s_api_refuses_goes_to_its_front_end() {
    let mut h = harness();
    h.settings.paths = Paths::Drawn;
    h.set_setup(CaseSetup::default()).unwrap();
    assert!(!h.setup().text);
    let f = smtsmith::verdict::finding::reproducer_formula(
        "(assert (= (fp.add RNE (fp #b0 #b011 #b0) (fp #b0 #b011 #b0)) (fp #b0 #b100 #b0)))",
    )
    .unwrap();
    let r = h.run(&f, None, None);
    let verdict = |id: SolverId| {
        r.answers
            .iter()
            .find(|(s, _)| *s == id)
            .and_then(|(_, a)| a.as_ref().ok())
            .map(|o| o.verdict)
            .unwrap_or_else(|| panic!("{id} not asked: {}", r.summary()))
    };
    assert_eq!(verdict(SolverId::Z3Text), Verdict::Sat, "{}", r.summary());
    assert_eq!(verdict(SolverId::Cvc5), Verdict::Sat, "{}", r.summary());
    // Z3's API path records its skip (unknown, with the reason), not an answer.
    let z3_api = r.answers.iter().find(|(s, _)| *s == SolverId::Z3);
    if let Some((_, a)) = z3_api {
        let o = a.as_ref().unwrap();
        assert_eq!(o.verdict, Verdict::Unknown, "{}", r.summary());
        assert!(
            o.reason.as_deref().unwrap_or("").contains("skipped"),
            "{}",
            r.summary()
        );
    }
    assert!(!h.setup().text, "the next case starts from the drawn setup");
    // With `SMTSMITH_PATHS=api` no front end is asked: Z3 is not asked at all.
    h.settings.paths = Paths::Api;
    let r = h.run(&f, None, None);
    assert!(
        r.answers
            .iter()
            .all(|(s, _)| *s != SolverId::Z3Text && *s != SolverId::Cvc5Text),
        "{}",
        r.summary()
    );
}

/// Z3's quantifier-elimination tactics (drawn for quantified logics: `facts::z3_tactic`)
/// decide quantified formulas whose verdicts are known by construction — a valid and an
/// invalid closed statement over Int, an alternation over Real, a quantified bound on a free
/// constant — through `Z3_mk_solver_from_tactic`, and no finding is made of them.
#[test]
fn quantifier_elimination_tactics_decide_quantified_formulas() {
    let cases = [
        ("(assert (forall ((x Int)) (> (+ x 1) x)))", Verdict::Sat),
        (
            "(assert (exists ((x Int)) (and (> x 2) (< x 3))))",
            Verdict::Unsat,
        ),
        (
            "(assert (forall ((x Real)) (exists ((y Real)) (> y x))))",
            Verdict::Sat,
        ),
        (
            "(declare-fun c () Int)(assert (forall ((x Int)) (=> (> x c) (> x 0))))
             (assert (< c 0))",
            Verdict::Unsat,
        ),
    ];
    for tactic in ["(then qe2 smt)", "(then qe smt)"] {
        for (text, expected) in cases {
            let f = smtsmith::cases::smtlib::parse::parse_script(text)
                .unwrap()
                .formula;
            let logic = f.signature().logic();
            let k = (0..=u8::MAX)
                .find(|k| smtsmith::dialect::facts::z3_tactic(&logic, *k) == tactic)
                .unwrap_or_else(|| panic!("{tactic} is drawn for {logic}"));
            let dir = tempfile::tempdir().unwrap();
            let mut h = Harness::new(Selection::All, dir.path()).unwrap();
            h.set_setup(CaseSetup {
                z3_solver: Z3Solver::Tactic(k),
                ..Default::default()
            })
            .unwrap();
            let r = h.run(&f, None, None);
            let z3 = r
                .answers
                .iter()
                .find(|(id, _)| *id == SolverId::Z3)
                .unwrap();
            assert_eq!(
                z3.1.as_ref().map(|o| o.verdict).ok(),
                Some(expected),
                "{tactic} on {text}: {:?}",
                z3.1
            );
            assert!(
                r.findings.is_empty(),
                "{tactic} on {text}: {:?}",
                r.findings
            );
        }
    }
}
