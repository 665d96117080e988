//! Reducing a finding in the process that found it: the formula shrinks ([`crate::reduce`])
//! while re-running the case on the same solvers, in the same setup, and judging it with the
//! same oracle makes the same finding ([`Issue::same_finding`]); then the setup itself is
//! made plainer where the finding does not need it (no curated option, Z3's solver for the
//! logic, no text path, a new solver per case, the plain printing style); last, the reduced
//! case runs once more in new contexts, as a new process would, and must make the finding
//! again.
//!
//! Reduction steps are not followed by the hang watchdog: a candidate on which a solver
//! ignores its limit ends the process as a hang would, after the original finding is on disk.

use super::{Harness, Judge};
use crate::ir::Formula;
use crate::oracle::{Answer, Issue};
use crate::solver::{CaseSetup, Reuse, SolverId, Z3Solver};
use std::time::{Duration, Instant};

/// A reduced finding.
pub struct Reduction {
    pub formula: Formula,
    /// The plainest setup in which the finding holds.
    pub setup: CaseSetup,
    /// The answers of the confirming run (new contexts).
    pub answers: Vec<(SolverId, Answer)>,
    /// The finding as the confirming run made it (its summary speaks of the reduced form).
    pub issue: Issue,
    pub stats: Stats,
}

/// What a reduction cost and achieved.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Stats {
    /// Term nodes reachable from the assertions, before and after.
    pub original_nodes: usize,
    pub nodes: usize,
    pub original_assertions: usize,
    pub assertions: usize,
    /// Candidates judged (each one run of the case on the solvers) and kept.
    pub tests: u32,
    pub kept: u32,
    pub seconds: f64,
    /// The budget ended the reduction before a fixpoint.
    pub exhausted: bool,
}

impl Harness {
    /// Re-runs `f` in the current setup and judges it; the finding among the judge's that
    /// is `issue`'s, with the answers.
    fn same_finding(
        &mut self,
        f: &Formula,
        issue: &Issue,
        judge: Judge,
    ) -> Option<(Vec<(SolverId, Answer)>, Issue)> {
        let answers = self.answers(f);
        let found = judge(self, f, &answers)
            .findings
            .into_iter()
            .find(|i| i.same_finding(issue))?;
        Some((answers, found))
    }

    /// Reduces the finding `issue`, made on `f` in the current setup and judged by `judge`,
    /// within `budget`. The harness's setup is restored afterwards. `Err` says why there is
    /// no reduced form (the finding did not hold again in new contexts).
    pub fn reduce_finding(
        &mut self,
        f: &Formula,
        issue: &Issue,
        judge: Judge,
        budget: Duration,
    ) -> Result<Reduction, String> {
        let start = Instant::now();
        let saved = self.setup;
        let result = self.reduce_in_setup(f, issue, judge, budget);
        if let Err(e) = self.set_setup(saved) {
            eprintln!("smtsmith: cannot restore the setup after a reduction: {e}");
        }
        result.map(|mut r| {
            r.stats.seconds = start.elapsed().as_secs_f64();
            r
        })
    }

    fn reduce_in_setup(
        &mut self,
        f: &Formula,
        issue: &Issue,
        judge: Judge,
        budget: Duration,
    ) -> Result<Reduction, String> {
        let deadline = Instant::now() + budget;
        let outcome = crate::reduce::reduce(
            f,
            &mut |g| self.same_finding(g, issue, judge).is_some(),
            budget,
        );
        let g = outcome.formula;
        let mut tests = outcome.tests;
        let mut kept = outcome.kept;
        // The setup, one dimension at a time towards the plainest.
        for plainer in plainer_setups(issue) {
            if Instant::now() >= deadline {
                break;
            }
            let candidate = plainer(self.setup);
            if candidate == self.setup {
                continue;
            }
            let before = self.setup;
            if self.set_setup(candidate).is_err() {
                continue;
            }
            tests += 1;
            if self.same_finding(&g, issue, judge).is_some() {
                kept += 1;
            } else {
                self.set_setup(before).map_err(|e| e.to_string())?;
            }
        }
        // As a new process would: new solvers in new contexts.
        self.forget();
        for s in self.solvers.iter_mut().chain(self.text_solvers.iter_mut()) {
            s.recycle_soon();
        }
        let Some((answers, found)) = self.same_finding(&g, issue, judge) else {
            return Err(format!(
                "the reduced form ({} nodes) did not make the finding again in new contexts",
                crate::reduce::size(&g)
            ));
        };
        Ok(Reduction {
            stats: Stats {
                original_nodes: crate::reduce::size(f),
                nodes: crate::reduce::size(&g),
                original_assertions: f.asserts.len(),
                assertions: g.asserts.len(),
                tests,
                kept,
                seconds: 0.0,
                exhausted: outcome.exhausted || Instant::now() >= deadline,
            },
            setup: self.setup,
            formula: g,
            answers,
            issue: found,
        })
    }
}

/// The setup simplifications tried after the formula's, in order: each removes one thing
/// a reproducer would otherwise need (the blamed solver's option, a tactic, the text paths,
/// `push`, a printing style). The text paths stay where the finding is about them.
fn plainer_setups(issue: &Issue) -> Vec<fn(CaseSetup) -> CaseSetup> {
    let text_needed = issue
        .blamed
        .is_some_and(|b| b.path() == crate::solver_id::Path::Text)
        || issue.class == crate::oracle::Class::PathDisagreement;
    let mut out: Vec<fn(CaseSetup) -> CaseSetup> = vec![
        |s| CaseSetup {
            z3_option: None,
            cvc5_option: None,
            ..s
        },
        |s| CaseSetup {
            z3_option: None,
            ..s
        },
        |s| CaseSetup {
            cvc5_option: None,
            ..s
        },
        |s| CaseSetup {
            z3_solver: Z3Solver::ForLogic,
            ..s
        },
        |s| CaseSetup {
            reuse: Reuse::Fresh,
            ..s
        },
        |s| CaseSetup {
            print: Default::default(),
            ..s
        },
    ];
    if !text_needed {
        out.insert(3, |s| CaseSetup { text: false, ..s });
    }
    out
}
