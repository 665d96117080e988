//! Z3's optimizer and its oracle (`smtsmith::cases::optimize`). Ground truth: cases whose optima are
//! known by construction, the evaluator, and the plain solvers (cvc5, Yices, Z3's own
//! solver) whose models witness a better objective.

use num_rational::BigRational;
use smtsmith::cases::optimize::{Direction, OptCase, OptPath, Priority};
use smtsmith::harness::{Harness, Selection};
use smtsmith::lang::ir::{Formula, NodeId, Verdict};
use smtsmith::verdict::oracle::optimum::judge;
use smtsmith::verdict::oracle::Class;

/// The formula of SMT-LIB `text` and the terms of its constants named in `names`.
fn formula(text: &str, names: &[&str]) -> (Formula, Vec<NodeId>) {
    let mut f = smtsmith::cases::smtlib::parse::parse_script(text)
        .unwrap()
        .formula;
    let nodes = names
        .iter()
        .map(|n| {
            let d = f.decls.iter().position(|d| d.name == *n).unwrap();
            f.constant(smtsmith::lang::ir::DeclId(d as u32))
        })
        .collect();
    (f, nodes)
}

fn int(n: i64) -> BigRational {
    BigRational::from_integer(n.into())
}

/// x in [0, 10] but not 10, y = 2x - 3 with y a bit-vector's value below 20: a lexicographic
/// pair (maximize x, then minimize y) with known optima 9 and 15, and a soft group whose
/// cheapest violation costs 1.
fn lex_case() -> OptCase {
    let (f, n) = formula(
        "(declare-const x Int)(declare-const y Int)(declare-const b (_ BitVec 8))\
         (declare-const p Bool)(declare-const q Bool)\
         (assert (and (<= 0 x) (< x 10) (= y (- (* 2 x) 3)) (bvult b #x14) (= p (> x 5)) (= q (< x 3))))",
        &["x", "y", "b", "p", "q"],
    );
    OptCase::with_goals(
        f,
        &[
            (Direction::Maximize, n[0]),
            (Direction::Minimize, n[1]),
            (Direction::Maximize, n[2]),
        ],
        &[(n[3], 2), (n[4], 1)],
        Priority::Lex,
    )
    .unwrap()
}

/// Z3's optimizer, through both paths, reports the constructed optima with a model that
/// attains them; the oracle finds nothing (the plain solvers find no better model).
#[test]
fn constructed_optima_pass_through_both_paths() {
    let case = lex_case();
    let mut h = Harness::new(Selection::All, "findings").unwrap();
    for path in [OptPath::Api, OptPath::Text] {
        let run = smtsmith::harness::optimize::with_optimizer(|z3| {
            smtsmith::harness::optimize::run_path(&mut h, z3, &case, path)
        })
        .unwrap();
        let o = run.outcome.unwrap();
        assert_eq!(o.verdict, Verdict::Sat, "{path:?}");
        let values: Vec<BigRational> = o
            .bounds
            .iter()
            .map(|b| b.as_ref().unwrap().attained().unwrap().clone())
            .collect();
        // x = 9, y = 15, b = 19, and the soft group: p holds (x > 5), q fails: cost 1.
        assert_eq!(values, vec![int(9), int(15), int(19), int(1)], "{path:?}");
        assert!(run.judged.is_empty(), "{path:?}: {:?}", run.judged);
    }
}

/// An optimum not attained: maximize a real below 1 — Z3 reports 1 - epsilon, and the
/// oracle checks that no model reaches 1 (no finding).
#[test]
fn a_supremum_not_attained_is_checked_inclusively() {
    let (f, n) = formula(
        "(declare-const r Real)(assert (and (< r 1.0) (> r 0.0)))",
        &["r"],
    );
    let case = OptCase::with_goals(f, &[(Direction::Maximize, n[0])], &[], Priority::Box).unwrap();
    let mut h = Harness::new(Selection::All, "findings").unwrap();
    let run = smtsmith::harness::optimize::with_optimizer(|z3| {
        smtsmith::harness::optimize::run_path(&mut h, z3, &case, OptPath::Api)
    })
    .unwrap();
    let o = run.outcome.unwrap();
    let b = o.bounds[0].clone().unwrap();
    assert_eq!(b.value, int(1));
    assert!(b.epsilon < int(0), "{b}");
    assert!(run.judged.is_empty(), "{:?}", run.judged);
}

/// The oracle's other side: an optimum corrupted by hand (one less than Z3's, which its model
/// attains) is a wrong optimum — in lexicographic priority by Z3's own model, in box priority
/// by a plain solver's model of the better objective, checked by the evaluator.
#[test]
fn a_corrupted_optimum_is_a_wrong_optimum_with_its_witness() {
    let mut h = Harness::new(Selection::All, "findings").unwrap();
    for priority in [Priority::Lex, Priority::Box] {
        let case = OptCase {
            priority,
            ..lex_case()
        };
        let mut o = smtsmith::harness::optimize::with_optimizer(|z3| {
            z3.optimize(&case, OptPath::Api, 2000)
        })
        .unwrap()
        .unwrap();
        o.bounds[0].as_mut().unwrap().value = int(8);
        let judged = judge(&case, OptPath::Api, &o, &mut |g| h.answers(g));
        assert_eq!(judged.len(), 1, "{priority:?}: {judged:?}");
        let j = &judged[0];
        assert_eq!(j.issue.class, Class::WrongOptimum);
        assert!(
            j.issue.summary.contains("objective0"),
            "{}",
            j.issue.summary
        );
        match priority {
            Priority::Lex => assert!(j.issue.summary.contains("its own model gives it 9")),
            _ => assert!(
                j.witness_formula.is_some() && j.issue.summary.contains("model gives it 9"),
                "{}",
                j.issue.summary
            ),
        }
    }
}

/// A Pareto point corrupted by hand (a point a model dominates) is a wrong optimum; Z3's own
/// Pareto point passes.
#[test]
fn a_dominated_pareto_point_is_a_wrong_optimum() {
    let (f, n) = formula(
        "(declare-const x Int)(declare-const y Int)\
         (assert (and (<= 0 x) (<= 0 y) (<= (+ x y) 10)))",
        &["x", "y"],
    );
    let case = OptCase::with_goals(
        f,
        &[(Direction::Maximize, n[0]), (Direction::Maximize, n[1])],
        &[],
        Priority::Pareto,
    )
    .unwrap();
    let mut h = Harness::new(Selection::All, "findings").unwrap();
    let mut o =
        smtsmith::harness::optimize::with_optimizer(|z3| z3.optimize(&case, OptPath::Api, 2000))
            .unwrap()
            .unwrap();
    assert_eq!(o.verdict, Verdict::Sat);
    assert!(judge(&case, OptPath::Api, &o, &mut |g| h.answers(g)).is_empty());
    // The model moved inside the front: x + y = 9 is dominated by x + y = 10.
    let m = o.model.as_mut().unwrap();
    let (dx, dy) = (
        case.decl("objective0").unwrap(),
        case.decl("objective1").unwrap(),
    );
    let xv = m.values[0].clone().unwrap();
    let yv = m.values[1].clone().unwrap();
    let smaller = |v: smtsmith::lang::ir::Value| match v {
        smtsmith::lang::ir::Value::Int(i) if i > 0.into() => smtsmith::lang::ir::Value::Int(i - 1),
        other => other,
    };
    // Lower whichever coordinate is positive, in both the constant and its objective.
    let (xv, yv) = if xv != smtsmith::lang::ir::Value::Int(0.into()) {
        (smaller(xv), yv)
    } else {
        (xv, smaller(yv))
    };
    m.values[0] = Some(xv.clone());
    m.values[1] = Some(yv.clone());
    m.values[dx.0 as usize] = Some(xv);
    m.values[dy.0 as usize] = Some(yv);
    let judged = judge(&case, OptPath::Api, &o, &mut |g| h.answers(g));
    assert_eq!(judged.len(), 1, "{judged:?}");
    assert_eq!(judged[0].issue.class, Class::WrongOptimum);
    assert!(
        judged[0].issue.summary.contains("dominates"),
        "{}",
        judged[0].issue.summary
    );
}

/// An unsat hard part is unsat for the optimizer too; a corrupted `unsat` on a satisfiable
/// one is a wrong unsat with a plain solver's model as its witness.
#[test]
fn a_corrupted_unsat_is_a_wrong_unsat() {
    let case = lex_case();
    let mut h = Harness::new(Selection::All, "findings").unwrap();
    let mut o =
        smtsmith::harness::optimize::with_optimizer(|z3| z3.optimize(&case, OptPath::Text, 2000))
            .unwrap()
            .unwrap();
    o.verdict = Verdict::Unsat;
    let judged = judge(&case, OptPath::Text, &o, &mut |g| h.answers(g));
    assert_eq!(judged.len(), 1, "{judged:?}");
    assert_eq!(judged[0].issue.class, Class::WrongUnsat);
    assert_eq!(
        judged[0].issue.blamed,
        Some(smtsmith::solver::SolverId::Z3Text)
    );
}

/// Every drawn case is in the optimizer's scope and its script reads back through Z3's front
/// end (the reproducer is what Z3's binary runs).
#[test]
fn drawn_cases_are_linear_and_their_scripts_read_back() {
    let mut made = 0;
    for k in 0..400u32 {
        let bytes: Vec<u8> = (0..200u32)
            .map(|i| (i.wrapping_mul(2654435761).wrapping_add(k * 97) >> 7) as u8)
            .collect();
        let Some(case) =
            OptCase::from_bytes(&bytes, smtsmith::solver::catalog::optimizer_drawable())
        else {
            continue;
        };
        made += 1;
        assert!(smtsmith::cases::optimize::logic_in_scope(
            &case.formula.signature().logic()
        ));
        assert!(!case.objectives.is_empty());
        let script = case.script();
        assert!(script.contains("(check-sat)") && script.contains("(get-objectives)"));
    }
    assert!(made >= 40, "{made} of 400 inputs made a case");
}

/// The planted wrong optimum (`SMTSMITH_FAULT=wrong-optimum`: Z3 reports one less than the
/// maximum its model attains) through the whole `optimize` target: written with the case's
/// script as its reproducer, reduced (still a wrong optimum, no larger), and replayed in a new
/// process — a finding with the fault (exit 1), none without (exit 0).
#[test]
fn a_planted_wrong_optimum_is_written_reduced_and_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let findings = dir.path().join("findings");
    let inputs = dir.path().join("inputs");
    std::fs::create_dir_all(&inputs).unwrap();
    for k in 0..60u32 {
        let bytes: Vec<u8> = (0..240u32)
            .map(|i| (i.wrapping_mul(2654435761).wrapping_add(k * 7919) >> 9) as u8)
            .collect();
        std::fs::write(inputs.join(format!("{k:03}")), bytes).unwrap();
    }
    let run = |args: &[&str], fault: bool| {
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_smtsmith"));
        c.args(args)
            .current_dir(dir.path())
            .env("SMTSMITH_FINDINGS", &findings);
        if fault {
            c.env("SMTSMITH_FAULT", "wrong-optimum");
        }
        c.output().unwrap()
    };
    let mut args = vec!["run-target".to_string(), "optimize".to_string()];
    for e in std::fs::read_dir(&inputs).unwrap() {
        args.push(e.unwrap().path().to_string_lossy().into_owned());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run(&args, true);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let wrong: Vec<std::path::PathBuf> = std::fs::read_dir(findings.join("wrong-optimum"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    assert!(!wrong.is_empty(), "no planted finding written");
    for json in &wrong {
        let r = smtsmith::verdict::finding::FindingRecord::open(json).unwrap();
        assert!(
            matches!(
                r.blamed,
                Some(smtsmith::solver::SolverId::Z3 | smtsmith::solver::SolverId::Z3Text)
            ),
            "{json:?}"
        );
        let original = std::fs::read_to_string(json.with_extension("smt2")).unwrap();
        let reduced = std::fs::read_to_string(json.with_extension("reduced.smt2")).unwrap();
        for text in [&original, &reduced] {
            assert!(text.contains("(maximize objective"), "{text}");
            assert!(text.contains("(get-objectives)"), "{text}");
        }
        let asserts = |t: &str| t.lines().filter(|l| l.starts_with("(assert ")).count();
        assert!(asserts(&reduced) <= asserts(&original), "{reduced}");
    }
    let json = wrong[0].to_str().unwrap();
    assert_eq!(run(&["replay", json], true).status.code(), Some(1));
    assert_eq!(run(&["replay", json], false).status.code(), Some(0));
}

/// Every value the optimizer's parameters are drawn with (from Z3's own descriptions, by the
/// option space's rule) is taken by Z3's optimizer, and the case still runs under it.
#[test]
fn every_drawn_optimizer_value_is_taken_by_z3s_optimizer() {
    let table = smtsmith::solver::catalog::optimizer_drawable();
    assert!(
        table.len() >= 10,
        "{} optimizer parameters drawn",
        table.len()
    );
    assert!(table
        .iter()
        .all(|d| d.name.starts_with("opt.") && d.name != "opt.priority"));
    let mut refused = Vec::new();
    for d in table {
        for v in &d.values {
            let case = OptCase {
                options: vec![(d.name.clone(), v.clone())],
                ..lex_case()
            };
            let r = smtsmith::harness::optimize::with_optimizer(|z3| {
                z3.optimize(&case, OptPath::Api, 2000)
            })
            .unwrap();
            if let Err(e) = r {
                refused.push(format!("{}={v}: {e}", d.name));
            }
        }
    }
    assert!(refused.is_empty(), "{}", refused.join("\n"));
}

/// A wrong optimum met through Z3's C API and through its front end is one bug: one key.
#[test]
fn both_paths_of_a_wrong_optimum_share_a_key() {
    let issue = |blamed| smtsmith::verdict::oracle::Issue {
        class: Class::WrongOptimum,
        blamed: Some(blamed),
        summary: "Z3's optimizer reports …".into(),
    };
    let key = |b| smtsmith::verdict::finding::key_of(&issue(b), "QF_LIRA", &["+", "is_int"]);
    assert_eq!(
        key(smtsmith::solver::SolverId::Z3),
        key(smtsmith::solver::SolverId::Z3Text)
    );
    // Other classes keep the path apart.
    let other = |blamed| smtsmith::verdict::oracle::Issue {
        class: Class::InvalidModel,
        ..issue(blamed)
    };
    assert_ne!(
        smtsmith::verdict::finding::key_of(
            &other(smtsmith::solver::SolverId::Z3),
            "QF_LIA",
            &["+"]
        ),
        smtsmith::verdict::finding::key_of(
            &other(smtsmith::solver::SolverId::Z3Text),
            "QF_LIA",
            &["+"]
        )
    );
}

/// A finding of the optimizer that is a known bug is settled known by replay: Z3's
/// `minimize` under `is_int` (known-findings/z3-5.0-minimize-with-is-int-wrong-optimum.smt2,
/// found by smtsmith, shown by 5.0.0.0–5.4.1.0 and so by the pinned release), run as an
/// optimization case through the target's body, is written, reduced and marked known with
/// the replay's evidence. Ground truth: the index entry's probe of every release and the
/// plain solvers' witness of a smaller objective.
#[test]
fn a_known_optimizer_bug_met_again_is_settled_known() {
    let name = "z3-5.0-minimize-with-is-int-wrong-optimum.smt2";
    let text = smtsmith::verdict::finding::known::reproducer(name).unwrap();
    let case = OptCase::from_script(text).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut h = Harness::new(Selection::All, dir.path().to_path_buf()).unwrap();
    h.settings.reduce_seconds = 30;
    let found = smtsmith::harness::optimize::run_case(&mut h, &case, None);
    let (issue, w) = found
        .iter()
        .find(|(i, _)| i.class == Class::WrongOptimum)
        .unwrap_or_else(|| panic!("no wrong optimum: {found:?}"));
    let r = crate::record(&w.json);
    assert_eq!(
        r.status,
        smtsmith::verdict::finding::Status::Known,
        "{issue:?}: {r:?}"
    );
    assert_eq!(r.known.as_deref(), Some(name), "{r:?}");
    assert!(
        r.known_by
            .as_deref()
            .is_some_and(|b| b.starts_with("replay:")),
        "{r:?}"
    );
}
