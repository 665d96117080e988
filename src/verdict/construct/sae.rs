//! Skeletal approximation enumeration (Yao et al., "Skeletal approximation enumeration for
//! SMT solver testing", sections 3–4; the tool Sparrow). A seed of known verdict is put in
//! CNF (negation normal form, then distribution; an assertion whose CNF would exceed 64
//! clauses stays in NNF, where Theorem 3.1 holds as well: its proof uses only that ∧ and ∨
//! are monotone) and literals are replaced by
//! approximations, all in one direction: over-approximations (`l ⇒ l'`) when the seed is
//! sat, under-approximations (`l' ⇒ l`) when it is unsat. The verdict stays the same.
//!
//! Literal rules: predicate symbol transformation (PST, [`RULES`]; a negated atom is
//! approximated in the other direction under its negation, Prop. 3.2) and live predicate
//! injection (LPI: `l ∨ ψ` over-, `l ∧ ψ` under-approximates `l` for any `ψ`, built by the
//! generator from the seed's own constants and expressions). Every PST rule is
//! property-tested with the evaluator (tests below). The paper's table has rows that are
//! wrong as printed (e.g. `x str.<= y` does not over-approximate `str.suffixof x y`: x =
//! "b", y = "ab"): those are not used, and the test shows the property check refutes that
//! one. A sat seed's witness is also the mutant's (checked by the evaluator).

use super::fusion::Seed;
use super::Constructed;
use crate::lang::eval::{Evaluator, Model};
use crate::lang::ir::{Formula, NodeId, NodeKind, Op, Sort, Value};
use crate::solver::Verdict;
use arbitrary::{Result, Unstructured};
use num_bigint::BigUint;
use num_rational::BigRational;

/// Which way a literal is approximated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// `l ⇒ l'`.
    Over,
    /// `l' ⇒ l`.
    Under,
}

impl Dir {
    fn flip(self) -> Dir {
        match self {
            Dir::Over => Dir::Under,
            Dir::Under => Dir::Over,
        }
    }
}

/// The PST rules: (atom operator, argument sort class, direction, rule name). Argument
/// sort classes: "num" Int/Real, "bv", "str", "re" (`str.in_re`). `>`/`>=` and the
/// `gt`/`ge` bit-vector comparisons are first written with swapped arguments.
pub const RULES: &[(Op, &str, Dir, &str)] = &[
    (Op::Lt, "num", Dir::Over, "x <= y"),
    (Op::Lt, "num", Dir::Over, "x != y"),
    (Op::Lt, "num", Dir::Over, "x < y + a, a >= 0"),
    (Op::Lt, "num", Dir::Under, "x + a < y, a >= 0"),
    (Op::Le, "num", Dir::Over, "x <= y + a, a >= 0"),
    (Op::Le, "num", Dir::Under, "x < y"),
    (Op::Le, "num", Dir::Under, "x = y"),
    (Op::Le, "num", Dir::Under, "x + a <= y, a >= 0"),
    (Op::Eq, "num", Dir::Over, "x <= y"),
    (Op::Eq, "num", Dir::Over, "y <= x"),
    (Op::Distinct, "num", Dir::Under, "x < y"),
    (Op::Distinct, "num", Dir::Under, "y < x"),
    (Op::Distinct, "num", Dir::Under, "x + a = y, a != 0"),
    (Op::BvUlt, "bv", Dir::Over, "bvule x y"),
    (Op::BvUlt, "bv", Dir::Over, "x != y"),
    (Op::BvUle, "bv", Dir::Under, "bvult x y"),
    (Op::BvUle, "bv", Dir::Under, "x = y"),
    (Op::BvSlt, "bv", Dir::Over, "bvsle x y"),
    (Op::BvSlt, "bv", Dir::Over, "x != y"),
    (Op::BvSle, "bv", Dir::Under, "bvslt x y"),
    (Op::BvSle, "bv", Dir::Under, "x = y"),
    (Op::Eq, "bv", Dir::Over, "bvule x y"),
    (Op::Eq, "bv", Dir::Over, "bvuge x y"),
    (Op::Eq, "bv", Dir::Over, "bvsle x y"),
    (Op::Distinct, "bv", Dir::Under, "bvult x y"),
    (Op::Distinct, "bv", Dir::Under, "bvsgt x y"),
    (Op::StrPrefixof, "str", Dir::Over, "str.contains y x"),
    (Op::StrPrefixof, "str", Dir::Over, "len x <= len y"),
    (Op::StrPrefixof, "str", Dir::Over, "str.<= x y"),
    (Op::StrPrefixof, "str", Dir::Under, "x = y"),
    (Op::StrPrefixof, "str", Dir::Under, "y = x ++ a"),
    (Op::StrSuffixof, "str", Dir::Over, "str.contains y x"),
    (Op::StrSuffixof, "str", Dir::Over, "len x <= len y"),
    (Op::StrSuffixof, "str", Dir::Under, "x = y"),
    (Op::StrSuffixof, "str", Dir::Under, "y = a ++ x"),
    (Op::StrContains, "str", Dir::Over, "len y <= len x"),
    (Op::StrContains, "str", Dir::Under, "x = y"),
    (Op::StrContains, "str", Dir::Under, "str.prefixof y x"),
    (Op::StrContains, "str", Dir::Under, "str.suffixof y x"),
    (Op::StrContains, "str", Dir::Under, "x = a ++ y ++ b"),
    (Op::StrLt, "str", Dir::Over, "str.<= x y"),
    (Op::StrLt, "str", Dir::Over, "x != y"),
    (Op::StrLt, "str", Dir::Under, "y = x ++ a, a nonempty"),
    (Op::StrLe, "str", Dir::Under, "str.< x y"),
    (Op::StrLe, "str", Dir::Under, "x = y"),
    (Op::StrLe, "str", Dir::Under, "str.prefixof x y"),
    (Op::Eq, "str", Dir::Over, "len x = len y"),
    (Op::Eq, "str", Dir::Over, "str.prefixof x y"),
    (Op::Eq, "str", Dir::Over, "str.suffixof x y"),
    (Op::Eq, "str", Dir::Over, "str.contains x y"),
    (Op::Eq, "str", Dir::Over, "str.<= y x"),
    (Op::Distinct, "str", Dir::Under, "str.< x y"),
    (Op::Distinct, "str", Dir::Under, "str.< y x"),
    (Op::StrInRe, "re", Dir::Over, "str.in_re x (re.union y r)"),
    (Op::StrInRe, "re", Dir::Under, "str.in_re x (re.inter y r)"),
];

/// The sort class of an atom's arguments.
fn class(s: &Sort) -> &'static str {
    match s {
        Sort::Int | Sort::Real => "num",
        Sort::BitVec(_) => "bv",
        Sort::String => "str",
        _ => "",
    }
}

fn app(f: &mut Formula, op: Op, args: Vec<NodeId>) -> NodeId {
    f.app(op, args)
        .unwrap_or_else(|e| panic!("SAE builds well-sorted terms: {op:?}: {e}"))
}

/// A non-negative (or, with `nonzero`, non-zero) numeric literal of `sort`.
pub(crate) fn amount(
    u: &mut Unstructured,
    f: &mut Formula,
    sort: &Sort,
    nonzero: bool,
) -> Result<NodeId> {
    let k = if nonzero {
        *u.choose(&[-3i64, -1, 1, 2, 5])?
    } else {
        u.int_in_range(0..=5i64)?
    };
    Ok(f.lit(match sort {
        Sort::Real => Value::Real(BigRational::new(
            k.into(),
            (u.int_in_range(1..=3i64)?).into(),
        )),
        _ => Value::Int(k.into()),
    }))
}

/// A string literal for the rules' `a` and `b` (`nonempty`: at least one character).
fn word(u: &mut Unstructured, f: &mut Formula, nonempty: bool) -> Result<NodeId> {
    let pool: &[&str] = if nonempty {
        &["a", "b", "ab", "\u{e9}"]
    } else {
        &["", "a", "b", "ab"]
    };
    Ok(f.lit(Value::str(u.choose(pool)?)))
}

/// Applies the PST rule `name` to the atom `op(x, y)` (with `>`-style operators already
/// swapped into `<`-style ones by the caller).
pub fn apply_rule(
    u: &mut Unstructured,
    f: &mut Formula,
    name: &str,
    x: NodeId,
    y: NodeId,
) -> Result<NodeId> {
    let sort = f.sort_of(x).clone();
    Ok(match name {
        "x <= y" => app(f, Op::Le, vec![x, y]),
        "y <= x" => app(f, Op::Le, vec![y, x]),
        "x < y" => app(f, Op::Lt, vec![x, y]),
        "y < x" => app(f, Op::Lt, vec![y, x]),
        "x != y" => app(f, Op::Distinct, vec![x, y]),
        "x = y" => app(f, Op::Eq, vec![x, y]),
        "x < y + a, a >= 0" | "x <= y + a, a >= 0" => {
            let a = amount(u, f, &sort, false)?;
            let ya = app(f, Op::Add, vec![y, a]);
            let op = if name.starts_with("x < ") {
                Op::Lt
            } else {
                Op::Le
            };
            app(f, op, vec![x, ya])
        }
        "x + a < y, a >= 0" | "x + a <= y, a >= 0" => {
            let a = amount(u, f, &sort, false)?;
            let xa = app(f, Op::Add, vec![x, a]);
            let op = if name.starts_with("x + a < ") {
                Op::Lt
            } else {
                Op::Le
            };
            app(f, op, vec![xa, y])
        }
        "x + a = y, a != 0" => {
            let a = amount(u, f, &sort, true)?;
            let xa = app(f, Op::Add, vec![x, a]);
            app(f, Op::Eq, vec![xa, y])
        }
        "bvule x y" => app(f, Op::BvUle, vec![x, y]),
        "bvuge x y" => app(f, Op::BvUge, vec![x, y]),
        "bvult x y" => app(f, Op::BvUlt, vec![x, y]),
        "bvsle x y" => app(f, Op::BvSle, vec![x, y]),
        "bvslt x y" => app(f, Op::BvSlt, vec![x, y]),
        "bvsgt x y" => app(f, Op::BvSgt, vec![x, y]),
        "str.contains y x" => app(f, Op::StrContains, vec![y, x]),
        "str.contains x y" => app(f, Op::StrContains, vec![x, y]),
        "len x <= len y" | "len y <= len x" | "len x = len y" => {
            let lx = app(f, Op::StrLen, vec![x]);
            let ly = app(f, Op::StrLen, vec![y]);
            match name {
                "len x <= len y" => app(f, Op::Le, vec![lx, ly]),
                "len y <= len x" => app(f, Op::Le, vec![ly, lx]),
                _ => app(f, Op::Eq, vec![lx, ly]),
            }
        }
        "str.<= x y" => app(f, Op::StrLe, vec![x, y]),
        "str.<= y x" => app(f, Op::StrLe, vec![y, x]),
        "str.< x y" => app(f, Op::StrLt, vec![x, y]),
        "str.< y x" => app(f, Op::StrLt, vec![y, x]),
        "str.prefixof x y" => app(f, Op::StrPrefixof, vec![x, y]),
        "str.prefixof y x" => app(f, Op::StrPrefixof, vec![y, x]),
        "str.suffixof x y" => app(f, Op::StrSuffixof, vec![x, y]),
        "str.suffixof y x" => app(f, Op::StrSuffixof, vec![y, x]),
        "y = x ++ a" | "y = x ++ a, a nonempty" => {
            let a = word(u, f, name.ends_with("nonempty"))?;
            let xa = app(f, Op::StrConcat, vec![x, a]);
            app(f, Op::Eq, vec![y, xa])
        }
        "y = a ++ x" => {
            let a = word(u, f, false)?;
            let ax = app(f, Op::StrConcat, vec![a, x]);
            app(f, Op::Eq, vec![y, ax])
        }
        "x = a ++ y ++ b" => {
            let a = word(u, f, false)?;
            let b = word(u, f, false)?;
            let ayb = app(f, Op::StrConcat, vec![a, y, b]);
            app(f, Op::Eq, vec![x, ayb])
        }
        "str.in_re x (re.union y r)" | "str.in_re x (re.inter y r)" => {
            let w = word(u, f, false)?;
            let mut r = app(f, Op::StrToRe, vec![w]);
            if u.ratio(1, 2)? {
                r = app(f, Op::ReStar, vec![r]);
            }
            let op = if name.contains("union") {
                Op::ReUnion
            } else {
                Op::ReInter
            };
            let yr = app(f, op, vec![y, r]);
            app(f, Op::StrInRe, vec![x, yr])
        }
        // The trap row of the paper's table, kept only for the test that refutes it.
        "str.<= x y (suffix trap)" => app(f, Op::StrLe, vec![x, y]),
        other => panic!("no SAE rule {other:?}"),
    })
}

/// `op(x, y)` written with `<`-style operators: `>`/`>=`/`bvugt`… swap their arguments.
fn normalize(op: Op, x: NodeId, y: NodeId) -> (Op, NodeId, NodeId) {
    match op {
        Op::Gt => (Op::Lt, y, x),
        Op::Ge => (Op::Le, y, x),
        Op::BvUgt => (Op::BvUlt, y, x),
        Op::BvUge => (Op::BvUle, y, x),
        Op::BvSgt => (Op::BvSlt, y, x),
        Op::BvSge => (Op::BvSle, y, x),
        op => (op, x, y),
    }
}

/// The PST rules that apply to the atom `a` in direction `dir`.
fn rules_for(f: &Formula, a: NodeId, dir: Dir) -> Vec<(&'static str, NodeId, NodeId)> {
    let NodeKind::App(op, _, args) = &f.node(a).kind else {
        return Vec::new();
    };
    if args.len() != 2 {
        return Vec::new();
    }
    let (op, x, y) = normalize(*op, args[0], args[1]);
    let c = if op == Op::StrInRe {
        "re"
    } else {
        class(f.sort_of(x))
    };
    RULES
        .iter()
        .filter(|(o, k, d, _)| *o == op && *k == c && *d == dir)
        .map(|(_, _, _, name)| (*name, x, y))
        .collect()
}

/// The mutation of one seed.
struct Mutator<'u, 'a> {
    u: &'u mut Unstructured<'a>,
    f: Formula,
    dir: Dir,
    /// Probability (in 1/4) that a literal is approximated.
    rate: u8,
    applied: Vec<String>,
}

impl Mutator<'_, '_> {
    /// The NNF of `id` under `positive` polarity, with literals approximated.
    fn nnf(&mut self, id: NodeId, positive: bool) -> Result<NodeId> {
        let kind = self.f.node(id).kind.clone();
        match kind {
            NodeKind::App(Op::Not, _, a) => self.nnf(a[0], !positive),
            NodeKind::App(op @ (Op::And | Op::Or), _, a) => {
                let mut xs = Vec::new();
                for c in a {
                    xs.push(self.nnf(c, positive)?);
                }
                let op = match (op, positive) {
                    (Op::And, true) | (Op::Or, false) => Op::And,
                    _ => Op::Or,
                };
                Ok(app(&mut self.f, op, xs))
            }
            // a => b is ¬a ∨ b (right-associative chains: the last is the conclusion).
            NodeKind::App(Op::Implies, _, a) => {
                let mut xs = Vec::new();
                let last = a.len() - 1;
                for (k, c) in a.into_iter().enumerate() {
                    xs.push(self.nnf(c, if k == last { positive } else { !positive })?);
                }
                let op = if positive { Op::Or } else { Op::And };
                Ok(app(&mut self.f, op, xs))
            }
            _ if *self.f.sort_of(id) == Sort::Bool => self.literal(id, positive),
            _ => unreachable!("Boolean structure only"),
        }
    }

    /// A literal (`atom` or `¬atom`), approximated or kept.
    fn literal(&mut self, atom: NodeId, positive: bool) -> Result<NodeId> {
        let keep = |m: &mut Self| {
            if positive {
                atom
            } else {
                app(&mut m.f, Op::Not, vec![atom])
            }
        };
        if self.u.int_in_range(0..=3u8)? >= self.rate {
            return Ok(keep(self));
        }
        // ¬p is approximated as ¬(p approximated the other way) (Prop. 3.2).
        let dir = if positive { self.dir } else { self.dir.flip() };
        let rules = rules_for(&self.f, atom, dir);
        let new = if !rules.is_empty() && self.u.ratio(2, 3)? {
            let (name, x, y) = rules[self.u.choose_index(rules.len())?];
            self.applied.push(format!("PST {name}"));
            apply_rule(self.u, &mut self.f, name, x, y)?
        } else {
            // LPI: l ∨ ψ over-, l ∧ ψ under-approximates l, for any closed ψ.
            let cfg = crate::cases::mutate::config_for(&self.f, self.u)?;
            let f = std::mem::take(&mut self.f);
            let (f, psi) = crate::lang::generate::grow(&cfg, self.u, f, &Sort::Bool, &[], 2)?;
            self.f = f;
            let op = if dir == Dir::Over { Op::Or } else { Op::And };
            self.applied.push(format!(
                "LPI {}",
                if dir == Dir::Over {
                    "l or psi"
                } else {
                    "l and psi"
                }
            ));
            app(&mut self.f, op, vec![atom, psi])
        };
        Ok(if positive {
            new
        } else {
            app(&mut self.f, Op::Not, vec![new])
        })
    }
}

/// Above this many clauses per assertion, SAE works on the negation normal form.
const MAX_CLAUSES: usize = 64;

/// The clauses (lists of literals) of the NNF formula `n` by distribution, or `None` above
/// `cap` clauses.
fn cnf(f: &Formula, n: NodeId, cap: usize) -> Option<Vec<Vec<NodeId>>> {
    match &f.node(n).kind {
        NodeKind::App(Op::And, _, xs) => {
            let mut out = Vec::new();
            for x in xs {
                out.extend(cnf(f, *x, cap)?);
                if out.len() > cap {
                    return None;
                }
            }
            Some(out)
        }
        NodeKind::App(Op::Or, _, xs) => {
            let mut out: Vec<Vec<NodeId>> = vec![Vec::new()];
            for x in xs {
                let cs = cnf(f, *x, cap)?;
                if out.len() * cs.len() > cap {
                    return None;
                }
                out = out
                    .iter()
                    .flat_map(|a| {
                        cs.iter().map(move |c| {
                            let mut d = a.clone();
                            d.extend(c.iter().copied());
                            d
                        })
                    })
                    .collect();
            }
            Some(out)
        }
        _ => Some(vec![vec![n]]),
    }
}

/// An approximation of `seed`: over-approximated literals when it is sat, under- when it
/// is unsat; the verdict is the seed's. `Err` when no literal was approximated.
pub fn approximate(u: &mut Unstructured, seed: &Seed) -> Result<Constructed> {
    let dir = match seed.verdict {
        Verdict::Sat => Dir::Over,
        Verdict::Unsat => Dir::Under,
        _ => return Err(arbitrary::Error::IncorrectFormat),
    };
    approximate_in(u, seed, dir)
}

/// [`approximate`] in a chosen direction. Only the seed's own direction keeps its
/// verdict: the other one is for checks (a model of an under-approximation of a sat seed
/// must satisfy the seed); the result's `expected` is then `Unknown`.
pub fn approximate_in(u: &mut Unstructured, seed: &Seed, dir: Dir) -> Result<Constructed> {
    let keeps = matches!(
        (seed.verdict, dir),
        (Verdict::Sat, Dir::Over) | (Verdict::Unsat, Dir::Under)
    );
    let rate = u.int_in_range(1..=3u8)?;
    let mut m = Mutator {
        u,
        f: seed.formula.clone(),
        dir,
        rate,
        applied: Vec::new(),
    };
    let mut asserts = Vec::new();
    for a in seed.formula.asserts.clone() {
        // CNF by distribution over the negation normal form (without approximating), then
        // each literal occurrence approximated or kept; an assertion whose CNF would exceed
        // MAX_CLAUSES clauses is approximated in negation normal form instead.
        let rate = m.rate;
        m.rate = 0;
        let plain = m.nnf(a, true)?;
        m.rate = rate;
        match cnf(&m.f, plain, MAX_CLAUSES) {
            Some(clauses) => {
                for clause in clauses {
                    let mut lits = Vec::with_capacity(clause.len());
                    for l in clause {
                        let (atom, positive) = match &m.f.node(l).kind {
                            NodeKind::App(Op::Not, _, x) => (x[0], false),
                            _ => (l, true),
                        };
                        lits.push(m.literal(atom, positive)?);
                    }
                    asserts.push(if lits.len() == 1 {
                        lits[0]
                    } else {
                        app(&mut m.f, Op::Or, lits)
                    });
                }
            }
            None => asserts.push(m.nnf(a, true)?),
        }
    }
    if m.applied.is_empty() {
        return Err(arbitrary::Error::IncorrectFormat);
    }
    m.f.asserts = asserts;
    let f = crate::cases::mutate::rebuild(&m.f, None);
    if !f.binders_unique() {
        return Err(arbitrary::Error::IncorrectFormat);
    }
    let witness = seed.witness.clone().map(|w| w.extended_to(f.decls.len()));
    let mut applied = m.applied;
    applied.sort();
    applied.dedup();
    Ok(Constructed {
        formula: f,
        expected: if keeps {
            seed.verdict
        } else {
            Verdict::Unknown
        },
        witness: if keeps { witness } else { None },
        core: None,
        decided_seed: Vec::new(),
        family: if dir == Dir::Over {
            "sae-over"
        } else {
            "sae-under"
        },
        rule: format!(
            "{}-approximation of {} (CNF): {}",
            if dir == Dir::Over { "over" } else { "under" },
            seed.origin,
            applied.join(", ")
        ),
    })
}

/// An approximation of a seed from the construction families or the labelled files.
pub fn build(u: &mut Unstructured) -> Result<Constructed> {
    let seed = super::fusion::any_seed(u)?;
    approximate(u, &seed)
}

/// Whether `l ⇒ l'` (`Over`) or `l' ⇒ l` (`Under`) holds on `model` (`None`: the
/// evaluator did not decide one side).
pub fn implication_holds(
    f: &Formula,
    l: NodeId,
    l2: NodeId,
    dir: Dir,
    model: &Model,
) -> Option<bool> {
    let mut ev = Evaluator::new(f, model);
    let a = ev.eval(l).ok()?;
    let b = ev.eval(l2).ok()?;
    let (p, q) = match dir {
        Dir::Over => (a, b),
        Dir::Under => (b, a),
    };
    Some(!(p == Value::Bool(true) && q == Value::Bool(false)))
}

/// A value of `sort` for the property tests (random, from small pools).
pub fn sample(u: &mut Unstructured, sort: &Sort) -> Result<Value> {
    Ok(match sort {
        Sort::Int => Value::Int(u.int_in_range(-6..=6i64)?.into()),
        Sort::Real => Value::Real(BigRational::new(
            u.int_in_range(-12..=12i64)?.into(),
            u.int_in_range(1..=4i64)?.into(),
        )),
        Sort::BitVec(w) => Value::bv(*w, BigUint::from(u.int_in_range(0..=u64::MAX)?)),
        Sort::String => Value::str(u.choose(&["", "a", "b", "ab", "ba", "aab", "abab", "\u{e9}"])?),
        _ => unreachable!("property tests use Int, Real, bit-vectors and strings"),
    })
}

/// A rule's application: `(u, f, name, x, y)` gives the rewritten atom.
#[cfg(test)]
pub(crate) type ApplyRule =
    fn(&mut Unstructured, &mut Formula, &str, NodeId, NodeId) -> Result<NodeId>;

/// The property check of a rule table row: on `n` random assignments per sort of the
/// class (`x = y` one time in four), how many falsify `op(x, y) ⇒ rule` (`Over`) or
/// `rule ⇒ op(x, y)` (`Under`) under the evaluator. For `re`, `y` is a regex over literals.
/// The evaluator must decide at least half of the cases (an "unknown" proves nothing; a
/// check it mostly cannot decide would pass while testing nothing): it panics otherwise.
#[cfg(test)]
pub(crate) fn counterexamples(
    op: Op,
    class: &str,
    dir: Dir,
    name: &str,
    n: u64,
    apply: ApplyRule,
) -> usize {
    use crate::lang::generate::seeded_bytes;
    {
        let sorts: &[Sort] = match class {
            "num" => &[Sort::Int, Sort::Real],
            "bv" => &[Sort::BitVec(1), Sort::BitVec(4), Sort::BitVec(16)],
            _ => &[Sort::String],
        };
        let (mut failed, mut decided, mut cases) = (0, 0, 0);
        for sort in sorts {
            for seed in 0..n {
                let bytes = seeded_bytes(seed, 64);
                let mut u = Unstructured::new(&bytes);
                let mut f = Formula::default();
                let dx = f.declare("x", sort.clone());
                let x = f.constant(dx);
                let (y, values) = if class == "re" {
                    let dy = f.declare("s", Sort::String);
                    let s = f.constant(dy);
                    // y is a regex term over the literal pool.
                    let w = word(&mut u, &mut f, false).unwrap();
                    let mut r = app(&mut f, Op::StrToRe, vec![w]);
                    if u.ratio(1, 2).unwrap() {
                        r = app(&mut f, Op::ReStar, vec![r]);
                    }
                    let _ = s;
                    (
                        r,
                        vec![
                            Some(sample(&mut u, &Sort::String).unwrap()),
                            Some(sample(&mut u, &Sort::String).unwrap()),
                        ],
                    )
                } else {
                    let dy = f.declare("y", sort.clone());
                    let y = f.constant(dy);
                    (
                        y,
                        vec![
                            Some(sample(&mut u, sort).unwrap()),
                            Some(sample(&mut u, sort).unwrap()),
                        ],
                    )
                };
                let mut values = values;
                if u.ratio(1, 4).unwrap() && class != "re" {
                    values[1] = values[0].clone();
                }
                let l = app(&mut f, op, vec![x, y]);
                let l2 = apply(&mut u, &mut f, name, x, y).unwrap();
                let m = Model {
                    funcs: vec![Vec::new(); values.len()],
                    func_else: vec![None; values.len()],
                    values,
                    divisions: Vec::new(),
                    unspecified: Vec::new(),
                };
                cases += 1;
                match implication_holds(&f, l, l2, dir, &m) {
                    Some(false) => {
                        failed += 1;
                        decided += 1;
                    }
                    Some(true) => decided += 1,
                    None => {}
                }
            }
        }
        assert!(
            decided * 2 >= cases,
            "{op:?} {class} {dir:?} {name}: the evaluator decided only {decided} of {cases} cases"
        );
        failed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::generate::seeded_bytes;

    /// Distribution: a ∨ (b ∧ c) has the clauses a ∨ b, a ∨ c; above the cap, none.
    #[test]
    fn cnf_by_distribution() {
        let mut f = Formula::default();
        let [a, b, c] = ["a", "b", "c"].map(|n| {
            let d = f.declare(n, Sort::Bool);
            f.constant(d)
        });
        let bc = app(&mut f, Op::And, vec![b, c]);
        let or = app(&mut f, Op::Or, vec![a, bc]);
        assert_eq!(cnf(&f, or, 8), Some(vec![vec![a, b], vec![a, c]]));
        assert_eq!(cnf(&f, or, 1), None);
    }

    /// Every PST rule in the table holds on 600 random assignments per sort (x = y one
    /// time in four); the suffix/str.<= row of the paper's table is refuted by the same
    /// check.
    #[test]
    fn every_rule_approximates_in_its_direction() {
        for (op, class, dir, name) in RULES {
            let bad = counterexamples(*op, class, *dir, name, 600, apply_rule);
            assert_eq!(bad, 0, "{op:?} {class} {dir:?} {name}");
        }
        assert!(
            counterexamples(
                Op::StrSuffixof,
                "str",
                Dir::Over,
                "str.<= x y (suffix trap)",
                600,
                apply_rule
            ) > 0
        );
    }

    /// Sat seeds from the families: the over-approximation keeps the seed's witness (the
    /// evaluator finds the mutant true under it), and both PST and LPI occur.
    #[test]
    fn over_approximations_keep_the_witness() {
        let (mut held, mut pst, mut lpi) = (0, 0, 0);
        for seed in 0..800u64 {
            let bytes = seeded_bytes(seed, 256);
            let mut u = Unstructured::new(&bytes);
            let Ok(s) = super::super::fusion::family_seed(&mut u) else {
                continue;
            };
            if s.verdict != Verdict::Sat {
                continue;
            }
            let Ok(c) = approximate(&mut u, &s) else {
                continue;
            };
            crate::lang::generate::check_well_formed(&c.formula).unwrap();
            pst += c.rule.contains("PST") as u32;
            lpi += c.rule.contains("LPI") as u32;
            match crate::lang::eval::check_model(&c.formula, c.witness.as_ref().unwrap()) {
                crate::lang::eval::Truth::True => held += 1,
                crate::lang::eval::Truth::Unknown(..) => {}
                crate::lang::eval::Truth::False(i) => panic!(
                    "seed {seed}: assertion {i} false: {}\n{}",
                    c.rule,
                    crate::cases::smtlib::script(&c.formula, &Default::default())
                ),
            }
        }
        assert!(held > 100 && pst > 20 && lpi > 20, "{held} {pst} {lpi}");
    }
}
