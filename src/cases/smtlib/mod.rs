//! SMT-LIB 2.6 output: a formula prints as a complete script that the solvers' own
//! front ends accept (checked in `tests/it/printer_roundtrip.rs`).

pub mod parse;
pub mod scripts;
pub mod sexp;
pub(crate) mod source;

use crate::lang::ir::{Formula, NodeId, NodeKind, Sort, Value};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use serde::{Deserialize, Serialize};
use std::fmt::Write;

pub use crate::lang::ir::{decimal, string_literal};

/// What to put around the assertions.
#[derive(Clone, Debug, Default)]
pub struct ScriptOptions {
    /// `; ` comment lines at the top (provenance of a reproducer).
    pub comments: Vec<String>,
    /// `(set-option :key value)` lines, before `set-logic`.
    pub options: Vec<(String, String)>,
    /// Ask for the values of all declared constants after `check-sat`.
    pub get_values: bool,
    /// Assert inside `(push 1)`, as the harness does with kept solvers (reuse mode `scope`);
    /// the solvers then use their incremental engines.
    pub push: bool,
    /// Negative constant-array values as `(- 14.5)`, as SMT-LIB and yaspar-ir read them
    /// (the default `-14.5` is what cvc5's parser needs there); for scripts smtsmith
    /// itself reads back, such as the seed-mutation corpus.
    pub strict: bool,
    /// Name the assertions `a0`, `a1`, … and ask for the unsat core after `check-sat`
    /// (reproducers of unsat-core findings; set `produce-unsat-cores` in `options`).
    pub named: bool,
    /// `(set-info :status …)` after `set-logic`: the verdict a formula has by construction.
    pub status: Option<crate::lang::ir::Verdict>,
    /// How terms are written.
    pub style: PrintStyle,
    /// `(check-sat-using TACTIC)` instead of `(check-sat)` (a Z3 solver made from a tactic).
    pub check_sat_using: Option<String>,
}

/// Prints `f` as a complete script with `set-logic`, declarations, assertions, `check-sat`.
pub fn script(f: &Formula, opts: &ScriptOptions) -> String {
    let mut out = String::new();
    for c in &opts.comments {
        for line in c.lines() {
            let _ = writeln!(out, "; {line}");
        }
    }
    for (k, v) in &opts.options {
        let _ = writeln!(out, "(set-option :{k} {v})");
    }
    let _ = writeln!(out, "(set-logic {})", f.signature().logic());
    if let Some(v) = opts.status {
        let _ = writeln!(out, "(set-info :status {v})");
    }
    for d in sort_declarations(f) {
        let _ = writeln!(out, "{d}");
    }
    for (k, d) in f.decls.iter().enumerate() {
        if f.rec_def(crate::lang::ir::DeclId(k as u32)).is_none() {
            let _ = writeln!(out, "{}", declaration(d));
        }
    }
    if let Some(defs) = rec_definitions(f) {
        let _ = writeln!(out, "{defs}");
    }
    if opts.push {
        out.push_str("(push 1)\n");
    }
    for (k, a) in f.asserts.iter().enumerate() {
        let mut t = String::new();
        Printer::new(f, opts.style, opts.strict).write_assertion(*a, &mut t);
        if opts.named || opts.style.named {
            let _ = writeln!(out, "(assert (! {t} :named {}))", track_name(f, k));
        } else {
            let _ = writeln!(out, "(assert {t})");
        }
    }
    match &opts.check_sat_using {
        Some(tactic) => {
            let _ = writeln!(out, "(check-sat-using {tactic})");
        }
        None => out.push_str("(check-sat)\n"),
    }
    if opts.named {
        out.push_str("(get-unsat-core)\n");
    }
    let constants: Vec<String> = f
        .decls
        .iter()
        .filter(|d| d.args.is_empty())
        .map(|d| symbol(&d.name))
        .collect();
    if opts.get_values && !constants.is_empty() {
        let names = constants;
        let _ = writeln!(out, "(get-value ({}))", names.join(" "));
    }
    out
}

/// `(define-funs-rec ((f ((x S) ...) R) ...) (body ...))` of the formula's recursive
/// definitions (`None`: it has none). Their bodies may use every declared constant and
/// function: it follows the declarations.
pub fn rec_definitions(f: &Formula) -> Option<String> {
    if f.rec_defs.is_empty() {
        return None;
    }
    let mut sigs = Vec::new();
    let mut bodies = Vec::new();
    for r in &f.rec_defs {
        let d = &f.decls[r.decl.0 as usize];
        let params: Vec<String> = r
            .params
            .iter()
            .map(|p| {
                let b = &f.bounds[p.0 as usize];
                format!("({} {})", symbol(&b.name), b.sort)
            })
            .collect();
        sigs.push(format!(
            "({} ({}) {})",
            symbol(&d.name),
            params.join(" "),
            d.sort
        ));
        let mut t = String::new();
        Printer::new(f, PrintStyle::default(), false).write(r.body, &mut t);
        bodies.push(t);
    }
    Some(format!(
        "(define-funs-rec ({}) ({}))",
        sigs.join(" "),
        bodies.join(" ")
    ))
}

/// `(declare-fun NAME (ARGS) SORT)` of one declaration.
pub fn declaration(d: &crate::lang::ir::Decl) -> String {
    let args: Vec<String> = d.args.iter().map(|s| s.to_string()).collect();
    format!(
        "(declare-fun {} ({}) {})",
        symbol(&d.name),
        args.join(" "),
        d.sort
    )
}

/// Prints one term (shared nodes are printed at each use).
pub fn term(f: &Formula, id: NodeId) -> String {
    term_styled(f, id, &PrintStyle::default())
}

/// Prints one term with negative values in `(as const …)` written `(- 14.5)`, as SMT-LIB
/// (and smtsmith's reader, without a lenient second pass) reads them ([`ScriptOptions::strict`]).
pub fn term_strict(f: &Formula, id: NodeId) -> String {
    let mut out = String::new();
    Printer::new(f, PrintStyle::default(), true).write(id, &mut out);
    out
}

/// Prints one term in `style` (its `lets` and `named` apply to assertions only).
pub fn term_styled(f: &Formula, id: NodeId, style: &PrintStyle) -> String {
    let mut out = String::new();
    Printer::new(f, *style, false).write(id, &mut out);
    out
}

/// Prints a term with its `let` variables replaced by their bindings (a term with no
/// quantified variable free in it reads alone: for `get-value`).
pub fn closed_term(f: &Formula, id: NodeId, style: &PrintStyle) -> String {
    let mut p = Printer::new(f, *style, false);
    let mut bindings = vec![None; f.bounds.len()];
    for n in &f.nodes {
        if let NodeKind::Let(bs, _) = &n.kind {
            for (b, t) in bs {
                bindings[b.0 as usize] = Some(*t);
            }
        }
    }
    p.let_values = Some(bindings);
    let mut out = String::new();
    p.write(id, &mut out);
    out
}

/// Prints assertion `k` of `f` (node `a`) in `style`: its term, let-bound where the style
/// says, named `:named (track_name f k)` where asked (`named`) or where the style names
/// assertions.
pub fn assertion(f: &Formula, k: usize, a: NodeId, style: &PrintStyle, named: bool) -> String {
    let mut t = String::new();
    Printer::new(f, *style, false).write_assertion(a, &mut t);
    if named || style.named {
        format!("(assert (! {t} :named {}))", track_name(f, k))
    } else {
        format!("(assert {t})")
    }
}

/// The name of assertion `k` in printed scripts and in the text path's cores: `a{k}`, or
/// `smtsmith_a{k}` where `f` declares `a{k}` itself.
pub fn track_name(f: &Formula, k: usize) -> String {
    let short = format!("a{k}");
    if f.decls.iter().any(|d| d.name == short) || f.bounds.iter().any(|b| b.name == short) {
        format!("smtsmith_a{k}")
    } else {
        short
    }
}

/// How n-ary operators are written (same meaning every way, SMT-LIB 2.6 section 3.6.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// As the formula holds them.
    #[default]
    AsBuilt,
    /// Nested applications folded: `(+ (+ a b) c)` as `(+ a b c)` (left-assoc), `(=> a (=> b
    /// c))` as `(=> a b c)` (right-assoc), `(and (< a b) (< b c))` as `(< a b c)` (chainable).
    Flat,
    /// N-ary applications unfolded into binary ones: `(+ a b c)` as `(+ (+ a b) c)`, `(< a b
    /// c)` as `(and (< a b) (< b c))`, `(distinct a b c)` as the conjunction of its pairs.
    Binary,
}

/// How a printed case writes its terms (drawn per case for the text paths and the
/// reproducers; the API paths build terms their own way). Every style means the same.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PrintStyle {
    pub shape: Shape,
    /// Compound terms used more than once in an assertion are bound by `let` (else printed
    /// at each use).
    pub lets: bool,
    /// Every assertion `:named`.
    pub named: bool,
    /// Negative integer literals as `-5` (both solvers read it) instead of `(- 5)`.
    pub negative_literals: bool,
    /// String operators by their SMT-LIB 2.5 names (`str.in.re`, `str.to.re`,
    /// `str.to.int`, `int.to.str`, `re.nostr`: [`crate::lang::ir::Op::older_names`]), for releases
    /// that read them.
    pub aliases: bool,
}

impl PrintStyle {
    /// The default style (terms as built, no `let`s, names or aliases), as a constant.
    pub const PLAIN: PrintStyle = PrintStyle {
        shape: Shape::AsBuilt,
        lets: false,
        named: false,
        negative_literals: false,
        aliases: false,
    };
}

/// Writes terms of one formula in one style.
struct Printer<'a> {
    f: &'a Formula,
    style: PrintStyle,
    strict: bool,
    /// Let-bound names of shared nodes, while printing inside their `let`.
    names: std::collections::HashMap<NodeId, String>,
    /// With `Some`, `let`s are expanded: each let variable prints as its binding.
    let_values: Option<Vec<Option<NodeId>>>,
}

impl<'a> Printer<'a> {
    fn new(f: &'a Formula, style: PrintStyle, strict: bool) -> Self {
        Printer {
            f,
            style,
            strict,
            names: Default::default(),
            let_values: None,
        }
    }

    /// An assertion's term: with `lets`, its shared compound subterms (closed: no bound
    /// variable free in them) are bound first, innermost first, each by a `let` of its own.
    fn write_assertion(&mut self, root: NodeId, out: &mut String) {
        if !self.style.lets {
            return self.write(root, out);
        }
        let f = self.f;
        let free = f.free_bound_vars(false);
        let mut uses = vec![0u32; f.nodes.len()];
        let mut order = Vec::new();
        let mut seen = vec![false; f.nodes.len()];
        let mut stack = vec![(root, false)];
        while let Some((id, done)) = stack.pop() {
            if done {
                order.push(id);
                continue;
            }
            uses[id.0 as usize] += 1;
            if std::mem::replace(&mut seen[id.0 as usize], true) {
                continue;
            }
            stack.push((id, true));
            for c in children(f, id) {
                stack.push((c, false));
            }
        }
        let prefix = let_prefix(f);
        let shared: Vec<NodeId> = order
            .into_iter()
            .filter(|id| {
                id != &root
                    && uses[id.0 as usize] > 1
                    && free[id.0 as usize].is_empty()
                    && matches!(f.node(*id).kind, NodeKind::App(..) | NodeKind::Call(..))
                    && !matches!(f.sort_of(*id), Sort::RegLan)
            })
            .collect();
        for (k, id) in shared.iter().enumerate() {
            let _ = write!(out, "(let (({prefix}{k} ");
            self.write(*id, out);
            out.push_str(")) ");
            self.names.insert(*id, format!("{prefix}{k}"));
        }
        self.write(root, out);
        for _ in &shared {
            out.push(')');
        }
        self.names.clear();
    }

    fn write(&mut self, id: NodeId, out: &mut String) {
        if let Some(name) = self.names.get(&id) {
            out.push_str(name);
            return;
        }
        let f = self.f;
        match &f.node(id).kind {
            NodeKind::Lit(Value::Int(n)) if self.style.negative_literals && n.is_negative() => {
                out.push_str(&n.to_string())
            }
            NodeKind::Lit(v) => out.push_str(&value_with(v, self.strict)),
            NodeKind::Const(d) => out.push_str(&symbol(&f.decls[d.0 as usize].name)),
            NodeKind::Bound(b) => match self.let_values.as_ref().and_then(|v| v[b.0 as usize]) {
                Some(t) => self.write(t, out),
                None => out.push_str(&symbol(&f.bounds[b.0 as usize].name)),
            },
            NodeKind::Let(_, body) if self.let_values.is_some() => self.write(*body, out),
            NodeKind::App(op, idx, args) => self.write_app(id, *op, idx, args, out),
            NodeKind::Call(d, args) => {
                out.push('(');
                out.push_str(&symbol(&f.decls[d.0 as usize].name));
                for a in args {
                    out.push(' ');
                    self.write(*a, out);
                }
                out.push(')');
            }
            NodeKind::Quant { forall, vars, body } => {
                out.push_str(if *forall { "(forall (" } else { "(exists (" });
                for (i, b) in vars.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    let d = &f.bounds[b.0 as usize];
                    let _ = write!(out, "({} {})", symbol(&d.name), d.sort);
                }
                out.push_str(") ");
                self.write(*body, out);
                out.push(')');
            }
            NodeKind::Let(bindings, body) => {
                out.push_str("(let (");
                for (i, (b, t)) in bindings.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    out.push('(');
                    out.push_str(&symbol(&f.bounds[b.0 as usize].name));
                    out.push(' ');
                    self.write(*t, out);
                    out.push(')');
                }
                out.push_str(") ");
                self.write(*body, out);
                out.push(')');
            }
        }
    }

    fn op_name(&self, op: crate::lang::ir::Op, idx: &crate::lang::ir::Idx) -> String {
        let name = match op.older_names().first() {
            Some(old) if self.style.aliases => old,
            _ => op.name(),
        };
        match op.info().indices {
            0 => name.to_string(),
            n => {
                let idx: Vec<String> = idx[..n].iter().map(|i| i.to_string()).collect();
                format!("(_ {name} {})", idx.join(" "))
            }
        }
    }

    /// The arguments of `op` as printed: with [`Shape::Flat`], nested applications of the
    /// same associative operator folded in (not through a let-bound name).
    fn flat_args(
        &self,
        op: crate::lang::ir::Op,
        idx: &crate::lang::ir::Idx,
        args: &[NodeId],
    ) -> Vec<NodeId> {
        use crate::lang::ir::ops::Attr;
        let attr = op.info().attr;
        let nested = |a: NodeId| -> Option<&'a [NodeId]> {
            if self.names.contains_key(&a) {
                return None;
            }
            match &self.f.node(a).kind {
                NodeKind::App(o, i, xs) if *o == op && i == idx && xs.len() >= 2 => Some(xs),
                _ => None,
            }
        };
        let mut out: Vec<NodeId> = args.to_vec();
        match attr {
            Attr::LeftAssoc => {
                while let Some(inner) = nested(out[0]) {
                    let mut v = inner.to_vec();
                    v.extend_from_slice(&out[1..]);
                    out = v;
                }
            }
            Attr::RightAssoc => {
                while let Some(inner) = nested(*out.last().expect("n-ary")) {
                    out.pop();
                    out.extend_from_slice(inner);
                }
            }
            _ => {}
        }
        out
    }

    fn write_app(
        &mut self,
        id: NodeId,
        op: crate::lang::ir::Op,
        idx: &crate::lang::ir::Idx,
        args: &[NodeId],
        out: &mut String,
    ) {
        use crate::lang::ir::ops::Attr;
        use crate::lang::ir::Op;
        let f = self.f;
        if let Some(name) = datatype_op_name(f, id, op, idx, args) {
            if args.is_empty() {
                out.push_str(&name);
            } else {
                self.write_plain(&name, args, out);
            }
            return;
        }
        if op == Op::SeqEmpty {
            let _ = write!(out, "(as seq.empty {})", f.sort_of(id));
            return;
        }
        if op == Op::ConstArray {
            let _ = write!(out, "((as const {}) ", f.sort_of(id));
            match &f.node(args[0]).kind {
                NodeKind::Lit(v) if !self.strict => out.push_str(&const_value(v)),
                _ => self.write(args[0], out),
            }
            out.push(')');
            return;
        }
        if op == Op::FpLit {
            // Literal fields in binary, as a float literal prints: the parser reads such an
            // application as that literal (NaN encodings stay applications).
            let bits: Option<Vec<String>> = args
                .iter()
                .map(|a| match &f.node(*a).kind {
                    NodeKind::Lit(Value::BitVec { width, value }) => Some(format!(
                        "#b{:0>w$}",
                        value.to_str_radix(2),
                        w = *width as usize
                    )),
                    _ => None,
                })
                .collect();
            if let Some(bits) = bits {
                let _ = write!(out, "(fp {})", bits.join(" "));
                return;
            }
        }
        if args.is_empty() && op.info().indices == 0 {
            // A constant symbol of a theory (`re.none`), not an application.
            out.push_str(&self.op_name(op, idx));
            return;
        }
        let attr = op.info().attr;
        match self.style.shape {
            Shape::Flat => {
                if op == Op::And {
                    if let Some((chain_op, chain)) = self.chain(args) {
                        return self.write_plain(&self.op_name(chain_op, &[0, 0]), &chain, out);
                    }
                }
                let flat = self.flat_args(op, idx, args);
                return self.write_plain(&self.op_name(op, idx), &flat, out);
            }
            Shape::Binary if args.len() > 2 => {
                let name = self.op_name(op, idx);
                match attr {
                    Attr::LeftAssoc => {
                        for _ in 2..args.len() {
                            out.push('(');
                            out.push_str(&name);
                            out.push(' ');
                        }
                        out.push('(');
                        out.push_str(&name);
                        for (k, a) in args.iter().enumerate() {
                            out.push(' ');
                            self.write(*a, out);
                            if k >= 1 {
                                out.push(')');
                            }
                        }
                        return;
                    }
                    Attr::RightAssoc => {
                        for a in &args[..args.len() - 1] {
                            out.push('(');
                            out.push_str(&name);
                            out.push(' ');
                            self.write(*a, out);
                            out.push(' ');
                        }
                        self.write(args[args.len() - 1], out);
                        for _ in 1..args.len() {
                            out.push(')');
                        }
                        return;
                    }
                    Attr::Chainable | Attr::Pairwise => {
                        let pairs: Vec<(NodeId, NodeId)> = if attr == Attr::Chainable {
                            args.windows(2).map(|w| (w[0], w[1])).collect()
                        } else {
                            let mut v = Vec::new();
                            for i in 0..args.len() {
                                for j in i + 1..args.len() {
                                    v.push((args[i], args[j]));
                                }
                            }
                            v
                        };
                        out.push_str("(and");
                        for (a, b) in pairs {
                            let _ = write!(out, " ({name} ");
                            self.write(a, out);
                            out.push(' ');
                            self.write(b, out);
                            out.push(')');
                        }
                        out.push(')');
                        return;
                    }
                    Attr::Fixed => {}
                }
            }
            _ => {}
        }
        self.write_plain(&self.op_name(op, idx), args, out);
    }

    /// `(and (< a b) (< b c) ...)` as the chain `a b c ...` of one chainable operator (the
    /// conjuncts not let-bound, the middle terms the same nodes).
    fn chain(&self, conjuncts: &[NodeId]) -> Option<(crate::lang::ir::Op, Vec<NodeId>)> {
        use crate::lang::ir::ops::Attr;
        let mut op = None;
        let mut chain: Vec<NodeId> = Vec::new();
        for c in conjuncts {
            if self.names.contains_key(c) {
                return None;
            }
            let NodeKind::App(o, _, xs) = &self.f.node(*c).kind else {
                return None;
            };
            if o.info().attr != Attr::Chainable || xs.len() != 2 || op.is_some_and(|p| p != *o) {
                return None;
            }
            op = Some(*o);
            match chain.last() {
                None => chain.extend_from_slice(xs),
                Some(last) if *last == xs[0] => chain.push(xs[1]),
                Some(_) => return None,
            }
        }
        op.map(|o| (o, chain))
    }

    fn write_plain(&mut self, name: &str, args: &[NodeId], out: &mut String) {
        out.push('(');
        out.push_str(name);
        for a in args {
            out.push(' ');
            self.write(*a, out);
        }
        out.push(')');
    }
}

/// The SMT-LIB name of a constructor, selector or tester application: the constructor's or
/// selector's own name, `(_ is C)`.
fn datatype_op_name(
    f: &Formula,
    id: NodeId,
    op: crate::lang::ir::Op,
    idx: &crate::lang::ir::Idx,
    args: &[NodeId],
) -> Option<String> {
    use crate::lang::ir::Op;
    let sort_of_dt = |s: &Sort| match s {
        Sort::Datatype(d) => d.clone(),
        other => unreachable!("a datatype operator over {other}"),
    };
    Some(match op {
        Op::DtCons => constructor_name(&sort_of_dt(f.sort_of(id)), idx[0]),
        Op::DtSel => {
            let d = sort_of_dt(f.sort_of(args[0]));
            symbol(&d.ctors()[idx[0] as usize].fields[idx[1] as usize].name)
        }
        // Z3's front end takes `(_ is C)` of a parametric datatype only with C's full
        // signature; both front ends take `is-C` (their name for the tester).
        Op::DtIs => {
            let d = sort_of_dt(f.sort_of(args[0]));
            let c = &d.ctors()[idx[0] as usize].name;
            if d.parametric() {
                symbol(&format!("is-{c}"))
            } else {
                format!("(_ is {})", symbol(c))
            }
        }
        _ => return None,
    })
}

/// A constructor of `d` as a term names it: its symbol, or `(as C S)` where `d` has
/// parameters (the arguments need not tell the sort: `nil`).
fn constructor_name(d: &crate::lang::ir::DtSort, c: u32) -> String {
    let name = symbol(&d.ctors()[c as usize].name);
    if d.parametric() {
        format!("(as {name} {d})")
    } else {
        name
    }
}

/// `(declare-datatypes ((D 0) ...) (((C (sel S) ...) ...) ...))` of one group; with
/// parameters `((D 1) ...) ((par (T) ((C (sel T) (next (D T)))) ...)`.
pub fn datatype_declaration(g: &crate::lang::ir::DtGroup) -> String {
    use crate::lang::ir::datatype::FieldSort;
    let params: Vec<String> = g.types[0].params.iter().map(|p| symbol(p)).collect();
    let heads: Vec<String> = g
        .types
        .iter()
        .map(|t| format!("({} {})", symbol(&t.name), params.len()))
        .collect();
    let member = |m: u32| {
        let name = symbol(&g.types[m as usize].name);
        if params.is_empty() {
            name
        } else {
            format!("({name} {})", params.join(" "))
        }
    };
    let bodies: Vec<String> = g
        .types
        .iter()
        .map(|t| {
            let ctors: Vec<String> = t
                .ctors
                .iter()
                .map(|c| {
                    let mut s = format!("({}", symbol(&c.name));
                    for fld in &c.fields {
                        let sort = match &fld.sort {
                            FieldSort::Sort(x) => x.to_string(),
                            FieldSort::Member(m) => member(*m),
                            FieldSort::Param(p) => params[*p as usize].clone(),
                        };
                        let _ = write!(s, " ({} {sort})", symbol(&fld.name));
                    }
                    s.push(')');
                    s
                })
                .collect();
            if params.is_empty() {
                format!("({})", ctors.join(" "))
            } else {
                format!("(par ({}) ({}))", params.join(" "), ctors.join(" "))
            }
        })
        .collect();
    format!(
        "(declare-datatypes ({}) ({}))",
        heads.join(" "),
        bodies.join(" ")
    )
}

/// The sort declarations a script of `f` starts with: its uninterpreted sorts, then its
/// datatypes (whose fields may use them), each group after the groups it uses.
pub fn sort_declarations(f: &Formula) -> Vec<String> {
    let mut out: Vec<String> = f
        .uninterpreted_sorts()
        .into_iter()
        .map(|n| format!("(declare-sort {} 0)", Sort::Uninterp(n)))
        .collect();
    out.extend(f.datatype_groups().iter().map(|g| datatype_declaration(g)));
    out
}

/// The children of a node, in order (a let's bindings before its body).
fn children(f: &Formula, id: NodeId) -> Vec<NodeId> {
    match &f.node(id).kind {
        NodeKind::Lit(_) | NodeKind::Const(_) | NodeKind::Bound(_) => Vec::new(),
        NodeKind::App(_, _, xs) | NodeKind::Call(_, xs) => xs.clone(),
        NodeKind::Quant { body, .. } => vec![*body],
        NodeKind::Let(bs, body) => bs.iter().map(|(_, t)| *t).chain([*body]).collect(),
    }
}

/// A prefix for let-bound names that no symbol of `f` starts with.
fn let_prefix(f: &Formula) -> String {
    let mut prefix = String::from("_s");
    while f
        .decls
        .iter()
        .map(|d| &d.name)
        .chain(f.bounds.iter().map(|b| &b.name))
        .any(|n| n.starts_with(&prefix))
    {
        prefix.insert(0, '_');
    }
    prefix
}

/// A value as an SMT-LIB term of its sort (negative numbers as `(- n)`, rationals as
/// `(/ p.0 q.0)`, so the text is valid in strict Int and Real logics).
pub fn value(v: &Value) -> String {
    value_with(v, false)
}

/// [`value`]; with `strict`, constant-array defaults too are strict SMT-LIB (`(- 2)`, see
/// [`ScriptOptions::strict`]).
fn value_with(v: &Value, strict: bool) -> String {
    match v {
        Value::Bool(b) => b.to_string(),
        Value::Int(n) => int(n),
        Value::Real(r) => real(r),
        Value::BitVec { width, value } => bitvec(*width, value),
        Value::Str(w) => string_literal(w),
        // Not SMT-LIB: elements of uninterpreted sorts have no literals (display only).
        Value::Abstract { sort, id } => format!("@U{sort}_{id}"),
        Value::Re(r) => r.to_smtlib(),
        Value::Float(x) => x.to_string(),
        Value::Rm(m) => m.short_name().to_string(),
        Value::Dt(d) => {
            let name = constructor_name(&d.sort, d.ctor);
            if d.args.is_empty() {
                return name;
            }
            let args: Vec<String> = d.args.iter().map(|a| value_with(a, strict)).collect();
            format!("({name} {})", args.join(" "))
        }
        Value::Array(a) => {
            let mut t = format!(
                "((as const {}) {})",
                Sort::array(a.index.clone(), a.elem.clone()),
                if strict {
                    value_with(&a.default, true)
                } else {
                    const_value(&a.default)
                }
            );
            for (i, v) in &a.entries {
                t = format!(
                    "(store {t} {} {})",
                    value_with(i, strict),
                    value_with(v, strict)
                );
            }
            t
        }
        Value::Seq(e, items) => {
            let units: Vec<String> = items
                .iter()
                .map(|x| format!("(seq.unit {})", value_with(x, strict)))
                .collect();
            match units.len() {
                0 => format!("(as seq.empty {})", Sort::seq(e.clone())),
                1 => units[0].clone(),
                _ => format!("(seq.++ {})", units.join(" ")),
            }
        }
    }
}

/// The characters of `w` for APIs that read `\\u{X}` escapes but no SMT-LIB quoting
/// (cvc5's `mk_string`, Z3's `Z3_mk_string`): printable ASCII as is, every other character
/// and the backslash escaped.
pub fn escaped_body(w: &[u32]) -> String {
    let mut out = String::with_capacity(w.len());
    for c in w {
        match char::from_u32(*c) {
            Some(ch) if (' '..='~').contains(&ch) && ch != '\\' => out.push(ch),
            _ => {
                let _ = write!(out, "\\u{{{c:x}}}");
            }
        }
    }
    out
}

/// Reads a string literal (with its quotes) as SMT-LIB 2.6 defines it: `""` is a quote,
/// `\u{d}` … `\u{ddddd}` and `\udddd` are characters (at most 0x2FFFF), every other
/// backslash is itself. `None` if the text is not a quoted literal or an escape is out of
/// range.
pub fn parse_string_literal(text: &str) -> Option<Vec<u32>> {
    let body = text.strip_prefix('"')?.strip_suffix('"')?;
    let chars: Vec<char> = body.chars().collect();
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '"' {
            // Inside the literal a quote only appears doubled.
            if chars.get(i + 1) != Some(&'"') {
                return None;
            }
            out.push(u32::from('"'));
            i += 2;
            continue;
        }
        if c == '\\' {
            if let Some((code, len)) = escape_at(&chars[i..]) {
                if code > crate::lang::ir::regex::MAX_CHAR {
                    return None;
                }
                out.push(code);
                i += len;
                continue;
            }
        }
        out.push(u32::from(c));
        i += 1;
    }
    Some(out)
}

/// Each backslash inside a string literal of SMT-LIB `text` (comments and quoted symbols
/// skipped): the code point of the 2.6 escape it starts, `None` where it starts none (the
/// character itself by the standard; front ends of some releases read it otherwise).
pub(crate) fn literal_backslashes(text: &str) -> Vec<Option<u32>> {
    // The text paths ask this of every case they print: most hold no backslash, and
    // those cost one scan and no allocation.
    if !text.contains('\\') {
        return Vec::new();
    }
    let chars: Vec<char> = text.chars().collect();
    let (mut in_string, mut in_symbol, mut in_comment) = (false, false, false);
    let mut out = Vec::new();
    for (at, c) in chars.iter().enumerate() {
        match c {
            '\n' if in_comment => in_comment = false,
            _ if in_comment => {}
            '|' if !in_string => in_symbol = !in_symbol,
            _ if in_symbol => {}
            ';' if !in_string => in_comment = true,
            // A doubled quote inside a literal toggles twice: it stays a literal.
            '"' => in_string = !in_string,
            '\\' if in_string => out.push(escape_at(&chars[at..]).map(|(code, _)| code)),
            _ => {}
        }
    }
    out
}

/// The escape sequence at the start of `s` (which starts with a backslash): its code
/// point and length in characters.
pub(crate) fn escape_at(s: &[char]) -> Option<(u32, usize)> {
    if s.get(1) != Some(&'u') {
        return None;
    }
    let hex = |cs: &[char]| -> Option<u32> {
        let t: String = cs.iter().collect();
        u32::from_str_radix(&t, 16).ok()
    };
    if s.get(2) == Some(&'{') {
        let close = s.iter().position(|c| *c == '}')?;
        let digits = &s[3..close];
        if digits.is_empty() || digits.len() > 5 || !digits.iter().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        return Some((hex(digits)?, close + 1));
    }
    let digits = s.get(2..6)?;
    if !digits.iter().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    Some((hex(digits)?, 6))
}

/// A value as the argument of `(as const S)`: cvc5's parser takes only values there, and
/// `(- 66)` or `(/ 1.0 2.0)` are applications to it. Negative numbers print as `-66` and
/// rationals as decimals `-0.5` (both solvers read those); a rational without a finite
/// decimal expansion keeps the `(/ p q)` form, which cvc5 rejects (the generator avoids
/// such constant arrays).
pub fn const_value(v: &Value) -> String {
    match v {
        Value::Int(n) => n.to_string(),
        Value::Real(r) => decimal(r).unwrap_or_else(|| real(r)),
        other => value(other),
    }
}

/// `#b0101` up to 16 bits, `#x...` for wider multiples of 4, else `(_ bvN w)`.
fn bitvec(width: u32, value: &num_bigint::BigUint) -> String {
    let w = width as usize;
    if width <= 16 {
        format!("#b{:0>w$}", value.to_str_radix(2))
    } else if width.is_multiple_of(4) {
        format!("#x{:0>1$}", value.to_str_radix(16), w / 4)
    } else {
        format!("(_ bv{value} {width})")
    }
}

fn int(n: &BigInt) -> String {
    if n.is_negative() {
        format!("(- {})", n.abs())
    } else {
        n.to_string()
    }
}

fn real(r: &BigRational) -> String {
    let abs = r.abs();
    let body = if abs.denom().is_one() {
        format!("{}.0", abs.numer())
    } else {
        format!("(/ {}.0 {}.0)", abs.numer(), abs.denom())
    };
    if r.is_negative() && !r.is_zero() {
        format!("(- {body})")
    } else {
        body
    }
}

pub use crate::lang::ir::symbol;

/// The SMT-LIB name of a sort (for declarations in other modules).
pub fn sort(s: &Sort) -> String {
    s.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::ir::Op;

    #[test]
    fn literals_are_strict_smtlib() {
        assert_eq!(value(&Value::Int((-5).into())), "(- 5)");
        assert_eq!(value(&Value::Int(7.into())), "7");
        let half = BigRational::new((-1).into(), 2.into());
        assert_eq!(value(&Value::Real(half)), "(- (/ 1.0 2.0))");
        assert_eq!(
            value(&Value::Real(BigRational::from_integer(3.into()))),
            "3.0"
        );
        assert_eq!(value(&Value::Real(BigRational::zero())), "0.0");
        assert_eq!(value(&Value::bv(4, 5u8)), "#b0101");
        assert_eq!(value(&Value::bv(32, 255u8)), "#x000000ff");
        assert_eq!(value(&Value::bv(17, 3u8)), "(_ bv3 17)");
        assert_eq!(sort(&Sort::BitVec(8)), "(_ BitVec 8)");
        let q = |n: i64, d: i64| BigRational::new(n.into(), d.into());
        assert_eq!(decimal(&q(-1, 4)).as_deref(), Some("-0.25"));
        assert_eq!(decimal(&q(3, 1)).as_deref(), Some("3.0"));
        assert_eq!(decimal(&q(1, 40)).as_deref(), Some("0.025"));
        assert_eq!(decimal(&q(1, 3)), None);
        assert_eq!(const_value(&Value::Int((-66).into())), "-66");
    }

    #[test]
    fn string_literals_escape_and_parse_back() {
        let w = |s: &str| -> Vec<u32> { s.chars().map(u32::from).collect() };
        assert_eq!(string_literal(&w("a\"b")), "\"a\"\"b\"");
        assert_eq!(string_literal(&w("\\u{41}")), "\"\\u{5c}u{41}\"");
        assert_eq!(string_literal(&[0, 0x2FFFF]), "\"\\u{0}\\u{2ffff}\"");
        for s in [
            vec![],
            w("a\"\"b"),
            w("\\u{41}"),
            vec![0, 10, 0xe9, 0xd800, 0x2FFFF],
        ] {
            assert_eq!(parse_string_literal(&string_literal(&s)), Some(s));
        }
        assert_eq!(
            parse_string_literal("\"\\u0041\\u{42}\\x\""),
            Some(w("AB\\x"))
        );
        assert_eq!(parse_string_literal("\"\\u{30000}\""), None);
        assert_eq!(parse_string_literal("\"a\"b\""), None);
    }

    #[test]
    fn script_has_logic_declarations_and_lets() {
        let mut f = Formula::default();
        let x = f.declare("x", Sort::Int);
        let xn = f.constant(x);
        let two = f.lit(Value::Int(2.into()));
        let (b, bn) = f.bound_var("l0", Sort::Int);
        let prod = f.app(Op::Mul, vec![bn, two]).unwrap();
        let gt = f.app(Op::Gt, vec![prod, xn]).unwrap();
        let body = f.let_(vec![(b, xn)], gt).unwrap();
        f.assert(body).unwrap();
        let s = script(&f, &ScriptOptions::default());
        assert_eq!(
            s,
            "(set-logic QF_LIA)\n(declare-fun x () Int)\n(assert (let ((l0 x)) (> (* l0 2) x)))\n(check-sat)\n"
        );
        assert_eq!(symbol("a b"), "|a b|");
    }
}
