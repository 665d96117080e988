//! Settling written findings by evidence the process that made them could not gather: a
//! `time-limit` finding — a solver call far past its limit in-process — runs again in the
//! solver's own front end as a separate process with the solver's own time limit (`z3
//! -t:LIMIT`, the linked release's binary; cvc5's front end through `smtsmith solve`, the
//! wheel has no `cvc5` binary; `yices-smt2 --timeout=SECONDS` of the loaded Yices release).
//! If that overruns too, the solver ignores its time limit and the finding says so with both
//! figures; if it stops in time, the overrun was the cost of the check, not a missed limit:
//! the finding becomes a `performance` finding with the ratio of the in-process time to the
//! limit.

use crate::dialect::solver_id::SolverId;
use crate::verdict::finding::{FindingRecord, Status};
use crate::verdict::oracle::Class;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub use crate::verdict::finding::record::FrontEndRun;

/// A call is past its limit when it runs twice its limit and at least 2 s past it (the fuzz
/// watchdog's rule for a call nothing stops).
pub fn overran(seconds: f64, limit_ms: u32) -> bool {
    let limit = f64::from(limit_ms) / 1e3;
    seconds >= (2.0 * limit).max(limit + 2.0)
}

/// Runs `reproducer` in `solver`'s own front end with its time limit `limit_ms`, killed at
/// `cap`: Z3's binary of the linked release, cvc5's front end through `smtsmith`
/// (`exe solve --solver cvc5`), or Yices's `yices-smt2` of the loaded release.
pub fn run_front_end(
    solver: SolverId,
    reproducer: &Path,
    limit_ms: u32,
    cap: Duration,
    exe: &Path,
) -> Result<FrontEndRun, String> {
    let (mut cmd, shown) = match solver.library() {
        SolverId::Z3 => {
            let bin = crate::solver::z3::binary()
                .ok_or("no z3 binary for the linked library (set SMTSMITH_Z3_BIN)")?;
            let limit = (crate::dialect::profile::of(SolverId::Z3).binary_time_limit)(limit_ms);
            let mut c = Command::new(&bin);
            c.arg(&limit).arg(reproducer);
            (c, format!("z3 {limit} FILE.smt2"))
        }
        SolverId::Yices => {
            let script = std::fs::read_to_string(reproducer)
                .map_err(|e| format!("{}: {e}", reproducer.display()))?;
            let (mut c, shown) = crate::solver::yices::binary_command(&script, limit_ms)
                .map_err(|e| e.to_string())?;
            c.arg(reproducer);
            (c, shown)
        }
        SolverId::Cvc5 => {
            let mut c = Command::new(exe);
            c.args(["solve", "--solver", "cvc5", "--timeout-ms"])
                .arg(limit_ms.to_string())
                .arg(reproducer);
            (
                c,
                format!(
                    "smtsmith solve --solver cvc5 --timeout-ms {limit_ms} FILE.smt2 (cvc5 {})",
                    (crate::dialect::profile::of(SolverId::Cvc5).binary_time_limit)(limit_ms)
                ),
            )
        }
        path => return Err(format!("{path} is a path, not a solver's library")),
    };
    let start = Instant::now();
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("{shown}: {e}"))?;
    let mut killed = false;
    loop {
        if child.try_wait().map_err(|e| e.to_string())?.is_some() {
            break;
        }
        if start.elapsed() >= cap {
            let _ = child.kill();
            killed = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let seconds = start.elapsed().as_secs_f64();
    let mut out = String::new();
    if let Some(mut o) = child.stdout.take() {
        let _ = o.read_to_string(&mut out);
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    let answer = if killed {
        format!("still running at {:.0} s (killed)", cap.as_secs_f64())
    } else {
        out.split_whitespace()
            .find(|w| matches!(*w, "sat" | "unsat" | "unknown"))
            .map(str::to_string)
            .unwrap_or_else(|| format!("no answer ({status})"))
    };
    Ok(FrontEndRun {
        command: shown,
        seconds,
        answer,
        killed,
    })
}

/// Front-end runs per settled time-limit finding (their median decides).
pub const SETTLE_RUNS: usize = 3;

/// How a time-limit finding was settled.
#[derive(Clone, Debug)]
pub enum TimeLimit {
    /// The front end overran too: the solver ignores its time limit.
    Ignored(FrontEndRun),
    /// The front end stopped in time: now a `performance` finding at this path.
    Performance(FrontEndRun, PathBuf),
}

/// Settles the `time-limit` finding `json` ([`run_front_end`] on its reproducer, capped at
/// three times its limit and at least 5 s past it: enough to see [`overran`]; the median of
/// [`SETTLE_RUNS`] runs): its JSON records the median run (`time_limit`) and every run's
/// seconds (`time_limit_runs_seconds`); where
/// the front end stops in time, the finding moves to `performance/` with the ratio of the
/// in-process time to the limit in its summary. `exe` is the `smtsmith` binary (cvc5's
/// front end).
pub fn settle_time_limit(json: &Path, exe: &Path) -> Result<TimeLimit, String> {
    let err = |e: String| format!("{}: {e}", json.display());
    let mut v = FindingRecord::open(json).map_err(|e| e.to_string())?;
    if v.class != Class::TimeLimit.dir() {
        return Err(err("not a time-limit finding".into()));
    }
    let solver: SolverId = v.blamed.ok_or_else(|| err("no blamed solver".into()))?;
    let limit_ms = v.limits.timeout_ms;
    let reproducer = match v.reduced_file() {
        Some(f) => json.with_file_name(f),
        None => json.with_extension("smt2"),
    };
    let cap = Duration::from_millis(u64::from(limit_ms) * 3)
        .max(Duration::from_millis(u64::from(limit_ms) + 5_000));
    // One run's time varies by more than the margin `overran` draws (the same reproducer:
    // 3.6 s and 5.2 s under a 2 s limit in two campaigns), so the median of SETTLE_RUNS runs
    // settles it; a run killed at the cap needs no other.
    let mut runs = vec![run_front_end(solver, &reproducer, limit_ms, cap, exe).map_err(err)?];
    while runs.len() < SETTLE_RUNS && !runs[0].killed {
        runs.push(run_front_end(solver, &reproducer, limit_ms, cap, exe).map_err(err)?);
    }
    v.time_limit_runs_seconds = Some(runs.iter().map(|r| r.seconds).collect());
    runs.sort_by(|a, b| a.seconds.total_cmp(&b.seconds));
    let run = runs[runs.len() / 2].clone();
    // The in-process figure the summary gives ("still running N s into a check ...").
    let summary = v.summary.clone();
    let in_process: Option<f64> = summary
        .split("still running ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok());
    v.time_limit = Some(run.clone());
    let ignored = run.killed || overran(run.seconds, limit_ms);
    // Settled by the front end's run; not reduced, so not matched against the known bugs.
    v.status = Status::New;
    v.status_evidence = Some(format!(
        "{}: {} after {:.1} s with its own {limit_ms} ms limit; a time-limit finding is not reduced, so it is not matched against the known bugs",
        run.command, run.answer, run.seconds
    ));
    if ignored {
        v.summary = format!(
            "{summary}; its own front end ignores its {limit_ms} ms limit too ({}: {} after {:.1} s)",
            run.command, run.answer, run.seconds
        );
        v.save(json).map_err(|e| err(e.to_string()))?;
        return Ok(TimeLimit::Ignored(run));
    }
    let ratio = in_process.map_or(String::new(), |s| {
        format!(
            "; in-process the call ran {s:.0} s, {:.1} times its limit",
            s * 1e3 / f64::from(limit_ms)
        )
    });
    v.original_class = Some(std::mem::replace(
        &mut v.class,
        Class::Performance.dir().to_string(),
    ));
    v.key = v.key.replacen("time-limit/", "performance/", 1);
    v.summary = format!(
        "{summary}; its own front end stops in time ({}: {} after {:.1} s){ratio}: the cost of the check, not a missed limit",
        run.command, run.answer, run.seconds
    );
    v.save(json).map_err(|e| err(e.to_string()))?;
    let moved = move_finding(json, Class::Performance).map_err(|e| err(e.to_string()))?;
    Ok(TimeLimit::Performance(run, moved))
}

/// Moves the finding `json` (and every file of it: `<hash>.*`) to the folder of `class`
/// beside its own; returns its JSON's new path.
fn move_finding(json: &Path, class: Class) -> std::io::Result<PathBuf> {
    let folder = json.parent().unwrap_or(Path::new("."));
    let target = folder.parent().unwrap_or(Path::new(".")).join(class.dir());
    std::fs::create_dir_all(&target)?;
    let stem = json
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    for e in std::fs::read_dir(folder)? {
        let p = e?.path();
        let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
        if name.is_some_and(|n| n.starts_with(&format!("{stem}."))) {
            std::fs::rename(&p, target.join(p.file_name().unwrap_or_default()))?;
        }
    }
    Ok(target.join(json.file_name().unwrap_or_default()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrunning_needs_twice_the_limit_and_two_seconds() {
        assert!(!overran(2.5, 2_000));
        assert!(overran(4.0, 2_000));
        assert!(!overran(1.5, 500));
        assert!(overran(2.5, 500));
    }
}
