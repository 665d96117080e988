//! SMT-LIB 2.6 output: a formula prints as a complete script that the solvers' own
//! front ends accept (checked in `tests/printer_roundtrip.rs`).

use crate::ir::{Formula, NodeId, NodeKind, Sort, Value};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use std::fmt::Write;

/// What to put around the assertions.
#[derive(Clone, Debug, Default)]
pub struct ScriptOptions {
    /// `; ` comment lines at the top (provenance of a reproducer).
    pub comments: Vec<String>,
    /// `(set-option :key value)` lines, before `set-logic`.
    pub options: Vec<(String, String)>,
    /// Ask for the values of all declared constants after `check-sat`.
    pub get_values: bool,
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
    for d in &f.decls {
        let _ = writeln!(out, "(declare-fun {} () {})", symbol(&d.name), d.sort);
    }
    for a in &f.asserts {
        let _ = writeln!(out, "(assert {})", term(f, *a));
    }
    out.push_str("(check-sat)\n");
    if opts.get_values && !f.decls.is_empty() {
        let names: Vec<String> = f.decls.iter().map(|d| symbol(&d.name)).collect();
        let _ = writeln!(out, "(get-value ({}))", names.join(" "));
    }
    out
}

/// Prints one term (shared nodes are printed at each use).
pub fn term(f: &Formula, id: NodeId) -> String {
    let mut out = String::new();
    write_term(f, id, &mut out);
    out
}

fn write_term(f: &Formula, id: NodeId, out: &mut String) {
    match &f.node(id).kind {
        NodeKind::Lit(v) => out.push_str(&value(v)),
        NodeKind::Const(d) => out.push_str(&symbol(&f.decls[d.0 as usize].name)),
        NodeKind::Bound(b) => out.push_str(&symbol(&f.bounds[b.0 as usize].name)),
        NodeKind::App(op, idx, args) => {
            out.push('(');
            match op.info().indices {
                0 => out.push_str(op.name()),
                n => {
                    let idx: Vec<String> = idx[..n].iter().map(|i| i.to_string()).collect();
                    let _ = write!(out, "(_ {} {})", op.name(), idx.join(" "));
                }
            }
            for a in args {
                out.push(' ');
                write_term(f, *a, out);
            }
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
                write_term(f, *t, out);
                out.push(')');
            }
            out.push_str(") ");
            write_term(f, *body, out);
            out.push(')');
        }
    }
}

/// A value as an SMT-LIB term of its sort (negative numbers as `(- n)`, rationals as
/// `(/ p.0 q.0)`, so the text is valid in strict Int and Real logics).
pub fn value(v: &Value) -> String {
    match v {
        Value::Bool(b) => b.to_string(),
        Value::Int(n) => int(n),
        Value::Real(r) => real(r),
        Value::BitVec { width, value } => bitvec(*width, value),
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

/// A symbol, quoted with `|...|` when it is not a simple symbol.
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

/// The SMT-LIB name of a sort (for declarations in other modules).
pub fn sort(s: &Sort) -> String {
    s.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Op;

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
