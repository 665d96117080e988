//! The `smtsmith` binary as a user runs it: generation, replay, findings on disk, and clear
//! errors for bad arguments and files.

use smtsmith::finding;
use smtsmith::generate::{seeded_bytes, Case};
use smtsmith::harness::{Harness, Selection};
use smtsmith::oracle::judge;
use smtsmith::solver::{z3, Verdict};
use std::process::Command;

fn smtsmith() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_smtsmith"));
    c.env_remove("LD_LIBRARY_PATH");
    c
}

#[test]
fn gen_writes_scripts_both_solvers_accept() {
    let dir = tempfile::tempdir().unwrap();
    let out = smtsmith()
        .args([
            "gen", "--count", "5", "--seed", "7", "--bytes", "120", "--out",
        ])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let files: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(files.len(), 5);
    for f in files {
        let path = f.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.contains("(set-logic ") && text.ends_with("(check-sat)\n"),
            "{text}"
        );
        // cvc5's own parser must accept it and answer a verdict.
        let out = smtsmith()
            .args(["solve", "--solver", "cvc5", "--timeout-ms", "2000"])
            .arg(&path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        // A check that hits the time limit prints "unknown (TIMEOUT)".
        let verdict = stdout.split_whitespace().next().unwrap_or("");
        assert!(
            out.status.success() && ["sat", "unsat", "unknown"].contains(&verdict),
            "{}: {:?} {stdout}",
            path.display(),
            out.status
        );
    }
}

#[test]
fn bad_arguments_and_files_get_clear_errors() {
    let out = smtsmith()
        .args(["replay", "/nonexistent/crash-1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot read /nonexistent/crash-1"), "{err}");

    let out = smtsmith()
        .args(["replay", "x", "--solver", "yices"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown solver selection \"yices\""));

    let out = smtsmith()
        .args(["gen", "--count", "many", "--out", "x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("invalid value 'many'"));

    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.smt2");
    std::fs::write(&bad, "(assert (+ 1 true))").unwrap();
    let out = smtsmith()
        .args(["solve", "--solver", "cvc5"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("cvc5"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn replay_decodes_an_input_and_reports_no_finding_when_solvers_agree() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("input");
    let bytes = seeded_bytes(3, 200);
    std::fs::write(&input, &bytes).unwrap();
    let out = smtsmith()
        .args(["replay", "--findings"])
        .arg(dir.path().join("findings"))
        .arg(&input)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    // The printed script is the decoded case.
    let case = Case::from_bytes(&bytes);
    assert!(stdout.starts_with(&smtsmith::smtlib::script(
        &case.formula,
        &Default::default()
    )));
    assert!(
        stdout.contains("; z3: ") && stdout.contains("; cvc5: ") && stdout.contains("; no finding")
    );
}

#[test]
fn a_written_finding_replays_with_the_z3_binary() {
    // A real answer pair, with cvc5's answer corrupted to unsat: the finding files must be
    // on disk, and the reproducer must run standalone with the release's z3 binary.
    let dir = tempfile::tempdir().unwrap();
    let mut h = Harness::new(Selection::Both, dir.path()).unwrap();
    let (case, mut answers) = (0..50)
        .map(|s| Case::from_bytes(&seeded_bytes(s, 200)))
        .find_map(|case| {
            let a = h.answers(&case.formula);
            let v = judge(&case.formula, &a);
            let all_sat = a
                .iter()
                .all(|(_, x)| matches!(x, Ok(o) if o.verdict == Verdict::Sat));
            (all_sat
                && v.model_checks
                    .iter()
                    .all(|c| c.truth == smtsmith::eval::Truth::True))
            .then_some((case, a))
        })
        .expect("some generated case is sat with validated models");
    let o = answers[1].1.as_mut().unwrap();
    o.verdict = Verdict::Unsat;
    o.model = None;
    let issue = judge(&case.formula, &answers).findings.remove(0);
    let ctx = finding::Context {
        formula: &case.formula,
        answers: &answers,
        versions: h.versions(),
        limits: &h.limits,
        reuse: h.reuse(),
        config: Some(&case.config),
        input: Some(b"bytes"),
    };
    let w = finding::write(dir.path(), &issue, &ctx).unwrap();
    assert!(w.smt2.starts_with(dir.path().join("wrong-unsat")));
    let meta: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&w.json).unwrap()).unwrap();
    assert_eq!(meta["class"], "wrong-unsat");
    assert_eq!(meta["blamed"], "cvc5");
    assert_eq!(meta["input_hex"], "6279746573");
    let script = std::fs::read_to_string(&w.smt2).unwrap();
    assert_eq!(meta["reuse"], h.reuse().name());
    // With kept solvers in `scope` mode the reproducer asserts inside (push 1), as the
    // harness did; both front ends take it and agree with the real answer (sat).
    assert_eq!(
        script.contains("(push 1)\n"),
        h.reuse() == smtsmith::solver::Reuse::Scope
    );
    if z3::binary().is_some() {
        let out = z3::run_binary(&script, 10_000).unwrap();
        assert!(out.starts_with("sat\n"), "{out}");
    }
    let out = smtsmith::solver::cvc5::run_script(&script, 10_000).unwrap();
    assert!(out.starts_with("sat\n"), "{out}");
    let summary = finding::summary(dir.path()).unwrap();
    assert!(
        summary.starts_with("1 finding(s), 1 distinct key(s)"),
        "{summary}"
    );
}

#[test]
fn theory_subsets_and_ground_mode_from_the_command_line() {
    // gen --theories: only the named theories' sorts appear (Ints may, for lengths).
    let dir = tempfile::tempdir().unwrap();
    let out = smtsmith()
        .args(["gen", "--theories", "strings", "--count", "40", "--out"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success());
    let mut with_strings = 0;
    for f in std::fs::read_dir(dir.path()).unwrap() {
        let text = std::fs::read_to_string(f.unwrap().path()).unwrap();
        assert!(
            !text.contains("BitVec") && !text.contains("Real") && !text.contains("Array"),
            "{text}"
        );
        with_strings += usize::from(text.contains("String") || text.contains("str."));
    }
    // The swarm op mask may switch every string operator off in a case; most keep some.
    assert!(
        with_strings >= 20,
        "{with_strings} of 40 scripts use strings"
    );

    // An unknown theory is a usage error that names the known ones.
    let out = smtsmith()
        .args(["gen", "--theories", "floats", "--out"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unknown theory \"floats\"") && err.contains("arrays"),
        "{err}"
    );

    // run --ground reports the agreement counts and no finding on the pinned releases.
    let out = smtsmith()
        .args([
            "run",
            "--ground",
            "--count",
            "60",
            "--theories",
            "bv,strings",
        ])
        .arg("--findings")
        .arg(dir.path().join("findings"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("60 ground cases") && stdout.contains("0 finding(s)"),
        "{stdout}"
    );
}
