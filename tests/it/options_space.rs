//! The solvers' option catalogs (`smtsmith::dialect::options::space`), read from the linked Z3 and
//! cvc5 themselves. Ground truth: the solvers — every value the catalog would draw is one
//! the solver takes (cvc5 through `cvc5_set_option`, Z3 through its own binary's
//! `set-option`, as the reproducers set them), and the rule sorts options the releases
//! describe by the reasons it gives.

use smtsmith::dialect::options::space::{self, Rule};
use smtsmith::solver::SolverId;

fn z3_release() -> String {
    smtsmith::harness::Harness::new(smtsmith::harness::Selection::All, "findings")
        .unwrap()
        .versions()
        .iter()
        .find(|(s, _)| *s == SolverId::Z3)
        .map(|(_, v)| v.to_string())
        .unwrap()
}

/// Every value drawn for a cvc5 option is taken by the linked cvc5, on a fresh solver.
#[test]
fn every_drawn_cvc5_value_is_taken_by_cvc5() {
    let c = smtsmith::solver::catalog::cvc5_catalog().unwrap();
    assert!(c.drawn.len() >= 50, "{} drawn", c.drawn.len());
    let mut refused = Vec::new();
    let mut tried = 0;
    for d in &c.drawn {
        let values = d.values();
        assert!(!values.is_empty(), "{} drawn without values", d.name);
        tried += values.len();
        for (v, r) in values
            .iter()
            .zip(smtsmith::solver::cvc5::try_option_values(&d.name, &values).unwrap())
        {
            if let Err(e) = r {
                refused.push(format!("{}={v}: {e}", d.name));
            }
        }
    }
    assert!(
        refused.is_empty(),
        "{} of {tried} refused:\n{}",
        refused.len(),
        refused.join("\n")
    );
}

/// Every value drawn for a Z3 option is taken by the linked release's binary: a script that
/// sets them all, one after the other, prints no error and answers its check.
#[test]
fn every_drawn_z3_value_is_taken_by_z3s_binary() {
    let c = smtsmith::solver::catalog::z3_catalog(z3_release()).unwrap();
    assert!(c.drawn.len() >= 200, "{} drawn", c.drawn.len());
    let mut script = String::new();
    for d in &c.drawn {
        let values = d.values();
        assert!(!values.is_empty(), "{} drawn without values", d.name);
        for v in values {
            script.push_str(&format!("(set-option :{} {v})\n", d.name));
        }
    }
    // Each option's last value in force together: any answer but an error or `unsat`
    // (x = 3 satisfies it; `unknown` is the options' right, some limit search).
    script.push_str("(declare-const x Int)\n(assert (> x 2))\n(check-sat)\n");
    let out = smtsmith::solver::z3::run_binary(&script, 10_000).unwrap();
    assert!(
        !out.contains("error") && !out.contains("unsupported"),
        "{out}"
    );
    assert!(matches!(out.trim(), "sat" | "unknown"), "{out}");
}

/// The rule excludes, in both linked releases, options its reasons name: limits, outputs,
/// seeds, threads, proofs, self-checks, semantics, cvc5's expert options; and draws the
/// search options the curated table has drawn all along.
#[test]
fn the_rule_excludes_by_its_reasons_in_the_linked_releases() {
    let z3 = smtsmith::solver::catalog::z3_catalog(z3_release()).unwrap();
    let cvc5 = smtsmith::solver::catalog::cvc5_catalog().unwrap();
    let rule = |c: &space::Catalog, n: &str| {
        if c.drawn.iter().any(|d| d.name == n) {
            return None;
        }
        Some(
            c.excluded
                .iter()
                .find(|(d, _)| d.name == n)
                .unwrap_or_else(|| panic!("{n} is not described by {} {}", c.solver, c.release))
                .1,
        )
    };
    assert_eq!(rule(&z3, "timeout"), Some(Rule::Scope));
    assert_eq!(rule(&z3, "smt.random_seed"), Some(Rule::Seeds));
    assert_eq!(rule(&z3, "smt.threads"), Some(Rule::Parallel));
    assert_eq!(rule(&z3, "smt.arith.ignore_int"), Some(Rule::Semantics));
    assert_eq!(rule(&z3, "rewriter.hi_div0"), Some(Rule::Semantics));
    assert_eq!(rule(&z3, "smt.relevancy"), None);
    assert_eq!(rule(&z3, "rewriter.flat"), None);
    assert_eq!(rule(&cvc5, "tlimit-per"), Some(Rule::Limits));
    assert_eq!(rule(&cvc5, "seed"), Some(Rule::Seeds));
    assert_eq!(rule(&cvc5, "produce-models"), Some(Rule::Harness));
    assert_eq!(rule(&cvc5, "check-models"), Some(Rule::SelfChecks));
    assert_eq!(rule(&cvc5, "strings-alpha-card"), Some(Rule::Semantics));
    assert_eq!(rule(&cvc5, "ite-simp"), Some(Rule::Expert));
    assert_eq!(rule(&cvc5, "bv-solver"), None);
    // The curated options of the old table are all still drawn (a regression of the rule
    // would drop search options), but their random seeds.
    for (c, table) in [
        (&z3, smtsmith::dialect::options::Z3),
        (&cvc5, smtsmith::dialect::options::CVC5),
    ] {
        for o in table {
            assert!(
                matches!(rule(c, o.name), None | Some(Rule::Seeds)),
                "{}: {:?}",
                o.name,
                rule(c, o.name)
            );
        }
    }
}

/// `smtsmith options` names each solver's source, counts, and every rule that excluded
/// something with its reason.
#[test]
fn options_command_lists_sources_counts_and_rules() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_smtsmith"))
        .arg("options")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("options from the linked release's parameter descriptions (z3 -pd)"),
        "{text}"
    );
    assert!(
        text.contains("options from the linked library's option information"),
        "{text}"
    );
    assert!(text.contains("excluded, limits ("), "{text}");
    assert!(text.contains("  smt.relevancy: 0 1 2\n"), "{text}");
}

/// With `SMTSMITH_OPTIONS=catalog` the `script` target draws its options from the solvers'
/// catalogs (in a child process: the switch is process-wide): the scripts set options the
/// curated tables do not have, every drawn one is in its solver's catalog, and Z3's own
/// binary takes every Z3 script's options (ground truth: the binary's errors).
#[test]
fn the_script_target_draws_a_swarm_from_the_catalogs() {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_smtsmith"))
        .args([
            "gen",
            "--incremental",
            "--count",
            "40",
            "--seed",
            "3",
            "--out",
        ])
        .arg(dir.path())
        .env("SMTSMITH_OPTIONS", "catalog")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let z3 = smtsmith::solver::catalog::drawable(SolverId::Z3);
    let cvc5 = smtsmith::solver::catalog::drawable(SolverId::Cvc5);
    let harness = [
        "produce-models",
        "global-declarations",
        "produce-unsat-cores",
        "produce-unsat-assumptions",
        "model_validate",
        "check-models",
        "check-unsat-cores",
        "arrays-exp",
        "fp-exp",
    ];
    let curated: Vec<&str> = smtsmith::dialect::options::Z3
        .iter()
        .chain(smtsmith::dialect::options::CVC5)
        .map(|o| o.name)
        .collect();
    let (mut drawn, mut beyond_curated) = (0, 0);
    for e in std::fs::read_dir(dir.path()).unwrap() {
        let p = e.unwrap().path();
        let text = std::fs::read_to_string(&p).unwrap();
        let is_cvc5 = p.to_string_lossy().ends_with(".cvc5.smt2");
        let catalog = if is_cvc5 { cvc5 } else { z3 };
        for line in text.lines() {
            let Some(rest) = line.strip_prefix("(set-option :") else {
                continue;
            };
            let name = rest.split_whitespace().next().unwrap();
            if harness.contains(&name) {
                continue;
            }
            drawn += 1;
            assert!(
                catalog.iter().any(|d| d.name == name),
                "{name} in {} is not in the catalog",
                p.display()
            );
            if !curated.contains(&name) {
                beyond_curated += 1;
            }
        }
        if !is_cvc5 {
            let answers = smtsmith::solver::z3::run_binary(&text, 2_000).unwrap();
            assert!(
                !answers.contains("unknown parameter") && !answers.contains("invalid"),
                "{}: {answers}",
                p.display()
            );
        }
    }
    assert!(
        drawn >= 20 && beyond_curated * 2 >= drawn,
        "{drawn} drawn, {beyond_curated} beyond the curated tables"
    );
}

/// An option-only finding, planted: `SMTSMITH_FAULT=wrong-unsat-under-rewriter-option`
/// makes Z3 answer unsat where it said sat in a solver set with a `rewriter.` option at
/// `true` (ground truth: construction — the other solvers' models satisfy the scripts).
/// The `script` target with the option space writes such findings with the options drawn,
/// the reducer keeps the one option the finding needs and drops the rest, the reproducer
/// sets it, and the finding replays in a new process with the fault and not without it.
#[test]
fn an_option_only_finding_is_written_reduced_to_its_option_and_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let findings = dir.path().join("findings");
    let run = |args: &[&str], fault: bool| {
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_smtsmith"));
        c.args(args)
            .current_dir(dir.path())
            .env("SMTSMITH_OPTIONS", "catalog");
        if fault {
            c.env("SMTSMITH_FAULT", "wrong-unsat-under-rewriter-option");
        }
        c.output().unwrap()
    };
    let out = run(
        &[
            "run",
            "--incremental",
            "--count",
            "30",
            "--seed",
            "5",
            "--findings",
            findings.to_str().unwrap(),
        ],
        true,
    );
    // (Exit status 1: findings were made.)
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let wrong: Vec<std::path::PathBuf> = std::fs::read_dir(findings.join("wrong-unsat"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    assert!(!wrong.is_empty(), "no planted finding written");
    for json in &wrong {
        let r = smtsmith::verdict::finding::FindingRecord::open(json).unwrap();
        assert_eq!(r.blamed, Some(SolverId::Z3));
        let setup = r.script_setup().unwrap();
        assert!(
            setup
                .options_of(SolverId::Z3)
                .iter()
                .any(|(k, v)| k.starts_with("rewriter.") && v == "true"),
            "{json:?}: {:?}",
            setup.options_of(SolverId::Z3)
        );
        let reduced = std::fs::read_to_string(json.with_extension("reduced.smt2")).unwrap();
        let z3_options: Vec<&str> = reduced
            .lines()
            .filter(|l| l.starts_with("(set-option :") && l.contains('.'))
            .collect();
        assert_eq!(z3_options.len(), 1, "{reduced}");
        assert!(
            z3_options[0].starts_with("(set-option :rewriter.")
                && z3_options[0].ends_with(" true)"),
            "{reduced}"
        );
    }
    let json = wrong[0].to_str().unwrap();
    assert_eq!(run(&["replay", json], true).status.code(), Some(1));
    assert_eq!(run(&["replay", json], false).status.code(), Some(0));
}

/// Yices's catalog comes from its own `yices` binary (`(show-params)`): the search and
/// preprocessing parameters it shows, the quantifier engines' (`ef-`, `ematch-`) out of
/// scope and the random seed excluded; and generated cases run with a swarm of them
/// (`SMTSMITH_OPTIONS=catalog`): the preprocessing options reach the context (none is
/// refused as an "invalid parameter"), Yices decides most cases, no finding. Ground truth:
/// Yices itself (what it takes) and the other two solvers (no disagreement).
#[test]
fn yices_parameters_come_from_yices_and_its_checks_take_them() {
    let c = smtsmith::solver::catalog::yices_catalog().unwrap();
    let names: Vec<&str> = c.drawn.iter().map(|d| d.name.as_str()).collect();
    for expected in [
        "var-elim",
        "branching",
        "c-factor",
        "dyn-ack",
        "simplex-prop",
    ] {
        assert!(names.contains(&expected), "{expected} not drawn: {names:?}");
    }
    assert!(c
        .excluded
        .iter()
        .any(|(d, r)| d.name == "random-seed" && *r == Rule::Seeds));
    assert!(c
        .excluded
        .iter()
        .filter(|(d, _)| d.name.starts_with("ef-") || d.name.starts_with("ematch-"))
        .all(|(_, r)| *r == Rule::Scope));
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_smtsmith"))
        .args([
            "run",
            "--count",
            "200",
            "--seed",
            "300",
            "--theories",
            "ints,reals,bv",
        ])
        .arg("--findings")
        .arg(dir.path())
        .env("SMTSMITH_OPTIONS", "catalog")
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    assert!(!text.contains("invalid parameter"), "{text}");
    let decided: u32 = text
        .lines()
        .filter(|l| l.contains("yices sat") || l.contains("yices unsat"))
        .filter_map(|l| l.split_whitespace().next()?.parse::<u32>().ok())
        .sum();
    assert!(decided >= 100, "yices decided {decided}:\n{text}");
    assert!(text.contains(" 0 finding(s)"), "{text}");
}

/// Every value drawn for a Yices parameter, written into a reproducer as the profile writes
/// it (`(set-option :yices-NAME VALUE)`), is taken by the `yices-smt2` binary of the linked
/// release: it answers `success` to each (`unsupported` would mean it ignores the option).
/// Ground truth: the binary itself.
#[test]
fn yices_binary_takes_every_drawn_parameter_as_a_reproducer_sets_it() {
    let c = smtsmith::solver::catalog::yices_catalog().unwrap();
    let profile = smtsmith::dialect::profile::of(SolverId::Yices);
    let mut lines = vec!["(set-option :print-success true)".to_string()];
    for d in &c.drawn {
        for v in d.values() {
            let own = profile.binary_options([(d.name.clone(), v.clone())]);
            assert!(
                own.command_line.is_empty(),
                "{} is a command-line flag",
                d.name
            );
            lines.push(format!(
                "(set-option :{} {})",
                own.script[0].0, own.script[0].1
            ));
        }
    }
    assert!(lines.len() > 60, "{} lines", lines.len());
    let out = smtsmith::solver::yices::run_binary(&lines.join("\n"), 10_000).unwrap();
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), lines.len(), "{out}");
    for (line, answer) in lines.iter().zip(&answers) {
        assert_eq!(*answer, "success", "{line}");
    }
}

/// On the pinned Z3 (5.x: z3str3 is gone, though its parameter descriptions still list it)
/// a case that draws the curated z3str3 option is not Z3's to decide: no finding, and Z3's
/// answer is `unknown`, naming the option its engine refused (src/dialect/facts.rs). Ground truth:
/// the linked release's own refusal; cvc5 still answers.
#[test]
fn the_curated_z3str3_option_on_a_release_without_it_is_no_finding() {
    use smtsmith::harness::{Harness, Selection};
    use smtsmith::solver::{Reuse, Verdict};
    let release = z3_release();
    assert!(
        release.starts_with("5."),
        "this test is about a release without z3str3; linked: {release}"
    );
    let dir = tempfile::tempdir().unwrap();
    let mut h = Harness::with_reuse(Selection::All, dir.path(), Reuse::Fresh).unwrap();
    h.set_setup(crate::fresh_setup_with_z3_option(
        "smt.string_solver",
        "z3str3",
    ))
    .unwrap();
    let f = smtsmith::cases::smtlib::parse::parse_script(
        "(declare-const x String)(declare-const y String)(assert (str.< x y))",
    )
    .unwrap()
    .formula;
    let r = h.run(&f, None, None);
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    let z3 = r
        .answers
        .iter()
        .find(|(id, _)| *id == SolverId::Z3)
        .unwrap();
    let out = z3.1.as_ref().expect("an answer, not an error");
    assert_eq!(out.verdict, Verdict::Unknown, "{out:?}");
    assert!(
        out.reason
            .as_deref()
            .is_some_and(|r| r.contains("string_solver") || r.contains("z3str3")),
        "{out:?}"
    );
    let cvc5 = r
        .answers
        .iter()
        .find(|(id, _)| *id == SolverId::Cvc5)
        .unwrap();
    assert_eq!(cvc5.1.as_ref().unwrap().verdict, Verdict::Sat);
}
