//! Test-case reduction over the typed IR: a formula shrinks while a caller's predicate (the
//! same finding, judged by re-running the real oracle in-process) keeps holding.
//!
//! Every candidate is well sorted by construction: a subterm is replaced only by a term of
//! its sort (one of its children, a small literal, a fresh constant), an n-ary application
//! loses an argument only through the IR's sort checker, and a term moves only where every
//! bound variable free in it is still bound. The order of the steps is fixed (assertions
//! first, then top-down over the terms, big cuts before small ones), so a reduction is
//! deterministic up to where its time budget ends it.

use crate::lang::ir::{Decl, DeclId, Formula, Node, NodeId, NodeKind, Sort, Value};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// The default time budget of one reduction.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(60);

/// What a reduction did.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The smallest formula found for which the predicate holds (the input when none).
    pub formula: Formula,
    /// Candidates judged (predicate calls).
    pub tests: u32,
    /// Candidates kept.
    pub kept: u32,
    pub elapsed: Duration,
    /// The budget ended the reduction before a full round kept nothing (a fixpoint).
    pub exhausted: bool,
}

/// The number of term nodes reachable from the assertions (the size measure of a reduction).
pub fn size(f: &Formula) -> usize {
    f.reachable_postorder().len()
}

/// Reduces `f` while `holds` (judged on each candidate) stays true, for at most `budget`.
/// `holds` is not called on `f` itself: the caller knows it holds.
pub fn reduce(f: &Formula, holds: &mut dyn FnMut(&Formula) -> bool, budget: Duration) -> Outcome {
    let start = Instant::now();
    let mut r = Run {
        current: f.clone(),
        holds,
        deadline: start + budget,
        tests: 0,
        kept: 0,
    };
    let exhausted;
    // Without unused declarations first: every later candidate is compacted the same way.
    if let Some(g) = rebuild(&r.current, &r.current.asserts.clone(), &HashMap::new()) {
        if g != r.current {
            r.try_keep(g);
        }
    }
    loop {
        if r.out_of_time() {
            exhausted = true;
            break;
        }
        let before = r.kept;
        r.drop_assertions();
        r.replace_terms();
        if r.kept == before {
            exhausted = r.out_of_time();
            break;
        }
    }
    // Short names last (one candidate: a solver may depend on names, e.g. through hashing).
    let short = short_names(&r.current);
    if short != r.current {
        r.try_keep(short);
    }
    Outcome {
        formula: r.current,
        tests: r.tests,
        kept: r.kept,
        elapsed: start.elapsed(),
        exhausted,
    }
}

struct Run<'a> {
    current: Formula,
    holds: &'a mut dyn FnMut(&Formula) -> bool,
    deadline: Instant,
    tests: u32,
    kept: u32,
}

impl Run<'_> {
    fn out_of_time(&self) -> bool {
        Instant::now() >= self.deadline
    }

    /// Judges `candidate`; keeps it as the current formula when the predicate holds.
    fn try_keep(&mut self, candidate: Formula) -> bool {
        if self.out_of_time() {
            return false;
        }
        self.tests += 1;
        if (self.holds)(&candidate) {
            self.current = candidate;
            self.kept += 1;
            true
        } else {
            false
        }
    }

    /// Drops chunks of assertions: halves, quarters, ... single assertions (ddmin's
    /// complement steps).
    fn drop_assertions(&mut self) {
        let mut chunk = self.current.asserts.len().div_ceil(2);
        while chunk >= 1 && self.current.asserts.len() > 1 {
            let mut at = 0;
            while at < self.current.asserts.len() && self.current.asserts.len() > 1 {
                if self.out_of_time() {
                    return;
                }
                let asserts = &self.current.asserts;
                let end = (at + chunk).min(asserts.len());
                let rest: Vec<NodeId> = asserts[..at]
                    .iter()
                    .chain(&asserts[end..])
                    .copied()
                    .collect();
                let kept = !rest.is_empty()
                    && rebuild(&self.current, &rest, &HashMap::new())
                        .is_some_and(|g| self.try_keep(g));
                if !kept {
                    at += chunk;
                }
            }
            if chunk == 1 {
                break;
            }
            chunk = chunk.div_ceil(2);
        }
    }

    /// Top-down over the terms: each term is replaced by the first candidate that keeps the
    /// finding ([`candidates`]); after a replacement the walk goes on at the same position
    /// of the new formula's order.
    fn replace_terms(&mut self) {
        let mut at = 0;
        loop {
            if self.out_of_time() {
                return;
            }
            let order = preorder(&self.current);
            let Some(&id) = order.get(at) else { return };
            let mut changed = false;
            for edit in self.candidates(id) {
                let Some(g) = apply(&self.current, id, edit) else {
                    continue;
                };
                if g != self.current && self.try_keep(g) {
                    changed = true;
                    break;
                }
                if self.out_of_time() {
                    return;
                }
            }
            if !changed {
                at += 1;
            }
        }
    }

    /// The replacements tried for `id`, most reducing first.
    fn candidates(&self, id: NodeId) -> Vec<Edit> {
        let f = &self.current;
        let node = f.node(id);
        let free = f.free_bound_vars(false);
        let closed_in = |t: NodeId| {
            free[t.0 as usize]
                .iter()
                .all(|v| free[id.0 as usize].contains(v))
        };
        let mut out = Vec::new();
        let simple = simplest(&node.sort);
        let is_leaf = matches!(
            node.kind,
            NodeKind::Lit(_) | NodeKind::Const(_) | NodeKind::Bound(_)
        );
        if !is_leaf {
            if node.sort == Sort::Bool {
                out.push(Edit::Lit(Value::Bool(false)));
                out.push(Edit::Lit(Value::Bool(true)));
            }
            for c in f.children(id) {
                if c != id && f.node(c).sort == node.sort && closed_in(c) {
                    out.push(Edit::Node(c));
                }
            }
            if node.sort != Sort::Bool {
                if let Some(v) = &simple {
                    out.push(Edit::Lit(v.clone()));
                }
            }
            if node.sort != Sort::RegLan {
                out.push(Edit::Fresh);
            }
        }
        match &node.kind {
            NodeKind::App(op, _, args)
                if op.info().is_variadic() && args.len() > op.info().min_arity =>
            {
                for k in 0..args.len() {
                    out.push(Edit::DropArg(k));
                }
            }
            NodeKind::Let(bs, _) => {
                for (k, (_, t)) in bs.iter().enumerate() {
                    if free[t.0 as usize].is_empty() {
                        out.push(Edit::Inline(k));
                    }
                }
            }
            NodeKind::Quant { vars, .. } if vars.len() > 1 => {
                for k in 0..vars.len() {
                    out.push(Edit::DropVar(k));
                }
            }
            NodeKind::Lit(v) => out.extend(smaller_literals(v).into_iter().map(Edit::Lit)),
            NodeKind::Const(_) | NodeKind::Bound(_) => {
                out.extend(small_literals(&node.sort).into_iter().map(Edit::Lit));
            }
            _ => {}
        }
        // One occurrence at a time: a shared term (a constant used everywhere) replaced in
        // one argument position only.
        if let NodeKind::App(_, _, args) | NodeKind::Call(_, args) = &node.kind {
            for (k, a) in args.iter().enumerate() {
                let arg = f.node(*a);
                if matches!(arg.kind, NodeKind::Lit(_)) {
                    continue;
                }
                for v in small_literals(&arg.sort) {
                    out.push(Edit::ArgLit(k, v));
                }
            }
        }
        out
    }
}

/// One candidate change at a node.
#[derive(Clone, Debug)]
enum Edit {
    /// Replace the node by another (one of its children).
    Node(NodeId),
    /// Replace the node by a literal.
    Lit(Value),
    /// Replace the node by a new constant of its sort.
    Fresh,
    /// Drop argument k of an n-ary application.
    DropArg(usize),
    /// Replace the uses of binding k of a `let` by its term and drop the binding.
    Inline(usize),
    /// Drop variable k of a quantifier (its occurrences become a new constant).
    DropVar(usize),
    /// Replace argument k of an application (this occurrence only) by a literal.
    ArgLit(usize, Value),
}

/// `f` with `edit` applied at `id`, compacted; `None` where the edit does not apply.
fn apply(f: &Formula, id: NodeId, edit: Edit) -> Option<Formula> {
    let mut g = f.clone();
    let mut replace: HashMap<NodeId, NodeId> = HashMap::new();
    let sort = f.node(id).sort.clone();
    match edit {
        Edit::Node(c) => {
            replace.insert(id, c);
        }
        Edit::Lit(v) => {
            if v.sort() != sort {
                return None;
            }
            let l = g.lit(v);
            replace.insert(id, l);
        }
        Edit::Fresh => {
            let d = fresh_decl(&mut g, sort);
            let c = g.constant(d);
            replace.insert(id, c);
        }
        Edit::DropArg(k) => {
            let NodeKind::App(op, idx, args) = &f.node(id).kind else {
                return None;
            };
            let mut args = args.clone();
            args.remove(k);
            let n = g.app_indexed(*op, *idx, args).ok()?;
            if g.node(n).sort != sort {
                return None;
            }
            replace.insert(id, n);
        }
        Edit::ArgLit(k, v) => {
            let l = g.lit(v);
            let kind = match &f.node(id).kind {
                NodeKind::App(op, idx, args) => {
                    let mut args = args.clone();
                    args[k] = l;
                    NodeKind::App(*op, *idx, args)
                }
                NodeKind::Call(d, args) => {
                    let mut args = args.clone();
                    args[k] = l;
                    NodeKind::Call(*d, args)
                }
                _ => return None,
            };
            if g.sort_of(l) != f.sort_of(f.children(id)[k]) {
                return None;
            }
            g.nodes.push(Node {
                kind,
                sort: sort.clone(),
            });
            replace.insert(id, NodeId(g.nodes.len() as u32 - 1));
        }
        Edit::Inline(k) => {
            let NodeKind::Let(bs, body) = &f.node(id).kind else {
                return None;
            };
            let (var, term) = bs[k];
            for (n, node) in f.nodes.iter().enumerate() {
                if node.kind == NodeKind::Bound(var) {
                    replace.insert(NodeId(n as u32), term);
                }
            }
            let mut rest = bs.clone();
            rest.remove(k);
            let n = if rest.is_empty() {
                *body
            } else {
                g.let_(rest, *body).ok()?
            };
            replace.insert(id, n);
        }
        Edit::DropVar(k) => {
            let NodeKind::Quant { forall, vars, body } = &f.node(id).kind else {
                return None;
            };
            let var = vars[k];
            let d = fresh_decl(&mut g, f.bounds[var.0 as usize].sort.clone());
            let c = g.constant(d);
            for (n, node) in f.nodes.iter().enumerate() {
                if node.kind == NodeKind::Bound(var) {
                    replace.insert(NodeId(n as u32), c);
                }
            }
            let mut rest = vars.clone();
            rest.remove(k);
            let n = g.quantifier(*forall, rest, *body).ok()?;
            replace.insert(id, n);
        }
    }
    rebuild(&g, &g.asserts.clone(), &replace)
}

/// A new constant of `sort` under a name no declaration has.
fn fresh_decl(g: &mut Formula, sort: Sort) -> DeclId {
    let taken = |g: &Formula, n: &str| g.decls.iter().chain(&g.bounds).any(|d| d.name == n);
    let mut k = 0;
    while taken(g, &format!("r{k}")) {
        k += 1;
    }
    g.declare(format!("r{k}"), sort)
}

/// `f` with its declarations named `a`, `b`, … in order (where no bound variable has the
/// name; past `z` the names stay).
fn short_names(f: &Formula) -> Formula {
    let mut g = f.clone();
    let mut letters = ('a'..='z')
        .map(String::from)
        .filter(|n| !f.bounds.iter().any(|b| &b.name == n));
    for d in g.decls.iter_mut() {
        match letters.next() {
            Some(n) => d.name = n,
            None => break,
        }
    }
    g
}

/// The nodes reachable from the assertions, parents before children, breadth first (the
/// terms nearest the assertions, whose replacement cuts most, come first).
fn preorder(f: &Formula) -> Vec<NodeId> {
    let mut seen = vec![false; f.nodes.len()];
    let mut order = Vec::new();
    let mut queue: std::collections::VecDeque<NodeId> = f.asserts.iter().copied().collect();
    while let Some(id) = queue.pop_front() {
        if std::mem::replace(&mut seen[id.0 as usize], true) {
            continue;
        }
        order.push(id);
        queue.extend(f.children(id));
    }
    order
}

/// The smallest literal of a sort (`None`: uninterpreted sorts, regular languages).
pub fn simplest(sort: &Sort) -> Option<Value> {
    Some(match sort {
        Sort::Bool => Value::Bool(false),
        Sort::Int => Value::Int(BigInt::zero()),
        Sort::Real => Value::Real(BigRational::zero()),
        Sort::BitVec(w) => Value::bv(*w, 0u32),
        Sort::String => Value::Str(Vec::new()),
        Sort::Array(i, e) => Value::Array(crate::lang::ir::ArrayValue::constant(
            (**i).clone(),
            simplest(e)?,
        )),
        Sort::Float(eb, sb) => Value::Float(crate::lang::ir::Float::zero(*eb, *sb, false)),
        Sort::RoundingMode => Value::Rm(crate::lang::ir::RoundingMode::Rne),
        // The least value: the constructor of least depth over the simplest fields.
        Sort::Datatype(d) => {
            let c = d.ctors_by_depth()[0];
            let args = d
                .field_sorts(c)
                .iter()
                .map(simplest)
                .collect::<Option<Vec<_>>>()?;
            Value::Dt(Box::new(crate::lang::ir::DtValue {
                sort: d.clone(),
                ctor: c,
                args,
            }))
        }
        Sort::Seq(e) => Value::Seq((**e).clone(), Vec::new()),
        Sort::RegLan | Sort::Uninterp(_) => return None,
    })
}

/// The literals a leaf or an argument is replaced by: the simplest of its sort, and for
/// Booleans and numbers also `true` / `1` (a finding may need a non-zero value).
fn small_literals(sort: &Sort) -> Vec<Value> {
    let mut out: Vec<Value> = simplest(sort).into_iter().collect();
    match sort {
        Sort::Bool => out.push(Value::Bool(true)),
        Sort::Int => out.push(Value::Int(BigInt::one())),
        Sort::Real => out.push(Value::Real(BigRational::one())),
        _ => {}
    }
    out
}

/// Smaller literals than `v`, smallest first: 0, 1, halves; shorter strings; arrays with
/// fewer exceptions.
fn smaller_literals(v: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    match v {
        Value::Int(n) => {
            for m in [
                BigInt::zero(),
                BigInt::one(),
                -BigInt::one(),
                n / 2,
                n - num_traits::Signed::signum(n),
            ] {
                if m.magnitude() < n.magnitude() || (m.magnitude() == n.magnitude() && m > *n) {
                    out.push(Value::Int(m));
                }
            }
        }
        Value::Real(r) => {
            let candidates = [
                BigRational::zero(),
                BigRational::one(),
                BigRational::from_integer(r.to_integer()),
                BigRational::from_integer(r.numer().clone()),
            ];
            let weight = |q: &BigRational| q.numer().magnitude() + q.denom().magnitude();
            for q in candidates {
                if weight(&q) < weight(r) {
                    out.push(Value::Real(q));
                }
            }
        }
        Value::BitVec { width, value } => {
            for m in [BigUint::zero(), BigUint::one(), value >> 1u32] {
                if m < *value {
                    out.push(Value::BitVec {
                        width: *width,
                        value: m,
                    });
                }
            }
        }
        Value::Str(s) if !s.is_empty() => {
            out.push(Value::Str(Vec::new()));
            let half = s.len() / 2;
            if half > 0 {
                out.push(Value::Str(s[..half].to_vec()));
                out.push(Value::Str(s[half..].to_vec()));
            }
            for k in 0..s.len().min(8) {
                let mut t = s.clone();
                t.remove(k);
                out.push(Value::Str(t));
            }
            // A character smaller than its original (ASCII letters to `a`).
            if let Some(k) = s.iter().position(|c| *c > 'a' as u32) {
                let mut t = s.clone();
                t[k] = 'a' as u32;
                out.push(Value::Str(t));
            }
        }
        Value::Float(x) => {
            use crate::lang::ir::Float;
            // Simpler: +0, then 1.0, then fewer significand bits set (NaN and infinities
            // count as one bit more than 1.0).
            let weight = |y: &Float| -> u64 {
                if y.is_zero() && !y.sign {
                    0
                } else if y.to_rational() == Some(BigRational::one()) {
                    1
                } else {
                    2 + y.significand.count_ones() + u64::from(y.sign)
                }
            };
            let one = crate::lang::eval::fp::from_rational(
                x.eb,
                x.sb,
                crate::lang::ir::RoundingMode::Rne,
                &BigRational::one(),
            );
            let half_bits = Float::from_fields(
                x.eb,
                x.sb,
                x.sign,
                x.exponent,
                &x.significand >> ((x.sb - 1) / 2) << ((x.sb - 1) / 2),
            );
            for y in [Float::zero(x.eb, x.sb, false), one, half_bits] {
                if weight(&y) < weight(x) {
                    out.push(Value::Float(y));
                }
            }
        }
        Value::Rm(m) if *m != crate::lang::ir::RoundingMode::Rne => {
            out.push(Value::Rm(crate::lang::ir::RoundingMode::Rne));
        }
        // The least value, a field of the same sort (a list's tail), each field smaller.
        Value::Dt(d) => {
            let sort = v.sort();
            out.extend(simplest(&sort).filter(|x| x != v));
            out.extend(d.args.iter().filter(|a| a.sort() == sort).cloned());
            for (k, a) in d.args.iter().enumerate() {
                for b in smaller_literals(a).into_iter().take(1) {
                    let mut e = (**d).clone();
                    e.args[k] = b;
                    out.push(Value::Dt(Box::new(e)));
                }
            }
        }
        Value::Array(a) if !a.entries.is_empty() => {
            let constant =
                crate::lang::ir::ArrayValue::constant(a.index.clone(), (*a.default).clone());
            out.push(Value::Array(constant.clone()));
            for k in 0..a.entries.len() {
                let mut b = constant.clone();
                for (i, (at, v)) in a.entries.iter().enumerate() {
                    if i != k {
                        b = b.store(at.clone(), v.clone());
                    }
                }
                out.push(Value::Array(b));
            }
        }
        _ => {}
    }
    out.dedup();
    out.retain(|m| m != v);
    out
}

/// The part of `f` reachable from `asserts`, with every node in `replace` standing for its
/// replacement (followed transitively), in a new arena: declarations nobody uses are
/// dropped (the others keep their order and names). `None` when a replacement would make
/// a node its own descendant.
fn rebuild(f: &Formula, asserts: &[NodeId], replace: &HashMap<NodeId, NodeId>) -> Option<Formula> {
    let resolve = |mut id: NodeId| {
        let mut steps = 0;
        while let Some(r) = replace.get(&id) {
            id = *r;
            steps += 1;
            if steps > replace.len() {
                return None;
            }
        }
        Some(id)
    };
    let children =
        |id: NodeId| -> Option<Vec<NodeId>> { f.children(id).into_iter().map(resolve).collect() };
    // Postorder over the resolved graph; a node on the current path twice is a cycle.
    let roots: Vec<NodeId> = asserts.iter().map(|a| resolve(*a)).collect::<Option<_>>()?;
    // Recursive definitions stay (each body reduced as the rest).
    let bodies: Vec<NodeId> = f
        .rec_defs
        .iter()
        .map(|r| resolve(r.body))
        .collect::<Option<_>>()?;
    let mut state = vec![0u8; f.nodes.len()]; // 0 unseen, 1 on the path, 2 done
    let mut order = Vec::new();
    for root in bodies.iter().chain(&roots) {
        let mut stack = vec![(*root, false)];
        while let Some((id, expanded)) = stack.pop() {
            let s = &mut state[id.0 as usize];
            if expanded {
                *s = 2;
                order.push(id);
                continue;
            }
            match *s {
                2 => continue,
                1 => return None,
                _ => {}
            }
            *s = 1;
            stack.push((id, true));
            for c in children(id)?.into_iter().rev() {
                match state[c.0 as usize] {
                    2 => {}
                    1 => return None,
                    _ => stack.push((c, false)),
                }
            }
        }
    }
    let mut used = vec![false; f.decls.len()];
    for id in &order {
        if let NodeKind::Const(d) | NodeKind::Call(d, _) = &f.node(*id).kind {
            used[d.0 as usize] = true;
        }
    }
    for r in &f.rec_defs {
        used[r.decl.0 as usize] = true;
    }
    let mut decl_map = vec![DeclId(u32::MAX); f.decls.len()];
    let mut decls: Vec<Decl> = Vec::new();
    for (k, d) in f.decls.iter().enumerate() {
        if used[k] {
            decl_map[k] = DeclId(decls.len() as u32);
            decls.push(d.clone());
        }
    }
    let mut g = Formula {
        decls,
        nodes: Vec::with_capacity(order.len()),
        bounds: f.bounds.clone(),
        asserts: Vec::new(),
        rec_defs: Vec::new(),
    };
    let mut map: HashMap<NodeId, NodeId> = HashMap::with_capacity(order.len());
    for id in order {
        let m = |x: &NodeId| map[&resolve(*x).expect("resolved above")];
        let node = f.node(id);
        let kind = match &node.kind {
            NodeKind::Const(d) => NodeKind::Const(decl_map[d.0 as usize]),
            NodeKind::Call(d, args) => {
                NodeKind::Call(decl_map[d.0 as usize], args.iter().map(m).collect())
            }
            NodeKind::App(op, idx, args) => NodeKind::App(*op, *idx, args.iter().map(m).collect()),
            NodeKind::Let(bs, body) => {
                NodeKind::Let(bs.iter().map(|(v, t)| (*v, m(t))).collect(), m(body))
            }
            NodeKind::Quant { forall, vars, body } => NodeKind::Quant {
                forall: *forall,
                vars: vars.clone(),
                body: m(body),
            },
            k @ (NodeKind::Lit(_) | NodeKind::Bound(_)) => k.clone(),
        };
        g.nodes.push(Node {
            kind,
            sort: node.sort.clone(),
        });
        map.insert(id, NodeId(g.nodes.len() as u32 - 1));
    }
    g.asserts = roots.iter().map(|r| map[r]).collect();
    g.rec_defs = f
        .rec_defs
        .iter()
        .zip(&bodies)
        .map(|(r, b)| crate::lang::ir::RecDef {
            decl: decl_map[r.decl.0 as usize],
            params: r.params.clone(),
            body: map[b],
        })
        .collect();
    Some(g)
}

/// What a script reduction did.
#[derive(Clone, Debug)]
pub struct ScriptOutcome {
    pub script: crate::cases::script::Script,
    pub tests: u32,
    pub kept: u32,
    pub elapsed: Duration,
    pub exhausted: bool,
}

/// Reduces an incremental script while `holds` stays true, for at most `budget`: chunks of
/// actions, push/pop pairs and checks dropped (only valid scripts are judged, see
/// [`crate::cases::script::Script::valid`]); the curated options and the productions the script does not need
/// switched off; then each asserted term reduced as a formula ([`reduce`]) and put back.
pub fn reduce_script(
    s: &crate::cases::script::Script,
    holds: &mut dyn FnMut(&crate::cases::script::Script) -> bool,
    budget: Duration,
) -> ScriptOutcome {
    let start = Instant::now();
    let mut r = ScriptReduction {
        current: s.clone(),
        holds,
        deadline: start + budget,
        tests: 0,
        kept: 0,
    };
    // Passes in order, again while one of them keeps a candidate.
    loop {
        let before = r.kept;
        r.drop_action_chunks();
        r.drop_push_pop_pairs();
        r.drop_setup();
        r.reduce_asserted_terms();
        if r.kept == before || r.past_deadline() {
            break;
        }
    }
    ScriptOutcome {
        exhausted: r.past_deadline(),
        script: r.current,
        tests: r.tests,
        kept: r.kept,
        elapsed: start.elapsed(),
    }
}

/// A script's reduction under way: the smallest script the finding holds on so far.
struct ScriptReduction<'a> {
    current: crate::cases::script::Script,
    holds: &'a mut dyn FnMut(&crate::cases::script::Script) -> bool,
    deadline: Instant,
    tests: u32,
    kept: u32,
}

impl ScriptReduction<'_> {
    fn past_deadline(&self) -> bool {
        Instant::now() >= self.deadline
    }

    /// Keeps `candidate` as the current script when it is valid and the finding holds.
    fn try_keep(&mut self, candidate: crate::cases::script::Script) -> bool {
        if self.past_deadline() || !candidate.valid() {
            return false;
        }
        self.tests += 1;
        if (self.holds)(&candidate) {
            self.current = candidate;
            self.kept += 1;
            true
        } else {
            false
        }
    }

    /// Chunks of actions, halves down to single actions.
    fn drop_action_chunks(&mut self) {
        let mut chunk = self.current.actions.len().div_ceil(2);
        while chunk >= 1 && !self.past_deadline() {
            let mut at = 0;
            while at < self.current.actions.len() && !self.past_deadline() {
                let end = (at + chunk).min(self.current.actions.len());
                let mut c = self.current.clone();
                c.actions.drain(at..end);
                if !self.try_keep(c) {
                    at += chunk;
                }
            }
            if chunk == 1 {
                break;
            }
            chunk = chunk.div_ceil(2);
        }
    }

    /// A push with its pop.
    fn drop_push_pop_pairs(&mut self) {
        use crate::cases::script::Action;
        let mut k = 0;
        while k < self.current.actions.len() && !self.past_deadline() {
            if let Action::Push(n) = self.current.actions[k] {
                let pop = self.current.actions[k + 1..]
                    .iter()
                    .position(|a| *a == Action::Pop(n))
                    .map(|p| p + k + 1);
                if let Some(j) = pop {
                    let mut c = self.current.clone();
                    c.actions.remove(j);
                    c.actions.remove(k);
                    if self.try_keep(c) {
                        continue;
                    }
                }
            }
            k += 1;
        }
    }

    /// The setup: each curated option, then the productions (cores, unsat assumptions,
    /// self-checks).
    fn drop_setup(&mut self) {
        for solver in crate::dialect::solver_id::SolverId::ALL {
            let mut k = 0;
            while k < self.current.setup.options_of(solver).len() {
                let mut c = self.current.clone();
                if let Some(options) = c.setup.options.get_mut(&solver) {
                    options.remove(k);
                }
                if !self.try_keep(c) {
                    k += 1;
                }
            }
        }
        for flag in 0..3 {
            let mut c = self.current.clone();
            let on = match flag {
                0 => std::mem::replace(&mut c.setup.cores, false),
                1 => std::mem::replace(&mut c.setup.unsat_assumptions, false),
                _ => std::mem::replace(&mut c.setup.self_checks, false),
            };
            if on {
                self.try_keep(c);
            }
        }
    }

    /// Each asserted term, reduced as a formula of its own (with an equal share of the
    /// time left) and imported back.
    fn reduce_asserted_terms(&mut self) {
        use crate::cases::script::{Action, Script};
        let asserts: Vec<usize> = (0..self.current.actions.len())
            .filter(|k| matches!(self.current.actions[*k], Action::Assert(_)))
            .collect();
        for (n, k) in asserts.iter().enumerate() {
            let now = Instant::now();
            if now >= self.deadline {
                break;
            }
            let Action::Assert(t) = self.current.actions[*k] else {
                continue;
            };
            let share = (self.deadline - now) / (asserts.len() - n) as u32;
            let alone = Formula {
                asserts: vec![t],
                ..self.current.formula.clone()
            };
            let base = self.current.clone();
            let with_term = |g: &Formula| -> Script {
                let mut c = base.clone();
                let map = c.formula.import_derived(g);
                let root = map[&g.asserts[0]];
                c.formula.asserts.push(root);
                c.actions[*k] = Action::Assert(root);
                c
            };
            let mut inner_tests = 0;
            let holds = &mut self.holds;
            let out = reduce(
                &alone,
                &mut |g| {
                    let c = with_term(g);
                    if !c.valid() {
                        return false;
                    }
                    inner_tests += 1;
                    holds(&c)
                },
                share,
            );
            self.tests += inner_tests;
            // Progress only where the term changed (dropping the pool's other declarations
            // from the term's own formula is always kept and changes nothing here).
            let before_text = crate::cases::smtlib::term(&self.current.formula, t);
            let c = with_term(&out.formula);
            let Action::Assert(root) = c.actions[*k] else {
                continue;
            };
            if c.valid() && crate::cases::smtlib::term(&c.formula, root) != before_text {
                self.current = c;
                self.kept += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases::smtlib::{parse::parse_script, script};
    use crate::lang::generate::{check_well_formed, seeded_bytes, Case};
    use crate::lang::ir::Op;

    fn int(n: i64) -> Value {
        Value::Int(n.into())
    }

    /// Three assertions, one of which holds the `mod` the predicate asks for.
    fn three() -> Formula {
        let mut f = Formula::default();
        let (x, y) = (f.declare("x", Sort::Int), f.declare("y", Sort::Int));
        let s = f.declare("s", Sort::String);
        let (x, y, s) = (f.constant(x), f.constant(y), f.constant(s));
        let five = f.lit(int(5));
        let gt = f.app(Op::Gt, vec![x, five]).unwrap();
        let two = f.lit(int(2));
        let ty = f.app(Op::Mul, vec![two, y]).unwrap();
        let sum = f.app(Op::Add, vec![x, ty, five]).unwrap();
        let hundred = f.lit(int(100));
        let lt = f.app(Op::Lt, vec![sum, hundred]).unwrap();
        let a = f.app(Op::And, vec![gt, lt]).unwrap();
        f.assert(a).unwrap();
        let len = f.app(Op::StrLen, vec![s]).unwrap();
        let three = f.lit(int(3));
        let eq = f.app(Op::Eq, vec![len, three]).unwrap();
        f.assert(eq).unwrap();
        let zero = f.lit(int(0));
        let m = f.app(Op::Mod, vec![sum, zero]).unwrap();
        let seven = f.lit(int(7));
        let d = f.app(Op::Distinct, vec![m, seven]).unwrap();
        f.assert(d).unwrap();
        f
    }

    fn has(f: &Formula, op: Op) -> bool {
        f.signature().ops.contains(&op)
    }

    /// A syntactic predicate (the formula divides by zero with `mod`): the reduction keeps
    /// one assertion of a handful of nodes, drops the declarations nobody uses, and every
    /// candidate judged is well sorted and prints to SMT-LIB that reads back.
    #[test]
    fn reduces_to_the_part_the_predicate_needs() {
        let f = three();
        let mut judged = 0;
        let out = reduce(
            &f,
            &mut |g| {
                judged += 1;
                check_well_formed(g).unwrap();
                parse_script(&script(g, &Default::default())).unwrap();
                has(g, Op::Mod)
            },
            DEFAULT_BUDGET,
        );
        assert!(!out.exhausted);
        assert_eq!(out.tests, judged);
        let g = out.formula;
        assert!(has(&g, Op::Mod));
        assert_eq!(g.asserts.len(), 1);
        assert!(size(&g) <= 5, "{}", script(&g, &Default::default()));
        assert!(g.decls.len() <= 1, "{:?}", g.decls);
        // Deterministic: the same input reduces to the same formula.
        let again = reduce(&f, &mut |g| has(g, Op::Mod), DEFAULT_BUDGET).formula;
        assert_eq!(again, g);
    }

    /// A semantic predicate (the evaluator's truth under a fixed model is false, as for an
    /// invalid model): the reduced formula is still false under that model, and smaller.
    #[test]
    fn semantic_predicates_hold_on_the_result() {
        use crate::lang::eval::{Evaluator, Model};
        let mut shrunk = 0;
        for seed in 0..40u64 {
            let case = Case::from_bytes(&seeded_bytes(seed, 600));
            let f = case.formula;
            // Every declaration at its sort's simplest value (where it has one).
            let false_under_zero = |g: &Formula| {
                let Some(values) = g
                    .decls
                    .iter()
                    .map(|d| {
                        d.args
                            .is_empty()
                            .then(|| simplest(&d.sort))
                            .flatten()
                            .map(Some)
                    })
                    .collect::<Option<Vec<_>>>()
                else {
                    return false;
                };
                let model = Model {
                    values,
                    ..Default::default()
                };
                let mut ev = Evaluator::new(g, &model);
                g.asserts
                    .iter()
                    .any(|a| ev.eval(*a).ok() == Some(Value::Bool(false)))
            };
            if !false_under_zero(&f) {
                continue;
            }
            let out = reduce(&f, &mut |g| false_under_zero(g), Duration::from_secs(20));
            assert!(false_under_zero(&out.formula), "seed {seed}");
            check_well_formed(&out.formula).unwrap();
            assert!(size(&out.formula) <= size(&f));
            if size(&out.formula) < size(&f) {
                shrunk += 1;
            }
        }
        assert!(shrunk >= 5, "{shrunk} formulas shrank");
    }

    #[test]
    fn smaller_literals_are_smaller() {
        assert_eq!(smaller_literals(&int(0)), vec![]);
        let v = smaller_literals(&int(-12));
        assert!(v.contains(&int(0)) && v.contains(&int(-6)) && !v.contains(&int(-12)));
        let s = smaller_literals(&Value::str("abc"));
        assert_eq!(s[0], Value::str(""));
        assert!(s.contains(&Value::str("ab")) && s.contains(&Value::str("bc")));
        assert!(smaller_literals(&Value::bv(8, 0u32)).is_empty());
        assert_eq!(
            smaller_literals(&Value::bv(8, 1u32)),
            vec![Value::bv(8, 0u32)]
        );
    }
}
