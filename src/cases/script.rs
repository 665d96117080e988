//! Incremental scripts (the scope of Murxla, Niemetz, Preiner and Barrett, 2022): a fuzz case
//! that is a sequence of solver actions — declare, assert, push, pop, check-sat,
//! check-sat-assuming, get-value, get-unsat-core, get-unsat-assumptions, reset-assertions —
//! decoded from `Arbitrary` bytes, with the solver options of its swarm configuration.
//!
//! A [`Script`] holds one [`Formula`] as its term pool (declarations and nodes; its
//! `asserts` are the pool's Boolean terms, which also fix the logic) and the actions, which
//! refer to the pool's nodes. Actions are only drawn when valid in the state the script
//! reaches: no pop below level zero, a declaration before the first term that uses it,
//! get-value only right after a check, cores only with cores enabled and right after a
//! check, unsat assumptions only right after a check-sat-assuming. Which of the queries
//! run depends on the answers (get-value after sat, cores after unsat): the harness runs
//! them only then, and the printed reproducer holds the actions that ran.

use crate::dialect::solver_id::SolverId;
use crate::lang::generate::{generate, Config, Theories};
use crate::lang::ir::{DeclId, Formula, NodeId, NodeKind, Op, Sort};
use arbitrary::{Result, Unstructured};
use serde::{Deserialize, Serialize};

/// One step of a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Declare a constant or function (before its first use).
    Declare(DeclId),
    /// Assert a Boolean term of the pool (named `a<action index>` when cores are on).
    Assert(NodeId),
    Push(u32),
    Pop(u32),
    CheckSat,
    /// `check-sat-assuming` with literals (`q` or `(not q)` of assumption constants, `true`,
    /// `false`).
    CheckSatAssuming(Vec<NodeId>),
    /// Values of ground terms of the pool (right after a check; runs after sat).
    GetValue(Vec<NodeId>),
    /// Right after a check, with cores on; runs after unsat.
    GetUnsatCore,
    /// Right after a check-sat-assuming, with unsat assumptions on; runs after unsat.
    GetUnsatAssumptions,
    ResetAssertions,
}

impl Action {
    /// Whether the action is a check (`check-sat` or `check-sat-assuming`).
    pub fn is_check(&self) -> bool {
        matches!(self, Action::CheckSat | Action::CheckSatAssuming(_))
    }

    /// Whether the action is a query whose running depends on the last answer.
    pub fn is_query(&self) -> bool {
        matches!(
            self,
            Action::GetValue(_) | Action::GetUnsatCore | Action::GetUnsatAssumptions
        )
    }
}

/// The solver-level setup of a script: what it asks the solvers to produce, self-checks,
/// and the options drawn from the curated tables (`crate::dialect::options`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "SetupRecord")]
pub struct Setup {
    /// `produce-unsat-cores`: assertions are named (tracked), `get-unsat-core` may run.
    pub cores: bool,
    /// `produce-unsat-assumptions`: `get-unsat-assumptions` may run.
    pub unsat_assumptions: bool,
    /// The solvers' own checks: Z3 `model_validate`, cvc5 `check-models` (and
    /// `check-unsat-cores` with cores on).
    pub self_checks: bool,
    /// Each solver's curated options from its profile's table, by their SMT-LIB names
    /// (Z3's module-qualified: `smt.relevancy`); a solver not named has none.
    pub options: std::collections::BTreeMap<SolverId, Vec<(String, String)>>,
}

/// [`Setup`] as findings record it: this shape, or that of findings written before the
/// profiles (`z3`, `cvc5`), which still read.
#[derive(Deserialize)]
struct SetupRecord {
    cores: bool,
    unsat_assumptions: bool,
    self_checks: bool,
    #[serde(default)]
    options: std::collections::BTreeMap<SolverId, Vec<(String, String)>>,
    #[serde(default)]
    z3: Vec<(String, String)>,
    #[serde(default)]
    cvc5: Vec<(String, String)>,
}

impl From<SetupRecord> for Setup {
    fn from(r: SetupRecord) -> Setup {
        let mut options = r.options;
        for (id, old) in [(SolverId::Z3, r.z3), (SolverId::Cvc5, r.cvc5)] {
            if !old.is_empty() {
                options.insert(id, old);
            }
        }
        Setup {
            cores: r.cores,
            unsat_assumptions: r.unsat_assumptions,
            self_checks: r.self_checks,
            options,
        }
    }
}

impl Setup {
    /// The curated options of one solver.
    pub fn options_of(&self, id: SolverId) -> &[(String, String)] {
        self.options
            .get(&id.library())
            .map(Vec::as_slice)
            .unwrap_or_default()
    }

    /// Every solver's curated options, in the order of `SolverId::ALL`.
    pub fn all_options(&self) -> impl Iterator<Item = &(String, String)> {
        SolverId::ALL
            .into_iter()
            .flat_map(|id| self.options_of(id).iter())
    }

    /// The same setup without curated options and self-checks (to tell an error the
    /// options cause from one they do not).
    pub fn plain(&self) -> Setup {
        Setup {
            options: Default::default(),
            self_checks: false,
            ..self.clone()
        }
    }
}

/// A decoded script.
#[derive(Clone, Debug)]
pub struct Script {
    /// Declarations and term pool; `asserts` lists the pool's Boolean terms.
    pub formula: Formula,
    pub actions: Vec<Action>,
    pub setup: Setup,
    pub config: Config,
}

/// The assumption constants are named `assume0`, `assume1`, …
const ASSUME_PREFIX: &str = "assume";

impl Script {
    /// The script's formula with, as its assertions, the terms its actions assert and
    /// assume: what it asks of a solver, for shapes and keys (the pool's `asserts` also
    /// holds terms no action uses).
    pub fn shape(&self) -> Formula {
        let mut shape = self.formula.clone();
        shape.asserts = self
            .actions
            .iter()
            .flat_map(|a| match a {
                Action::Assert(t) => vec![*t],
                Action::CheckSatAssuming(ls) => ls.clone(),
                _ => Vec::new(),
            })
            .collect();
        shape
    }

    /// Decodes a script from raw fuzzer bytes (never fails: short input gives a short
    /// script), over every theory ([`Script::from_bytes_in`] for a subset).
    pub fn from_bytes(data: &[u8]) -> Script {
        Script::from_bytes_in(data, &Theories::ALL)
    }

    /// Decodes a script over the given theories.
    pub fn from_bytes_in(data: &[u8], theories: &Theories) -> Script {
        let mut u = Unstructured::new(data);
        Script::decode(&mut u, theories).expect("script decoding is total")
    }

    fn decode(u: &mut Unstructured, theories: &Theories) -> Result<Script> {
        let mut config = Config::draw(u, theories)?;
        config.restrict(theories);
        // No recursive definitions in generated scripts yet: a body is given to the solver
        // with its function, and the scripts declare constants at their first use, which may
        // come after (a backend then met an undeclared constant).
        config.rec = false;
        // The pool: up to six Boolean terms to assert, assume through guards, and query.
        config.max_asserts = u.int_in_range(2..=6)?;
        let mut f = generate(&config, u)?;
        let mut setup = draw_setup(u)?;
        let literals = assumption_literals(u, &mut f)?;
        setup.unsat_assumptions = !literals.is_empty() && u.ratio(1, 2)?;
        let mut actions = draw_actions(u, &mut f, &setup, &literals)?;
        if !actions.iter().any(Action::is_check) {
            actions.push(Action::CheckSat);
        }
        Ok(Script {
            formula: f,
            actions,
            setup,
            config,
        })
    }

    /// Whether the script's actions are valid in the states they reach: every declaration once
    /// and before the terms that use it, no pop below level zero, queries only right after a
    /// check (unsat assumptions after a check-sat-assuming), cores and assumptions only where
    /// the setup produces them.
    pub fn valid(&self) -> bool {
        let s = self;
        let mut declared = vec![false; s.formula.decls.len()];
        let mut depth: u64 = 0;
        let mut previous: Option<&Action> = None;
        let uses_declared = |declared: &[bool], t: &NodeId| {
            decls_of(&s.formula, *t)
                .iter()
                .all(|d| declared.get(d.0 as usize).copied().unwrap_or(false))
        };
        for a in &s.actions {
            let ok = match a {
                Action::Declare(d) => match declared.get_mut(d.0 as usize) {
                    Some(seen) if !*seen => {
                        *seen = true;
                        true
                    }
                    _ => false,
                },
                Action::Assert(t) => uses_declared(&declared, t),
                Action::CheckSatAssuming(ls) => ls.iter().all(|t| uses_declared(&declared, t)),
                Action::GetValue(ts) => {
                    ts.iter().all(|t| uses_declared(&declared, t))
                        && previous.is_some_and(|p| p.is_check())
                }
                Action::GetUnsatCore => s.setup.cores && previous.is_some_and(|p| p.is_check()),
                Action::GetUnsatAssumptions => {
                    s.setup.unsat_assumptions
                        && matches!(previous, Some(Action::CheckSatAssuming(_)))
                }
                Action::Push(n) => {
                    depth += u64::from(*n);
                    true
                }
                Action::Pop(n) => match depth.checked_sub(u64::from(*n)) {
                    Some(d) => {
                        depth = d;
                        true
                    }
                    None => false,
                },
                Action::ResetAssertions => {
                    depth = 0;
                    true
                }
                Action::CheckSat => true,
            };
            if !ok {
                return false;
            }
            if !a.is_query() {
                previous = Some(a);
            }
        }
        s.actions.iter().any(Action::is_check)
    }

    /// A one-check script of `f` (every assertion, then check-sat): how a plain formula
    /// runs through the script machinery.
    pub fn of_formula(f: &Formula, setup: Setup) -> Script {
        let mut actions: Vec<Action> = (0..f.decls.len())
            .map(|d| Action::Declare(DeclId(d as u32)))
            .collect();
        actions.extend(f.asserts.iter().map(|a| Action::Assert(*a)));
        actions.push(Action::CheckSat);
        Script {
            formula: f.clone(),
            actions,
            setup,
            config: Config::default(),
        }
    }
}

/// The assertion stack of a running script.
#[derive(Clone, Debug)]
pub struct Frames {
    /// One frame per level (the first is level zero), each the `Assert` action indices.
    pub stack: Vec<Vec<usize>>,
}

impl Default for Frames {
    fn default() -> Self {
        Self::new()
    }
}

impl Frames {
    /// An empty assertion stack: [`Frames::apply`] each action of a script, then
    /// [`Frames::active`] lists the assertions in force.
    pub fn new() -> Frames {
        Frames {
            stack: vec![Vec::new()],
        }
    }

    /// Applies action `index` to the stack.
    pub fn apply(&mut self, index: usize, a: &Action) {
        match a {
            Action::Assert(_) => self.stack.last_mut().unwrap().push(index),
            Action::Push(n) => {
                for _ in 0..*n {
                    self.stack.push(Vec::new());
                }
            }
            Action::Pop(n) => {
                let keep = self.stack.len().saturating_sub(*n as usize).max(1);
                self.stack.truncate(keep);
            }
            Action::ResetAssertions => self.stack = vec![Vec::new()],
            _ => {}
        }
    }

    /// The `Assert` action indices in force, oldest first.
    pub fn active(&self) -> Vec<usize> {
        self.stack.iter().flatten().copied().collect()
    }
}

/// The formula of the assertions in force plus `extra` terms (assumptions): the pool with
/// those as its assertions, for the evaluator and for checks of one formula.
pub fn view(s: &Script, active: &[usize], extra: &[NodeId]) -> Formula {
    let mut g = s.formula.clone();
    g.asserts = active
        .iter()
        .map(|k| match &s.actions[*k] {
            Action::Assert(t) => *t,
            other => panic!("action {k} is not an assertion: {other:?}"),
        })
        .chain(extra.iter().copied())
        .collect();
    g
}

/// One to `max` distinct elements of `pool` (duplicates drawn are dropped).
fn distinct_picks(u: &mut Unstructured, pool: &[NodeId], max: usize) -> Result<Vec<NodeId>> {
    let k = u.int_in_range(1..=max)?;
    let mut out = Vec::with_capacity(k);
    for _ in 0..k {
        let x = *u.choose(pool)?;
        if !out.contains(&x) {
            out.push(x);
        }
    }
    Ok(out)
}

/// The script's solver setup: cores, the solvers' own checks, one drawn option per solver.
fn draw_setup(u: &mut Unstructured) -> Result<Setup> {
    let cores = u.ratio(1, 2)?;
    let self_checks = u.ratio(1, 4)?;
    // Drawn in the order of `SolverId::ALL`; a solver with no table draws nothing (the
    // bytes of recorded inputs decode as before it).
    let mut options = std::collections::BTreeMap::new();
    for id in SolverId::ALL {
        // With the option space on (`SMTSMITH_OPTIONS=catalog`), a swarm from the solver's
        // own catalog; else (and for a solver without one) the curated table.
        let catalog = crate::dialect::options::catalog(id);
        let table = crate::dialect::profile::of(id).options;
        if !catalog.is_empty() {
            options.insert(id, crate::dialect::options::draw_swarm(u, catalog)?);
        } else if !table.is_empty() {
            options.insert(id, crate::dialect::options::draw(u, table)?);
        }
    }
    Ok(Setup {
        cores,
        unsat_assumptions: false,
        self_checks,
        options,
    })
}

/// The literals `check-sat-assuming` draws from: fresh Booleans guarding pool terms (each
/// guard asserted into the pool), their negations, and sometimes `false` and `true`.
fn assumption_literals(u: &mut Unstructured, f: &mut Formula) -> Result<Vec<NodeId>> {
    // Assumption literals select pool terms through guards `(=> assume_i t)`.
    let terms = f.asserts.clone();
    let n_assume = u.int_in_range(0..=3usize)?;
    let mut literals = Vec::new();
    for i in 0..n_assume {
        let d = f.declare(format!("{ASSUME_PREFIX}{i}"), Sort::Bool);
        let q = f.constant(d);
        let t = *u.choose(&terms)?;
        let guard = f.app(Op::Implies, vec![q, t]).expect("well-sorted guard");
        f.asserts.push(guard);
        let nq = f.app(Op::Not, vec![q]).expect("well-sorted literal");
        literals.push(q);
        literals.push(nq);
    }
    // The Boolean constants are literals too (SMT-LIB's `prop_literal` is a symbol or its
    // negation, and `true` and `false` are symbols): `(check-sat-assuming (false))` is
    // unsat with no assertion at all, and the unsat assumptions must name `false`
    // (Z3 4.8.6 to 4.15.4 name none: known-findings/z3-4.15.4-unsat-assumptions-omit-false.smt2).
    if u.ratio(1, 4)? {
        literals.push(f.lit(crate::lang::ir::Value::Bool(false)));
        literals.push(f.lit(crate::lang::ir::Value::Bool(true)));
    }
    Ok(literals)
}

/// Half the scripts with strings bound every string constant's length first (at level
/// zero): such formulas are decidable, and the incompleteness oracle holds the solvers to
/// them. The bounds are asserted into the pool, declared and asserted by `actions`.
fn bound_string_lengths(
    u: &mut Unstructured,
    f: &mut Formula,
    declared: &mut [bool],
    actions: &mut Vec<Action>,
) -> Result<()> {
    // Half the scripts with strings bound every string constant's length first (at
    // level zero): such formulas are decidable, and the incompleteness oracle holds
    // the solvers to them.
    let strings: Vec<DeclId> = (0..f.decls.len())
        .map(|d| DeclId(d as u32))
        .filter(|d| {
            let d = &f.decls[d.0 as usize];
            d.args.is_empty() && d.sort == Sort::String
        })
        .collect();
    if !strings.is_empty() && u.ratio(1, 2)? {
        for d in strings {
            let x = f.constant(d);
            let len = f.app(Op::StrLen, vec![x]).expect("well-sorted length");
            let n = f.lit(crate::lang::ir::Value::Int(u.int_in_range(0..=6u8)?.into()));
            let bound = f.app(Op::Le, vec![len, n]).expect("well-sorted bound");
            f.asserts.push(bound);
            declared[d.0 as usize] = true;
            actions.push(Action::Declare(d));
            actions.push(Action::Assert(bound));
        }
    }
    Ok(())
}

/// The script's actions over the pool `f.asserts`: up to 16 steps, each a kind drawn by
/// weight among those valid in the state reached (scope depth, the last check).
fn draw_actions(
    u: &mut Unstructured,
    f: &mut Formula,
    setup: &Setup,
    literals: &[NodeId],
) -> Result<Vec<Action>> {
    let pool = f.asserts.clone();
    let queryable = queryable_terms(f);
    let uses: Vec<Vec<DeclId>> = (0..f.nodes.len())
        .map(|i| decls_of(f, NodeId(i as u32)))
        .collect();

    #[derive(Clone, Copy)]
    enum Kind {
        Assert,
        Push,
        Pop,
        Check,
        Assuming,
        Values,
        Core,
        Assumptions,
        Reset,
    }
    #[derive(PartialEq)]
    enum Last {
        Nothing,
        Check,
        Assuming,
    }
    let mut actions = Vec::new();
    let mut declared = vec![false; f.decls.len()];
    bound_string_lengths(u, f, &mut declared, &mut actions)?;
    let mut depth = 0u32;
    let mut last = Last::Nothing;
    let declare = |actions: &mut Vec<Action>, declared: &mut Vec<bool>, ids: &[NodeId]| {
        for id in ids {
            for d in &uses[id.0 as usize] {
                if !declared[d.0 as usize] {
                    declared[d.0 as usize] = true;
                    actions.push(Action::Declare(*d));
                }
            }
        }
    };
    let steps = u.int_in_range(1..=16u32)?;
    for _ in 0..steps {
        if u.is_empty() {
            break;
        }
        // Kinds with their weights, only those valid in the current state.
        let mut menu: Vec<(Kind, u32)> = vec![
            (Kind::Assert, 30),
            (Kind::Push, 8),
            (Kind::Check, 15),
            (Kind::Reset, 3),
        ];
        if depth > 0 {
            menu.push((Kind::Pop, 8));
        }
        if !literals.is_empty() {
            menu.push((Kind::Assuming, 10));
        }
        // Right after a check the queries are likely (they judge the answer).
        if last != Last::Nothing {
            if !queryable.is_empty() {
                menu.push((Kind::Values, 25));
            }
            if setup.cores {
                menu.push((Kind::Core, 20));
            }
        }
        if last == Last::Assuming && setup.unsat_assumptions {
            menu.push((Kind::Assumptions, 20));
        }
        let total: u32 = menu.iter().map(|(_, w)| w).sum();
        let mut pick = u.int_in_range(0..=total - 1)?;
        let kind = menu
            .iter()
            .find(|(_, w)| {
                if pick < *w {
                    true
                } else {
                    pick -= w;
                    false
                }
            })
            .map_or(Kind::Assert, |(k, _)| *k);
        match kind {
            Kind::Assert => {
                let t = *u.choose(&pool)?;
                declare(&mut actions, &mut declared, &[t]);
                actions.push(Action::Assert(t));
                last = Last::Nothing;
            }
            Kind::Push => {
                let n = u.int_in_range(1..=2)?;
                depth += n;
                actions.push(Action::Push(n));
                last = Last::Nothing;
            }
            Kind::Pop => {
                let n = u.int_in_range(1..=depth)?;
                depth -= n;
                actions.push(Action::Pop(n));
                last = Last::Nothing;
            }
            Kind::Check => {
                actions.push(Action::CheckSat);
                last = Last::Check;
            }
            Kind::Assuming => {
                let lits = distinct_picks(u, literals, 3)?;
                declare(&mut actions, &mut declared, &lits);
                actions.push(Action::CheckSatAssuming(lits));
                last = Last::Assuming;
            }
            Kind::Values => {
                let mut ts = distinct_picks(u, &queryable, 3)?;
                // A declaration between a check and get-value would end the check's
                // answer: query only terms over what is declared.
                ts.retain(|t| uses[t.0 as usize].iter().all(|d| declared[d.0 as usize]));
                if !ts.is_empty() {
                    actions.push(Action::GetValue(ts));
                }
            }
            Kind::Core => actions.push(Action::GetUnsatCore),
            Kind::Assumptions => actions.push(Action::GetUnsatAssumptions),
            Kind::Reset => {
                actions.push(Action::ResetAssertions);
                depth = 0;
                last = Last::Nothing;
            }
        }
    }
    Ok(actions)
}

/// Nodes whose value a `get-value` may ask for: no free bound or let variable, not a
/// literal, not of sort RegLan (no value to print).
fn queryable_terms(f: &Formula) -> Vec<NodeId> {
    let free = f.free_bound_vars(false);
    f.reachable_postorder()
        .into_iter()
        .filter(|id| {
            free[id.0 as usize].is_empty()
                && !matches!(f.node(*id).kind, NodeKind::Lit(_))
                && *f.sort_of(*id) != Sort::RegLan
        })
        .collect()
}

/// The declarations a node uses (constants and functions), in first-use order.
pub fn decls_of(f: &Formula, id: NodeId) -> Vec<DeclId> {
    let mut out = Vec::new();
    let mut seen = vec![false; f.nodes.len()];
    let mut stack = vec![id];
    while let Some(n) = stack.pop() {
        if std::mem::replace(&mut seen[n.0 as usize], true) {
            continue;
        }
        match &f.node(n).kind {
            NodeKind::Const(d) | NodeKind::Call(d, _) if !out.contains(d) => out.push(*d),
            _ => {}
        }
        stack.extend(f.children(n));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every decoded script is valid in the state it reaches: declarations precede uses,
    /// no pop below level zero, queries only right after a check (cores only with cores
    /// on, unsat assumptions only after check-sat-assuming), at least one check.
    #[test]
    fn decoded_scripts_are_valid() {
        for seed in 0..400u64 {
            let bytes = crate::lang::generate::seeded_bytes(seed, 64 + (seed as usize % 7) * 96);
            let s = Script::from_bytes_in(&bytes, &Theories::ALL);
            assert!(s.actions.iter().any(Action::is_check), "seed {seed}");
            let mut declared = vec![false; s.formula.decls.len()];
            let mut depth = 0i64;
            // The last action that is not a query: a query must follow a check.
            let mut last: Option<&Action> = None;
            for a in &s.actions {
                let terms: Vec<NodeId> = match a {
                    Action::Assert(t) => vec![*t],
                    Action::CheckSatAssuming(ts) | Action::GetValue(ts) => ts.clone(),
                    _ => Vec::new(),
                };
                for t in terms {
                    for d in decls_of(&s.formula, t) {
                        assert!(
                            declared[d.0 as usize],
                            "seed {seed}: use before declaration"
                        );
                    }
                }
                match a {
                    Action::Declare(d) => declared[d.0 as usize] = true,
                    Action::Push(n) => depth += i64::from(*n),
                    Action::Pop(n) => {
                        depth -= i64::from(*n);
                        assert!(depth >= 0, "seed {seed}: pop below zero");
                    }
                    Action::ResetAssertions => depth = 0,
                    Action::GetUnsatCore => assert!(s.setup.cores, "seed {seed}"),
                    Action::GetUnsatAssumptions => {
                        assert!(s.setup.unsat_assumptions, "seed {seed}");
                        assert!(
                            matches!(last, Some(Action::CheckSatAssuming(_))),
                            "seed {seed}: unsat assumptions after {last:?}"
                        );
                    }
                    _ => {}
                }
                if a.is_query() {
                    assert!(
                        last.is_some_and(Action::is_check),
                        "seed {seed}: {a:?} after {last:?}"
                    );
                } else {
                    last = Some(a);
                }
            }
        }
    }

    /// Some scripts assume the Boolean constants: `false` alone, and beside assumption
    /// literals, with their unsat assumptions asked for (where Z3 4.8.6 to 4.15.4 name none
    /// and 4.8.6 and 4.8.7 crash on `(p false)`); every literal is an assumption constant, its
    /// negation, `true` or `false`.
    #[test]
    fn some_scripts_assume_the_boolean_constants() {
        use crate::lang::ir::Value;
        let (mut alone, mut beside, mut asked) = (0, 0, 0);
        for seed in 0..2000u64 {
            let bytes = crate::lang::generate::seeded_bytes(seed, 64 + (seed as usize % 7) * 96);
            let s = Script::from_bytes_in(&bytes, &Theories::ALL);
            let is_false =
                |t: &NodeId| s.formula.node(*t).kind == NodeKind::Lit(Value::Bool(false));
            for (k, a) in s.actions.iter().enumerate() {
                let Action::CheckSatAssuming(ls) = a else {
                    continue;
                };
                for l in ls {
                    let ok = match &s.formula.node(*l).kind {
                        NodeKind::Lit(Value::Bool(_)) => true,
                        NodeKind::Const(d) => s.formula.decls[d.0 as usize]
                            .name
                            .starts_with(ASSUME_PREFIX),
                        NodeKind::App(Op::Not, _, args) => matches!(
                            &s.formula.node(args[0]).kind,
                            NodeKind::Const(d) if s.formula.decls[d.0 as usize].name.starts_with(ASSUME_PREFIX)
                        ),
                        _ => false,
                    };
                    assert!(ok, "seed {seed}: literal {:?}", s.formula.node(*l).kind);
                }
                if ls.iter().any(is_false) {
                    if ls.len() == 1 {
                        alone += 1;
                    } else {
                        beside += 1;
                    }
                    if s.actions.get(k + 1) == Some(&Action::GetUnsatAssumptions) {
                        asked += 1;
                    }
                }
            }
        }
        assert!(
            alone > 0 && beside > 0 && asked > 0,
            "{alone} {beside} {asked}"
        );
    }
}
