//! Strings, unsatisfiable by construction (Bugariu and Müller, "Automatically testing string
//! solvers", sections 2.2 and 3.2, Tables 2 and 3): for each equivalence `A ⇔ B` of Table 2
//! (E1–E12) the formula `¬A ∧ B` is unsat. Only `B ⇒ A` is needed, and that is what each
//! rule below guarantees under SMT-LIB semantics (E4 and E6 are looser than equivalences:
//! their `B` is false on some inputs where `A` holds; still valid). Existentials of `B` are
//! free variables (they occur in positive positions).
//!
//! Transformations (section 3.2), one per case, or none:
//! - variable replacement: a variable `x` of `A` and `B` is renamed `x'` in `B` and a clause
//!   `C(x, x')` that forces `x = x'` is conjoined (Table 3 NC1–NC8, with their side
//!   conditions conjoined: strengthening keeps the formula unsat);
//! - constant replacement: a constant `c` of `B` becomes a fresh `z` and `z = t` is
//!   conjoined for a term `t` equal to `c` (under its side condition);
//! - noise: a variable of `B` only (an existential) is renamed and `C(y, y')` conjoined, or a
//!   universally bound variable of `B` gets `C(v, v') ⇒ body[v'/v]` under its quantifier —
//!   there only with the side-condition-free equalities NC2, NC3, NC7 (a side condition there
//!   would weaken the quantifier and could make the formula sat).
//!
//! The expected unsat core is `¬A`, `B` and the replacement clauses; noise clauses are not
//! needed. Solvers' cores are checked against it by the harness (`run_constructed`).

use super::Constructed;
use crate::lang::ir::{BoundId, Formula, NodeId, Op, Sort, Value};
use crate::solver::Verdict;
use arbitrary::{Result, Unstructured};
use std::collections::BTreeMap;

/// The equivalences, by their Table 2 names.
pub const RULES: &[&str] = &[
    "E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8", "E9", "E10", "E11", "E12",
];

/// The transformations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transform {
    None,
    VariableReplacement,
    ConstantReplacement,
    Noise,
    QuantifiedNoise,
}

/// What the rule's builder is asked to do while it builds `A` and `B`.
#[derive(Clone, Debug, Default)]
struct Plan {
    /// Variable renamed in `B` (variable replacement and free noise), with its new node.
    rename: Option<(&'static str, NodeId)>,
    /// Constant replaced in `B`, with its new node.
    constant: Option<(Value, NodeId)>,
    /// Quantifier (by order of construction) and string variable (index) that get noise,
    /// with the equality (index into [`SAFE_NC`]).
    quantified: Option<(usize, usize, usize)>,
}

/// Builds a rule's `A` and `B`, recording which variables and constants each uses.
struct Env {
    f: Formula,
    vars: BTreeMap<&'static str, NodeId>,
    in_b: bool,
    plan: Plan,
    /// Variables seen in `A` and in `B` (free), constants seen in `B`, string-sorted
    /// universally bound variables (quantifier, index).
    in_a: Vec<&'static str>,
    seen_b: Vec<&'static str>,
    consts_b: Vec<Value>,
    bound_strings: Vec<(usize, usize)>,
    quantifiers: usize,
}

impl Env {
    fn new(plan: Plan) -> Env {
        Env {
            f: Formula::default(),
            vars: BTreeMap::new(),
            in_b: false,
            plan,
            in_a: Vec::new(),
            seen_b: Vec::new(),
            consts_b: Vec::new(),
            bound_strings: Vec::new(),
            quantifiers: 0,
        }
    }

    /// The free variable `name` (declared at first use).
    fn v(&mut self, name: &'static str, sort: Sort) -> NodeId {
        let seen = if self.in_b {
            &mut self.seen_b
        } else {
            &mut self.in_a
        };
        if !seen.contains(&name) {
            seen.push(name);
        }
        if self.in_b {
            if let Some((n, node)) = self.plan.rename {
                if n == name {
                    return node;
                }
            }
        }
        if let Some(n) = self.vars.get(name) {
            return *n;
        }
        let d = self.f.declare(name, sort);
        let n = self.f.constant(d);
        self.vars.insert(name, n);
        n
    }
    fn s(&mut self, name: &'static str) -> NodeId {
        self.v(name, Sort::String)
    }
    fn i(&mut self, name: &'static str) -> NodeId {
        self.v(name, Sort::Int)
    }
    fn lit(&mut self, v: Value) -> NodeId {
        if self.in_b {
            if !self.consts_b.contains(&v) {
                self.consts_b.push(v.clone());
            }
            if let Some((c, node)) = &self.plan.constant {
                if *c == v {
                    return *node;
                }
            }
        }
        self.f.lit(v)
    }
    fn str_lit(&mut self, t: &str) -> NodeId {
        self.lit(Value::str(t))
    }
    fn int(&mut self, k: i64) -> NodeId {
        self.lit(Value::Int(k.into()))
    }
    fn app(&mut self, op: Op, args: Vec<NodeId>) -> NodeId {
        app(&mut self.f, op, args)
    }
    fn eq(&mut self, a: NodeId, b: NodeId) -> NodeId {
        self.app(Op::Eq, vec![a, b])
    }
    fn implies(&mut self, a: NodeId, b: NodeId) -> NodeId {
        self.app(Op::Implies, vec![a, b])
    }
    fn and(&mut self, xs: Vec<NodeId>) -> NodeId {
        if xs.len() == 1 {
            xs[0]
        } else {
            self.app(Op::And, xs)
        }
    }
    fn not(&mut self, a: NodeId) -> NodeId {
        self.app(Op::Not, vec![a])
    }
    fn concat(&mut self, xs: Vec<NodeId>) -> NodeId {
        self.app(Op::StrConcat, xs)
    }
    fn len(&mut self, s: NodeId) -> NodeId {
        self.app(Op::StrLen, vec![s])
    }
    /// `(forall ((name sort)...) body)`; `body` gets the bound variables' nodes. With
    /// quantified noise planned for this quantifier, a string variable `v` of it is renamed
    /// `v'` in the body and `C(v, v') ⇒ body` is quantified over both.
    fn forall(
        &mut self,
        vars: &[(&'static str, Sort)],
        body: impl FnOnce(&mut Env, &[NodeId]) -> NodeId,
    ) -> NodeId {
        let q = self.quantifiers;
        self.quantifiers += 1;
        let mut ids: Vec<BoundId> = Vec::new();
        let mut nodes = Vec::new();
        for (k, (name, sort)) in vars.iter().enumerate() {
            let (b, n) = self.f.bound_var(*name, sort.clone());
            ids.push(b);
            nodes.push(n);
            if *sort == Sort::String {
                self.bound_strings.push((q, k));
            }
        }
        match self.plan.quantified {
            Some((pq, k, nc)) if pq == q && k < nodes.len() => {
                let original = nodes[k];
                let name: &'static str = vars[k].0;
                let (b2, renamed) = self.f.bound_var(format!("{name}_noise"), Sort::String);
                nodes[k] = renamed;
                let inner = body(self, &nodes);
                let c = safe_nc(&mut self.f, SAFE_NC[nc], original, renamed);
                let guarded = self.implies(c, inner);
                ids.push(b2);
                self.f
                    .quantifier(true, ids, guarded)
                    .expect("Boolean body, variables")
            }
            _ => {
                let inner = body(self, &nodes);
                self.f
                    .quantifier(true, ids, inner)
                    .expect("Boolean body, variables")
            }
        }
    }
}

fn app(f: &mut Formula, op: Op, args: Vec<NodeId>) -> NodeId {
    f.app(op, args)
        .unwrap_or_else(|e| panic!("strings_unsat builds well-sorted terms: {op:?}: {e}"))
}

/// The side-condition-free equalities of Table 3 usable under a quantifier.
const SAFE_NC: &[&str] = &["NC2", "NC3", "NC7"];

/// `C(v, v')` for a side-condition-free equality: `v ++ "" = v'`, `"" ++ v = v'`,
/// `substr(v, 0, len v) = v'`.
fn safe_nc(f: &mut Formula, nc: &str, v: NodeId, v2: NodeId) -> NodeId {
    let empty = f.lit(Value::str(""));
    let t = match nc {
        "NC2" => app(f, Op::StrConcat, vec![v, empty]),
        "NC3" => app(f, Op::StrConcat, vec![empty, v]),
        _ => {
            let zero = f.lit(Value::Int(0.into()));
            let l = app(f, Op::StrLen, vec![v]);
            app(f, Op::StrSubstr, vec![v, zero, l])
        }
    };
    app(f, Op::Eq, vec![t, v2])
}

/// Builds rule `rule`'s `A` and `B`.
fn rule(e: &mut Env, rule: &str) -> (NodeId, NodeId) {
    // Each rule is its own function, documented there.
    let (a, b) = match rule {
        "E1" => at_is_substr(e),
        "E2" => from_int_by_digits(e),
        "E3" => replace_by_split(e),
        "E4" => substr_by_split(e),
        "E5" => indexof_by_split(e),
        "E6" => to_int_by_digits(e),
        "E7" => contains_by_split(e),
        "E8" => not_contains_by_splits(e),
        "E9" | "E11" => prefix_suffix_by_split(e, rule),
        _ => not_prefix_suffix_by_splits(e, rule),
    };
    e.in_b = false;
    (a, b)
}

/// at(s, off) = res  ⇔  res = substr(s, off, 1)  (SMT-LIB defines at this way).
fn at_is_substr(e: &mut Env) -> (NodeId, NodeId) {
    let (s, off, res) = (e.s("s"), e.i("off"), e.s("res"));
    let at = e.app(Op::StrAt, vec![s, off]);
    let a = e.eq(at, res);
    e.in_b = true;
    let (s, off, res) = (e.s("s"), e.i("off"), e.s("res"));
    let one = e.int(1);
    let sub = e.app(Op::StrSubstr, vec![s, off, one]);
    let b = e.eq(res, sub);
    (a, b)
}

/// from_int(n) = res ⇔ res = "" if n < 0, the digit if 0 ≤ n ≤ 9,
/// from_int(n div 10) ++ from_int(n mod 10) if n ≥ 10.
fn from_int_by_digits(e: &mut Env) -> (NodeId, NodeId) {
    let (n, res) = (e.i("n"), e.s("res"));
    let fi = e.app(Op::StrFromInt, vec![n]);
    let a = e.eq(fi, res);
    e.in_b = true;
    let (n, res) = (e.i("n"), e.s("res"));
    let mut parts = Vec::new();
    let zero = e.int(0);
    let neg = e.app(Op::Lt, vec![n, zero]);
    let empty = e.str_lit("");
    let is_empty = e.eq(res, empty);
    parts.push(e.implies(neg, is_empty));
    for d in 0..=9 {
        let k = e.int(d);
        let c = e.eq(n, k);
        let digit = e.str_lit(&d.to_string());
        let r = e.eq(res, digit);
        parts.push(e.implies(c, r));
    }
    let ten = e.int(10);
    let big = e.app(Op::Ge, vec![n, ten]);
    let ten = e.int(10);
    let q = e.app(Op::IntDiv, vec![n, ten]);
    let ten = e.int(10);
    let r = e.app(Op::Mod, vec![n, ten]);
    let fq = e.app(Op::StrFromInt, vec![q]);
    let fr = e.app(Op::StrFromInt, vec![r]);
    let cat = e.concat(vec![fq, fr]);
    let r = e.eq(res, cat);
    parts.push(e.implies(big, r));
    let b = e.and(parts);
    (a, b)
}

/// replace(s, t, u) = res ⇔ i = indexof(s, t, 0) ∧ (i ≥ 0 ⇒ s = s1 ++ s2 ++ s3 ∧
/// len s1 = i ∧ s2 = t ∧ res = s1 ++ u ++ s3) ∧ (i < 0 ⇒ res = s).
fn replace_by_split(e: &mut Env) -> (NodeId, NodeId) {
    let (s, t, u, res) = (e.s("s"), e.s("t"), e.s("u"), e.s("res"));
    let rep = e.app(Op::StrReplace, vec![s, t, u]);
    let a = e.eq(rep, res);
    e.in_b = true;
    let (s, t, u, res) = (e.s("s"), e.s("t"), e.s("u"), e.s("res"));
    let (i, s1, s2, s3) = (e.i("i"), e.s("s1"), e.s("s2"), e.s("s3"));
    let zero = e.int(0);
    let idx = e.app(Op::StrIndexof, vec![s, t, zero]);
    let def = e.eq(i, idx);
    let zero = e.int(0);
    let found = e.app(Op::Ge, vec![i, zero]);
    let split = e.concat(vec![s1, s2, s3]);
    let c1 = e.eq(s, split);
    let l1 = e.len(s1);
    let c2 = e.eq(l1, i);
    let c3 = e.eq(s2, t);
    let joined = e.concat(vec![s1, u, s3]);
    let c4 = e.eq(res, joined);
    let then = e.and(vec![c1, c2, c3, c4]);
    let yes = e.implies(found, then);
    let zero = e.int(0);
    let missing = e.app(Op::Lt, vec![i, zero]);
    let same = e.eq(res, s);
    let no = e.implies(missing, same);
    let b = e.and(vec![def, yes, no]);
    (a, b)
}

/// substr(s, off, len) = res ⇐ (0 ≤ off < len s ∧ len > 0 ⇒ s = s1 ++ s2 ++ s3 ∧
/// len s1 = off ∧ len s2 = len ∧ res = s2) ∧ (otherwise ⇒ res = ""). Looser than an
/// equivalence (false when off + len > len s), still B ⇒ A.
fn substr_by_split(e: &mut Env) -> (NodeId, NodeId) {
    let (s, off, n, res) = (e.s("s"), e.i("off"), e.i("len"), e.s("res"));
    let sub = e.app(Op::StrSubstr, vec![s, off, n]);
    let a = e.eq(sub, res);
    e.in_b = true;
    let (s, off, n, res) = (e.s("s"), e.i("off"), e.i("len"), e.s("res"));
    let (s1, s2, s3) = (e.s("s1"), e.s("s2"), e.s("s3"));
    let zero = e.int(0);
    let c1 = e.app(Op::Ge, vec![off, zero]);
    let ls = e.len(s);
    let c2 = e.app(Op::Lt, vec![off, ls]);
    let zero = e.int(0);
    let c3 = e.app(Op::Gt, vec![n, zero]);
    let inside = e.and(vec![c1, c2, c3]);
    let split = e.concat(vec![s1, s2, s3]);
    let d1 = e.eq(s, split);
    let l1 = e.len(s1);
    let d2 = e.eq(l1, off);
    let l2 = e.len(s2);
    let d3 = e.eq(l2, n);
    let d4 = e.eq(res, s2);
    let then = e.and(vec![d1, d2, d3, d4]);
    let yes = e.implies(inside, then);
    let outside = e.not(inside);
    let empty = e.str_lit("");
    let is_empty = e.eq(res, empty);
    let no = e.implies(outside, is_empty);
    let b = e.and(vec![yes, no]);
    (a, b)
}

/// indexof(s, t, off) = res ⇐ (t = "" ∧ 0 ≤ off ≤ len s ⇒ res = off) ∧ (t ≠ "" ∧
/// 0 ≤ off ≤ len s ⇒ s = s1 ++ s2 ++ t ++ s4 ∧ off = len s1 ∧ (∀ i. 0 ≤ i < len t ⇒
/// ¬contains(s2 ++ substr(t, 0, i), t)) ∧ res = len(s1 ++ s2)) ∧ (¬(0 ≤ off ≤ len s)
/// ⇒ res = -1). (No occurrence from off: B is false; still B ⇒ A.)
fn indexof_by_split(e: &mut Env) -> (NodeId, NodeId) {
    let (s, t, off, res) = (e.s("s"), e.s("t"), e.i("off"), e.i("res"));
    let idx = e.app(Op::StrIndexof, vec![s, t, off]);
    let a = e.eq(idx, res);
    e.in_b = true;
    let (s, t, off, res) = (e.s("s"), e.s("t"), e.i("off"), e.i("res"));
    let (s1, s2, s4) = (e.s("s1"), e.s("s2"), e.s("s4"));
    let zero = e.int(0);
    let lo = e.app(Op::Le, vec![zero, off]);
    let ls = e.len(s);
    let hi = e.app(Op::Le, vec![off, ls]);
    let range = e.and(vec![lo, hi]);
    let empty = e.str_lit("");
    let t_empty = e.eq(t, empty);
    let c = e.and(vec![t_empty, range]);
    let r = e.eq(res, off);
    let p1 = e.implies(c, r);
    let t_nonempty = e.not(t_empty);
    let c = e.and(vec![t_nonempty, range]);
    let split = e.concat(vec![s1, s2, t, s4]);
    let d1 = e.eq(s, split);
    let l1 = e.len(s1);
    let d2 = e.eq(off, l1);
    let first = e.forall(&[("i", Sort::Int)], |e, v| {
        let i = v[0];
        let zero = e.int(0);
        let lo = e.app(Op::Ge, vec![i, zero]);
        let lt = e.len(t);
        let hi = e.app(Op::Lt, vec![i, lt]);
        let range = e.and(vec![lo, hi]);
        let zero = e.int(0);
        let pre = e.app(Op::StrSubstr, vec![t, zero, i]);
        let w = e.concat(vec![s2, pre]);
        let has = e.app(Op::StrContains, vec![w, t]);
        let hasnt = e.not(has);
        e.implies(range, hasnt)
    });
    let w = e.concat(vec![s1, s2]);
    let lw = e.len(w);
    let d4 = e.eq(res, lw);
    let then = e.and(vec![d1, d2, first, d4]);
    let p2 = e.implies(c, then);
    let out = e.not(range);
    let m1 = e.int(-1);
    let r = e.eq(res, m1);
    let p3 = e.implies(out, r);
    let b = e.and(vec![p1, p2, p3]);
    (a, b)
}

/// to_int(s) = res ⇐ (s ≠ "" ∧ ∀ j. 0 ≤ j < len s ⇒ at(s, j) is a digit ⇒
/// from_int(res) = s) ∧ (otherwise ⇒ res = -1). Looser (leading zeros: B false).
fn to_int_by_digits(e: &mut Env) -> (NodeId, NodeId) {
    let (s, res) = (e.s("s"), e.i("res"));
    let ti = e.app(Op::StrToInt, vec![s]);
    let a = e.eq(ti, res);
    e.in_b = true;
    let (s, res) = (e.s("s"), e.i("res"));
    let empty = e.str_lit("");
    let is_empty = e.eq(s, empty);
    let nonempty = e.not(is_empty);
    let digits = e.forall(&[("j", Sort::Int)], |e, v| {
        let j = v[0];
        let zero = e.int(0);
        let lo = e.app(Op::Ge, vec![j, zero]);
        let ls = e.len(s);
        let hi = e.app(Op::Lt, vec![j, ls]);
        let range = e.and(vec![lo, hi]);
        let mut ors = Vec::new();
        for d in 0..=9 {
            let c = e.app(Op::StrAt, vec![s, j]);
            let dl = e.str_lit(&d.to_string());
            ors.push(e.eq(c, dl));
        }
        let any = e.app(Op::Or, ors);
        e.implies(range, any)
    });
    let cond = e.and(vec![nonempty, digits]);
    let fi = e.app(Op::StrFromInt, vec![res]);
    let r = e.eq(fi, s);
    let p1 = e.implies(cond, r);
    let other = e.not(cond);
    let m1 = e.int(-1);
    let r = e.eq(res, m1);
    let p2 = e.implies(other, r);
    let b = e.and(vec![p1, p2]);
    (a, b)
}

/// contains(s, t) ⇔ s = s1 ++ t ++ s3.
fn contains_by_split(e: &mut Env) -> (NodeId, NodeId) {
    let (s, t) = (e.s("s"), e.s("t"));
    let a = e.app(Op::StrContains, vec![s, t]);
    e.in_b = true;
    let (s, t, s1, s3) = (e.s("s"), e.s("t"), e.s("s1"), e.s("s3"));
    let w = e.concat(vec![s1, t, s3]);
    let b = e.eq(s, w);
    (a, b)
}

/// ¬contains(s, t) ⇔ ∀ s1 s2 s3. s = s1 ++ s2 ++ s3 ⇒ s2 ≠ t.
fn not_contains_by_splits(e: &mut Env) -> (NodeId, NodeId) {
    let (s, t) = (e.s("s"), e.s("t"));
    let c = e.app(Op::StrContains, vec![s, t]);
    let a = e.not(c);
    e.in_b = true;
    let (s, t) = (e.s("s"), e.s("t"));
    let b = e.forall(
        &[
            ("s1", Sort::String),
            ("s2", Sort::String),
            ("s3", Sort::String),
        ],
        |e, v| {
            let w = e.concat(vec![v[0], v[1], v[2]]);
            let split = e.eq(s, w);
            let same = e.eq(v[1], t);
            let differ = e.not(same);
            e.implies(split, differ)
        },
    );
    (a, b)
}

/// prefixof(s, t) ⇔ t = s ++ t2;  suffixof(s, t) ⇔ t = t1 ++ s.
fn prefix_suffix_by_split(e: &mut Env, rule: &str) -> (NodeId, NodeId) {
    let op = if rule == "E9" {
        Op::StrPrefixof
    } else {
        Op::StrSuffixof
    };
    let (s, t) = (e.s("s"), e.s("t"));
    let a = e.app(op, vec![s, t]);
    e.in_b = true;
    let (s, t) = (e.s("s"), e.s("t"));
    let w = if rule == "E9" {
        let t2 = e.s("t2");
        e.concat(vec![s, t2])
    } else {
        let t1 = e.s("t1");
        e.concat(vec![t1, s])
    };
    let b = e.eq(t, w);
    (a, b)
}

/// ¬prefixof(s, t) ⇔ ∀ t1 t2. t = t1 ++ t2 ⇒ t1 ≠ s;
/// ¬suffixof(s, t) ⇔ ∀ t1 t2. t = t1 ++ t2 ⇒ t2 ≠ s.
fn not_prefix_suffix_by_splits(e: &mut Env, rule: &str) -> (NodeId, NodeId) {
    let prefix = rule == "E10";
    let op = if prefix {
        Op::StrPrefixof
    } else {
        Op::StrSuffixof
    };
    let (s, t) = (e.s("s"), e.s("t"));
    let c = e.app(op, vec![s, t]);
    let a = e.not(c);
    e.in_b = true;
    let (s, t) = (e.s("s"), e.s("t"));
    let b = e.forall(&[("t1", Sort::String), ("t2", Sort::String)], |e, v| {
        let w = e.concat(vec![v[0], v[1]]);
        let split = e.eq(t, w);
        let part = if prefix { v[0] } else { v[1] };
        let same = e.eq(part, s);
        let differ = e.not(same);
        e.implies(split, differ)
    });
    (a, b)
}

/// Table 3's clauses `C(x, x')` that force `x = x'`, with their side conditions, by sort of
/// `x`. Returns the clauses to conjoin (the equality first) and the equality's name.
fn replacement_clauses(
    u: &mut Unstructured,
    f: &mut Formula,
    x: NodeId,
    x2: NodeId,
    fresh: &mut impl FnMut(&mut Formula, Sort) -> NodeId,
) -> Result<(Vec<NodeId>, &'static str)> {
    let lit_s = |f: &mut Formula, t: &str| f.lit(Value::str(t));
    let lit_i = |f: &mut Formula, k: i64| f.lit(Value::Int(k.into()));
    if *f.sort_of(x) == Sort::Int {
        // NC8: indexof(s', "", x) = x' if 0 ≤ x ≤ len s'.
        let s = fresh(f, Sort::String);
        let empty = lit_s(f, "");
        let idx = app(f, Op::StrIndexof, vec![s, empty, x]);
        let c = app(f, Op::Eq, vec![idx, x2]);
        let zero = lit_i(f, 0);
        let l = app(f, Op::StrLen, vec![s]);
        let side = app(f, Op::Le, vec![zero, x, l]);
        return Ok((vec![c, side], "NC8"));
    }
    let k = u.int_in_range(1..=7u8)?;
    let empty = lit_s(f, "");
    Ok(match k {
        // NC1: at(x, 0) = x' if len x = 1.
        1 => {
            let zero = lit_i(f, 0);
            let at = app(f, Op::StrAt, vec![x, zero]);
            let c = app(f, Op::Eq, vec![at, x2]);
            let l = app(f, Op::StrLen, vec![x]);
            let one = lit_i(f, 1);
            let side = app(f, Op::Eq, vec![l, one]);
            (vec![c, side], "NC1")
        }
        2 => {
            let t = app(f, Op::StrConcat, vec![x, empty]);
            (vec![app(f, Op::Eq, vec![t, x2])], "NC2")
        }
        3 => {
            let t = app(f, Op::StrConcat, vec![empty, x]);
            (vec![app(f, Op::Eq, vec![t, x2])], "NC3")
        }
        // NC4: replace(x, x, x) = x'.
        4 => {
            let t = app(f, Op::StrReplace, vec![x, x, x]);
            (vec![app(f, Op::Eq, vec![t, x2])], "NC4")
        }
        // NC5 / NC6: replace(x, t, w) = x' if ¬contains(x, t) / indexof(x, t, 0) = -1.
        5 | 6 => {
            let t = fresh(f, Sort::String);
            let w = fresh(f, Sort::String);
            let r = app(f, Op::StrReplace, vec![x, t, w]);
            let c = app(f, Op::Eq, vec![r, x2]);
            let side = if k == 5 {
                let has = app(f, Op::StrContains, vec![x, t]);
                app(f, Op::Not, vec![has])
            } else {
                let zero = lit_i(f, 0);
                let idx = app(f, Op::StrIndexof, vec![x, t, zero]);
                let m1 = lit_i(f, -1);
                app(f, Op::Eq, vec![idx, m1])
            };
            (vec![c, side], if k == 5 { "NC5" } else { "NC6" })
        }
        // NC7: substr(x, 0, len x) = x'.
        _ => {
            let zero = lit_i(f, 0);
            let l = app(f, Op::StrLen, vec![x]);
            let t = app(f, Op::StrSubstr, vec![x, zero, l]);
            (vec![app(f, Op::Eq, vec![t, x2])], "NC7")
        }
    })
}

/// Table 3's equalities of a term to a constant (C rules): `z = t` with side conditions,
/// for the constants the rules' `B` use ("", digits, -1, 0…10). `None` for another value.
fn constant_clauses(
    u: &mut Unstructured,
    f: &mut Formula,
    c: &Value,
    z: NodeId,
    fresh: &mut impl FnMut(&mut Formula, Sort) -> NodeId,
) -> Result<Option<(Vec<NodeId>, &'static str)>> {
    let lit_s = |f: &mut Formula, t: &str| f.lit(Value::str(t));
    let lit_i = |f: &mut Formula, k: i64| f.lit(Value::Int(k.into()));
    let eqz = |f: &mut Formula, t: NodeId| app(f, Op::Eq, vec![z, t]);
    Ok(match c {
        Value::Str(s) if s.is_empty() => Some(match u.int_in_range(0..=4u8)? {
            // at(s', off') = "" if off' < 0 ∨ off' ≥ len s'.
            0 => {
                let (s, off) = (fresh(f, Sort::String), fresh(f, Sort::Int));
                let at = app(f, Op::StrAt, vec![s, off]);
                let zero = lit_i(f, 0);
                let neg = app(f, Op::Lt, vec![off, zero]);
                let l = app(f, Op::StrLen, vec![s]);
                let past = app(f, Op::Ge, vec![off, l]);
                let side = app(f, Op::Or, vec![neg, past]);
                (
                    vec![eqz(f, at), side],
                    "at(s, off) = \"\" if off < 0 or off >= len s",
                )
            }
            1 => {
                let e = lit_s(f, "");
                let t = app(f, Op::StrConcat, vec![e, e]);
                (vec![eqz(f, t)], "concat(\"\", \"\") = \"\"")
            }
            2 => {
                let n = fresh(f, Sort::Int);
                let t = app(f, Op::StrFromInt, vec![n]);
                let zero = lit_i(f, 0);
                let side = app(f, Op::Lt, vec![n, zero]);
                (vec![eqz(f, t), side], "from_int(n) = \"\" if n < 0")
            }
            3 => {
                let e = lit_s(f, "");
                let t = app(f, Op::StrReplace, vec![e, e, e]);
                (vec![eqz(f, t)], "replace(\"\", \"\", \"\") = \"\"")
            }
            _ => {
                let (s, off, n) = (
                    fresh(f, Sort::String),
                    fresh(f, Sort::Int),
                    fresh(f, Sort::Int),
                );
                let t = app(f, Op::StrSubstr, vec![s, off, n]);
                let zero = lit_i(f, 0);
                let side = app(f, Op::Le, vec![n, zero]);
                (
                    vec![eqz(f, t), side],
                    "substr(s, off, len) = \"\" if len <= 0",
                )
            }
        }),
        // A digit: from_int(n) = "d" if n = d.
        Value::Str(s) if s.len() == 1 && (0x30..=0x39).contains(&s[0]) => {
            let n = fresh(f, Sort::Int);
            let t = app(f, Op::StrFromInt, vec![n]);
            let d = lit_i(f, (s[0] - 0x30) as i64);
            let side = app(f, Op::Eq, vec![n, d]);
            Some((vec![eqz(f, t), side], "from_int(n) = \"d\" if n = d"))
        }
        Value::Int(k) if *k == (-1).into() => Some(if u.ratio(1, 2)? {
            let (s, t, off) = (
                fresh(f, Sort::String),
                fresh(f, Sort::String),
                fresh(f, Sort::Int),
            );
            let idx = app(f, Op::StrIndexof, vec![s, t, off]);
            let zero = lit_i(f, 0);
            let side = app(f, Op::Lt, vec![off, zero]);
            (
                vec![eqz(f, idx), side],
                "indexof(s, t, off) = -1 if off < 0",
            )
        } else {
            let s = fresh(f, Sort::String);
            let t = app(f, Op::StrToInt, vec![s]);
            let e = lit_s(f, "");
            let side = app(f, Op::Eq, vec![s, e]);
            (vec![eqz(f, t), side], "to_int(s) = -1 if s = \"\"")
        }),
        Value::Int(k) if *k >= 0.into() && *k <= 10.into() => {
            let k: i64 = k.try_into().expect("small");
            Some(if u.ratio(1, 2)? {
                let s = fresh(f, Sort::String);
                let t = app(f, Op::StrToInt, vec![s]);
                let d = lit_s(f, &k.to_string());
                let side = app(f, Op::Eq, vec![s, d]);
                (vec![eqz(f, t), side], "to_int(s) = k if s = \"k\"")
            } else {
                let s = fresh(f, Sort::String);
                let t = app(f, Op::StrLen, vec![s]);
                let text = "a".repeat(k as usize);
                let d = lit_s(f, &text);
                let side = app(f, Op::Eq, vec![s, d]);
                (
                    vec![eqz(f, t), side],
                    "len(s) = k if s = \"a...a\" (k characters)",
                )
            })
        }
        _ => None,
    })
}

/// An unsatisfiable string formula decoded from `u`: rule, transformation and their choices.
pub fn build(u: &mut Unstructured) -> Result<Constructed> {
    let name = RULES[u.choose_index(RULES.len())?];
    let transform = *u.choose(&[
        Transform::None,
        Transform::VariableReplacement,
        Transform::ConstantReplacement,
        Transform::Noise,
        Transform::QuantifiedNoise,
    ])?;
    build_rule(u, name, transform)
}

/// Rule `name` with transformation `transform` (the rest of the choices from `u`). A
/// transformation the rule offers no place for (no constant in `B`, no quantifier) falls
/// back to none; the rule text says what was applied.
pub fn build_rule(
    u: &mut Unstructured,
    name: &'static str,
    transform: Transform,
) -> Result<Constructed> {
    // A first pass finds the variables and constants the rule uses.
    let mut probe = Env::new(Plan::default());
    rule(&mut probe, name);
    let shared: Vec<&'static str> = probe
        .in_a
        .iter()
        .copied()
        .filter(|v| probe.seen_b.contains(v))
        .collect();
    let only_b: Vec<&'static str> = probe
        .seen_b
        .iter()
        .copied()
        .filter(|v| !probe.in_a.contains(v))
        .collect();
    let mut e = Env::new(Plan::default());
    let mut counter = 0;
    let mut fresh = move |f: &mut Formula, sort: Sort| {
        counter += 1;
        let d = f.declare(format!("fresh{counter}"), sort);
        f.constant(d)
    };
    // (assertions that belong to the core, noise assertions, rule text)
    let mut core_extra = Vec::new();
    let mut noise = Vec::new();
    let mut how = "no transformation".to_string();
    let mut pending: Option<(NodeId, NodeId)> = None;
    let mut pending_const: Option<(Value, NodeId)> = None;
    match transform {
        Transform::VariableReplacement | Transform::Noise => {
            let pool = if transform == Transform::Noise {
                &only_b
            } else {
                &shared
            };
            if !pool.is_empty() {
                let x = pool[u.choose_index(pool.len())?];
                let sort = probe.f.decls[probe
                    .f
                    .decls
                    .iter()
                    .position(|d| d.name == x)
                    .expect("declared")]
                .sort
                .clone();
                // Declare x first, then its renamed copy.
                let xn = e.v(x, sort.clone());
                e.in_a.clear();
                let d = e.f.declare(format!("{x}_fresh"), sort);
                let x2 = e.f.constant(d);
                e.plan.rename = Some((x, x2));
                pending = Some((xn, x2));
                how = format!(
                    "{} of {x}",
                    if transform == Transform::Noise {
                        "noise on the existential"
                    } else {
                        "variable replacement"
                    }
                );
            }
        }
        Transform::ConstantReplacement => {
            let usable: Vec<Value> = probe
                .consts_b
                .iter()
                .filter(|c| matches!(c, Value::Str(s) if s.is_empty() || (s.len() == 1 && (0x30..=0x39).contains(&s[0])))
                    || matches!(c, Value::Int(k) if *k >= (-1).into() && *k <= 10.into()))
                .cloned()
                .collect();
            if !usable.is_empty() {
                let c = usable[u.choose_index(usable.len())?].clone();
                let d = e.f.declare("z_fresh", c.sort());
                let z = e.f.constant(d);
                e.plan.constant = Some((c.clone(), z));
                pending_const = Some((c, z));
            }
        }
        Transform::QuantifiedNoise => {
            if !probe.bound_strings.is_empty() {
                let (q, k) = probe.bound_strings[u.choose_index(probe.bound_strings.len())?];
                let nc = u.choose_index(SAFE_NC.len())?;
                e.plan.quantified = Some((q, k, nc));
                how = format!(
                    "noise under the universal quantifier ({} on a bound string)",
                    SAFE_NC[nc]
                );
            }
        }
        Transform::None => {}
    }
    let (a, b) = rule(&mut e, name);
    let mut f = e.f;
    if let Some((x, x2)) = pending {
        let (clauses, nc) = replacement_clauses(u, &mut f, x, x2, &mut fresh)?;
        how.push_str(&format!(" by {nc}"));
        if transform == Transform::Noise {
            noise.extend(clauses);
        } else {
            core_extra.extend(clauses);
        }
    }
    if let Some((c, z)) = pending_const {
        if let Some((clauses, text)) = constant_clauses(u, &mut f, &c, z, &mut fresh)? {
            how = format!(
                "constant replacement of {} by {text}",
                crate::cases::smtlib::value(&c)
            );
            core_extra.extend(clauses);
        }
    }
    let not_a = app(&mut f, Op::Not, vec![a]);
    let mut core = vec![0, 1];
    f.assert(not_a).expect("Boolean");
    f.assert(b).expect("Boolean");
    for c in core_extra {
        core.push(f.asserts.len());
        f.assert(c).expect("Boolean");
    }
    for c in noise {
        f.assert(c).expect("Boolean");
    }
    Ok(Constructed {
        formula: f,
        expected: Verdict::Unsat,
        witness: None,
        core: Some(core),
        decided_seed: Vec::new(),
        family: "strings-unsat",
        rule: format!("{name} as not A and B, {how}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::eval::{check_model, Model, Truth};
    use crate::lang::generate::{check_well_formed, seeded_bytes};

    /// Every rule with every transformation builds a well-formed formula whose expected core
    /// indexes its assertions, and each transformation occurs.
    #[test]
    fn every_rule_and_transformation_builds() {
        let mut texts = std::collections::HashSet::new();
        for seed in 0..600 {
            let bytes = seeded_bytes(seed, 32);
            let c = build(&mut Unstructured::new(&bytes)).unwrap();
            check_well_formed(&c.formula).unwrap();
            let core = c.core.as_ref().unwrap();
            assert!(core.iter().all(|k| *k < c.formula.asserts.len()));
            texts.insert(
                c.rule
                    .split(", ")
                    .nth(1)
                    .unwrap()
                    .split(' ')
                    .next()
                    .unwrap()
                    .to_string(),
            );
        }
        for t in ["no", "variable", "constant", "noise"] {
            assert!(texts.contains(t), "{t} never applied: {texts:?}");
        }
    }

    /// The clauses that replace a variable force `x = x'` (on pool values: whenever the
    /// clauses hold, `x = x'`), and the constant clauses force `z = c`: checked by the
    /// evaluator on all assignments from small pools.
    #[test]
    fn replacement_clauses_force_equality() {
        let strings = ["", "a", "ab", "0", "7", "ba"];
        let ints = [-1i64, 0, 1, 2, 3, 7, 10];
        for seed in 0..200u64 {
            let bytes = seeded_bytes(seed, 16);
            let mut u = Unstructured::new(&bytes);
            for sort in [Sort::String, Sort::Int] {
                let mut f = Formula::default();
                let dx = f.declare("x", sort.clone());
                let x = f.constant(dx);
                let dx2 = f.declare("x2", sort.clone());
                let x2 = f.constant(dx2);
                let mut n = 0;
                let mut fresh = |f: &mut Formula, s: Sort| {
                    n += 1;
                    let d = f.declare(format!("f{n}"), s);
                    f.constant(d)
                };
                let (clauses, _) = replacement_clauses(&mut u, &mut f, x, x2, &mut fresh).unwrap();
                for c in clauses {
                    f.assert(c).unwrap();
                }
                every_assignment(&f, &strings, &ints, |m, truth| {
                    if truth == Truth::True {
                        assert_eq!(m.values[0], m.values[1], "clauses hold but x != x'");
                    }
                });
            }
            for c in [
                Value::str(""),
                Value::str("4"),
                Value::Int((-1).into()),
                Value::Int(3.into()),
            ] {
                let mut f = Formula::default();
                let dz = f.declare("z", c.sort());
                let z = f.constant(dz);
                let mut n = 0;
                let mut fresh = |f: &mut Formula, s: Sort| {
                    n += 1;
                    let d = f.declare(format!("f{n}"), s);
                    f.constant(d)
                };
                let (clauses, _) = constant_clauses(&mut u, &mut f, &c, z, &mut fresh)
                    .unwrap()
                    .unwrap();
                for k in clauses {
                    f.assert(k).unwrap();
                }
                every_assignment(&f, &strings, &ints, |m, truth| {
                    if truth == Truth::True {
                        assert_eq!(m.values[0].as_ref(), Some(&c));
                    }
                });
            }
        }
    }

    fn every_assignment(
        f: &Formula,
        strings: &[&str],
        ints: &[i64],
        mut on: impl FnMut(&Model, Truth),
    ) {
        let domains: Vec<Vec<Value>> = f
            .decls
            .iter()
            .map(|d| match d.sort {
                Sort::String => strings.iter().map(|s| Value::str(s)).collect(),
                _ => ints.iter().map(|k| Value::Int((*k).into())).collect(),
            })
            .collect();
        let mut idx = vec![0; domains.len()];
        loop {
            let m = Model {
                values: idx
                    .iter()
                    .zip(&domains)
                    .map(|(i, d)| Some(d[*i].clone()))
                    .collect(),
                funcs: vec![Vec::new(); idx.len()],
                func_else: vec![None; idx.len()],
                divisions: Vec::new(),
                unspecified: Vec::new(),
            };
            let t = check_model(f, &m);
            on(&m, t);
            let mut k = 0;
            loop {
                if k == idx.len() {
                    return;
                }
                idx[k] += 1;
                if idx[k] < domains[k].len() {
                    break;
                }
                idx[k] = 0;
                k += 1;
            }
        }
    }
}
