//! One formula through every path and setup that can disagree: each solver's C API inside
//! `push` (its incremental engine) and on a fresh solver (Z3: its non-incremental tactic
//! pipeline for the logic), Z3's general solver both ways, and both front ends on
//! smtsmith's printed form and on the script's own text. `smtsmith check` runs every
//! file so (findings of each setup written, then the answers across setups judged); the
//! harness asks the same setups, writing nothing, to settle whom a disagreement blames.

use super::{Harness, Report};
use crate::cases::smtlib::PrintStyle;
use crate::lang::ir::Formula;
use crate::solver::{CaseSetup, Reuse, SolverId, Z3Solver};
use crate::verdict::finding::{self, Written};
use crate::verdict::oracle::{self, Class, Issue, Observed};

/// One setup of [`EVERY_PATH`]: its name, how the case meets the solvers, which paths run,
/// and whether the text paths run the script's own text.
pub struct PathSetup {
    pub name: &'static str,
    pub setup: CaseSetup,
    pub paths: &'static [SolverId],
    pub own_text: bool,
}

const fn setup(reuse: Reuse, z3_solver: Z3Solver, text: bool) -> CaseSetup {
    CaseSetup {
        reuse,
        z3_solver,
        text,
        print: PrintStyle::PLAIN,
        options: crate::solver::CaseOptions::EMPTY,
    }
}

const API: &[SolverId] = &SolverId::ALL;

/// The setups, in order. cvc5 and Yices have no solver kinds to vary (Yices has no SMT-LIB
/// front end in its library: no text path); Z3's general solver (`Z3_mk_solver`) runs alone.
pub const EVERY_PATH: [PathSetup; 5] = [
    PathSetup {
        name: "push",
        setup: setup(Reuse::Scope, Z3Solver::ForLogic, false),
        paths: API,
        own_text: false,
    },
    PathSetup {
        name: "fresh",
        setup: setup(Reuse::Fresh, Z3Solver::ForLogic, true),
        paths: &SolverId::EVERY,
        own_text: false,
    },
    PathSetup {
        name: "file",
        setup: setup(Reuse::Fresh, Z3Solver::ForLogic, true),
        paths: &SolverId::TEXT,
        own_text: true,
    },
    PathSetup {
        name: "general push",
        setup: setup(Reuse::Scope, Z3Solver::General, false),
        paths: &[SolverId::Z3],
        own_text: false,
    },
    PathSetup {
        name: "general fresh",
        setup: setup(Reuse::Fresh, Z3Solver::General, false),
        paths: &[SolverId::Z3],
        own_text: false,
    },
];

impl PathSetup {
    /// How path `id`'s answers in this setup are named: `push`, `fresh`, …; a text path
    /// `printed` or `file`.
    pub fn label(&self, id: SolverId) -> String {
        match (id.path(), self.own_text) {
            (crate::dialect::solver_id::Path::Text, true) => "file".into(),
            (crate::dialect::solver_id::Path::Text, false) => "printed".into(),
            _ => self.name.into(),
        }
    }
}

/// A formula's runs in every setup.
#[derive(Default)]
pub struct EveryPath {
    /// Each setup that ran (its index in [`EVERY_PATH`]) with its report.
    pub runs: Vec<(usize, Report)>,
    /// Every path's answer, in order.
    pub seen: Vec<Observed>,
    /// Setups that did not run, and why.
    pub notes: Vec<String>,
}

impl Harness {
    /// Runs `f` in every setup of [`EVERY_PATH`], each judged by every oracle and its
    /// findings written (`source`: the script's own text before its check, which the text
    /// paths run in the `file` setup; without it that setup is left out). The harness's
    /// setup is restored afterwards.
    pub fn run_every_path(&mut self, f: &Formula, source: Option<&str>) -> EveryPath {
        self.each_setup(f, source, |h, f| h.run(f, None, None))
    }

    /// Every path's answer to `f` (models judged by the evaluator), nothing written.
    pub fn observe_every_path(&mut self, f: &Formula) -> Vec<Observed> {
        self.each_setup(f, None, |h, f| {
            let answers = h.answers(f);
            let verdicts = oracle::judge(f, &answers);
            Report {
                answers,
                model_checks: verdicts.model_checks,
                ..Report::empty(*h.setup())
            }
        })
        .seen
    }

    fn each_setup(
        &mut self,
        f: &Formula,
        source: Option<&str>,
        mut run: impl FnMut(&mut Harness, &Formula) -> Report,
    ) -> EveryPath {
        let saved = *self.setup();
        let mut out = EveryPath::default();
        for (k, plan) in EVERY_PATH.iter().enumerate() {
            if plan.own_text {
                let Some(source) = source else { continue };
                if let Err(e) = self.set_source(Some(source)) {
                    out.notes.push(format!("the front ends do not start: {e}"));
                    continue;
                }
            }
            self.case.paths = Some(plan.paths.to_vec());
            let report = match self.set_setup(plan.setup) {
                Ok(()) => Some(run(self, f)),
                Err(e) => {
                    out.notes.push(format!("setup {} not run: {e}", plan.name));
                    None
                }
            };
            self.case.paths = None;
            if plan.own_text {
                let _ = self.set_source(None);
            }
            let Some(report) = report else { continue };
            for (id, a) in &report.answers {
                out.seen.push(Observed {
                    label: format!("{} {}", id.library(), plan.label(*id)),
                    solver: *id,
                    verdict: a.as_ref().ok().map(|o| o.verdict),
                    truth: report
                        .model_checks
                        .iter()
                        .find(|c| c.solver == *id)
                        .map(|c| c.truth.clone()),
                    run: out.runs.len(),
                });
            }
            out.runs.push((k, report));
        }
        if let Err(e) = self.set_setup(saved) {
            out.notes.push(format!("cannot restore the setup: {e}"));
        }
        out
    }

    /// After [`Harness::run_every_path`]: a disagreement that blames nobody is settled by the
    /// answers across setups ([`oracle::blame_by_paths`], recorded in its JSON); then each
    /// solver without a finding yet gets the one its answers across setups make
    /// ([`oracle::judge_across_setups`]), written from the run of its wrong side.
    pub fn judge_every_path(
        &mut self,
        f: &Formula,
        every: &EveryPath,
        source: Option<&str>,
    ) -> Vec<(Issue, Written)> {
        let mut judged: Vec<SolverId> = Vec::new();
        let blame = oracle::blame_by_paths(&every.seen);
        for (_, r) in &every.runs {
            for (issue, w) in &r.findings {
                match issue.blamed {
                    Some(b) => judged.push(b.library()),
                    None if issue.class == Class::Disagreement => {
                        if let Err(e) = finding::write_blame(w, &blame) {
                            eprintln!(
                                "smtsmith: cannot record the blame of {}: {e}",
                                w.smt2.display()
                            );
                        }
                        judged.extend(blame.solver);
                    }
                    None => {}
                }
            }
        }
        let mut out = Vec::new();
        for (issue, run) in oracle::judge_across_setups(&every.seen, &judged) {
            let (k, r) = &every.runs[run];
            let plan = &EVERY_PATH[*k];
            let ctx = self
                .context(f, plan.setup)
                .with_answers(&r.answers)
                .with_source(source.filter(|_| plan.own_text));
            out.push(finding::record(
                &self.output.dir,
                issue,
                finding::Subject::Formula(&ctx),
            ));
        }
        out
    }
}
