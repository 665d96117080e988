//! The fuzz targets' hang watchdog. A solver that does not check its time limit (cvc5
//! 1.4.0 on some nonlinear real formulas; Z3 4.12.2 on some string formulas) would keep the
//! process in one call until libFuzzer's `-timeout` kills it, and libFuzzer saves only the
//! raw input. Z3 calls past their limit are interrupted first (`solver::interrupt`); a call
//! that nothing stops there (an interrupted Z3 call that goes on, a cvc5 check as far past
//! its limit, [`crate::solver::interrupt::stuck`]) gets its `time-limit` finding from this
//! thread at once, and the process waits for it until `SMTSMITH_HANG_SECONDS` (default
//! [`crate::harness::settings::HANG_SECONDS`]) into the phase: then, still in the same phase, the
//! process ends (status [`HANG_EXIT_CODE`]). A phase that long that nothing flagged gets its
//! finding then and ends the process at the watchdog's next look. Keep libFuzzer's
//! `-timeout` above `SMTSMITH_HANG_SECONDS`.

use super::Harness;
use crate::lang::ir::Formula;
use crate::solver::{Limits, SolverId};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

struct Case {
    formula: Formula,
    input: Option<Vec<u8>>,
    versions: Vec<(SolverId, String)>,
    limits: Limits,
    setup: crate::solver::CaseSetup,
    dir: PathBuf,
    /// The solver running and since when.
    phase: Option<(SolverId, Instant)>,
    reported: bool,
    /// An incremental script, and the action it is at.
    script: Option<(crate::cases::script::Script, usize)>,
}

static CURRENT: Mutex<Option<Case>> = Mutex::new(None);
/// The exit status of a process the watchdog ends (a hung check, finding written).
pub const HANG_EXIT_CODE: i32 = 71;
static STARTED: std::sync::Once = std::sync::Once::new();
static ENABLED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Turns the watchdog on for this process (fuzz targets do; the CLI does not): a solver
/// `after` in one check gets a `time-limit` finding (the first call's `after` holds).
pub fn enable(after: Duration) {
    ENABLED.store(true, std::sync::atomic::Ordering::Relaxed);
    STARTED.call_once(|| {
        std::thread::spawn(move || {
            let mut last_status = Instant::now();
            loop {
                std::thread::sleep(Duration::from_millis(100));
                check(after);
                if last_status.elapsed() >= super::status::EVERY {
                    super::status::save_now();
                    last_status = Instant::now();
                }
            }
        });
        crate::solver::sys::at_exit(on_exit);
        crate::solver::sys::on_fatal_signal(on_fatal_signal);
        crate::solver::sys::on_sanitizer_report(on_sanitizer_report);
    });
}

pub(crate) fn watch(h: &mut Harness, f: &Formula, input: Option<&[u8]>) -> bool {
    if !ENABLED.load(std::sync::atomic::Ordering::Relaxed) {
        return false;
    }
    crate::solver::interrupt::set_label(f.signature().logic());
    *CURRENT.lock().unwrap_or_else(|e| e.into_inner()) = Some(Case {
        formula: f.clone(),
        input: input.map(|i| i.to_vec()),
        versions: h.solvers.versions.clone(),
        limits: h.settings.limits.clone(),
        setup: *h.setup(),
        dir: h.output.dir.clone(),
        phase: None,
        reported: false,
        script: None,
    });
    h.on_phase = Some(phase);
    true
}

/// [`watch`] for an incremental script (its reproducer is the script's).
pub(crate) fn watch_script(
    h: &mut Harness,
    s: &crate::cases::script::Script,
    input: Option<&[u8]>,
) -> bool {
    if !watch(h, &s.formula, input) {
        return false;
    }
    if let Some(c) = CURRENT.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
        c.script = Some((s.clone(), 0));
    }
    true
}

/// Records the action a watched script is at.
pub(crate) fn at_step(i: usize) {
    if let Ok(mut cur) = CURRENT.try_lock() {
        if let Some((_, step)) = cur.as_mut().and_then(|c| c.script.as_mut()) {
            *step = i;
        }
    }
}

/// Writes `issue` for the watched case `c` (a script's reproducer: the actions up to
/// the current one, queries left out).
fn write_for(
    c: &Case,
    issue: &crate::verdict::oracle::Issue,
    stopped_at_limit: bool,
) -> std::io::Result<crate::verdict::finding::Written> {
    if let Some((s, step)) = &c.script {
        let ran: Vec<(SolverId, Vec<usize>)> = c
            .versions
            .iter()
            .map(|(id, _)| {
                (
                    *id,
                    (0..=*step).filter(|i| !s.actions[*i].is_query()).collect(),
                )
            })
            .collect();
        let ctx = crate::verdict::finding::ScriptContext {
            script: s,
            ran: &ran,
            step: *step,
            answers: &[],
            versions: &c.versions,
            limits: &c.limits,
            input: c.input.as_deref(),
            stopped_at_limit,
        };
        return crate::verdict::finding::write_script(&c.dir, issue, &ctx);
    }
    let ctx = crate::verdict::finding::Context::new(&c.formula, &c.versions, &c.limits, c.setup)
        .with_input(c.input.as_deref())
        .with_stopped_at_limit(stopped_at_limit);
    crate::verdict::finding::write(&c.dir, issue, &ctx)
}

/// Runs at process exit (`atexit`): an exit while a solver is inside a call (Z3's
/// `model_validate` calls `exit(0)` on an invalid model; a solver may also exit on an
/// internal error) is a finding: `self-check` when the script has the self-checks on,
/// `crash` otherwise. Written before the process is gone.
extern "C" fn on_exit() {
    print_counts();
    super::status::save_now();
    last_words(|solver, c| {
        let self_checks = c.script.as_ref().is_some_and(|(s, _)| s.setup.self_checks);
        crate::verdict::oracle::process::exited_inside(solver, self_checks)
    });
}

/// Runs on a fatal signal (segmentation fault, abort, ...): one that arrives while a solver
/// is inside a call is a `crash` finding, written before the signal goes on to libFuzzer
/// (which keeps only the raw input). A signal outside the solvers (smtsmith's own panics
/// abort after their finding is written) writes nothing here.
///
/// UndefinedBehaviorSanitizer's report (a solver built with it: `scripts/build-z3-instrumented.sh
/// ubsan`) ends the process through abort with `abort_on_error=1`; its summary line, kept by
/// `sys::take_sanitizer_summary`, then makes the finding a sanitizer report's.
fn on_fatal_signal(sig: i32) {
    if let Some(report) = crate::solver::sys::take_sanitizer_summary()
        .as_deref()
        .and_then(crate::verdict::sanitizer::Report::from_ubsan_summary)
    {
        write_sanitizer_finding(&report);
        return;
    }
    last_words(|solver, _| {
        let status = if crate::solver::interrupt::stopped_and_running(solver) {
            format!("signal {sig}, after its check was stopped at the time limit")
        } else {
            format!("signal {sig}")
        };
        crate::verdict::oracle::process::died_inside(solver, &status)
    });
}

/// Runs when a sanitizer reports an error (in a build with one: `cargo fuzz build -s
/// address` against `scripts/build-z3-instrumented.sh asan`), before it ends the process:
/// one that arrives while a solver is inside a call is a `crash` finding keyed by the
/// report's kind and top frames, the frames written into its JSON and reproducer header.
fn on_sanitizer_report(text: &str) {
    if let Some(report) = crate::verdict::sanitizer::Report::parse(text) {
        write_sanitizer_finding(&report);
    }
}

/// The `crash` finding of a sanitizer's `report` while a solver is inside a call, with the
/// report's frames in its JSON and reproducer header.
fn write_sanitizer_finding(report: &crate::verdict::sanitizer::Report) {
    let written =
        last_words(|solver, _| crate::verdict::oracle::process::sanitizer_report(solver, report));
    if let Some(w) = written {
        if let Err(e) = crate::verdict::finding::attach_sanitizer_report(&w.json, &w.smt2, report) {
            eprintln!("smtsmith: cannot add the sanitizer's frames to the finding: {e}");
        }
    }
}

/// Writes the finding `issue` makes of the watched case when the process ends while a
/// solver is inside a call (once per case; the lock is only tried: the process may have
/// stopped anywhere); where it went.
fn last_words(
    issue: impl FnOnce(SolverId, &Case) -> crate::verdict::oracle::Issue,
) -> Option<crate::verdict::finding::Written> {
    let Ok(mut cur) = CURRENT.try_lock() else {
        return None;
    };
    let c = cur.as_mut()?;
    let (solver, _) = c.phase?;
    if c.reported {
        return None;
    }
    c.reported = true;
    let issue = issue(solver, c);
    // A solver that dies while winding down a check stopped at its time limit shows the bug
    // only under a time limit: the record says so (and a signal's summary, so its key).
    let stopped = crate::solver::interrupt::stopped_and_running(solver);
    match write_for(c, &issue, stopped) {
        Ok(w) => {
            eprintln!(
                "smtsmith: [{}] {} -> {}",
                issue.class,
                issue.summary,
                w.smt2.display()
            );
            Some(w)
        }
        Err(e) => {
            eprintln!("smtsmith: cannot write finding: {e}\n{}", issue.summary);
            None
        }
    }
}

/// One line on stderr at the end of a fuzzing process: its solver checks and interrupted
/// calls (what `scripts/bench-vs-yinyang.sh` counts as solver calls).
fn print_counts() {
    // A process that asked no solver anything (the reducer's parent, whose candidates run in
    // child processes) has nothing to count: its zero lines would only crowd the log.
    if crate::solver::checks() == 0 && crate::solver::interrupt::count() == 0 {
        return;
    }
    eprintln!(
        "smtsmith: {} solver checks, {} interrupted calls in this process; {}",
        crate::solver::checks(),
        crate::solver::interrupt::count(),
        crate::dialect::facts::limitation_summary()
    );
    eprintln!("smtsmith: {}", crate::solver::interrupt::tax_summary());
}

fn phase(p: super::Phase) {
    if let Some(c) = CURRENT.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
        c.phase = p.solver().map(|id| (id, Instant::now()));
    }
}

pub(crate) fn done() {
    *CURRENT.lock().unwrap_or_else(|e| e.into_inner()) = None;
}

fn check(after: Duration) {
    let mut cur = CURRENT.lock().unwrap_or_else(|e| e.into_inner());
    let Some(c) = cur.as_mut() else { return };
    let Some((solver, since)) = c.phase else {
        return;
    };
    // A call nothing stops (an interrupted Z3 call that goes on, a cvc5 call as far past its
    // limit): its finding now. The process goes on waiting for the call (some return within
    // seconds, and a new fuzzing process first re-runs its whole corpus: for seed_mutation,
    // minutes); only the backstop below ends it.
    if let Some((stuck, call, limit, ran)) = crate::solver::interrupt::stuck() {
        if !c.reported {
            c.reported = true;
            let mut issue = crate::verdict::oracle::process::still_running(
                stuck,
                ran.as_secs_f64(),
                limit.as_millis() as u32,
                false,
            );
            issue.summary.push_str(&format!(
                " ({call}{})",
                match crate::dialect::profile::of(stuck).interrupt {
                    Some(stop) => format!(", not stopped by {stop}"),
                    None => format!(", which {stuck}'s API cannot interrupt"),
                }
            ));
            write_time_limit(c, &issue);
            crate::dialect::facts::remember_overrun(stuck, &c.formula);
        }
    }
    // A check within (or just past) its own time limit is no hang, whatever the
    // threshold was set to.
    let after = after.max(Duration::from_millis(
        u64::from(c.limits.timeout_ms) * 3 / 2,
    ));
    // Ended at the threshold itself: of the calls flagged stuck, few return after a few
    // seconds more and most run for minutes (docs/lab/defaults-history.md, "The hang tax, corrected"),
    // so the wait is what a stuck call costs.
    if c.reported && since.elapsed() >= after {
        // Still in the same check: end the process here rather than leave it to
        // libFuzzer's -timeout, whose SIGALRM handler can deadlock in malloc when the
        // solver was interrupted inside it (seen in a fusion run: the fork child hung
        // for minutes and the campaign with it). The finding is already on disk.
        eprintln!(
            "smtsmith watchdog: {solver} still in the same check after {} s; exiting (the time-limit finding is written)",
            since.elapsed().as_secs()
        );
        keep_hung_input(c);
        print_counts();
        crate::solver::sys::exit_now(HANG_EXIT_CODE);
    }
    if c.reported || since.elapsed() < after {
        return;
    }
    c.reported = true;
    let issue = crate::verdict::oracle::process::still_running(
        solver,
        since.elapsed().as_secs() as f64,
        c.limits.timeout_ms,
        false,
    );
    write_time_limit(c, &issue);
    crate::dialect::facts::remember_overrun(solver, &c.formula);
}

/// The folder under the findings where the inputs that made the watchdog end a process are
/// kept: `scripts/campaign.sh` takes any corpus entry with the same bytes out of the corpus
/// before the next process starts, so no process runs it again (a restarted process runs
/// its whole corpus first).
pub const HUNG_INPUTS: &str = "hung-inputs";

/// Keeps the input of the case the process is ending on in [`HUNG_INPUTS`], named by a hash
/// of its bytes (its time-limit finding has it too, but may be moved by settling).
fn keep_hung_input(c: &Case) {
    use std::hash::{Hash, Hasher};
    let Some(input) = &c.input else { return };
    let mut h = std::collections::hash_map::DefaultHasher::new();
    input.hash(&mut h);
    let dir = c.dir.join(HUNG_INPUTS);
    let path = dir.join(format!("{:016x}", h.finish()));
    match std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, input)) {
        Ok(()) => eprintln!(
            "smtsmith watchdog: the input is kept at {} (not run again by this campaign)",
            path.display()
        ),
        Err(e) => eprintln!(
            "smtsmith watchdog: cannot keep the input at {}: {e}",
            path.display()
        ),
    }
}

/// Writes the watchdog's `time-limit` finding `issue` of the watched case `c`, saying where
/// (or, when it cannot be written, printing it whole).
fn write_time_limit(c: &Case, issue: &crate::verdict::oracle::Issue) {
    match write_for(c, issue, false) {
        Ok(w) => eprintln!(
            "smtsmith watchdog: [{}] {} -> {}",
            issue.class,
            issue.summary,
            w.smt2.display()
        ),
        Err(e) => eprintln!(
            "smtsmith watchdog: cannot write finding to {}: {e}\n{}\n{}",
            c.dir.display(),
            issue.summary,
            crate::cases::smtlib::script(&c.formula, &Default::default())
        ),
    }
}
