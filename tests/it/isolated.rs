//! `smtsmith reduce` of the findings that end or stall the process running them (`crash`,
//! `time-limit`), each candidate in a child process (`harness::isolated`). Ground truth: the
//! watchdog's own test of a stuck call, made in a new process on the real solver (cvc5
//! bit-blasts a 160-bit division for seconds without looking at its limit, on every
//! release; at 128 bits its call took 2.4–2.6 s on this project's machine, too close to the
//! 2.5 s a stuck call needs), and a real exit from inside a Z3 call (the `SMTSMITH_FAULT`
//! test hook, which the children inherit).

use smtsmith::solver::SolverId;
use smtsmith::verdict::finding::record::Mode;
use smtsmith::verdict::finding::{FindingRecord, Status};
use std::path::{Path, PathBuf};
use std::process::Command;

fn smtsmith() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_smtsmith"));
    c.env_remove("LD_LIBRARY_PATH");
    c
}

/// Runs `text` once through `run-target seed_mutation` with a quarter of the limits (500
/// ms) into `dir/findings`, with `env` set; the one finding of `class` it leaves (JSON path,
/// metadata).
fn finding(dir: &Path, class: &str, text: &str, env: &[(&str, &str)]) -> (PathBuf, FindingRecord) {
    let mut with = vec![
        ("SMTSMITH_EFFORT", "0.25"),
        ("SMTSMITH_HANG_SECONDS", "120"),
    ];
    with.extend_from_slice(env);
    let (findings, out) = crate::seed_mutation_once(dir, text, &with);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    crate::only_finding(&findings.join(class), &err)
}

/// `smtsmith reduce JSON` with `env`: its exit status, output, and the JSON afterwards.
fn reduce(json: &Path, env: &[(&str, &str)]) -> (Option<i32>, String, FindingRecord) {
    let out = smtsmith()
        .arg("reduce")
        .arg("--budget")
        .arg("90")
        .arg(json)
        .envs(env.iter().copied())
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code(), text, crate::record(json))
}

/// The reduction's cost as the record keeps it (`reduced.stats`: assertions, nodes, …).
fn reduction_stats(r: &FindingRecord) -> &smtsmith::verdict::finding::record::ReductionStats {
    let reduced = r
        .reduced
        .as_ref()
        .unwrap_or_else(|| panic!("not reduced: {r:?}"));
    reduced
        .stats
        .as_ref()
        .and_then(|s| s.typed())
        .unwrap_or_else(|| panic!("no reduction stats: {r:?}"))
}

/// The reduced case's summary.
fn reduced_summary(r: &FindingRecord) -> &str {
    r.reduced
        .as_ref()
        .and_then(|x| x.summary.as_deref())
        .unwrap_or_else(|| panic!("no reduced summary: {r:?}"))
}

/// Two `time-limit` findings of one behaviour — cvc5 bit-blasting a 160-bit division past
/// its limit — beside different unrelated assertions (so their keys differ: other operators,
/// other logics) reduce, candidate by candidate in children, to the division alone: one
/// reduced key, and the reduced reproducer is still stuck in a new process.
#[test]
fn time_limit_findings_of_one_behaviour_reduce_to_one_key() {
    let division = "(declare-fun x () (_ BitVec 160))(assert (bvugt (bvudiv x x) x))";
    let paddings = [
        "(declare-fun y () (_ BitVec 8))(assert (bvult (bvadd y #x01) #x40))",
        "(declare-fun n () Int)(declare-fun b () Bool)(assert (or b (> (* 2 n) 7)))(assert (= b (< n 3)))",
    ];
    let mut keys = Vec::new();
    for (i, padding) in paddings.iter().enumerate() {
        let dir = tempfile::tempdir().unwrap();
        let (json, before) = finding(
            dir.path(),
            "time-limit",
            &format!("(set-logic ALL){padding}{division}(check-sat)"),
            &[],
        );
        assert_eq!(before.blamed, Some(SolverId::Cvc5), "{before:?}");
        let (status, out, after) = reduce(&json, &[]);
        assert_eq!(status, Some(0), "{out}");
        let stats = reduction_stats(&after);
        assert_eq!(stats.assertions, 1, "padding {i}: {after:?}");
        assert!(stats.nodes < stats.original_nodes, "{after:?}");
        // The bit-vector padding's key names the division's behaviour before reduction
        // already (its operators are linear); the arithmetic padding's does not.
        assert_eq!(
            after.key,
            format!(
                "time-limit/cvc5/BV/{}",
                smtsmith::verdict::finding::WIDE_BV_ARITHMETIC
            ),
            "{after:?}"
        );
        if i == 1 {
            assert_ne!(Some(&after.key), after.original_key.as_ref(), "{after:?}");
        }
        let text = std::fs::read_to_string(json.with_extension("reduced.smt2")).unwrap();
        assert!(text.contains("bvudiv"), "{text}");
        assert!(
            reduced_summary(&after).contains("in a new process"),
            "{after:?}"
        );
        // No known bug is cvc5's division: new, by the replay's evidence.
        assert_eq!(after.status, Status::New, "{after:?}");
        keys.push((before.key.clone(), after.key.clone()));
    }
    assert_ne!(keys[0].0, keys[1].0, "the original keys differ");
    assert_eq!(keys[0].1, keys[1].1, "one behaviour, one reduced key");
}

/// The same behaviour at the second check of an incremental script (a seed with two
/// checks runs as a script): the finding is the script's, and it reduces, as a script, to
/// the division's assertion and its check.
#[test]
fn a_scripts_time_limit_finding_reduces_as_a_script() {
    let dir = tempfile::tempdir().unwrap();
    let (json, before) = finding(
        dir.path(),
        "time-limit",
        "(set-logic ALL)(declare-fun y () (_ BitVec 8))(assert (bvult (bvadd y #x01) #x40))\
         (check-sat)(declare-fun x () (_ BitVec 160))(push 1)(assert (bvugt (bvudiv x x) x))\
         (check-sat)(pop 1)",
        &[],
    );
    assert_eq!(before.mode, Some(Mode::Script), "{before:?}");
    assert_eq!(before.blamed, Some(SolverId::Cvc5), "{before:?}");
    let (status, out, after) = reduce(&json, &[]);
    assert_eq!(status, Some(0), "{out}");
    assert_eq!(reduction_stats(&after).assertions, 1, "{after:?}");
    let text = std::fs::read_to_string(json.with_extension("reduced.smt2")).unwrap();
    assert!(text.contains("bvudiv") && !text.contains("bvadd"), "{text}");
    assert_eq!(text.matches("(check-sat)").count(), 1, "{text}");
    assert_eq!(after.status, Status::New, "{after:?}");
}

/// An exit inside a real Z3 call (the test hook ends the process from Z3's error handler at
/// every check): the children exit, the reducer does not, and the formula reduces to the
/// least that still reaches a check; the reduced finding names the exit status. Without the
/// hook the same finding does not replay in a new process, and `reduce` says so.
#[test]
fn a_crash_finding_is_reduced_in_children_and_the_reducer_survives() {
    let dir = tempfile::tempdir().unwrap();
    let fault = [("SMTSMITH_FAULT", "exit-in-z3-error-handler")];
    let (json, before) = finding(
        dir.path(),
        "crash",
        "(set-logic QF_LIA)(declare-fun x () Int)(declare-fun y () Int)\
         (assert (> x 2))(assert (< (+ x y) 10))(assert (distinct x y))(check-sat)",
        &fault,
    );
    assert_eq!(before.blamed, Some(SolverId::Z3), "{before:?}");

    let (status, out, unchanged) = reduce(&json, &[]);
    assert_eq!(status, Some(3), "{out}");
    assert!(out.contains("does not replay in a new process"), "{out}");
    assert!(unchanged.reduced.is_none(), "{unchanged:?}");

    let (status, out, after) = reduce(&json, &fault);
    assert_eq!(status, Some(0), "{out}");
    assert!(reduction_stats(&after).nodes.unwrap() <= 1, "{after:?}");
    assert!(
        reduced_summary(&after).contains("exited inside a z3 call (status 3)"),
        "{after:?}"
    );
    // A crash with no message of the solver's is keyed by the formula's shape too: the
    // known Z3 crashes (4.8.7's segmentation faults, also silent) are other shapes, so
    // their reproducers are not replayed, although with the hook they would exit alike.
    let key = after.key.as_str();
    assert!(key.starts_with("crash/z3/"), "{after:?}");
    assert!(key.ends_with("/QF_UF/"), "{after:?}");
    assert_eq!(after.status, Status::New, "{after:?}");
    // The candidates' files are gone.
    let left: Vec<_> = std::fs::read_dir(json.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("candidate"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// libFuzzer makes one formula again and again (mutations of bytes the decoder does not
/// read): once cvc5 has run far past its limit on a formula, the same process does not ask
/// it again (`facts::remember_overrun`). Two runs of the same input in one process: one
/// watchdog finding and one cvc5 call past its limit in the process's own count (the second
/// case's cvc5 check is skipped). Ground truth: cvc5's 160-bit division, which it
/// bit-blasts for seconds past a 500 ms limit on every release (the test above).
#[test]
fn a_formula_cvc5_overran_on_is_not_asked_again_in_the_process() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("input.smt2");
    std::fs::write(
        &input,
        "(set-logic QF_BV)(declare-fun x () (_ BitVec 160))(assert (bvugt (bvudiv x x) x))(check-sat)",
    )
    .unwrap();
    let findings = dir.path().join("findings");
    let out = smtsmith()
        .args(["run-target", "seed_mutation"])
        .arg(&input)
        .arg(&input)
        .env("SMTSMITH_FINDINGS", &findings)
        .env("SMTSMITH_EFFORT", "0.25")
        .env("SMTSMITH_HANG_SECONDS", "120")
        .env("SMTSMITH_QUIET_CLASSES", "all")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let watchdog_findings = err
        .lines()
        .filter(|l| l.starts_with("smtsmith watchdog: [time-limit] cvc5"))
        .count();
    assert_eq!(watchdog_findings, 1, "{err}");
    let (_, meta) = crate::only_finding(&findings.join("time-limit"), &err);
    assert_eq!(meta.blamed, Some(SolverId::Cvc5), "{meta:?}");
    // The process's own count at exit: `cvc5 X s past limits of Y s in calls (K of N calls`.
    let tax = err
        .lines()
        .find_map(|l| l.strip_prefix("smtsmith: hang tax: "))
        .unwrap_or_else(|| panic!("no hang tax line:\n{err}"));
    let cvc5 = &tax[tax.find("cvc5 ").unwrap_or_else(|| panic!("{tax}"))..];
    let overruns = cvc5
        .split_once("in calls (")
        .and_then(|(_, r)| r.split(' ').next())
        .unwrap_or_else(|| panic!("{tax}"));
    assert_eq!(
        overruns, "1",
        "one cvc5 call past its limit, not two: {tax}"
    );
}

/// AddressSanitizer inside libz3 (a Z3 built by `scripts/build-z3-instrumented.sh asan`,
/// smtsmith by `RUSTFLAGS=-Zsanitizer=address cargo +nightly test --target
/// x86_64-unknown-linux-gnu`): the test hook misuses Z3's API inside a real check —
/// `Z3_mk_lstring` told that a 4-byte heap buffer holds 4096 characters — so Z3's own loop
/// reads past the buffer and the sanitizer reports a heap-buffer-overflow in `Z3_mk_lstring`
/// and ends the process. Ground truth: the sanitizer's report on the process's standard error.
/// The fuzz target's hook turns the report into a `crash` finding blaming Z3, keyed by the
/// report's kind and top frames, with the frames in its JSON and its reproducer's header;
/// `smtsmith reduce` runs the candidates in children (under the sanitizer too) and keeps
/// those whose reports have the same top frames.
#[test]
#[cfg_attr(
    not(smtsmith_z3_asan),
    ignore = "needs a Z3 built with AddressSanitizer and smtsmith built with it (docs/usage.md, \"Z3 from source\")"
)]
fn an_address_sanitizer_report_inside_z3_is_a_crash_finding_with_its_frames() {
    let dir = tempfile::tempdir().unwrap();
    let fault = [
        ("SMTSMITH_FAULT", "heap-overread-in-z3"),
        ("ASAN_OPTIONS", "detect_leaks=0"),
    ];
    let (findings, out) = crate::seed_mutation_once(dir.path(), LIA, &fault);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let (json, text) = lstring_overread_finding(&findings, &err);
    smtsmith::verdict::finding::reproducer_formula(&text)
        .unwrap_or_else(|e| panic!("the reproducer does not read back: {e}\n{text}"));

    let (status, out, after) = reduce(&json, &fault);
    assert_eq!(status, Some(0), "{out}");
    assert!(reduction_stats(&after).nodes.unwrap() <= 1, "{after:?}");
    let key = after.key.as_str();
    assert!(key.starts_with("crash/z3/"), "{after:?}");
    assert!(key.contains("Z3_mk_lstring"), "{after:?}");
    let text = std::fs::read_to_string(json.with_extension("reduced.smt2")).unwrap();
    assert!(text.contains("Z3_mk_lstring"), "{text}");
}

/// `smtsmith check` under AddressSanitizer (the same builds as the test above): a worker that
/// dies of a sanitizer report inside Z3 (the same test hook) prints the report on its standard
/// error, which the supervisor passes on and reads. Ground truth: the sanitizer's report, as
/// the supervisor passed it on. The finding the supervisor writes blames Z3 with the report's
/// kind and top frames, as the fuzz targets' would, not a bare "signal" or "exit status 1".
#[test]
#[cfg_attr(
    not(smtsmith_z3_asan),
    ignore = "needs a Z3 built with AddressSanitizer and smtsmith built with it (docs/usage.md, \"Z3 from source\")"
)]
fn check_reads_the_sanitizer_report_of_a_worker_that_died_inside_z3() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("lia.smt2");
    std::fs::write(&file, LIA).unwrap();
    let findings = dir.path().join("findings");
    let out = smtsmith()
        .args(["check", "--json", "--findings"])
        .arg(&findings)
        .arg(&file)
        .env("SMTSMITH_FAULT", "heap-overread-in-z3")
        .env("ASAN_OPTIONS", "detect_leaks=0")
        .env("SMTSMITH_REDUCE_SECONDS", "20")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    lstring_overread_finding(&findings, &format!("{stdout}\n{err}"));
    assert!(stdout.contains("crash"), "{stdout}");
}

/// UndefinedBehaviorSanitizer inside libz3 (a Z3 built by `scripts/build-z3-instrumented.sh
/// ubsan`, smtsmith built as for the ASan tests: Rust's ASan runtime carries UBSan's handlers):
/// the test hook `signed-overflow-in-z3` misuses Z3's API inside a real check — a Float16
/// numeral with the exponent `i64::MAX`, asked for its biased exponent — so Z3 adds the bias
/// in `int64_t` and overflows (`mpf_manager::bias_exp`, mpf.cpp). Ground truth: UBSan's report
/// on the process's standard error. With `abort_on_error=1` UBSan ends the process through
/// abort; the fuzz target's hook makes a `crash` finding of the report's summary line (all of
/// UBSan's report that reaches the program), keyed by its check and place; `smtsmith check`
/// reads the whole report from its worker's standard error and gives the same key, with the
/// report's stack as frames.
#[test]
#[cfg_attr(
    not(smtsmith_z3_ubsan),
    ignore = "needs a Z3 built with UBSan and smtsmith built with AddressSanitizer (docs/usage.md, \"Z3 from source\")"
)]
fn an_undefined_behaviour_report_inside_z3_is_a_crash_finding_keyed_by_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let fault = [
        ("SMTSMITH_FAULT", "signed-overflow-in-z3"),
        ("ASAN_OPTIONS", "detect_leaks=0"),
        ("UBSAN_OPTIONS", UBSAN_OPTIONS),
    ];
    let (findings, out) = crate::seed_mutation_once(dir.path(), LIA, &fault);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        err.contains("runtime error: signed integer overflow"),
        "{err}"
    );
    let (_, fuzz_target) = crate::only_finding(&findings.join("crash"), &err);
    assert_eq!(fuzz_target.blamed, Some(SolverId::Z3), "{fuzz_target:?}");
    let summary = fuzz_target.summary.as_str();
    assert!(
        summary.contains("UndefinedBehaviorSanitizer report")
            && summary.contains("signed-integer-overflow at mpf.cpp:"),
        "{summary}"
    );
    let report = fuzz_target.sanitizer.as_ref().expect("a sanitizer report");
    assert_eq!(
        report.place.as_deref().map(|p| p.starts_with("mpf.cpp:")),
        Some(true),
        "{fuzz_target:?}"
    );

    let file = dir.path().join("lia.smt2");
    std::fs::write(&file, LIA).unwrap();
    let checked = dir.path().join("checked");
    let out = smtsmith()
        .args(["check", "--json", "--findings"])
        .arg(&checked)
        .arg(&file)
        .envs(fault)
        .env("SMTSMITH_REDUCE_SECONDS", "20")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let (_, check) = crate::only_finding(&checked.join("crash"), &err);
    assert_eq!(check.key, fuzz_target.key, "{check:?}\n{fuzz_target:?}");
    let frames = &check.sanitizer.as_ref().expect("a sanitizer report").frames;
    assert!(
        frames
            .iter()
            .any(|f| f.function.contains("Z3_fpa_get_numeral_exponent_string")),
        "the worker's report has the stack: {check:?}"
    );
}

/// What campaign.sh sets for a UBSan build (and the test above): UBSan ends the process
/// through abort, names the check in its summary and prints the stack.
const UBSAN_OPTIONS: &str =
    "halt_on_error=1:abort_on_error=1:print_stacktrace=1:report_error_type=1";

/// The formula the sanitizer tests check, under their test hooks.
const LIA: &str = "(set-logic QF_LIA)(declare-fun x () Int)(declare-fun y () Int)\
                   (assert (> x 2))(assert (< (+ x y) 10))(check-sat)";

/// The `crash` finding the test hook's heap-buffer-overflow in `Z3_mk_lstring` leaves in
/// `findings` (`output`: the process's output, which passed the sanitizer's report on): it blames
/// Z3, its summary names the report's kind and top frame, its JSON holds the report's frames
/// and its reproducer's header the same. Its JSON path and reproducer text.
fn lstring_overread_finding(findings: &Path, output: &str) -> (PathBuf, String) {
    assert!(
        output.contains("ERROR: AddressSanitizer: heap-buffer-overflow"),
        "{output}"
    );
    let (json, meta) = crate::only_finding(&findings.join("crash"), output);
    assert_eq!(meta.blamed, Some(SolverId::Z3), "{meta:?}");
    let summary = meta.summary.as_str();
    assert!(
        summary.contains("AddressSanitizer report")
            && summary.contains("heap-buffer-overflow in Z3_mk_lstring < "),
        "{summary}"
    );
    let sanitizer = meta.sanitizer.as_ref().expect("a sanitizer report");
    assert_eq!(sanitizer.kind, "heap-buffer-overflow", "{meta:?}");
    assert_eq!(sanitizer.key_frames[0], "Z3_mk_lstring", "{meta:?}");
    assert!(
        sanitizer
            .frames
            .iter()
            .any(|f| f.location.contains("api_seq.cpp")),
        "{meta:?}"
    );
    let text = std::fs::read_to_string(json.with_extension("smt2")).unwrap();
    assert!(
        text.contains("; AddressSanitizer: heap-buffer-overflow, at:")
            && text.contains("Z3_mk_lstring"),
        "{text}"
    );
    (json, text)
}
