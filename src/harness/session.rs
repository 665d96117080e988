//! Incremental scripts run in lockstep on every solver ([`Harness::run_script`]) and the
//! oracles that judge every step:
//!
//! - at every check: `wrong-unsat` / `disagreement` / `invalid-model` (as for one formula,
//!   over the assertions in force plus the check's assumptions), `incompleteness` (unknown
//!   for a reason that is no limit, on a formula of a decidable fragment
//!   ([`oracle::decidable_fragment`]) that the other solver decides), `performance` (the
//!   other solver ran out of its limit and still does with ten times the time limit and no
//!   resource limit);
//! - get-value: `wrong-value` (the answer differs from the evaluator's value of the term
//!   under the same solver's model);
//! - get-unsat-core / get-unsat-assumptions: `invalid-core` (the core with the check's
//!   assumptions, or the assertions with the failed assumptions, re-checked alone by both
//!   solvers: a model of it that the evaluator validates proves it satisfiable; a core
//!   naming an assertion not in force is invalid as it stands);
//! - errors: `api-error`, or `self-check` when the error goes away without the
//!   self-check options; an error that comes only with the curated options and names an
//!   option is an incompatible combination: the script is skipped.
//!
//! The script stops at the first finding (later answers would build on a wrong one).

use crate::cases::script::{view, Action, Frames, Script};
use crate::harness::{watchdog, Harness};
use crate::lang::eval::Truth;
use crate::lang::ir::NodeId;
use crate::solver::{Limits, Response, SolverError, SolverId, Verdict, OPTION_CALL};
use crate::verdict::finding::{self, Written};
use crate::verdict::oracle::{self, Answer, Issue};
use std::time::{Duration, Instant};

pub use crate::verdict::oracle::script::PERFORMANCE_FACTOR;

/// One action's responses: per solver, its response (`None`: the action did not run for it).
pub type Step = Vec<(SolverId, Option<Result<Response, SolverError>>)>;

/// What running one script produced.
#[derive(Debug, Default)]
pub struct ScriptReport {
    /// Per action, each solver's response (`None`: the action did not run for it).
    pub steps: Vec<Step>,
    pub findings: Vec<(Issue, Written)>,
    /// Why the script was not (fully) judged: options the solvers do not take together.
    pub skipped: Option<String>,
    /// Model checks at the checks: (solver, evaluator's truth).
    pub model_checks: Vec<(SolverId, Truth)>,
    /// Time in solver calls: the lockstep actions, and the oracles' re-checks and replays.
    pub solver_time: Duration,
    pub total_time: Duration,
    /// Where the findings were made: per solver the actions that ran, the action, and each
    /// solver's answer there.
    pub finding_step: Option<FindingStep>,
}

/// The step of a script at which its findings were made.
#[derive(Clone, Debug, Default)]
pub struct FindingStep {
    pub ran: Vec<(SolverId, Vec<usize>)>,
    pub step: usize,
    pub answers: Vec<String>,
}

impl ScriptReport {
    /// One line per finding.
    pub fn summary(&self) -> String {
        crate::harness::summary(&self.findings)
    }

    /// The verdicts of each check, per solver, in order.
    pub fn verdicts(&self) -> Vec<Vec<(SolverId, Verdict)>> {
        self.steps
            .iter()
            .filter_map(|step| {
                let v: Vec<(SolverId, Verdict)> = step
                    .iter()
                    .filter_map(|(id, r)| match r {
                        Some(Ok(Response::Check(o))) => Some((*id, o.verdict)),
                        _ => None,
                    })
                    .collect();
                (!v.is_empty()).then_some(v)
            })
            .collect()
    }
}

/// The last check of one solver while its answer is current.
#[derive(Clone, Debug)]
struct LastCheck {
    verdict: Verdict,
    model: Option<crate::lang::eval::Model>,
    assumptions: Vec<NodeId>,
    active: Vec<usize>,
}

/// A response made into an [`Answer`] (a check's outcome or its error).
fn answer_of(r: &Result<Response, SolverError>) -> Option<Answer> {
    match r {
        Ok(Response::Check(o)) => Some(Ok(o.clone())),
        Err(e) => Some(Err(e.clone())),
        _ => None,
    }
}

fn describe(id: SolverId, r: &Option<Result<Response, SolverError>>) -> String {
    match r {
        None => format!("{id}: (did not run)"),
        Some(Err(e)) => format!("{id}: {e}"),
        Some(Ok(Response::Done)) => format!("{id}: success"),
        Some(Ok(Response::Check(o))) => format!(
            "{id}: {}{}",
            o.verdict,
            o.reason
                .as_ref()
                .map(|r| format!(" ({r})"))
                .unwrap_or_default()
        ),
        Some(Ok(Response::Values(vs))) => format!(
            "{id}: values ({})",
            vs.iter()
                .map(|v| v
                    .as_ref()
                    .map_or("?".to_string(), crate::cases::smtlib::value))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        Some(Ok(Response::Core(ks))) => format!(
            "{id}: core ({})",
            ks.iter()
                .map(|k| format!("a{k}"))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        Some(Ok(Response::Assumptions(ls))) => format!("{id}: {} failed assumption(s)", ls.len()),
    }
}

impl Harness {
    /// Whether running `s` (nothing written) makes the finding `issue`; the run's report.
    fn same_script_finding(&mut self, s: &Script, issue: &Issue) -> Option<ScriptReport> {
        let writes = std::mem::replace(&mut self.output.write, false);
        let r = self.run_script(s, None);
        self.output.write = writes;
        r.findings
            .iter()
            .any(|(i, _)| i.same_finding(issue))
            .then_some(r)
    }

    /// The status of the reduced script finding `found` (reduced key `key`), by evidence:
    /// `known` where a known reproducer with its key, replayed as a script, makes the same
    /// finding on a release the index lists for that bug, `regression` on another, else
    /// `new` (as [`Harness::settle`] for formulas).
    fn settle_script(
        &mut self,
        written: &mut Written,
        found: &Issue,
        key: &str,
    ) -> std::io::Result<()> {
        let version = found
            .blamed
            .and_then(|b| self.versions().iter().find(|(id, _)| *id == b.library()))
            .map(|(_, v)| v.clone())
            .unwrap_or_default();
        let replayed = finding::known::matching_scripts(found, key)
            .into_iter()
            .find(|(_, s)| self.same_script_finding(s, found).is_some())
            .map(|(k, _)| k);
        match replayed {
            Some(k) if k.affects(&version) => finding::mark_known(
                written,
                k,
                &format!(
                    "replay: its reduced key is that of known-findings/{}, and that script, run with {version}, makes the same finding",
                    k.file
                ),
            ),
            Some(k) => finding::mark_status(
                written,
                finding::Status::Regression,
                &format!(
                    "the script of known bug known-findings/{} makes the same finding with {version}, a release its index entry does not list ({})",
                    k.file,
                    k.versions.join(", ")
                ),
            ),
            None => finding::mark_status(
                written,
                finding::Status::New,
                "reduced; no known bug's script has its reduced key and makes the same finding when replayed",
            ),
        }
    }

    /// Reduces the script finding `issue` made by `s` ([`crate::cases::reduce::reduce_script`]),
    /// confirms the reduced script in new contexts, and writes its reproducer beside the
    /// original (or notes why there is none).
    fn reduce_written_script(
        &mut self,
        s: &Script,
        step: usize,
        issue: &Issue,
        written: &mut Written,
        budget: std::time::Duration,
        input: Option<&[u8]>,
    ) {
        let start = Instant::now();
        // The actions after the finding's never ran.
        let mut s = s.clone();
        s.actions.truncate(step + 1);
        let out = crate::cases::reduce::reduce_script(
            &s,
            &mut |c| self.same_script_finding(c, issue).is_some(),
            budget,
        );
        self.start_anew();
        let result = match self.same_script_finding(&out.script, issue) {
            Some(r) => {
                let at = r.finding_step.clone().unwrap_or_default();
                let found = r
                    .findings
                    .iter()
                    .find(|(i, _)| i.same_finding(issue))
                    .map(|(i, _)| i.clone())
                    .unwrap_or_else(|| issue.clone());
                let ctx = finding::ScriptContext {
                    script: &out.script,
                    ran: &at.ran,
                    step: at.step,
                    answers: &at.answers,
                    versions: self.versions(),
                    limits: &self.settings.limits,
                    input,
                    stopped_at_limit: false,
                };
                let stats = finding::record::ReductionStats {
                    original_actions: Some(s.actions.len()),
                    actions: Some(out.script.actions.len()),
                    original_assertions: count_asserts(&s),
                    assertions: count_asserts(&out.script),
                    tests: out.tests,
                    kept: out.kept,
                    seconds: start.elapsed().as_secs_f64(),
                    exhausted: out.exhausted,
                    ..Default::default()
                };
                finding::write_reduced_script(written, &found, &ctx, &stats)
                    .and_then(|key| self.settle_script(written, &found, &key))
            }
            None => finding::write_not_reduced(
                written,
                "the reduced script did not make the finding again in new contexts",
            ),
        };
        if let Err(e) = result {
            eprintln!(
                "smtsmith: cannot write the reduced form of {}: {e}",
                written.smt2.display()
            );
        }
    }

    /// Runs `s` on every solver in lockstep, judging each step; findings are written to
    /// disk before this returns.
    pub fn run_script(&mut self, s: &Script, input: Option<&[u8]>) -> ScriptReport {
        let start = Instant::now();
        self.watch_memory();
        let mut report = ScriptReport::default();
        let ids: Vec<SolverId> = self.solvers_mut().iter().map(|x| x.id()).collect();
        let limits = self.settings.limits.clone();
        let watched = watchdog::watch_script(self, s, input);
        let mut ran: Vec<(SolverId, Vec<usize>)> = ids.iter().map(|id| (*id, Vec::new())).collect();
        // Start every solver; options it does not take skip the script.
        for (k, id) in ids.iter().enumerate() {
            let t = Instant::now();
            let r = self.solvers_mut()[k].script_begin(s, &limits);
            report.solver_time += t.elapsed();
            if let Err(e) = r {
                if e.call == OPTION_CALL {
                    report.skipped = Some(format!("incompatible options: {e}"));
                } else {
                    let issue =
                        oracle::script::error_issue(*id, &e, oracle::script::ErrorKind::Api)
                            .expect("an API error is a finding");
                    let answers = vec![format!("{id}: {e}")];
                    self.end_all();
                    self.write_script_finding(&mut report, s, &ran, 0, &answers, issue, input);
                }
                self.end_all();
                if watched {
                    watchdog::done();
                }
                report.total_time = start.elapsed();
                return report;
            }
        }
        let mut frames = Frames::new();
        let mut last: Vec<Option<LastCheck>> = vec![None; ids.len()];
        for (i, action) in s.actions.iter().enumerate() {
            watchdog::at_step(i);
            frames.apply(i, action);
            let active = frames.active();
            if !action.is_query() {
                for l in last.iter_mut() {
                    *l = None;
                }
            }
            let mut step = Vec::new();
            for k in 0..ids.len() {
                let runs = match action {
                    Action::GetValue(_) => {
                        matches!(&last[k], Some(l) if l.verdict == Verdict::Sat)
                    }
                    Action::GetUnsatCore => {
                        s.setup.cores && matches!(&last[k], Some(l) if l.verdict == Verdict::Unsat)
                    }
                    Action::GetUnsatAssumptions => {
                        s.setup.unsat_assumptions
                            && matches!(&last[k], Some(l) if l.verdict == Verdict::Unsat && !l.assumptions.is_empty())
                    }
                    _ => true,
                };
                if !runs {
                    step.push((ids[k], None));
                    continue;
                }
                if let Some(report) = self.on_phase {
                    report(crate::harness::Phase::Solver(ids[k]));
                }
                let t = Instant::now();
                let r = self.solvers_mut()[k].script_act(s, i, &active);
                report.solver_time += t.elapsed();
                if let Some(report) = self.on_phase {
                    report(crate::harness::Phase::Oracles);
                }
                ran[k].1.push(i);
                step.push((ids[k], Some(r)));
            }
            // Remember each solver's check.
            if action.is_check() {
                let lits = match action {
                    Action::CheckSatAssuming(ls) => ls.clone(),
                    _ => Vec::new(),
                };
                for (k, (_, r)) in step.iter().enumerate() {
                    if let Some(Ok(Response::Check(o))) = r {
                        last[k] = Some(LastCheck {
                            verdict: o.verdict,
                            model: o.model.clone(),
                            assumptions: lits.clone(),
                            active: active.clone(),
                        });
                    }
                }
            }
            let answers: Vec<String> = step.iter().map(|(id, r)| describe(*id, r)).collect();
            let (issues, stop) =
                self.judge_step(s, i, &active, &step, &last, &mut ran, &mut report);
            report.steps.push(step);
            if !issues.is_empty() || stop {
                self.end_all();
                for issue in issues {
                    self.write_script_finding(&mut report, s, &ran, i, &answers, issue, input);
                }
                break;
            }
        }
        // Ending an ended script does nothing.
        self.end_all();
        if watched {
            watchdog::done();
        }
        report.total_time = start.elapsed();
        report
    }

    /// Ends the script on every solver.
    fn end_all(&mut self) {
        for s in self.solvers_mut() {
            s.script_end();
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn write_script_finding(
        &mut self,
        report: &mut ScriptReport,
        s: &Script,
        ran: &[(SolverId, Vec<usize>)],
        step: usize,
        answers: &[String],
        issue: Issue,
        input: Option<&[u8]>,
    ) {
        report.finding_step = Some(FindingStep {
            ran: ran.to_vec(),
            step,
            answers: answers.to_vec(),
        });
        if !self.output.write {
            report.findings.push((issue, Written::none()));
            return;
        }
        let ctx = finding::ScriptContext {
            script: s,
            ran,
            step,
            answers,
            versions: self.versions(),
            limits: &self.settings.limits,
            input,
            stopped_at_limit: false,
        };
        let (issue, mut written) =
            finding::record(&self.output.dir, issue, finding::Subject::Script(&ctx));
        if let Some(budget) = self
            .reduce_budget()
            .filter(|_| issue.class.reduced_as_written() && !written.again)
        {
            self.reduce_written_script(s, step, &issue, &mut written, budget, input);
        }
        report.findings.push((issue, written));
    }

    /// The oracles of one step. Returns the issues and whether the script must stop
    /// anyway (an error, a skipped combination, or a re-run that ended the sessions).
    #[allow(clippy::too_many_arguments)]
    fn judge_step(
        &mut self,
        s: &Script,
        i: usize,
        active: &[usize],
        step: &Step,
        last: &[Option<LastCheck>],
        ran: &mut [(SolverId, Vec<usize>)],
        report: &mut ScriptReport,
    ) -> (Vec<Issue>, bool) {
        let action = &s.actions[i];
        // Errors first: they end the script.
        let errors: Vec<(usize, SolverError)> = step
            .iter()
            .enumerate()
            .filter_map(|(k, (_, r))| match r {
                Some(Err(e)) => Some((k, e.clone())),
                _ => None,
            })
            .collect();
        if !errors.is_empty() {
            self.end_all();
            let mut issues = Vec::new();
            for (k, e) in errors {
                let id = step[k].0;
                // Its replays are solver time too.
                let t = Instant::now();
                let limits = self.settings.limits.clone();
                let kind = oracle::script::classify_error(s, id, &e, |setup| {
                    self.replay(s, k, &ran[k].1, &limits, setup)
                });
                report.solver_time += t.elapsed();
                if kind == oracle::script::ErrorKind::Incompatible {
                    report.skipped = Some(format!("incompatible options: {e}"));
                }
                issues.extend(oracle::script::error_issue(id, &e, kind));
            }
            return (issues, true);
        }
        let mut issues = Vec::new();
        match action {
            Action::CheckSat | Action::CheckSatAssuming(_) => {
                let lits = match action {
                    Action::CheckSatAssuming(ls) => ls.clone(),
                    _ => Vec::new(),
                };
                let g = view(s, active, &lits);
                let answers: Vec<(SolverId, Answer)> = step
                    .iter()
                    .filter_map(|(id, r)| r.as_ref().and_then(answer_of).map(|a| (*id, a)))
                    .collect();
                let v = oracle::judge(&g, &answers);
                for c in &v.model_checks {
                    report.model_checks.push((c.solver, c.truth.clone()));
                }
                issues.extend(v.findings);
                if !issues.is_empty() {
                    return (issues, true);
                }
                // Ten times the time and no resource limit: resource units do not compare
                // across solvers, and cvc5 charges a whole preprocessing step (bit-blasting)
                // at once, so a resource limit ten times larger can run out as fast. In the
                // first campaign (confirmed with ten times the resource limits) the blamed
                // solver's own front end decided 13 of the 31 performance findings within
                // ten times the time limit (20 s).
                let big = Limits::time_only(self.settings.limits.timeout_ms * PERFORMANCE_FACTOR);
                let (found, stop) = oracle::script::judge_unknowns(&g, &answers, |k| {
                    // The retry ends the script.
                    self.end_all();
                    let t = Instant::now();
                    let again = self.replay(s, k, &ran[k].1, &big, s.setup.clone());
                    report.solver_time += t.elapsed();
                    match again {
                        Ok(Response::Check(p)) => Some(p),
                        _ => None,
                    }
                });
                issues.extend(found);
                if stop {
                    return (issues, true);
                }
            }
            Action::GetValue(ts) => {
                for (k, (id, r)) in step.iter().enumerate() {
                    let Some(Ok(Response::Values(vals))) = r else {
                        continue;
                    };
                    if let Some(model) = last[k].as_ref().and_then(|l| l.model.as_ref()) {
                        issues.extend(oracle::script::judge_values(
                            &s.formula, *id, ts, vals, model,
                        ));
                    }
                }
            }
            Action::GetUnsatCore | Action::GetUnsatAssumptions => {
                for (k, (id, r)) in step.iter().enumerate() {
                    let (Some(l), Some(Ok(response))) = (&last[k], r) else {
                        continue;
                    };
                    let checked = oracle::script::CheckedSet {
                        active: &l.active,
                        assumptions: &l.assumptions,
                    };
                    let t = Instant::now();
                    let issue = oracle::script::judge_core(s, *id, response, &checked, |sub| {
                        self.answers(sub)
                    });
                    report.solver_time += t.elapsed();
                    issues.extend(issue);
                }
            }
            _ => {}
        }
        (issues, false)
    }

    /// Replays the actions `ran` (ending with the one to look at) of `s` on solver `k`
    /// alone, with `limits` and `setup`; returns the last action's response or the first
    /// error. Queries before the last action are left out (their running depended on
    /// answers that may now differ).
    fn replay(
        &mut self,
        s: &Script,
        k: usize,
        ran: &[usize],
        limits: &Limits,
        setup: crate::cases::script::Setup,
    ) -> Result<Response, SolverError> {
        let sc = Script { setup, ..s.clone() };
        // The watchdog watches the replay too (a solver that ignores its limit).
        let id = self.solvers_mut()[k].id();
        if let Some(report) = self.on_phase {
            report(crate::harness::Phase::Solver(id));
        }
        let on_phase = self.on_phase;
        let solver = &mut self.solvers_mut()[k];
        let r = (|| {
            solver.script_begin(&sc, limits)?;
            let mut frames = Frames::new();
            let mut out = Response::Done;
            for (n, i) in ran.iter().enumerate() {
                let a = &sc.actions[*i];
                frames.apply(*i, a);
                if a.is_query() && n + 1 < ran.len() {
                    continue;
                }
                out = solver.script_act(&sc, *i, &frames.active())?;
            }
            Ok(out)
        })();
        solver.script_end();
        if let Some(report) = on_phase {
            report(crate::harness::Phase::Oracles);
        }
        r
    }
}

fn count_asserts(s: &Script) -> usize {
    s.actions
        .iter()
        .filter(|a| matches!(a, Action::Assert(_)))
        .count()
}
