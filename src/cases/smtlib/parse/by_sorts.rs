//! The reader of scripts that use FloatingPoint, which yaspar-ir's type checker does not
//! know. Terms are read from S-expressions bottom-up straight into the IR: each application's
//! sort comes from the IR's own sort checker ([`crate::lang::ir::result_sort`]), which also picks
//! among the operators that share a name (`to_fp` of a bit-vector, a float, a real, a signed
//! bit-vector; `-` as negation or subtraction). The commands become the same [`Script`] as
//! the typed reader makes (the same `Actions`, options and notes).

use super::{DtSymbol, ErrorKind, ParseError, Script};
use crate::cases::script::Action;
use crate::cases::smtlib::sexp::{command_spans, Sx};
use crate::lang::ir::{DeclId, Float, Formula, NodeId, Op, RoundingMode, Sort, Value};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::Num;
use std::collections::HashMap;

/// Whether `text` uses FloatingPoint: a sort, literal or rounding mode of the theory (the
/// typed reader cannot read it; this reader can).
pub(super) fn mentions_fp(text: &str) -> bool {
    const MARKS: &[&str] = &[
        "FloatingPoint",
        "Float16",
        "Float32",
        "Float64",
        "Float128",
        "RoundingMode",
        "(fp ",
        "to_fp",
        "fp.",
        "+zero",
        "-zero",
        "+oo",
        "-oo",
        "NaN",
        "RNE",
        "RNA",
        "RTP",
        "RTN",
        "RTZ",
        "roundNearestTies",
        "roundToward",
    ];
    MARKS.iter().any(|m| text.contains(m))
}

/// Whether `text` uses a solver's own string operators — Z3's sequence names (`seq.len` on
/// strings, its extension `seq.last_indexof`) or another of [`crate::lang::ir::ops::EXTENSIONS`]
/// (cvc5's `str.rev`, …) — which the typed reader does not know: this reader reads them.
pub(super) fn mentions_solver_extension(text: &str) -> bool {
    text.contains("seq.")
        || crate::lang::ir::ops::EXTENSIONS
            .iter()
            .any(|op| text.contains(op.name()))
}

/// `define-funs-rec` (`define-fun-rec` is one signature): each function declared, then each
/// body read with its parameters as bound variables, and the definitions recorded.
fn define_funs_rec(
    r: &mut Reader,
    st: &mut super::Read,
    sigs: &[Sx],
    bodies: &[Sx],
) -> Result<(), String> {
    let mut defined = Vec::new();
    for sig in sigs {
        let Sx::List(parts) = sig else {
            return Err(format!("define-funs-rec signature {sig}"));
        };
        let [Sx::Atom(name), Sx::List(params), ret] = parts.as_slice() else {
            return Err(format!("define-funs-rec signature {sig}"));
        };
        let mut ps = Vec::new();
        for p in params {
            match p {
                Sx::List(p) if p.len() == 2 => {
                    let n = atom(&p[0]).ok_or_else(|| format!("parameter {}", p[0]))?;
                    ps.push((symbol(n).to_string(), r.sort(&p[1])?));
                }
                _ => return Err(format!("parameter {p}")),
            }
        }
        if ps.is_empty() {
            return Err(format!("define-fun-rec {name} without parameters"));
        }
        let ret = r.sort(ret)?;
        let sorts = ps.iter().map(|(_, s)| s.clone()).collect();
        let d = r
            .declare(symbol(name), sorts, ret, &mut st.notes)
            .ok_or_else(|| format!("define-fun-rec {name}: declared before"))?;
        st.run.push(Action::Declare(d));
        defined.push((d, ps));
    }
    for ((d, ps), body) in defined.into_iter().zip(bodies) {
        let mark = r.locals.len();
        let mut params = Vec::with_capacity(ps.len());
        for (name, sort) in ps {
            let (b, node) = r.f.bound_var(name.clone(), sort);
            r.locals.push((name, node));
            params.push(b);
        }
        let body = r.term(body);
        r.locals.truncate(mark);
        r.f.define_rec(d, params, body?)
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// A `define-fun`: its parameters and body, expanded where it is applied.
#[derive(Clone)]
struct Def {
    params: Vec<(String, Sort)>,
    body: Sx,
}

#[derive(Default)]
struct Reader {
    f: Formula,
    globals: HashMap<String, DeclId>,
    defs: HashMap<String, Def>,
    /// `:named` terms and definitions of constants, by name.
    consts: HashMap<String, NodeId>,
    /// Local variables (let, quantifiers, definition parameters), innermost last.
    locals: Vec<(String, NodeId)>,
    /// Uninterpreted sorts by name, numbered in order of declaration.
    sorts: HashMap<String, u32>,
    /// `define-sort` names without parameters, with their sorts.
    sort_defs: HashMap<String, Sort>,
    /// Terms read outside every local scope, by their text: a term means one node wherever
    /// it occurs (as in the typed reader); literals are not kept (a folded application's
    /// argument literals are removed from the arena again).
    memo: HashMap<Sx, NodeId>,
    patterns_dropped: usize,
    /// Z3's names read as other operators or as its extensions (`seq.len`,
    /// `seq.last_indexof`): each one's note, with its count.
    z3_names: std::collections::BTreeMap<String, usize>,
    /// Whether the lenient forms are read (`-N` numerals, as smtsmith's own reproducers
    /// write them inside `as const`), and how often one was.
    lenient: bool,
    negative_numerals: usize,
    /// Declared datatypes by name.
    datatypes: HashMap<String, crate::lang::ir::DtSort>,
    /// Constructors, selectors and testers (`is-C`) by name, with their datatype.
    dt_symbols: HashMap<String, (crate::lang::ir::DtSort, DtSymbol)>,
}

/// A symbol without the bars of a quoted symbol.
fn symbol(a: &str) -> &str {
    a.strip_prefix('|')
        .and_then(|s| s.strip_suffix('|'))
        .unwrap_or(a)
}

fn atom(x: &Sx) -> Option<&str> {
    match x {
        Sx::Atom(a) => Some(a),
        Sx::List(_) => None,
    }
}

fn index(x: &Sx) -> Result<u32, String> {
    atom(x)
        .and_then(|a| a.parse().ok())
        .ok_or_else(|| format!("index {x}"))
}

impl Reader {
    fn sort(&self, x: &Sx) -> Result<Sort, String> {
        match x {
            Sx::Atom(a) => Ok(match symbol(a) {
                "Bool" => Sort::Bool,
                "Int" => Sort::Int,
                "Real" => Sort::Real,
                "String" => Sort::String,
                "RegLan" => Sort::RegLan,
                "RoundingMode" => Sort::RoundingMode,
                "Float16" => Sort::Float(5, 11),
                "Float32" => Sort::Float(8, 24),
                "Float64" => Sort::Float(11, 53),
                "Float128" => Sort::Float(15, 113),
                name => match (self.sorts.get(name), self.sort_defs.get(name)) {
                    (Some(n), _) => Sort::Uninterp(*n),
                    (None, Some(s)) => s.clone(),
                    (None, None) => match self.datatypes.get(name) {
                        Some(d) => Sort::Datatype(d.clone()),
                        None => return Err(format!("sort {name}")),
                    },
                },
            }),
            Sx::List(items) => match items.as_slice() {
                [Sx::Atom(u), Sx::Atom(b), w] if u == "_" && b == "BitVec" => match index(w)? {
                    0 => Err("(_ BitVec 0)".into()),
                    w => Ok(Sort::BitVec(w)),
                },
                [Sx::Atom(u), Sx::Atom(fp), eb, sb] if u == "_" && fp == "FloatingPoint" => {
                    let (eb, sb) = (index(eb)?, index(sb)?);
                    if !crate::lang::ir::float::format_ok(eb, sb) {
                        return Err(format!(
                            "FloatingPoint sort {x} (smtsmith takes eb 2..={}, sb 2..={})",
                            crate::lang::ir::float::MAX_EB,
                            crate::lang::ir::float::MAX_SB
                        ));
                    }
                    Ok(Sort::Float(eb, sb))
                }
                [Sx::Atom(a), i, e] if a == "Array" => {
                    Ok(Sort::array(self.sort(i)?, self.sort(e)?))
                }
                [Sx::Atom(a), e] if a == "Seq" => Ok(Sort::seq(self.sort(e)?)),
                [Sx::Atom(name), args @ ..] if !args.is_empty() => {
                    let d = self
                        .datatypes
                        .get(symbol(name))
                        .filter(|d| d.group.types[0].params.len() == args.len())
                        .cloned()
                        .ok_or_else(|| format!("sort {x}"))?;
                    let args = args
                        .iter()
                        .map(|a| self.sort(a))
                        .collect::<Result<Vec<_>, _>>()?;
                    Ok(Sort::Datatype(crate::lang::ir::DtSort::instance(
                        d.group, d.index, args,
                    )))
                }
                _ => Err(format!("sort {x}")),
            },
        }
    }

    fn lit(&mut self, v: Value) -> NodeId {
        self.f.lit(v)
    }

    fn term(&mut self, x: &Sx) -> Result<NodeId, String> {
        let literal = matches!(x, Sx::Atom(a) if a.starts_with(|c: char| c.is_ascii_digit() || c == '#' || c == '"')
            || super::negative_numeral(a).is_some());
        let cacheable = self.locals.is_empty() && !literal;
        if cacheable {
            if let Some(n) = self.memo.get(x) {
                return Ok(*n);
            }
        }
        let n = match x {
            Sx::Atom(a) => self.atom_term(a),
            Sx::List(items) => self.list_term(x, items),
        }?;
        if cacheable {
            self.memo.insert(x.clone(), n);
        }
        Ok(n)
    }

    fn atom_term(&mut self, a: &str) -> Result<NodeId, String> {
        if let Some(s) = a.strip_prefix("#b") {
            let v = BigUint::from_str_radix(s, 2).map_err(|e| format!("{a}: {e}"))?;
            return Ok(self.lit(Value::bv(s.len() as u32, v)));
        }
        if let Some(s) = a.strip_prefix("#x") {
            let v = BigUint::from_str_radix(s, 16).map_err(|e| format!("{a}: {e}"))?;
            return Ok(self.lit(Value::bv(4 * s.len() as u32, v)));
        }
        if a.starts_with('"') {
            let w = crate::cases::smtlib::parse_string_literal(a)
                .ok_or_else(|| format!("string literal {a}"))?;
            return Ok(self.lit(Value::Str(w)));
        }
        let (negative, unsigned) = match super::negative_numeral(a) {
            Some(d) if self.lenient => {
                self.negative_numerals += 1;
                (true, d)
            }
            _ => (false, a),
        };
        if unsigned.starts_with(|c: char| c.is_ascii_digit()) {
            let value = if unsigned.contains('.') {
                let r = super::decimal(unsigned).ok_or_else(|| format!("decimal {a}"))?;
                Value::Real(if negative { -r } else { r })
            } else {
                let n = BigInt::from_str_radix(unsigned, 10).map_err(|e| format!("{a}: {e}"))?;
                Value::Int(if negative { -n } else { n })
            };
            return Ok(self.lit(value));
        }
        let name = symbol(a);
        if let Some((_, n)) = self.locals.iter().rev().find(|(k, _)| k == name) {
            return Ok(*n);
        }
        if let Some(n) = self.consts.get(name) {
            return Ok(*n);
        }
        if let Some(d) = self.globals.get(name) {
            return Ok(self.f.constant(*d));
        }
        if let Some(def) = self.defs.get(name).cloned() {
            return self.expand(&def, Vec::new(), name);
        }
        match name {
            "true" => return Ok(self.lit(Value::Bool(true))),
            "false" => return Ok(self.lit(Value::Bool(false))),
            _ => {}
        }
        if let Some(m) = RoundingMode::by_name(name) {
            return Ok(self.lit(Value::Rm(m)));
        }
        if let Some(r) = self.datatype_app(name, Vec::new()) {
            return r;
        }
        self.apply(name, [0, 0], 0, Vec::new())
            .map_err(|_| format!("symbol {name}"))
    }

    fn list_term(&mut self, x: &Sx, items: &[Sx]) -> Result<NodeId, String> {
        let Some((head, rest)) = items.split_first() else {
            return Err("()".into());
        };
        match head {
            Sx::Atom(h) if h == "_" => return self.indexed_constant(x, rest),
            Sx::Atom(h) if h == "let" => return self.let_term(x, rest),
            Sx::Atom(h) if h == "forall" || h == "exists" => {
                return self.quantifier(h == "forall", x, rest)
            }
            Sx::Atom(h) if h == "!" => return self.annotated(x, rest),
            Sx::Atom(h) if h == "match" => return self.matching(x, rest),
            Sx::Atom(h) if h == "as" => {
                // `(as C S)` of a constructor: at the instance S; otherwise the term itself.
                return match rest {
                    [Sx::Atom(c), sort] if symbol(c) == "seq.empty" => {
                        let sort = self.sort(sort)?;
                        match &sort {
                            Sort::Seq(e) => Ok(self.lit(Value::Seq((**e).clone(), Vec::new()))),
                            _ => Err(format!("term {x}: seq.empty of a sort that is no sequence")),
                        }
                    }
                    [Sx::Atom(c), sort] if self.dt_symbols.contains_key(symbol(c)) => {
                        let sort = self.sort(sort)?;
                        self.datatype_app_at(symbol(c), Vec::new(), Some(sort))
                            .unwrap_or_else(|| Err(format!("term {x}")))
                    }
                    [t, _] => self.term(t),
                    _ => Err(format!("term {x}")),
                };
            }
            _ => {}
        }
        let mark = self.f.nodes.len();
        let mut args = Vec::with_capacity(rest.len());
        for a in rest {
            args.push(self.term(a)?);
        }
        match head {
            Sx::Atom(h) => {
                let name = symbol(h);
                if let Some(def) = self.defs.get(name).cloned() {
                    return self.expand(&def, args, name);
                }
                if let Some(d) = self.globals.get(name).copied() {
                    return self.f.call(d, args).map_err(|e| e.to_string());
                }
                if matches!(name, "and" | "or" | "+" | "*") && args.len() == 1 {
                    return Ok(args[0]);
                }
                if let Some(r) = self.datatype_app(name, args.clone()) {
                    return r;
                }
                let op = crate::lang::ir::OPS
                    .iter()
                    .find(|i| i.name == name && i.indices == 0 && args.len() >= i.min_arity);
                if let Some(v) = op.and_then(|i| super::fold_literal(&self.f, i.op, &args)) {
                    // The arguments were literals made for this application only.
                    if self.f.nodes[mark..]
                        .iter()
                        .all(|n| matches!(n.kind, crate::lang::ir::NodeKind::Lit(_)))
                    {
                        self.f.nodes.truncate(mark);
                        self.memo.retain(|_, id| (id.0 as usize) < mark);
                    }
                    return Ok(self.lit(v));
                }
                self.apply(name, [0, 0], 0, args)
            }
            Sx::List(op) => match op.as_slice() {
                [Sx::Atom(u), Sx::Atom(is), Sx::Atom(c)] if u == "_" && is == "is" => {
                    let tester = format!("is-{}", symbol(c));
                    self.datatype_app(&tester, args)
                        .unwrap_or_else(|| Err(format!("tester (_ is {c}) of no constructor")))
                }
                [Sx::Atom(u), Sx::Atom(name), idx @ ..] if u == "_" && idx.len() <= 2 => {
                    let mut ix = [0u32; 2];
                    for (k, i) in idx.iter().enumerate() {
                        ix[k] = index(i)?;
                    }
                    self.apply(name, ix, idx.len(), args)
                }
                [Sx::Atom(a), Sx::Atom(c), s] if a == "as" && c != "const" => {
                    let sort = self.sort(s)?;
                    self.datatype_app_at(symbol(c), args, Some(sort))
                        .unwrap_or_else(|| Err(format!("term {x}")))
                }
                [Sx::Atom(a), Sx::Atom(c), s] if a == "as" && c == "const" => {
                    let sort = self.sort(s)?;
                    let [v] = args[..] else {
                        return Err(format!("term {x}"));
                    };
                    if let (Sort::Array(i, _), crate::lang::ir::NodeKind::Lit(value)) =
                        (&sort, &self.f.node(v).kind)
                    {
                        let array = Value::Array(crate::lang::ir::ArrayValue::constant(
                            (**i).clone(),
                            value.clone(),
                        ));
                        let app =
                            format!("((as const {sort}) {})", crate::cases::smtlib::value(value));
                        if crate::cases::smtlib::value(&array) == app {
                            return Ok(self.lit(array));
                        }
                    }
                    self.f.const_array(sort, v).map_err(|e| e.to_string())
                }
                _ => Err(format!("term {x}")),
            },
        }
    }

    /// `(_ +zero eb sb)` and the other special floats; `(_ bvN w)`.
    fn indexed_constant(&mut self, x: &Sx, rest: &[Sx]) -> Result<NodeId, String> {
        let name = rest
            .first()
            .and_then(atom)
            .ok_or_else(|| format!("term {x}"))?;
        if let (Some(n), [_, w]) = (name.strip_prefix("bv"), rest) {
            let v = BigUint::from_str_radix(n, 10).map_err(|_| format!("term {x}"))?;
            let w = index(w)?;
            if w == 0 {
                return Err("(_ BitVec 0)".into());
            }
            return Ok(self.lit(Value::bv(w, v)));
        }
        let [_, eb, sb] = rest else {
            return Err(format!("term {x}"));
        };
        let (eb, sb) = (index(eb)?, index(sb)?);
        if !crate::lang::ir::float::format_ok(eb, sb) {
            return Err(format!("FloatingPoint constant {x} (format out of range)"));
        }
        let v = match name {
            "+zero" => Float::zero(eb, sb, false),
            "-zero" => Float::zero(eb, sb, true),
            "+oo" => Float::inf(eb, sb, false),
            "-oo" => Float::inf(eb, sb, true),
            "NaN" => Float::nan(eb, sb),
            _ => return Err(format!("constant {x}")),
        };
        Ok(self.lit(Value::Float(v)))
    }

    /// An operator of the table by name: the first one whose arity, index count and sorts
    /// fit the arguments. Integer literals where no operator fits are read again as reals
    /// (`((_ to_fp 8 24) RNE 1)`; both solvers read it).
    fn apply(
        &mut self,
        name: &str,
        idx: crate::lang::ir::Idx,
        indices: usize,
        args: Vec<NodeId>,
    ) -> Result<NodeId, String> {
        // A `seq.` name over sequences is the sequence operator; over strings, Z3's alias of
        // a string operator (below).
        let sorts: Vec<Sort> = args.iter().map(|a| self.f.sort_of(*a).clone()).collect();
        let sequence_op = crate::lang::ir::OPS.iter().find(|i| {
            i.theory == crate::lang::ir::Theory::Sequences
                && i.name == name
                && i.indices == indices
                && crate::lang::ir::result_sort(i.op, idx, &sorts).is_ok()
        });
        if let Some(i) = sequence_op {
            return self
                .f
                .app_indexed(i.op, idx, args)
                .map_err(|e| e.to_string());
        }
        let name = match crate::lang::ir::ops::Z3_SEQ_ALIASES
            .iter()
            .find(|(alias, _)| *alias == name)
        {
            Some((alias, op)) => {
                let note = format!(
                    "Z3's sequence name on strings: `{alias}` read as `{}` (Z3 reads it, cvc5 does not)",
                    op.name()
                );
                *self.z3_names.entry(note).or_default() += 1;
                op.name()
            }
            None => name,
        };
        let extension = crate::lang::ir::ops::EXTENSIONS
            .iter()
            .find(|op| op.name() == name)
            .and_then(|op| crate::dialect::facts::extension_readers(*op));
        if let Some(readers) = extension {
            let readers: Vec<String> = readers.iter().map(|r| r.to_string()).collect();
            let note = format!(
                "`{name}`: an extension of {} (not SMT-LIB), read; a solver without it is not asked",
                readers.join(", ")
            );
            *self.z3_names.entry(note).or_default() += 1;
        }
        let candidates: Vec<Op> = crate::lang::ir::OPS
            .iter()
            .filter(|i| i.name == name && i.indices == indices && i.op != Op::ConstArray)
            .filter(|i| args.len() >= i.min_arity && (i.is_variadic() || args.len() == i.min_arity))
            .map(|i| i.op)
            .collect();
        if candidates.is_empty() {
            return Err(format!("operator {name}"));
        }
        let sorts: Vec<Sort> = args.iter().map(|a| self.f.sort_of(*a).clone()).collect();
        let mut first_error = None;
        for op in &candidates {
            match crate::lang::ir::result_sort(*op, idx, &sorts) {
                Ok(_) => {
                    return self
                        .f
                        .app_indexed(*op, idx, args)
                        .map_err(|e| e.to_string())
                }
                Err(e) => {
                    first_error.get_or_insert(e.to_string());
                }
            }
        }
        let as_real: Vec<NodeId> = args
            .iter()
            .map(|a| match &self.f.node(*a).kind {
                crate::lang::ir::NodeKind::Lit(Value::Int(n)) => {
                    let r = Value::Real(BigRational::from_integer(n.clone()));
                    self.f.lit(r)
                }
                _ => *a,
            })
            .collect();
        if as_real != args {
            let sorts: Vec<Sort> = as_real.iter().map(|a| self.f.sort_of(*a).clone()).collect();
            for op in &candidates {
                if crate::lang::ir::result_sort(*op, idx, &sorts).is_ok() {
                    return self
                        .f
                        .app_indexed(*op, idx, as_real)
                        .map_err(|e| e.to_string());
                }
            }
        }
        Err(first_error.unwrap_or_else(|| format!("operator {name}")))
    }

    /// `declare-datatypes` (`names`: the `(D 0)` pairs, `decls`: each member's
    /// constructors) or `declare-datatype`: one group of mutually recursive datatypes.
    /// Parametric ones are not read (an unsupported construct here, as `par` is).
    fn declare_datatypes(&mut self, names: &[Sx], decls: &[Sx]) -> Result<(), String> {
        use crate::lang::ir::datatype::{Ctor, DtDecl, DtGroup, Field, FieldSort};
        if names.len() != decls.len() {
            return Err(format!(
                "declare-datatypes with {} names and {} declarations",
                names.len(),
                decls.len()
            ));
        }
        let mut members = Vec::new();
        let mut arities = Vec::new();
        for n in names {
            match n {
                Sx::List(p) if p.len() == 2 => {
                    let name = atom(&p[0]).ok_or_else(|| format!("datatype name {n}"))?;
                    members.push(symbol(name).to_string());
                    arities.push(index(&p[1])? as usize);
                }
                _ => return Err(format!("datatype name {n}")),
            }
        }
        let mut types = Vec::new();
        for ((name, decl), arity) in members.iter().zip(decls).zip(&arities) {
            let Sx::List(items) = decl else {
                return Err(format!("datatype {name}: constructors {decl}"));
            };
            // `(par (T ...) (constructors))` for a parametric one.
            let (params, ctors): (Vec<String>, &[Sx]) = match items.as_slice() {
                [Sx::Atom(par), Sx::List(ps), Sx::List(cs)] if par == "par" => (
                    ps.iter()
                        .map(|p| atom(p).map(|a| symbol(a).to_string()))
                        .collect::<Option<Vec<_>>>()
                        .ok_or_else(|| format!("datatype {name}: parameters {decl}"))?,
                    cs,
                ),
                _ => (Vec::new(), items),
            };
            if params.len() != *arity {
                return Err(format!(
                    "datatype {name}: {} parameter(s) declared, {arity} named",
                    params.len()
                ));
            }
            let mut out = Vec::new();
            for c in ctors {
                let (cname, fields) = match c {
                    Sx::List(items) => match items.split_first() {
                        Some((Sx::Atom(cn), fs)) => (cn, fs),
                        _ => return Err(format!("datatype {name}: constructor {c}")),
                    },
                    _ => return Err(format!("datatype {name}: constructor {c}")),
                };
                let mut fs = Vec::new();
                for f in fields {
                    let (sel, sort) = match f {
                        Sx::List(p) if p.len() == 2 => (
                            atom(&p[0]).ok_or_else(|| format!("datatype {name}: field {f}"))?,
                            &p[1],
                        ),
                        _ => return Err(format!("datatype {name}: field {f}")),
                    };
                    // A parameter, a member at the group's own parameters, or another sort.
                    let head = match sort {
                        Sx::Atom(a) => Some((symbol(a), Vec::new())),
                        Sx::List(xs) => match xs.split_first() {
                            Some((Sx::Atom(h), rest)) => Some((
                                symbol(h),
                                rest.iter().filter_map(atom).map(symbol).collect::<Vec<_>>(),
                            )),
                            _ => None,
                        },
                    };
                    let param = match sort {
                        Sx::Atom(a) => params.iter().position(|p| p == symbol(a)),
                        Sx::List(_) => None,
                    };
                    let member = head.and_then(|(h, args)| {
                        let m = members.iter().position(|m| m == h)?;
                        (args == params).then_some(m)
                    });
                    let sort = match (param, member) {
                        (Some(p), _) => FieldSort::Param(p as u32),
                        (None, Some(m)) => FieldSort::Member(m as u32),
                        (None, None) => FieldSort::Sort(self.sort(sort).map_err(|e| {
                            if params.is_empty() {
                                e
                            } else {
                                format!("parametric datatype {name}: field {sel} of sort {sort} (a parameter or member inside another sort)")
                            }
                        })?),
                    };
                    fs.push(Field {
                        name: symbol(sel).to_string(),
                        sort,
                    });
                }
                out.push(Ctor {
                    name: symbol(cname).to_string(),
                    fields: fs,
                });
            }
            types.push(DtDecl {
                name: name.clone(),
                params,
                ctors: out,
            });
        }
        super::register_datatypes(DtGroup { types }, &mut self.datatypes, &mut self.dt_symbols)
    }

    /// An application of the datatype constructor, selector or tester `name` (`None`: no
    /// datatype has that symbol).
    fn datatype_app(&mut self, name: &str, args: Vec<NodeId>) -> Option<Result<NodeId, String>> {
        self.datatype_app_at(name, args, None)
    }

    /// [`Self::datatype_app`]; `annotated`: the sort of `(as C S)`, which a constructor of a
    /// parametric datatype needs where its arguments do not tell the instance.
    fn datatype_app_at(
        &mut self,
        name: &str,
        args: Vec<NodeId>,
        annotated: Option<Sort>,
    ) -> Option<Result<NodeId, String>> {
        let (d, sym) = self.dt_symbols.get(name).cloned()?;
        Some(match (sym, args.as_slice()) {
            (DtSymbol::Ctor(c), _) => super::ctor_instance(&self.f, &d, c, &args, annotated)
                .and_then(|d| self.f.construct(&d, c, args).map_err(|e| e.to_string())),
            (DtSymbol::Sel(c, f), [x]) => self
                .f
                .app_indexed(Op::DtSel, [c, f], vec![*x])
                .map_err(|e| e.to_string()),
            (DtSymbol::Is(c), [x]) => self
                .f
                .app_indexed(Op::DtIs, [c, 0], vec![*x])
                .map_err(|e| e.to_string()),
            _ => Err(format!("{name} applied to {} arguments", args.len())),
        })
    }

    /// `(match s ((pattern body) ...))` as the solvers' front ends read it (and as the typed
    /// reader does): `(ite ((_ is C) s) (let ((x (sel s)) ...) body) rest)`, the last arm
    /// read, and the first variable or wildcard pattern, taken without a test.
    fn matching(&mut self, x: &Sx, rest: &[Sx]) -> Result<NodeId, String> {
        let [scrutinee, Sx::List(arms)] = rest else {
            return Err(format!("term {x}"));
        };
        let s = self.term(scrutinee)?;
        let Sort::Datatype(d) = self.f.sort_of(s).clone() else {
            return Err("match of a term that is not a datatype".into());
        };
        let ctor_of = |name: &str| d.ctors().iter().position(|c| c.name == symbol(name));
        // Each arm: its constructor (None: a variable or wildcard, which matches every
        // value), the variables it binds, its body.
        let mut read: Vec<(Option<u32>, Vec<&str>, &Sx)> = Vec::new();
        for arm in arms {
            let Sx::List(p) = arm else {
                return Err(format!("match arm {arm}"));
            };
            let [pattern, body] = p.as_slice() else {
                return Err(format!("match arm {arm}"));
            };
            let (ctor, vars) = match pattern {
                Sx::Atom(a) => match ctor_of(a) {
                    Some(c) => (Some(c as u32), Vec::new()),
                    None => (None, vec![a.as_str()]),
                },
                Sx::List(items) => {
                    let (head, vs) = items
                        .split_first()
                        .ok_or_else(|| format!("match pattern {pattern}"))?;
                    let c = atom(head).and_then(ctor_of).ok_or_else(|| {
                        format!("match pattern {pattern} of no constructor of {d}")
                    })?;
                    let vs = vs
                        .iter()
                        .map(|v| atom(v).ok_or_else(|| format!("match pattern {pattern}")))
                        .collect::<Result<Vec<_>, _>>()?;
                    (Some(c as u32), vs)
                }
            };
            let catch_all = ctor.is_none();
            read.push((ctor, vars, body));
            if catch_all {
                break;
            }
        }
        let last = read.len().checked_sub(1).ok_or("match without arms")?;
        let mut tested = Vec::new();
        for (k, (ctor, vars, body)) in read.iter().enumerate() {
            let test = match ctor {
                Some(c) if k < last => Some(
                    self.f
                        .app_indexed(Op::DtIs, [*c, 0], vec![s])
                        .map_err(|e| e.to_string())?,
                ),
                _ => None,
            };
            let depth = self.locals.len();
            let mut bound = Vec::new();
            match ctor {
                Some(c) => {
                    for (f, v) in vars.iter().enumerate() {
                        let sel = self
                            .f
                            .app_indexed(Op::DtSel, [*c, f as u32], vec![s])
                            .map_err(|e| e.to_string())?;
                        if *v == "_" {
                            continue;
                        }
                        let sort = self.f.sort_of(sel).clone();
                        let (b, node) = self.f.bound_var(symbol(v), sort);
                        self.locals.push((symbol(v).to_string(), node));
                        bound.push((b, sel));
                    }
                }
                None if vars[0] != "_" => {
                    let (b, node) = self.f.bound_var(symbol(vars[0]), Sort::Datatype(d.clone()));
                    self.locals.push((symbol(vars[0]).to_string(), node));
                    bound.push((b, s));
                }
                None => {}
            }
            let body = self.term(body);
            self.locals.truncate(depth);
            let body = body?;
            let body = if bound.is_empty() {
                body
            } else {
                self.f.let_(bound, body).map_err(|e| e.to_string())?
            };
            tested.push((test, body));
        }
        let (_, mut out) = tested.pop().expect("at least one arm");
        while let Some((test, body)) = tested.pop() {
            let test = test.expect("every arm before the last has a test");
            out = self
                .f
                .app(Op::Ite, vec![test, body, out])
                .map_err(|e| e.to_string())?;
        }
        Ok(out)
    }

    fn let_term(&mut self, x: &Sx, rest: &[Sx]) -> Result<NodeId, String> {
        let [Sx::List(bindings), body] = rest else {
            return Err(format!("term {x}"));
        };
        let mut values = Vec::new();
        for b in bindings {
            match b {
                Sx::List(p) if p.len() == 2 => {
                    let name = atom(&p[0]).ok_or_else(|| format!("let binding {b}"))?;
                    values.push((symbol(name).to_string(), self.term(&p[1])?));
                }
                _ => return Err(format!("let binding {b}")),
            }
        }
        let depth = self.locals.len();
        let mut bound = Vec::new();
        for (name, v) in values {
            let sort = self.f.sort_of(v).clone();
            let (b, node) = self.f.bound_var(name.clone(), sort);
            self.locals.push((name, node));
            bound.push((b, v));
        }
        let body = self.term(body);
        self.locals.truncate(depth);
        self.f.let_(bound, body?).map_err(|e| e.to_string())
    }

    fn quantifier(&mut self, forall: bool, x: &Sx, rest: &[Sx]) -> Result<NodeId, String> {
        let [Sx::List(vars), body] = rest else {
            return Err(format!("term {x}"));
        };
        let depth = self.locals.len();
        let mut bound = Vec::new();
        for v in vars {
            let (name, sort) = match v {
                Sx::List(p) if p.len() == 2 => (
                    atom(&p[0]).ok_or_else(|| format!("variable {v}"))?,
                    self.sort(&p[1])?,
                ),
                _ => return Err(format!("variable {v}")),
            };
            let (b, node) = self.f.bound_var(symbol(name), sort);
            self.locals.push((symbol(name).to_string(), node));
            bound.push(b);
        }
        let body = self.term(body);
        self.locals.truncate(depth);
        self.f
            .quantifier(forall, bound, body?)
            .map_err(|e| e.to_string())
    }

    fn annotated(&mut self, x: &Sx, rest: &[Sx]) -> Result<NodeId, String> {
        let Some((t, attrs)) = rest.split_first() else {
            return Err(format!("term {x}"));
        };
        let node = self.term(t)?;
        let mut k = 0;
        while k < attrs.len() {
            match atom(&attrs[k]) {
                Some(":named") => {
                    let name = attrs
                        .get(k + 1)
                        .and_then(atom)
                        .ok_or("`:named` without a name")?;
                    self.consts.insert(symbol(name).to_string(), node);
                    k += 2;
                }
                Some(":pattern") => {
                    self.patterns_dropped += 1;
                    k += 2;
                }
                _ => k += 1,
            }
        }
        Ok(node)
    }

    fn expand(&mut self, def: &Def, args: Vec<NodeId>, name: &str) -> Result<NodeId, String> {
        if def.params.len() != args.len() {
            return Err(format!("{name} applied to {} argument(s)", args.len()));
        }
        // A definition's body sees its parameters only, not the locals where it is used; it
        // is read with a memo table of its own (the same body means other nodes for other
        // arguments).
        // A definition without parameters means the same wherever it is used: it shares
        // the memo of the top level.
        let saved = std::mem::take(&mut self.locals);
        let memo = if def.params.is_empty() {
            HashMap::new()
        } else {
            std::mem::take(&mut self.memo)
        };
        for ((p, _), a) in def.params.iter().zip(args) {
            self.locals.push((p.clone(), a));
        }
        let body = self.term(&def.body);
        self.locals = saved;
        if !def.params.is_empty() {
            self.memo = memo;
        }
        body
    }

    fn declare(
        &mut self,
        name: &str,
        args: Vec<Sort>,
        sort: Sort,
        notes: &mut Vec<String>,
    ) -> Option<DeclId> {
        super::declare_global(&mut self.f, &mut self.globals, name, args, sort, notes)
    }
}

/// Reads `text` (see the module documentation).
/// A datatype declaration this reader does not take: a parametric one is unsupported
/// (monomorphic groups are read), anything else is malformed.
fn datatype_error(at: &impl Fn(ErrorKind, String) -> ParseError, m: String) -> ParseError {
    if m.starts_with("parametric") {
        at(
            ErrorKind::Unsupported,
            format!(
                "{m} in a FloatingPoint script (its reader takes datatypes without parameters)"
            ),
        )
    } else {
        at(ErrorKind::Malformed, m)
    }
}

/// Reads `text`; `lenient` also reads `-N` numerals (noted), as [`super::Reading::Lenient`].
pub(super) fn read(text: &str, lenient: bool) -> Result<Script, ParseError> {
    let commands = command_spans(text).ok_or_else(|| ParseError {
        line: 1,
        column: 1,
        kind: ErrorKind::Malformed,
        message: "unbalanced parentheses or an unclosed string literal".into(),
    })?;
    let mut r = Reader {
        lenient,
        ..Reader::default()
    };
    let mut st = super::Read::default();
    for (span, c) in &commands {
        if !read_command(text, span, c, &mut r, &mut st)? {
            break;
        }
    }
    for (note, uses) in std::mem::take(&mut r.z3_names) {
        st.notes.push(format!("{note} ({uses} use(s))"));
    }
    if r.negative_numerals > 0 {
        st.notes.push(format!(
            "negative numeral: `-N` read as `(- N)` (both solvers read it): {} use(s)",
            r.negative_numerals
        ));
    }
    Ok(st.finish(r.f, r.patterns_dropped))
}

/// Reads one command `c`, at `span` of `text`, into `st` (terms into `r`): whether reading
/// goes on (not after `exit`).
fn read_command(
    text: &str,
    span: &std::ops::Range<usize>,
    c: &Sx,
    r: &mut Reader,
    st: &mut super::Read,
) -> Result<bool, ParseError> {
    let line = text[..span.start].matches('\n').count() + 1;
    let column = span.start - text[..span.start].rfind('\n').map_or(0, |p| p + 1) + 1;
    let at = |kind, message: String| ParseError {
        line,
        column,
        kind,
        message,
    };
    // Ill-sorted terms and undeclared symbols are malformed; everything else the reader
    // cannot take is unsupported.
    let unsupported = |m: String| {
        let malformed = m.starts_with("ill-sorted") || m.starts_with("symbol ");
        at(
            if malformed {
                ErrorKind::Malformed
            } else {
                ErrorKind::Unsupported
            },
            m,
        )
    };
    let Sx::List(items) = c else {
        return Err(at(ErrorKind::Malformed, format!("command {c}")));
    };
    let head = c.head().unwrap_or("");
    let args = &items[1..];
    match (head, args) {
        ("set-logic", [Sx::Atom(l)]) => st.logic = Some(l.clone()),
        ("set-info", [Sx::Atom(k), Sx::Atom(v)]) if k == ":status" => st.status(v),
        ("set-info", _) => {}
        ("define-sort", [Sx::Atom(name), Sx::List(params), s]) if params.is_empty() => {
            let s = r.sort(s).map_err(unsupported)?;
            r.sort_defs.insert(symbol(name).to_string(), s);
        }
        ("set-option", [Sx::Atom(k), rest @ ..]) => {
            let value = rest.first().map_or("true".to_string(), |v| v.to_string());
            st.option(k.trim_start_matches(':'), &value);
        }
        ("declare-sort", [Sx::Atom(name), n]) => {
            if index(n).map_err(unsupported)? != 0 {
                return Err(unsupported(format!("declare-sort {name} with parameters")));
            }
            let next = r.sorts.len() as u32;
            r.sorts.insert(symbol(name).to_string(), next);
        }
        ("declare-const", [Sx::Atom(name), s])
        | ("declare-fun", [Sx::Atom(name), Sx::List(_), s])
            if head == "declare-const" || matches!(&args[1], Sx::List(a) if a.is_empty()) =>
        {
            let s = r.sort(s).map_err(unsupported)?;
            if let Some(d) = r.declare(symbol(name), Vec::new(), s, &mut st.notes) {
                st.run.push(Action::Declare(d));
            }
        }
        ("declare-fun", [Sx::Atom(name), Sx::List(dom), s]) => {
            let s = r.sort(s).map_err(unsupported)?;
            let dom = dom
                .iter()
                .map(|a| r.sort(a))
                .collect::<Result<Vec<_>, _>>()
                .map_err(unsupported)?;
            if let Some(d) = r.declare(symbol(name), dom, s, &mut st.notes) {
                st.run.push(Action::Declare(d));
            }
        }
        ("define-fun", [Sx::Atom(name), Sx::List(params), _, body]) => {
            let mut ps = Vec::new();
            for p in params {
                match p {
                    Sx::List(p) if p.len() == 2 => {
                        let n = atom(&p[0])
                            .ok_or_else(|| unsupported(format!("parameter {}", p[0])))?;
                        ps.push((symbol(n).to_string(), r.sort(&p[1]).map_err(unsupported)?));
                    }
                    _ => return Err(at(ErrorKind::Malformed, format!("parameter {p}"))),
                }
            }
            r.defs.insert(
                symbol(name).to_string(),
                Def {
                    params: ps,
                    body: body.clone(),
                },
            );
        }
        ("define-fun-rec", [Sx::Atom(name), Sx::List(params), ret, body]) => {
            let sig = Sx::List(vec![
                Sx::Atom(name.clone()),
                Sx::List(params.clone()),
                ret.clone(),
            ]);
            define_funs_rec(r, st, &[sig], std::slice::from_ref(body)).map_err(unsupported)?;
        }
        ("define-funs-rec", [Sx::List(sigs), Sx::List(bodies)]) if sigs.len() == bodies.len() => {
            define_funs_rec(r, st, sigs, bodies).map_err(unsupported)?;
        }
        ("define-const", [Sx::Atom(name), _, body]) => {
            let node = r.term(body).map_err(unsupported)?;
            r.consts.insert(symbol(name).to_string(), node);
        }
        ("assert", [t]) => {
            let node = r.term(t).map_err(unsupported)?;
            r.f.assert(node)
                .map_err(|e| at(ErrorKind::Malformed, e.to_string()))?;
            st.run.push(Action::Assert(node));
        }
        ("check-sat", []) | ("check-sat-assuming", [Sx::List(_)]) | ("check-sat-using", [_]) => {
            // Z3's `check-sat-using TACTIC` is a check; the tactic is kept as written.
            if head == "check-sat-using" {
                st.tactic.get_or_insert_with(|| args[0].to_string());
            }
            let a = match (head, args) {
                ("check-sat-assuming", [Sx::List(lits)]) => {
                    let lits = lits
                        .iter()
                        .map(|l| r.term(l))
                        .collect::<Result<Vec<_>, _>>()
                        .map_err(unsupported)?;
                    Action::CheckSatAssuming(lits)
                }
                _ => Action::CheckSat,
            };
            st.check(a);
        }
        ("get-value", [Sx::List(ts)]) => {
            let ts = ts
                .iter()
                .map(|t| r.term(t))
                .collect::<Result<Vec<_>, _>>()
                .map_err(unsupported)?;
            st.get_value(ts, line);
        }
        ("push" | "pop", [n]) => {
            let n = index(n).map_err(unsupported)?;
            let a = if head == "push" {
                Action::Push(n)
            } else {
                Action::Pop(n)
            };
            st.run.scope(a).map_err(|m| at(ErrorKind::Malformed, m))?;
        }
        ("push" | "pop", []) => {
            let a = if head == "push" {
                Action::Push(1)
            } else {
                Action::Pop(1)
            };
            st.run.scope(a).map_err(|m| at(ErrorKind::Malformed, m))?;
        }
        ("reset-assertions", []) => st
            .run
            .scope(Action::ResetAssertions)
            .map_err(|m| at(ErrorKind::Malformed, m))?,
        ("get-unsat-core" | "get-unsat-assumptions", []) => {
            st.unsat_query(head == "get-unsat-assumptions", line)
        }
        (
            "get-model" | "get-info" | "get-option" | "get-assertions" | "get-assignment"
            | "get-proof" | "echo",
            _,
        ) => {}
        ("exit", _) => return Ok(false),
        ("declare-datatypes", [Sx::List(names), Sx::List(decls)]) => r
            .declare_datatypes(names, decls)
            .map_err(|m| datatype_error(&at, m))?,
        ("declare-datatype", [name, decl]) => {
            // Its arity is that of its `par`, if any.
            let arity = match decl {
                Sx::List(items) => match items.as_slice() {
                    [Sx::Atom(par), Sx::List(ps), _] if par == "par" => ps.len(),
                    _ => 0,
                },
                Sx::Atom(_) => 0,
            };
            r.declare_datatypes(
                &[Sx::List(vec![name.clone(), Sx::Atom(arity.to_string())])],
                std::slice::from_ref(decl),
            )
            .map_err(|m| datatype_error(&at, m))?
        }
        _ => return Err(unsupported(format!("command {c}"))),
    }
    Ok(true)
}
