//! The typed intermediate representation: sorts, literals and formulas.
//!
//! A [`Formula`] is an arena of nodes (a DAG: the generator reuses built terms), a list of
//! declared constants and a list of asserted Boolean nodes. Every node carries its sort;
//! [`Formula::app`] checks sorts against the operator table, so an ill-sorted formula cannot
//! be built through the public constructors.

pub mod datatype;
pub(crate) mod float;
pub(crate) mod ops;
pub mod regex;

pub use datatype::{DtGroup, DtSort, DtValue};
pub use float::{Float, RoundingMode};
pub use ops::{Attr, Domain, Op, OpInfo, Rule, SortPat, Theory, OPS};

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use regex::Re;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;

/// SMT-LIB sorts supported so far.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Sort {
    Bool,
    Int,
    Real,
    /// `(_ BitVec n)`, n >= 1.
    BitVec(u32),
    /// Strings of Unicode code points 0..=0x2FFFF.
    String,
    /// Regular languages over those characters.
    RegLan,
    /// `(Array I E)`: total functions from I to E.
    Array(Box<Sort>, Box<Sort>),
    /// An uninterpreted sort `U<n>` (`(declare-sort U<n> 0)`).
    Uninterp(u32),
    /// `(_ FloatingPoint eb sb)`: exponent width eb, significand width sb (with the hidden
    /// bit), both > 1 ([`float::format_ok`]).
    Float(u32, u32),
    /// `RoundingMode`.
    RoundingMode,
    /// An algebraic datatype (see [`datatype`]).
    Datatype(DtSort),
    /// `(Seq E)`: finite sequences of elements of E (Z3's and cvc5's theory of sequences).
    Seq(Box<Sort>),
}

impl Sort {
    pub fn array(index: Sort, elem: Sort) -> Sort {
        Sort::Array(Box::new(index), Box::new(elem))
    }

    pub fn seq(elem: Sort) -> Sort {
        Sort::Seq(Box::new(elem))
    }

    /// The number of values of the sort when it is finite and at most 2^16 (`None`:
    /// infinite or larger). Decides when an array's exceptions can cover its index sort.
    pub fn small_cardinality(&self) -> Option<u64> {
        const LIMIT: u64 = 1 << 16;
        match self {
            Sort::Bool => Some(2),
            Sort::BitVec(w) if *w <= 16 => Some(1 << w),
            Sort::Array(i, e) => {
                let (i, e) = (i.small_cardinality()?, e.small_cardinality()?);
                let mut n: u64 = 1;
                for _ in 0..i {
                    n = n.checked_mul(e).filter(|n| *n <= LIMIT)?;
                }
                Some(n)
            }
            _ => None,
        }
    }

    /// The size of the index sorts whose values [`Sort::enumerate`] lists (Bool and
    /// bit-vectors up to 16 bits).
    pub fn enumerable_size(&self) -> Option<u64> {
        match self {
            Sort::Bool => Some(2),
            Sort::BitVec(w) if *w <= 16 => Some(1 << w),
            // An array over finite sorts is a function between them: elems^indices values
            // (kept to sizes that enumerate quickly).
            Sort::Array(i, e) => {
                let (i, e) = (i.enumerable_size()?, e.enumerable_size()?);
                let n = e.checked_pow(u32::try_from(i).ok()?)?;
                (n <= 1 << 16).then_some(n)
            }
            _ => None,
        }
    }

    /// Every value of a sort with an [`Sort::enumerable_size`], in order.
    pub fn enumerate(&self) -> Vec<Value> {
        match self {
            Sort::Bool => vec![Value::Bool(false), Value::Bool(true)],
            Sort::BitVec(w) if *w <= 16 => (0..1u32 << w).map(|v| Value::bv(*w, v)).collect(),
            Sort::Array(i, e) if self.enumerable_size().is_some() => {
                let (indices, elems) = (i.enumerate(), e.enumerate());
                // Each function from indices to elements, as stores over a constant array
                // (stores normalise: each function has one value).
                let mut out = vec![ArrayValue::constant((**i).clone(), elems[0].clone())];
                for k in &indices {
                    out = out
                        .iter()
                        .flat_map(|a| elems.iter().map(|v| a.store(k.clone(), v.clone())))
                        .collect();
                }
                let mut out: Vec<Value> = out.into_iter().map(Value::Array).collect();
                out.sort();
                out
            }
            _ => Vec::new(),
        }
    }

    pub fn width(&self) -> Option<u32> {
        match self {
            Sort::BitVec(w) => Some(*w),
            _ => None,
        }
    }
}

impl fmt::Display for Sort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sort::Bool => f.write_str("Bool"),
            Sort::Int => f.write_str("Int"),
            Sort::Real => f.write_str("Real"),
            Sort::BitVec(w) => write!(f, "(_ BitVec {w})"),
            Sort::String => f.write_str("String"),
            Sort::RegLan => f.write_str("RegLan"),
            Sort::Array(i, e) => write!(f, "(Array {i} {e})"),
            Sort::Uninterp(n) => write!(f, "U{n}"),
            Sort::Float(eb, sb) => write!(f, "(_ FloatingPoint {eb} {sb})"),
            Sort::RoundingMode => f.write_str("RoundingMode"),
            Sort::Datatype(d) => write!(f, "{d}"),
            Sort::Seq(e) => write!(f, "(Seq {e})"),
        }
    }
}

/// A value of a sort: literals in formulas, values in models and evaluation results.
/// The order is structural (it makes array values canonical, nothing more).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    Bool(bool),
    Int(BigInt),
    Real(BigRational),
    /// A bit-vector of `width` bits; `value < 2^width`.
    BitVec {
        width: u32,
        value: BigUint,
    },
    /// A string as its code points.
    Str(Vec<u32>),
    /// A regular language (in the evaluator's normal form; equality of two values is
    /// structural, not language equality).
    Re(Re),
    /// An array in canonical form (see [`ArrayValue`]): equal arrays are equal values.
    Array(ArrayValue),
    /// An element of an uninterpreted sort, numbered within one model (two elements of
    /// one model are equal iff their numbers are).
    Abstract {
        sort: u32,
        id: u32,
    },
    /// A floating-point value (canonical NaN: see [`Float`]).
    Float(Float),
    Rm(RoundingMode),
    /// A datatype value (a constructor applied to values).
    Dt(Box<DtValue>),
    /// A sequence: its element sort (which an empty one needs) and its elements in order.
    Seq(Sort, Vec<Value>),
}

/// An array as a default value and the indices where it differs from it, sorted by
/// index. Canonical: no exception repeats the default, and over a Bool or bit-vector
/// (≤ 16 bits) index sort the default is the most frequent value (ties: the smallest), so
/// extensional equality is structural equality. (Over other finite index sorts, e.g.
/// arrays of Bool, the form is not canonical: the evaluator does not decide equality of
/// such arrays.)
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ArrayValue {
    pub index: Sort,
    pub elem: Sort,
    pub default: Box<Value>,
    pub entries: Vec<(Value, Value)>,
}

impl ArrayValue {
    /// `((as const (Array index elem)) default)`.
    pub fn constant(index: Sort, default: Value) -> ArrayValue {
        ArrayValue {
            index,
            elem: default.sort(),
            default: Box::new(default),
            entries: Vec::new(),
        }
    }

    pub fn select(&self, i: &Value) -> Value {
        match self.entries.binary_search_by(|(k, _)| k.cmp(i)) {
            Ok(p) => self.entries[p].1.clone(),
            Err(_) => (*self.default).clone(),
        }
    }

    pub fn store(&self, i: Value, v: Value) -> ArrayValue {
        let mut a = self.clone();
        match a.entries.binary_search_by(|(k, _)| k.cmp(&i)) {
            Ok(p) => a.entries[p].1 = v,
            Err(p) => a.entries.insert(p, (i, v)),
        }
        a.normalize();
        a
    }

    fn normalize(&mut self) {
        let d = &self.default;
        self.entries.retain(|(_, v)| v != &**d);
        let Some(domain) = self.index.enumerable_size() else {
            return; // infinite index sort: default + exceptions is already canonical
        };
        // Finite index sort: the default is the most frequent value (ties: the smallest).
        let mut counts: Vec<(Value, u64)> =
            vec![((*self.default).clone(), domain - self.entries.len() as u64)];
        for (_, v) in &self.entries {
            match counts.iter_mut().find(|(w, _)| w == v) {
                Some((_, n)) => *n += 1,
                None => counts.push((v.clone(), 1)),
            }
        }
        let best = counts
            .iter()
            .max_by(|(a, n), (b, m)| n.cmp(m).then(b.cmp(a)))
            .map(|(v, _)| v.clone())
            .expect("the default is counted");
        if best == *self.default {
            return;
        }
        // The old default's indices become explicit (fewer than the new default's).
        let old = std::mem::replace(&mut self.default, Box::new(best));
        let explicit: Vec<Value> = self.entries.iter().map(|(i, _)| i.clone()).collect();
        for i in self.index.enumerate() {
            if explicit.binary_search(&i).is_err() {
                self.entries.push((i, (*old).clone()));
            }
        }
        self.entries.sort();
        let d = &self.default;
        self.entries.retain(|(_, v)| v != &**d);
    }
}

impl Value {
    pub fn sort(&self) -> Sort {
        match self {
            Value::Bool(_) => Sort::Bool,
            Value::Int(_) => Sort::Int,
            Value::Real(_) => Sort::Real,
            Value::BitVec { width, .. } => Sort::BitVec(*width),
            Value::Str(_) => Sort::String,
            Value::Re(_) => Sort::RegLan,
            Value::Array(a) => Sort::array(a.index.clone(), a.elem.clone()),
            Value::Abstract { sort, .. } => Sort::Uninterp(*sort),
            Value::Float(x) => Sort::Float(x.eb, x.sb),
            Value::Rm(_) => Sort::RoundingMode,
            Value::Dt(d) => Sort::Datatype(d.sort.clone()),
            Value::Seq(e, _) => Sort::seq(e.clone()),
        }
    }

    /// A string value from Rust text.
    pub fn str(s: &str) -> Value {
        Value::Str(s.chars().map(u32::from).collect())
    }

    /// A bit-vector value, reduced modulo 2^width.
    pub fn bv(width: u32, value: impl Into<BigUint>) -> Value {
        let value = value.into() % (BigUint::from(1u8) << width);
        Value::BitVec { width, value }
    }
}

/// The numeral indices of an application (`(_ extract 7 4)` has `[7, 4]`); unused slots are 0.
pub type Idx = [u32; 2];

/// Index of a node in a formula's arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

/// Index of a declared constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DeclId(pub u32);

/// Index of a `let`-bound variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoundId(pub u32);

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeKind {
    Lit(Value),
    Const(DeclId),
    App(Op, Idx, Vec<NodeId>),
    /// `(let ((v t) ...) body)`; the bindings are parallel, as in SMT-LIB.
    Let(Vec<(BoundId, NodeId)>, NodeId),
    Bound(BoundId),
    /// An application of a declared (uninterpreted) function.
    Call(DeclId, Vec<NodeId>),
    /// `(forall ((v S) ...) body)` (`forall: true`) or `(exists ...)`.
    Quant {
        forall: bool,
        vars: Vec<BoundId>,
        body: NodeId,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub kind: NodeKind,
    pub sort: Sort,
}

/// A declared constant (`args` empty) or function: `(declare-fun name (args) sort)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decl {
    pub name: String,
    pub sort: Sort,
    pub args: Vec<Sort>,
}

/// A sort error from one of the constructors (a bug in the caller, reported precisely).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SortError(pub String);

impl fmt::Display for SortError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ill-sorted term: {}", self.0)
    }
}

impl std::error::Error for SortError {}

/// A set of assertions over declared constants.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Formula {
    pub decls: Vec<Decl>,
    pub nodes: Vec<Node>,
    pub bounds: Vec<Decl>,
    pub asserts: Vec<NodeId>,
    /// Recursive definitions (`define-funs-rec`) of some of the declared functions.
    pub rec_defs: Vec<RecDef>,
}

/// `(define-fun-rec f ((x S) ...) R body)`: the declared function `decl` (its name, argument
/// and result sorts), its parameters (bound variables of `Formula::bounds`, bound by this
/// definition alone) and its body, which may apply `decl` and the other defined functions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecDef {
    pub decl: DeclId,
    pub params: Vec<BoundId>,
    pub body: NodeId,
}

impl Formula {
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0 as usize]
    }

    pub fn sort_of(&self, id: NodeId) -> &Sort {
        &self.node(id).sort
    }

    fn push(&mut self, kind: NodeKind, sort: Sort) -> NodeId {
        self.nodes.push(Node { kind, sort });
        NodeId(self.nodes.len() as u32 - 1)
    }

    pub fn declare(&mut self, name: impl Into<String>, sort: Sort) -> DeclId {
        self.decls.push(Decl {
            name: name.into(),
            sort,
            args: Vec::new(),
        });
        DeclId(self.decls.len() as u32 - 1)
    }

    /// Declares an uninterpreted function `name : args -> sort`.
    pub fn declare_fun(&mut self, name: impl Into<String>, args: Vec<Sort>, sort: Sort) -> DeclId {
        self.decls.push(Decl {
            name: name.into(),
            sort,
            args,
        });
        DeclId(self.decls.len() as u32 - 1)
    }

    /// Applies the declared function `d` to `args`, checking arity and sorts.
    pub fn call(&mut self, d: DeclId, args: Vec<NodeId>) -> Result<NodeId, SortError> {
        let decl = &self.decls[d.0 as usize];
        let sorts: Vec<Sort> = args.iter().map(|a| self.sort_of(*a).clone()).collect();
        if decl.args.is_empty() || sorts != decl.args {
            return Err(SortError(format!(
                "{} : {:?} applied to {sorts:?}",
                decl.name, decl.args
            )));
        }
        let sort = decl.sort.clone();
        Ok(self.push(NodeKind::Call(d, args), sort))
    }

    /// Renumbers the uninterpreted sorts 0, 1, ... in the order [`Formula::uninterpreted_sorts`]
    /// walks declarations (then bound variables) before sorting, so that a printed formula,
    /// whose sorts are declared in that order, reads back with the same numbers. Literals
    /// are not visited: call it before values of uninterpreted sorts occur (the parser does).
    pub fn number_sorts_by_first_use(&mut self) {
        fn rename(s: &mut Sort, order: &[u32]) {
            match s {
                Sort::Uninterp(n) => {
                    *n = order.iter().position(|m| m == n).unwrap_or(*n as usize) as u32
                }
                Sort::Array(i, e) => {
                    rename(i, order);
                    rename(e, order);
                }
                _ => {}
            }
        }
        let order = self.uninterpreted_sorts_by_first_use();
        for d in self.decls.iter_mut().chain(self.bounds.iter_mut()) {
            for s in d.args.iter_mut().chain([&mut d.sort]) {
                rename(s, &order);
            }
        }
        for n in self.nodes.iter_mut() {
            rename(&mut n.sort, &order);
        }
    }

    /// The uninterpreted sorts the formula declares or uses, in order.
    pub fn uninterpreted_sorts(&self) -> Vec<u32> {
        let mut out = self.uninterpreted_sorts_by_first_use();
        out.sort();
        out
    }

    /// The uninterpreted sorts in the order declarations, then bound variables, use them.
    fn uninterpreted_sorts_by_first_use(&self) -> Vec<u32> {
        fn walk(s: &Sort, out: &mut Vec<u32>) {
            match s {
                Sort::Uninterp(n) if !out.contains(n) => out.push(*n),
                Sort::Array(i, e) => {
                    walk(i, out);
                    walk(e, out);
                }
                Sort::Datatype(d) => {
                    for o in d.outside_sorts() {
                        walk(&o, out);
                    }
                }
                _ => {}
            }
        }
        let mut out = Vec::new();
        for s in self.declared_sorts() {
            walk(s, &mut out);
        }
        // A datatype's fields may use uninterpreted sorts no declaration does.
        for g in self.datatype_groups() {
            walk(&Sort::Datatype(DtSort::new(g, 0)), &mut out);
        }
        out
    }

    /// Every datatype group the formula uses (its declarations' sorts and its terms'),
    /// each once, in an order in which they can be declared ([`datatype::groups_of_sort`]).
    pub fn datatype_groups(&self) -> Vec<std::sync::Arc<DtGroup>> {
        let mut out = Vec::new();
        for s in self.used_sorts() {
            datatype::groups_of_sort(s, &mut out);
        }
        out
    }

    /// The sorts of the declarations and bound variables (arguments and results).
    fn declared_sorts(&self) -> impl Iterator<Item = &Sort> {
        self.decls
            .iter()
            .chain(&self.bounds)
            .flat_map(|d| d.args.iter().chain([&d.sort]))
    }

    /// Those and every node's sort.
    fn used_sorts(&self) -> impl Iterator<Item = &Sort> {
        self.declared_sorts()
            .chain(self.nodes.iter().map(|n| &n.sort))
    }

    /// Every datatype sort the formula uses (instances of a parametric datatype as they
    /// occur), with every member of each one's group at the same arguments and the
    /// datatypes inside their fields.
    pub fn datatype_sorts(&self) -> Vec<DtSort> {
        fn walk(s: &Sort, out: &mut Vec<DtSort>) {
            match s {
                Sort::Array(i, e) => {
                    walk(i, out);
                    walk(e, out);
                }
                Sort::Datatype(d) if !out.contains(d) => {
                    for m in 0..d.group.types.len() as u32 {
                        let member = d.member(m);
                        if !out.contains(&member) {
                            out.push(member);
                        }
                    }
                    for o in d.outside_sorts() {
                        walk(&o, out);
                    }
                }
                _ => {}
            }
        }
        let mut out = Vec::new();
        for s in self.used_sorts() {
            walk(s, &mut out);
        }
        out
    }

    /// `(C args...)`: constructor `ctor` of datatype `sort` applied to `args` (the result
    /// sort is part of the term: a nullary constructor has no argument to tell it).
    pub fn construct(
        &mut self,
        sort: &DtSort,
        ctor: u32,
        args: Vec<NodeId>,
    ) -> Result<NodeId, SortError> {
        let Some(c) = sort.ctor(ctor) else {
            return Err(SortError(format!("{sort} has no constructor {ctor}")));
        };
        let expected = sort.field_sorts(ctor);
        let got: Vec<Sort> = args.iter().map(|a| self.sort_of(*a).clone()).collect();
        if expected != got {
            return Err(SortError(format!(
                "{} expects {expected:?}, got {got:?}",
                c.name
            )));
        }
        Ok(self.push(
            NodeKind::App(Op::DtCons, [ctor, 0], args),
            Sort::Datatype(sort.clone()),
        ))
    }

    pub fn constant(&mut self, d: DeclId) -> NodeId {
        let sort = self.decls[d.0 as usize].sort.clone();
        self.push(NodeKind::Const(d), sort)
    }

    pub fn lit(&mut self, v: Value) -> NodeId {
        let sort = v.sort();
        self.push(NodeKind::Lit(v), sort)
    }

    /// Applies `op` to `args`, checking the arity and sorts against the operator table.
    pub fn app(&mut self, op: Op, args: Vec<NodeId>) -> Result<NodeId, SortError> {
        self.app_indexed(op, [0, 0], args)
    }

    /// Applies an indexed operator (`(_ extract i j)` etc.) to `args`.
    pub fn app_indexed(
        &mut self,
        op: Op,
        idx: Idx,
        args: Vec<NodeId>,
    ) -> Result<NodeId, SortError> {
        let sorts: Vec<Sort> = args.iter().map(|a| self.sort_of(*a).clone()).collect();
        let ret = result_sort(op, idx, &sorts)?;
        Ok(self.push(NodeKind::App(op, idx, args), ret))
    }

    /// `((as const sort) value)`; `sort` must be an array sort whose elements have the
    /// sort of `value`.
    pub fn const_array(&mut self, sort: Sort, value: NodeId) -> Result<NodeId, SortError> {
        match &sort {
            Sort::Array(_, e) if **e == *self.sort_of(value) => {
                Ok(self.push(NodeKind::App(Op::ConstArray, [0, 0], vec![value]), sort))
            }
            _ => Err(SortError(format!(
                "(as const {sort}) of a {}",
                self.sort_of(value)
            ))),
        }
    }

    /// `(as seq.empty sort)`, `sort` a sequence sort.
    pub fn seq_empty(&mut self, sort: Sort) -> Result<NodeId, SortError> {
        match &sort {
            Sort::Seq(_) => Ok(self.push(NodeKind::App(Op::SeqEmpty, [0, 0], vec![]), sort)),
            _ => Err(SortError(format!("(as seq.empty {sort})"))),
        }
    }

    /// Defines the declared function `decl` recursively: `params` (fresh bound variables of
    /// its argument sorts, in order) and `body` (of its result sort; it may apply `decl`).
    pub fn define_rec(
        &mut self,
        decl: DeclId,
        params: Vec<BoundId>,
        body: NodeId,
    ) -> Result<(), SortError> {
        let d = &self.decls[decl.0 as usize];
        let sorts: Vec<&Sort> = params
            .iter()
            .map(|p| &self.bounds[p.0 as usize].sort)
            .collect();
        if d.args.is_empty()
            || sorts != d.args.iter().collect::<Vec<_>>()
            || *self.sort_of(body) != d.sort
            || self.rec_defs.iter().any(|r| r.decl == decl)
        {
            return Err(SortError(format!(
                "define-fun-rec {} : {:?} -> {} with parameters {sorts:?} and a body of {}",
                d.name,
                d.args,
                d.sort,
                self.sort_of(body)
            )));
        }
        self.rec_defs.push(RecDef { decl, params, body });
        Ok(())
    }

    /// The recursive definition of `d`, if it has one.
    pub fn rec_def(&self, d: DeclId) -> Option<&RecDef> {
        self.rec_defs.iter().find(|r| r.decl == d)
    }

    /// Declares a fresh bound variable `name` of `sort` (used by [`Formula::let_`]).
    pub fn bound_var(&mut self, name: impl Into<String>, sort: Sort) -> (BoundId, NodeId) {
        self.bounds.push(Decl {
            name: name.into(),
            sort: sort.clone(),
            args: Vec::new(),
        });
        let b = BoundId(self.bounds.len() as u32 - 1);
        (b, self.push(NodeKind::Bound(b), sort))
    }

    pub fn let_(
        &mut self,
        bindings: Vec<(BoundId, NodeId)>,
        body: NodeId,
    ) -> Result<NodeId, SortError> {
        for (b, t) in &bindings {
            let want = &self.bounds[b.0 as usize].sort;
            if want != self.sort_of(*t) {
                return Err(SortError(format!(
                    "let binds {} : {want} to a {}",
                    self.bounds[b.0 as usize].name,
                    self.sort_of(*t)
                )));
            }
        }
        let sort = self.sort_of(body).clone();
        Ok(self.push(NodeKind::Let(bindings, body), sort))
    }

    /// `(forall (vars) body)` or `(exists (vars) body)`; the variables come from
    /// [`Formula::bound_var`] and are bound by this quantifier only.
    pub fn quantifier(
        &mut self,
        forall: bool,
        vars: Vec<BoundId>,
        body: NodeId,
    ) -> Result<NodeId, SortError> {
        if *self.sort_of(body) != Sort::Bool || vars.is_empty() {
            return Err(SortError(format!(
                "quantifier over {} variable(s) with a {} body",
                vars.len(),
                self.sort_of(body)
            )));
        }
        Ok(self.push(NodeKind::Quant { forall, vars, body }, Sort::Bool))
    }

    /// Whether `self` and `b` have different datatypes of one name (a constructor's or
    /// selector's too): one script cannot declare both, so `b` is not imported into `self`.
    pub fn datatype_names_clash(&self, b: &Formula) -> bool {
        let names = |g: &DtGroup| -> Vec<String> {
            let mut out = Vec::new();
            for t in &g.types {
                out.push(t.name.clone());
                for c in &t.ctors {
                    out.push(c.name.clone());
                    out.extend(c.fields.iter().map(|f| f.name.clone()));
                }
            }
            out
        };
        let ours = self.datatype_groups();
        b.datatype_groups().iter().any(|g| {
            ours.iter().any(|o| {
                **o != **g && {
                    let mine = names(o);
                    names(g).iter().any(|n| mine.contains(n))
                }
            })
        })
    }

    /// Copies `b`'s reachable nodes into `self` and returns the map from `b`'s nodes to
    /// the copies. `b`'s constants and functions join `self`'s by name when `share` is set
    /// and their sorts agree; otherwise (and on a clash) they are declared anew under a
    /// free name (a `_` appended). `b`'s uninterpreted sorts stay apart from `self`'s.
    pub fn import(&mut self, b: &Formula, share: bool) -> HashMap<NodeId, NodeId> {
        let offset = self.uninterpreted_sorts().last().map_or(0, |n| n + 1);
        self.import_shifted(b, share, offset)
    }

    /// Copies the reachable nodes of `b`, a formula made from `self` (a term of it changed
    /// or added), into `self`: constants, functions and uninterpreted sorts are the same
    /// where names and sorts agree, as in [`Formula::import`] with `share`, but `b`'s
    /// uninterpreted sorts are `self`'s.
    pub fn import_derived(&mut self, b: &Formula) -> HashMap<NodeId, NodeId> {
        self.import_shifted(b, true, 0)
    }

    fn import_shifted(&mut self, b: &Formula, share: bool, offset: u32) -> HashMap<NodeId, NodeId> {
        fn shift(s: &Sort, k: u32) -> Sort {
            match s {
                Sort::Uninterp(n) => Sort::Uninterp(n + k),
                Sort::Array(i, e) => Sort::array(shift(i, k), shift(e, k)),
                s => s.clone(),
            }
        }
        let mut decls = HashMap::new();
        for (k, d) in b.decls.iter().enumerate() {
            let sort = shift(&d.sort, offset);
            let args: Vec<Sort> = d.args.iter().map(|s| shift(s, offset)).collect();
            let same = self
                .decls
                .iter()
                .position(|e| share && e.name == d.name && e.sort == sort && e.args == args);
            let id = match same {
                Some(i) => DeclId(i as u32),
                None => {
                    let mut name = d.name.clone();
                    while self.decls.iter().any(|e| e.name == name) {
                        name.push('_');
                    }
                    self.decls.push(Decl { name, sort, args });
                    DeclId(self.decls.len() as u32 - 1)
                }
            };
            decls.insert(DeclId(k as u32), id);
        }
        let bound_base = self.bounds.len() as u32;
        for d in &b.bounds {
            self.bounds.push(Decl {
                name: d.name.clone(),
                sort: shift(&d.sort, offset),
                args: Vec::new(),
            });
        }
        let nb = |x: &BoundId| BoundId(x.0 + bound_base);
        let mut map: HashMap<NodeId, NodeId> = HashMap::new();
        for id in b.reachable_postorder() {
            let node = b.node(id);
            let m = |x: &NodeId| map[x];
            let kind = match &node.kind {
                NodeKind::Const(d) => NodeKind::Const(decls[d]),
                NodeKind::Call(d, args) => NodeKind::Call(decls[d], args.iter().map(m).collect()),
                NodeKind::App(op, idx, args) => {
                    NodeKind::App(*op, *idx, args.iter().map(m).collect())
                }
                NodeKind::Let(bs, body) => {
                    NodeKind::Let(bs.iter().map(|(x, v)| (nb(x), m(v))).collect(), m(body))
                }
                NodeKind::Bound(x) => NodeKind::Bound(nb(x)),
                NodeKind::Quant { forall, vars, body } => NodeKind::Quant {
                    forall: *forall,
                    vars: vars.iter().map(nb).collect(),
                    body: m(body),
                },
                NodeKind::Lit(v) => NodeKind::Lit(v.clone()),
            };
            self.nodes.push(Node {
                kind,
                sort: shift(&node.sort, offset),
            });
            map.insert(id, NodeId(self.nodes.len() as u32 - 1));
        }
        map
    }

    /// Whether every bound variable has at most one reachable binder (quantifier or let).
    /// The backends' translation relies on it (a node below a binder is built once); a
    /// mutation that places a closed quantified expression inside its own body, or copies a
    /// binder, breaks it and is dropped.
    pub fn binders_unique(&self) -> bool {
        let mut seen = std::collections::HashSet::new();
        for id in self.reachable_postorder() {
            let vars: Vec<BoundId> = match &self.node(id).kind {
                NodeKind::Quant { vars, .. } => vars.clone(),
                NodeKind::Let(bs, _) => bs.iter().map(|(b, _)| *b).collect(),
                _ => continue,
            };
            for v in vars {
                if !seen.insert(v) {
                    return false;
                }
            }
        }
        true
    }

    pub fn assert(&mut self, t: NodeId) -> Result<(), SortError> {
        if *self.sort_of(t) != Sort::Bool {
            return Err(SortError(format!("assertion of sort {}", self.sort_of(t))));
        }
        self.asserts.push(t);
        Ok(())
    }

    /// The parameter sort of an application node (the sort `T` was instantiated with).
    pub fn param_of(&self, op: Op, args: &[NodeId]) -> Option<Sort> {
        op.info()
            .args
            .iter()
            .position(|p| *p == ops::SortPat::T)
            .map(|i| self.sort_of(args[i]).clone())
    }

    /// For every node of the arena, the bound variables free in it (sorted). With
    /// `through_lets`, a `let` variable stands for the variables free in its binding (as
    /// after the backends' let expansion), so only quantified variables remain.
    pub fn free_bound_vars(&self, through_lets: bool) -> Vec<Vec<BoundId>> {
        let mut let_value: Vec<Option<NodeId>> = vec![None; self.bounds.len()];
        if through_lets {
            for n in &self.nodes {
                if let NodeKind::Let(bs, _) = &n.kind {
                    for (v, t) in bs {
                        let_value[v.0 as usize] = Some(*t);
                    }
                }
            }
        }
        // Children precede parents in the arena; a let binding precedes its variable's uses.
        let mut free: Vec<Vec<BoundId>> = vec![Vec::new(); self.nodes.len()];
        for (i, n) in self.nodes.iter().enumerate() {
            let without = |fv: &[BoundId], bound: &[BoundId]| -> Vec<BoundId> {
                fv.iter().filter(|b| !bound.contains(b)).copied().collect()
            };
            let mut fv: Vec<BoundId> = match &n.kind {
                NodeKind::Bound(b) => match let_value[b.0 as usize] {
                    Some(t) => free[t.0 as usize].clone(),
                    None => vec![*b],
                },
                NodeKind::Quant { vars, body, .. } => without(&free[body.0 as usize], vars),
                NodeKind::Let(bs, body) if !through_lets => {
                    let own: Vec<BoundId> = bs.iter().map(|(b, _)| *b).collect();
                    let mut v = without(&free[body.0 as usize], &own);
                    v.extend(
                        bs.iter()
                            .flat_map(|(_, t)| free[t.0 as usize].iter().copied()),
                    );
                    v
                }
                _ => self
                    .children(NodeId(i as u32))
                    .iter()
                    .flat_map(|c| free[c.0 as usize].iter().copied())
                    .collect(),
            };
            fv.sort();
            fv.dedup();
            free[i] = fv;
        }
        free
    }

    /// Nodes reachable from the recursive definitions' bodies and the assertions, each
    /// once, children before parents.
    pub fn reachable_postorder(&self) -> Vec<NodeId> {
        let mut seen = vec![false; self.nodes.len()];
        let mut order = Vec::new();
        let mut stack: Vec<(NodeId, bool)> = self
            .asserts
            .iter()
            .rev()
            .chain(self.rec_defs.iter().rev().map(|d| &d.body))
            .map(|a| (*a, false))
            .collect();
        while let Some((id, expanded)) = stack.pop() {
            if expanded {
                order.push(id);
                continue;
            }
            if seen[id.0 as usize] {
                continue;
            }
            seen[id.0 as usize] = true;
            stack.push((id, true));
            for c in self.children(id).into_iter().rev() {
                if !seen[c.0 as usize] {
                    stack.push((c, false));
                }
            }
        }
        order
    }

    pub fn children(&self, id: NodeId) -> Vec<NodeId> {
        match &self.node(id).kind {
            NodeKind::App(_, _, args) | NodeKind::Call(_, args) => args.clone(),
            NodeKind::Let(bs, body) => bs.iter().map(|(_, t)| *t).chain([*body]).collect(),
            NodeKind::Quant { body, .. } => vec![*body],
            _ => Vec::new(),
        }
    }

    /// The operators and theories used by the assertions.
    pub fn signature(&self) -> Signature {
        let mut sig = Signature::default();
        // A declaration's sorts count even when no assertion uses it (a parsed script may
        // declare more than it uses; the logic must admit every declaration).
        for d in &self.decls {
            for s in d.args.iter().chain([&d.sort]) {
                sig.mark_sort(s);
            }
            if !d.args.is_empty() {
                sig.uf = true;
            }
        }
        for id in self.reachable_postorder() {
            let node = self.node(id);
            sig.mark_sort(&node.sort);
            if matches!(node.kind, NodeKind::Call(..)) {
                sig.uf = true;
            }
            if let NodeKind::Quant { vars, .. } = &node.kind {
                sig.quantifiers = true;
                // A variable's sort counts even where the body does not use it.
                for v in vars {
                    sig.mark_sort(&self.bounds[v.0 as usize].sort);
                }
            }
            if let NodeKind::App(op, _, args) = &node.kind {
                if !sig.ops.contains(op) {
                    sig.ops.push(*op);
                }
                let t = self.param_of(*op, args);
                match op.theory_at(t.as_ref()) {
                    Theory::Ints => sig.ints = true,
                    Theory::Reals => sig.reals = true,
                    Theory::RealsInts => {
                        sig.ints = true;
                        sig.reals = true
                    }
                    Theory::BitVectors => sig.bv = true,
                    Theory::BitVectorsInts => {
                        sig.bv = true;
                        sig.ints = true
                    }
                    Theory::Strings => sig.strings = true,
                    Theory::Arrays => sig.arrays = true,
                    Theory::FloatingPoint => sig.fp = true,
                    Theory::Datatypes => sig.datatypes = true,
                    Theory::Sequences => {
                        sig.seq = true;
                        sig.ints = true
                    }
                    Theory::Core => {}
                }
                if self.is_nonlinear(*op, args) {
                    sig.nonlinear = true;
                }
            }
        }
        // A recursive definition is a quantified axiom over a function (cvc5: "recursive
        // function definitions require a logic with quantifiers").
        if !self.rec_defs.is_empty() {
            sig.uf = true;
            sig.quantifiers = true;
            sig.rec = true;
        }
        sig.ops.sort();
        if sig.fp {
            let (reals, bv) = self.float_literal_sorts();
            sig.reals &= !reals;
            sig.bv &= !bv;
        }
        sig
    }

    /// Whether every Real term, and every bit-vector term, is a literal that only a float
    /// literal form uses (`((_ to_fp 8 24) RNE 0.5)`, `(fp #b0 #b01 #b1)`,
    /// `((_ to_fp 8 24) #x3f800000)`): the FloatingPoint theory itself admits them, and
    /// QF_FP has no other Real or bit-vector terms.
    fn float_literal_sorts(&self) -> (bool, bool) {
        let declared = |p: &dyn Fn(&Sort) -> bool| {
            self.decls
                .iter()
                .chain(&self.bounds)
                .any(|d| d.args.iter().chain([&d.sort]).any(p))
        };
        let reachable = self.reachable_postorder();
        let mut in_literal_form: Vec<NodeId> = Vec::new();
        for id in &reachable {
            match &self.node(*id).kind {
                NodeKind::App(Op::ToFpReal, _, args) => in_literal_form.push(args[1]),
                NodeKind::App(Op::FpLit | Op::ToFpBv, _, args) => in_literal_form.extend(args),
                _ => {}
            }
        }
        let only_literals = |p: &dyn Fn(&Sort) -> bool| {
            !declared(p)
                && reachable.iter().all(|id| {
                    let n = self.node(*id);
                    !p(&n.sort)
                        || (matches!(n.kind, NodeKind::Lit(_)) && in_literal_form.contains(id))
                })
        };
        (
            only_literals(&|s| *s == Sort::Real),
            only_literals(&|s| matches!(s, Sort::BitVec(_))),
        )
    }

    /// Nonlinear in the SMT-LIB logic sense: a product of two non-literals, or a division
    /// (div, mod, /) whose divisor is not a non-zero literal (the linear logics allow only
    /// division by a non-zero numeral).
    fn is_nonlinear(&self, op: Op, args: &[NodeId]) -> bool {
        let is_lit = |a: &NodeId| matches!(self.node(*a).kind, NodeKind::Lit(_));
        let nonzero_lit = |a: &NodeId| match &self.node(*a).kind {
            NodeKind::Lit(Value::Int(n)) => !n.is_zero(),
            NodeKind::Lit(Value::Real(r)) => !r.is_zero(),
            _ => false,
        };
        match op {
            Op::Mul => args.iter().filter(|a| !is_lit(a)).count() > 1,
            Op::IntDiv | Op::Mod | Op::RealDiv => !args[1..].iter().all(nonzero_lit),
            _ => false,
        }
    }
}

/// What a formula uses: decides the logic and feeds de-duplication keys.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Signature {
    pub bv: bool,
    pub ints: bool,
    pub reals: bool,
    pub nonlinear: bool,
    #[serde(default)]
    pub strings: bool,
    #[serde(default)]
    pub arrays: bool,
    /// Uninterpreted functions or sorts occur.
    #[serde(default)]
    pub uf: bool,
    /// Quantifiers occur (the logic drops its `QF_`).
    #[serde(default)]
    pub quantifiers: bool,
    /// Some array sort is not bit-vector to bit-vector (rules out QF_ABV).
    #[serde(default)]
    pub arrays_not_bv: bool,
    /// Some array sort is not Int to Int (rules out QF_ALIA).
    #[serde(default)]
    pub arrays_not_int: bool,
    /// FloatingPoint or RoundingMode terms occur.
    #[serde(default)]
    pub fp: bool,
    /// Datatype sorts occur.
    #[serde(default)]
    pub datatypes: bool,
    /// Sequence sorts occur (no standard logic has them: ALL).
    #[serde(default)]
    pub seq: bool,
    /// Recursive definitions occur (`define-funs-rec`): ALL, the one logic in which both
    /// solvers take them whatever else the formula has (Z3 5.4.1 refuses them under
    /// AUFLIA, UFNIA and AUFNIRA, "logic does not support theory recfun", and its solver for
    /// such a logic ignores them through the API).
    #[serde(default)]
    pub rec: bool,
    pub ops: Vec<Op>,
}

impl Signature {
    /// Records the theories a sort belongs to (an array sort: its index and element too).
    fn mark_sort(&mut self, s: &Sort) {
        match s {
            Sort::Int => self.ints = true,
            Sort::Real => self.reals = true,
            Sort::BitVec(_) => self.bv = true,
            Sort::String | Sort::RegLan => self.strings = true,
            Sort::Array(i, e) => {
                self.arrays = true;
                // Standard array logics fix the index and element sorts (QF_ABV: bit-vector
                // to bit-vector; QF_ALIA: Int to Int); any other shape needs ALL.
                let bv = |s: &Sort| matches!(s, Sort::BitVec(_) | Sort::Array(..));
                let int = |s: &Sort| matches!(s, Sort::Int | Sort::Array(..));
                if !(bv(i) && bv(e)) {
                    self.arrays_not_bv = true;
                }
                if !(int(i) && int(e)) {
                    self.arrays_not_int = true;
                }
                self.mark_sort(i);
                self.mark_sort(e);
            }
            Sort::Uninterp(_) => self.uf = true,
            Sort::Float(..) | Sort::RoundingMode => self.fp = true,
            Sort::Datatype(d) => {
                self.datatypes = true;
                for s in d.outside_sorts() {
                    self.mark_sort(&s);
                }
            }
            Sort::Seq(e) => {
                self.seq = true;
                self.mark_sort(e);
            }
            Sort::Bool => {}
        }
    }

    /// The narrowest SMT-LIB logic both solvers accept for the formula.
    pub fn logic(&self) -> String {
        if self.seq || self.rec {
            return "ALL".to_string();
        }
        if self.datatypes {
            // Datatypes alone, with functions or with linear integer arithmetic have
            // logics both solvers take (QF_DT, QF_UFDTLIA, UFDTLIA, ...); other mixes ALL.
            let other = self.reals || self.bv || self.strings || self.arrays || self.fp;
            if other || (self.ints && self.nonlinear) {
                return "ALL".to_string();
            }
            let qf = if self.quantifiers { "" } else { "QF_" };
            let uf = if self.uf || self.quantifiers {
                "UF"
            } else {
                ""
            };
            let lia = if self.ints { "LIA" } else { "" };
            return format!("{qf}{uf}DT{lia}");
        }
        let qf = self.qf_logic();
        if !self.quantifiers {
            return qf;
        }
        // Quantified logics of the standard that both solvers know; else ALL.
        match qf.as_str() {
            "QF_UF" | "QF_LIA" | "QF_LRA" | "QF_NIA" | "QF_NRA" | "QF_BV" | "QF_ABV"
            | "QF_ALIA" | "QF_UFLIA" | "QF_UFLRA" | "QF_UFNIA" | "QF_UFBV" | "QF_AUFLIA" => {
                qf[3..].to_string()
            }
            _ => "ALL".to_string(),
        }
    }

    /// The logic of the formula's quantifier-free part.
    fn qf_logic(&self) -> String {
        let base = self.qf_logic_without_uf();
        if !self.uf {
            return base;
        }
        // UF inserts after the arrays' A (QF_AUFLIA) or after QF_ (QF_UFBV); a base of
        // QF_UF (nothing else) stays; ALL stays ALL.
        match base.as_str() {
            "QF_UF" | "ALL" => base,
            _ if self.fp => "ALL".to_string(),
            b if b.starts_with("QF_A") => format!("QF_AUF{}", &b[4..]),
            _ if self.strings => "ALL".to_string(),
            b => format!("QF_UF{}", &b[3..]),
        }
    }

    fn qf_logic_without_uf(&self) -> String {
        if self.fp {
            // The standard logics of floats with bit-vectors; any other mix needs ALL.
            let other = self.ints || self.reals || self.strings || self.arrays;
            return match (other, self.bv) {
                (false, false) => "QF_FP".to_string(),
                (false, true) => "QF_BVFP".to_string(),
                (true, _) => "ALL".to_string(),
            };
        }
        let arith = match (self.ints, self.reals) {
            (false, false) => None,
            (true, false) => Some("IA"),
            (false, true) => Some("RA"),
            (true, true) => Some("IRA"),
        };
        let bv = if self.bv { "BV" } else { "" };
        let ia = if self.nonlinear { "NIA" } else { "LIA" };
        if self.arrays {
            // Arrays combine with one of Ints or BV in the standard logics; else ALL.
            return match (self.ints, self.reals, self.bv, self.strings) {
                (true, false, false, false) if !self.arrays_not_int => format!("QF_A{ia}"),
                (false, false, true, false) if !self.arrays_not_bv => "QF_ABV".to_string(),
                _ => "ALL".to_string(),
            };
        }
        if self.strings {
            // Strings with Int lengths and positions; no standard logic adds Reals or BV.
            return if self.reals || self.bv {
                "ALL".to_string()
            } else {
                format!("QF_S{ia}")
            };
        }
        match arith {
            None if self.bv => "QF_BV".to_string(),
            None => "QF_UF".to_string(),
            // Mixed bit-vector and arithmetic formulas: no narrower standard logic.
            Some(_) if self.bv => "ALL".to_string(),
            Some(a) => format!("QF_{bv}{}{a}", if self.nonlinear { "N" } else { "L" }),
        }
    }
}

/// The sort of `op` applied with indices `idx` to arguments of sorts `args`, or why the
/// application is ill-sorted. The single sort checker of the IR.
pub fn result_sort(op: Op, idx: Idx, args: &[Sort]) -> Result<Sort, SortError> {
    let info = op.info();
    let err = |what: String| Err(SortError(format!("{}: {what}", info.name)));
    if info.rule == Rule::Datatype {
        return datatype_result_sort(op, idx, args);
    }
    if args.len() < info.min_arity || (!info.is_variadic() && args.len() != info.min_arity) {
        return err(format!("applied to {} argument(s)", args.len()));
    }
    let width = |s: &Sort| {
        s.width()
            .ok_or_else(|| SortError(format!("{}: {s} is not a bit-vector", info.name)))
    };
    // SMT-LIB sets no widest bit-vector; smtsmith's, as cvc5's and Z3's, is 2^32 - 1.
    let wide = |w: Option<u32>| match w {
        Some(w) => Ok(Sort::BitVec(w)),
        None => err("a result wider than 4294967295 bits (unsupported)".into()),
    };
    match info.rule {
        Rule::Uniform => {}
        Rule::Concat => return wide(width(&args[0])?.checked_add(width(&args[1])?)),
        Rule::Extract => {
            let w = width(&args[0])?;
            let [i, j] = idx;
            if j > i || i >= w {
                return err(format!("indices {i} {j} outside a bit-vector of width {w}"));
            }
            return Ok(Sort::BitVec(i - j + 1));
        }
        Rule::Extend => return wide(width(&args[0])?.checked_add(idx[0])),
        Rule::Repeat => {
            if idx[0] == 0 {
                return err("index 0".into());
            }
            return wide(width(&args[0])?.checked_mul(idx[0]));
        }
        Rule::Int2Bv => {
            if args[0] != Sort::Int || idx[0] == 0 {
                return err(format!("index {} over {}", idx[0], args[0]));
            }
            return Ok(Sort::BitVec(idx[0]));
        }
        Rule::Select => {
            return match &args[0] {
                Sort::Array(i, e) if **i == args[1] => Ok((**e).clone()),
                other => err(format!("{other} indexed by {}", args[1])),
            }
        }
        Rule::Store => {
            return match &args[0] {
                Sort::Array(i, e) if **i == args[1] && **e == args[2] => Ok(args[0].clone()),
                other => err(format!("{other} stored {} at {}", args[2], args[1])),
            }
        }
        Rule::ConstArray => return err("the result sort is not determined by the argument".into()),
        Rule::FpLit => {
            return match args {
                [Sort::BitVec(1), Sort::BitVec(e), Sort::BitVec(m)]
                    if float::format_ok(*e, m + 1) =>
                {
                    Ok(Sort::Float(*e, m + 1))
                }
                _ => err(format!("of {args:?}")),
            }
        }
        Rule::ToFp => {
            let [eb, sb] = idx;
            if !float::format_ok(eb, sb) {
                return err(format!(
                    "format {eb} {sb} (smtsmith takes eb 2..={}, sb 2..={})",
                    float::MAX_EB,
                    float::MAX_SB
                ));
            }
            let fits = match (op, args) {
                (Op::ToFpBv, [Sort::BitVec(w)]) => *w == eb + sb,
                (Op::ToFpFp, [Sort::RoundingMode, Sort::Float(..)]) => true,
                (Op::ToFpReal, [Sort::RoundingMode, Sort::Real]) => true,
                (Op::ToFpSbv | Op::ToFpUbv, [Sort::RoundingMode, Sort::BitVec(_)]) => true,
                _ => false,
            };
            return if fits {
                Ok(Sort::Float(eb, sb))
            } else {
                err(format!("of {args:?}"))
            };
        }
        Rule::Datatype => unreachable!("handled above"),
        Rule::SeqEmpty => return err("the result sort is not determined by the argument".into()),
        Rule::SeqUnit => return Ok(Sort::seq(args[0].clone())),
        Rule::SeqNth => {
            return match (&args[0], &args[1]) {
                (Sort::Seq(e), Sort::Int) => Ok((**e).clone()),
                (s, i) => err(format!("{s} at {i}")),
            }
        }
        Rule::FpToBv => {
            return match args {
                [Sort::RoundingMode, Sort::Float(..)] if idx[0] >= 1 => Ok(Sort::BitVec(idx[0])),
                _ => err(format!("index {} of {args:?}", idx[0])),
            }
        }
    }
    // The parameter is fixed by the first argument at a `T` position.
    let t = info
        .args
        .iter()
        .enumerate()
        .find(|(_, p)| **p == ops::SortPat::T)
        .map(|(i, _)| args[i].clone());
    if let Some(t) = &t {
        if !info.domain.contains(t) {
            return err(format!("over {t}"));
        }
    }
    let expected = info.arg_sorts(args.len(), t.as_ref());
    if expected != args {
        return err(format!("expects {expected:?}, got {args:?}"));
    }
    Ok(info.ret_sort(t.as_ref()))
}

/// The sort of an application recorded as `recorded`: [`result_sort`], except where the
/// sort is part of the term (`as const`, a constructor), where `recorded` is checked
/// against the arguments.
pub fn app_sort(op: Op, idx: Idx, args: &[Sort], recorded: &Sort) -> Result<Sort, SortError> {
    let fits = match (op, recorded) {
        (Op::ConstArray, Sort::Array(_, e)) => args == [(**e).clone()],
        (Op::SeqEmpty, Sort::Seq(_)) => args.is_empty(),
        (Op::DtCons, Sort::Datatype(d)) => {
            d.ctor(idx[0]).is_some() && d.field_sorts(idx[0]) == args
        }
        (Op::ConstArray | Op::DtCons | Op::SeqEmpty, _) => false,
        _ => return result_sort(op, idx, args),
    };
    if fits {
        Ok(recorded.clone())
    } else {
        Err(SortError(format!(
            "{} of {args:?} as {recorded}",
            op.name()
        )))
    }
}

/// The sort of a selector or tester application (a constructor's is given with the term:
/// [`Formula::construct`]).
fn datatype_result_sort(op: Op, idx: Idx, args: &[Sort]) -> Result<Sort, SortError> {
    let [c, field] = idx;
    let d = match args {
        [Sort::Datatype(d)] => d,
        _ => {
            return Err(SortError(format!(
                "{}: applied to {args:?} (one datatype term expected)",
                op.name()
            )))
        }
    };
    let found = match op {
        Op::DtSel => d.field_sort(c, field),
        Op::DtIs => d.ctor(c).map(|_| Sort::Bool),
        _ => None,
    };
    found.ok_or_else(|| {
        SortError(format!(
            "{}: {d} has no constructor {c} with field {field}",
            op.name()
        ))
    })
}

/// A symbol as SMT-LIB writes it: simple, or quoted in `|...|`.
pub fn symbol(name: &str) -> String {
    let simple = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "~!@$%^&*_-+=<>.?/".contains(c));
    if simple {
        name.to_string()
    } else {
        format!("|{name}|")
    }
}

/// `r` as a decimal numeral (`-0.25`, `3.0`), if its expansion is finite.
pub fn decimal(r: &BigRational) -> Option<String> {
    let (mut d, mut twos, mut fives) = (r.denom().clone(), 0usize, 0usize);
    let (two, five) = (BigInt::from(2), BigInt::from(5));
    while (&d % &two).is_zero() {
        d /= &two;
        twos += 1;
    }
    while (&d % &five).is_zero() {
        d /= &five;
        fives += 1;
    }
    if !d.is_one() {
        return None;
    }
    let digits = twos.max(fives).max(1);
    let scaled = (r.abs() * BigRational::from_integer(num_traits::pow(BigInt::from(10), digits)))
        .to_integer()
        .to_string();
    let scaled = format!("{scaled:0>width$}", width = digits + 1);
    let (int, frac) = scaled.split_at(scaled.len() - digits);
    let sign = if r.is_negative() { "-" } else { "" };
    Some(format!("{sign}{int}.{frac}"))
}

/// A string literal: printable ASCII as is with `"` doubled; the backslash and every
/// other character as `\u{X}`, so no character sequence can read as an escape.
pub fn string_literal(w: &[u32]) -> String {
    let mut out = String::with_capacity(w.len() + 2);
    out.push('"');
    for c in w {
        match char::from_u32(*c) {
            Some('"') => out.push_str("\"\""),
            Some(ch) if (' '..='~').contains(&ch) && ch != '\\' => out.push(ch),
            _ => {
                out.push_str(&format!("\\u{{{c:x}}}"));
            }
        }
    }
    out.push('"');
    out
}

/// The status of a formula: what a solver answers, what a construction or a label claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Sat,
    Unsat,
    Unknown,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Sat => "sat",
            Verdict::Unsat => "unsat",
            Verdict::Unknown => "unknown",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bit-vector result wider than 2^32 - 1 is refused, not wrapped (a 4-bit
    /// `(_ sign_extend 4294967295)` once came out 3 bits wide); widths up to it are taken.
    #[test]
    fn bit_vector_widths_past_u32_are_refused() {
        let bv = Sort::BitVec;
        assert!(result_sort(Op::SignExtend, [u32::MAX, 0], &[bv(4)]).is_err());
        assert!(result_sort(Op::Concat, [0, 0], &[bv(1 << 31), bv(1 << 31)]).is_err());
        assert!(result_sort(Op::Repeat, [1 << 16, 0], &[bv(1 << 16)]).is_err());
        assert_eq!(
            result_sort(Op::ZeroExtend, [u32::MAX - 4, 0], &[bv(4)]),
            Ok(bv(u32::MAX))
        );
    }

    /// An array over finite sorts enumerates every function once, in canonical form: four
    /// arrays from Bool to Bool, each selecting what it was built to, all distinct; an
    /// array indexed by those is finite too.
    #[test]
    fn arrays_over_finite_sorts_enumerate_each_function_once() {
        let bb = Sort::array(Sort::Bool, Sort::Bool);
        let all = bb.enumerate();
        assert_eq!(bb.enumerable_size(), Some(4));
        assert_eq!(all.len(), 4);
        let mut tables: Vec<(Value, Value)> = all
            .iter()
            .map(|v| match v {
                Value::Array(a) => (a.select(&Value::Bool(false)), a.select(&Value::Bool(true))),
                _ => panic!("{v:?}"),
            })
            .collect();
        tables.sort();
        tables.dedup();
        assert_eq!(tables.len(), 4);
        // Built by stores from the other default, the same function is the same value.
        let via = ArrayValue::constant(Sort::Bool, Value::Bool(true))
            .store(Value::Bool(false), Value::Bool(false))
            .store(Value::Bool(true), Value::Bool(false));
        assert!(all.contains(&Value::Array(via)));
        assert_eq!(Sort::array(bb, Sort::Bool).enumerable_size(), Some(16));
        assert_eq!(Sort::array(Sort::Int, Sort::Bool).enumerable_size(), None);
    }

    #[test]
    fn free_bound_vars_follow_binders_and_optionally_lets() {
        // (forall ((q Int)) (let ((l (+ q 1))) (> l 0)))
        let mut f = Formula::default();
        let (q, qn) = f.bound_var("q", Sort::Int);
        let one = f.lit(Value::Int(1.into()));
        let plus = f.app(Op::Add, vec![qn, one]).unwrap();
        let (l, ln) = f.bound_var("l", Sort::Int);
        let zero = f.lit(Value::Int(0.into()));
        let gt = f.app(Op::Gt, vec![ln, zero]).unwrap();
        let lt = f.let_(vec![(l, plus)], gt).unwrap();
        let all = f.quantifier(true, vec![q], lt).unwrap();
        let plain = f.free_bound_vars(false);
        assert_eq!(plain[gt.0 as usize], vec![l]);
        assert_eq!(plain[lt.0 as usize], vec![q]);
        assert!(plain[all.0 as usize].is_empty());
        let through = f.free_bound_vars(true);
        assert_eq!(through[gt.0 as usize], vec![q]);
        assert!(through[all.0 as usize].is_empty());
    }
}
