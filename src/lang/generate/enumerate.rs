//! Grammar-based enumeration of small formulas (ET: the thesis' chapter 7; docs/usage.md,
//! "The enumerate target"). A [`Family`] is a small typed grammar: a few sorts, two
//! declared constants and a handful of boundary literals per sort, and every operator of
//! its theories instantiated over those sorts (read from the operator table, so a new
//! operator joins the grammars it fits). Its formulas are one assertion, ordered by size
//! (the number of nodes as a tree) and then by a fixed order of productions; counting the
//! terms of each sort and size gives random access to the n-th formula (FEAT's idea):
//! [`Grammar::formula`] builds the formula at an index, [`Grammar::count`] says how many
//! there are of each size.
//!
//! Where ET's grammars take two constants per sort, these take the values at which public
//! bugs cluster: ±0, ±∞, NaN, the smallest subnormal and the largest finite float; the
//! signed minimum and all-ones bit-vectors; the empty string and NUL. Float formats are the
//! small ones whose rounding and special cases solvers get wrong, beside Float32 and Float64.

use super::config::Theories;
use crate::lang::ir::{
    DeclId, Float, Formula, Idx, NodeId, Op, OpInfo, RoundingMode, Rule, Sort, OPS,
};
use crate::lang::ir::{SortPat, Theory, Value};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::One;
use std::collections::HashMap;

/// The float formats a float family takes: small ones (rounding and special values in few
/// bits), small exponents over wide significands, and the IEEE formats.
pub const FLOAT_FORMATS: [(u32, u32); 11] = [
    (2, 2),
    (2, 3),
    (3, 2),
    (3, 4),
    (3, 5),
    (2, 6),
    (4, 5),
    (3, 24),
    (5, 11),
    (8, 24),
    (11, 53),
];

/// The bit-vector widths a bit-vector family takes (each with width 1 beside it).
pub const BV_WIDTHS: [u32; 5] = [2, 3, 4, 8, 32];

/// One small grammar: which sorts it has (and with them its operators and literals).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Bool alone.
    Core,
    Ints,
    Reals,
    /// Int and Real with the conversions between them.
    RealInts,
    /// `(_ BitVec w)` and `(_ BitVec 1)`, with Int through `bv2nat` and `int2bv`.
    BitVec(u32),
    /// `(Array I E)` with the operators of I and E.
    Array(Sort, Sort),
    /// One float format with RoundingMode.
    Float(u32, u32),
    /// A float format with Real: `to_fp` of a real, `fp.to_real`.
    FloatReal(u32, u32),
    /// A float format with Int and Real and the conversions between them and to the float
    /// (`to_fp` of `to_real` of an integer), without arithmetic.
    FloatInt(u32, u32),
    /// Two float formats and the conversions between them.
    FloatFloat((u32, u32), (u32, u32)),
    /// A float format with the bit-vectors of its width: `to_fp` of bits and of signed and
    /// unsigned integers, `fp.to_ubv`, `fp.to_sbv`.
    FloatBv(u32, u32),
    /// String with Int positions.
    Strings,
    /// String, RegLan and Int.
    Regex,
}

/// The array sorts an array family takes.
fn array_sorts() -> [(Sort, Sort); 6] {
    [
        (Sort::BitVec(4), Sort::BitVec(4)),
        (Sort::Int, Sort::Int),
        (Sort::Bool, Sort::Bool),
        (Sort::Int, Sort::Bool),
        (Sort::Real, Sort::Int),
        (Sort::Bool, Sort::Int),
    ]
}

impl Family {
    /// Every family (each parameter), the order [`Family::draw`] indexes.
    pub fn all() -> Vec<Family> {
        let mut out = vec![Family::Core, Family::Ints, Family::Reals, Family::RealInts];
        out.extend(BV_WIDTHS.iter().map(|w| Family::BitVec(*w)));
        out.extend(array_sorts().into_iter().map(|(i, e)| Family::Array(i, e)));
        for (eb, sb) in FLOAT_FORMATS {
            out.push(Family::Float(eb, sb));
            out.push(Family::FloatReal(eb, sb));
            out.push(Family::FloatInt(eb, sb));
            out.push(Family::FloatBv(eb, sb));
        }
        for a in FLOAT_FORMATS {
            for b in FLOAT_FORMATS {
                // Conversions between a small format and a neighbour or an IEEE format.
                if a != b && (a.1 < 11 || b.1 < 11) && (b.0 >= 5 || a.0.abs_diff(b.0) <= 1) {
                    out.push(Family::FloatFloat(a, b));
                }
            }
        }
        out.push(Family::Strings);
        out.push(Family::Regex);
        out
    }

    /// The families whose theories `theories` allows.
    pub fn allowed(theories: &Theories) -> Vec<Family> {
        Family::all()
            .into_iter()
            .filter(|f| f.theories_allowed(theories))
            .collect()
    }

    fn theories_allowed(&self, t: &Theories) -> bool {
        let a = &t.allowed;
        self.sorts().iter().all(|s| match s {
            Sort::Bool | Sort::RoundingMode => true,
            Sort::Int => a.ints || matches!(self, Family::Strings | Family::Regex),
            Sort::Real => a.reals,
            Sort::BitVec(_) => a.bv,
            Sort::String | Sort::RegLan => a.strings,
            Sort::Array(..) => a.arrays,
            Sort::Float(..) => a.fp,
            _ => false,
        })
    }

    /// The sorts of the family's terms.
    pub fn sorts(&self) -> Vec<Sort> {
        let mut out = vec![Sort::Bool];
        match self {
            Family::Core => {}
            Family::Ints => out.push(Sort::Int),
            Family::Reals => out.push(Sort::Real),
            Family::RealInts => out.extend([Sort::Int, Sort::Real]),
            Family::BitVec(w) => out.extend([Sort::BitVec(*w), Sort::BitVec(1), Sort::Int]),
            Family::Array(i, e) => {
                for s in [i, e] {
                    if !out.contains(s) {
                        out.push(s.clone());
                    }
                }
                out.push(Sort::array(i.clone(), e.clone()));
            }
            Family::Float(eb, sb) => out.extend([Sort::Float(*eb, *sb), Sort::RoundingMode]),
            Family::FloatInt(eb, sb) => out.extend([
                Sort::Float(*eb, *sb),
                Sort::RoundingMode,
                Sort::Real,
                Sort::Int,
            ]),
            Family::FloatReal(eb, sb) => {
                out.extend([Sort::Float(*eb, *sb), Sort::RoundingMode, Sort::Real])
            }
            Family::FloatFloat((e1, s1), (e2, s2)) => out.extend([
                Sort::Float(*e1, *s1),
                Sort::Float(*e2, *s2),
                Sort::RoundingMode,
            ]),
            Family::FloatBv(eb, sb) => out.extend([
                Sort::Float(*eb, *sb),
                Sort::RoundingMode,
                Sort::BitVec(eb + sb),
            ]),
            Family::Strings => out.extend([Sort::String, Sort::Int]),
            Family::Regex => out.extend([Sort::String, Sort::RegLan, Sort::Int]),
        }
        out
    }

    /// The theories whose operators the family takes.
    fn theories(&self) -> Vec<Theory> {
        let mut out = vec![Theory::Core];
        match self {
            Family::Core => {}
            Family::Ints | Family::Reals => out.push(Theory::Ints),
            Family::RealInts => out.extend([Theory::Ints, Theory::Reals, Theory::RealsInts]),
            Family::BitVec(_) => out.extend([Theory::BitVectors, Theory::BitVectorsInts]),
            Family::Array(i, e) => {
                out.push(Theory::Arrays);
                for s in [i, e] {
                    match s {
                        Sort::Int | Sort::Real => out.push(Theory::Ints),
                        Sort::BitVec(_) => out.push(Theory::BitVectors),
                        _ => {}
                    }
                }
            }
            Family::Float(..) | Family::FloatFloat(..) | Family::FloatBv(..) => {
                out.push(Theory::FloatingPoint)
            }
            Family::FloatReal(..) => out.extend([Theory::FloatingPoint, Theory::Ints]),
            Family::FloatInt(..) => out.extend([Theory::FloatingPoint, Theory::RealsInts]),
            Family::Strings | Family::Regex => out.push(Theory::Strings),
        }
        if matches!(self, Family::Reals) {
            out.push(Theory::Reals);
        }
        out
    }
}

impl std::fmt::Display for Family {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Family::Core => f.write_str("core"),
            Family::Ints => f.write_str("ints"),
            Family::Reals => f.write_str("reals"),
            Family::RealInts => f.write_str("realints"),
            Family::BitVec(w) => write!(f, "bv{w}"),
            Family::Array(i, e) => write!(f, "array({i},{e})"),
            Family::Float(eb, sb) => write!(f, "fp{eb}.{sb}"),
            Family::FloatReal(eb, sb) => write!(f, "fp{eb}.{sb}+real"),
            Family::FloatInt(eb, sb) => write!(f, "fp{eb}.{sb}+int"),
            Family::FloatFloat((a, b), (c, d)) => write!(f, "fp{a}.{b}+fp{c}.{d}"),
            Family::FloatBv(eb, sb) => write!(f, "fp{eb}.{sb}+bv"),
            Family::Strings => f.write_str("strings"),
            Family::Regex => f.write_str("regex"),
        }
    }
}

/// One way to build a term: a leaf (a declared constant or a literal) or an operator over
/// argument sorts.
#[derive(Clone, Debug)]
enum Prod {
    Var(String, Sort),
    Lit(Value),
    App { op: Op, idx: Idx, args: Vec<Sort> },
    ConstArray { sort: Sort, elem: Sort },
}

impl Prod {
    fn args(&self) -> &[Sort] {
        match self {
            Prod::Var(..) | Prod::Lit(_) => &[],
            Prod::App { args, .. } => args,
            Prod::ConstArray { elem, .. } => std::slice::from_ref(elem),
        }
    }
}

/// A family's grammar with its term counts: random access to its formulas by size and
/// index.
pub struct Grammar {
    pub family: Family,
    /// Productions per sort, in the family's order of sorts.
    prods: HashMap<Sort, Vec<Prod>>,
    /// `(sort, size)` → number of terms.
    counts: HashMap<(Sort, u32), u128>,
    /// `(argument sorts, total size)` → number of argument tuples.
    tuples: HashMap<(Vec<Sort>, u32), u128>,
}

/// The largest size the counts are kept for: beyond it the counts of the widest families
/// pass u128 (and a formula of ~20 nodes is no longer "small").
pub const MAX_SIZE: u32 = 16;

impl Grammar {
    pub fn new(family: Family) -> Grammar {
        let sorts = family.sorts();
        let theories = family.theories();
        let mut prods: HashMap<Sort, Vec<Prod>> = HashMap::new();
        for s in &sorts {
            prods.insert(s.clone(), leaves(s));
        }
        for info in OPS {
            // One solver's extensions are read, not drawn (as in the random grammar).
            if !theories.contains(&info.theory) || info.op.is_extension() {
                continue;
            }
            for (ret, p) in instantiations(info, &sorts) {
                if let Some(list) = prods.get_mut(&ret) {
                    list.push(p);
                }
            }
        }
        for s in &sorts {
            if let Sort::Array(_, e) = s {
                let p = Prod::ConstArray {
                    sort: s.clone(),
                    elem: (**e).clone(),
                };
                prods.get_mut(s).expect("listed").push(p);
            }
        }
        Grammar {
            family,
            prods,
            counts: HashMap::new(),
            tuples: HashMap::new(),
        }
    }

    /// The number of formulas (one Bool assertion) of exactly `size` nodes.
    pub fn count(&mut self, size: u32) -> u128 {
        self.terms(&Sort::Bool, size)
    }

    fn terms(&mut self, sort: &Sort, size: u32) -> u128 {
        if size == 0 {
            return 0;
        }
        if let Some(n) = self.counts.get(&(sort.clone(), size)) {
            return *n;
        }
        let arg_lists: Vec<Vec<Sort>> =
            self.prods[sort].iter().map(|p| p.args().to_vec()).collect();
        let mut n: u128 = 0;
        for args in arg_lists {
            let k = if args.is_empty() {
                u128::from(size == 1)
            } else {
                self.tuple_count(&args, size - 1)
            };
            n = n.saturating_add(k);
        }
        self.counts.insert((sort.clone(), size), n);
        n
    }

    /// The number of tuples of terms of sorts `args` whose sizes add up to `total`.
    fn tuple_count(&mut self, args: &[Sort], total: u32) -> u128 {
        if args.is_empty() {
            return u128::from(total == 0);
        }
        if total < args.len() as u32 {
            return 0;
        }
        let key = (args.to_vec(), total);
        if let Some(n) = self.tuples.get(&key) {
            return *n;
        }
        let mut n: u128 = 0;
        for first in 1..=total - (args.len() as u32 - 1) {
            let a = self.terms(&args[0], first);
            if a == 0 {
                continue;
            }
            let rest = self.tuple_count(&args[1..], total - first);
            n = n.saturating_add(a.saturating_mul(rest));
        }
        self.tuples.insert(key, n);
        n
    }

    /// The formula of `size` nodes at `index` (taken modulo [`Grammar::count`]); `None` when
    /// the family has no formula of that size.
    pub fn formula(&mut self, size: u32, index: u128) -> Option<Formula> {
        let n = self.count(size);
        if n == 0 || n == u128::MAX {
            return None;
        }
        let mut b = Builder {
            f: Formula::default(),
            vars: HashMap::new(),
        };
        let t = self.build(&mut b, &Sort::Bool, size, index % n);
        b.f.assert(t).expect("a Bool term");
        Some(b.f)
    }

    fn build(&mut self, b: &mut Builder, sort: &Sort, size: u32, mut index: u128) -> NodeId {
        let prods = self.prods[sort].clone();
        for p in prods {
            let args = p.args().to_vec();
            let here = if args.is_empty() {
                u128::from(size == 1)
            } else {
                self.tuple_count(&args, size - 1)
            };
            if index >= here {
                index -= here;
                continue;
            }
            let kids = if args.is_empty() {
                Vec::new()
            } else {
                self.build_tuple(b, &args, size - 1, index)
            };
            return b.apply(&p, kids);
        }
        unreachable!("index below the count of {sort} at size {size}")
    }

    fn build_tuple(
        &mut self,
        b: &mut Builder,
        args: &[Sort],
        total: u32,
        mut index: u128,
    ) -> Vec<NodeId> {
        if args.is_empty() {
            return Vec::new();
        }
        for first in 1..=total - (args.len() as u32 - 1) {
            let a = self.terms(&args[0], first);
            let rest = self.tuple_count(&args[1..], total - first);
            let here = a.saturating_mul(rest);
            if index >= here {
                index -= here;
                continue;
            }
            let head = self.build(b, &args[0], first, index / rest);
            let mut out = vec![head];
            out.extend(self.build_tuple(b, &args[1..], total - first, index % rest));
            return out;
        }
        unreachable!("index below the tuple count")
    }
}

impl Grammar {
    /// Where a formula of one assertion stands in the enumeration: its size and its index
    /// among the formulas of that size (`None`: the grammar does not make it — another
    /// operator, literal or constant name, or more than one assertion). The inverse of
    /// [`Grammar::formula`].
    pub fn index_of(&mut self, f: &Formula) -> Option<(u32, u128)> {
        let [root] = f.asserts.as_slice() else {
            return None;
        };
        self.rank(f, &Sort::Bool, *root)
    }

    fn rank(&mut self, f: &Formula, sort: &Sort, node: NodeId) -> Option<(u32, u128)> {
        let prods = self.prods.get(sort)?.clone();
        let position = prods.iter().position(|p| matches(f, p, node))?;
        let kids: Vec<NodeId> = match &f.node(node).kind {
            crate::lang::ir::NodeKind::App(_, _, kids) => kids.clone(),
            _ => Vec::new(),
        };
        let args = prods[position].args().to_vec();
        let mut ranked = Vec::new();
        for (a, k) in args.iter().zip(&kids) {
            ranked.push(self.rank(f, a, *k)?);
        }
        let size = 1 + ranked.iter().map(|(s, _)| s).sum::<u32>();
        let mut index: u128 = 0;
        for p in &prods[..position] {
            let a = p.args().to_vec();
            index += if a.is_empty() {
                u128::from(size == 1)
            } else {
                self.tuple_count(&a, size - 1)
            };
        }
        if !args.is_empty() {
            index += self.tuple_rank(&args, &ranked, size - 1);
        }
        Some((size, index))
    }

    /// The index of a tuple of ranked terms among the tuples of its sorts and total size
    /// (the order [`Grammar::build_tuple`] reads).
    fn tuple_rank(&mut self, args: &[Sort], ranked: &[(u32, u128)], total: u32) -> u128 {
        let Some(((size, index), rest_ranked)) = ranked.split_first() else {
            return 0;
        };
        let mut offset: u128 = 0;
        for first in 1..*size {
            offset += self.terms(&args[0], first) * self.tuple_count(&args[1..], total - first);
        }
        let rest = self.tuple_count(&args[1..], total - size);
        offset + index * rest + self.tuple_rank(&args[1..], rest_ranked, total - size)
    }
}

/// Where a formula stands in each family's enumeration that makes it: (family, size,
/// index). The formula is first put in the grammars' shape: its declared constants renamed
/// to the grammars' two per sort (the first declared `a…`, the second `b…`; a RoundingMode
/// constant `rm`), its assertions joined by binary `and`s, and n-ary applications of
/// left-associative operators nested to binary ones. Empty when that is not possible (a third
/// constant of a sort, a `let`, a quantifier, a function) or no family makes it.
pub fn locate(f: &Formula) -> Vec<(Family, u32, u128)> {
    let Some(g) = grammar_shape(f) else {
        return Vec::new();
    };
    let sorts: Vec<Sort> = g.nodes.iter().map(|n| n.sort.clone()).collect();
    Family::all()
        .into_iter()
        .filter(|fam| {
            let have = fam.sorts();
            sorts.iter().all(|s| have.contains(s))
        })
        .filter_map(|fam| {
            let (size, index) = Grammar::new(fam.clone()).index_of(&g)?;
            Some((fam, size, index))
        })
        .collect()
}

fn grammar_shape(f: &Formula) -> Option<Formula> {
    use crate::lang::ir::NodeKind;
    let mut g = Formula::default();
    let mut names: HashMap<DeclId, DeclId> = HashMap::new();
    let mut per_sort: HashMap<Sort, usize> = HashMap::new();
    let mut map: HashMap<NodeId, NodeId> = HashMap::new();
    for id in f.reachable_postorder() {
        let n = f.node(id);
        let new = match &n.kind {
            NodeKind::Lit(v) => g.lit(v.clone()),
            NodeKind::Const(d) => {
                let decl = &f.decls[d.0 as usize];
                if !decl.args.is_empty() {
                    return None;
                }
                let nd = match names.get(d) {
                    Some(nd) => *nd,
                    None => {
                        let k = per_sort.entry(decl.sort.clone()).or_insert(0);
                        let leaves = leaves(&decl.sort);
                        let Some(Prod::Var(name, _)) = leaves.get(*k) else {
                            return None;
                        };
                        *k += 1;
                        let nd = g.declare(name.clone(), decl.sort.clone());
                        names.insert(*d, nd);
                        nd
                    }
                };
                g.constant(nd)
            }
            NodeKind::App(Op::ConstArray, _, kids) => {
                g.const_array(n.sort.clone(), map[&kids[0]]).ok()?
            }
            NodeKind::App(op, idx, kids) => {
                let kids: Vec<NodeId> = kids.iter().map(|k| map[k]).collect();
                let info = op.info();
                if info.attr == crate::lang::ir::Attr::LeftAssoc && kids.len() > info.min_arity {
                    let mut acc = g.app_indexed(*op, *idx, kids[..2].to_vec()).ok()?;
                    for k in &kids[2..] {
                        acc = g.app_indexed(*op, *idx, vec![acc, *k]).ok()?;
                    }
                    acc
                } else {
                    g.app_indexed(*op, *idx, kids).ok()?
                }
            }
            _ => return None,
        };
        map.insert(id, new);
    }
    let roots: Vec<NodeId> = f.asserts.iter().map(|a| map[a]).collect();
    let (first, rest) = roots.split_first()?;
    let mut root = *first;
    for r in rest {
        root = g.app(Op::And, vec![root, *r]).ok()?;
    }
    g.assert(root).ok()?;
    Some(g)
}

/// The chance that one input of the `enumerate` target, under `theories`, decodes to one
/// given formula of `family` at `size`: its kind, its parameter, its size and its index
/// each drawn uniformly (`None`: the family is not allowed or the size not drawn).
pub fn odds(family: &Family, size: u32, theories: &Theories) -> Option<f64> {
    let (kind, _) = place_of(family, theories)?;
    if !(3..=DRAWN_MAX_SIZE).contains(&size) {
        return None;
    }
    let (kinds, params) = by_kind(theories, |groups| (groups.len(), groups[kind].len()));
    let count = Grammar::new(family.clone()).count(size);
    Some(1.0 / (kinds as f64 * params as f64 * f64::from(DRAWN_MAX_SIZE - 2) * count as f64))
}

/// The number of formulas of each size from 3 to `largest` over every family `theories`
/// allows: how many inputs a sweep in ET's order (every formula of a size before any of the
/// next) runs before it reaches the next size.
pub fn formulas_per_size(theories: &Theories, largest: u32) -> Vec<(u32, u128)> {
    let families = Family::allowed(theories);
    (3..=largest.min(MAX_SIZE))
        .map(|size| {
            let n = families.iter().fold(0u128, |n, fam| {
                n.saturating_add(with_grammar(fam, |g| g.count(size)))
            });
            (size, n)
        })
        .collect()
}

/// Whether `node` is an application of the production `p` (its children still to match).
fn matches(f: &Formula, p: &Prod, node: NodeId) -> bool {
    use crate::lang::ir::NodeKind;
    let n = f.node(node);
    match (p, &n.kind) {
        (Prod::Var(name, _), NodeKind::Const(d)) => f.decls[d.0 as usize].name == *name,
        (Prod::Lit(v), NodeKind::Lit(w)) => v == w,
        (Prod::App { op, idx, args }, NodeKind::App(o, i, kids)) => {
            o == op
                && i == idx
                && kids.len() == args.len()
                && kids.iter().zip(args).all(|(k, a)| f.sort_of(*k) == a)
        }
        (Prod::ConstArray { sort, .. }, NodeKind::App(Op::ConstArray, _, _)) => n.sort == *sort,
        _ => false,
    }
}

impl Enumerated {
    /// The input bytes that [`Enumerated::from_bytes`] decodes, under `theories`, to the
    /// formula of `family` at `size` and `index` (`None`: the family is not allowed, or the
    /// size is outside what the target draws).
    pub fn to_bytes(
        family: &Family,
        size: u32,
        index: u128,
        theories: &Theories,
    ) -> Option<Vec<u8>> {
        let (kind, param) = place_of(family, theories)?;
        if !(3..=DRAWN_MAX_SIZE).contains(&size) {
            return None;
        }
        let mut out = vec![
            u8::try_from(kind).ok()?,
            u8::try_from(param).ok()?,
            (size - 3) as u8,
        ];
        out.extend(index.to_le_bytes());
        Some(out)
    }
}

/// The formula being built: declared constants are declared at their first use, in order.
struct Builder {
    f: Formula,
    vars: HashMap<String, DeclId>,
}

impl Builder {
    fn apply(&mut self, p: &Prod, kids: Vec<NodeId>) -> NodeId {
        let built = match p {
            Prod::Var(name, sort) => {
                let d = match self.vars.get(name) {
                    Some(d) => *d,
                    None => {
                        let d = self.f.declare(name.clone(), sort.clone());
                        self.vars.insert(name.clone(), d);
                        d
                    }
                };
                Ok(self.f.constant(d))
            }
            Prod::Lit(v) => Ok(self.f.lit(v.clone())),
            Prod::App { op, idx, .. } => self.f.app_indexed(*op, *idx, kids),
            Prod::ConstArray { sort, .. } => self.f.const_array(sort.clone(), kids[0]),
        };
        built.expect("a production builds a well-sorted term")
    }
}

/// The leaves of a sort: two declared constants (one for rounding modes) and its boundary
/// literals.
fn leaves(sort: &Sort) -> Vec<Prod> {
    let name = |base: &str| {
        let tag = match sort {
            Sort::Bool => String::new(),
            Sort::Int => "i".into(),
            Sort::Real => "r".into(),
            Sort::BitVec(w) => format!("v{w}"),
            Sort::String => "str".into(),
            Sort::RegLan => "re".into(),
            Sort::Array(..) => "arr".into(),
            Sort::Float(eb, sb) => format!("f{eb}_{sb}"),
            Sort::RoundingMode => "rm".into(),
            _ => "x".into(),
        };
        format!("{base}{tag}")
    };
    let mut out = match sort {
        Sort::RoundingMode => vec![Prod::Var("rm".into(), sort.clone())],
        // A regular language is built from operators (a declared RegLan constant would be
        // an uninterpreted language, which the solvers do not take).
        Sort::RegLan => Vec::new(),
        _ => vec![
            Prod::Var(name("a"), sort.clone()),
            Prod::Var(name("b"), sort.clone()),
        ],
    };
    let int = |n: i64| Value::Int(BigInt::from(n));
    let real = |n: i64, d: i64| Value::Real(BigRational::new(BigInt::from(n), BigInt::from(d)));
    let lits: Vec<Value> = match sort {
        Sort::Bool => vec![Value::Bool(true), Value::Bool(false)],
        Sort::Int => vec![int(0), int(1)],
        Sort::Real => vec![real(0, 1), real(1, 1), real(1, 2)],
        Sort::BitVec(w) => {
            let ones = (BigUint::one() << *w) - 1u8;
            let min = BigUint::one() << (*w - 1);
            let mut v = vec![Value::bv(*w, 0u8), Value::bv(*w, 1u8), Value::bv(*w, ones)];
            if *w > 2 {
                v.push(Value::bv(*w, min));
            }
            v
        }
        Sort::String => vec![Value::str(""), Value::str("a"), Value::Str(vec![0])],
        Sort::Float(eb, sb) => {
            let (eb, sb) = (*eb, *sb);
            let one = Float::from_fields(eb, sb, false, Float::bias(eb) as u64, BigUint::from(0u8));
            vec![
                Float::zero(eb, sb, false),
                Float::zero(eb, sb, true),
                one,
                Float::from_fields(eb, sb, false, 0, BigUint::one()),
                Float::max_finite(eb, sb, false),
                Float::inf(eb, sb, false),
                Float::inf(eb, sb, true),
                Float::nan(eb, sb),
            ]
            .into_iter()
            .map(Value::Float)
            .collect()
        }
        Sort::RoundingMode => RoundingMode::ALL.into_iter().map(Value::Rm).collect(),
        _ => Vec::new(),
    };
    let mut seen = Vec::new();
    for v in lits {
        if !seen.contains(&v) {
            seen.push(v.clone());
            out.push(Prod::Lit(v));
        }
    }
    out
}

/// Every instantiation of an operator over the family's sorts (fixed arity: the operator's
/// least), with its result sort.
fn instantiations(info: &OpInfo, sorts: &[Sort]) -> Vec<(Sort, Prod)> {
    let has = |s: &Sort| sorts.contains(s);
    let mut out = Vec::new();
    let mut push = |op: Op, idx: Idx, args: Vec<Sort>| {
        if args.iter().all(has) {
            if let Ok(ret) = crate::lang::ir::result_sort(op, idx, &args) {
                if has(&ret) {
                    out.push((ret, Prod::App { op, idx, args }));
                }
            }
        }
    };
    let op = info.op;
    // `fp.rem` over an exponent of 8 bits or more takes Z3 far past its time limit in a
    // check `Z3_interrupt` does not stop (the public family of Z3Prover/z3#3864): in a
    // fuzzing process each such check costs the watchdog's wait. Its bugs of record are in
    // small formats, which keep it.
    if op == Op::FpRem
        && sorts
            .iter()
            .any(|s| matches!(s, Sort::Float(eb, _) if *eb >= 8))
    {
        return out;
    }
    match info.rule {
        Rule::Uniform => {
            let arity = info.min_arity;
            if info.args.contains(&SortPat::T) || info.ret == SortPat::T {
                for t in sorts {
                    // Language equality is built only by the regex construction family.
                    if !info.domain.contains(t) || *t == Sort::RegLan {
                        continue;
                    }
                    push(op, [0, 0], info.arg_sorts(arity, Some(t)));
                }
            } else {
                push(op, [0, 0], info.arg_sorts(arity, None));
            }
        }
        Rule::Extract => {
            for s in sorts {
                // The lowest and the highest bit (of a vector wider than one: an
                // extract of every bit is the vector itself).
                if let Sort::BitVec(w @ 2..) = s {
                    for i in [0, w - 1] {
                        push(op, [i, i], vec![s.clone()]);
                    }
                }
            }
        }
        Rule::Extend | Rule::Repeat => {
            for s in sorts {
                for t in sorts {
                    if let (Sort::BitVec(a), Sort::BitVec(b)) = (s, t) {
                        if b > a {
                            let k = if info.rule == Rule::Repeat {
                                b / a
                            } else {
                                b - a
                            };
                            push(op, [k, 0], vec![s.clone()]);
                        }
                    }
                }
            }
        }
        Rule::Concat => {
            for s in sorts {
                for t in sorts {
                    push(op, [0, 0], vec![s.clone(), t.clone()]);
                }
            }
        }
        Rule::Int2Bv => {
            for s in sorts {
                if let Sort::BitVec(w) = s {
                    push(op, [*w, 0], vec![Sort::Int]);
                }
            }
        }
        Rule::Select => {
            for s in sorts {
                if let Sort::Array(i, _) = s {
                    push(op, [0, 0], vec![s.clone(), (**i).clone()]);
                }
            }
        }
        Rule::Store => {
            for s in sorts {
                if let Sort::Array(i, e) = s {
                    push(op, [0, 0], vec![s.clone(), (**i).clone(), (**e).clone()]);
                }
            }
        }
        Rule::ToFp => {
            for target in sorts {
                let Sort::Float(eb, sb) = target else {
                    continue;
                };
                let idx = [*eb, *sb];
                match op {
                    Op::ToFpBv => push(op, idx, vec![Sort::BitVec(eb + sb)]),
                    Op::ToFpReal => push(op, idx, vec![Sort::RoundingMode, Sort::Real]),
                    Op::ToFpFp => {
                        for s in sorts {
                            if matches!(s, Sort::Float(..)) && s != target {
                                push(op, idx, vec![Sort::RoundingMode, s.clone()]);
                            }
                        }
                    }
                    Op::ToFpSbv | Op::ToFpUbv => {
                        for s in sorts {
                            if matches!(s, Sort::BitVec(w) if *w > 1) {
                                push(op, idx, vec![Sort::RoundingMode, s.clone()]);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        Rule::FpToBv => {
            for s in sorts {
                for t in sorts {
                    if let (Sort::Float(..), Sort::BitVec(m)) = (s, t) {
                        if *m > 1 {
                            push(op, [*m, 0], vec![Sort::RoundingMode, s.clone()]);
                        }
                    }
                }
            }
        }
        // Literals are leaves; the rest are not in any family.
        Rule::FpLit
        | Rule::ConstArray
        | Rule::Datatype
        | Rule::SeqEmpty
        | Rule::SeqUnit
        | Rule::SeqNth => {}
    }
    out
}

/// An enumerated case decoded from fuzzer bytes: the family (among those `theories`
/// allows: its kind, then its parameter), the size (3 to [`DRAWN_MAX_SIZE`], each size equally likely, so that the few
/// smallest formulas are met often) and the index within that size.
pub struct Enumerated {
    pub family: Family,
    pub size: u32,
    pub index: u128,
    pub formula: Formula,
}

/// The largest size the fuzz target draws.
pub const DRAWN_MAX_SIZE: u32 = 12;

thread_local! {
    /// The allowed families grouped by kind, for the theories last asked: every input of the
    /// target decodes through them, and the theories stay the same in a fuzzing process.
    static KINDS: std::cell::RefCell<Option<(Theories, Vec<Vec<Family>>)>> = const { std::cell::RefCell::new(None) };
}

/// `f` of the families `theories` allows, grouped by kind (in [`Family::all`]'s order): an
/// input picks the kind first, each equally likely, then its parameter — the float families
/// have many parameters and would otherwise crowd out the rest.
fn by_kind<T>(theories: &Theories, f: impl FnOnce(&[Vec<Family>]) -> T) -> T {
    KINDS.with(|k| {
        let mut k = k.borrow_mut();
        if k.as_ref().is_none_or(|(t, _)| t != theories) {
            let mut groups: Vec<Vec<Family>> = Vec::new();
            for fam in Family::allowed(theories) {
                let kind = std::mem::discriminant(&fam);
                match groups
                    .iter_mut()
                    .find(|g| std::mem::discriminant(&g[0]) == kind)
                {
                    Some(g) => g.push(fam),
                    None => groups.push(vec![fam]),
                }
            }
            *k = Some((*theories, groups));
        }
        f(&k.as_ref().expect("set above").1)
    })
}

/// The family's kind and parameter (its group and its place in it) under `theories`.
fn place_of(family: &Family, theories: &Theories) -> Option<(usize, usize)> {
    by_kind(theories, |groups| {
        groups.iter().enumerate().find_map(|(kind, g)| {
            g.iter()
                .position(|f| f == family)
                .map(|param| (kind, param))
        })
    })
}

thread_local! {
    /// Grammars are built once per thread and family: their counts are the work.
    static GRAMMARS: std::cell::RefCell<HashMap<Family, Grammar>> = std::cell::RefCell::new(HashMap::new());
}

/// `f` of this thread's grammar of `family`, built at its first use.
fn with_grammar<T>(family: &Family, f: impl FnOnce(&mut Grammar) -> T) -> T {
    GRAMMARS.with(|g| {
        let mut g = g.borrow_mut();
        f(g.entry(family.clone())
            .or_insert_with(|| Grammar::new(family.clone())))
    })
}

impl Enumerated {
    /// Decodes an enumerated case (`None` when `theories` allows no family).
    pub fn from_bytes(data: &[u8], theories: &Theories) -> Option<Enumerated> {
        let byte = |i: usize| data.get(i).copied().unwrap_or(0);
        let family = by_kind(theories, |groups| {
            let group = groups.get(usize::from(byte(0)) % groups.len().max(1))?;
            Some(group[usize::from(byte(1)) % group.len()].clone())
        })?;
        let size = 3 + u32::from(byte(2)) % (DRAWN_MAX_SIZE - 2);
        let mut raw = [0u8; 16];
        for (i, r) in raw.iter_mut().enumerate() {
            *r = byte(3 + i);
        }
        let index = u128::from_le_bytes(raw);
        Enumerated::at(family, size, index)
    }

    /// The formula of `family` at `size` and `index` (modulo the count), or at the nearest
    /// smaller size that has formulas.
    pub fn at(family: Family, size: u32, index: u128) -> Option<Enumerated> {
        with_grammar(&family, |grammar| {
            (1..=size.min(MAX_SIZE)).rev().find_map(|s| {
                let n = grammar.count(s);
                let formula = grammar.formula(s, index)?;
                Some(Enumerated {
                    family: family.clone(),
                    size: s,
                    index: index % n,
                    formula,
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn print_script(f: &Formula) -> String {
        crate::cases::smtlib::script(f, &Default::default())
    }

    #[test]
    fn the_smallest_core_formulas_are_the_leaves_then_negations() {
        let mut g = Grammar::new(Family::Core);
        // a, b, true, false.
        assert_eq!(g.count(1), 4);
        // (not x) for the four leaves.
        assert_eq!(g.count(2), 4);
        let printed: Vec<String> = (0..4)
            .map(|i| print_script(&g.formula(2, i).unwrap()))
            .collect();
        assert!(printed[0].contains("(assert (not a))"), "{}", printed[0]);
        assert!(printed[2].contains("(assert (not true))"), "{}", printed[2]);
    }

    #[test]
    fn every_index_of_a_size_builds_a_distinct_formula_of_that_size() {
        for family in [
            Family::Ints,
            Family::BitVec(2),
            Family::Float(3, 5),
            Family::Regex,
        ] {
            let mut g = Grammar::new(family.clone());
            for size in 1..=4 {
                let n = g.count(size);
                assert!(n < 20_000, "{family} size {size}: {n}");
                let mut seen = std::collections::HashSet::new();
                for i in 0..n {
                    let f = g.formula(size, i).unwrap();
                    let text = print_script(&f);
                    assert!(
                        seen.insert(text.clone()),
                        "{family} size {size} repeats {text}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_grammars_have_the_public_bugs_shapes() {
        // Z3Prover/z3 public FP bug shape: (fp.isInfinite (fp.rem x s)) over Float(3,5).
        let mut g = Grammar::new(Family::Float(3, 5));
        let found = (0..g.count(4)).any(|i| {
            let t = print_script(&g.formula(4, i).unwrap());
            t.contains("(assert (fp.isInfinite (fp.rem af3_5 bf3_5)))")
        });
        assert!(found);
        let mut g = Grammar::new(Family::FloatReal(8, 24));
        let found = (0..g.count(4)).any(|i| {
            print_script(&g.formula(4, i).unwrap()).contains("(fp.isNaN ((_ to_fp 8 24) rm ar))")
        });
        assert!(found);
    }

    #[test]
    fn index_of_inverts_formula_and_bytes_decode_back() {
        let theories: Theories = "all,fp".parse().unwrap();
        for family in [
            Family::Ints,
            Family::Float(3, 2),
            Family::Array(Sort::Int, Sort::Bool),
        ] {
            let mut g = Grammar::new(family.clone());
            for size in [3, 5, 7] {
                let n = g.count(size);
                for i in [0, 1, n / 3, n / 2, n - 1] {
                    let f = g.formula(size, i).unwrap();
                    assert_eq!(g.index_of(&f), Some((size, i)), "{family} {size} {i}");
                    let bytes = Enumerated::to_bytes(&family, size, i, &theories).unwrap();
                    let e = Enumerated::from_bytes(&bytes, &theories).unwrap();
                    assert_eq!((e.family, e.size, e.index), (family.clone(), size, i));
                }
            }
        }
    }

    #[test]
    fn a_public_bugs_reproducer_is_located_where_the_grammar_builds_it() {
        // Z3Prover/z3's public fp.rem bug of the index: two Float(3,5) constants.
        let name = "z3-4.8.6-fp-rem-isinfinite-wrong-sat.smt2";
        let text = crate::verdict::finding::known::reproducer(name).unwrap();
        let f = crate::verdict::finding::reproducer_formula(text).unwrap();
        let places = locate(&f);
        let (family, size, index) = places
            .iter()
            .find(|(fam, ..)| *fam == Family::Float(3, 5))
            .unwrap_or_else(|| panic!("{places:?}"))
            .clone();
        assert_eq!(size, 4);
        let built = Grammar::new(family.clone()).formula(size, index).unwrap();
        let printed = print_script(&built);
        assert!(
            printed.contains("(assert (fp.isInfinite (fp.rem af3_5 bf3_5)))"),
            "{printed}"
        );
        let theories: Theories = "all,fp".parse().unwrap();
        let p = odds(&family, size, &theories).unwrap();
        assert!(p > 0.0 && p < 1e-6, "{p}");
        // Without FloatingPoint the target never draws it.
        let default: Theories = "all".parse().unwrap();
        assert_eq!(odds(&family, size, &default), None);
        // A formula with a third constant of one sort is in no grammar.
        let three = crate::verdict::finding::reproducer_formula(
            "(declare-const x Int)(declare-const y Int)(declare-const z Int)(assert (= x y z))",
        )
        .unwrap();
        assert!(locate(&three).is_empty());
    }

    #[test]
    fn the_formulas_per_size_add_up_the_families_counts() {
        let theories: Theories = "all,fp".parse().unwrap();
        let sizes = formulas_per_size(&theories, 4);
        assert_eq!(sizes.iter().map(|(s, _)| *s).collect::<Vec<_>>(), [3, 4]);
        let by_hand: u128 = Family::allowed(&theories)
            .into_iter()
            .map(|f| Grammar::new(f).count(3))
            .sum();
        assert_eq!(sizes[0].1, by_hand);
        // Each size has more formulas than the one before.
        assert!(sizes[1].1 > sizes[0].1);
        // Without FloatingPoint, fewer families and fewer formulas.
        let none: Theories = "all".parse().unwrap();
        assert!(formulas_per_size(&none, 3)[0].1 < sizes[0].1);
    }

    #[test]
    fn counts_grow_but_fit_up_to_the_largest_size() {
        for family in Family::all() {
            let mut g = Grammar::new(family.clone());
            assert!(g.count(3) > 0, "{family} has no formula of 3 nodes");
            assert!(
                g.count(MAX_SIZE) < u128::MAX,
                "{family} overflows at {MAX_SIZE}"
            );
        }
    }
}
