//! Seed-based fuzzing: type-aware mutation of real SMT-LIB scripts (thesis ch. 4–5).
//!
//! A corpus entry is a script. The mutator parses it into the IR, applies a short chain of
//! mutations and prints it back:
//! - **generative** (TypeFuzz, Alg. 6): an expression is replaced by a new term of its sort
//!   whose operator comes from the table and whose arguments are the seed's own locally
//!   compatible expressions, constants, literals or new terms ([`crate::lang::generate::grow`]);
//! - **operator** (OpFuzz, Alg. 4): an operator is replaced by another that takes the same
//!   argument sorts and gives the same sort (split by sort: `/` never replaces `+` on Int);
//! - **assertion**: a new closed Boolean term is asserted (TypeFuzz cannot add assertions;
//!   a generator driven by input bytes can).
//!
//! libFuzzer keeps mutants that add coverage, so chains grow across generations like the
//! thesis' `φ ← φ_mutant`. Text that does not parse (libFuzzer's own crossover) is
//! replaced by a formula generated from its bytes, so every input the target sees parses.
//!
//! An incremental seed (more than one query: scopes, several checks, assumptions, cores)
//! stays a script: one of its assertions is mutated as a formula of its own and put back in
//! place (with declarations for constants a mutation adds), and the script runs in lockstep
//! ([`Seed`]).

use crate::cases::smtlib::{self, parse};
use crate::lang::generate::{self, Case, Config};
use crate::lang::ir::{BoundId, Formula, NodeId, NodeKind, Op, Sort, OPS};
use arbitrary::{Arbitrary, Unstructured};
use std::collections::HashMap;

/// Which mutation produced a mutant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Generative,
    Operator,
    Assertion,
}

/// The bound variables visible at each reachable node (by id): for a node reached on
/// several paths, those visible on all of them. An outer variable shadowed by an inner
/// binder of the same name is not visible (its name would be captured when printed).
pub fn scopes(f: &Formula) -> HashMap<NodeId, Vec<BoundId>> {
    let mut at: HashMap<NodeId, Vec<BoundId>> = HashMap::new();
    let mut work: Vec<(NodeId, Vec<BoundId>)> =
        f.asserts.iter().map(|a| (*a, Vec::new())).collect();
    while let Some((id, scope)) = work.pop() {
        let scope = match at.get(&id) {
            Some(old) => {
                let meet: Vec<BoundId> =
                    old.iter().copied().filter(|b| scope.contains(b)).collect();
                if meet.len() == old.len() {
                    continue;
                }
                meet
            }
            None => scope,
        };
        at.insert(id, scope.clone());
        let enter = |scope: &[BoundId], vars: &[BoundId]| -> Vec<BoundId> {
            let names: Vec<&str> = vars
                .iter()
                .map(|b| f.bounds[b.0 as usize].name.as_str())
                .collect();
            let mut s: Vec<BoundId> = scope
                .iter()
                .copied()
                .filter(|b| !names.contains(&f.bounds[b.0 as usize].name.as_str()))
                .collect();
            s.extend(vars.iter().copied());
            s
        };
        match &f.node(id).kind {
            NodeKind::Let(bs, body) => {
                for (_, v) in bs {
                    work.push((*v, scope.clone()));
                }
                let vars: Vec<BoundId> = bs.iter().map(|(b, _)| *b).collect();
                work.push((*body, enter(&scope, &vars)));
            }
            NodeKind::Quant { vars, body, .. } => work.push((*body, enter(&scope, vars))),
            _ => {
                for c in f.children(id) {
                    work.push((c, scope.clone()));
                }
            }
        }
    }
    at
}

/// A copy of `f` with only the nodes reachable from the assertions, where every use of
/// `target` outside `replacement` becomes `replacement` (which may contain `target`), and
/// `=` with more than two arguments becomes a conjunction of binary equalities (what
/// yaspar-ir reads back; same meaning).
pub fn rebuild(f: &Formula, target: Option<(NodeId, NodeId)>) -> Formula {
    struct Copy<'a> {
        f: &'a Formula,
        out: Formula,
        target: Option<(NodeId, NodeId)>,
        /// Copies with substitution (`[1]`) and without (`[0]`, inside the replacement).
        done: [HashMap<NodeId, NodeId>; 2],
    }
    impl Copy<'_> {
        fn node(&mut self, id: NodeId, subst: bool) -> NodeId {
            if let Some((t, r)) = self.target {
                if subst && id == t {
                    return self.node(r, false);
                }
            }
            if let Some(n) = self.done[subst as usize].get(&id) {
                return *n;
            }
            let node = self.f.node(id).clone();
            let kind = match node.kind {
                NodeKind::App(op, idx, args) => {
                    let args: Vec<NodeId> = args.iter().map(|a| self.node(*a, subst)).collect();
                    if op == Op::Eq && args.len() > 2 {
                        let pairs = args
                            .windows(2)
                            .map(|w| {
                                self.push(NodeKind::App(Op::Eq, [0, 0], w.to_vec()), Sort::Bool)
                            })
                            .collect();
                        NodeKind::App(Op::And, [0, 0], pairs)
                    } else {
                        NodeKind::App(op, idx, args)
                    }
                }
                NodeKind::Call(d, args) => {
                    NodeKind::Call(d, args.iter().map(|a| self.node(*a, subst)).collect())
                }
                NodeKind::Let(bs, body) => NodeKind::Let(
                    bs.iter().map(|(b, v)| (*b, self.node(*v, subst))).collect(),
                    self.node(body, subst),
                ),
                NodeKind::Quant { forall, vars, body } => NodeKind::Quant {
                    forall,
                    vars,
                    body: self.node(body, subst),
                },
                k => k,
            };
            let n = self.push(kind, node.sort);
            self.done[subst as usize].insert(id, n);
            n
        }
        fn push(&mut self, kind: NodeKind, sort: Sort) -> NodeId {
            self.out.nodes.push(crate::lang::ir::Node { kind, sort });
            NodeId(self.out.nodes.len() as u32 - 1)
        }
    }
    let mut c = Copy {
        f,
        out: Formula {
            decls: f.decls.clone(),
            nodes: Vec::new(),
            bounds: f.bounds.clone(),
            asserts: Vec::new(),
            rec_defs: Vec::new(),
        },
        target,
        done: [HashMap::new(), HashMap::new()],
    };
    for r in &f.rec_defs {
        let body = c.node(r.body, true);
        c.out
            .rec_defs
            .push(crate::lang::ir::RecDef { body, ..r.clone() });
    }
    for a in &f.asserts {
        let n = c.node(*a, true);
        c.out.asserts.push(n);
    }
    c.out
}

/// The swarm configuration of a mutation: drawn from the input, with the seed's theories
/// (one time in eight also the drawn ones: theory combinations the seed does not have).
pub(crate) fn config_for(f: &Formula, u: &mut Unstructured) -> arbitrary::Result<Config> {
    let mut cfg = Config::arbitrary(u)?;
    let sig = f.signature();
    let widen = u.ratio(1, 8)?;
    let pick = |seed: bool, drawn: bool| seed || (widen && drawn);
    cfg.ints = pick(sig.ints || sig.strings, cfg.ints);
    cfg.reals = pick(sig.reals, cfg.reals);
    cfg.bv = pick(sig.bv, cfg.bv);
    cfg.strings = pick(sig.strings, cfg.strings);
    cfg.arrays = pick(sig.arrays, cfg.arrays);
    cfg.uf = pick(sig.uf, false);
    // FloatingPoint only into seeds that have it: it is outside the default swarm.
    cfg.fp = pick(sig.fp, false);
    if cfg.fp {
        cfg.fp_formats = crate::lang::generate::config::draw_fp_formats(u)?;
    }
    // Datatypes likewise; a seed's own datatypes are its (`generate::grow` reuses them).
    cfg.datatypes = pick(sig.datatypes, false);
    cfg.quantifiers = pick(sig.quantifiers, cfg.quantifiers);
    // TypeFuzz draws the new operator's arguments from the seed's expressions: reuse
    // outweighs building new terms here (weights 6–24 against 1–8; the drawn weight can be
    // 0 in generation from scratch).
    cfg.reuse_weight = cfg.reuse_weight.max(1) * 6;
    Ok(cfg)
}

/// One mutation of `f`, or `None` when the chosen one does not apply (no operator with a
/// compatible signature, a replacement equal to the original, ...).
pub fn mutate_once(
    f: &Formula,
    u: &mut Unstructured,
) -> arbitrary::Result<Option<(Formula, Kind)>> {
    let scopes = scopes(f);
    let mut reachable: Vec<NodeId> = scopes.keys().copied().collect();
    reachable.sort();
    if reachable.is_empty() {
        return Ok(None);
    }
    let kind = match u.choose_index(8)? {
        0..=3 => Kind::Generative,
        4..=6 => Kind::Operator,
        _ => Kind::Assertion,
    };
    match kind {
        Kind::Generative => {
            // The value of a constant array stays a literal (cvc5's API takes only values
            // there; a term would only make cvc5 skip the case).
            let in_const: Vec<NodeId> = reachable
                .iter()
                .filter_map(|id| match &f.node(*id).kind {
                    NodeKind::App(Op::ConstArray, _, a) => Some(a[0]),
                    _ => None,
                })
                .collect();
            let targets: Vec<NodeId> = reachable
                .iter()
                .copied()
                .filter(|id| !in_const.contains(id))
                .collect();
            let target = targets[u.choose_index(targets.len())?];
            let sort = f.sort_of(target).clone();
            let scope: Vec<(BoundId, NodeId)> = scopes[&target]
                .iter()
                .filter_map(|b| bound_node(f, *b).map(|n| (*b, n)))
                .collect();
            let cfg = config_for(f, u)?;
            let depth = u.int_in_range(1..=3)?;
            let (grown, r) = generate::grow(&cfg, u, f.clone(), &sort, &scope, depth)?;
            if r == target {
                return Ok(None);
            }
            let out = rebuild(&grown, Some((target, r)));
            // A reused closed quantifier placed inside its own body: two binders.
            if !out.binders_unique() {
                return Ok(None);
            }
            Ok(Some((out, kind)))
        }
        Kind::Operator => {
            let apps: Vec<NodeId> = reachable
                .iter()
                .copied()
                .filter(
                    |id| matches!(f.node(*id).kind, NodeKind::App(op, ..) if op != Op::ConstArray),
                )
                .collect();
            if apps.is_empty() {
                return Ok(None);
            }
            let target = apps[u.choose_index(apps.len())?];
            let NodeKind::App(op, idx, args) = f.node(target).kind.clone() else {
                unreachable!()
            };
            let sorts: Vec<Sort> = args.iter().map(|a| f.sort_of(*a).clone()).collect();
            let want = f.sort_of(target);
            let fits: Vec<Op> = OPS
                .iter()
                .map(|i| i.op)
                .filter(|o| *o != op && o.info().indices == op.info().indices)
                .filter(|o| crate::lang::ir::result_sort(*o, idx, &sorts).is_ok_and(|s| s == *want))
                .collect();
            if fits.is_empty() {
                return Ok(None);
            }
            let new = fits[u.choose_index(fits.len())?];
            let mut g = f.clone();
            g.nodes[target.0 as usize].kind = NodeKind::App(new, idx, args);
            Ok(Some((rebuild(&g, None), kind)))
        }
        Kind::Assertion => {
            let cfg = config_for(f, u)?;
            let depth = u.int_in_range(1..=3)?;
            let (mut grown, r) = generate::grow(&cfg, u, f.clone(), &Sort::Bool, &[], depth)?;
            grown.asserts.push(r);
            Ok(Some((rebuild(&grown, None), kind)))
        }
    }
}

fn bound_node(f: &Formula, b: BoundId) -> Option<NodeId> {
    f.nodes
        .iter()
        .position(|n| n.kind == NodeKind::Bound(b))
        .map(|i| NodeId(i as u32))
}

/// A mutant as corpus text: strict SMT-LIB that [`parse::parse_script`] reads back.
pub fn print(f: &Formula) -> String {
    smtlib::script(
        f,
        &smtlib::ScriptOptions {
            strict: true,
            ..Default::default()
        },
    )
}

/// A chain of one to four mutations of `f` (those that do not apply are skipped).
pub fn mutate(f: &Formula, u: &mut Unstructured) -> (Formula, Vec<Kind>) {
    let mut cur = f.clone();
    let mut kinds = Vec::new();
    let n = u.int_in_range(1..=4).unwrap_or(1);
    for _ in 0..n {
        match mutate_once(&cur, u) {
            Ok(Some((g, k))) => {
                cur = g;
                kinds.push(k);
            }
            Ok(None) => {}
            Err(_) => break,
        }
    }
    (cur, kinds)
}

/// A corpus entry: a formula (a script of one query), or an incremental script.
#[derive(Clone, Debug)]
pub enum Seed {
    Formula(Formula),
    Script(crate::cases::script::Script),
}

impl Seed {
    /// The entry as text: what [`seed_of`] reads back as the same seed.
    pub fn print(&self) -> String {
        match self {
            Seed::Formula(f) => print(f),
            Seed::Script(s) => crate::cases::smtlib::scripts::print_corpus(s),
        }
    }

    /// The formula of the first query (for an incremental script: the assertions in force
    /// at its first check).
    fn first_query(&self) -> Formula {
        match self {
            Seed::Formula(f) => f.clone(),
            Seed::Script(s) => {
                let mut frames = crate::cases::script::Frames::new();
                for (k, a) in s.actions.iter().enumerate() {
                    if a.is_check() {
                        break;
                    }
                    frames.apply(k, a);
                }
                rebuild(&crate::cases::script::view(s, &frames.active(), &[]), None)
            }
        }
    }
}

/// The seed a parsed script stands for.
pub fn seed_of_script(s: parse::Script) -> Seed {
    if s.single_query() {
        Seed::Formula(s.formula)
    } else {
        Seed::Script(s.script)
    }
}

/// The seed a corpus entry stands for: parsed if it parses, otherwise the formula generated
/// from its bytes (so libFuzzer's byte-level crossover still yields well-formed scripts).
pub fn seed_of(data: &[u8]) -> Seed {
    match std::str::from_utf8(data).ok().map(parse::parse_script) {
        Some(Ok(s)) => seed_of_script(s),
        _ => Seed::Formula(Case::from_bytes(data).formula),
    }
}

/// A chain of mutations of one assertion of the incremental script `s` ([`mutate`] on the
/// assertion alone), put back where it was; assertions and constants the mutations add
/// come right there. `None` when no mutation applied or the result is not a valid script.
pub fn mutate_script(
    s: &crate::cases::script::Script,
    u: &mut Unstructured,
) -> Option<(crate::cases::script::Script, Vec<Kind>)> {
    use crate::cases::script::Action;
    let asserts: Vec<usize> = (0..s.actions.len())
        .filter(|k| matches!(s.actions[*k], Action::Assert(_)))
        .collect();
    let k = *u.choose(&asserts).ok()?;
    let Action::Assert(t) = s.actions[k] else {
        return None;
    };
    let alone = Formula {
        asserts: vec![t],
        ..s.formula.clone()
    };
    let (g, kinds) = mutate(&alone, u);
    if kinds.is_empty() {
        return None;
    }
    let mut c = s.clone();
    let before = c.formula.decls.len();
    let map = c.formula.import_derived(&g);
    let roots: Vec<NodeId> = g.asserts.iter().map(|a| map[a]).collect();
    c.formula.asserts.extend(&roots);
    let mut put: Vec<Action> = (before..c.formula.decls.len())
        .map(|d| Action::Declare(crate::lang::ir::DeclId(d as u32)))
        .collect();
    put.extend(roots.into_iter().map(Action::Assert));
    c.actions.splice(k..=k, put);
    c.valid().then_some((c, kinds))
}

/// A chain of one to four mutations of a seed.
pub fn mutate_seed(seed: &Seed, u: &mut Unstructured) -> Option<(Seed, Vec<Kind>)> {
    match seed {
        Seed::Formula(f) => {
            let (g, kinds) = mutate(f, u);
            (!kinds.is_empty()).then_some((Seed::Formula(g), kinds))
        }
        Seed::Script(s) => mutate_script(s, u).map(|(c, k)| (Seed::Script(c), k)),
    }
}

/// Crossover of two corpus entries: `a` with some of `b`'s assertions added. `b`'s
/// constants and functions join `a`'s by name when their sorts agree and are renamed when
/// they do not; `b`'s uninterpreted sorts stay apart from `a`'s. Into an incremental
/// script, the assertions (of `b`'s first query) go right before its first check.
pub fn crossover_seeds(a: &Seed, b: &Seed, u: &mut Unstructured) -> Seed {
    let fb = b.first_query();
    let base = match a {
        Seed::Formula(f) => f,
        Seed::Script(s) => &s.formula,
    };
    if base.datatype_names_clash(&fb) {
        return a.clone();
    }
    match a {
        Seed::Formula(fa) => Seed::Formula(crossover(fa, &fb, u)),
        Seed::Script(s) => {
            use crate::cases::script::Action;
            let mut c = s.clone();
            let before = c.formula.decls.len();
            let map = c.formula.import(&fb, true);
            let mut put: Vec<Action> = (before..c.formula.decls.len())
                .map(|d| Action::Declare(crate::lang::ir::DeclId(d as u32)))
                .collect();
            for t in &fb.asserts {
                if u.ratio(1, 2).unwrap_or(false) {
                    c.formula.asserts.push(map[t]);
                    put.push(Action::Assert(map[t]));
                }
            }
            let at = c.actions.iter().position(Action::is_check).unwrap_or(0);
            c.actions.splice(at..at, put);
            if c.valid() {
                Seed::Script(c)
            } else {
                a.clone()
            }
        }
    }
}

/// Crossover of two formulas: `a` with some of `b`'s assertions added (see
/// [`crossover_seeds`]).
pub fn crossover(a: &Formula, b: &Formula, u: &mut Unstructured) -> Formula {
    if a.datatype_names_clash(b) {
        return a.clone();
    }
    let mut out = a.clone();
    let map = out.import(b, true);
    let before = out.asserts.len();
    for a in &b.asserts {
        if u.ratio(1, 2).unwrap_or(false) {
            out.asserts.push(map[a]);
        }
    }
    if out.asserts.len() == before {
        if let Some(a) = b.asserts.first() {
            out.asserts.push(map[a]);
        }
    }
    rebuild(&out, None)
}

/// The libFuzzer custom crossover: [`crossover_seeds`] of the two entries, printed into
/// `out`.
pub fn libfuzzer_crossover(a: &[u8], b: &[u8], out: &mut [u8], seed: u32) -> usize {
    let (sa, sb) = (seed_of(a), seed_of(b));
    let bytes = generate::seeded_bytes(u64::from(seed), 64);
    let mut u = Unstructured::new(&bytes);
    let text = crossover_seeds(&sa, &sb, &mut u).print();
    if text.len() <= out.len() {
        out[..text.len()].copy_from_slice(text.as_bytes());
        return text.len();
    }
    // Too long: the first entry unchanged.
    let n = a.len().min(out.len());
    out[..n].copy_from_slice(&a[..n]);
    n
}

/// The formula a corpus entry stands for (an incremental script's first query).
pub fn formula_of(data: &[u8]) -> Formula {
    seed_of(data).first_query()
}

/// The libFuzzer custom mutator: the entry's seed, mutated, printed into `data` when it
/// fits in `max_size`. Returns the new size (the old one when nothing fitted).
pub fn libfuzzer_mutate(data: &mut [u8], size: usize, max_size: usize, seed: u32) -> usize {
    let s = seed_of(&data[..size]);
    let bytes = generate::seeded_bytes(u64::from(seed), 256);
    let mut u = Unstructured::new(&bytes);
    for _ in 0..4 {
        let Some((g, _)) = mutate_seed(&s, &mut u) else {
            continue;
        };
        let text = g.print();
        if text.len() <= max_size.min(data.len()) {
            data[..text.len()].copy_from_slice(text.as_bytes());
            return text.len();
        }
    }
    size
}

#[cfg(test)]
mod tests {
    use super::*;

    /// cvc5's API takes only values in `(as const ...)`.
    fn const_arrays_of_values(f: &Formula) -> bool {
        f.reachable_postorder()
            .into_iter()
            .all(|id| match &f.node(id).kind {
                NodeKind::App(Op::ConstArray, _, a) => {
                    matches!(f.node(a[0]).kind, NodeKind::Lit(_))
                }
                _ => true,
            })
    }

    const SEED: &str = "(set-logic ALL)
        (declare-fun x () Int) (declare-fun y () Int) (declare-fun s () String)
        (declare-fun a () (Array Int Int))
        (assert (= a ((as const (Array Int Int)) 7)))
        (assert (forall ((q Int)) (=> (> q x) (exists ((q Int)) (< q y)))))
        (assert (let ((z (+ x 1))) (and (< z y) (= (str.len s) z))))
        (check-sat)";

    #[test]
    fn shadowed_variables_are_not_in_scope() {
        let f = parse::parse_script(SEED).unwrap().formula;
        let s = scopes(&f);
        // Inside the inner exists only the inner q is visible.
        let inner = f
            .nodes
            .iter()
            .position(|n| matches!(&n.kind, NodeKind::Quant { forall: false, .. }))
            .unwrap();
        let NodeKind::Quant { body, vars, .. } = &f.nodes[inner].kind else {
            unreachable!()
        };
        assert_eq!(s[body], *vars);
    }

    /// Every mutant is well-formed, prints, and its text reads back as the same text (the
    /// corpus stores text); each kind of mutation occurs.
    #[test]
    fn mutants_are_well_formed_and_round_trip() {
        let f = parse::parse_script(SEED).unwrap().formula;
        let mut seen = Vec::new();
        for seed in 0..400 {
            let bytes = generate::seeded_bytes(seed, 256);
            let mut u = Unstructured::new(&bytes);
            let Ok(Some((g, kind))) = mutate_once(&f, &mut u) else {
                continue;
            };
            seen.push(kind);
            generate::check_well_formed(&g).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            assert!(const_arrays_of_values(&g), "seed {seed}");
            let text = print(&g);
            let back =
                parse::parse_script(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
            // The target runs what the text says: the text must be a fixed point.
            let again = print(&back.formula);
            assert_eq!(again, text, "seed {seed}");
            assert_ne!(g, f, "seed {seed}: a mutant equal to its seed");
        }
        for k in [Kind::Generative, Kind::Operator, Kind::Assertion] {
            assert!(seen.contains(&k), "{k:?} never happened: {seen:?}");
        }
    }

    /// The new operator of a generative mutation often takes the seed's own non-leaf
    /// expressions as arguments (TypeFuzz's GETREPLACEE), not only new terms.
    #[test]
    fn generative_mutation_reuses_seed_expressions() {
        let f = parse::parse_script(SEED).unwrap().formula;
        let old = f.nodes.len() as u32;
        let (mut grown, mut reusing) = (0, 0);
        for seed in 0..300 {
            let bytes = generate::seeded_bytes(seed, 256);
            let mut u = Unstructured::new(&bytes);
            let Ok(cfg) = config_for(&f, &mut u) else {
                continue;
            };
            let Ok((g, r)) = generate::grow(&cfg, &mut u, f.clone(), &Sort::Int, &[], 2) else {
                continue;
            };
            grown += 1;
            let seed_arg = |c: &NodeId| c.0 < old && !f.children(*c).is_empty();
            if g.children(r).iter().any(seed_arg) {
                reusing += 1;
            }
        }
        eprintln!("{reusing} of {grown} new Int terms take a seed expression as an argument");
        assert!(grown > 200, "{grown}");
        // Measured: 116 of 300 with the reuse bias of `config_for`, 50 of 300 without it.
        assert!(reusing * 3 > grown, "{reusing} of {grown}");
    }

    #[test]
    fn operator_mutation_keeps_sorts() {
        // `x + y` over Int is never replaced by the Real division.
        let f = parse::parse_script(
            "(set-logic QF_LIA)(declare-fun x () Int)(declare-fun y () Int)(assert (> (+ x y) 0))",
        )
        .unwrap()
        .formula;
        let mut mutated = 0;
        for seed in 0..200 {
            let bytes = generate::seeded_bytes(seed, 64);
            let mut u = Unstructured::new(&bytes);
            if let Ok(Some((g, Kind::Operator))) = mutate_once(&f, &mut u) {
                let text = smtlib::script(&g, &Default::default());
                assert!(!text.contains("(/"), "{text}");
                generate::check_well_formed(&g).unwrap();
                mutated += 1;
            }
        }
        assert!(mutated > 20, "only {mutated} operator mutations");
    }

    #[test]
    fn crossover_joins_assertions_and_keeps_sorts_apart() {
        let a = parse::parse_script(
            "(declare-sort S 0)(declare-fun x () Int)(declare-fun e () S)(assert (> x 0))",
        )
        .unwrap()
        .formula;
        let b = parse::parse_script(
            "(declare-sort T 0)(declare-fun x () Int)(declare-fun e () T)(declare-fun y () String)
             (assert (forall ((z T)) (= z e)))(assert (< x (str.len y)))",
        )
        .unwrap()
        .formula;
        for seed in 0..20 {
            let bytes = generate::seeded_bytes(seed, 16);
            let c = crossover(&a, &b, &mut Unstructured::new(&bytes));
            generate::check_well_formed(&c).unwrap();
            assert!(c.asserts.len() >= 2);
            let text = print(&c);
            let back = parse::parse_script(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(print(&back.formula), text);
            // x is shared (same sort); b's e (of another sort) was renamed.
            assert_eq!(
                c.decls.iter().filter(|d| d.name == "x").count(),
                1,
                "{text}"
            );
            if text.contains("forall") {
                assert!(text.contains("e_"), "{text}");
            }
        }
    }

    #[test]
    fn unparsable_entries_become_generated_scripts() {
        let mut data = vec![0u8; 4096];
        data[..5].copy_from_slice(b"(asse");
        let n = libfuzzer_mutate(&mut data, 5, 4096, 7);
        let text = std::str::from_utf8(&data[..n]).unwrap();
        parse::parse_script(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    }

    /// The repository's incremental seeds stay scripts: each prints as a corpus entry that
    /// reads back as itself, and its mutants are valid scripts (declarations before use,
    /// scopes balanced) whose corpus text reads back as themselves, with the seed's checks.
    #[test]
    fn incremental_seeds_mutate_as_scripts() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("seeds/incremental");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "smt2"))
            .collect();
        files.sort();
        assert!(files.len() >= 10, "{} incremental seeds", files.len());
        let mut mutants = 0;
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            let seed = seed_of(text.as_bytes());
            let Seed::Script(s) = &seed else {
                panic!("{}: not read as an incremental script", path.display());
            };
            let printed = seed.print();
            // Strict SMT-LIB: read in one pass on every fuzz iteration.
            parse::parse_script_with(&printed, parse::Reading::Strict)
                .unwrap_or_else(|e| panic!("{}: {e}\n{printed}", path.display()));
            assert_eq!(
                seed_of(printed.as_bytes()).print(),
                printed,
                "{}",
                path.display()
            );
            let checks = s.actions.iter().filter(|a| a.is_check()).count();
            for n in 0..20u64 {
                let bytes = generate::seeded_bytes(n, 256);
                let mut u = Unstructured::new(&bytes);
                let Some((m, kinds)) = mutate_seed(&seed, &mut u) else {
                    continue;
                };
                assert!(!kinds.is_empty());
                let Seed::Script(ms) = &m else {
                    panic!("a script's mutant is a script")
                };
                assert!(ms.valid(), "{}: mutant {n}", path.display());
                assert_eq!(ms.actions.iter().filter(|a| a.is_check()).count(), checks);
                let text = m.print();
                parse::parse_script_with(&text, parse::Reading::Strict)
                    .unwrap_or_else(|e| panic!("{}: mutant {n}: {e}\n{text}", path.display()));
                assert_eq!(
                    seed_of(text.as_bytes()).print(),
                    text,
                    "{}: mutant {n}",
                    path.display()
                );
                mutants += 1;
            }
        }
        assert!(mutants >= 100, "only {mutants} mutants");
    }
}
