//! A fuzzing process's running counts for whoever watches its campaign
//! (`smtsmith campaign-status`, `tools::status`): per solver its calls, their time and the
//! time past their limits (the hang tax), and per fuzz target (a portfolio's members) the
//! inputs it ran. Written every [`EVERY`] by the watchdog's thread to the file
//! `SMTSMITH_STATUS_FILE` names, and once more as the process ends, each time whole (a
//! temporary file renamed over the last), so a reader never sees half of one.

use crate::dialect::solver_id::SolverId;
use crate::harness::target::Target;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

/// How often a process writes its status.
pub const EVERY: Duration = Duration::from_secs(2);

/// One solver's watched calls in one process.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SolverCounts {
    pub solver: SolverId,
    pub calls: u64,
    /// Their time, in seconds.
    pub seconds: f64,
    /// The calls that ran past their time limit, and the time past it in seconds.
    pub overruns: u64,
    pub past_limit_seconds: f64,
}

/// What one fuzzing process has done so far.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ProcessStatus {
    pub solvers: Vec<SolverCounts>,
    /// Inputs run per fuzz target, by its name (one entry for a plain target; a portfolio's
    /// members each).
    pub inputs: Vec<(String, u64)>,
}

static INPUTS: Mutex<Vec<(Target, u64)>> = Mutex::new(Vec::new());
static FILE: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Counts one input of `target` (the member a portfolio's input picked).
pub(crate) fn count_input(target: Target) {
    let mut inputs = INPUTS.lock().unwrap_or_else(|e| e.into_inner());
    match inputs.iter_mut().find(|(t, _)| *t == target) {
        Some((_, n)) => *n += 1,
        None => inputs.push((target, 1)),
    }
}

/// Where this process writes its status (the first call holds).
pub(crate) fn write_to(path: &Path) {
    let mut file = FILE.lock().unwrap_or_else(|e| e.into_inner());
    if file.is_none() {
        *file = Some(path.to_path_buf());
    }
}

impl ProcessStatus {
    /// This process's counts now.
    pub fn now() -> ProcessStatus {
        let mut solvers: Vec<SolverCounts> = Vec::new();
        for ((solver, _label), tax) in crate::solver::interrupt::tax() {
            let i = match solvers.iter().position(|c| c.solver == solver) {
                Some(i) => i,
                None => {
                    solvers.push(SolverCounts {
                        solver,
                        calls: 0,
                        seconds: 0.0,
                        overruns: 0,
                        past_limit_seconds: 0.0,
                    });
                    solvers.len() - 1
                }
            };
            let c = &mut solvers[i];
            c.calls += tax.calls;
            c.seconds += tax.time.as_secs_f64();
            c.overruns += tax.overruns;
            c.past_limit_seconds += tax.past_limit.as_secs_f64();
        }
        solvers.sort_by_key(|c| SolverId::ALL.iter().position(|s| *s == c.solver));
        let inputs = INPUTS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .map(|(t, n)| (t.name().to_string(), *n))
            .collect();
        ProcessStatus { solvers, inputs }
    }

    /// Writes `self` to `path` whole: a temporary file beside it, renamed over it.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let tmp = path.with_extension("json.tmp");
        std::fs::write(&tmp, serde_json::to_vec(self)?)?;
        std::fs::rename(&tmp, path)
    }

    pub fn open(path: &Path) -> std::io::Result<ProcessStatus> {
        let bytes = std::fs::read(path)?;
        serde_json::from_slice(&bytes).map_err(|e| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("{}: {e}", path.display()),
            )
        })
    }
}

/// Writes this process's status where [`write_to`] said, if anywhere. Only tried for: it
/// also runs at exit, wherever the process stopped, and a lock held then is left alone.
pub(crate) fn save_now() {
    let Ok(file) = FILE.try_lock() else { return };
    let Some(path) = file.as_ref() else { return };
    if INPUTS.try_lock().is_err() {
        return;
    }
    // A status that cannot be written costs the watcher a figure, never the fuzzing: the
    // next write tries again.
    let _ = ProcessStatus::now().save(path);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_reads_back_as_written_and_counts_inputs_per_target() {
        count_input(Target::Optimize);
        count_input(Target::Optimize);
        count_input(Target::Script);
        let s = ProcessStatus::now();
        let n = |name: &str| s.inputs.iter().find(|(t, _)| t == name).map(|(_, n)| *n);
        assert!(n("optimize").is_some_and(|n| n >= 2), "{s:?}");
        assert!(n("script").is_some_and(|n| n >= 1), "{s:?}");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("job1-1.status.json");
        let written = ProcessStatus {
            solvers: vec![SolverCounts {
                solver: SolverId::Z3,
                calls: 7,
                seconds: 1.5,
                overruns: 1,
                past_limit_seconds: 0.25,
            }],
            inputs: vec![("optimize".into(), 3)],
        };
        written.save(&path).unwrap();
        assert_eq!(ProcessStatus::open(&path).unwrap(), written);
        assert!(!path.with_extension("json.tmp").exists());
        std::fs::write(&path, "{").unwrap();
        let e = ProcessStatus::open(&path).unwrap_err();
        assert!(e.to_string().contains("job1-1.status.json"), "{e}");
    }
}
