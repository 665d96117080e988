//! The one action interpreter. A backend implements the primitives of [`Backend`] (make a
//! solver, declare, assert, push, pop, check, read a model, ...); [`Driver`] turns them into
//! the [`Solver`] the harness uses: solver reuse between cases, context recycling, one-shot
//! checks, incremental scripts, documented limitations reported as `unknown`, and the time
//! of each phase. A one-shot check is run as a script of one check: declare every symbol,
//! assert every assertion, check, read the model or the core.

use super::{
    Limits, Outcome, Phases, Response, Reuse, Solver, SolverError, SolverId, Verdict,
    UNSUPPORTED_CALL,
};
use crate::cases::script::{Action, Script};
use crate::dialect::facts;
use crate::lang::eval::Model;
use crate::lang::ir::{DeclId, Formula, NodeId, Value};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// How a solver is made: what the case asks of it.
#[derive(Clone, Debug)]
pub(crate) struct SolverConfig<'a> {
    pub logic: String,
    /// The formula has nonlinear arithmetic (the logic does not always say it: `ALL`).
    pub nonlinear: bool,
    pub limits: &'a Limits,
    /// Kept across cases or run as an incremental script (push, pop, several checks).
    pub incremental: bool,
    /// Assertions are tracked and unsat cores read.
    pub cores: bool,
    pub unsat_assumptions: bool,
    /// The solver's own checks of its answers (Z3 `model_validate`, cvc5 `check-models`).
    pub self_checks: bool,
    /// This backend's curated options, by their SMT-LIB names.
    pub options: &'a [(String, String)],
    /// The constructor of a Z3 solver (the other backends ignore it).
    pub z3_solver: super::Z3Solver,
    /// How a text path prints the case (the API paths ignore it).
    pub print: crate::cases::smtlib::PrintStyle,
}

/// The primitives of one solver library. Every call on a solver or session takes handles
/// this backend made in its current context; the driver never keeps one across
/// [`Backend::new_context`].
pub(crate) trait Backend {
    /// A solver of the current context.
    type Solver: Copy + PartialEq;
    /// The terms of one formula on one solver: its declarations, the term of each node
    /// built so far, tracked assertions, the last check's assumptions and model.
    type Session;

    fn id(&self) -> SolverId;
    /// Version of the linked library, as the library reports it.
    fn version(&self) -> String;
    /// The reuse mode this backend always runs in, whatever the case draws (a text path
    /// starts every case on a new front-end state).
    fn fixed_reuse(&self) -> Option<Reuse> {
        None
    }
    /// See [`Solver::set_source`] (only the text paths run a script's own text).
    fn set_source(&mut self, _text: Option<std::sync::Arc<str>>) {}
    /// See [`Solver::run_text`].
    fn run_text(
        &mut self,
        _text: &str,
        _f: &Formula,
        _limits: &Limits,
    ) -> Option<Result<String, SolverError>> {
        None
    }
    /// Whether the current context can run checks under `limits` (Z3 sets its limits per
    /// context).
    fn context_fits(&self, _limits: &Limits) -> bool {
        true
    }
    /// Replaces the context (the driver deleted every solver of the old one first), with
    /// `limits` where given, else those of the old one.
    fn new_context(&mut self, limits: Option<&Limits>) -> Result<(), SolverError>;
    /// What a kept solver for `f` under `cfg` is kept under: cases with the same key share
    /// it (reuse modes `reset` and `scope`).
    fn solver_key(&self, f: &Formula, cfg: &SolverConfig) -> String;
    /// A new solver for `f` configured by `cfg`. An option the release does not take fails
    /// with call [`super::OPTION_CALL`]; on any error nothing is left behind.
    fn new_solver(&mut self, f: &Formula, cfg: &SolverConfig) -> Result<Self::Solver, SolverError>;
    fn delete_solver(&mut self, s: Self::Solver);
    fn push(&mut self, s: Self::Solver, n: u32) -> Result<(), SolverError>;
    fn pop(&mut self, s: Self::Solver, n: u32) -> Result<(), SolverError>;
    fn reset_assertions(&mut self, s: Self::Solver) -> Result<(), SolverError>;

    /// A session for formula `f` (nothing declared yet).
    fn open(&mut self, f: &Formula) -> Self::Session;
    /// Releases what the session holds (its model).
    fn close(&mut self, st: Self::Session);
    fn declare(
        &mut self,
        st: &mut Self::Session,
        f: &Formula,
        d: DeclId,
    ) -> Result<(), SolverError>;
    /// Builds the terms of `roots` (nodes of `f`), each node once per session. A term the
    /// linked release cannot build fails with call [`UNSUPPORTED_CALL`].
    fn build(
        &mut self,
        st: &mut Self::Session,
        f: &Formula,
        roots: &[NodeId],
    ) -> Result<(), SolverError>;
    /// Asserts node `t`; with `track`, under the name `track` (unsat cores report it).
    fn assert(
        &mut self,
        s: Self::Solver,
        st: &mut Self::Session,
        f: &Formula,
        t: NodeId,
        track: Option<usize>,
    ) -> Result<(), SolverError>;
    /// Checks satisfiability under `assumptions` (nodes of `f`, built). A limitation the
    /// solver documents answers unknown with a reason starting `unsupported:`.
    fn check(
        &mut self,
        s: Self::Solver,
        st: &mut Self::Session,
        assumptions: &[NodeId],
    ) -> Result<(Verdict, Option<String>), SolverError>;
    /// After sat: the values of `view`'s declared constants and of its functions at its
    /// model points (`view` has the session formula's nodes).
    fn model(
        &mut self,
        s: Self::Solver,
        st: &mut Self::Session,
        view: &Formula,
    ) -> Result<Model, SolverError>;
    /// Forgets the last check's model (anything but a query ends it).
    fn drop_model(&mut self, st: &mut Self::Session);
    /// get-value after sat: each term's value (`None`: not a value we read exactly).
    fn values(
        &mut self,
        s: Self::Solver,
        st: &mut Self::Session,
        f: &Formula,
        terms: &[NodeId],
    ) -> Result<Vec<Option<Value>>, SolverError>;
    /// After unsat: the track names of the core's assertions, of those in `in_force`.
    fn core(
        &mut self,
        s: Self::Solver,
        st: &mut Self::Session,
        in_force: &[usize],
    ) -> Result<Vec<usize>, SolverError>;
    /// After unsat under assumptions: the failed assumption literals.
    fn failed_assumptions(
        &mut self,
        s: Self::Solver,
        st: &mut Self::Session,
    ) -> Result<Vec<NodeId>, SolverError>;

    /// See [`Solver::simplify`] (the driver has counted the case).
    fn simplify(
        &mut self,
        f: &Formula,
        terms: &[NodeId],
    ) -> Result<Vec<Option<Value>>, SolverError>;
    /// See [`Solver::provoke_error`].
    fn provoke_error(&mut self) -> Option<SolverError>;
}

/// A running incremental script.
struct Run<B: Backend> {
    solver: B::Solver,
    session: B::Session,
    /// Why the backend is not asked at all ([`facts::skip_reason`]).
    skipped: Option<String>,
    /// An operator of the script the release lacks: every check is unknown with it.
    unsupported: Option<String>,
}

/// Drives one [`Backend`]: the only implementation of [`Solver`].
pub(crate) struct Driver<B: Backend> {
    backend: B,
    reuse: Reuse,
    /// The rest of the case's setup (its reuse mode is `reuse`).
    setup: super::CaseSetup,
    cores: bool,
    /// Cases since the context was made.
    cases: u32,
    /// Kept solvers (reuse modes `reset` and `scope`) by [`Backend::solver_key`].
    pool: HashMap<String, B::Solver>,
    script: Option<Run<B>>,
}

impl<B: Backend> Driver<B> {
    pub fn new(backend: B, reuse: Reuse) -> Self {
        let reuse = backend.fixed_reuse().unwrap_or(reuse);
        Driver {
            backend,
            reuse,
            setup: super::CaseSetup {
                reuse,
                ..Default::default()
            },
            cores: false,
            cases: 0,
            pool: HashMap::new(),
            script: None,
        }
    }

    /// Counts a case and replaces the context when it is due (never under a running
    /// script: its solver and terms live there; checks made inside a script wait).
    fn recycle_if_due(&mut self, limits: Option<&Limits>) -> Result<(), SolverError> {
        self.cases = self.cases.saturating_add(1);
        if self.script.is_some() {
            return Ok(());
        }
        let every = self
            .reuse
            .cases_per_context(facts::recycle_every(self.backend.id()));
        let unfit = limits.is_some_and(|l| !self.backend.context_fits(l));
        if self.cases >= every || unfit {
            self.drop_pool();
            self.backend.new_context(limits)?;
            self.cases = 0;
        }
        Ok(())
    }

    fn drop_pool(&mut self) {
        for (_, s) in self.pool.drain() {
            self.backend.delete_solver(s);
        }
    }

    /// A solver for a case: new (modes `fresh`, `solver`) or kept under `key` (`reset`,
    /// `scope`; pushed once for `scope`).
    fn solver_for(
        &mut self,
        f: &Formula,
        cfg: &SolverConfig,
        key: &str,
    ) -> Result<B::Solver, SolverError> {
        let kept = self.reuse.keeps_solvers();
        let s = match self.pool.get(key) {
            Some(s) if kept => *s,
            _ => {
                let s = self.backend.new_solver(f, cfg)?;
                if kept {
                    self.pool.insert(key.to_string(), s);
                }
                s
            }
        };
        if self.reuse == Reuse::Scope {
            if let Err(e) = self.backend.push(s, 1) {
                // The push error is the one to report; leaving only deletes the solver.
                let _ = self.leave(s, key, false);
                return Err(e);
            }
        }
        Ok(s)
    }

    /// Ends a case on `s`: pop (`scope`), reset-assertions (`reset`) or delete it. A kept
    /// solver continues only after a `clean` case (sat or unsat: after an error or unknown
    /// the solver's state is not trusted; after "does not yet support ..." cvc5 answered the
    /// next check in the same solver wrongly: known-findings/) that it leaves cleanly.
    fn leave(&mut self, s: B::Solver, key: &str, clean: bool) -> Result<(), SolverError> {
        let kept = self.pool.get(key) == Some(&s);
        let left = if kept && clean {
            match self.reuse {
                Reuse::Scope => self.backend.pop(s, 1),
                _ => self.backend.reset_assertions(s),
            }
        } else {
            Ok(())
        };
        if kept && clean && left.is_ok() {
            return Ok(());
        }
        if kept {
            self.pool.remove(key);
        }
        self.backend.delete_solver(s);
        left
    }

    /// Declares, builds and asserts `f` in session `st`, checks, and reads the model or
    /// the core. `Ok(Err(reason))`: a term the release cannot build (unknown, not an error).
    fn check_formula(
        &mut self,
        s: B::Solver,
        st: &mut B::Session,
        f: &Formula,
        phases: &mut Phases,
    ) -> Result<Result<Checked, String>, SolverError> {
        let t0 = Instant::now();
        for k in 0..f.decls.len() {
            self.backend.declare(st, f, DeclId(k as u32))?;
        }
        match self.backend.build(st, f, &f.asserts) {
            Err(e) if e.call == UNSUPPORTED_CALL => return Ok(Err(e.message)),
            r => r?,
        }
        for (k, a) in f.asserts.iter().enumerate() {
            let track = self.cores.then_some(k);
            // A text path learns what its front end cannot read only when it asserts.
            match self.backend.assert(s, st, f, *a, track) {
                Err(e) if e.call == UNSUPPORTED_CALL => return Ok(Err(e.message)),
                r => r?,
            }
        }
        let t1 = Instant::now();
        phases.build = t1 - t0;
        super::count_check();
        let (verdict, reason) = self.backend.check(s, st, &[])?;
        phases.check = t1.elapsed();
        let t2 = Instant::now();
        let mut checked = Checked {
            verdict,
            reason,
            model: None,
            core: None,
        };
        match verdict {
            Verdict::Sat => checked.model = Some(self.backend.model(s, st, f)?),
            Verdict::Unsat if self.cores => {
                let all: Vec<usize> = (0..f.asserts.len()).collect();
                checked.core = Some(sorted(self.backend.core(s, st, &all)?));
            }
            _ => {}
        }
        phases.model = t2.elapsed();
        Ok(Ok(checked))
    }

    /// One action of the running script.
    fn act(
        &mut self,
        run: &mut Run<B>,
        sc: &Script,
        index: usize,
        active: &[usize],
    ) -> Result<Response, SolverError> {
        let f = &sc.formula;
        let action = &sc.actions[index];
        if run.skipped.is_some() && !action.is_check() {
            // The backend is not asked at all: nothing is built or asserted.
            return Ok(Response::Done);
        }
        let (b, s, st) = (&mut self.backend, run.solver, &mut run.session);
        if !action.is_query() {
            b.drop_model(st);
        }
        match action {
            Action::Declare(d) => b.declare(st, f, *d).map(|_| Response::Done),
            Action::Assert(t) => {
                match b.build(st, f, &[*t]) {
                    Err(e) if e.call == UNSUPPORTED_CALL => {
                        run.unsupported = Some(e.message);
                        return Ok(Response::Done);
                    }
                    r => r?,
                }
                let track = sc.setup.cores.then_some(index);
                match b.assert(s, st, f, *t, track) {
                    Err(e) if e.call == UNSUPPORTED_CALL => {
                        run.unsupported = Some(e.message);
                        Ok(Response::Done)
                    }
                    r => r.map(|_| Response::Done),
                }
            }
            Action::Push(n) => b.push(s, *n).map(|_| Response::Done),
            Action::Pop(n) => b.pop(s, *n).map(|_| Response::Done),
            Action::ResetAssertions => b.reset_assertions(s).map(|_| Response::Done),
            Action::CheckSat | Action::CheckSatAssuming(_) => {
                let start = Instant::now();
                let why = run.skipped.clone().or_else(|| {
                    run.unsupported
                        .as_ref()
                        .map(|m| format!("unsupported by this release: {m}"))
                });
                if let Some(why) = why {
                    return Ok(Response::Check(unknown(why, start.elapsed())));
                }
                let lits: &[NodeId] = match action {
                    Action::CheckSatAssuming(ls) => ls,
                    _ => &[],
                };
                b.build(st, f, lits)?;
                let mut phases = Phases::default();
                let t1 = Instant::now();
                super::count_check();
                let (verdict, reason) = b.check(s, st, lits)?;
                phases.check = t1.elapsed();
                let t2 = Instant::now();
                let model = if verdict == Verdict::Sat {
                    Some(b.model(s, st, &crate::cases::script::view(sc, active, lits))?)
                } else {
                    None
                };
                phases.model = t2.elapsed();
                Ok(Response::Check(Outcome {
                    verdict,
                    reason,
                    model,
                    time: start.elapsed(),
                    phases,
                    core: None,
                }))
            }
            Action::GetValue(ts) => {
                b.build(st, f, ts)?;
                b.values(s, st, f, ts).map(Response::Values)
            }
            Action::GetUnsatCore => b.core(s, st, active).map(|c| Response::Core(sorted(c))),
            Action::GetUnsatAssumptions => b.failed_assumptions(s, st).map(Response::Assumptions),
        }
    }
}

/// A one-shot check's answer.
struct Checked {
    verdict: Verdict,
    reason: Option<String>,
    model: Option<Model>,
    core: Option<Vec<usize>>,
}

/// A core's track names in order, each once.
fn sorted(mut core: Vec<usize>) -> Vec<usize> {
    core.sort_unstable();
    core.dedup();
    core
}

/// An unknown outcome with its reason, no solver asked.
fn unknown(reason: String, time: Duration) -> Outcome {
    Outcome {
        verdict: Verdict::Unknown,
        reason: Some(reason),
        model: None,
        time,
        phases: Phases::default(),
        core: None,
    }
}

impl<B: Backend> Solver for Driver<B> {
    fn id(&self) -> SolverId {
        self.backend.id()
    }

    fn version(&self) -> String {
        self.backend.version()
    }

    fn check(&mut self, f: &Formula, limits: &Limits) -> Result<Outcome, SolverError> {
        if let Some(reason) = facts::skip_reason(self.backend.id(), f) {
            return Ok(unknown(reason, Duration::ZERO));
        }
        // The configuration and key are ours to compute (passes over the formula): not
        // solver time. Recycling is solver time too (deleting a context can take a while).
        let sig = f.signature();
        let options = self.setup.options_of(self.backend.id());
        let cfg = SolverConfig {
            logic: sig.logic(),
            nonlinear: sig.nonlinear,
            limits,
            incremental: self.reuse.keeps_solvers(),
            cores: self.cores,
            unsat_assumptions: false,
            self_checks: false,
            options: &options,
            z3_solver: self.setup.z3_solver,
            print: self.setup.print,
        };
        let key = self.backend.solver_key(f, &cfg);
        let start = Instant::now();
        let mut phases = Phases::default();
        self.recycle_if_due(Some(limits))?;
        let s = match self.solver_for(f, &cfg, &key) {
            // An option this release does not take, or one that conflicts with the formula: the
            // case is not this solver's to decide.
            Err(e)
                if e.call == super::OPTION_CALL
                    || !options.is_empty()
                        && facts::limitation(
                            self.backend.id(),
                            facts::LimitKind::OptionConflict,
                            &e.message,
                        )
                        .is_some() =>
            {
                return Ok(unknown(
                    format!(
                        "unsupported: option not taken by this release: {}",
                        e.message
                    ),
                    start.elapsed(),
                ))
            }
            // A front end that cannot read the script's own commands (a documented
            // limitation, e.g. Z3's predefined `List`): unknown, as for a term it cannot read.
            Err(e) if e.call == UNSUPPORTED_CALL => {
                return Ok(unknown(
                    format!("unsupported: {}", e.message),
                    start.elapsed(),
                ))
            }
            r => r?,
        };
        phases.setup = start.elapsed();
        let mut st = self.backend.open(f);
        let r = self.check_formula(s, &mut st, f, &mut phases);
        let t = Instant::now();
        self.backend.close(st);
        // A solver given recursive definitions keeps them past its case (cvc5's are global,
        // so that a pop does not undo them): it is not reused.
        let clean = f.rec_defs.is_empty()
            && matches!(
                &r,
                Ok(Ok(Checked {
                    verdict: Verdict::Sat | Verdict::Unsat,
                    ..
                }))
            );
        self.leave(s, &key, clean)?;
        phases.teardown = t.elapsed();
        let r = match r {
            // The case's curated options conflict with the formula or with each other (a
            // documented restriction of the solver): not this solver's to decide.
            Err(e)
                if !options.is_empty()
                    && facts::limitation(
                        self.backend.id(),
                        facts::LimitKind::OptionConflict,
                        &e.message,
                    )
                    .is_some() =>
            {
                Ok(Err(format!(
                    "the options {options:?} conflict: {}",
                    e.message
                )))
            }
            // A construct the solver documents as unsupported in the mode used, met at any
            // call of the check (the model's `get-value` too): no verdict, not an API error.
            Err(e)
                if facts::limitation(self.backend.id(), facts::LimitKind::Check, &e.message)
                    .is_some() =>
            {
                Ok(Err(e.message))
            }
            // An error on a float format the solver supports in part, by its developers' word.
            Err(e) => match facts::partial_support(self.backend.id(), f) {
                Some(why) => Ok(Err(format!("{why}: {}", e.message))),
                None => Err(e),
            },
            r => r,
        };
        let checked = match r? {
            Ok(c) => c,
            Err(why) => Checked {
                verdict: Verdict::Unknown,
                reason: Some(format!("unsupported: {why}")),
                model: None,
                core: None,
            },
        };
        Ok(Outcome {
            verdict: checked.verdict,
            reason: checked.reason,
            model: checked.model,
            time: start.elapsed(),
            phases,
            core: checked.core,
        })
    }

    fn set_unsat_cores(&mut self, on: bool) {
        self.cores = on;
    }

    fn forget(&mut self) {
        self.drop_pool();
    }

    fn set_setup(&mut self, setup: &super::CaseSetup) {
        self.reuse = self.backend.fixed_reuse().unwrap_or(setup.reuse);
        self.setup = *setup;
    }

    fn recycle_soon(&mut self) {
        self.cases = u32::MAX - 1;
    }

    fn set_source(&mut self, text: Option<std::sync::Arc<str>>) {
        self.backend.set_source(text);
    }

    fn run_text(
        &mut self,
        text: &str,
        f: &Formula,
        limits: &Limits,
    ) -> Option<Result<String, SolverError>> {
        super::count_check();
        self.backend.run_text(text, f, limits)
    }

    fn provoke_error(&mut self) -> Option<SolverError> {
        self.backend.provoke_error()
    }

    fn simplify(
        &mut self,
        f: &Formula,
        terms: &[NodeId],
    ) -> Result<Vec<Option<Value>>, SolverError> {
        self.recycle_if_due(None)?;
        self.backend.simplify(f, terms)
    }

    fn script_begin(&mut self, sc: &Script, limits: &Limits) -> Result<(), SolverError> {
        self.script_end();
        self.recycle_if_due(Some(limits))?;
        let f = &sc.formula;
        let sig = f.signature();
        let cfg = SolverConfig {
            logic: sig.logic(),
            nonlinear: sig.nonlinear,
            limits,
            incremental: true,
            cores: sc.setup.cores,
            unsat_assumptions: sc.setup.unsat_assumptions,
            self_checks: sc.setup.self_checks,
            options: sc.setup.options_of(self.backend.id()),
            // Scripts check under assumptions and read cores: Z3's solver for the logic.
            z3_solver: super::Z3Solver::ForLogic,
            print: self.setup.print,
        };
        let solver = self.backend.new_solver(f, &cfg)?;
        let session = self.backend.open(f);
        self.script = Some(Run {
            solver,
            session,
            skipped: facts::skip_reason(self.backend.id(), f).or_else(|| {
                facts::script_skip_reason(
                    self.backend.id(),
                    f,
                    sc.setup.cores,
                    sc.setup.unsat_assumptions,
                    sc.actions
                        .iter()
                        .any(|a| matches!(a, Action::CheckSatAssuming(_))),
                )
            }),
            unsupported: None,
        });
        Ok(())
    }

    fn script_act(
        &mut self,
        sc: &Script,
        index: usize,
        active: &[usize],
    ) -> Result<Response, SolverError> {
        let mut run = self.script.take().expect("script_act inside a script");
        let r = match self.act(&mut run, sc, index, active) {
            // An error on a float format the solver supports in part, by its developers'
            // word (as a one-shot check takes it): a check answers unknown, and a declaration
            // or assertion it fails on makes the script's later checks unknown. A query after
            // a check keeps its error: the check's verdict stands.
            Err(e) if !sc.actions[index].is_query() => {
                match facts::partial_support(self.backend.id(), &sc.formula) {
                    Some(why) => {
                        let why = format!("{why}: {}", e.message);
                        if sc.actions[index].is_check() {
                            Ok(Response::Check(unknown(
                                format!("unsupported: {why}"),
                                Duration::ZERO,
                            )))
                        } else {
                            run.unsupported = Some(why);
                            Ok(Response::Done)
                        }
                    }
                    None => Err(e),
                }
            }
            r => r,
        };
        self.script = Some(run);
        r
    }

    fn script_end(&mut self) {
        if let Some(run) = self.script.take() {
            self.backend.close(run.session);
            self.backend.delete_solver(run.solver);
        }
    }
}

impl<B: Backend> Drop for Driver<B> {
    fn drop(&mut self) {
        // Every solver goes before the backend (and its context) is dropped.
        self.script_end();
        self.drop_pool();
    }
}
