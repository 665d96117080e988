//! The reference evaluator: SMT-LIB semantics with exact arithmetic.
//!
//! Results are three-valued. Where SMT-LIB leaves a value unspecified (division by zero in
//! `div`, `mod`, `/`), the model's own interpretation is used where the solver gives one
//! ([`Model::divisions`]); otherwise the result is [`Unknown`], and so is everything that
//! depends on it — except what every interpretation agrees on: equal dividends give equal
//! results (congruence), and Boolean connectives use Kleene's strong logic (`(and false u)`
//! is false whatever `u` is). So it is never a guess.

pub(crate) mod bv;
pub mod fp;
pub mod strings;

use crate::lang::ir::regex;
use crate::lang::ir::{ArrayValue, Attr, BoundId, Formula, Idx, NodeId, NodeKind, Op, Sort, Value};
use bv::Bv;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use regex::Re;
use std::fmt;

/// Why a value could not be determined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unknown(pub String);

impl fmt::Display for Unknown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

pub type EvalResult = Result<Value, Unknown>;

/// Values of the declared constants, indexed like `Formula::decls`. `None` marks a value
/// the solver gave in a form we cannot represent exactly (e.g. a real algebraic number).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Model {
    pub values: Vec<Option<Value>>,
    /// Function interpretations, indexed like `Formula::decls` (empty for constants): the
    /// entries of the solver's interpretation and its values at the formula's application
    /// points, as (arguments, value) pairs.
    pub funcs: Vec<Vec<(Vec<Value>, Value)>>,
    /// The value of each function's interpretation at every other point, where the solver
    /// gives one as a value (`None`: an application at another point is unknown).
    pub func_else: Vec<Option<Value>>,
    /// Divisions by zero as the model interprets them: SMT-LIB leaves `(div x 0)`,
    /// `(mod x 0)` and `(/ x 0.0)` unspecified, each a function of the dividend that a model
    /// fixes. Keyed by operator and dividend; read by the backends at the formula's
    /// divisions whose divisor is zero in the model.
    pub divisions: Divisions,
    /// Other applications SMT-LIB leaves unspecified, as the model interprets them:
    /// `fp.min`/`fp.max` of zeros of opposite signs, `fp.to_ubv`/`fp.to_sbv` of NaN, an
    /// infinity or a value out of range, `fp.to_real` of NaN or an infinity. Keyed by
    /// operator, indices and argument values; read by the backends at the formula's
    /// applications that are unspecified under the model.
    pub unspecified: Unspecified,
}

/// A model's divisions by zero: ((operator, dividend), value).
pub type Divisions = Vec<((Op, Value), Value)>;

/// A model's values of unspecified applications: ((operator, indices, arguments), value).
pub type Unspecified = Vec<((Op, Idx, Vec<Value>), Value)>;

/// Whether SMT-LIB leaves `op` applied to some arguments unspecified in a way a model
/// interprets, other than division by zero ([`Model::unspecified`]).
pub fn may_be_unspecified(op: Op) -> bool {
    matches!(
        op,
        Op::FpMin | Op::FpMax | Op::FpToUbv | Op::FpToSbv | Op::FpToReal | Op::DtSel | Op::SeqNth
    )
}

impl Model {
    /// A model of constants only, with these values (declaration order).
    pub fn of_constants(values: &[Value]) -> Model {
        Model {
            values: values.iter().cloned().map(Some).collect(),
            funcs: vec![Vec::new(); values.len()],
            func_else: vec![None; values.len()],
            divisions: Vec::new(),
            unspecified: Vec::new(),
        }
    }

    /// The same model for a formula with `n` declarations (later ones without a value).
    pub fn extended_to(mut self, n: usize) -> Model {
        self.values.resize(n, None);
        self.funcs.resize(n, Vec::new());
        self.func_else.resize(n, None);
        self
    }
}

/// The verdict of the evaluator on a whole formula under a model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Truth {
    /// Every assertion evaluates to true.
    True,
    /// This assertion (index) evaluates to false.
    False(usize),
    /// No assertion is false, and this one could not be decided.
    Unknown(usize, Unknown),
}

/// Evaluates every assertion of `f` under `m`.
pub fn check_model(f: &Formula, m: &Model) -> Truth {
    let mut ev = Evaluator::new(f, m);
    let mut first_unknown = None;
    for (i, a) in f.asserts.iter().enumerate() {
        match ev.eval(*a) {
            Ok(Value::Bool(true)) => {}
            Ok(Value::Bool(false)) => return Truth::False(i),
            Ok(other) => unreachable!("assertion evaluated to {other:?}"),
            Err(u) => {
                first_unknown.get_or_insert((i, u));
            }
        }
    }
    match first_unknown {
        None => Truth::True,
        Some((i, u)) => Truth::Unknown(i, u),
    }
}

/// Evaluates nodes of one formula under one model, memoizing each node.
pub struct Evaluator<'a> {
    f: &'a Formula,
    m: &'a Model,
    memo: Vec<Option<EvalResult>>,
    bound: Vec<Option<EvalResult>>,
    /// Nodes with a bound variable below them: their value depends on the current
    /// bindings (a quantifier evaluates its body once per assignment), so it is never
    /// memoized.
    volatile: Vec<bool>,
    /// Quantifier body evaluations left for this evaluator (nested quantifiers multiply).
    quant_budget: u64,
    /// Recursive definitions being unfolded, and unfolded so far ([`Evaluator::call_rec`]).
    rec_depth: u32,
    rec_calls: u64,
}

/// The largest number of assignments a quantifier is evaluated under.
const MAX_ASSIGNMENTS: u64 = 4096;
/// The most quantifier body evaluations of one evaluator, nested ones included (four
/// nested quantifiers over two 5-bit variables each would otherwise need 2^40).
const MAX_BODY_EVALUATIONS: u64 = 1 << 17;
/// How deep one evaluation unfolds recursive definitions (each level is a few stack frames
/// per node of the body: kept within a fuzzing thread's stack).
const MAX_REC_DEPTH: u32 = 200;
/// How many applications of recursive definitions one evaluator unfolds in all.
const MAX_REC_CALLS: u64 = 1 << 16;

impl<'a> Evaluator<'a> {
    pub fn new(f: &'a Formula, m: &'a Model) -> Self {
        // Children precede their parents in the arena.
        let mut volatile = vec![false; f.nodes.len()];
        for (i, n) in f.nodes.iter().enumerate() {
            volatile[i] = matches!(n.kind, NodeKind::Bound(_))
                || f.children(NodeId(i as u32))
                    .iter()
                    .any(|c| volatile[c.0 as usize]);
        }
        Evaluator {
            f,
            m,
            memo: vec![None; f.nodes.len()],
            bound: vec![None; f.bounds.len()],
            volatile,
            quant_budget: MAX_BODY_EVALUATIONS,
            rec_depth: 0,
            rec_calls: 0,
        }
    }

    pub fn eval(&mut self, id: NodeId) -> EvalResult {
        if let Some(r) = &self.memo[id.0 as usize] {
            return r.clone();
        }
        let r = self.compute(id);
        if !self.volatile[id.0 as usize] {
            self.memo[id.0 as usize] = Some(r.clone());
        }
        r
    }

    /// A quantifier, decided by enumerating its variables' domains when they are
    /// enumerable (Bool, bit-vectors up to 16 bits) with at most [`MAX_ASSIGNMENTS`]
    /// assignments; unknown otherwise. Kleene: a counterexample decides even when other
    /// assignments are unknown.
    fn quantifier(&mut self, forall: bool, vars: &[BoundId], body: NodeId) -> EvalResult {
        let f = self.f;
        let mut domains = Vec::with_capacity(vars.len());
        let mut total: u64 = 1;
        for b in vars {
            let sort = &f.bounds[b.0 as usize].sort;
            match sort.enumerable_size() {
                Some(n) if total.saturating_mul(n) <= MAX_ASSIGNMENTS => {
                    total *= n;
                    domains.push(sort.enumerate());
                }
                _ => {
                    return Err(Unknown(format!(
                        "quantifier not decided: {sort} is infinite or the assignments exceed {MAX_ASSIGNMENTS}"
                    )))
                }
            }
        }
        let saved: Vec<Option<EvalResult>> = vars
            .iter()
            .map(|b| self.bound[b.0 as usize].clone())
            .collect();
        let mut result = Ok(Value::Bool(forall));
        for k in 0..total {
            if self.quant_budget == 0 {
                result = Err(Unknown(format!(
                    "quantifier not decided: more than {MAX_BODY_EVALUATIONS} body evaluations"
                )));
                break;
            }
            self.quant_budget -= 1;
            let mut rest = k;
            for (b, d) in vars.iter().zip(&domains) {
                let n = d.len() as u64;
                self.bound[b.0 as usize] = Some(Ok(d[(rest % n) as usize].clone()));
                rest /= n;
            }
            match self.eval(body) {
                Ok(Value::Bool(x)) if x != forall => {
                    result = Ok(Value::Bool(x));
                    break;
                }
                Ok(_) => {}
                Err(u) => result = Err(u),
            }
        }
        for (b, v) in vars.iter().zip(saved) {
            self.bound[b.0 as usize] = v;
        }
        result
    }

    /// An application of a recursively defined function: its body under the arguments
    /// (unfolded as deep as [`MAX_REC_DEPTH`] and as often as [`MAX_REC_CALLS`]; beyond,
    /// unknown: the recursion may not terminate, and then the definition alone decides
    /// nothing about the value).
    fn call_rec(&mut self, def: &crate::lang::ir::RecDef, vals: Vec<Value>) -> EvalResult {
        let name = &self.f.decls[def.decl.0 as usize].name;
        if self.rec_depth >= MAX_REC_DEPTH || self.rec_calls >= MAX_REC_CALLS {
            return Err(Unknown(format!(
                "{name}: recursion deeper than {MAX_REC_DEPTH} or more than {MAX_REC_CALLS} calls"
            )));
        }
        self.rec_depth += 1;
        self.rec_calls += 1;
        let saved: Vec<Option<EvalResult>> = def
            .params
            .iter()
            .zip(vals)
            .map(|(p, v)| self.bound[p.0 as usize].replace(Ok(v)))
            .collect();
        let r = self.eval(def.body);
        for (p, v) in def.params.iter().zip(saved) {
            self.bound[p.0 as usize] = v;
        }
        self.rec_depth -= 1;
        r
    }

    fn compute(&mut self, id: NodeId) -> EvalResult {
        let f = self.f;
        match &f.node(id).kind {
            NodeKind::Lit(v) => Ok(v.clone()),
            NodeKind::Const(d) => {
                let decl = &f.decls[d.0 as usize];
                match self.m.values.get(d.0 as usize) {
                    Some(Some(v)) if v.sort() == decl.sort => Ok(v.clone()),
                    Some(Some(v)) => Err(Unknown(format!(
                        "model gives {} a value of sort {}",
                        decl.name,
                        v.sort()
                    ))),
                    _ => Err(Unknown(format!("no exact model value for {}", decl.name))),
                }
            }
            NodeKind::Bound(b) => self.bound[b.0 as usize].clone().unwrap_or_else(|| {
                Err(Unknown(format!(
                    "unbound variable {}",
                    f.bounds[b.0 as usize].name
                )))
            }),
            NodeKind::Let(bindings, body) => {
                for (b, t) in bindings {
                    let v = self.eval(*t);
                    self.bound[b.0 as usize] = Some(v);
                }
                self.eval(*body)
            }
            NodeKind::App(op, idx, args) => self.apply(*op, *idx, args, &f.node(id).sort),
            NodeKind::Call(d, args) => {
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    vals.push(self.eval(*a)?);
                }
                if let Some(def) = f.rec_def(*d) {
                    return self.call_rec(def, vals);
                }
                let table = self.m.funcs.get(d.0 as usize).map_or(&[][..], |t| &t[..]);
                let otherwise = self.m.func_else.get(d.0 as usize).and_then(|v| v.as_ref());
                match table.iter().find(|(k, _)| *k == vals) {
                    Some((_, v)) => Ok(v.clone()),
                    None if otherwise.is_some() => Ok(otherwise.unwrap().clone()),
                    None => Err(Unknown(format!(
                        "no model value for {} at this point",
                        f.decls[d.0 as usize].name
                    ))),
                }
            }
            NodeKind::Quant { forall, vars, body } => self.quantifier(*forall, vars, *body),
        }
    }

    fn apply(&mut self, op: Op, idx: Idx, args: &[NodeId], sort: &Sort) -> EvalResult {
        // Connectives that may decide without all their arguments.
        match op {
            Op::And | Op::Or => {
                let absorbing = op == Op::Or;
                let mut unknown = None;
                for a in args {
                    match self.eval(*a) {
                        Ok(Value::Bool(b)) if b == absorbing => return Ok(Value::Bool(absorbing)),
                        Ok(_) => {}
                        Err(u) => unknown = Some(u),
                    }
                }
                return unknown.map_or(Ok(Value::Bool(!absorbing)), Err);
            }
            Op::Implies => {
                // Right-associative: a1 => (a2 => (... => an)).
                let mut acc = self.eval(*args.last().unwrap());
                for a in args[..args.len() - 1].iter().rev() {
                    let lhs = self.eval(*a);
                    acc = match (lhs, acc) {
                        (Ok(Value::Bool(false)), _) | (_, Ok(Value::Bool(true))) => {
                            Ok(Value::Bool(true))
                        }
                        (Ok(Value::Bool(true)), r) => r,
                        (Err(u), _) | (_, Err(u)) => Err(u),
                        _ => unreachable!(),
                    };
                }
                return acc;
            }
            Op::Ite => {
                let then = self.eval(args[1]);
                let els = self.eval(args[2]);
                return match self.eval(args[0]) {
                    Ok(Value::Bool(true)) => then,
                    Ok(Value::Bool(false)) => els,
                    Err(u) => match (then, els) {
                        (Ok(a), Ok(b)) if a == b => Ok(a),
                        _ => Err(u),
                    },
                    Ok(v) => unreachable!("ite condition {v:?}"),
                };
            }
            Op::Eq | Op::Distinct => {
                if let Some(decided) = self.congruent_divisions(op, args) {
                    return Ok(Value::Bool(decided));
                }
            }
            _ => {}
        }
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            vals.push(self.eval(*a)?);
        }
        if matches!(op, Op::IntDiv | Op::Mod | Op::RealDiv) && vals[1..].iter().any(is_zero) {
            return self.divide_through_zero(op, &vals);
        }
        let r = apply_sorted(op, idx, &vals, sort);
        if r.is_err() && may_be_unspecified(op) {
            let interpreted = self
                .m
                .unspecified
                .iter()
                .find(|((o, i, a), _)| *o == op && *i == idx && *a == vals);
            if let Some((_, v)) = interpreted {
                return Ok(v.clone());
            }
        }
        r
    }

    /// A left-associative `div` or `/` (or a `mod`) with a zero divisor among `vals`: each
    /// step by zero takes the model's value of that division at the quotient so far
    /// ([`Model::divisions`]); unknown where the model gives none.
    fn divide_through_zero(&mut self, op: Op, vals: &[Value]) -> EvalResult {
        let mut acc = vals[0].clone();
        for v in &vals[1..] {
            acc = if is_zero(v) {
                let key = (op, acc);
                match self.m.divisions.iter().find(|(k, _)| *k == key) {
                    Some((_, q)) => q.clone(),
                    None => return apply_strict(op, &[key.1, v.clone()]),
                }
            } else {
                apply_strict(op, &[acc, v.clone()])?
            };
        }
        Ok(acc)
    }

    /// `=` or `distinct` over divisions by zero whose dividends are equal. SMT-LIB leaves
    /// `(div x 0)`, `(mod x 0)` and `(/ x 0.0)` unspecified, but as the value of a function of
    /// the dividend, one per operator and model: equal dividends give equal results
    /// whatever that function is. So `(= (mod x 0) (mod y 0))` is true and `(distinct (mod
    /// x 0) (mod y 0))` false when `x` and `y` have one value. `None` where this does not
    /// decide (an argument is no binary division by zero with a known dividend, or the
    /// dividends differ: the results may still be equal).
    fn congruent_divisions(&mut self, op: Op, args: &[NodeId]) -> Option<bool> {
        let mut keys = Vec::with_capacity(args.len());
        for a in args {
            keys.push(self.division_by_zero(*a)?);
        }
        let all_equal = keys.windows(2).all(|w| w[0] == w[1]);
        let some_pair_equal = keys
            .iter()
            .enumerate()
            .any(|(i, k)| keys[i + 1..].contains(k));
        match op {
            Op::Eq if all_equal => Some(true),
            Op::Distinct if some_pair_equal => Some(false),
            _ => None,
        }
    }

    /// For a binary `div`, `mod` or `/` whose divisor is zero and whose dividend has a known
    /// value: the operator and that value (what the unspecified result is a function of).
    fn division_by_zero(&mut self, id: NodeId) -> Option<(Op, Value)> {
        let NodeKind::App(op @ (Op::IntDiv | Op::Mod | Op::RealDiv), _, args) =
            &self.f.node(id).kind
        else {
            return None;
        };
        let [dividend, divisor] = args[..] else {
            return None;
        };
        if !is_zero(&self.eval(divisor).ok()?) {
            return None;
        }
        Some((*op, self.eval(dividend).ok()?))
    }
}

/// Whether `v` is the integer or real zero.
pub(crate) fn is_zero(v: &Value) -> bool {
    match v {
        Value::Int(n) => n.is_zero(),
        Value::Real(r) => r.is_zero(),
        _ => false,
    }
}

fn to_bv(v: &Value) -> Bv {
    match v {
        Value::BitVec { width, value } => Bv {
            width: *width,
            value: value.clone(),
        },
        other => unreachable!("bit-vector expected, got {other:?}"),
    }
}

/// Whether structural equality of values of `s` is extensional equality: every array
/// index sort inside is infinite or enumerable (see [`ArrayValue`]).
fn equality_decided(s: &Sort) -> bool {
    match s {
        Sort::Array(i, e) => {
            (i.enumerable_size().is_some() || i.small_cardinality().is_none())
                && equality_decided(i)
                && equality_decided(e)
        }
        // Regular languages are compared by language, not structure.
        Sort::RegLan => false,
        Sort::Seq(e) => equality_decided(e),
        Sort::Datatype(d) => d
            .outside_sorts()
            .iter()
            .all(|s| *s != Sort::RegLan && equality_decided(s)),
        _ => true,
    }
}

fn to_re(v: &Value) -> Re {
    match v {
        Value::Re(r) => r.clone(),
        other => unreachable!("regular expression expected, got {other:?}"),
    }
}

fn from_bv(b: Bv) -> Value {
    Value::BitVec {
        width: b.width,
        value: b.value,
    }
}

/// Applies an operator to fully known arguments, given the application's sort (needed
/// only by `((as const S) v)`, whose index sort is in its sort alone).
pub fn apply_sorted(op: Op, idx: Idx, vals: &[Value], sort: &Sort) -> EvalResult {
    match (op, sort) {
        (Op::ConstArray, Sort::Array(i, _)) => Ok(Value::Array(ArrayValue::constant(
            (**i).clone(),
            vals[0].clone(),
        ))),
        (Op::SeqEmpty, Sort::Seq(e)) => Ok(Value::Seq((**e).clone(), Vec::new())),
        (Op::DtCons, Sort::Datatype(d)) => Ok(Value::Dt(Box::new(crate::lang::ir::DtValue {
            sort: d.clone(),
            ctor: idx[0],
            args: vals.to_vec(),
        }))),
        _ => apply_indexed(op, idx, vals),
    }
}

/// Applies an operator with indices to fully known arguments.
pub fn apply_indexed(op: Op, idx: Idx, vals: &[Value]) -> EvalResult {
    let b = |i: usize| to_bv(&vals[i]);
    let [i, j] = idx;
    Ok(match op {
        Op::Extract => from_bv(b(0).extract(i, j)),
        Op::ZeroExtend => from_bv(b(0).zero_extend(i)),
        Op::SignExtend => from_bv(b(0).sign_extend(i)),
        Op::Repeat => from_bv(b(0).repeat(i)),
        Op::RotateLeft => from_bv(b(0).rotate_left(i)),
        Op::RotateRight => from_bv(b(0).rotate_right(i)),
        Op::Int2Bv | Op::IntToBv => match &vals[0] {
            Value::Int(x) => from_bv(Bv::from_int(i, x)),
            other => unreachable!("int2bv of {other:?}"),
        },
        Op::DtSel | Op::DtIs => {
            let Value::Dt(d) = &vals[0] else {
                unreachable!("a datatype operator of {:?}", vals[0])
            };
            match op {
                Op::DtIs => Value::Bool(d.ctor == i),
                _ if d.ctor == i => d.args[j as usize].clone(),
                // SMT-LIB: a selector of another constructor's value is unspecified.
                _ => {
                    return Err(Unknown(format!(
                        "{} of a {} value is unspecified",
                        d.sort.ctors()[i as usize].fields[j as usize].name,
                        d.sort.ctors()[d.ctor as usize].name
                    )))
                }
            }
        }
        Op::RePower | Op::ReLoop => {
            let (n, m) = if op == Op::RePower { (i, i) } else { (i, j) };
            // The expansion has m copies; a bound this large is beyond any fuzz case.
            if m > 10_000 && n <= m {
                return Err(Unknown(format!("re.loop bound {m} too large to expand")));
            }
            Value::Re(Re::loop_(to_re(&vals[0]), n, m))
        }
        _ if op.info().theory == crate::lang::ir::Theory::FloatingPoint
            && op.info().attr != Attr::Chainable =>
        {
            return fp::apply(op, idx, vals)
        }
        _ => return apply_strict(op, vals),
    })
}

/// Pairs of derivatives explored before regular-language equality answers unknown.
pub const REGEX_EQUALITY_BUDGET: usize = 20_000;

/// Applies an operator without indices to fully known arguments (sorts are guaranteed by
/// the IR). Total over the table: every operator has an arm here or in [`apply_indexed`].
pub fn apply_strict(op: Op, vals: &[Value]) -> EvalResult {
    let info = op.info();
    if matches!(op, Op::Eq | Op::Distinct) && matches!(vals.first(), Some(Value::Re(_))) {
        // Language equality (our regex values are normal forms, not minimal automata:
        // structural equality is not language equality).
        let res: Vec<&regex::Re> = vals
            .iter()
            .map(|v| match v {
                Value::Re(r) => r,
                _ => unreachable!("sorts are checked by the IR"),
            })
            .collect();
        let same = |a: &regex::Re, b: &regex::Re| {
            a.equivalent(b, REGEX_EQUALITY_BUDGET)
                .ok_or_else(|| Unknown("regular-language equality over the budget".into()))
        };
        let mut all = true;
        if op == Op::Eq {
            for w in res.windows(2) {
                all &= same(w[0], w[1])?;
            }
        } else {
            for (i, a) in res.iter().enumerate() {
                for b in &res[i + 1..] {
                    all &= !same(a, b)?;
                }
            }
        }
        return Ok(Value::Bool(all));
    }
    if matches!(op, Op::Eq | Op::Distinct)
        && !vals.first().is_some_and(|v| equality_decided(&v.sort()))
    {
        return Err(Unknown(format!(
            "equality over {} is not decided (no canonical array form)",
            vals[0].sort()
        )));
    }
    match info.attr {
        Attr::Chainable => {
            for w in vals.windows(2) {
                if !binary_pred(op, &w[0], &w[1]) {
                    return Ok(Value::Bool(false));
                }
            }
            return Ok(Value::Bool(true));
        }
        Attr::Pairwise => {
            for (i, a) in vals.iter().enumerate() {
                if vals[i + 1..].contains(a) {
                    return Ok(Value::Bool(false));
                }
            }
            return Ok(Value::Bool(true));
        }
        Attr::RightAssoc if vals.len() > 2 => {
            let mut acc = vals[vals.len() - 1].clone();
            for v in vals[..vals.len() - 1].iter().rev() {
                acc = apply_strict(op, &[v.clone(), acc])?;
            }
            return Ok(acc);
        }
        Attr::LeftAssoc if vals.len() > 2 => {
            let mut acc = apply_strict(op, &vals[..2])?;
            for v in &vals[2..] {
                acc = apply_strict(op, &[acc, v.clone()])?;
            }
            return Ok(acc);
        }
        _ => {}
    }
    use Value::*;
    Ok(match (op, vals) {
        (Op::Not, [Bool(a)]) => Bool(!a),
        (Op::And, [Bool(a), Bool(b)]) => Bool(*a && *b),
        (Op::Or, [Bool(a), Bool(b)]) => Bool(*a || *b),
        (Op::Xor, [Bool(a), Bool(b)]) => Bool(a != b),
        (Op::Implies, [Bool(a), Bool(b)]) => Bool(!a || *b),
        (Op::Ite, [Bool(c), a, b]) => {
            if *c {
                a.clone()
            } else {
                b.clone()
            }
        }
        (Op::Add, [Int(a), Int(b)]) => Int(a + b),
        (Op::Add, [Real(a), Real(b)]) => Real(a + b),
        (Op::Sub, [Int(a), Int(b)]) => Int(a - b),
        (Op::Sub, [Real(a), Real(b)]) => Real(a - b),
        (Op::Mul, [Int(a), Int(b)]) => Int(a * b),
        (Op::Mul, [Real(a), Real(b)]) => Real(a * b),
        (Op::Neg, [Int(a)]) => Int(-a),
        (Op::Neg, [Real(a)]) => Real(-a),
        (Op::IntDiv, [Int(a), Int(b)]) => Int(euclid(a, b)?.0),
        (Op::Mod, [Int(a), Int(b)]) => Int(euclid(a, b)?.1),
        (Op::Abs, [Int(a)]) => Int(a.abs()),
        (Op::RealDiv, [Real(a), Real(b)]) => {
            if b.is_zero() {
                return Err(Unknown("(/ _ 0.0) is unspecified".into()));
            }
            Real(a / b)
        }
        (Op::ToReal, [Int(a)]) => Real(BigRational::from_integer(a.clone())),
        (Op::ToInt, [Real(a)]) => Int(a.floor().to_integer()),
        (Op::IsInt, [Real(a)]) => Bool(a.is_integer()),
        (Op::Bv2Nat | Op::UbvToInt, [a @ BitVec { .. }]) => Int(to_bv(a).value.into()),
        (Op::SbvToInt, [a @ BitVec { .. }]) => Int(to_bv(a).signed()),
        (Op::StrConcat, [Str(a), Str(b)]) => Str([&a[..], b].concat()),
        (Op::StrLen, [Str(a)]) => Int(a.len().into()),
        (Op::StrLt, [Str(a), Str(b)]) => Bool(a < b),
        (Op::StrLe, [Str(a), Str(b)]) => Bool(a <= b),
        (Op::StrAt, [Str(a), Int(i)]) => Str(strings::at(a, i)),
        (Op::StrSubstr, [Str(a), Int(i), Int(n)]) => Str(strings::substr(a, i, n)),
        (Op::StrPrefixof, [Str(a), Str(b)]) => Bool(strings::prefixof(a, b)),
        (Op::StrSuffixof, [Str(a), Str(b)]) => Bool(strings::suffixof(a, b)),
        (Op::StrContains, [Str(a), Str(b)]) => Bool(strings::contains(a, b)),
        (Op::StrIndexof, [Str(a), Str(b), Int(i)]) => Int(strings::indexof(a, b, i)),
        (Op::StrLastIndexof, [Str(a), Str(b)]) => Int(strings::last_indexof(a, b)),
        (Op::StrRev, [Str(a)]) => Str(a.iter().rev().copied().collect()),
        (Op::StrToLower, [Str(a)]) => Str(strings::ascii_case(a, false)),
        (Op::StrToUpper, [Str(a)]) => Str(strings::ascii_case(a, true)),
        (Op::StrUpdate, [Str(a), Int(i), Str(b)]) => Str(strings::update(a, i, b)),
        (Op::StrReplace, [Str(a), Str(b), Str(c)]) => Str(strings::replace(a, b, c)),
        (Op::StrReplaceAll, [Str(a), Str(b), Str(c)]) => Str(strings::replace_all(a, b, c)),
        (Op::StrReplaceRe, [Str(a), Re(r), Str(c)]) => Str(strings::replace_re(a, r, c)),
        (Op::StrReplaceReAll, [Str(a), Re(r), Str(c)]) => Str(strings::replace_re_all(a, r, c)),
        (Op::StrIsDigit, [Str(a)]) => Bool(strings::is_digit(a)),
        (Op::StrToCode, [Str(a)]) => Int(strings::to_code(a)),
        (Op::StrFromCode, [Int(n)]) => Str(strings::from_code(n)),
        (Op::StrToInt, [Str(a)]) => Int(strings::to_int(a)),
        (Op::StrFromInt, [Int(n)]) => Str(strings::from_int(n)),
        (Op::StrToRe, [Str(a)]) => Re(regex::Re::word(a)),
        (Op::StrInRe, [Str(a), Re(r)]) => Bool(r.matches(a)),
        (Op::ReNone, []) => Re(regex::Re::none()),
        (Op::ReAll, []) => Re(regex::Re::all()),
        (Op::ReAllchar, []) => Re(regex::Re::allchar()),
        (Op::ReConcat, [Re(a), Re(b)]) => Re(regex::Re::concat(vec![a.clone(), b.clone()])),
        (Op::ReUnion, [Re(a), Re(b)]) => Re(regex::Re::union(vec![a.clone(), b.clone()])),
        (Op::ReInter, [Re(a), Re(b)]) => Re(regex::Re::inter(vec![a.clone(), b.clone()])),
        (Op::ReDiff, [Re(a), Re(b)]) => Re(regex::Re::diff(a.clone(), b.clone())),
        (Op::ReComp, [Re(a)]) => Re(regex::Re::comp(a.clone())),
        (Op::ReStar, [Re(a)]) => Re(regex::Re::star(a.clone())),
        (Op::RePlus, [Re(a)]) => Re(regex::Re::plus(a.clone())),
        (Op::ReOpt, [Re(a)]) => Re(regex::Re::opt(a.clone())),
        (Op::ReRange, [Str(a), Str(b)]) => Re(regex::Re::range(a, b)),
        (Op::SeqUnit, [x]) => Seq(x.sort(), vec![x.clone()]),
        (Op::SeqConcat, [Seq(e, a), Seq(_, b)]) => Seq(e.clone(), [&a[..], b].concat()),
        (Op::SeqLen, [Seq(_, a)]) => Int(a.len().into()),
        (Op::SeqExtract, [Seq(e, a), Int(i), Int(n)]) => Seq(e.clone(), strings::substr(a, i, n)),
        (Op::SeqAt, [Seq(e, a), Int(i)]) => Seq(e.clone(), strings::at(a, i)),
        // Z3's and cvc5's documentation: the element at a position outside the sequence is
        // unspecified (a model may interpret it: `Model::unspecified`).
        (Op::SeqNth, [Seq(_, a), Int(i)]) => {
            match num_traits::ToPrimitive::to_usize(i).and_then(|k| a.get(k)) {
                Some(x) => x.clone(),
                None => {
                    return Err(Unknown(format!(
                        "seq.nth at {i} of a sequence of length {} is unspecified",
                        a.len()
                    )))
                }
            }
        }
        (Op::SeqContains, [Seq(_, a), Seq(_, b)]) => Bool(strings::contains(a, b)),
        (Op::SeqPrefixof, [Seq(_, a), Seq(_, b)]) => Bool(strings::prefixof(a, b)),
        (Op::SeqSuffixof, [Seq(_, a), Seq(_, b)]) => Bool(strings::suffixof(a, b)),
        (Op::SeqIndexof, [Seq(_, a), Seq(_, b), Int(i)]) => Int(strings::indexof(a, b, i)),
        (Op::SeqReplace, [Seq(e, a), Seq(_, b), Seq(_, c)]) => {
            Seq(e.clone(), strings::replace(a, b, c))
        }
        (Op::SeqReplaceAll, [Seq(e, a), Seq(_, b), Seq(_, c)]) => {
            Seq(e.clone(), strings::replace_all(a, b, c))
        }
        (Op::Select, [Array(a), i]) => a.select(i),
        (Op::Store, [Array(a), i, v]) => Array(a.store(i.clone(), v.clone())),
        (_, [a @ BitVec { .. }]) => from_bv(bv_unary(op, &to_bv(a))),
        (_, [a @ BitVec { .. }, c @ BitVec { .. }]) => bv_binary(op, &to_bv(a), &to_bv(c)),
        _ => unreachable!("{} applied to {vals:?}", info.name),
    })
}

fn bv_unary(op: Op, a: &Bv) -> Bv {
    match op {
        Op::BvNot => a.not(),
        Op::BvNeg => a.neg(),
        _ => unreachable!("{} is not a unary bit-vector operator", op.name()),
    }
}

fn bv_binary(op: Op, a: &Bv, c: &Bv) -> Value {
    let bool_ = Value::Bool;
    from_bv(match op {
        Op::Concat => a.concat(c),
        Op::BvAnd => a.and(c),
        Op::BvOr => a.or(c),
        Op::BvXor => a.xor(c),
        Op::BvNand => a.and(c).not(),
        Op::BvNor => a.or(c).not(),
        Op::BvXnor => a.xor(c).not(),
        Op::BvAdd => a.add(c),
        Op::BvSub => a.sub(c),
        Op::BvMul => a.mul(c),
        Op::BvUdiv => a.udiv(c),
        Op::BvUrem => a.urem(c),
        Op::BvSdiv => a.sdiv(c),
        Op::BvSrem => a.srem(c),
        Op::BvSmod => a.smod(c),
        Op::BvShl => a.shl(c),
        Op::BvLshr => a.lshr(c),
        Op::BvAshr => a.ashr(c),
        Op::BvComp => Bv::new(1, u8::from(a == c).into()),
        Op::BvUlt => return bool_(a.value < c.value),
        Op::BvUle => return bool_(a.value <= c.value),
        Op::BvUgt => return bool_(a.value > c.value),
        Op::BvUge => return bool_(a.value >= c.value),
        Op::BvSlt => return bool_(a.signed() < c.signed()),
        Op::BvSle => return bool_(a.signed() <= c.signed()),
        Op::BvSgt => return bool_(a.signed() > c.signed()),
        Op::BvSge => return bool_(a.signed() >= c.signed()),
        _ => unreachable!("{} is not a binary bit-vector operator", op.name()),
    })
}

/// SMT-LIB's Euclidean division: `a = b*q + r` with `0 <= r < |b|`.
fn euclid(a: &BigInt, b: &BigInt) -> Result<(BigInt, BigInt), Unknown> {
    if b.is_zero() {
        return Err(Unknown("(div _ 0) / (mod _ 0) is unspecified".into()));
    }
    let r = a.mod_floor(&b.abs());
    let q = (a - &r) / b;
    Ok((q, r))
}

fn binary_pred(op: Op, a: &Value, b: &Value) -> bool {
    use std::cmp::Ordering::*;
    let ord = match (a, b) {
        (Value::Int(x), Value::Int(y)) => x.cmp(y),
        (Value::Real(x), Value::Real(y)) => x.cmp(y),
        (Value::Float(x), Value::Float(y)) if op != Op::Eq => return fp::compare_op(op, x, y),
        _ => {
            return match op {
                Op::Eq => a == b,
                _ => unreachable!("{} on {a:?} {b:?}", op.name()),
            }
        }
    };
    match op {
        Op::Eq => ord == Equal,
        Op::Lt => ord == Less,
        Op::Le => ord != Greater,
        Op::Gt => ord == Greater,
        Op::Ge => ord != Less,
        _ => unreachable!(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn i(n: i64) -> Value {
        Value::Int(n.into())
    }
    fn r(n: i64, d: i64) -> Value {
        Value::Real(BigRational::new(n.into(), d.into()))
    }

    /// The sequence operators as Z3's and cvc5's documentation define them, at their edges:
    /// out-of-range extraction and `seq.at` give the empty sequence, `seq.nth` outside is
    /// unspecified (unknown unless a model interprets it), an empty pattern is found at the
    /// start position and prepended by `seq.replace`, left alone by `seq.replace_all`.
    #[test]
    fn sequence_operators_follow_their_string_counterparts() {
        let q = |xs: &[i64]| Value::Seq(Sort::Int, xs.iter().map(|x| i(*x)).collect());
        let ap = |op: Op, vals: &[Value]| apply_strict(op, vals);
        assert_eq!(ap(Op::SeqUnit, &[i(4)]), Ok(q(&[4])));
        assert_eq!(
            ap(Op::SeqConcat, &[q(&[1]), q(&[]), q(&[2, 3])]),
            Ok(q(&[1, 2, 3]))
        );
        assert_eq!(ap(Op::SeqLen, &[q(&[1, 1])]), Ok(i(2)));
        assert_eq!(
            ap(Op::SeqExtract, &[q(&[1, 2, 3]), i(1), i(5)]),
            Ok(q(&[2, 3]))
        );
        assert_eq!(ap(Op::SeqExtract, &[q(&[1, 2, 3]), i(3), i(1)]), Ok(q(&[])));
        assert_eq!(
            ap(Op::SeqExtract, &[q(&[1, 2, 3]), i(0), i(-1)]),
            Ok(q(&[]))
        );
        assert_eq!(ap(Op::SeqAt, &[q(&[1, 2]), i(1)]), Ok(q(&[2])));
        assert_eq!(ap(Op::SeqAt, &[q(&[1, 2]), i(-1)]), Ok(q(&[])));
        assert_eq!(ap(Op::SeqNth, &[q(&[5, 6]), i(1)]), Ok(i(6)));
        assert!(ap(Op::SeqNth, &[q(&[5, 6]), i(2)]).is_err());
        assert!(may_be_unspecified(Op::SeqNth));
        assert_eq!(
            ap(Op::SeqContains, &[q(&[1, 2, 3]), q(&[2, 3])]),
            Ok(Value::Bool(true))
        );
        assert_eq!(
            ap(Op::SeqPrefixof, &[q(&[1]), q(&[1, 2])]),
            Ok(Value::Bool(true))
        );
        assert_eq!(
            ap(Op::SeqSuffixof, &[q(&[1]), q(&[1, 2])]),
            Ok(Value::Bool(false))
        );
        assert_eq!(
            ap(Op::SeqIndexof, &[q(&[1, 2, 1]), q(&[1]), i(1)]),
            Ok(i(2))
        );
        assert_eq!(ap(Op::SeqIndexof, &[q(&[1, 2]), q(&[]), i(2)]), Ok(i(2)));
        assert_eq!(ap(Op::SeqIndexof, &[q(&[1, 2]), q(&[]), i(3)]), Ok(i(-1)));
        assert_eq!(
            ap(Op::SeqReplace, &[q(&[1, 2, 1]), q(&[1]), q(&[7, 7])]),
            Ok(q(&[7, 7, 2, 1]))
        );
        assert_eq!(
            ap(Op::SeqReplace, &[q(&[1]), q(&[]), q(&[0])]),
            Ok(q(&[0, 1]))
        );
        assert_eq!(
            ap(Op::SeqReplaceAll, &[q(&[1, 2, 1]), q(&[1]), q(&[])]),
            Ok(q(&[2]))
        );
        assert_eq!(
            ap(Op::SeqReplaceAll, &[q(&[1]), q(&[]), q(&[0])]),
            Ok(q(&[1]))
        );
        let empty = apply_sorted(Op::SeqEmpty, [0, 0], &[], &Sort::seq(Sort::Bool));
        assert_eq!(empty, Ok(Value::Seq(Sort::Bool, vec![])));
    }

    #[test]
    fn finite_quantifiers_are_decided_by_enumeration() {
        // forall x:BV2. x <= #b11 (true); exists x:BV2. x*x = #b10 (false: squares mod 4
        // are 0 and 1); forall x:Int. ... (unknown); forall b:Bool. b (false).
        let mut f = Formula::default();
        let (x, xn) = f.bound_var("x", Sort::BitVec(2));
        let top = f.lit(Value::bv(2, 3u8));
        let le = f.app(Op::BvUle, vec![xn, top]).unwrap();
        let all_le = f.quantifier(true, vec![x], le).unwrap();
        let (y, yn) = f.bound_var("y", Sort::BitVec(2));
        let sq = f.app(Op::BvMul, vec![yn, yn]).unwrap();
        let two = f.lit(Value::bv(2, 2u8));
        let eq = f.app(Op::Eq, vec![sq, two]).unwrap();
        let some_sq = f.quantifier(false, vec![y], eq).unwrap();
        let (z, zn) = f.bound_var("z", Sort::Int);
        let zero = f.lit(i(0));
        let ge = f.app(Op::Ge, vec![zn, zero]).unwrap();
        let all_int = f.quantifier(true, vec![z], ge).unwrap();
        let (b, bn) = f.bound_var("b", Sort::Bool);
        let all_b = f.quantifier(true, vec![b], bn).unwrap();
        // Kleene: a Bool counterexample decides a conjunction with an unknown part.
        let and = f.app(Op::And, vec![all_int, all_b]).unwrap();
        let m = Model::default();
        let mut ev = Evaluator::new(&f, &m);
        assert_eq!(ev.eval(all_le), Ok(Value::Bool(true)));
        assert_eq!(ev.eval(some_sq), Ok(Value::Bool(false)));
        assert!(ev.eval(all_int).is_err());
        assert_eq!(ev.eval(all_b), Ok(Value::Bool(false)));
        assert_eq!(ev.eval(and), Ok(Value::Bool(false)));
    }

    #[test]
    fn nested_quantifiers_share_one_evaluation_budget() {
        // Four nested foralls over two 5-bit variables each: 2^40 assignments in total.
        // Found as a libFuzzer timeout of model_z3; now unknown after the budget.
        let mut f = Formula::default();
        let mut vars = Vec::new();
        for k in 0..8 {
            vars.push(f.bound_var(format!("q{k}"), Sort::BitVec(5)));
        }
        let zero = f.lit(Value::bv(5, 0u8));
        let mut body = f.app(Op::BvUge, vec![vars[0].1, zero]).unwrap();
        for pair in vars.chunks(2).rev() {
            body = f
                .quantifier(true, vec![pair[0].0, pair[1].0], body)
                .unwrap();
        }
        let m = Model::default();
        let r = Evaluator::new(&f, &m).eval(body);
        assert!(
            matches!(&r, Err(u) if u.0.contains("body evaluations")),
            "{r:?}"
        );
    }

    #[test]
    fn array_values_are_canonical() {
        let int = |n: i64| Value::Int(n.into());
        let b = Value::Bool;
        // Over Bool: a[true]=0, a[false]=-88 written two ways is one value.
        let x = ArrayValue::constant(Sort::Bool, int(-88)).store(b(true), int(0));
        let y = ArrayValue::constant(Sort::Bool, int(0)).store(b(false), int(-88));
        assert_eq!(x, y);
        // Storing the default removes the exception; overwriting keeps one entry.
        let z = ArrayValue::constant(Sort::Int, int(1)).store(int(5), int(2));
        assert_eq!(
            z.store(int(5), int(1)),
            ArrayValue::constant(Sort::Int, int(1))
        );
        assert_eq!(z.store(int(5), int(3)).entries.len(), 1);
        assert_eq!(z.select(&int(5)), int(2));
        assert_eq!(z.select(&int(6)), int(1));
        // Over (_ BitVec 2): three stores of 7 make 7 the default.
        let w = (0..3u8).fold(ArrayValue::constant(Sort::BitVec(2), int(0)), |a, i| {
            a.store(Value::bv(2, i), int(7))
        });
        assert_eq!(*w.default, int(7));
        assert_eq!(w.entries, vec![(Value::bv(2, 3u8), int(0))]);
        // Extensional equality through the evaluator; decided over an index of arrays over
        // finite sorts (those enumerate: one canonical form).
        let arr = |v| Value::Array(v);
        assert_eq!(apply_strict(Op::Eq, &[arr(x), arr(y)]), Ok(b(true)));
        let bb = Sort::array(Sort::Bool, Sort::Bool);
        let c = ArrayValue::constant(bb.clone(), int(0));
        let all = bb.enumerate();
        let d = all
            .iter()
            .fold(c.clone(), |a, i| a.store(i.clone(), int(0)));
        assert_eq!(apply_strict(Op::Eq, &[arr(c.clone()), arr(d)]), Ok(b(true)));
        let e = c.store(all[1].clone(), int(1));
        assert_eq!(apply_strict(Op::Eq, &[arr(c), arr(e)]), Ok(b(false)));
    }

    #[test]
    fn euclidean_div_mod_match_smtlib() {
        // SMT-LIB Ints: a = b*q + r, 0 <= r < |b|.
        for (a, b, q, m) in [
            (7, 2, 3, 1),
            (-7, 2, -4, 1),
            (7, -2, -3, 1),
            (-7, -2, 4, 1),
            (0, 5, 0, 0),
            (-1, 3, -1, 2),
        ] {
            assert_eq!(
                apply_strict(Op::IntDiv, &[i(a), i(b)]),
                Ok(i(q)),
                "div {a} {b}"
            );
            assert_eq!(
                apply_strict(Op::Mod, &[i(a), i(b)]),
                Ok(i(m)),
                "mod {a} {b}"
            );
        }
        assert!(apply_strict(Op::IntDiv, &[i(1), i(0)]).is_err());
        assert!(apply_strict(Op::Mod, &[i(1), i(0)]).is_err());
        assert!(apply_strict(Op::RealDiv, &[r(1, 1), r(0, 1)]).is_err());
        // Left-associative div: (div 100 7 3) = (div 14 3) = 4.
        assert_eq!(apply_strict(Op::IntDiv, &[i(100), i(7), i(3)]), Ok(i(4)));
    }

    #[test]
    fn conversions_and_attributes() {
        assert_eq!(apply_strict(Op::ToInt, &[r(-1, 2)]), Ok(i(-1)));
        assert_eq!(apply_strict(Op::ToInt, &[r(7, 2)]), Ok(i(3)));
        assert_eq!(apply_strict(Op::IsInt, &[r(4, 2)]), Ok(Value::Bool(true)));
        assert_eq!(
            apply_strict(Op::Lt, &[i(1), i(2), i(2)]),
            Ok(Value::Bool(false))
        );
        assert_eq!(
            apply_strict(Op::Le, &[i(1), i(2), i(2)]),
            Ok(Value::Bool(true))
        );
        assert_eq!(
            apply_strict(Op::Distinct, &[i(1), i(2), i(1)]),
            Ok(Value::Bool(false))
        );
        assert_eq!(apply_strict(Op::Sub, &[i(10), i(3), i(2)]), Ok(i(5)));
        assert_eq!(
            apply_strict(
                Op::Xor,
                &[Value::Bool(true), Value::Bool(true), Value::Bool(true)]
            ),
            Ok(Value::Bool(true))
        );
        assert_eq!(apply_strict(Op::Abs, &[i(-3)]), Ok(i(3)));
    }

    #[test]
    fn divisions_by_zero_of_equal_dividends_are_equal() {
        let mut f = Formula::default();
        let (x, y) = (f.declare("x", Sort::Int), f.declare("y", Sort::Int));
        let q = f.declare("q", Sort::Real);
        let (x, y, q) = (f.constant(x), f.constant(y), f.constant(q));
        let (zero, one) = (f.lit(i(0)), f.lit(i(1)));
        let rzero = f.lit(r(0, 1));
        let dx = f.app(Op::IntDiv, vec![x, zero]).unwrap();
        let dy = f.app(Op::IntDiv, vec![y, zero]).unwrap();
        let mx = f.app(Op::Mod, vec![x, zero]).unwrap();
        let d1 = f.app(Op::IntDiv, vec![x, one]).unwrap();
        let qq = f.app(Op::RealDiv, vec![q, rzero]).unwrap();
        let x_minus_y = f.app(Op::Sub, vec![x, y]).unwrap();
        let dz = f.app(Op::IntDiv, vec![x, x_minus_y]).unwrap();
        let terms = [
            f.app(Op::Eq, vec![dx, dy]).unwrap(),       // 0: equal dividends
            f.app(Op::Distinct, vec![dx, dy]).unwrap(), // 1
            f.app(Op::Eq, vec![dx, mx]).unwrap(),       // 2: div and mod are different functions
            f.app(Op::Eq, vec![dx, d1]).unwrap(),       // 3: (div x 1) is no division by zero
            f.app(Op::Eq, vec![qq, qq]).unwrap(),       // 4: (/ q 0.0) twice
            f.app(Op::Eq, vec![dz, dy]).unwrap(),       // 5: a divisor that evaluates to 0
        ];
        let m = |a: i64, b: i64| Model {
            values: vec![Some(i(a)), Some(i(b)), Some(r(1, 2))],
            ..Default::default()
        };
        let same = m(3, 3);
        let mut ev = Evaluator::new(&f, &same);
        let got: Vec<_> = terms.iter().map(|t| ev.eval(*t).ok()).collect();
        let b = |x| Some(Value::Bool(x));
        assert_eq!(got, vec![b(true), b(false), None, None, b(true), b(true)]);
        // Different dividends decide nothing: the unspecified results may be equal.
        let other = m(3, 4);
        let mut ev = Evaluator::new(&f, &other);
        assert!(ev.eval(terms[0]).is_err() && ev.eval(terms[1]).is_err());
    }

    #[test]
    fn a_models_divisions_by_zero_are_used_at_each_step() {
        let mut f = Formula::default();
        let x = f.declare("x", Sort::Int);
        let x = f.constant(x);
        let (zero, two, six) = (f.lit(i(0)), f.lit(i(2)), f.lit(i(6)));
        // (div 6 0 2) = (div (div 6 0) 2); (div 6 2 x) with x = 0 = (div 3 0).
        let first = f.app(Op::IntDiv, vec![six, zero, two]).unwrap();
        let last = f.app(Op::IntDiv, vec![six, two, x]).unwrap();
        let m = Model {
            values: vec![Some(i(0))],
            divisions: vec![((Op::IntDiv, i(6)), i(10)), ((Op::IntDiv, i(3)), i(7))],
            ..Default::default()
        };
        let mut ev = Evaluator::new(&f, &m);
        assert_eq!(ev.eval(first), Ok(i(5)));
        assert_eq!(ev.eval(last), Ok(i(7)));
        // Without the model's value the step by zero stays unknown.
        let bare = Model {
            values: vec![Some(i(0))],
            ..Default::default()
        };
        assert!(Evaluator::new(&f, &bare).eval(last).is_err());
    }

    #[test]
    fn unknown_propagates_but_kleene_decides() {
        let mut f = Formula::default();
        let x = f.declare("x", Sort::Int);
        let x = f.constant(x);
        let zero = f.lit(i(0));
        let d = f.app(Op::IntDiv, vec![x, zero]).unwrap();
        let eq = f.app(Op::Eq, vec![d, x]).unwrap();
        let fls = f.lit(Value::Bool(false));
        let tru = f.lit(Value::Bool(true));
        let and = f.app(Op::And, vec![eq, fls]).unwrap();
        let or = f.app(Op::Or, vec![eq, tru]).unwrap();
        let imp = f.app(Op::Implies, vec![fls, eq]).unwrap();
        let imp2 = f.app(Op::Implies, vec![eq, tru]).unwrap();
        let imp3 = f.app(Op::Implies, vec![tru, eq]).unwrap();
        let m = Model {
            values: vec![Some(i(3))],
            ..Default::default()
        };
        let mut ev = Evaluator::new(&f, &m);
        assert!(ev.eval(eq).is_err());
        assert_eq!(ev.eval(and), Ok(Value::Bool(false)));
        assert_eq!(ev.eval(or), Ok(Value::Bool(true)));
        assert_eq!(ev.eval(imp), Ok(Value::Bool(true)));
        assert_eq!(ev.eval(imp2), Ok(Value::Bool(true)));
        assert!(ev.eval(imp3).is_err());
    }

    #[test]
    fn missing_model_value_is_unknown_not_false() {
        let mut f = Formula::default();
        let x = f.declare("x", Sort::Real);
        let x = f.constant(x);
        let one = f.lit(r(1, 1));
        let gt = f.app(Op::Gt, vec![x, one]).unwrap();
        f.assert(gt).unwrap();
        assert!(matches!(
            check_model(
                &f,
                &Model {
                    values: vec![None],
                    ..Default::default()
                }
            ),
            Truth::Unknown(0, _)
        ));
        assert_eq!(
            check_model(
                &f,
                &Model {
                    values: vec![Some(r(3, 2))],
                    ..Default::default()
                }
            ),
            Truth::True
        );
        assert_eq!(
            check_model(
                &f,
                &Model {
                    values: vec![Some(r(1, 1))],
                    ..Default::default()
                }
            ),
            Truth::False(0)
        );
    }
}
