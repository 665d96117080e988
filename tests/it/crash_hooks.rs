//! The fuzz targets' last words, proven in real fuzzing processes (`smtsmith run-target`, the
//! fuzz targets' bodies with their watchdog): a process that dies of a fatal signal, or
//! exits, while a solver is inside a real call leaves a finding on disk — written by the
//! fatal-signal hook and by the `atexit` hook — with a reproducer that reads back and the
//! input that made it; and a call far past its limit gets its `time-limit` finding from the
//! watchdog. Release-independent: the signal arrives from outside during a check every
//! release takes seconds over (a pigeonhole formula), the exit and the stack overflow come
//! from Z3's own error handler, which Z3 calls from inside an ill-sorted call (the
//! `SMTSMITH_FAULT` test hook installs one that exits or recurses without end), and the
//! overrun is cvc5 bit-blasting a wide division.
use smtsmith::solver::SolverId;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn smtsmith() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_smtsmith"));
    c.env_remove("LD_LIBRARY_PATH");
    c
}

/// `pigeons` pigeons in `pigeons - 1` holes, as Booleans: unsat, and seconds of search for
/// every release of both solvers at 13 (Z3 4.8.5.0 and 5.4.1.0's binaries still ran at 20 s).
fn pigeonhole(pigeons: usize) -> String {
    let holes = pigeons - 1;
    let mut s = String::from("(set-logic QF_UF)\n");
    for p in 0..pigeons {
        for h in 0..holes {
            s.push_str(&format!("(declare-fun p{p}h{h} () Bool)\n"));
        }
    }
    for p in 0..pigeons {
        let any: Vec<String> = (0..holes).map(|h| format!("p{p}h{h}")).collect();
        s.push_str(&format!("(assert (or {}))\n", any.join(" ")));
    }
    for h in 0..holes {
        for p in 0..pigeons {
            for q in p + 1..pigeons {
                s.push_str(&format!("(assert (not (and p{p}h{h} p{q}h{h})))\n"));
            }
        }
    }
    s.push_str("(check-sat)\n");
    s
}

/// CPU seconds process `pid` has used (user and system), from /proc.
fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (in parentheses, which may hold spaces).
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// The one finding under `findings/<class>`, its reproducer read back by smtsmith.
fn the_finding(
    findings: &std::path::Path,
    class: &str,
    context: &str,
) -> smtsmith::verdict::finding::FindingRecord {
    let (json, meta) = crate::only_finding(&findings.join(class), context);
    let text = std::fs::read_to_string(json.with_extension("smt2")).unwrap();
    smtsmith::verdict::finding::reproducer_formula(&text)
        .unwrap_or_else(|e| panic!("the reproducer does not read back: {e}\n{text}"));
    // The input beside it is the one the JSON records for `smtsmith replay`.
    let input = std::fs::read(json.with_extension("input"))
        .unwrap_or_else(|e| panic!("no input beside the finding: {e}\n{context}"));
    let hex: String = input.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(meta.input_hex.as_deref(), Some(hex.as_str()), "{meta:?}");
    meta
}

/// SIGABRT (what a solver's failed assertion raises) delivered to a fuzzing process while a
/// solver is a second of CPU into a check of the pigeonhole formula (limits ten times the
/// default, so the check outlives the wait): the fatal-signal hook writes a `crash` finding
/// blaming that solver, naming the signal, then the signal goes on and ends the process
/// (signal 6). (A SIGSEGV sent from outside would not end it: the handler before ours is
/// Rust's stack-overflow handler, which returns on a fault that is not one; a real segfault
/// faults again on return and ends the process.)
#[test]
fn an_abort_inside_a_solver_call_leaves_a_crash_finding() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let findings = dir.path().join("findings");
    let input = dir.path().join("pigeons.smt2");
    std::fs::write(&input, pigeonhole(13)).unwrap();
    let child = smtsmith()
        .args(["run-target", "seed_mutation"])
        .arg(&input)
        .env("SMTSMITH_FINDINGS", &findings)
        .env("SMTSMITH_EFFORT", "10")
        .env("SMTSMITH_HANG_SECONDS", "300")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while cpu_seconds(child.id()).unwrap_or(0.0) < 1.0 {
        assert!(start.elapsed() < Duration::from_secs(60), "never busy");
        std::thread::sleep(Duration::from_millis(50));
    }
    let kill = Command::new("kill")
        .args(["-ABRT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.signal(),
        Some(libc::SIGABRT),
        "{:?}\n{err}",
        out.status
    );
    let meta = the_finding(&findings, "crash", &err);
    let summary = meta.summary.as_str();
    assert!(summary.contains("signal 6"), "{summary}");
    let blamed = meta.blamed.expect("a crash blames the solver it died in");
    assert!(
        summary.contains(&format!("died in {blamed}")),
        "{summary} (blamed {blamed})"
    );
}

/// `run-target seed_mutation` on the script `text` with the exit test hook: the process
/// ends with status 3 (the hook's); the findings folder and its standard error.
fn exit_in_z3(dir: &std::path::Path, text: &str) -> (std::path::PathBuf, String) {
    let (findings, out) =
        crate::seed_mutation_once(dir, text, &[("SMTSMITH_FAULT", "exit-in-z3-error-handler")]);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(3), "{err}");
    (findings, err)
}

/// An exit from inside a real Z3 call (Z3 calls the error handler the test hook installs,
/// which exits with status 3): the `atexit` hook writes a `crash` finding blaming Z3.
#[test]
fn an_exit_inside_a_solver_call_leaves_a_crash_finding() {
    let dir = tempfile::tempdir().unwrap();
    let (findings, err) = exit_in_z3(
        dir.path(),
        "(set-logic QF_LIA)(declare-fun x () Int)(assert (> x 2))(check-sat)",
    );
    let meta = the_finding(&findings, "crash", &err);
    assert_eq!(meta.blamed, Some(SolverId::Z3));
    assert_eq!(meta.summary, "the process exited inside a z3 call");
}

/// A stack overflow inside a real Z3 call (Z3 calls the error handler the test hook
/// installs, which recurses until the thread's stack is gone): the fatal-signal hook runs on
/// its own alternate signal stack, so it writes a `crash` finding blaming Z3 before the
/// segmentation fault ends the process. Without a large enough alternate stack the kernel
/// kills the process at the handler's first push and the finding is lost (what Z3 4.8.10.0
/// did to three of four fuzzing processes of a datatypes campaign).
#[test]
fn a_stack_overflow_inside_a_solver_call_leaves_a_crash_finding() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let (findings, out) = crate::seed_mutation_once(
        dir.path(),
        "(set-logic QF_LIA)(declare-fun x () Int)(assert (> x 2))(check-sat)",
        &[("SMTSMITH_FAULT", "stack-overflow-in-z3-error-handler")],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.signal(),
        Some(libc::SIGSEGV),
        "{:?}\n{err}",
        out.status
    );
    let meta = the_finding(&findings, "crash", &err);
    assert_eq!(meta.blamed, Some(SolverId::Z3));
    let summary = meta.summary.as_str();
    assert!(summary.contains("signal 11"), "{summary}");
    // No answer, but the release that died is recorded: `bisect` starts from it.
    let z3 = &meta.solvers[0];
    assert_eq!(z3.solver, SolverId::Z3, "{meta:?}");
    assert!(z3.verdict.is_none(), "{meta:?}");
    let release = smtsmith::harness::bisect::release_of(&z3.version);
    assert!(
        release.split('.').count() == 4 && release.split('.').all(|n| n.parse::<u32>().is_ok()),
        "{meta:?}"
    );
}

/// The same exit in an incremental script with Z3's self-checks on (`model_validate`, which
/// exits where it finds an invalid model): a `self-check` finding, its script reproducers
/// written.
#[test]
fn an_exit_inside_a_self_checking_solver_call_is_a_self_check_finding() {
    let dir = tempfile::tempdir().unwrap();
    let (findings, err) = exit_in_z3(
        dir.path(),
        "(set-option :model_validate true)(set-logic QF_LIA)(declare-fun x () Int)\
         (assert (> x 2))(check-sat)(assert (< x 10))(check-sat)",
    );
    let meta = the_finding(&findings, "self-check", &err);
    assert_eq!(meta.blamed, Some(SolverId::Z3));
    assert_eq!(
        meta.mode,
        Some(smtsmith::verdict::finding::record::Mode::Script)
    );
}

/// The watchdog's time-limit side, on a call stuck by construction: under the test hook
/// `SMTSMITH_FAULT=stuck-in-z3` a check of a formula declaring `smtsmith_stuck` stays 8 s
/// inside a real Z3 call, deaf to Z3's interrupt, however fast or loaded the machine. With a
/// quarter of the limits (500 ms) the call is past twice its limit long before it returns:
/// the watchdog writes its `time-limit` finding from its own thread while the call runs,
/// and the case ends when the call returns (the hang limit, 120 s, is far off).
#[test]
fn a_call_past_its_limit_gets_a_time_limit_finding_on_any_release() {
    let dir = tempfile::tempdir().unwrap();
    let (findings, out) = crate::seed_mutation_once(
        dir.path(),
        "(set-logic QF_UF)(declare-fun smtsmith_stuck () Bool)(assert smtsmith_stuck)(check-sat)",
        &[
            ("SMTSMITH_FAULT", "stuck-in-z3"),
            ("SMTSMITH_EFFORT", "0.25"),
            ("SMTSMITH_HANG_SECONDS", "120"),
        ],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("smtsmith watchdog: [time-limit] z3 still running"),
        "{err}"
    );
    let meta = the_finding(&findings, "time-limit", &err);
    assert_eq!(meta.blamed, Some(SolverId::Z3));
    assert_eq!(meta.limits.timeout_ms, 500);
    // The process ended by itself once the call returned, not by the watchdog's hang limit.
    assert!(out.status.success(), "{err}");
}
