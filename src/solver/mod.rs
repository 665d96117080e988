//! The solver interface and its backends. All `unsafe` FFI lives in `z3.rs`, `cvc5.rs` and
//! `yices.rs`; the rest of smtsmith sees only this module's types.

pub mod catalog;
#[allow(unsafe_code)]
pub mod cvc5;
mod driver;
pub(crate) mod interrupt;
mod setup;
pub(crate) mod sys;
pub(crate) mod text;
#[allow(unsafe_code)]
pub mod yices;
#[allow(unsafe_code)]
pub mod z3;

pub use setup::{CaseOptions, CaseSetup, Paths, SetupDraw, Z3Solver};

/// Runs an SMT-LIB script through `id`'s own front end (`smtsmith solve`): Z3's and Yices's
/// binaries, cvc5's parser library in-process (its wheels ship no binary); what it printed,
/// with a time limit per check in milliseconds. A new solver registers its front end here.
pub fn solve_text(id: SolverId, text: &str, timeout_ms: u32) -> Result<String, String> {
    match id {
        SolverId::Z3 | SolverId::Z3Text => {
            z3::run_binary(text, timeout_ms).map_err(|e| e.to_string())
        }
        SolverId::Cvc5 | SolverId::Cvc5Text => {
            cvc5::run_script(text, timeout_ms).map_err(|e| e.to_string())
        }
        SolverId::Yices => yices::run_binary(text, timeout_ms).map_err(|e| e.to_string()),
    }
}

use crate::cases::script::Script;
use crate::lang::eval::Model;
use crate::lang::ir::{DeclId, Formula, Idx, NodeId, NodeKind, Op, Sort, Value};
use num_bigint::BigInt;
use num_rational::BigRational;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

pub use crate::dialect::solver_id::SolverId;
pub use crate::lang::ir::Verdict;

static CHECKS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Solver checks this process has made (every solver, path and re-check): the "solver
/// calls" of throughput measurements.
pub fn checks() -> u64 {
    CHECKS.load(std::sync::atomic::Ordering::Relaxed)
}

fn count_check() {
    CHECKS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
}

/// Deterministic per-check resource limits (plus a wall-clock backstop that should never
/// be the one that fires; when it does, the reason says so).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "LimitsRecord")]
pub struct Limits {
    /// Each solver's resource limit per check, in the unit of its profile's option
    /// ([`crate::dialect::profile::Profile::rlimit`]: Z3's `rlimit`, cvc5's `rlimit-per`); a solver not
    /// named, or 0, has none.
    pub rlimit: std::collections::BTreeMap<SolverId, u64>,
    /// Wall-clock backstop per check, in milliseconds.
    pub timeout_ms: u32,
}

/// [`Limits`] as findings record them: this shape, or that of findings written before the
/// profiles (`z3_rlimit`, `cvc5_rlimit`), which still read.
#[derive(Deserialize)]
struct LimitsRecord {
    #[serde(default)]
    rlimit: std::collections::BTreeMap<SolverId, u64>,
    z3_rlimit: Option<u64>,
    cvc5_rlimit: Option<u64>,
    timeout_ms: u32,
}

impl From<LimitsRecord> for Limits {
    fn from(r: LimitsRecord) -> Limits {
        let mut rlimit = r.rlimit;
        for (id, old) in [(SolverId::Z3, r.z3_rlimit), (SolverId::Cvc5, r.cvc5_rlimit)] {
            if let Some(v) = old {
                rlimit.insert(id, v);
            }
        }
        Limits {
            rlimit,
            timeout_ms: r.timeout_ms,
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            rlimit: crate::dialect::profile::default_rlimits(),
            timeout_ms: 2_000,
        }
    }
}

impl Limits {
    /// The default limits times `effort` (each at least 1).
    pub fn scaled(effort: f64) -> Self {
        let d = Limits::default();
        Limits {
            rlimit: d
                .rlimit
                .into_iter()
                .map(|(id, v)| (id, ((v as f64) * effort).max(1.0) as u64))
                .collect(),
            timeout_ms: (f64::from(d.timeout_ms) * effort).max(1.0) as u32,
        }
    }

    /// The time limit alone, no resource limit.
    pub fn time_only(timeout_ms: u32) -> Self {
        Limits {
            rlimit: Default::default(),
            timeout_ms,
        }
    }

    /// `z3 rlimit 1000000, cvc5 rlimit-per 20000, 2000 ms per check`: the limits as the
    /// solvers' options name them.
    pub fn describe(&self) -> String {
        let mut parts: Vec<String> = SolverId::ALL
            .into_iter()
            .filter_map(|id| {
                crate::dialect::profile::of(id)
                    .rlimit
                    .map(|r| format!("{id} {} {}", r.option, self.rlimit_of(id)))
            })
            .collect();
        parts.push(format!("{} ms per check", self.timeout_ms));
        parts.join(", ")
    }

    /// `id`'s resource limit per check (0: none).
    pub fn rlimit_of(&self, id: SolverId) -> u64 {
        self.rlimit.get(&id.library()).copied().unwrap_or(0)
    }
}

/// The answer of one solver to one check.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub verdict: Verdict,
    /// The solver's reason for `unknown`.
    pub reason: Option<String>,
    /// Values of the declared constants, after `sat`.
    pub model: Option<Model>,
    /// Time spent in the solver, including term construction.
    pub time: Duration,
    /// Where `time` went.
    pub phases: Phases,
    /// After `unsat` with unsat cores asked for ([`Solver::set_unsat_cores`]): the indices
    /// (into the formula's assertions) of the solver's unsat core.
    pub core: Option<Vec<usize>>,
}

/// The parts of one check's time (their sum is at most [`Outcome::time`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Phases {
    /// Context recycling, solver creation or reuse (push, reset), options, logic.
    pub setup: Duration,
    /// Declarations, term construction and assertions (our translation driving the API).
    pub build: Duration,
    /// The `check-sat` call itself.
    pub check: Duration,
    /// Reading the model after `sat` (values, function interpretations).
    pub model: Duration,
    /// Leaving the case: pop, reset or deleting the solver.
    pub teardown: Duration,
}

impl Phases {
    /// Time in the solver libraries' own work: everything but term construction.
    pub fn inside_solvers(&self) -> Duration {
        self.setup + self.check + self.model + self.teardown
    }

    /// All five phases.
    pub fn total(&self) -> Duration {
        self.inside_solvers() + self.build
    }
}

impl std::ops::AddAssign for Phases {
    fn add_assign(&mut self, o: Phases) {
        self.setup += o.setup;
        self.build += o.build;
        self.check += o.check;
        self.model += o.model;
        self.teardown += o.teardown;
    }
}

/// How a backend reuses solver state between cases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Reuse {
    /// A new context (Z3) / term manager (cvc5) and solver for every case.
    Fresh,
    /// One context / term manager (recycled every few hundred cases), a new solver per case.
    Solver,
    /// One solver per logic and options, kept across cases; `reset-assertions` after each.
    Reset,
    /// One solver per logic and options, kept across cases; each case inside `push`/`pop`.
    Scope,
}

impl Reuse {
    /// Chosen by measurement (`docs/performance.md`, solver reuse modes).
    pub const DEFAULT: Reuse = Reuse::Scope;
    pub const ALL: [Reuse; 4] = [Reuse::Fresh, Reuse::Solver, Reuse::Reset, Reuse::Scope];

    /// The modes a case draws from under `SMTSMITH_REUSE=mixed`: a new context per case, one
    /// non-incremental check on a kept solver, an incremental one inside `push`/`pop`.
    pub const DRAWN: [Reuse; 3] = [Reuse::Fresh, Reuse::Reset, Reuse::Scope];

    /// The mode a case with fuzzer input `input` draws ([`CaseSetup::drawn`]: the same
    /// input replays in the same mode, and the decoding of the input is untouched).
    pub fn drawn_for(input: &[u8]) -> Reuse {
        CaseSetup::drawn(input, Paths::Api).reuse
    }

    /// Whether solvers outlive a case.
    pub fn keeps_solvers(self) -> bool {
        matches!(self, Reuse::Reset | Reuse::Scope)
    }

    /// Cases between two context / term-manager recycles: one for `fresh`, else `usual`.
    pub fn cases_per_context(self, usual: u32) -> u32 {
        if self == Reuse::Fresh {
            1
        } else {
            usual
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Reuse::Fresh => "fresh",
            Reuse::Solver => "solver",
            Reuse::Reset => "reset",
            Reuse::Scope => "scope",
        }
    }
}

impl std::str::FromStr for Reuse {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Reuse::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| format!("unknown reuse mode {s:?} (fresh, solver, reset, scope)"))
    }
}

impl fmt::Display for Reuse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A failure of the solver's API on a well-sorted call: itself a finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverError {
    pub solver: SolverId,
    /// The API function that reported the error.
    pub call: String,
    pub message: String,
}

impl fmt::Display for SolverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} API error in {}: {}",
            self.solver, self.call, self.message
        )
    }
}

impl std::error::Error for SolverError {}

/// One solver backend.
pub trait Solver {
    fn id(&self) -> SolverId;
    /// Version of the linked library, as the library reports it.
    fn version(&self) -> String;
    /// Asserts every assertion of `f` in a fresh scope and checks satisfiability;
    /// after `sat`, reads the value of every declared constant.
    fn check(&mut self, f: &Formula, limits: &Limits) -> Result<Outcome, SolverError>;
    /// From now on, track every assertion and read the unsat core after `unsat`
    /// (`Outcome::core`); off by default.
    fn set_unsat_cores(&mut self, on: bool);
    /// Drops every kept solver (reuse modes `reset` and `scope`): the next check starts
    /// on a new solver, as the first check of a process does.
    fn forget(&mut self);
    /// From the next case on, meet the cases as `setup` says: reuse solver state between
    /// cases as its `reuse` says (kept solvers stay kept; a new context comes when `fresh`
    /// asks for one), make Z3's solvers with its constructor, print as it says (text paths).
    fn set_setup(&mut self, setup: &CaseSetup);

    /// [`Solver::set_setup`] with only the reuse mode changed.
    fn set_reuse(&mut self, reuse: Reuse) {
        self.set_setup(&CaseSetup {
            reuse,
            ..Default::default()
        });
    }
    /// Makes the next check start in a new context / term manager, freeing everything the
    /// current one holds (the harness asks for it when the process grows too large).
    fn recycle_soon(&mut self);
    /// From the next check on, a text path runs `text` — a script's own commands before its
    /// first `check-sat`, as the file writes them ([`crate::cases::smtlib::source::before_first_check`]) —
    /// instead of printing the formula's declarations and assertions; the formula checked
    /// must be that script's, read by smtsmith (its model is read by the names it declares).
    /// `None`: print the formula again. The API paths ignore it.
    fn set_source(&mut self, _text: Option<std::sync::Arc<str>>) {}
    /// A text path runs the whole script `text` on a new front-end state, models produced
    /// and every check under `limits`, and returns what it printed (`None`: an API path).
    fn run_text(
        &mut self,
        _text: &str,
        _f: &Formula,
        _limits: &Limits,
    ) -> Option<Result<String, SolverError>> {
        None
    }
    /// Makes a deliberately ill-sorted API call (`(not 1)`) and returns the error the
    /// solver reported through our error channel. Proves the channel works: the solver
    /// neither exited nor crashed. `None` would mean the call was accepted.
    fn provoke_error(&mut self) -> Option<SolverError>;
    /// Simplifies each of `terms`, nodes of the ground formula `f` (no declared constants),
    /// with the solver's own rewriter, and reads each result as a value; `None` where the
    /// result is not a value (the rewriter left it partly unevaluated).
    fn simplify(
        &mut self,
        f: &Formula,
        terms: &[NodeId],
    ) -> Result<Vec<Option<Value>>, SolverError>;
    /// Starts an incremental script on a new solver configured by `s.setup` (its curated
    /// options, self-checks, cores, unsat assumptions) and `limits`. An option the linked
    /// release does not take fails with call [`OPTION_CALL`].
    fn script_begin(&mut self, s: &Script, limits: &Limits) -> Result<(), SolverError>;
    /// Performs action `index` of `s`; `active` lists the assertions in force (their
    /// `Assert` action indices) after it, as [`crate::cases::script::Frames`] computes them.
    fn script_act(
        &mut self,
        s: &Script,
        index: usize,
        active: &[usize],
    ) -> Result<Response, SolverError>;
    /// Ends the script, releasing its solver (also after an error).
    fn script_end(&mut self);
}

/// Whether an `unknown`'s reason is a resource, time or memory limit (the backends use it to
/// say when a solver's own reason leaves the limit out; `oracle::is_limit`).
pub fn is_limit_reason(reason: &str) -> bool {
    [
        "canceled",
        "timeout",
        "resource",
        "RESOURCEOUT",
        "TIMEOUT",
        "memory",
        "MEMOUT",
        "interrupted",
    ]
    .iter()
    .any(|m| reason.contains(m))
}

/// `SolverError::call` of a term the linked release cannot build (an operator it does not
/// have): the check answers `unknown` (with the message) instead of reporting an API error.
pub const UNSUPPORTED_CALL: &str = "unsupported by this release";

/// `SolverError::call` of an option the solver does not take (the script is skipped as
/// having incompatible options, not reported).
pub const OPTION_CALL: &str = "set-option";

/// What one script action returned. (A check's outcome is the large variant; a script has
/// a handful of responses at a time, so it is not boxed.)
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum Response {
    /// Declarations, assertions, push, pop, reset-assertions.
    Done,
    /// A check's answer (the model: values of the declared constants, after sat).
    Check(Outcome),
    /// get-value: each term's value (`None`: not a value we can read exactly).
    Values(Vec<Option<Value>>),
    /// get-unsat-core: the `Assert` action indices of the core.
    Core(Vec<usize>),
    /// get-unsat-assumptions: the failed assumption literals.
    Assumptions(Vec<NodeId>),
}

pub(crate) use crate::solver::sys::return_freed_memory;

/// The process's resident set size in MiB (Linux; `None` elsewhere).
pub fn rss_mib() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * crate::solver::sys::page_size() / (1024 * 1024))
}

/// One path under the action interpreter: the registration of every solver path. (Text
/// paths start every case on a new front-end state, whatever `reuse` says.)
pub fn open(id: SolverId, reuse: Reuse) -> Result<Box<dyn Solver>, SolverError> {
    use driver::Driver;
    Ok(match id {
        SolverId::Z3 => Box::new(Driver::new(z3::Z3::new()?, reuse)),
        SolverId::Cvc5 => Box::new(Driver::new(cvc5::Cvc5::new()?, reuse)),
        SolverId::Z3Text => Box::new(Driver::new(text::Text::new(z3::FrontEnd::new())?, reuse)),
        SolverId::Cvc5Text => {
            Box::new(Driver::new(text::Text::new(cvc5::FrontEnd::new()?)?, reuse))
        }
        SolverId::Yices => Box::new(Driver::new(yices::Yices::new()?, reuse)),
    })
}

/// How a backend builds terms; [`translate`] drives it over a formula.
pub(crate) trait TermBuilder {
    type Term: Copy;
    fn literal(&mut self, v: &Value) -> Result<Self::Term, SolverError>;
    fn constant(&mut self, d: DeclId) -> Result<Self::Term, SolverError>;
    /// `sort` is the application's sort (only `((as const S) v)` needs it).
    fn apply(
        &mut self,
        op: Op,
        idx: Idx,
        args: &[Self::Term],
        sort: &Sort,
    ) -> Result<Self::Term, SolverError>;
    /// An application of the declared function `d`.
    fn call(&mut self, d: DeclId, args: &[Self::Term]) -> Result<Self::Term, SolverError>;
    /// A variable to be bound by a quantifier.
    fn bound_var(&mut self, name: &str, sort: &Sort) -> Result<Self::Term, SolverError>;
    /// `(forall (vars) body)` or `(exists (vars) body)` over variables from
    /// [`TermBuilder::bound_var`].
    fn quantifier(
        &mut self,
        forall: bool,
        vars: &[Self::Term],
        body: Self::Term,
    ) -> Result<Self::Term, SolverError>;
}

/// Builds the backend terms of `roots` (any nodes of `f`, each outside every `let`),
/// each node once (the formula is a DAG).
/// `let`s are expanded: the solvers' APIs have no let, and a bound variable stands for its
/// value, so each binding's term is substituted where the variable occurs. Quantified
/// variables become the backend's bound variables (each has exactly one binder, so the
/// memo of a node below it stays valid).
pub(crate) fn translate_roots<B: TermBuilder>(
    f: &Formula,
    b: &mut B,
    roots: &[NodeId],
) -> Result<Vec<B::Term>, SolverError> {
    translate_with_memo(f, b, roots).map(|(terms, _)| terms)
}

/// The roots' terms and the term of each node (see [`translate_with_memo`]).
pub(crate) type Translated<T> = (Vec<T>, Vec<Option<T>>);

/// [`translate_roots`], also returning the term built for each node (`None`: not
/// reached, or built only inside a `let` whose variable it uses).
pub(crate) fn translate_with_memo<B: TermBuilder>(
    f: &Formula,
    b: &mut B,
    roots: &[NodeId],
) -> Result<Translated<B::Term>, SolverError> {
    let mut st = Memo::new(f);
    let terms = translate_more(f, b, roots, &mut st)?;
    Ok((terms, st.memo))
}

/// The terms built so far for the nodes of one formula: kept across calls of
/// [`translate_more`] (a script translates its assertions one action at a time; the
/// backend's terms live as long as its context / term manager).
pub(crate) struct Memo<T> {
    pub(crate) memo: Vec<Option<T>>,
    bound: Vec<Option<T>>,
}

impl<T: Copy> Memo<T> {
    pub(crate) fn new(f: &Formula) -> Self {
        Memo {
            memo: vec![None; f.nodes.len()],
            bound: vec![None; f.bounds.len()],
        }
    }
}

/// [`translate_roots`] continuing from the terms in `st` (each node built once overall).
pub(crate) fn translate_more<B: TermBuilder>(
    f: &Formula,
    b: &mut B,
    roots: &[NodeId],
    st: &mut Memo<B::Term>,
) -> Result<Vec<B::Term>, SolverError> {
    fn go<B: TermBuilder>(
        f: &Formula,
        b: &mut B,
        st: &mut Memo<B::Term>,
        id: NodeId,
    ) -> Result<B::Term, SolverError> {
        if let Some(t) = st.memo[id.0 as usize] {
            return Ok(t);
        }
        let t = match &f.node(id).kind {
            NodeKind::Lit(v) => b.literal(v)?,
            NodeKind::Const(d) => b.constant(*d)?,
            NodeKind::Bound(v) => {
                st.bound[v.0 as usize].expect("bound variable outside its binder")
            }
            NodeKind::Call(d, args) => {
                let mut xs = Vec::with_capacity(args.len());
                for a in args {
                    xs.push(go(f, b, st, *a)?);
                }
                b.call(*d, &xs)?
            }
            NodeKind::Quant { forall, vars, body } => {
                let mut xs = Vec::with_capacity(vars.len());
                for v in vars {
                    let d = &f.bounds[v.0 as usize];
                    let x = b.bound_var(&d.name, &d.sort)?;
                    st.bound[v.0 as usize] = Some(x);
                    xs.push(x);
                }
                let body = go(f, b, st, *body)?;
                b.quantifier(*forall, &xs, body)?
            }
            NodeKind::Let(bindings, body) => {
                for (v, t) in bindings {
                    let value = go(f, b, st, *t)?;
                    st.bound[v.0 as usize] = Some(value);
                }
                go(f, b, st, *body)?
            }
            NodeKind::App(op, idx, args) => {
                let mut xs = Vec::with_capacity(args.len());
                for a in args {
                    xs.push(go(f, b, st, *a)?);
                }
                b.apply(*op, *idx, &xs, f.sort_of(id))?
            }
        };
        st.memo[id.0 as usize] = Some(t);
        Ok(t)
    }
    roots.iter().map(|a| go(f, b, st, *a)).collect()
}

/// The terms of a recursive definition: its parameters as the backend's bound variables
/// ([`TermBuilder::bound_var`]) and its body over them, built in session memo `st`.
pub(crate) fn translate_rec_def<B: TermBuilder>(
    f: &Formula,
    b: &mut B,
    def: &crate::lang::ir::RecDef,
    st: &mut Memo<B::Term>,
) -> Result<(Vec<B::Term>, B::Term), SolverError> {
    let mut params = Vec::with_capacity(def.params.len());
    for p in &def.params {
        let d = &f.bounds[p.0 as usize];
        let x = b.bound_var(&d.name, &d.sort)?;
        st.bound[p.0 as usize] = Some(x);
        params.push(x);
    }
    let body = translate_more(f, b, &[def.body], st)?[0];
    Ok((params, body))
}

/// A function's values as (arguments, value) pairs.
pub(crate) type FuncTable = Vec<(Vec<Value>, Value)>;

/// How [`read_points`] asks a backend's model: the value of a term, and a new term (an
/// operator application, built as the backend builds any).
pub(crate) trait ModelReader {
    type Term: Copy;
    /// The model's value of `t`, if it is a value of `sort` we read exactly.
    fn value(&mut self, t: Self::Term, sort: &Sort) -> Result<Option<Value>, SolverError>;
    fn apply(
        &mut self,
        op: Op,
        args: &[Self::Term],
        sort: &Sort,
    ) -> Result<Self::Term, SolverError>;
}

/// What a model determines beyond the constants, read in one pass over `f`'s reachable
/// nodes with no quantified variable free in them (let variables count through their
/// bindings, since lets are expanded), from their terms in `memo`:
/// - the function tables completed with the values at the applications of declared
///   functions (where a point already has an entry, the entry stays);
/// - the divisions by zero ([`crate::lang::eval::Model::divisions`]): for each step of a `div`,
///   `mod` or `/` chain (left-associative) whose divisor the model makes zero, the quotient
///   so far and that step's value. The first value of a key is kept: a model that gives one
///   key two values contradicts itself, and the assertions show it.
pub(crate) fn read_points<R: ModelReader>(
    f: &Formula,
    memo: &[Option<R::Term>],
    funcs: &mut [FuncTable],
    r: &mut R,
) -> Result<(crate::lang::eval::Divisions, crate::lang::eval::Unspecified), SolverError> {
    let free = f.free_bound_vars(true);
    let mut divisions = crate::lang::eval::Divisions::new();
    let mut unspecified = crate::lang::eval::Unspecified::new();
    for id in f.reachable_postorder() {
        if !free[id.0 as usize].is_empty() {
            continue;
        }
        match &f.node(id).kind {
            NodeKind::Call(d, args) => {
                let decl = &f.decls[d.0 as usize];
                let Some(t) = memo[id.0 as usize] else {
                    continue;
                };
                let mut point = Vec::with_capacity(args.len());
                for (a, s) in args.iter().zip(&decl.args) {
                    match memo[a.0 as usize] {
                        Some(at) => match r.value(at, s)? {
                            Some(v) => point.push(v),
                            None => break,
                        },
                        None => break,
                    }
                }
                if point.len() != args.len() {
                    continue;
                }
                if let Some(v) = r.value(t, &decl.sort)? {
                    let table = &mut funcs[d.0 as usize];
                    if !table.iter().any(|(k, _)| *k == point) {
                        table.push((point, v));
                    }
                }
            }
            NodeKind::App(op @ (Op::IntDiv | Op::Mod | Op::RealDiv), _, args) => {
                let terms: Option<Vec<_>> = args.iter().map(|a| memo[a.0 as usize]).collect();
                let Some(terms) = terms else { continue };
                let sort = f.sort_of(id);
                let mut acc = terms[0];
                for tb in &terms[1..] {
                    // A binary division's one step is the node itself.
                    let step = match memo[id.0 as usize] {
                        Some(t) if args.len() == 2 => t,
                        _ => r.apply(*op, &[acc, *tb], sort)?,
                    };
                    if r.value(*tb, sort)?
                        .is_some_and(|v| crate::lang::eval::is_zero(&v))
                    {
                        if let (Some(dividend), Some(v)) =
                            (r.value(acc, sort)?, r.value(step, sort)?)
                        {
                            let key = (*op, dividend);
                            if !divisions.iter().any(|(k, _)| *k == key) {
                                divisions.push((key, v));
                            }
                        }
                    }
                    acc = step;
                }
            }
            // An application SMT-LIB leaves unspecified at the model's argument values: the
            // model's own value of it.
            NodeKind::App(op, idx, args) if crate::lang::eval::may_be_unspecified(*op) => {
                let Some(t) = memo[id.0 as usize] else {
                    continue;
                };
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    match memo[a.0 as usize] {
                        Some(at) => match r.value(at, f.sort_of(*a))? {
                            Some(v) => vals.push(v),
                            None => break,
                        },
                        None => break,
                    }
                }
                if vals.len() != args.len()
                    || crate::lang::eval::apply_indexed(*op, *idx, &vals).is_ok()
                {
                    continue;
                }
                if let Some(v) = r.value(t, f.sort_of(id))? {
                    let key = (*op, *idx, vals);
                    if !unspecified.iter().any(|(k, _)| *k == key) {
                        unspecified.push((key, v));
                    }
                }
            }
            _ => {}
        }
    }
    Ok((divisions, unspecified))
}

/// Builds a regular-language value (a literal of sort RegLan, e.g. an evaluator result
/// placed in a formula) from the theory's operators.
pub(crate) fn regex_term<B: TermBuilder>(
    b: &mut B,
    r: &crate::lang::ir::regex::Re,
) -> Result<B::Term, SolverError> {
    use crate::lang::ir::regex::{CharSet, Re};
    let nary = |b: &mut B, op: Op, ps: &[std::sync::Arc<Re>]| -> Result<B::Term, SolverError> {
        let xs = ps
            .iter()
            .map(|p| regex_term(b, p))
            .collect::<Result<Vec<_>, _>>()?;
        b.apply(op, [0, 0], &xs, &Sort::RegLan)
    };
    match r {
        Re::Chars(s) if s.is_empty() => b.apply(Op::ReNone, [0, 0], &[], &Sort::RegLan),
        Re::Chars(s) if *s == CharSet::full() => b.apply(Op::ReAllchar, [0, 0], &[], &Sort::RegLan),
        Re::Chars(s) => {
            let mut ranges = Vec::new();
            for (lo, hi) in s.intervals() {
                let lo = b.literal(&Value::Str(vec![*lo]))?;
                let hi = b.literal(&Value::Str(vec![*hi]))?;
                ranges.push(b.apply(Op::ReRange, [0, 0], &[lo, hi], &Sort::RegLan)?);
            }
            if ranges.len() == 1 {
                Ok(ranges[0])
            } else {
                b.apply(Op::ReUnion, [0, 0], &ranges, &Sort::RegLan)
            }
        }
        Re::Eps => {
            let e = b.literal(&Value::Str(Vec::new()))?;
            b.apply(Op::StrToRe, [0, 0], &[e], &Sort::RegLan)
        }
        Re::Concat(ps) => nary(b, Op::ReConcat, ps),
        Re::Union(ps) => nary(b, Op::ReUnion, ps),
        Re::Inter(ps) => nary(b, Op::ReInter, ps),
        Re::Comp(p) => nary(b, Op::ReComp, std::slice::from_ref(p)),
        Re::Star(p) => nary(b, Op::ReStar, std::slice::from_ref(p)),
    }
}

/// Builds an array value: its constant array, then one `store` per exception. cvc5 takes
/// only values in a constant array, and a nested array with exceptions is not one; where
/// the canonical default is such an array and the index sort is enumerable, the array is
/// written over the inner array's constant part with a store at every index that differs.
/// A datatype value as its constructor applications (its fields through `b.literal`: an array
/// or a nested datatype value builds as it does anywhere).
pub(crate) fn datatype_term<B: TermBuilder>(
    b: &mut B,
    d: &crate::lang::ir::DtValue,
) -> Result<B::Term, SolverError> {
    let args = d
        .args
        .iter()
        .map(|a| b.literal(a))
        .collect::<Result<Vec<_>, _>>()?;
    b.apply(
        Op::DtCons,
        [d.ctor, 0],
        &args,
        &Sort::Datatype(d.sort.clone()),
    )
}

/// A sequence value as the theory's operators build it: `seq.empty`, one `seq.unit`, or the
/// concatenation of the units.
pub(crate) fn seq_term<B: TermBuilder>(
    b: &mut B,
    elem: &Sort,
    items: &[Value],
) -> Result<B::Term, SolverError> {
    let sort = Sort::seq(elem.clone());
    let mut units = Vec::with_capacity(items.len());
    for x in items {
        let t = b.literal(x)?;
        units.push(b.apply(Op::SeqUnit, [0, 0], &[t], &sort)?);
    }
    match units.len() {
        0 => b.apply(Op::SeqEmpty, [0, 0], &[], &sort),
        1 => Ok(units[0]),
        _ => b.apply(Op::SeqConcat, [0, 0], &units, &sort),
    }
}

pub(crate) fn array_term<B: TermBuilder>(
    b: &mut B,
    a: &crate::lang::ir::ArrayValue,
) -> Result<B::Term, SolverError> {
    let sort = Sort::array(a.index.clone(), a.elem.clone());
    let (base, entries) = match &*a.default {
        Value::Array(inner) if !inner.entries.is_empty() && a.index.enumerable_size().is_some() => {
            let base = Value::Array(crate::lang::ir::ArrayValue::constant(
                inner.index.clone(),
                (*inner.default).clone(),
            ));
            let entries = a
                .index
                .enumerate()
                .into_iter()
                .map(|i| {
                    let v = a.select(&i);
                    (i, v)
                })
                .filter(|(_, v)| *v != base)
                .collect();
            (base, entries)
        }
        d => (d.clone(), a.entries.clone()),
    };
    let d = b.literal(&base)?;
    let mut t = b.apply(Op::ConstArray, [0, 0], &[d], &sort)?;
    for (i, v) in &entries {
        let i = b.literal(i)?;
        let v = b.literal(v)?;
        t = b.apply(Op::Store, [0, 0], &[t, i, v], &sort)?;
    }
    Ok(t)
}

/// The body of [`Solver::provoke_error`]: builds `(not 1)` through a backend's builder.
pub(crate) fn provoke<B: TermBuilder>(b: &mut B) -> Option<SolverError> {
    let one = b.literal(&Value::Int(1.into())).ok()?;
    b.apply(Op::Not, [0, 0], &[one], &Sort::Bool).err()
}

/// Parses an exact numeral as printed by a solver: `-12`, `3/4`, `-3/4`, `1.25`, `(- 2)`.
pub(crate) fn parse_rational(s: &str) -> Option<BigRational> {
    let s = s.trim();
    if let Some(inner) = s.strip_prefix("(-").and_then(|r| r.strip_suffix(')')) {
        return parse_rational(inner).map(|r| -r);
    }
    if let Some((n, d)) = s.split_once('/') {
        let n = parse_rational(n)?;
        let d = parse_rational(d)?;
        return if num_traits::Zero::is_zero(&d) {
            None
        } else {
            Some(n / d)
        };
    }
    let (neg, digits) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    if int.is_empty()
        || !int.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let num: BigInt = format!("{int}{frac}").parse().ok()?;
    let den = num_traits::pow(BigInt::from(10), frac.len());
    let r = BigRational::new(num, den);
    Some(if neg { -r } else { r })
}

/// A model value of a bit-vector constant from its decimal numeral text.
pub(crate) fn bv_value(width: u32, s: &str) -> Option<Value> {
    let n: num_bigint::BigUint = s.trim().parse().ok()?;
    (n.bits() <= u64::from(width)).then_some(Value::BitVec { width, value: n })
}

/// A model value of an Int constant from its numeral text.
pub(crate) fn int_value(s: &str) -> Option<Value> {
    let r = parse_rational(s)?;
    r.is_integer().then(|| Value::Int(r.to_integer()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Findings written before the profiles keep their limits, case setups and script
    /// setups: the old fields (`z3_rlimit`, `cvc5_option`, a script's `z3`) read into the
    /// solver-keyed shape, and the new shape reads back as written.
    #[test]
    fn old_findings_json_reads_into_the_keyed_shapes() {
        let old: Limits = serde_json::from_str(
            r#"{"z3_rlimit": 250000, "cvc5_rlimit": 5000, "timeout_ms": 500}"#,
        )
        .unwrap();
        assert_eq!(old.rlimit_of(SolverId::Z3), 250_000);
        assert_eq!(old.rlimit_of(SolverId::Cvc5Text), 5_000);
        assert_eq!(old.rlimit_of(SolverId::Yices), 0);
        assert_eq!(old.timeout_ms, 500);
        let again: Limits = serde_json::from_str(&serde_json::to_string(&old).unwrap()).unwrap();
        assert_eq!(again, old);
        assert_eq!(
            serde_json::to_value(Limits::default()).unwrap()["rlimit"],
            serde_json::json!({"z3": 1_000_000, "cvc5": 20_000})
        );

        let mut setup = serde_json::to_value(crate::solver::CaseSetup::default()).unwrap();
        let obj = setup.as_object_mut().unwrap();
        obj.remove("options");
        obj.insert("z3_option".into(), 7.into());
        obj.insert("cvc5_option".into(), serde_json::Value::Null);
        let old: crate::solver::CaseSetup = serde_json::from_value(setup).unwrap();
        assert_eq!(old.options.of(SolverId::Z3), Some(7));
        assert_eq!(old.options.of(SolverId::Cvc5), None);
        let written = serde_json::to_value(old).unwrap();
        assert_eq!(written["options"], serde_json::json!({"z3": 7}));
        assert_eq!(
            serde_json::from_value::<crate::solver::CaseSetup>(written).unwrap(),
            old
        );

        let old: crate::cases::script::Setup = serde_json::from_str(
            r#"{"cores": true, "unsat_assumptions": false, "self_checks": false,
                "z3": [["smt.relevancy", "0"]], "cvc5": []}"#,
        )
        .unwrap();
        assert_eq!(
            old.options_of(SolverId::Z3Text),
            [("smt.relevancy".to_string(), "0".to_string())]
        );
        assert!(old.options_of(SolverId::Cvc5).is_empty());
        let again: crate::cases::script::Setup =
            serde_json::from_str(&serde_json::to_string(&old).unwrap()).unwrap();
        assert_eq!(again, old);
    }

    #[test]
    fn numerals_parse_exactly() {
        let q = |n: i64, d: i64| Some(BigRational::new(n.into(), d.into()));
        assert_eq!(parse_rational("-12"), q(-12, 1));
        assert_eq!(parse_rational("3/4"), q(3, 4));
        assert_eq!(parse_rational("-3/4"), q(-3, 4));
        assert_eq!(parse_rational("1.25"), q(5, 4));
        assert_eq!(parse_rational("(- 2)"), q(-2, 1));
        assert_eq!(parse_rational("1/0"), None);
        assert_eq!(parse_rational("root-obj(x, 1)"), None);
        assert_eq!(parse_rational("1.4142135623?"), None);
    }
}
