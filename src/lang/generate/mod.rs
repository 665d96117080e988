//! The generative type-aware grammar (TypeFuzz, thesis ch. 5) driven by `Arbitrary`.
//!
//! Generation is type-directed: to build a term of sort `S` the generator picks, with one
//! input byte, between a leaf (declared constant, bound variable or literal), reusing an
//! already built term of sort `S` whose bound variables are in scope (P_expr), applying an
//! operator of the table whose result can be `S` (P_gen), or a `let`. Every formula is
//! well-sorted by construction. When the input runs out every choice reads as 0, which is
//! "leaf": generation closes instead of failing. The same bytes always give the same formula.

pub mod config;
pub(crate) mod datatypes;
pub mod enumerate;

pub use config::{Config, Theories, TheoryOdds, TheorySet};

use crate::lang::ir::{
    BoundId, DeclId, Domain, Formula, Idx, NodeId, NodeKind, Op, Rule, Sort, SortError, SortPat,
    Theory, Value, OPS,
};
use arbitrary::{Arbitrary, Result, Unstructured};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use std::collections::HashMap;

/// One fuzz case: a swarm configuration and the formula decoded under it.
#[derive(Clone, Debug)]
pub struct Case {
    pub config: Config,
    pub formula: Formula,
}

impl<'a> Arbitrary<'a> for Case {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Case::decode(u, &Theories::ALL)
    }
}

impl Case {
    fn decode(u: &mut Unstructured, theories: &Theories) -> Result<Case> {
        let mut config = Config::draw(u, theories)?;
        config.restrict(theories);
        let formula = generate(&config, u)?;
        Ok(Case { config, formula })
    }

    /// Decodes a case from raw fuzzer bytes (never fails: short input gives a small case),
    /// over every theory ([`Case::from_bytes_in`] for a subset).
    pub fn from_bytes(data: &[u8]) -> Case {
        Case::from_bytes_in(data, &Theories::ALL)
    }

    /// Decodes a ground case (literals only, no declared constants) from raw bytes, over
    /// every theory ([`Case::ground_from_bytes_in`] for a subset).
    pub fn ground_from_bytes(data: &[u8]) -> Case {
        Case::ground_from_bytes_in(data, &Theories::ALL)
    }

    /// Decodes a ground case from raw bytes over the given theories.
    pub fn ground_from_bytes_in(data: &[u8], theories: &Theories) -> Case {
        let mut u = Unstructured::new(data);
        let mut config = Config::draw(&mut u, theories).expect("config decoding is total");
        config.restrict(theories);
        config.ground = true;
        // Elements of uninterpreted sorts and function values have no literals, and the
        // solvers simplify a ground term without its declarations: no function, recursive
        // or not (a call of one reached Z3's term builder with no declaration to apply).
        config.uf = false;
        config.rec = false;
        let formula = generate(&config, &mut u).expect("case decoding is total");
        Case { config, formula }
    }

    /// Decodes a case from raw bytes over the given theories.
    pub fn from_bytes_in(data: &[u8], theories: &Theories) -> Case {
        let mut u = Unstructured::new(data);
        Case::decode(&mut u, theories).expect("case decoding is total")
    }
}

/// Generates a formula under `cfg`, reading choices from `u`.
pub fn generate(cfg: &Config, u: &mut Unstructured) -> Result<Formula> {
    let mut g = Gen {
        cfg,
        u,
        f: Formula::default(),
        vars: HashMap::new(),
        info: Vec::new(),
        pool: HashMap::new(),
        scope: Vec::new(),
        budget: 0,
        arrays: array_menu(cfg),
        seqs: seq_menu(cfg),
        usorts: Vec::new(),
        funcs: Vec::new(),
        reuse_any_size: false,
        conversions: Vec::new(),
        dts: Vec::new(),
    };
    g.plan_datatypes()?;
    g.plan_functions()?;
    g.conversions = g.conversions();
    g.plan_recursive()?;
    let n = g.u.int_in_range(1..=cfg.max_asserts.max(1))?;
    for _ in 0..n {
        g.budget = u32::from(cfg.max_size);
        let a = g.term(&Sort::Bool, cfg.max_depth)?;
        g.f.assert(a).map_err(internal)?;
    }
    Ok(g.f)
}

/// Seed-based generation (the generative type-aware mutation of TypeFuzz, thesis
/// Alg. 6, with this generator's choices): a new term of `sort` built inside the seed `f`,
/// for a position where the bound variables `scope` (with their nodes) are visible. Its
/// operators come from the configuration's theories; its arguments are the seed's own
/// expressions of the right sort whose bound variables are in `scope` (local
/// compatibility, Def. 5.3.2), the seed's constants, functions and sorts, new literals and
/// constants, or further new terms, up to `depth` levels. Returns the extended formula.
pub fn grow(
    cfg: &Config,
    u: &mut Unstructured,
    f: Formula,
    sort: &Sort,
    scope: &[(BoundId, NodeId)],
    depth: u8,
) -> Result<(Formula, NodeId)> {
    let free = f.free_bound_vars(false);
    let mut info: Vec<NodeInfo> = Vec::with_capacity(f.nodes.len());
    for (id, vars) in free.into_iter().enumerate() {
        let mut i = NodeInfo::leaf();
        for c in f.children(NodeId(id as u32)) {
            let ci: &NodeInfo = &info[c.0 as usize];
            i.height = i.height.max(ci.height.saturating_add(1));
            i.size = i.size.saturating_add(ci.size);
        }
        i.free = vars;
        info.push(i);
    }
    let mut pool: HashMap<Sort, Vec<NodeId>> = HashMap::new();
    let mut vars = HashMap::new();
    let mut per_sort: HashMap<Sort, u8> = HashMap::new();
    for id in f.reachable_postorder() {
        match &f.node(id).kind {
            NodeKind::Lit(_) | NodeKind::Bound(_) => {}
            NodeKind::Const(_) => {
                let s = f.sort_of(id).clone();
                let k = per_sort.entry(s.clone()).or_default();
                if !vars.values().any(|n| *n == id) {
                    vars.insert((s.clone(), *k), id);
                    *k = k.saturating_add(1);
                }
                pool.entry(s).or_default().push(id);
            }
            _ => pool.entry(f.sort_of(id).clone()).or_default().push(id),
        }
    }
    let mut arrays = if cfg.arrays {
        array_menu(cfg)
    } else {
        Vec::new()
    };
    let mut seqs = seq_menu(cfg);
    let mut usorts = Vec::new();
    let mut funcs = Vec::new();
    for (k, d) in f.decls.iter().enumerate() {
        for s in d.args.iter().chain([&d.sort]) {
            collect_sorts(s, &mut arrays, &mut seqs, &mut usorts);
        }
        if !d.args.is_empty() {
            funcs.push((d.args.clone(), d.sort.clone(), Some(DeclId(k as u32))));
        }
    }
    for d in &f.bounds {
        collect_sorts(&d.sort, &mut arrays, &mut seqs, &mut usorts);
    }
    let mut g = Gen {
        cfg,
        u,
        f,
        vars,
        info,
        pool,
        scope: scope.to_vec(),
        budget: u32::from(cfg.max_size),
        arrays,
        seqs,
        usorts,
        funcs,
        reuse_any_size: true,
        conversions: Vec::new(),
        dts: Vec::new(),
    };
    g.dts = g.f.datatype_sorts();
    g.conversions = g.conversions();
    let depth = depth.max(1);
    // The root is an application when one fits (a bare leaf says little).
    let apps = g.app_candidates(sort);
    let node = if apps.is_empty() {
        g.term(sort, depth)?
    } else {
        let (op, t) = apps[g.u.choose_index(apps.len())?].clone();
        g.app(op, t, depth)?
    };
    Ok((g.f, node))
}

/// Whether values of `s` involve an uninterpreted sort (then `s` has no literals).
fn uninterpreted_inside(s: &Sort) -> bool {
    match s {
        Sort::Uninterp(_) => true,
        Sort::Array(i, e) => uninterpreted_inside(i) || uninterpreted_inside(e),
        Sort::Datatype(d) => d.outside_sorts().iter().any(uninterpreted_inside),
        Sort::Seq(e) => uninterpreted_inside(e),
        _ => false,
    }
}

fn collect_sorts(s: &Sort, arrays: &mut Vec<Sort>, seqs: &mut Vec<Sort>, usorts: &mut Vec<Sort>) {
    match s {
        Sort::Array(i, e) => {
            if !arrays.contains(s) {
                arrays.push(s.clone());
            }
            collect_sorts(i, arrays, seqs, usorts);
            collect_sorts(e, arrays, seqs, usorts);
        }
        Sort::Seq(e) => {
            if !seqs.contains(s) {
                seqs.push(s.clone());
            }
            collect_sorts(e, arrays, seqs, usorts);
        }
        Sort::Uninterp(_) if !usorts.contains(s) => usorts.push(s.clone()),
        _ => {}
    }
}

fn internal(e: SortError) -> arbitrary::Error {
    panic!("generator built an ill-sorted term: {e}")
}

/// Per-node facts the generator needs for reuse.
#[derive(Clone)]
struct NodeInfo {
    height: u8,
    /// Size of the node printed as a tree (saturating).
    size: u32,
    /// Bound variables the node uses (must be in scope where it is placed).
    free: Vec<BoundId>,
}

impl NodeInfo {
    fn leaf() -> Self {
        NodeInfo {
            height: 0,
            size: 1,
            free: Vec::new(),
        }
    }
}

/// A conversion between two sorts and its way back (`generate`'s round trips): named
/// source then target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Conversion {
    IntReal,
    RealInt,
    IntString,
    StringInt,
    IntBv,
    BvInt,
    FloatReal,
    RealFloat,
    /// A bit-vector read as an unsigned or signed integer into a float and back.
    BvFloat {
        signed: bool,
    },
    FloatFloat,
}

struct Gen<'c, 'u, 'a> {
    cfg: &'c Config,
    u: &'u mut Unstructured<'a>,
    f: Formula,
    /// Declared constants by (sort, index), created on first use.
    vars: HashMap<(Sort, u8), NodeId>,
    info: Vec<NodeInfo>,
    /// Built non-leaf terms by sort (candidates for P_expr).
    pool: HashMap<Sort, Vec<NodeId>>,
    /// Let-bound variables in scope, with their nodes.
    scope: Vec<(BoundId, NodeId)>,
    budget: u32,
    /// The array sorts of this case (with the arrays nested in them).
    arrays: Vec<Sort>,
    /// The sequence sorts of this case.
    seqs: Vec<Sort>,
    /// The uninterpreted sorts of this case.
    usorts: Vec<Sort>,
    /// The functions of this case: argument sorts, result sort, declaration once used.
    funcs: Vec<(Vec<Sort>, Sort, Option<DeclId>)>,
    /// Seed expressions are reused whatever their height and size (TypeFuzz draws the
    /// arguments of a new operator from all of the seed's expressions).
    reuse_any_size: bool,
    /// The conversions of the case ([`Gen::conversions`], fixed by its configuration).
    conversions: Vec<Conversion>,
    /// The datatype sorts of this case (every member of each group).
    dts: Vec<crate::lang::ir::DtSort>,
}

/// The sequence sorts a case may use: sequences of the enabled base sorts (Int, a small
/// bit-vector, Bool, Real, String) and of sequences of Int, selected by the swarm mask
/// `seq_sorts` (none selected: the first).
pub fn seq_menu(cfg: &Config) -> Vec<Sort> {
    if !cfg.seq {
        return Vec::new();
    }
    let bv = cfg
        .widths()
        .into_iter()
        .find(|w| *w <= 8)
        .filter(|_| cfg.bv)
        .map(Sort::BitVec);
    let shapes: Vec<Sort> = [
        cfg.ints.then_some(Sort::Int),
        bv,
        Some(Sort::Bool),
        cfg.reals.then_some(Sort::Real),
        cfg.strings.then_some(Sort::String),
        cfg.ints.then(|| Sort::seq(Sort::Int)),
    ]
    .into_iter()
    .flatten()
    .map(Sort::seq)
    .collect();
    let mut menu: Vec<Sort> = shapes
        .iter()
        .enumerate()
        .filter(|(i, _)| cfg.seq_sorts & (1 << i) != 0)
        .map(|(_, s)| s.clone())
        .collect();
    if menu.is_empty() {
        menu.push(shapes[0].clone());
    }
    // A nested sequence's element sort is a sequence sort of the case too.
    let inner: Vec<Sort> = menu
        .iter()
        .filter_map(|s| match s {
            Sort::Seq(e) if matches!(**e, Sort::Seq(_)) => Some((**e).clone()),
            _ => None,
        })
        .collect();
    for s in inner {
        if !menu.contains(&s) {
            menu.push(s);
        }
    }
    menu
}

/// The array sorts a case may use: a fixed menu of shapes over the enabled base sorts,
/// selected by the swarm mask `array_sorts` (never empty when arrays are on).
pub fn array_menu(cfg: &Config) -> Vec<Sort> {
    if !cfg.arrays {
        return Vec::new();
    }
    let a = Sort::array;
    let int = Sort::Int;
    let bv = cfg
        .widths()
        .into_iter()
        .find(|w| *w <= 8)
        .or(cfg.widths().first().copied());
    let mut shapes: Vec<Option<Sort>> = vec![
        cfg.ints.then(|| a(int.clone(), int.clone())),
        cfg.ints.then(|| a(int.clone(), Sort::Bool)),
        bv.map(|w| a(Sort::BitVec(w), Sort::BitVec(w))),
        cfg.ints.then(|| a(Sort::Bool, int.clone())),
        (cfg.ints && cfg.reals).then(|| a(int.clone(), Sort::Real)),
        (cfg.ints && cfg.strings).then(|| a(Sort::String, int.clone())),
        cfg.ints
            .then(|| a(int.clone(), a(int.clone(), int.clone()))),
        bv.map(|w| a(Sort::BitVec(w), a(Sort::Bool, Sort::BitVec(w)))),
        // Real indices (no finite domain, no integral indices), strings stored under
        // bit-vectors, arrays as indices: each a public bug's sort (docs/reach.md).
        (cfg.reals && cfg.ints).then(|| a(Sort::Real, int.clone())),
        cfg.reals.then(|| a(Sort::Real, Sort::Real)),
        bv.filter(|_| cfg.strings)
            .map(|w| a(Sort::BitVec(w), Sort::String)),
        Some(a(a(Sort::Bool, Sort::Bool), Sort::Bool)),
    ];
    let chosen: Vec<Sort> = shapes
        .iter()
        .enumerate()
        .filter(|(i, _)| cfg.array_sorts & (1 << i) != 0)
        .filter_map(|(_, s)| s.clone())
        .collect();
    let mut menu = if chosen.is_empty() {
        shapes
            .drain(..)
            .flatten()
            .next()
            .map_or_else(|| vec![a(Sort::Bool, Sort::Bool)], |s| vec![s])
    } else {
        chosen
    };
    // Arrays nested as elements or indices are array sorts of the case too.
    let mut k = 0;
    while k < menu.len() {
        if let Sort::Array(i, e) = menu[k].clone() {
            for inner in [i, e] {
                if matches!(*inner, Sort::Array(..)) && !menu.contains(&inner) {
                    menu.push((*inner).clone());
                }
            }
        }
        k += 1;
    }
    menu
}

impl Gen<'_, '_, '_> {
    fn sort_enabled(&self, s: &Sort) -> bool {
        match s {
            Sort::Bool => true,
            Sort::Int => self.cfg.ints,
            Sort::Real => self.cfg.reals,
            Sort::BitVec(_) => self.cfg.bv,
            Sort::String | Sort::RegLan => self.cfg.strings,
            Sort::Array(..) => self.arrays.contains(s),
            Sort::Uninterp(_) => self.usorts.contains(s),
            Sort::Float(eb, sb) => self.cfg.fp_formats().contains(&(*eb, *sb)),
            Sort::RoundingMode => self.cfg.fp,
            Sort::Datatype(d) => self.dts.contains(d),
            Sort::Seq(_) => self.seqs.contains(s),
        }
    }

    /// The case's datatypes, their fields over Bool and one sort of each other theory on.
    fn plan_datatypes(&mut self) -> Result<()> {
        if !self.cfg.datatypes {
            return Ok(());
        }
        let mut fields = vec![Sort::Bool];
        fields.extend(
            [Sort::Int, Sort::Real, Sort::String]
                .into_iter()
                .filter(|s| self.sort_enabled(s)),
        );
        let widths = self.cfg.widths();
        if let Some(w) = widths.iter().find(|w| **w <= 8).or(widths.first()) {
            fields.push(Sort::BitVec(*w));
        }
        if let Some((eb, sb)) = self.cfg.fp_formats().first() {
            fields.push(Sort::Float(*eb, *sb));
        }
        self.dts = datatypes::plan(self.cfg, self.u, &fields)?;
        Ok(())
    }

    /// Uninterpreted sorts and function signatures of the case (declared on first use).
    fn plan_functions(&mut self) -> Result<()> {
        if !self.cfg.uf {
            return Ok(());
        }
        self.usorts = (0..u32::from(self.cfg.uninterp_sorts))
            .map(Sort::Uninterp)
            .collect();
        let sorts = self.enabled_sorts();
        for _ in 0..self.cfg.funcs {
            let arity = self.u.int_in_range(1..=2)?;
            let args = (0..arity)
                .map(|_| Ok(sorts[self.u.choose_index(sorts.len())?].clone()))
                .collect::<Result<Vec<_>>>()?;
            let ret = sorts[self.u.choose_index(sorts.len())?].clone();
            self.funcs.push((args, ret, None));
        }
        Ok(())
    }

    /// The case's recursive functions (`define-fun-rec`), each `rfK(n: Int, a: S) : R`
    /// with S and R drawn from the case's sorts, and a body that recurses on `n - 1` down
    /// to `n <= 0`: `(ite (<= n 0) BASE STEP)`, STEP applying `rfK` once (in a sum where R
    /// is Int, else under an `ite`). Every application terminates; the evaluator unfolds it
    /// as far as its budget goes. Defined before the assertions are drawn, so they may
    /// apply each function (and bodies apply only earlier ones besides themselves).
    fn plan_recursive(&mut self) -> Result<()> {
        if !self.cfg.rec || !self.cfg.ints {
            return Ok(());
        }
        let sorts: Vec<Sort> = self
            .enabled_sorts()
            .into_iter()
            .filter(|s| *s != Sort::RegLan && !uninterpreted_inside(s))
            .collect();
        for k in 0..self.cfg.rec_funcs.max(1) {
            let arg = sorts[self.u.choose_index(sorts.len())?].clone();
            let ret = sorts[self.u.choose_index(sorts.len())?].clone();
            let name = self.fresh_name(format!("rf{k}"));
            let d = self
                .f
                .declare_fun(name, vec![Sort::Int, arg.clone()], ret.clone());
            let n_name = self.fresh_name(format!("rn{k}"));
            let a_name = self.fresh_name(format!("ra{k}"));
            let (bn, n) = self.f.bound_var(n_name, Sort::Int);
            let (ba, a) = self.f.bound_var(a_name, arg.clone());
            for (b, node) in [(bn, n), (ba, a)] {
                self.info.resize(self.f.nodes.len(), NodeInfo::leaf());
                self.info[node.0 as usize].free = vec![b];
                self.scope.push((b, node));
            }
            self.budget = u32::from(self.cfg.max_size);
            let depth = self.cfg.max_depth.clamp(1, 3);
            let base = self.term(&ret, depth)?;
            let one = self.f.lit(Value::Int(1.into()));
            let zero = self.f.lit(Value::Int(0.into()));
            let smaller = self.f.app(Op::Sub, vec![n, one]).map_err(internal)?;
            let next = self.term(&arg, depth)?;
            let recursive = self.f.call(d, vec![smaller, next]).map_err(internal)?;
            let other = self.term(&ret, depth)?;
            let step = if ret == Sort::Int {
                self.f.app(Op::Add, vec![recursive, other])
            } else {
                let c = self.term(&Sort::Bool, depth)?;
                self.f.app(Op::Ite, vec![c, recursive, other])
            }
            .map_err(internal)?;
            let stop = self.f.app(Op::Le, vec![n, zero]).map_err(internal)?;
            let body = self
                .f
                .app(Op::Ite, vec![stop, base, step])
                .map_err(internal)?;
            self.scope.truncate(self.scope.len() - 2);
            self.f.define_rec(d, vec![bn, ba], body).map_err(internal)?;
            self.info.resize(self.f.nodes.len(), NodeInfo::leaf());
            self.funcs.push((vec![Sort::Int, arg], ret, Some(d)));
        }
        Ok(())
    }

    /// An application of one of the case's functions returning `sort`.
    fn call(&mut self, sort: &Sort, depth: u8) -> Result<NodeId> {
        let fits: Vec<usize> = (0..self.funcs.len())
            .filter(|k| self.funcs[*k].1 == *sort)
            .collect();
        let k = fits[self.u.choose_index(fits.len())?];
        let (args, ret, decl) = self.funcs[k].clone();
        let d = match decl {
            Some(d) => d,
            None => {
                let d = self.f.declare_fun(format!("f{k}"), args.clone(), ret);
                self.funcs[k].2 = Some(d);
                d
            }
        };
        self.budget = self.budget.saturating_sub(1);
        let mut xs = Vec::with_capacity(args.len());
        for s in &args {
            xs.push(self.term(s, depth - 1)?);
        }
        let info = self.combine(&xs, 0);
        let id = self.f.call(d, xs).map_err(internal)?;
        Ok(self.record(id, info, true))
    }

    fn theory_enabled(&self, th: Theory) -> bool {
        match th {
            Theory::Core => true,
            Theory::Ints => self.cfg.ints,
            Theory::Reals => self.cfg.reals,
            Theory::RealsInts => self.cfg.ints && self.cfg.reals,
            Theory::BitVectors => self.cfg.bv,
            Theory::BitVectorsInts => self.cfg.bv && self.cfg.ints,
            Theory::Strings => self.cfg.strings,
            Theory::Arrays => self.cfg.arrays,
            Theory::FloatingPoint => self.cfg.fp,
            Theory::Datatypes => !self.dts.is_empty(),
            Theory::Sequences => !self.seqs.is_empty(),
        }
    }

    /// The sorts variables, let-bindings and parameters are drawn from.
    fn enabled_sorts(&self) -> Vec<Sort> {
        let mut sorts = vec![Sort::Bool];
        sorts.extend(
            [Sort::Int, Sort::Real, Sort::String]
                .into_iter()
                .filter(|s| self.sort_enabled(s)),
        );
        sorts.extend(self.cfg.widths().into_iter().map(Sort::BitVec));
        let formats = self.cfg.fp_formats();
        if !formats.is_empty() {
            sorts.push(Sort::RoundingMode);
        }
        sorts.extend(formats.into_iter().map(|(eb, sb)| Sort::Float(eb, sb)));
        sorts.extend(self.arrays.iter().cloned());
        sorts.extend(self.seqs.iter().cloned());
        sorts.extend(self.usorts.iter().cloned());
        sorts.extend(self.dts.iter().cloned().map(Sort::Datatype));
        sorts
    }

    /// Picks an index with the given weights using one byte (0 when input is exhausted).
    fn pick(&mut self, weights: &[u32]) -> Result<usize> {
        let total: u32 = weights.iter().sum();
        if total == 0 {
            return Ok(0);
        }
        let mut b = u32::from(self.u.arbitrary::<u8>()?) % total;
        for (i, w) in weights.iter().enumerate() {
            if b < *w {
                return Ok(i);
            }
            b -= w;
        }
        unreachable!()
    }

    fn record(&mut self, id: NodeId, info: NodeInfo, pooled: bool) -> NodeId {
        let idx = id.0 as usize;
        if self.info.len() <= idx {
            self.info.resize(idx + 1, NodeInfo::leaf());
        }
        self.info[idx] = info;
        if pooled {
            let sort = self.f.sort_of(id).clone();
            self.pool.entry(sort).or_default().push(id);
        }
        id
    }

    fn term(&mut self, sort: &Sort, depth: u8) -> Result<NodeId> {
        if depth == 0 || self.budget <= 1 || self.u.is_empty() {
            return self.leaf(sort);
        }
        let reuse = self.reuse_candidates(sort, depth);
        let apps = self.app_candidates(sort);
        // Leaf first: an exhausted input reads 0 and closes the term. An assertion itself
        // is never a bare leaf when an operator fits (that formula would say nothing).
        let root = depth == self.cfg.max_depth;
        let weights = [
            if root && !apps.is_empty() { 0 } else { 2 },
            if reuse.is_empty() {
                0
            } else {
                u32::from(self.cfg.reuse_weight)
            },
            if apps.is_empty() {
                0
            } else {
                u32::from(self.cfg.app_weight)
            },
            if self.budget < 4 || *sort == Sort::RegLan {
                0
            } else {
                u32::from(self.cfg.let_weight)
            },
            if self.budget < 4 || *sort != Sort::Bool || !self.cfg.quantifiers {
                0
            } else {
                u32::from(self.cfg.quant_weight)
            },
            if self.funcs.iter().any(|(_, r, _)| r == sort) {
                u32::from(self.cfg.app_weight).div_ceil(2)
            } else {
                0
            },
            if self.budget < 6 || *sort != Sort::Bool || self.conversions.is_empty() {
                0
            } else {
                u32::from(self.cfg.conv_weight)
            },
        ];
        match self.pick(&weights)? {
            1 => {
                let id = reuse[self.u.choose_index(reuse.len())?];
                self.budget = self.budget.saturating_sub(self.info[id.0 as usize].size);
                Ok(id)
            }
            2 => {
                let (op, t) = apps[self.u.choose_index(apps.len())?].clone();
                self.app(op, t, depth)
            }
            3 => self.let_term(sort, depth),
            4 => self.quant_term(depth),
            5 => self.call(sort, depth),
            6 => self.conversion_compared(depth),
            _ => self.leaf(sort),
        }
    }

    /// The conversions of the case (their operators on and their theories in it): a source
    /// sort's terms are converted to a target sort and back ([`Conversion`]).
    fn conversions(&self) -> Vec<Conversion> {
        let c = self.cfg;
        let on = |ops: &[Op]| ops.iter().all(|op| c.op_enabled(*op));
        let mut out = Vec::new();
        if c.ints && c.reals && on(&[Op::ToReal, Op::ToInt]) {
            out.extend([Conversion::IntReal, Conversion::RealInt]);
        }
        if c.ints && c.strings && on(&[Op::StrFromInt, Op::StrToInt]) {
            out.extend([Conversion::IntString, Conversion::StringInt]);
        }
        if c.ints && c.bv && on(&[Op::Int2Bv, Op::Bv2Nat]) {
            out.extend([Conversion::IntBv, Conversion::BvInt]);
        }
        if c.fp {
            if c.reals && on(&[Op::ToFpReal, Op::FpToReal]) {
                out.extend([Conversion::FloatReal, Conversion::RealFloat]);
            }
            if c.bv && on(&[Op::ToFpUbv, Op::FpToUbv]) {
                out.push(Conversion::BvFloat { signed: false });
            }
            if c.bv && on(&[Op::ToFpSbv, Op::FpToSbv]) {
                out.push(Conversion::BvFloat { signed: true });
            }
            if on(&[Op::ToFpFp]) {
                out.push(Conversion::FloatFloat);
            }
        }
        out
    }

    /// A term `x` compared with its round trip through another sort (`x = back(there(x))`,
    /// which rounding, truncation or a partial conversion may break), or the one-way
    /// conversion `there(x)` compared with a term of the target sort (often a boundary
    /// literal): the shape of many public conversion bugs (docs/reach.md).
    fn conversion_compared(&mut self, depth: u8) -> Result<NodeId> {
        let conv = self.conversions[self.u.choose_index(self.conversions.len())?];
        let sub = depth.saturating_sub(2).max(1);
        let (source, target) = match conv {
            Conversion::FloatReal | Conversion::FloatFloat => (self.float_sort()?, None),
            Conversion::RealFloat => (Sort::Real, Some(self.float_sort()?)),
            Conversion::BvFloat { .. } => (Sort::BitVec(self.width()?), Some(self.float_sort()?)),
            Conversion::IntBv => (Sort::Int, Some(Sort::BitVec(self.width()?))),
            Conversion::BvInt => (Sort::BitVec(self.width()?), None),
            Conversion::IntReal | Conversion::IntString => (Sort::Int, None),
            Conversion::RealInt => (Sort::Real, None),
            Conversion::StringInt => (Sort::String, None),
        };
        let x = self.term(&source, sub)?;
        let there = self.convert_there(conv, x, target.as_ref())?;
        let round_trip = self.u.ratio(1, 2)?;
        let (a, b) = if round_trip {
            (x, self.convert_back(conv, there, &source)?)
        } else {
            let other = self.f.sort_of(there).clone();
            (there, self.term(&other, 1)?)
        };
        let sort = self.f.sort_of(a).clone();
        let compare = match &sort {
            Sort::Float(..) => [Op::FpEq, Op::Eq, Op::FpLeq, Op::FpLt][self.u.choose_index(4)?],
            Sort::Int | Sort::Real => [Op::Eq, Op::Eq, Op::Le, Op::Lt][self.u.choose_index(4)?],
            _ => Op::Eq,
        };
        self.apply(compare, [0, 0], vec![a, b])
    }

    /// `x` converted to the conversion's target sort (`target`: the one drawn, where the
    /// conversion's target has parameters).
    fn convert_there(
        &mut self,
        conv: Conversion,
        x: NodeId,
        target: Option<&Sort>,
    ) -> Result<NodeId> {
        let format = |t: Option<&Sort>| match t {
            Some(Sort::Float(eb, sb)) => [*eb, *sb],
            _ => unreachable!("a float target is drawn for {conv:?}"),
        };
        match conv {
            Conversion::IntReal => self.apply(Op::ToReal, [0, 0], vec![x]),
            Conversion::RealInt => self.apply(Op::ToInt, [0, 0], vec![x]),
            Conversion::IntString => self.apply(Op::StrFromInt, [0, 0], vec![x]),
            Conversion::StringInt => self.apply(Op::StrToInt, [0, 0], vec![x]),
            Conversion::IntBv => {
                let w = target.and_then(Sort::width).expect("a width is drawn");
                self.apply(Op::Int2Bv, [w, 0], vec![x])
            }
            Conversion::BvInt => self.apply(Op::Bv2Nat, [0, 0], vec![x]),
            Conversion::FloatReal => self.apply(Op::FpToReal, [0, 0], vec![x]),
            Conversion::RealFloat => {
                let rm = self.term(&Sort::RoundingMode, 1)?;
                self.apply(Op::ToFpReal, format(target), vec![rm, x])
            }
            Conversion::BvFloat { signed } => {
                let rm = self.term(&Sort::RoundingMode, 1)?;
                let op = if signed { Op::ToFpSbv } else { Op::ToFpUbv };
                self.apply(op, format(target), vec![rm, x])
            }
            Conversion::FloatFloat => {
                let rm = self.term(&Sort::RoundingMode, 1)?;
                let to = self.float_sort()?;
                self.apply(Op::ToFpFp, format(Some(&to)), vec![rm, x])
            }
        }
    }

    /// `y` converted back to `source` (the sort its conversion started from).
    fn convert_back(&mut self, conv: Conversion, y: NodeId, source: &Sort) -> Result<NodeId> {
        match conv {
            Conversion::IntReal => self.apply(Op::ToInt, [0, 0], vec![y]),
            Conversion::RealInt => self.apply(Op::ToReal, [0, 0], vec![y]),
            Conversion::IntString => self.apply(Op::StrToInt, [0, 0], vec![y]),
            Conversion::StringInt => self.apply(Op::StrFromInt, [0, 0], vec![y]),
            Conversion::IntBv => self.apply(Op::Bv2Nat, [0, 0], vec![y]),
            Conversion::BvInt => {
                let w = source.width().expect("a bit-vector source");
                self.apply(Op::Int2Bv, [w, 0], vec![y])
            }
            Conversion::RealFloat => self.apply(Op::FpToReal, [0, 0], vec![y]),
            Conversion::FloatReal | Conversion::FloatFloat => {
                let Sort::Float(eb, sb) = source else {
                    unreachable!("a float source")
                };
                let rm = self.term(&Sort::RoundingMode, 1)?;
                let op = if conv == Conversion::FloatReal {
                    Op::ToFpReal
                } else {
                    Op::ToFpFp
                };
                self.apply(op, [*eb, *sb], vec![rm, y])
            }
            Conversion::BvFloat { signed } => {
                let w = source.width().expect("a bit-vector source");
                let rm = self.term(&Sort::RoundingMode, 1)?;
                let op = if signed { Op::FpToSbv } else { Op::FpToUbv };
                self.apply(op, [w, 0], vec![rm, y])
            }
        }
    }

    /// The application `op` (indices `idx`) of `args`, recorded as a pooled term.
    fn apply(&mut self, op: Op, idx: Idx, args: Vec<NodeId>) -> Result<NodeId> {
        self.budget = self.budget.saturating_sub(1);
        let info = self.combine(&args, 0);
        let id = self.f.app_indexed(op, idx, args).map_err(internal)?;
        Ok(self.record(id, info, true))
    }

    fn reuse_candidates(&self, sort: &Sort, depth: u8) -> Vec<NodeId> {
        let Some(pool) = self.pool.get(sort) else {
            return Vec::new();
        };
        pool.iter()
            .copied()
            .filter(|id| {
                let info = &self.info[id.0 as usize];
                (self.reuse_any_size || (info.height <= depth && info.size <= self.budget))
                    && info
                        .free
                        .iter()
                        .all(|b| self.scope.iter().any(|(s, _)| s == b))
            })
            .collect()
    }

    /// Operators (with their parameter sort) whose result can be `sort` in this config.
    fn app_candidates(&self, sort: &Sort) -> Vec<(Op, Option<Sort>)> {
        let mut out = Vec::new();
        for info in OPS {
            if !self.cfg.op_enabled(info.op) || info.op.is_extension() {
                continue;
            }
            if info.rule != Rule::Uniform {
                // Width-ruled bit-vector operators: `plan` picks indices and argument widths.
                let ok = match (info.rule, sort) {
                    (Rule::Select, s) => self
                        .arrays
                        .iter()
                        .any(|a| matches!(a, Sort::Array(_, e) if **e == *s)),
                    (Rule::Store, Sort::Array(..)) => self.sort_enabled(sort),
                    // Its argument is a literal of the element sort.
                    (Rule::ConstArray, Sort::Array(..)) => {
                        self.sort_enabled(sort) && !uninterpreted_inside(sort)
                    }
                    (Rule::Store | Rule::ConstArray, _) => false,
                    // Conversions: their sources must be on too (`fp` literals are built
                    // of bit-vector literals, which need no bit-vector theory).
                    (Rule::FpLit, s) => matches!(s, Sort::Float(..)),
                    (Rule::ToFp, Sort::Float(..)) => match info.op {
                        Op::ToFpReal => self.cfg.reals,
                        Op::ToFpFp => true,
                        _ => self.cfg.bv,
                    },
                    (Rule::ToFp, _) => false,
                    (Rule::FpToBv, Sort::BitVec(_)) => self.cfg.bv,
                    (Rule::Datatype, s) => !self.datatype_apps(info.op, s).is_empty(),
                    (Rule::SeqEmpty | Rule::SeqUnit, Sort::Seq(_)) => self.sort_enabled(sort),
                    (Rule::SeqNth, s) => self.seqs.contains(&Sort::seq(s.clone())),
                    (Rule::SeqEmpty | Rule::SeqUnit, _) => false,
                    (Rule::Concat, Sort::BitVec(n)) => *n >= 2,
                    (_, Sort::BitVec(_)) => true,
                    _ => false,
                };
                if ok && self.theory_enabled(info.theory) {
                    out.push((info.op, Some(sort.clone())));
                }
                continue;
            }
            let params: Vec<Option<Sort>> = match info.domain {
                Domain::None => vec![None],
                // The result is `T` itself: it must be the required sort.
                _ if info.ret == SortPat::T => vec![Some(sort.clone())]
                    .into_iter()
                    .filter(|t| {
                        let t = t.as_ref().unwrap();
                        info.domain.contains(t) && *t != Sort::RegLan
                    })
                    .collect(),
                _ => self
                    .enabled_sorts()
                    .into_iter()
                    .filter(|s| info.domain.contains(s) && *s != Sort::RegLan)
                    .map(Some)
                    .collect(),
            };
            for t in params {
                if info.ret_sort(t.as_ref()) != *sort {
                    continue;
                }
                let args_ok = info
                    .arg_sorts(info.min_arity, t.as_ref())
                    .iter()
                    .all(|s| self.sort_enabled(s));
                if self.theory_enabled(info.op.theory_at(t.as_ref())) && args_ok {
                    out.push((info.op, t));
                }
            }
        }
        out
    }

    /// Indices and argument sorts of an application of `op` with parameter/result `t`.
    fn plan(&mut self, op: Op, t: Option<&Sort>) -> Result<(Idx, Vec<Sort>)> {
        let info = op.info();
        let n = t.and_then(Sort::width).unwrap_or(1);
        let bv = Sort::BitVec;
        Ok(match info.rule {
            Rule::Concat => {
                let a = self.u.int_in_range(1..=n - 1)?;
                ([0, 0], vec![bv(a), bv(n - a)])
            }
            Rule::Extract => {
                // A source at least as wide as the result: a menu width or slightly wider.
                let wider: Vec<u32> = self.cfg.widths().into_iter().filter(|w| *w >= n).collect();
                let m = match self.u.choose_index(wider.len() + 1)? {
                    i if i < wider.len() => wider[i],
                    _ => n + self.u.int_in_range(0..=4)?,
                };
                let j = self.u.int_in_range(0..=m - n)?;
                ([j + n - 1, j], vec![bv(m)])
            }
            Rule::Extend => {
                let k = self.u.int_in_range(0..=n - 1)?;
                ([k, 0], vec![bv(n - k)])
            }
            Rule::Repeat => {
                let divisors: Vec<u32> = (1..=n).filter(|k| n.is_multiple_of(*k)).collect();
                let k = divisors[self.u.choose_index(divisors.len())?];
                ([k, 0], vec![bv(n / k)])
            }
            Rule::Int2Bv => ([n, 0], vec![Sort::Int]),
            Rule::FpLit => {
                let Some(Sort::Float(eb, sb)) = t else {
                    unreachable!("fp planned for {t:?}")
                };
                ([0, 0], vec![bv(1), bv(*eb), bv(sb - 1)])
            }
            Rule::ToFp => {
                let Some(Sort::Float(eb, sb)) = t else {
                    unreachable!("to_fp planned for {t:?}")
                };
                let source = match op {
                    Op::ToFpBv => return Ok(([*eb, *sb], vec![bv(eb + sb)])),
                    Op::ToFpFp => self.float_sort()?,
                    Op::ToFpReal => Sort::Real,
                    _ => bv(self.width()?),
                };
                ([*eb, *sb], vec![Sort::RoundingMode, source])
            }
            Rule::FpToBv => ([n, 0], vec![Sort::RoundingMode, self.float_sort()?]),
            Rule::Select => {
                let t = t.expect("select is planned for its result sort");
                let fits: Vec<Sort> = self
                    .arrays
                    .iter()
                    .filter(|a| matches!(a, Sort::Array(_, e) if **e == *t))
                    .cloned()
                    .collect();
                let a = fits[self.u.choose_index(fits.len())?].clone();
                let Sort::Array(i, _) = &a else {
                    unreachable!()
                };
                let i = (**i).clone();
                ([0, 0], vec![a, i])
            }
            Rule::Datatype => {
                let s = t.expect("a datatype operator is planned for its result sort");
                let fits = self.datatype_apps(op, s);
                let (d, idx) = fits[self.u.choose_index(fits.len())?].clone();
                match op {
                    Op::DtCons => (idx, d.field_sorts(idx[0])),
                    _ => (idx, vec![Sort::Datatype(d)]),
                }
            }
            Rule::Store => {
                let Some(a @ Sort::Array(i, e)) = t else {
                    unreachable!("store planned for {t:?}")
                };
                ([0, 0], vec![a.clone(), (**i).clone(), (**e).clone()])
            }
            Rule::ConstArray => {
                let Some(Sort::Array(_, e)) = t else {
                    unreachable!("as const planned for {t:?}")
                };
                ([0, 0], vec![(**e).clone()])
            }
            Rule::SeqEmpty => ([0, 0], vec![]),
            Rule::SeqUnit => {
                let Some(Sort::Seq(e)) = t else {
                    unreachable!("seq.unit planned for {t:?}")
                };
                ([0, 0], vec![(**e).clone()])
            }
            Rule::SeqNth => {
                let e = t.expect("seq.nth is planned for its result sort");
                ([0, 0], vec![Sort::seq(e.clone()), Sort::Int])
            }
            Rule::Uniform => {
                let arity = if info.is_variadic() {
                    info.min_arity + self.u.int_in_range(0..=2)?
                } else {
                    info.min_arity
                };
                let idx = match (op, info.indices) {
                    (_, 0) => [0, 0],
                    // Small repetition bounds; re.loop with n > m (empty) on purpose.
                    (Op::RePower, _) => [self.u.int_in_range(0..=3)?, 0],
                    (Op::ReLoop, _) => [self.u.int_in_range(0..=3)?, self.u.int_in_range(0..=4)?],
                    // rotate_left/right: any amount, including more than the width.
                    _ => [self.u.int_in_range(0..=n + 1)?, 0],
                };
                (idx, info.arg_sorts(arity, t))
            }
        })
    }

    fn app(&mut self, op: Op, t: Option<Sort>, depth: u8) -> Result<NodeId> {
        let (idx, sorts) = self.plan(op, t.as_ref())?;
        self.budget = self.budget.saturating_sub(1);
        if op == Op::SeqEmpty {
            let id = self
                .f
                .seq_empty(t.expect("seq.empty has its sort"))
                .map_err(internal)?;
            return Ok(self.record(id, NodeInfo::leaf(), false));
        }
        if op == Op::ConstArray {
            // cvc5 builds constant arrays of values only: the argument is a literal, and
            // one its parser can read back (a rational with a finite decimal expansion).
            let v = with_decimal_reals(self.literal(&sorts[0])?);
            let v = self.f.lit(v);
            self.record(v, NodeInfo::leaf(), false);
            let node = self.combine(&[v], 0);
            let id = self
                .f
                .const_array(t.expect("as const has its sort"), v)
                .map_err(internal)?;
            return Ok(self.record(id, node, true));
        }
        let mut args = Vec::with_capacity(sorts.len());
        for s in sorts {
            let arg = if op == Op::FpLit {
                let b: u8 = self.u.arbitrary()?;
                let w = s.width().expect("fp takes bit-vectors");
                let v = self.bv_literal(w, b)?;
                let id = self.f.lit(v);
                self.record(id, NodeInfo::leaf(), false)
            } else if op == Op::ReRange {
                // Both solvers take only literal bounds; mostly single characters, sometimes
                // another literal (the empty-language case).
                let b: u8 = self.u.arbitrary()?;
                let w = if b.is_multiple_of(4) {
                    self.string_literal(b / 4)?
                } else {
                    vec![[0x61, 0x62, 0x63, 0x30, 0x7a, 0x0, 0x2ffff][usize::from(b % 7)]]
                };
                let id = self.f.lit(Value::Str(w));
                self.record(id, NodeInfo::leaf(), false)
            } else {
                self.term(&s, depth - 1)?
            };
            args.push(arg);
        }
        let node = self.combine(&args, 0);
        let id = match (op, t) {
            (Op::DtCons, Some(Sort::Datatype(d))) => self.f.construct(&d, idx[0], args),
            _ => self.f.app_indexed(op, idx, args),
        }
        .map_err(internal)?;
        Ok(self.record(id, node, true))
    }

    /// The applications of a datatype operator with result sort `s` the case's datatypes
    /// have: (datatype, indices) of constructors of `s`, selectors of fields of sort `s`,
    /// testers (of every constructor, when `s` is Bool).
    fn datatype_apps(&self, op: Op, s: &Sort) -> Vec<(crate::lang::ir::DtSort, Idx)> {
        let mut out = Vec::new();
        for d in &self.dts {
            for (c, ctor) in d.ctors().iter().enumerate() {
                let c = c as u32;
                match op {
                    Op::DtCons if *s == Sort::Datatype(d.clone()) => out.push((d.clone(), [c, 0])),
                    Op::DtIs if *s == Sort::Bool => out.push((d.clone(), [c, 0])),
                    Op::DtSel => {
                        for f in 0..ctor.fields.len() as u32 {
                            if d.field_sort(c, f).as_ref() == Some(s) {
                                out.push((d.clone(), [c, f]));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        out
    }

    /// A datatype value of up to `depth` more constructor levels than its least value.
    fn datatype_literal(&mut self, d: &crate::lang::ir::DtSort, depth: u32) -> Result<Value> {
        let by_depth = d.ctors_by_depth();
        let c = if depth == 0 {
            by_depth[0]
        } else {
            by_depth[self.u.choose_index(by_depth.len())?]
        };
        let mut args = Vec::new();
        for s in d.field_sorts(c) {
            args.push(match &s {
                Sort::Datatype(e) => self.datatype_literal(e, depth.saturating_sub(1))?,
                other => self.literal(other)?,
            });
        }
        Ok(Value::Dt(Box::new(crate::lang::ir::DtValue {
            sort: d.clone(),
            ctor: c,
            args,
        })))
    }

    /// Facts of a new node over `children`, binding `binds` (for a let).
    /// `name`, or `name_N` when a declaration or bound variable of the formula (a seed's)
    /// already has it: a new binder must not capture a seed's symbol, nor a new
    /// constant clash with one.
    fn fresh_name(&self, name: String) -> String {
        let taken = |n: &str| {
            self.f
                .decls
                .iter()
                .chain(&self.f.bounds)
                .any(|d| d.name == n)
        };
        if !self.reuse_any_size || !taken(&name) {
            return name;
        }
        (0..)
            .map(|k| format!("{name}_{k}"))
            .find(|n| !taken(n))
            .expect("some suffix is free")
    }

    fn combine(&self, children: &[NodeId], extra_height: u8) -> NodeInfo {
        let mut info = NodeInfo::leaf();
        for c in children {
            let ci = &self.info[c.0 as usize];
            info.height = info.height.max(ci.height + 1 + extra_height);
            info.size = info.size.saturating_add(ci.size);
            for b in &ci.free {
                if !info.free.contains(b) {
                    info.free.push(*b);
                }
            }
        }
        info
    }

    fn let_term(&mut self, sort: &Sort, depth: u8) -> Result<NodeId> {
        let sorts = self.enabled_sorts();
        let n = self.u.int_in_range(1..=2)?;
        let mut bindings = Vec::new();
        let mut bound_nodes = Vec::new();
        self.budget = self.budget.saturating_sub(1);
        for i in 0..n {
            // The first variable has the sort of the body, so the body can use it as is.
            let s = if i == 0 {
                sort.clone()
            } else {
                sorts[self.u.choose_index(sorts.len())?].clone()
            };
            let value = self.term(&s, depth - 1)?;
            let (b, node) = self.bind_var("l", s);
            bindings.push((b, value));
            bound_nodes.push((b, node));
        }
        let outer = self.scope.len();
        self.scope.extend(bound_nodes.iter().cloned());
        let body = self.term(sort, depth - 1)?;
        self.scope.truncate(outer);
        let mut children: Vec<NodeId> = bindings.iter().map(|(_, v)| *v).collect();
        children.push(body);
        let mut info = self.combine(&children, 0);
        // The let binds its variables: they are not free in it (bindings are parallel,
        // so the bound values cannot mention them).
        info.free.retain(|b| !bindings.iter().any(|(x, _)| x == b));
        let id = self.f.let_(bindings, body).map_err(internal)?;
        Ok(self.record(id, info, true))
    }

    /// A fresh bound variable `<prefix><n>` (unique among the formula's bound variables),
    /// recorded as a leaf that uses itself.
    fn bind_var(&mut self, prefix: &str, sort: Sort) -> (BoundId, NodeId) {
        let name = self.fresh_name(format!("{prefix}{}", self.f.bounds.len()));
        let (b, node) = self.f.bound_var(name, sort);
        let info = NodeInfo {
            height: 0,
            size: 1,
            free: vec![b],
        };
        self.record(node, info, false);
        (b, node)
    }

    /// `(forall/exists ((q S) ...) body)`: one or two variables of the case's sorts,
    /// Bool and small bit-vectors favoured (their quantifiers the evaluator decides). The
    /// variables are in scope in the body only; built terms that use them are reused only
    /// where they are in scope (local compatibility, thesis Def. 5.3.2).
    fn quant_term(&mut self, depth: u8) -> Result<NodeId> {
        let mut sorts = self.enabled_sorts();
        let finite: Vec<Sort> = sorts
            .iter()
            .filter(|s| s.enumerable_size().is_some_and(|n| n <= 256))
            .cloned()
            .collect();
        sorts.extend(finite.iter().cloned());
        sorts.extend(finite);
        let n = self.u.int_in_range(1..=2)?;
        let forall = self.u.arbitrary::<bool>()?;
        self.budget = self.budget.saturating_sub(1);
        let mut vars = Vec::with_capacity(n);
        let mut nodes = Vec::with_capacity(n);
        for _ in 0..n {
            let s = sorts[self.u.choose_index(sorts.len())?].clone();
            let (b, node) = self.bind_var("q", s);
            vars.push(b);
            nodes.push((b, node));
        }
        let outer = self.scope.len();
        self.scope.extend(nodes);
        let body = self.term(&Sort::Bool, depth - 1)?;
        self.scope.truncate(outer);
        let mut info = self.combine(&[body], 0);
        info.free.retain(|b| !vars.contains(b));
        let id = self.f.quantifier(forall, vars, body).map_err(internal)?;
        Ok(self.record(id, info, true))
    }

    fn leaf(&mut self, sort: &Sort) -> Result<NodeId> {
        if *sort == Sort::RegLan {
            return self.regex_leaf();
        }
        self.budget = self.budget.saturating_sub(1);
        let bound: Vec<NodeId> = self
            .scope
            .iter()
            .filter(|(_, n)| self.f.sort_of(*n) == sort)
            .map(|(_, n)| *n)
            .collect();
        // 0: declared constant (also what an exhausted input reads), 1: bound variable
        // (favoured: a let whose variable is never used tests little), 2: literal.
        let constants = if self.cfg.ground { 0 } else { 4 };
        // Elements of uninterpreted sorts have no literals (nor arrays over them: seeds
        // have such arrays).
        let literals = if uninterpreted_inside(sort) { 0 } else { 2 };
        let which = self.pick(&[constants, if bound.is_empty() { 0 } else { 6 }, literals])?;
        match which {
            1 => Ok(bound[self.u.choose_index(bound.len())?]),
            2 => {
                let v = self.literal(sort)?;
                let id = self.f.lit(v);
                Ok(self.record(id, NodeInfo::leaf(), false))
            }
            _ => {
                let k = self.u.int_in_range(0..=self.cfg.vars_per_sort.max(1) - 1)?;
                if let Some(id) = self.vars.get(&(sort.clone(), k)) {
                    return Ok(*id);
                }
                let name = match sort {
                    Sort::Bool => format!("b{k}"),
                    Sort::Int => format!("i{k}"),
                    Sort::Real => format!("r{k}"),
                    Sort::BitVec(w) => format!("bv{w}_{k}"),
                    Sort::String => format!("s{k}"),
                    Sort::Array(..) => format!(
                        "a{}_{k}",
                        self.arrays.iter().position(|a| a == sort).unwrap_or(0)
                    ),
                    Sort::RegLan => unreachable!("RegLan leaves are built by regex_leaf"),
                    Sort::Uninterp(n) => format!("u{n}_{k}"),
                    Sort::Float(eb, sb) => format!("fp{eb}_{sb}_{k}"),
                    Sort::RoundingMode => format!("rm{k}"),
                    // Instances of one parametric datatype are told apart by their place.
                    Sort::Datatype(d) if d.parametric() => format!(
                        "{}_{}_v{k}",
                        d.name(),
                        self.dts.iter().position(|x| x == d).unwrap_or(0)
                    ),
                    Sort::Datatype(d) => format!("{}_v{k}", d.name()),
                    Sort::Seq(_) => format!(
                        "q{}_{k}",
                        self.seqs.iter().position(|q| q == sort).unwrap_or(0)
                    ),
                };
                let name = self.fresh_name(name);
                let d = self.f.declare(name, sort.clone());
                let id = self.f.constant(d);
                self.vars.insert((sort.clone(), k), id);
                Ok(self.record(id, NodeInfo::leaf(), false))
            }
        }
    }

    fn literal(&mut self, sort: &Sort) -> Result<Value> {
        let b: u8 = self.u.arbitrary()?;
        Ok(match sort {
            Sort::Bool => Value::Bool(b & 1 == 1),
            Sort::Int => Value::Int(int_literal(b)),
            // With floats in the case, one Real literal in eight sits on or next to one of
            // their values (conversions between them round there).
            Sort::Real if b >= 224 && !self.cfg.fp_formats().is_empty() => {
                Value::Real(self.float_boundary_real(b)?)
            }
            Sort::Real => Value::Real(real_literal(b)),
            Sort::BitVec(w) => self.bv_literal(*w, b)?,
            Sort::String => Value::Str(self.string_literal(b)?),
            Sort::RegLan => unreachable!("RegLan has no literals"),
            Sort::Uninterp(_) => unreachable!("uninterpreted sorts have no literals"),
            Sort::Float(eb, sb) => Value::Float(self.float_literal(*eb, *sb, b)?),
            Sort::RoundingMode => Value::Rm(crate::lang::ir::RoundingMode::ALL[usize::from(b % 5)]),
            Sort::Datatype(d) => self.datatype_literal(d, u32::from(b % 3))?,
            // Printed as `(as const S)` of its default: a value cvc5's parser can read.
            Sort::Array(i, e) => {
                let d = with_decimal_reals(self.literal(e)?);
                Value::Array(crate::lang::ir::ArrayValue::constant((**i).clone(), d))
            }
            // Up to three elements (empty one time in four).
            Sort::Seq(e) => {
                let mut items = Vec::new();
                for _ in 0..(b % 4) {
                    items.push(self.literal(e)?);
                }
                Value::Seq((**e).clone(), items)
            }
        })
    }

    /// RegLan has no variables or literals: its leaves are `(str.to_re s)` of a string
    /// leaf and the constants `re.allchar`, `re.all`, `re.none`.
    fn regex_leaf(&mut self) -> Result<NodeId> {
        let (op, args) = match self.pick(&[4, 2, 1, 1])? {
            0 => (Op::StrToRe, vec![self.leaf(&Sort::String)?]),
            1 => (Op::ReAllchar, vec![]),
            2 => (Op::ReAll, vec![]),
            _ => (Op::ReNone, vec![]),
        };
        self.budget = self.budget.saturating_sub(1);
        let info = self.combine(&args, 0);
        let id = self.f.app(op, args).map_err(internal)?;
        Ok(self.record(id, info, false))
    }

    /// Boundary strings (empty, quote, backslash, escape-like text, digits, NUL, non-ASCII,
    /// the largest character, a lone surrogate code point) or a short word over a small
    /// alphabet (so that variables and literals overlap).
    fn string_literal(&mut self, b: u8) -> Result<Vec<u32>> {
        const POOL: &[&[u32]] = &[
            &[],
            &[0x61],
            &[0x62],
            &[0x61, 0x62],
            &[0x61, 0x61],
            &[0x62, 0x61],
            &[0x61, 0x62, 0x63],
            &[0x22],
            &[0x5c],
            &[0x5c, 0x75, 0x7b, 0x34, 0x31, 0x7d],
            &[0x30],
            &[0x31],
            &[0x39],
            &[0x30, 0x31],
            &[0x2d, 0x31],
            &[0x31, 0x30],
            &[0x20],
            &[0x0],
            &[0x7f],
            &[0xe9],
            &[0xffff],
            &[0x2ffff],
            &[0xd800],
            &[0x61, 0x0, 0x62],
        ];
        if let Some(w) = POOL.get(usize::from(b) % 64) {
            return Ok(w.to_vec());
        }
        const ALPHABET: [u32; 6] = [0x61, 0x62, 0x63, 0x30, 0x31, 0x2ffff];
        let len = self.u.int_in_range(1..=5)?;
        (0..len)
            .map(|_| Ok(ALPHABET[usize::from(self.u.arbitrary::<u8>()?) % ALPHABET.len()]))
            .collect()
    }

    /// Boundary bit-vectors (0, 1, all ones, signed min and max) or random bits.
    /// A floating-point sort of the case's formats.
    fn float_sort(&mut self) -> Result<Sort> {
        let formats = self.cfg.fp_formats();
        let (eb, sb) = formats[self.u.choose_index(formats.len())?];
        Ok(Sort::Float(eb, sb))
    }

    /// A bit-vector width of the case's menu (4 if it has none).
    fn width(&mut self) -> Result<u32> {
        let widths = self.cfg.widths();
        Ok(match widths.len() {
            0 => 4,
            n => widths[self.u.choose_index(n)?],
        })
    }

    /// Special values first (zeros, infinities, NaN, ±1, the subnormal and normal
    /// boundaries, the largest finite value, 0.5, 3), then arbitrary encodings.
    fn float_literal(&mut self, eb: u32, sb: u32, b: u8) -> Result<crate::lang::ir::Float> {
        use crate::lang::ir::Float;
        let sign = b & 0x80 != 0;
        let trailing = (BigUint::from(1u8) << (sb - 1)) - 1u8;
        let rational = |n: i64, d: i64| {
            crate::lang::eval::fp::from_rational(
                eb,
                sb,
                crate::lang::ir::RoundingMode::Rne,
                &BigRational::new(n.into(), d.into()),
            )
        };
        let x = match b % 16 {
            0 => Float::zero(eb, sb, sign),
            1 => Float::inf(eb, sb, sign),
            2 => Float::nan(eb, sb),
            3 => rational(if sign { -1 } else { 1 }, 1),
            4 => Float::from_fields(eb, sb, sign, 0, BigUint::from(1u8)),
            5 => Float::from_fields(eb, sb, sign, 0, trailing),
            6 => Float::from_fields(eb, sb, sign, 1, BigUint::from(0u8)),
            7 => Float::max_finite(eb, sb, sign),
            8 => rational(if sign { -1 } else { 1 }, 2),
            9 => rational(if sign { -3 } else { 3 }, 1),
            _ => {
                let bytes: Vec<u8> = (0..(eb + sb).div_ceil(8))
                    .map(|_| self.u.arbitrary())
                    .collect::<Result<_>>()?;
                let bits = BigUint::from_bytes_le(&bytes) % (BigUint::from(1u8) << (eb + sb));
                Float::from_bits(eb, sb, &bits)
            }
        };
        Ok(x)
    }

    /// A rational on or next to a float of the case's formats: a boundary float's value
    /// (the smallest subnormal, the largest finite, ±1, ...), or that value moved half a
    /// unit in the last place either way (a tie `to_fp` rounds by its mode), or a quarter
    /// unit (inexact, rounds one way).
    fn float_boundary_real(&mut self, b: u8) -> Result<BigRational> {
        let Sort::Float(eb, sb) = self.float_sort()? else {
            unreachable!("float_sort gives float sorts")
        };
        let byte: u8 = self.u.arbitrary()?;
        let mut x = self.float_literal(eb, sb, byte)?;
        if !x.is_finite() {
            x = crate::lang::ir::Float::max_finite(eb, sb, x.sign);
        }
        let r = x.to_rational().expect("a finite float has a value");
        // One unit in the last place at x (subnormals share the smallest normal's).
        let ulp = crate::lang::ir::float::times_pow2(
            BigRational::from_integer(1.into()),
            (x.exponent.max(1) as i64) - crate::lang::ir::Float::bias(eb) - (i64::from(sb) - 1),
        );
        let two = BigRational::from_integer(2.into());
        Ok(match b % 4 {
            0 => r,
            1 => r + &ulp / &two,
            2 => r - &ulp / &two,
            _ => r + &ulp / (&two * &two),
        })
    }

    fn bv_literal(&mut self, w: u32, b: u8) -> Result<Value> {
        let one = BigUint::from(1u8);
        let all = (&one << w) - 1u8;
        Ok(Value::bv(
            w,
            match b % 8 {
                0 => BigUint::from(0u8),
                1 => one,
                2 => all,
                3 => &one << (w - 1),
                4 => (&one << (w - 1)) - 1u8,
                _ => {
                    let bytes: Vec<u8> = (0..w.div_ceil(8))
                        .map(|_| self.u.arbitrary())
                        .collect::<Result<_>>()?;
                    BigUint::from_bytes_le(&bytes)
                }
            },
        ))
    }
}

/// Boundary integers first, then small values: one byte picks one.
fn int_literal(b: u8) -> BigInt {
    const POOL: &[&str] = &[
        "0",
        "1",
        "-1",
        "2",
        "-2",
        "3",
        "7",
        "10",
        "255",
        "256",
        "-128",
        "2147483647",
        "-2147483648",
        "4294967296",
        "9223372036854775807",
        "-9223372036854775808",
        "18446744073709551616",
        "100000000000000000000",
    ];
    match POOL.get(b as usize) {
        Some(s) => s.parse().unwrap(),
        None => BigInt::from(b as i8),
    }
}

/// Small rationals and boundary values: one byte picks one.
fn real_literal(b: u8) -> BigRational {
    const POOL: &[(&str, &str)] = &[
        ("0", "1"),
        ("1", "1"),
        ("-1", "1"),
        ("1", "2"),
        ("-1", "2"),
        ("1", "3"),
        ("2", "3"),
        ("1", "10"),
        ("5", "2"),
        ("-7", "3"),
        ("18446744073709551616", "1"),
        ("1", "4294967296"),
        ("4", "5"),
        (
            "10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
            "1",
        ),
    ];
    match POOL.get(b as usize) {
        Some((n, d)) => BigRational::new(n.parse().unwrap(), d.parse().unwrap()),
        None => BigRational::new(
            BigInt::from((b as i8) / 2),
            BigInt::from(1 + (b % 4) as i32),
        ),
    }
}

/// The seeded inputs of `count` cases from seed `seed` (case i: seed S+i, `bytes` bytes of
/// [`seeded_bytes`]), each with its seed: the one loop that `smtsmith run`, `gen` and `bench`
/// draw their cases from, so that a seed names the same case in each.
pub fn seeded_inputs(seed: u64, count: u64, bytes: usize) -> impl Iterator<Item = (u64, Vec<u8>)> {
    (0..count).map(move |i| {
        let s = seed.wrapping_add(i);
        (s, seeded_bytes(s, bytes))
    })
}

/// Deterministic pseudo-random bytes (splitmix64) for `smtsmith gen --seed`.
pub fn seeded_bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut state = seed;
    let mut out = Vec::with_capacity(len + 8);
    while out.len() < len {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        out.extend_from_slice(&(z ^ (z >> 31)).to_le_bytes());
    }
    out.truncate(len);
    out
}

/// Checks the invariants a generated formula must have (used by tests and fuzz targets):
/// every node well-sorted per the table, every bound variable used only under its let.
pub fn check_well_formed(f: &Formula) -> std::result::Result<(), String> {
    fn walk(f: &Formula, id: NodeId, scope: &mut Vec<BoundId>) -> std::result::Result<(), String> {
        match &f.node(id).kind {
            NodeKind::Bound(b) if !scope.contains(b) => Err(format!(
                "bound variable {} used out of scope",
                f.bounds[b.0 as usize].name
            )),
            NodeKind::App(op, idx, args) => {
                let sorts: Vec<Sort> = args.iter().map(|a| f.sort_of(*a).clone()).collect();
                let sort = crate::lang::ir::app_sort(*op, *idx, &sorts, f.sort_of(id))
                    .map_err(|e| e.to_string())?;
                if sort != *f.sort_of(id) {
                    return Err(format!(
                        "{} has sort {sort}, recorded {}",
                        op.name(),
                        f.sort_of(id)
                    ));
                }
                args.iter().try_for_each(|a| walk(f, *a, scope))
            }
            NodeKind::Call(d, args) => {
                let decl = &f.decls[d.0 as usize];
                let sorts: Vec<Sort> = args.iter().map(|a| f.sort_of(*a).clone()).collect();
                if sorts != decl.args || decl.sort != *f.sort_of(id) {
                    return Err(format!("{} applied to {sorts:?}", decl.name));
                }
                args.iter().try_for_each(|a| walk(f, *a, scope))
            }
            NodeKind::Quant { vars, body, .. } => {
                let n = scope.len();
                scope.extend(vars.iter().copied());
                let r = walk(f, *body, scope);
                scope.truncate(n);
                r
            }
            NodeKind::Let(bs, body) => {
                bs.iter().try_for_each(|(_, t)| walk(f, *t, scope))?;
                let n = scope.len();
                scope.extend(bs.iter().map(|(b, _)| *b));
                let r = walk(f, *body, scope);
                scope.truncate(n);
                r
            }
            _ => Ok(()),
        }
    }
    for a in &f.asserts {
        if *f.sort_of(*a) != Sort::Bool {
            return Err("non-Boolean assertion".into());
        }
        walk(f, *a, &mut Vec::new())?;
    }
    Ok(())
}

/// `v` with every rational inside it (an array's default, a constructor's argument) that
/// has no finite decimal expansion replaced by its integer part: cvc5's parser reads only
/// values in `(as const S)`, and such a rational has no value syntax.
fn with_decimal_reals(v: Value) -> Value {
    match v {
        Value::Real(r) if crate::lang::ir::decimal(&r).is_none() => {
            Value::Real(BigRational::from_integer(r.to_integer()))
        }
        Value::Array(mut a) => {
            a.default = Box::new(with_decimal_reals(*a.default));
            Value::Array(a)
        }
        Value::Dt(mut d) => {
            d.args = d.args.into_iter().map(with_decimal_reals).collect();
            Value::Dt(d)
        }
        v => v,
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_with_recursive_definitions_take_logic_all() {
        // Z3 5.4.1 refuses define-funs-rec under AUFLIA ("logic does not support theory
        // recfun") and its API solver for that logic ignored them: an invalid model.
        let theories: Theories = "rec,arrays".parse().unwrap();
        let mut with_rec = 0;
        for seed in 0..300u64 {
            let c = Case::from_bytes_in(&seeded_bytes(seed, 512), &theories);
            if !c.formula.rec_defs.is_empty() {
                with_rec += 1;
                assert_eq!(c.formula.signature().logic(), "ALL", "seed {seed}");
            }
        }
        assert!(
            with_rec > 10,
            "{with_rec} formulas with recursive definitions"
        );
    }

    #[test]
    fn ground_cases_declare_no_function_with_every_theory_on() {
        let every: Theories = "all,fp,datatypes,seq,rec".parse().unwrap();
        let mut with_rec = 0;
        for seed in 0..400u64 {
            let data = seeded_bytes(seed, 512);
            let c = Case::ground_from_bytes_in(&data, &every);
            assert!(
                c.formula.rec_defs.is_empty(),
                "seed {seed}: {:?}",
                c.formula
            );
            assert!(!c.config.rec, "seed {seed}");
            if Case::from_bytes_in(&data, &every).config.rec {
                with_rec += 1;
            }
        }
        assert!(
            with_rec > 0,
            "the same inputs draw recursive functions off the ground path"
        );
    }
    use crate::cases::smtlib;

    #[test]
    fn empty_input_closes_with_leaves() {
        let case = Case::from_bytes(&[]);
        assert_eq!(case.formula.asserts.len(), 1);
        assert!(matches!(
            case.formula.node(case.formula.asserts[0]).kind,
            NodeKind::Const(_)
        ));
    }

    #[test]
    fn generated_formulas_are_well_formed_and_deterministic() {
        let mut sizes = 0;
        for seed in 0..2000 {
            let bytes = seeded_bytes(seed, 256);
            let a = Case::from_bytes(&bytes);
            let b = Case::from_bytes(&bytes);
            assert_eq!(a.formula, b.formula, "seed {seed} not deterministic");
            check_well_formed(&a.formula).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            sizes += a.formula.reachable_postorder().len();
        }
        // The generator must not collapse to leaves on random input.
        assert!(sizes > 2000 * 5, "average formula too small: {sizes}");
    }

    #[test]
    fn every_operator_is_generated() {
        let mut seen = std::collections::BTreeSet::new();
        // FloatingPoint, datatypes and sequences are outside the default swarm: asked for by
        // name.
        let named: Vec<Theories> = ["fp", "datatypes", "seq,bv,strings"]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        for seed in 0..3000 {
            let case = Case::from_bytes(&seeded_bytes(seed, 256));
            seen.extend(case.formula.signature().ops);
            for t in &named {
                let case = Case::from_bytes_in(&seeded_bytes(seed, 256), t);
                seen.extend(case.formula.signature().ops);
            }
        }
        // One solver's extensions are read, not drawn (`ops::EXTENSIONS`).
        let missing: Vec<_> = Op::all()
            .filter(|o| !seen.contains(o) && !o.is_extension())
            .collect();
        assert!(missing.is_empty(), "never generated: {missing:?}");
        assert!(Op::all().all(|o| !o.is_extension() || !seen.contains(&o)));
    }

    /// Terms compared with their own round trips are made, for each conversion: a float
    /// through a Real (`to_fp` of `fp.to_real`), a Real through a float, an integer through
    /// a bit-vector; and Real literals on a float's boundary occur with floats on.
    #[test]
    fn round_trips_through_conversions_are_generated() {
        let fp: Theories = "all,fp".parse().unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..3000 {
            let case = Case::from_bytes_in(&seeded_bytes(seed, 256), &fp);
            let f = &case.formula;
            for id in f.reachable_postorder() {
                if let NodeKind::App(outer, _, args) = &f.node(id).kind {
                    for a in args {
                        if let NodeKind::App(inner, _, _) = &f.node(*a).kind {
                            seen.insert((*outer, *inner));
                        }
                    }
                }
            }
        }
        for pair in [
            (Op::ToFpReal, Op::FpToReal),
            (Op::FpToReal, Op::ToFpReal),
            (Op::Bv2Nat, Op::Int2Bv),
            (Op::StrToInt, Op::StrFromInt),
            (Op::FpToUbv, Op::ToFpUbv),
        ] {
            assert!(seen.contains(&pair), "{pair:?} never generated");
        }
    }

    #[test]
    fn small_byte_changes_give_small_formula_changes() {
        // Flipping the last byte can only change the tail of the formula.
        let bytes = seeded_bytes(42, 200);
        let a = smtlib::script(&Case::from_bytes(&bytes).formula, &Default::default());
        let mut changed = bytes.clone();
        *changed.last_mut().unwrap() ^= 0xff;
        let b = smtlib::script(&Case::from_bytes(&changed).formula, &Default::default());
        let common = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
        assert!(
            common * 2 >= a.len().min(b.len()),
            "prefix {common} of {}:\n{a}\n{b}",
            a.len()
        );
    }
}
