//! The operator table: the single source of truth for every operator's SMT-LIB name,
//! signature, attributes and theory. The generator, printer, evaluator and both backends
//! read it; none keeps its own list. Adding an operator = one row here plus one match arm
//! in the evaluator and in each backend.

use super::Sort;
use serde::{Deserialize, Serialize};

/// The SMT-LIB theory an operator belongs to; drives swarm selection and logic names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Theory {
    Core,
    Ints,
    Reals,
    /// Conversions between Int and Real (SMT-LIB Reals_Ints).
    RealsInts,
}

/// How an n-ary application is read (SMT-LIB 2.6, section 3.6.3 attributes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attr {
    /// Exactly the listed arguments.
    Fixed,
    /// `(f a b c)` = `(f (f a b) c)`.
    LeftAssoc,
    /// `(f a b c)` = `(f a (f b c))`.
    RightAssoc,
    /// `(f a b c)` = `(and (f a b) (f b c))`.
    Chainable,
    /// `(f a b c)` = every pair distinct.
    Pairwise,
}

/// A sort in a signature: a concrete sort or the signature's sort parameter `T`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortPat {
    Bool,
    Int,
    Real,
    /// The instantiated parameter.
    T,
}

/// Which sorts the parameter `T` of a signature ranges over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Domain {
    /// No parameter.
    None,
    /// Any sort.
    Any,
    /// Int or Real.
    Numeric,
}

impl Domain {
    pub fn contains(self, s: &Sort) -> bool {
        match self {
            Domain::None => false,
            Domain::Any => true,
            Domain::Numeric => matches!(s, Sort::Int | Sort::Real),
        }
    }
}

/// Every operator smtsmith knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Op {
    // Core
    Not,
    And,
    Or,
    Xor,
    Implies,
    Eq,
    Distinct,
    Ite,
    // Ints and Reals (shared names, sort chosen by the parameter)
    Add,
    Sub,
    Neg,
    Mul,
    Lt,
    Le,
    Gt,
    Ge,
    // Ints only
    IntDiv,
    Mod,
    Abs,
    // Reals only
    RealDiv,
    // Reals_Ints
    ToReal,
    ToInt,
    IsInt,
}

/// One row of the table.
#[derive(Debug)]
pub struct OpInfo {
    pub op: Op,
    pub name: &'static str,
    pub theory: Theory,
    /// Argument sorts; with a non-`Fixed` attribute the last one repeats.
    pub args: &'static [SortPat],
    /// Minimum number of arguments (equals `args.len()` for `Fixed`).
    pub min_arity: usize,
    pub ret: SortPat,
    pub domain: Domain,
    pub attr: Attr,
    /// Number of numeral indices (`(_ name i j)`); 0 for every operator so far.
    pub indices: usize,
}

impl OpInfo {
    pub fn is_variadic(&self) -> bool {
        self.attr != Attr::Fixed
    }

    /// The argument sorts of an application with `arity` arguments and parameter `t`.
    pub fn arg_sorts(&self, arity: usize, t: Option<&Sort>) -> Vec<Sort> {
        (0..arity)
            .map(|i| {
                let pat = self.args[i.min(self.args.len() - 1)];
                instantiate(pat, t)
            })
            .collect()
    }

    pub fn ret_sort(&self, t: Option<&Sort>) -> Sort {
        instantiate(self.ret, t)
    }
}

fn instantiate(p: SortPat, t: Option<&Sort>) -> Sort {
    match p {
        SortPat::Bool => Sort::Bool,
        SortPat::Int => Sort::Int,
        SortPat::Real => Sort::Real,
        SortPat::T => t
            .expect("parametric operator used without its parameter")
            .clone(),
    }
}

macro_rules! table {
    ($($op:ident $name:literal $theory:ident [$($arg:ident),*] min $min:literal -> $ret:ident, $dom:ident, $attr:ident;)*) => {
        /// The table, in `Op` order.
        pub static OPS: &[OpInfo] = &[
            $(OpInfo {
                op: Op::$op,
                name: $name,
                theory: Theory::$theory,
                args: &[$(SortPat::$arg),*],
                min_arity: $min,
                ret: SortPat::$ret,
                domain: Domain::$dom,
                attr: Attr::$attr,
                indices: 0,
            },)*
        ];
    };
}

table! {
    Not      "not"      Core      [Bool]       min 1 -> Bool, None,    Fixed;
    And      "and"      Core      [Bool]       min 2 -> Bool, None,    LeftAssoc;
    Or       "or"       Core      [Bool]       min 2 -> Bool, None,    LeftAssoc;
    Xor      "xor"      Core      [Bool]       min 2 -> Bool, None,    LeftAssoc;
    Implies  "=>"       Core      [Bool]       min 2 -> Bool, None,    RightAssoc;
    Eq       "="        Core      [T]          min 2 -> Bool, Any,     Chainable;
    Distinct "distinct" Core      [T]          min 2 -> Bool, Any,     Pairwise;
    Ite      "ite"      Core      [Bool, T, T] min 3 -> T,    Any,     Fixed;
    Add      "+"        Ints      [T]          min 2 -> T,    Numeric, LeftAssoc;
    Sub      "-"        Ints      [T]          min 2 -> T,    Numeric, LeftAssoc;
    Neg      "-"        Ints      [T]          min 1 -> T,    Numeric, Fixed;
    Mul      "*"        Ints      [T]          min 2 -> T,    Numeric, LeftAssoc;
    Lt       "<"        Ints      [T]          min 2 -> Bool, Numeric, Chainable;
    Le       "<="       Ints      [T]          min 2 -> Bool, Numeric, Chainable;
    Gt       ">"        Ints      [T]          min 2 -> Bool, Numeric, Chainable;
    Ge       ">="       Ints      [T]          min 2 -> Bool, Numeric, Chainable;
    IntDiv   "div"      Ints      [Int]        min 2 -> Int,  None,    LeftAssoc;
    Mod      "mod"      Ints      [Int, Int]   min 2 -> Int,  None,    Fixed;
    Abs      "abs"      Ints      [Int]        min 1 -> Int,  None,    Fixed;
    RealDiv  "/"        Reals     [Real]       min 2 -> Real, None,    LeftAssoc;
    ToReal   "to_real"  RealsInts [Int]        min 1 -> Real, None,    Fixed;
    ToInt    "to_int"   RealsInts [Real]       min 1 -> Int,  None,    Fixed;
    IsInt    "is_int"   RealsInts [Real]       min 1 -> Bool, None,    Fixed;
}

impl Op {
    pub fn info(self) -> &'static OpInfo {
        let info = &OPS[self as usize];
        debug_assert_eq!(info.op, self);
        info
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// All operators, in table order.
    pub fn all() -> impl Iterator<Item = Op> {
        OPS.iter().map(|i| i.op)
    }

    /// The theory an application of this operator at parameter `t` belongs to
    /// (arithmetic operators are listed under Ints; over Real they are Reals).
    pub fn theory_at(self, t: Option<&Sort>) -> Theory {
        let info = self.info();
        match (info.theory, t) {
            (Theory::Ints, Some(Sort::Real)) => Theory::Reals,
            (th, _) => th,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_in_op_order_and_consistent() {
        for (i, info) in OPS.iter().enumerate() {
            assert_eq!(info.op as usize, i, "row {} out of order", info.name);
            assert!(!info.args.is_empty());
            if info.attr == Attr::Fixed {
                assert_eq!(info.min_arity, info.args.len(), "{}", info.name);
            }
            let uses_t = info.args.contains(&SortPat::T) || info.ret == SortPat::T;
            assert_eq!(uses_t, info.domain != Domain::None, "{}", info.name);
        }
    }
}
