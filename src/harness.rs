//! One fuzz iteration end to end: run a formula on the selected solvers, apply the oracles,
//! write every finding to disk. Fuzz targets and the CLI are thin wrappers around this.

use crate::finding::{self, Written};
use crate::generate::Case;
use crate::ir::Formula;
use crate::oracle::{self, Answer, Issue, ModelCheck};
use crate::solver::{self, Limits, Solver, SolverError, SolverId};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Which solvers a target runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    Both,
    Only(SolverId),
}

impl std::str::FromStr for Selection {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "both" => Ok(Selection::Both),
            "z3" => Ok(Selection::Only(SolverId::Z3)),
            "cvc5" => Ok(Selection::Only(SolverId::Cvc5)),
            _ => Err(format!(
                "unknown solver selection {s:?} (expected both, z3 or cvc5)"
            )),
        }
    }
}

/// The result of one iteration.
pub struct Report {
    pub answers: Vec<(SolverId, Answer)>,
    pub model_checks: Vec<ModelCheck>,
    pub findings: Vec<(Issue, Written)>,
    /// Time inside solver calls (term construction included) and in total.
    pub solver_time: Duration,
    pub total_time: Duration,
}

impl Report {
    /// One line per finding, for panics and the CLI.
    pub fn summary(&self) -> String {
        self.findings
            .iter()
            .map(|(i, w)| format!("[{}] {} -> {}", i.class, i.summary, w.smt2.display()))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Solvers created once and reused across iterations, plus where findings go.
pub struct Harness {
    solvers: Vec<Box<dyn Solver>>,
    versions: Vec<(SolverId, String)>,
    pub limits: Limits,
    pub findings_dir: PathBuf,
}

impl Harness {
    pub fn new(
        selection: Selection,
        findings_dir: impl Into<PathBuf>,
    ) -> Result<Self, SolverError> {
        let solvers: Vec<Box<dyn Solver>> = solver::all()?
            .into_iter()
            .filter(|s| selection == Selection::Both || selection == Selection::Only(s.id()))
            .collect();
        let versions = solvers.iter().map(|s| (s.id(), s.version())).collect();
        Ok(Harness {
            solvers,
            versions,
            limits: Limits::default(),
            findings_dir: findings_dir.into(),
        })
    }

    /// The findings folder from `SMTSMITH_FINDINGS`, or `default`.
    pub fn findings_dir_from_env(default: &str) -> PathBuf {
        std::env::var_os("SMTSMITH_FINDINGS")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(default))
    }

    pub fn solvers_mut(&mut self) -> &mut [Box<dyn Solver>] {
        &mut self.solvers
    }

    pub fn versions(&self) -> &[(SolverId, String)] {
        &self.versions
    }

    /// Runs every solver on `f` and returns their answers (no oracle, nothing written).
    pub fn answers(&mut self, f: &Formula) -> Vec<(SolverId, Answer)> {
        let limits = self.limits.clone();
        self.solvers
            .iter_mut()
            .map(|s| (s.id(), s.check(f, &limits)))
            .collect()
    }

    /// Runs a generated case: solvers, oracles, findings written to disk.
    pub fn run_case(&mut self, case: &Case, input: Option<&[u8]>) -> Report {
        self.run(&case.formula, Some(&case.config), input)
    }

    pub fn run(
        &mut self,
        f: &Formula,
        config: Option<&crate::generate::Config>,
        input: Option<&[u8]>,
    ) -> Report {
        let start = Instant::now();
        let answers = self.answers(f);
        let solver_time = answers
            .iter()
            .filter_map(|(_, a)| a.as_ref().ok().map(|o| o.time))
            .sum();
        let verdicts = oracle::judge(f, &answers);
        let mut findings = Vec::new();
        for issue in verdicts.findings {
            let ctx = finding::Context {
                formula: f,
                answers: &answers,
                versions: &self.versions,
                limits: &self.limits,
                config,
                input,
            };
            match finding::write(&self.findings_dir, &issue, &ctx) {
                Ok(w) => findings.push((issue, w)),
                // Losing a finding silently is not an option: stop loudly with its text.
                Err(e) => panic!(
                    "cannot write finding to {}: {e}\n{}\n{}",
                    self.findings_dir.display(),
                    issue.summary,
                    crate::smtlib::script(f, &Default::default())
                ),
            }
        }
        Report {
            answers,
            model_checks: verdicts.model_checks,
            findings,
            solver_time,
            total_time: start.elapsed(),
        }
    }
}

/// Where findings go by default: `findings/` at the top of the smtsmith checkout.
pub fn default_findings_dir() -> PathBuf {
    Harness::findings_dir_from_env(concat!(env!("CARGO_MANIFEST_DIR"), "/findings"))
}

thread_local! {
    static HARNESSES: std::cell::RefCell<Vec<(Selection, Harness)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The body of every generative fuzz target: decode, run, judge, write findings; then
/// panic (so libFuzzer saves the input) if there was any. Solvers are created once per
/// thread and reused.
pub fn fuzz_one(selection: Selection, data: &[u8]) {
    let case = Case::from_bytes(data);
    let report = HARNESSES.with(|hs| {
        let mut hs = hs.borrow_mut();
        if !hs.iter().any(|(s, _)| *s == selection) {
            let h = Harness::new(selection, default_findings_dir())
                .unwrap_or_else(|e| panic!("cannot start the solvers: {e}"));
            hs.push((selection, h));
        }
        let (_, h) = hs.iter_mut().find(|(s, _)| *s == selection).unwrap();
        h.run_case(&case, Some(data))
    });
    if !report.findings.is_empty() {
        panic!("smtsmith finding(s):\n{}", report.summary());
    }
}
