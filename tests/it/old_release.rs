//! Behaviours of one old Z3 release, 4.8.10.0: real bugs from its public issue threads that
//! live in one path only, the known bugs of its index entries, planted bugs beside them.
//! The pinned build lists these tests as ignored; `.ci/run` builds 4.8.10.0 and runs them
//! (`SMTSMITH_Z3_VERSION=4.8.10.0 cargo test --release --test it -- old_release::`).
//! Ground truth: each bug's thread and the release's own binary (the files' headers give
//! what each z3 binary answers), cvc5 1.4.0, and the evaluator.

use smtsmith::harness::{Harness, Selection};
use smtsmith::lang::ir::Formula;
use smtsmith::solver::{CaseSetup, Limits, Reuse, SolverError, SolverId};
use smtsmith::verdict::finding::{self, known, Context, Status};
use smtsmith::verdict::oracle::{judge, process::still_running, Answer, Class, Issue};
use std::path::Path;
use std::process::Command;

/// `smtsmith check` with its default settings on the bug reports of Z3 4.8.10 that live in
/// one path only — incremental only (#5388), non-incremental only (#2924), front end only
/// (#5029) — flags each, blaming Z3, and reports the path that shows it.
#[test]
#[cfg_attr(
    not(smtsmith_z3_release = "4.8.10.0"),
    ignore = "bugs of Z3 4.8.10.0 (.ci/run builds that release for this module)"
)]
fn check_flags_each_bug_that_lives_in_one_path() {
    let reports = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/bug-reports/z3-4.8.10");
    let dir = tempfile::tempdir().unwrap();
    let out = check_json(&dir.path().join("findings"), &reports);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    // Every line but the last (the summary) is one file's report.
    let lines: Vec<smtsmith::tools::check::FileReport> = stdout
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    for r in &lines {
        let name = r.path.to_str().unwrap();
        assert!(!r.findings.is_empty(), "{name}: not flagged: {r:?}");
        // Some finding blames Z3, directly or by the evidence that settled it.
        let blames_z3 = r.findings.iter().any(|(_, reproducer)| {
            let meta = crate::record(&reproducer.with_extension("json"));
            matches!(meta.blamed, Some(SolverId::Z3 | SolverId::Z3Text))
                || meta.blame.as_ref().and_then(|b| b.solver) == Some(SolverId::Z3)
        });
        assert!(blames_z3, "{name}: {r:?}");
        let z3 = |setup: &str| -> Vec<String> {
            r.paths
                .iter()
                .filter(|p| p.solver.library() == SolverId::Z3 && p.setup == setup)
                .map(|p| p.verdict.clone())
                .collect()
        };
        if name.ends_with("incremental-only-5388.smt2") && !name.contains("non-") {
            assert_eq!(z3("lockstep"), ["sat,sat,unsat"], "{r:?}");
        } else if name.ends_with("non-incremental-only-2924.smt2") {
            assert_eq!(z3("push"), ["unsat"], "{r:?}");
            assert_eq!(z3("fresh"), ["sat"], "{r:?}");
            assert_eq!(z3("file"), ["sat"], "{r:?}");
        } else {
            // The front end on the file's own text says sat (its model is invalid: the
            // evaluator reads "\u{}" as SMT-LIB does); the C API, given the literal's four
            // characters as bytes, answers unsat, as cvc5; so does the front end on the
            // printed text, where the backslash is the escape `\u{5c}`, which it reads right.
            assert_eq!(z3("file"), ["sat"], "{r:?}");
            assert_eq!(z3("push"), ["unsat"], "{r:?}");
            assert_eq!(z3("printed"), ["unsat"], "{r:?}");
        }
    }
}

/// `smtsmith check --json` on `input` (a file or folder), findings written under `findings`,
/// with no `SMTSMITH_` setting of the calling environment.
fn check_json(findings: &Path, input: &Path) -> std::process::Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_smtsmith"));
    for (k, _) in std::env::vars().filter(|(k, _)| k.starts_with("SMTSMITH_")) {
        cmd.env_remove(k);
    }
    cmd.env_remove("LD_LIBRARY_PATH")
        .args(["check", "--json", "--findings"])
        .arg(findings)
        .arg(input)
        .output()
        .unwrap()
}

fn harness(reuse: Reuse) -> Harness {
    let mut h = Harness::with_reuse(Selection::All, tempfile::tempdir().unwrap().keep(), reuse)
        .expect("solvers start");
    h.settings.reduce_seconds = 60;
    h
}

/// The oracles' verdicts on `answers`, with Z3's answer replaced by an error no release
/// makes where `planted`: a planted API error.
fn judge_with_z3_error_planted(
    g: &Formula,
    answers: &[(SolverId, Answer)],
    planted: bool,
) -> smtsmith::verdict::oracle::Verdicts {
    let answers: Vec<(SolverId, Answer)> = answers
        .iter()
        .map(|(id, a)| {
            let a = if *id == SolverId::Z3 && planted {
                Err(SolverError {
                    solver: SolverId::Z3,
                    call: "Z3_solver_check".into(),
                    message: "a planted error no release makes".into(),
                })
            } else {
                a.clone()
            };
            (*id, a)
        })
        .collect();
    judge(g, &answers)
}

fn read(text: &str) -> Formula {
    finding::reproducer_formula(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Known only by evidence, under the release the index's broad entries named: planted bugs
/// (corrupted real answers) on formulas with `str.from_int` (once "any Z3 api-error with
/// str.from_int" on 4.8.6–4.8.10) and `re.loop` (once "any time-limit with re.loop" on
/// 4.8.10) are not known; the real known bugs of 4.8.10, replayed from their reproducers,
/// still are, with the evidence.
#[test]
#[cfg_attr(
    not(smtsmith_z3_release = "4.8.10.0"),
    ignore = "index entries of Z3 4.8.10.0 (.ci/run builds that release for this module)"
)]
fn planted_bugs_are_not_known_and_real_known_bugs_are() {
    // A new API error where a formula with str.from_int also declares `planted`.
    let text = "(declare-fun planted () Int)(declare-fun s () String)\
                (assert (= s (str.from_int planted)))(assert (> (str.len s) 2))(check-sat)";
    let f = read(text);
    let mut h = harness(Reuse::Scope);
    let plant = |_: &mut Harness, g: &Formula, answers: &[(SolverId, Answer)]| {
        let planted = g.decls.iter().any(|d| d.name == "planted")
            && g.signature()
                .ops
                .contains(&smtsmith::lang::ir::Op::StrFromInt);
        judge_with_z3_error_planted(g, answers, planted)
    };
    let r = h.run_judged(&f, None, None, &plant);
    let (issue, w) = r
        .findings
        .iter()
        .find(|(i, _)| i.class == Class::ApiError)
        .unwrap_or_else(|| panic!("no planted api-error: {}", r.summary()));
    assert_eq!(issue.blamed, Some(SolverId::Z3));
    assert!(w.known.is_none(), "{}", r.summary());
    let meta = crate::record(&w.json);
    assert_eq!(meta.status, Status::New, "{meta:?}");

    // A time-limit finding on a re.loop formula, as the watchdog writes it: not known (its
    // operators are no evidence), filed with the new findings.
    let g = read(
        "(declare-fun s () String)(assert (str.in_re s ((_ re.loop 2 400) (str.to_re \"ab\"))))(check-sat)",
    );
    let versions = h.versions().to_vec();
    let limits = Limits::default();
    let ctx = Context::new(&g, &versions, &limits, CaseSetup::default());
    let issue: Issue = still_running(SolverId::Z3, 9.0, 2000, false);
    let w = finding::write(&h.output.dir, &issue, &ctx).unwrap();
    assert!(w.known.is_none());
    assert!(
        w.json.starts_with(h.output.dir.join("time-limit")),
        "{}",
        w.json.display()
    );

    // The real known bugs of 4.8.10, from their reproducers, reduced and replayed: known.
    for file in [
        "z3-4.8.7-str-from-int-constant-parse-error.smt2",
        "z3-4.8.10-str-is-digit-sort-mismatch.smt2",
        "z3-4.8.10-str-from-code-seq-len-sort.smt2",
    ] {
        let entry = known::index()
            .iter()
            .find(|k| k.file == file || k.also.iter().any(|a| a == file))
            .unwrap();
        let f = read(known::reproducer(file).unwrap());
        let mut h = harness(Reuse::Scope);
        let r = h.run(&f, None, None);
        let (_, w) = r
            .findings
            .iter()
            .find(|(i, _)| i.blamed == Some(SolverId::Z3))
            .unwrap_or_else(|| panic!("{file}: no Z3 finding on 4.8.10: {}", r.summary()));
        assert_eq!(
            w.known.as_deref(),
            Some(entry.file.as_str()),
            "{file}: {}",
            r.summary()
        );
        let meta = crate::record(&w.json);
        assert_eq!(meta.status, Status::Known);
        assert!(
            meta.known_by
                .as_deref()
                .is_some_and(|b| b.starts_with("replay:")),
            "{meta:?}"
        );
    }
}

/// A real bug of 4.8.10 that its binary shows (Z3Prover/z3#2924: sat on an unsat NRA
/// formula, through its non-incremental solver): run on a fresh solver, the disagreement is
/// reduced and confirmed in new contexts (not "did not make the finding again"), blamed on
/// Z3 by its own paths (the incremental one answers unsat), and the release's binary shows
/// the reduced reproducer's sat too.
#[test]
#[cfg_attr(
    not(smtsmith_z3_release = "4.8.10.0"),
    ignore = "a bug of Z3 4.8.10.0 (.ci/run builds that release for this module)"
)]
fn a_real_bug_its_binary_shows_is_confirmed_and_reduced() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/bug-reports/z3-4.8.10/non-incremental-only-2924.smt2"),
    )
    .unwrap();
    let f = read(&text);
    let mut h = harness(Reuse::Fresh);
    let r = h.run(&f, None, None);
    let (_, w) = r
        .findings
        .first()
        .unwrap_or_else(|| panic!("no finding on 4.8.10 fresh"));
    let meta = crate::record(&w.json);
    let reduced = meta.reduced.as_ref().expect("reduced");
    assert!(reduced.error.is_none(), "{meta:?}");
    let file = w.json.with_file_name(reduced.file.as_deref().unwrap());
    assert!(file.is_file());
    assert_eq!(
        meta.blame.as_ref().and_then(|b| b.solver),
        Some(SolverId::Z3),
        "{meta:?}"
    );
    let probe = &meta.binary.as_ref().expect("probed by the binary").probe;
    assert!(
        matches!(probe, Some(smtsmith::harness::bisect::Probe::Bad(_))),
        "{meta:?}"
    );
}

/// The known `fp.roundToIntegral` errors of Z3, met as the issue that asked for this met
/// one: through `push` (on this release the fresh paths answer unknown). The Float(3,4)
/// finding ("invalid extract application") settles known as its own bug by replay — not as
/// the Float(3,3) bug of the same shape ("invalid zero_extend application", fixed in
/// 4.12.5.0 where Float(3,4) still errs); cvc5's error on the same formula is a finding of
/// its own, on cvc5's own known bug; a planted Z3 error of the same shape on Float32 (where
/// no release errs) stays new; and the Float(3,3) bug's reproducer, run through `push`
/// although it has none, is known as that bug. Ground truth: the release binaries (their
/// messages and fix releases), the index entries' releases, and the planted answer.
#[test]
#[cfg_attr(
    not(smtsmith_z3_release = "4.8.10.0"),
    ignore = "a known bug of Z3 4.8.10.0 (.ci/run builds that release for this module)"
)]
fn a_known_error_met_through_push_in_another_format_is_known() {
    let text = |format: &str| {
        format!(
            "(set-logic QF_FP)(declare-fun rm () RoundingMode)(declare-fun x () {format})
             (assert (fp.isZero (fp.roundToIntegral rm x)))(check-sat)"
        )
    };
    let z3_entry = "z3-4.8.10-round-to-integral-float-3-4-push-error.smt2";
    let small_entry = "z3-4.8.10-round-to-integral-small-significand-error.smt2";
    let cvc5_entry = "cvc5-1.4.2-fp-exp-round-to-integral-small-format-error.smt2";
    let mut h = harness(Reuse::Scope);
    let r = h.run(&read(&text("(_ FloatingPoint 3 4)")), None, None);
    let of = |solver: SolverId| {
        r.findings
            .iter()
            .find(|(i, _)| i.class == Class::ApiError && i.blamed == Some(solver))
            .unwrap_or_else(|| panic!("no {solver} api-error: {}", r.summary()))
    };
    let (z3_issue, z3) = of(SolverId::Z3);
    assert!(
        z3_issue.summary.contains("invalid extract application"),
        "{}",
        z3_issue.summary
    );
    assert_eq!(z3.known.as_deref(), Some(z3_entry), "{}", r.summary());
    let meta = crate::record(&z3.json);
    assert_eq!(meta.status, Status::Known, "{meta:?}");
    let by = meta.known_by.as_deref().unwrap();
    assert!(by.starts_with("replay:"), "{by}");
    let (_, cvc5) = of(SolverId::Cvc5);
    assert_ne!(cvc5.smt2, z3.smt2, "one file per solver's error");
    assert_eq!(cvc5.known.as_deref(), Some(cvc5_entry), "{}", r.summary());

    // A planted Z3 error of the same shape, on Float32 (no release errs there): new.
    let plant = |_: &mut Harness, g: &Formula, answers: &[(SolverId, Answer)]| {
        let float32 = g
            .decls
            .iter()
            .any(|d| d.sort == smtsmith::lang::ir::Sort::Float(8, 24));
        judge_with_z3_error_planted(g, answers, float32)
    };
    let mut h = harness(Reuse::Scope);
    let r = h.run_judged(&read(&text("Float32")), None, None, &plant);
    let (_, planted) = r
        .findings
        .iter()
        .find(|(i, _)| i.class == Class::ApiError && i.blamed == Some(SolverId::Z3))
        .unwrap_or_else(|| panic!("no planted api-error: {}", r.summary()));
    assert!(planted.known.is_none(), "{}", r.summary());
    assert_eq!(crate::record(&planted.json).status, Status::New);

    // The Float(3,3) bug's reproducer (no `push` in it), run through push.
    let mut h = harness(Reuse::Scope);
    let r = h.run(&read(known::reproducer(small_entry).unwrap()), None, None);
    let (_, w) = r
        .findings
        .iter()
        .find(|(i, _)| i.blamed == Some(SolverId::Z3))
        .unwrap_or_else(|| panic!("no Z3 finding: {}", r.summary()));
    assert_eq!(w.known.as_deref(), Some(small_entry), "{}", r.summary());
}

/// The `enumerate` target reaches a public bug of Z3 4.8.10: `fp.fma` in Float(3,2)
/// (known-findings/z3-4.8.5-fp-fma-3-2-format-wrong-sat.smt2, from Z3Prover/z3's tracker).
/// The input at the reproducer's place in the fp3.2 grammar (`enumerate::locate`), run by
/// `smtsmith run-target enumerate` as the fuzz target runs it, gives a finding settled known
/// as that entry by replaying it with the release's binary. Ground truth: the index entry's
/// probe of every release (`bugs verify`) and cvc5's answer.
#[test]
#[cfg_attr(
    not(smtsmith_z3_release = "4.8.10.0"),
    ignore = "a public bug of Z3 4.8.10.0 (.ci/run builds that release for this module)"
)]
fn the_enumerate_target_reaches_a_public_fp_bug_and_settles_it_known() {
    use smtsmith::lang::generate::enumerate::{self, Enumerated, Family};
    let name = "z3-4.8.5-fp-fma-3-2-format-wrong-sat.smt2";
    let f = read(known::reproducer(name).unwrap());
    let theories: smtsmith::lang::generate::Theories = "all,fp".parse().unwrap();
    let (family, size, index) = enumerate::locate(&f)
        .into_iter()
        .find(|(fam, ..)| *fam == Family::Float(3, 2))
        .expect("the reproducer is a formula of the fp3.2 grammar");
    let bytes = Enumerated::to_bytes(&family, size, index, &theories).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("input");
    // Through the portfolio: its first byte 0 picks `enumerate`, which reads the rest.
    let picked = [&[0u8][..], &bytes].concat();
    assert_eq!(
        smtsmith::harness::Target::Portfolio.resolve(&picked),
        (smtsmith::harness::Target::Enumerate, &bytes[..])
    );
    std::fs::write(&input, &picked).unwrap();
    let findings = dir.path().join("findings");
    let out = Command::new(env!("CARGO_BIN_EXE_smtsmith"))
        .env_remove("LD_LIBRARY_PATH")
        .args(["run-target", "portfolio"])
        .arg(&input)
        .env("SMTSMITH_FINDINGS", &findings)
        .env("SMTSMITH_THEORIES", "all,fp")
        .output()
        .unwrap();
    let log = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "only a known bug: {log}");
    let jsons = finding::json_files(&findings).unwrap_or_default();
    let known: Vec<_> = jsons.iter().map(|p| crate::record(p)).collect();
    assert!(
        known.iter().any(|r| r.status == Status::Known
            && r.known.as_deref() == Some(name)
            && r.known_by
                .as_deref()
                .is_some_and(|b| b.starts_with("replay:"))),
        "{known:?}\n{log}"
    );
    // Each finding names the member that made it and records that member's input: what
    // `smtsmith replay FINDING.json` reads back without `--target`.
    for r in known.iter().filter(|r| r.known.as_deref() == Some(name)) {
        assert_eq!(r.fuzz_target.as_deref(), Some("enumerate"), "{r:?}");
        assert_eq!(r.input_hex.as_deref(), Some(finding::hex(&bytes).as_str()));
    }
    let json = jsons
        .iter()
        .find(|p| crate::record(p).known.as_deref() == Some(name))
        .unwrap();
    let replay = Command::new(env!("CARGO_BIN_EXE_smtsmith"))
        .env_remove("LD_LIBRARY_PATH")
        .arg("replay")
        .arg(json)
        .arg("--findings")
        .arg(dir.path().join("replayed"))
        .env("SMTSMITH_THEORIES", "all,fp")
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&replay.stdout);
    assert!(
        printed.contains("fp.fma"),
        "replayed as enumerate decodes it: {printed}"
    );
}

/// Z3's z3str3 string solver is a curated option (`smt.string_solver`): a case that draws
/// it on 4.8.10 runs z3str3, which answers the public bug Z3Prover/z3#7754's formula
/// (`str.<` is total, so no two distinct strings are each not below the other) `sat`, where
/// the same case without the option answers `unsat`, as the release's binary does each way
/// (the index entry's probe). z3str3's model gives x and y control characters ("\x00" and
/// "\x01", the binary's `get-model`), which this release's API gives exactly only as bytes
/// (`Z3_get_lstring`: its characters are bytes; there is no `Z3_get_string_contents` before
/// 4.8.13): read so, the evaluator finds the model false (neither string below the other),
/// an invalid model settled known as that bug by replay, though cvc5 gives up on the formula
/// (`unknown`). Ground truth: the release binary's answers and the evaluator.
#[test]
#[cfg_attr(
    not(smtsmith_z3_release = "4.8.10.0"),
    ignore = "a public bug of Z3 4.8.10.0 (.ci/run builds that release for this module)"
)]
fn a_case_that_draws_z3str3_runs_z3str3() {
    use smtsmith::solver::Verdict;
    let name = "z3-4.8.6-z3str3-str-lt-total-order-wrong-sat.smt2";
    // The thread's formula without its `set-option`: the case's drawn option sets it.
    let text: String = known::reproducer(name)
        .unwrap()
        .lines()
        .filter(|l| !l.contains("string_solver"))
        .collect::<Vec<_>>()
        .join("\n");
    let f = read(&text);
    let without = harness(Reuse::Fresh).run(&f, None, None);
    assert_eq!(
        without.verdict(SolverId::Z3),
        Some(Verdict::Unsat),
        "{:?}",
        without.answers
    );
    assert!(without.findings.is_empty(), "{:?}", without.findings);
    let mut h = harness(Reuse::Fresh);
    h.set_setup(crate::fresh_setup_with_z3_option(
        "smt.string_solver",
        "z3str3",
    ))
    .unwrap();
    let with = h.run(&f, None, None);
    assert_eq!(
        with.verdict(SolverId::Z3),
        Some(Verdict::Sat),
        "{:?}",
        with.answers
    );
    let [(issue, written)] = with.findings.as_slice() else {
        panic!("one finding: {:?}", with.findings)
    };
    assert_eq!(issue.class, Class::InvalidModel, "{issue:?}");
    assert_eq!(issue.blamed, Some(SolverId::Z3), "{issue:?}");
    assert_eq!(written.known.as_deref(), Some(name), "{written:?}");
}

/// Before 4.8.13 Z3's characters are bytes and its API has no code-point strings: a literal
/// with ASCII control characters or a backslash goes in as bytes (`Z3_mk_lstring`) and a
/// model's value comes back as bytes (`Z3_get_lstring`), so such a case is Z3's to decide on
/// this release, not skipped. Ground truth: SMT-LIB's semantics (`"\u{0}"` is one
/// character), which the evaluator applies to the model, and cvc5's verdicts.
#[test]
#[cfg_attr(
    not(smtsmith_z3_release = "4.8.10.0"),
    ignore = "Z3 before 4.8.13 (.ci/run builds 4.8.10.0 for this module)"
)]
fn ascii_control_characters_go_through_an_old_release_api_as_bytes() {
    use smtsmith::solver::Verdict;
    for (text, expected) in [
        (
            "(declare-const x String)(assert (= x (str.++ \"\\u{0}\" \"a\\u{5c}\\u{1f}\")))(assert (str.prefixof \"\\u{0}a\" x))(check-sat)",
            Verdict::Sat,
        ),
        (
            "(declare-const x String)(assert (= (str.len x) 2))(assert (str.in_re x (re.+ (re.range \"\\u{0}\" \"\\u{7f}\"))))(assert (str.contains x \"\\u{7f}\"))(check-sat)",
            Verdict::Sat,
        ),
        (
            "(assert (= (str.len \"\\u{0}\\u{7f}\") 3))(check-sat)",
            Verdict::Unsat,
        ),
    ] {
        let f = read(text);
        let r = harness(Reuse::Fresh).run(&f, None, None);
        for id in [SolverId::Z3, SolverId::Cvc5] {
            assert_eq!(r.verdict(id), Some(expected), "{id:?} on {text}: {:?}", r.answers);
        }
        assert!(r.findings.is_empty(), "{text}: {:?}", r.findings);
    }
}

/// Z3 4.8.9 to 4.8.12 read SMT-LIB 2.6's ASCII escapes right (the probe of every code point
/// below 0x80 with each release's binary: one character each, all distinct), so their front
/// ends are given formulas with them; an escape at or above 0x80 stays beyond their 8-bit
/// alphabet (the front end's answer is a limit, unknown). Ground truth: SMT-LIB's semantics,
/// applied by the evaluator to the front end's model, and cvc5's verdicts.
#[test]
#[cfg_attr(
    not(smtsmith_z3_release = "4.8.10.0"),
    ignore = "Z3 before 4.8.13 (.ci/run builds 4.8.10.0 for this module)"
)]
fn ascii_escapes_go_through_the_front_end_of_an_8_bit_release() {
    use smtsmith::solver::Verdict;
    let mut h = harness(Reuse::Fresh);
    h.set_setup(CaseSetup {
        text: true,
        ..Default::default()
    })
    .unwrap();
    for (text, expected) in [
        (
            "(declare-const x String)(assert (= x (str.++ \"\\u{0}\" \"a\\u{5c}\\u{1f}\")))(assert (str.prefixof \"\\u{0}a\" x))(check-sat)",
            Some(Verdict::Sat),
        ),
        (
            "(assert (= (str.len \"\\u{0}\\u{7f}\") 3))(check-sat)",
            Some(Verdict::Unsat),
        ),
        ("(assert (= (str.len \"\\u{e9}\") 1))(check-sat)", None),
    ] {
        let f = read(text);
        let r = h.run(&f, None, None);
        let front_end = r
            .verdict(SolverId::Z3Text)
            .filter(|v| *v != Verdict::Unknown);
        assert_eq!(front_end, expected, "{text}: {}", r.summary());
        assert_eq!(
            r.verdict(SolverId::Cvc5),
            Some(expected.unwrap_or(Verdict::Sat)),
            "{text}"
        );
        assert!(r.findings.is_empty(), "{text}: {:?}", r.findings);
    }
}

/// A file's own text reaches an 8-bit front end under the same rule as a printed one: an
/// escape at or above 0x80 is not its to read (its `file` path answers unknown, no finding),
/// an ASCII escape is (`sat`, as cvc5). Ground truth: SMT-LIB's semantics (`"\u{e9}"` and
/// `"\u{0}a"` have lengths 1 and 2) and cvc5's verdicts.
#[test]
#[cfg_attr(
    not(smtsmith_z3_release = "4.8.10.0"),
    ignore = "Z3 before 4.8.13 (.ci/run builds 4.8.10.0 for this module)"
)]
fn a_files_escapes_reach_an_8_bit_front_end_by_the_same_rule() {
    let dir = tempfile::tempdir().unwrap();
    for (name, literal, length, z3_file) in [
        ("above", "\\u{e9}", 1, "unknown"),
        ("ascii", "\\u{0}a", 2, "sat"),
    ] {
        let file = dir.path().join(format!("{name}.smt2"));
        std::fs::write(
            &file,
            format!("(declare-const x String)\n(assert (= x \"{literal}\"))\n(assert (= (str.len x) {length}))\n(check-sat)\n"),
        )
        .unwrap();
        let out = check_json(&dir.path().join("findings"), &file);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{name}: {stdout}");
        let r: smtsmith::tools::check::FileReport = stdout
            .lines()
            .find_map(|l| serde_json::from_str(l).ok())
            .unwrap_or_else(|| panic!("{name}: no report in {stdout}"));
        assert!(r.findings.is_empty(), "{name}: {r:?}");
        let path = |solver: SolverId, setup: &str| -> Vec<String> {
            r.paths
                .iter()
                .filter(|p| p.solver.library() == solver && p.setup == setup)
                .map(|p| p.verdict.clone())
                .collect()
        };
        assert_eq!(path(SolverId::Z3, "file"), [z3_file], "{name}: {r:?}");
        assert!(
            r.paths
                .iter()
                .any(|p| p.solver.library() == SolverId::Cvc5 && p.verdict == "sat"),
            "{name}: {r:?}"
        );
    }
}
