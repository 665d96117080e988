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
    /// Fixed-size bit-vectors (SMT-LIB FixedSizeBitVectors and QF_BV).
    BitVectors,
    /// Conversions between bit-vectors and Int (`bv2nat`, `int2bv`).
    BitVectorsInts,
    /// SMT-LIB Unicode Strings with regular expressions (RegLan); uses Ints for lengths
    /// and positions.
    Strings,
    /// SMT-LIB ArraysEx: select, store, constant arrays, extensionality.
    Arrays,
    /// SMT-LIB FloatingPoint (IEEE-754 binary formats, rounding modes, conversions from and
    /// to bit-vectors and reals).
    FloatingPoint,
    /// Algebraic datatypes (declared per script; SMT-LIB's `declare-datatypes`).
    Datatypes,
    /// Sequences `(Seq E)` of any element sort (Z3's and cvc5's theory, not SMT-LIB's;
    /// Yices has none): the string operators' `seq.` counterparts over finite sequences.
    Sequences,
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
    /// `(_ BitVec 1)` (the result of `bvcomp`).
    Bv1,
    Str,
    /// `RegLan`.
    Re,
    /// `RoundingMode`.
    Rm,
    /// Decided by the operator's [`Rule`] (bit-vector widths from indices and argument
    /// widths; array index and element sorts).
    Width,
}

/// Which sorts the parameter `T` of a signature ranges over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Domain {
    /// No parameter.
    None,
    /// Any sort. (The generator leaves RegLan out of `=`, `distinct` and `ite`: language
    /// equality is only built deliberately, by the regex construction family.)
    Any,
    /// Int or Real.
    Numeric,
    /// A bit-vector sort of any width.
    BitVec,
    /// A floating-point sort of any format.
    Float,
    /// A sequence sort `(Seq E)` of any element sort.
    Seq,
}

impl Domain {
    pub fn contains(self, s: &Sort) -> bool {
        match self {
            Domain::None => false,
            Domain::Any => true,
            Domain::Numeric => matches!(s, Sort::Int | Sort::Real),
            Domain::BitVec => matches!(s, Sort::BitVec(_)),
            Domain::Float => matches!(s, Sort::Float(..)),
            Domain::Seq => matches!(s, Sort::Seq(_)),
        }
    }
}

/// How an operator's bit-vector widths are computed (operators whose signature cannot be
/// written with patterns over one parameter `T`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The patterns say everything.
    Uniform,
    /// `(concat s t)`: width of s plus width of t.
    Concat,
    /// `((_ extract i j) s)`: `i - j + 1`, with `j <= i < width(s)`.
    Extract,
    /// `((_ zero_extend k) s)`, `((_ sign_extend k) s)`: `width(s) + k`.
    Extend,
    /// `((_ repeat k) s)`: `width(s) * k`, `k >= 1`.
    Repeat,
    /// `((_ int2bv n) x)`: `n`, `n >= 1`.
    Int2Bv,
    /// `(select a i)`: `a : (Array I E)`, `i : I`, result `E`.
    Select,
    /// `(store a i e)`: `a : (Array I E)`, `i : I`, `e : E`, result `(Array I E)`.
    Store,
    /// `((as const (Array I E)) e)`: the result sort is part of the term, not of its
    /// argument (built with [`crate::lang::ir::Formula::const_array`]).
    ConstArray,
    /// `(fp s e m)`: `s : (_ BitVec 1)`, `e : (_ BitVec eb)`, `m : (_ BitVec sb-1)`, result
    /// `(_ FloatingPoint eb sb)`.
    FpLit,
    /// `((_ to_fp eb sb) ...)` and `((_ to_fp_unsigned eb sb) ...)`: result
    /// `(_ FloatingPoint eb sb)`; the operator decides the arguments (a bit-vector of
    /// eb + sb bits; or a rounding mode and a float, a real, a bit-vector).
    ToFp,
    /// `((_ fp.to_ubv m) rm x)`, `((_ fp.to_sbv m) rm x)`: `(_ BitVec m)`, `m >= 1`.
    FpToBv,
    /// A datatype's constructor (index 0: which), selector (0: constructor, 1: field) or
    /// tester (0: constructor): the datatype sort says the names and field sorts. A
    /// constructor's sort is part of the term ([`crate::lang::ir::Formula::construct`]).
    Datatype,
    /// `(as seq.empty (Seq E))`: the sort is part of the term, as for `as const`.
    SeqEmpty,
    /// `(seq.unit e)`: `e : E`, result `(Seq E)`.
    SeqUnit,
    /// `(seq.nth s i)`: `s : (Seq E)`, `i : Int`, result `E`.
    SeqNth,
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
    // BitVectors
    Concat,
    Extract,
    BvNot,
    BvAnd,
    BvOr,
    BvXor,
    BvNand,
    BvNor,
    BvXnor,
    BvNeg,
    BvAdd,
    BvSub,
    BvMul,
    BvUdiv,
    BvUrem,
    BvSdiv,
    BvSrem,
    BvSmod,
    BvShl,
    BvLshr,
    BvAshr,
    BvComp,
    BvUlt,
    BvUle,
    BvUgt,
    BvUge,
    BvSlt,
    BvSle,
    BvSgt,
    BvSge,
    Repeat,
    ZeroExtend,
    SignExtend,
    RotateLeft,
    RotateRight,
    // BitVectors and Ints
    Bv2Nat,
    Int2Bv,
    // Strings
    StrConcat,
    StrLen,
    StrLt,
    StrLe,
    StrAt,
    StrSubstr,
    StrPrefixof,
    StrSuffixof,
    StrContains,
    StrIndexof,
    StrReplace,
    StrReplaceAll,
    StrReplaceRe,
    StrReplaceReAll,
    StrIsDigit,
    StrToCode,
    StrFromCode,
    StrToInt,
    StrFromInt,
    // Regular expressions
    StrToRe,
    StrInRe,
    ReNone,
    ReAll,
    ReAllchar,
    ReConcat,
    ReUnion,
    ReInter,
    ReDiff,
    ReComp,
    ReStar,
    RePlus,
    ReOpt,
    ReRange,
    RePower,
    ReLoop,
    // Arrays
    Select,
    Store,
    ConstArray,
    // FloatingPoint
    FpLit,
    FpAbs,
    FpNeg,
    FpAdd,
    FpSub,
    FpMul,
    FpDiv,
    FpFma,
    FpSqrt,
    FpRem,
    FpRoundToIntegral,
    FpMin,
    FpMax,
    FpLeq,
    FpLt,
    FpGeq,
    FpGt,
    FpEq,
    FpIsNormal,
    FpIsSubnormal,
    FpIsZero,
    FpIsInfinite,
    FpIsNaN,
    FpIsNegative,
    FpIsPositive,
    /// `((_ to_fp eb sb) bv)`: the bits of an IEEE encoding.
    ToFpBv,
    /// `((_ to_fp eb sb) rm x)`, x a float of another (or the same) format.
    ToFpFp,
    /// `((_ to_fp eb sb) rm r)`, r a real.
    ToFpReal,
    /// `((_ to_fp eb sb) rm bv)`, bv a signed (two's complement) integer.
    ToFpSbv,
    /// `((_ to_fp_unsigned eb sb) rm bv)`, bv an unsigned integer.
    ToFpUbv,
    FpToUbv,
    FpToSbv,
    FpToReal,
    // Datatypes (names and sorts come from the datatype: see `Rule::Datatype`)
    DtCons,
    DtSel,
    DtIs,
    // Extensions of one solver ([`EXTENSIONS`]), after SMT-LIB's operators (a generator's
    // swarm mask keeps its bits for those).
    StrLastIndexof,
    StrRev,
    StrToLower,
    StrToUpper,
    StrUpdate,
    // SMT-LIB 2.7's conversions between bit-vectors and integers ([`EXTENSIONS`] while not
    // every pinned release reads them), after the rest for the same reason.
    UbvToInt,
    SbvToInt,
    IntToBv,
    // Sequences (Z3's and cvc5's theory), after the rest for the same reason.
    SeqEmpty,
    SeqUnit,
    SeqConcat,
    SeqLen,
    SeqExtract,
    SeqAt,
    SeqNth,
    SeqContains,
    SeqPrefixof,
    SeqSuffixof,
    SeqIndexof,
    SeqReplace,
    SeqReplaceAll,
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
    /// Number of numeral indices (`(_ name i j)`).
    pub indices: usize,
    pub rule: Rule,
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
        SortPat::Bv1 => Sort::BitVec(1),
        SortPat::Str => Sort::String,
        SortPat::Re => Sort::RegLan,
        SortPat::Rm => Sort::RoundingMode,
        SortPat::Width => panic!("width-ruled sort instantiated without its rule"),
    }
}

macro_rules! table {
    ($($op:ident $name:literal $theory:ident [$($arg:ident),*] min $min:literal -> $ret:ident, $dom:ident, $attr:ident $(, idx $idx:literal $rule:ident)?;)*) => {
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
                indices: 0 $(+ $idx)?,
                rule: table!(@rule $($rule)?),
            },)*
        ];
    };
    (@rule) => { Rule::Uniform };
    (@rule $rule:ident) => { Rule::$rule };
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
    Concat   "concat"   BitVectors [Width, Width] min 2 -> Width, None,  Fixed, idx 0 Concat;
    Extract  "extract"  BitVectors [Width]     min 1 -> Width, None,   Fixed, idx 2 Extract;
    BvNot    "bvnot"    BitVectors [T]         min 1 -> T,    BitVec,  Fixed;
    BvAnd    "bvand"    BitVectors [T]         min 2 -> T,    BitVec,  LeftAssoc;
    BvOr     "bvor"     BitVectors [T]         min 2 -> T,    BitVec,  LeftAssoc;
    BvXor    "bvxor"    BitVectors [T]         min 2 -> T,    BitVec,  LeftAssoc;
    BvNand   "bvnand"   BitVectors [T, T]      min 2 -> T,    BitVec,  Fixed;
    BvNor    "bvnor"    BitVectors [T, T]      min 2 -> T,    BitVec,  Fixed;
    BvXnor   "bvxnor"   BitVectors [T, T]      min 2 -> T,    BitVec,  Fixed;
    BvNeg    "bvneg"    BitVectors [T]         min 1 -> T,    BitVec,  Fixed;
    BvAdd    "bvadd"    BitVectors [T]         min 2 -> T,    BitVec,  LeftAssoc;
    BvSub    "bvsub"    BitVectors [T, T]      min 2 -> T,    BitVec,  Fixed;
    BvMul    "bvmul"    BitVectors [T]         min 2 -> T,    BitVec,  LeftAssoc;
    BvUdiv   "bvudiv"   BitVectors [T, T]      min 2 -> T,    BitVec,  Fixed;
    BvUrem   "bvurem"   BitVectors [T, T]      min 2 -> T,    BitVec,  Fixed;
    BvSdiv   "bvsdiv"   BitVectors [T, T]      min 2 -> T,    BitVec,  Fixed;
    BvSrem   "bvsrem"   BitVectors [T, T]      min 2 -> T,    BitVec,  Fixed;
    BvSmod   "bvsmod"   BitVectors [T, T]      min 2 -> T,    BitVec,  Fixed;
    BvShl    "bvshl"    BitVectors [T, T]      min 2 -> T,    BitVec,  Fixed;
    BvLshr   "bvlshr"   BitVectors [T, T]      min 2 -> T,    BitVec,  Fixed;
    BvAshr   "bvashr"   BitVectors [T, T]      min 2 -> T,    BitVec,  Fixed;
    BvComp   "bvcomp"   BitVectors [T, T]      min 2 -> Bv1,  BitVec,  Fixed;
    BvUlt    "bvult"    BitVectors [T, T]      min 2 -> Bool, BitVec,  Fixed;
    BvUle    "bvule"    BitVectors [T, T]      min 2 -> Bool, BitVec,  Fixed;
    BvUgt    "bvugt"    BitVectors [T, T]      min 2 -> Bool, BitVec,  Fixed;
    BvUge    "bvuge"    BitVectors [T, T]      min 2 -> Bool, BitVec,  Fixed;
    BvSlt    "bvslt"    BitVectors [T, T]      min 2 -> Bool, BitVec,  Fixed;
    BvSle    "bvsle"    BitVectors [T, T]      min 2 -> Bool, BitVec,  Fixed;
    BvSgt    "bvsgt"    BitVectors [T, T]      min 2 -> Bool, BitVec,  Fixed;
    BvSge    "bvsge"    BitVectors [T, T]      min 2 -> Bool, BitVec,  Fixed;
    Repeat   "repeat"   BitVectors [Width]     min 1 -> Width, None,   Fixed, idx 1 Repeat;
    ZeroExtend "zero_extend" BitVectors [Width] min 1 -> Width, None,  Fixed, idx 1 Extend;
    SignExtend "sign_extend" BitVectors [Width] min 1 -> Width, None,  Fixed, idx 1 Extend;
    RotateLeft "rotate_left" BitVectors [T]    min 1 -> T,    BitVec,  Fixed, idx 1 Uniform;
    RotateRight "rotate_right" BitVectors [T]  min 1 -> T,    BitVec,  Fixed, idx 1 Uniform;
    Bv2Nat   "bv2nat"   BitVectorsInts [T]     min 1 -> Int,  BitVec,  Fixed;
    Int2Bv   "int2bv"   BitVectorsInts [Int]   min 1 -> Width, None,   Fixed, idx 1 Int2Bv;
    StrConcat "str.++"  Strings [Str]          min 2 -> Str,  None,    LeftAssoc;
    StrLen   "str.len"  Strings [Str]          min 1 -> Int,  None,    Fixed;
    // Chainable in the standard; generated binary (Z3's API and old releases take two).
    StrLt    "str.<"    Strings [Str, Str]     min 2 -> Bool, None,    Fixed;
    StrLe    "str.<="   Strings [Str, Str]     min 2 -> Bool, None,    Fixed;
    StrAt    "str.at"   Strings [Str, Int]     min 2 -> Str,  None,    Fixed;
    StrSubstr "str.substr" Strings [Str, Int, Int] min 3 -> Str, None, Fixed;
    StrPrefixof "str.prefixof" Strings [Str, Str] min 2 -> Bool, None, Fixed;
    StrSuffixof "str.suffixof" Strings [Str, Str] min 2 -> Bool, None, Fixed;
    StrContains "str.contains" Strings [Str, Str] min 2 -> Bool, None, Fixed;
    StrIndexof "str.indexof" Strings [Str, Str, Int] min 3 -> Int, None, Fixed;
    StrReplace "str.replace" Strings [Str, Str, Str] min 3 -> Str, None, Fixed;
    StrReplaceAll "str.replace_all" Strings [Str, Str, Str] min 3 -> Str, None, Fixed;
    StrReplaceRe "str.replace_re" Strings [Str, Re, Str] min 3 -> Str, None, Fixed;
    StrReplaceReAll "str.replace_re_all" Strings [Str, Re, Str] min 3 -> Str, None, Fixed;
    StrIsDigit "str.is_digit" Strings [Str]    min 1 -> Bool, None,    Fixed;
    StrToCode "str.to_code" Strings [Str]      min 1 -> Int,  None,    Fixed;
    StrFromCode "str.from_code" Strings [Int]  min 1 -> Str,  None,    Fixed;
    StrToInt "str.to_int" Strings [Str]        min 1 -> Int,  None,    Fixed;
    StrFromInt "str.from_int" Strings [Int]    min 1 -> Str,  None,    Fixed;
    StrToRe  "str.to_re" Strings [Str]         min 1 -> Re,   None,    Fixed;
    StrInRe  "str.in_re" Strings [Str, Re]     min 2 -> Bool, None,    Fixed;
    ReNone   "re.none"  Strings []             min 0 -> Re,   None,    Fixed;
    ReAll    "re.all"   Strings []             min 0 -> Re,   None,    Fixed;
    ReAllchar "re.allchar" Strings []          min 0 -> Re,   None,    Fixed;
    ReConcat "re.++"    Strings [Re]           min 2 -> Re,   None,    LeftAssoc;
    ReUnion  "re.union" Strings [Re]           min 2 -> Re,   None,    LeftAssoc;
    ReInter  "re.inter" Strings [Re]           min 2 -> Re,   None,    LeftAssoc;
    ReDiff   "re.diff"  Strings [Re]           min 2 -> Re,   None,    LeftAssoc;
    ReComp   "re.comp"  Strings [Re]           min 1 -> Re,   None,    Fixed;
    ReStar   "re.*"     Strings [Re]           min 1 -> Re,   None,    Fixed;
    RePlus   "re.+"     Strings [Re]           min 1 -> Re,   None,    Fixed;
    ReOpt    "re.opt"   Strings [Re]           min 1 -> Re,   None,    Fixed;
    ReRange  "re.range" Strings [Str, Str]     min 2 -> Re,   None,    Fixed;
    RePower  "re.^"     Strings [Re]           min 1 -> Re,   None,    Fixed, idx 1 Uniform;
    ReLoop   "re.loop"  Strings [Re]           min 1 -> Re,   None,    Fixed, idx 2 Uniform;
    Select   "select"   Arrays  [Width, Width]   min 2 -> Width, None, Fixed, idx 0 Select;
    Store    "store"    Arrays  [Width, Width, Width] min 3 -> Width, None, Fixed, idx 0 Store;
    ConstArray "const"  Arrays  [Width]          min 1 -> Width, None, Fixed, idx 0 ConstArray;
    FpLit    "fp"       FloatingPoint [Width, Width, Width] min 3 -> Width, None, Fixed, idx 0 FpLit;
    FpAbs    "fp.abs"   FloatingPoint [T]      min 1 -> T,    Float,   Fixed;
    FpNeg    "fp.neg"   FloatingPoint [T]      min 1 -> T,    Float,   Fixed;
    FpAdd    "fp.add"   FloatingPoint [Rm, T, T] min 3 -> T,  Float,   Fixed;
    FpSub    "fp.sub"   FloatingPoint [Rm, T, T] min 3 -> T,  Float,   Fixed;
    FpMul    "fp.mul"   FloatingPoint [Rm, T, T] min 3 -> T,  Float,   Fixed;
    FpDiv    "fp.div"   FloatingPoint [Rm, T, T] min 3 -> T,  Float,   Fixed;
    FpFma    "fp.fma"   FloatingPoint [Rm, T, T, T] min 4 -> T, Float, Fixed;
    FpSqrt   "fp.sqrt"  FloatingPoint [Rm, T]  min 2 -> T,    Float,   Fixed;
    FpRem    "fp.rem"   FloatingPoint [T, T]   min 2 -> T,    Float,   Fixed;
    FpRoundToIntegral "fp.roundToIntegral" FloatingPoint [Rm, T] min 2 -> T, Float, Fixed;
    FpMin    "fp.min"   FloatingPoint [T, T]   min 2 -> T,    Float,   Fixed;
    FpMax    "fp.max"   FloatingPoint [T, T]   min 2 -> T,    Float,   Fixed;
    FpLeq    "fp.leq"   FloatingPoint [T]      min 2 -> Bool, Float,   Chainable;
    FpLt     "fp.lt"    FloatingPoint [T]      min 2 -> Bool, Float,   Chainable;
    FpGeq    "fp.geq"   FloatingPoint [T]      min 2 -> Bool, Float,   Chainable;
    FpGt     "fp.gt"    FloatingPoint [T]      min 2 -> Bool, Float,   Chainable;
    FpEq     "fp.eq"    FloatingPoint [T]      min 2 -> Bool, Float,   Chainable;
    FpIsNormal "fp.isNormal" FloatingPoint [T] min 1 -> Bool, Float,   Fixed;
    FpIsSubnormal "fp.isSubnormal" FloatingPoint [T] min 1 -> Bool, Float, Fixed;
    FpIsZero "fp.isZero" FloatingPoint [T]     min 1 -> Bool, Float,   Fixed;
    FpIsInfinite "fp.isInfinite" FloatingPoint [T] min 1 -> Bool, Float, Fixed;
    FpIsNaN  "fp.isNaN" FloatingPoint [T]      min 1 -> Bool, Float,   Fixed;
    FpIsNegative "fp.isNegative" FloatingPoint [T] min 1 -> Bool, Float, Fixed;
    FpIsPositive "fp.isPositive" FloatingPoint [T] min 1 -> Bool, Float, Fixed;
    ToFpBv   "to_fp"    FloatingPoint [Width]  min 1 -> Width, None,   Fixed, idx 2 ToFp;
    ToFpFp   "to_fp"    FloatingPoint [Rm, Width] min 2 -> Width, None, Fixed, idx 2 ToFp;
    ToFpReal "to_fp"    FloatingPoint [Rm, Real] min 2 -> Width, None, Fixed, idx 2 ToFp;
    ToFpSbv  "to_fp"    FloatingPoint [Rm, Width] min 2 -> Width, None, Fixed, idx 2 ToFp;
    ToFpUbv  "to_fp_unsigned" FloatingPoint [Rm, Width] min 2 -> Width, None, Fixed, idx 2 ToFp;
    FpToUbv  "fp.to_ubv" FloatingPoint [Rm, Width] min 2 -> Width, None, Fixed, idx 1 FpToBv;
    FpToSbv  "fp.to_sbv" FloatingPoint [Rm, Width] min 2 -> Width, None, Fixed, idx 1 FpToBv;
    FpToReal "fp.to_real" FloatingPoint [T]    min 1 -> Real, Float,   Fixed;
    // Not SMT-LIB names (a space is in none): each datatype names its own.
    DtCons   "datatype constructor" Datatypes [] min 0 -> Width, None, Fixed, idx 0 Datatype;
    DtSel    "datatype selector" Datatypes [Width] min 1 -> Width, None, Fixed, idx 0 Datatype;
    DtIs     "datatype tester" Datatypes [Width] min 1 -> Bool, None, Fixed, idx 0 Datatype;
    // Z3's extension (not SMT-LIB; cvc5 has no such operator): the last index of the second
    // string in the first, its length where the second is empty, -1 where none.
    StrLastIndexof "seq.last_indexof" Strings [Str, Str] min 2 -> Int, None, Fixed;
    // cvc5's extensions (not SMT-LIB; Z3 has none of them): the reverse; `A`–`Z` to lower
    // case and `a`–`z` to upper case (no other character changes); the first string with the
    // third written over it from the position, its length kept (unchanged where the
    // position is outside 0..=length).
    StrRev   "str.rev"  Strings [Str]          min 1 -> Str,  None,    Fixed;
    StrToLower "str.to_lower" Strings [Str]    min 1 -> Str,  None,    Fixed;
    StrToUpper "str.to_upper" Strings [Str]    min 1 -> Str,  None,    Fixed;
    StrUpdate "str.update" Strings [Str, Int, Str] min 3 -> Str, None, Fixed;
    // SMT-LIB 2.7 (Z3 4.12.2's binary: "unknown constant ubv_to_int"; Z3 5.4.1 and cvc5
    // 1.4.2 read them): the unsigned and the two's-complement value of a bit-vector, and
    // an integer modulo 2^n as an n-bit vector (as `bv2nat` and `int2bv`).
    UbvToInt "ubv_to_int" BitVectorsInts [T]   min 1 -> Int,  BitVec,  Fixed;
    SbvToInt "sbv_to_int" BitVectorsInts [T]   min 1 -> Int,  BitVec,  Fixed;
    IntToBv  "int_to_bv" BitVectorsInts [Int]  min 1 -> Width, None,   Fixed, idx 1 Int2Bv;
    // Sequences (Z3 and cvc5 read the same names): each `seq.` operator is its `str.`
    // counterpart over a sequence of any element sort; `seq.nth` is the element at a position
    // (unspecified outside the sequence, as Z3's and cvc5's documentation say).
    SeqEmpty "seq.empty" Sequences []          min 0 -> Width, None,   Fixed, idx 0 SeqEmpty;
    SeqUnit  "seq.unit" Sequences [Width]      min 1 -> Width, None,   Fixed, idx 0 SeqUnit;
    SeqConcat "seq.++"  Sequences [T]          min 2 -> T,    Seq,     LeftAssoc;
    SeqLen   "seq.len"  Sequences [T]          min 1 -> Int,  Seq,     Fixed;
    SeqExtract "seq.extract" Sequences [T, Int, Int] min 3 -> T, Seq,  Fixed;
    SeqAt    "seq.at"   Sequences [T, Int]     min 2 -> T,    Seq,     Fixed;
    SeqNth   "seq.nth"  Sequences [Width, Int] min 2 -> Width, None,   Fixed, idx 0 SeqNth;
    SeqContains "seq.contains" Sequences [T, T] min 2 -> Bool, Seq,    Fixed;
    SeqPrefixof "seq.prefixof" Sequences [T, T] min 2 -> Bool, Seq,    Fixed;
    SeqSuffixof "seq.suffixof" Sequences [T, T] min 2 -> Bool, Seq,    Fixed;
    SeqIndexof "seq.indexof" Sequences [T, T, Int] min 3 -> Int, Seq,  Fixed;
    SeqReplace "seq.replace" Sequences [T, T, T] min 3 -> T,  Seq,     Fixed;
    SeqReplaceAll "seq.replace_all" Sequences [T, T, T] min 3 -> T, Seq, Fixed;
}

/// Operators one solver adds to a theory beyond SMT-LIB (which solvers read each is a fact
/// of the solvers': `facts::extension_readers`): smtsmith reads them from scripts and
/// evaluates them, a solver without one is not asked about a formula that has it, and the
/// generator does not draw them (their odds in the default mix are a default, to be decided
/// by the bug benchmark).
pub const EXTENSIONS: &[Op] = &[
    Op::StrLastIndexof,
    Op::StrRev,
    Op::StrToLower,
    Op::StrToUpper,
    Op::StrUpdate,
    Op::UbvToInt,
    Op::SbvToInt,
    Op::IntToBv,
];

/// Z3's names of the sequence operators applied to strings, each the SMT-LIB string
/// operator it means there (Z3 reads both; cvc5 reads only the `str.` ones).
pub const Z3_SEQ_ALIASES: &[(&str, Op)] = &[
    ("seq.++", Op::StrConcat),
    ("seq.len", Op::StrLen),
    ("seq.extract", Op::StrSubstr),
    ("seq.at", Op::StrAt),
    ("seq.contains", Op::StrContains),
    ("seq.prefixof", Op::StrPrefixof),
    ("seq.suffixof", Op::StrSuffixof),
    ("seq.indexof", Op::StrIndexof),
    ("seq.replace", Op::StrReplace),
    ("seq.replace_all", Op::StrReplaceAll),
    ("seq.in_re", Op::StrInRe),
    ("seq.to_re", Op::StrToRe),
];

/// String operators' names before SMT-LIB 2.6, which Z3 reads in every release (and
/// releases before 4.8.9 instead of the 2.6 names) and cvc5 1.x does not: the SMT-LIB 2.5
/// name first (printed for those releases), then Z3's other spellings.
const OLDER_NAMES: [(Op, &[&str]); 5] = [
    (Op::StrInRe, &["str.in.re", "str.in-re"]),
    (Op::StrToRe, &["str.to.re", "str.to-re"]),
    (Op::StrToInt, &["str.to.int", "str.to-int"]),
    (Op::StrFromInt, &["int.to.str", "str.from-int"]),
    (Op::ReNone, &["re.nostr", "re.empty"]),
];

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

    /// Whether this operator is one solver's extension ([`EXTENSIONS`]).
    pub fn is_extension(self) -> bool {
        EXTENSIONS.contains(&self)
    }

    /// This operator's names before SMT-LIB 2.6 ([`OLDER_NAMES`]; empty for most).
    pub fn older_names(self) -> &'static [&'static str] {
        OLDER_NAMES
            .iter()
            .find(|(op, _)| *op == self)
            .map_or(&[], |(_, names)| names)
    }

    /// The operator `name` is an older name of ([`OLDER_NAMES`]).
    pub fn by_older_name(name: &str) -> Option<Op> {
        OLDER_NAMES
            .iter()
            .find(|(_, names)| names.contains(&name))
            .map(|(op, _)| *op)
    }

    /// The operator whose 2.6 name `name` is, among those with older names.
    pub fn renamed(name: &str) -> Option<Op> {
        OLDER_NAMES
            .iter()
            .map(|(op, _)| *op)
            .find(|op| op.name() == name)
    }

    /// The theory an application of this operator at parameter `t` belongs to
    /// (arithmetic operators are listed under Ints; over Real they are Reals).
    pub fn theory_at(self, t: Option<&Sort>) -> Theory {
        let info = self.info();
        match (info.theory, t) {
            (Theory::Ints, Some(Sort::Real)) => Theory::Reals,
            // `=`, `distinct`, `ite` over bit-vectors stay Core: the sorts decide the logic.
            (th, _) => th,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each older name reads back as its operator, and each operator with older names is
    /// found by its 2.6 name; no older name is a 2.6 name.
    #[test]
    fn older_names_map_to_their_operators() {
        for (op, names) in OLDER_NAMES {
            assert_eq!(Op::renamed(op.name()), Some(op));
            for name in names {
                assert_eq!(Op::by_older_name(name), Some(op), "{name}");
                assert!(Op::all().all(|o| o.name() != *name), "{name}");
            }
        }
        assert_eq!(Op::StrToInt.older_names()[0], "str.to.int");
        assert_eq!(Op::by_older_name("str.to_int"), None);
        assert_eq!(Op::renamed("str.len"), None);
    }

    #[test]
    fn table_is_in_op_order_and_consistent() {
        for (i, info) in OPS.iter().enumerate() {
            assert_eq!(info.op as usize, i, "row {} out of order", info.name);
            assert!(
                !info.args.is_empty() || info.min_arity == 0,
                "{}",
                info.name
            );
            if info.attr == Attr::Fixed {
                assert_eq!(info.min_arity, info.args.len(), "{}", info.name);
            }
            let uses_t = info.args.contains(&SortPat::T) || info.ret == SortPat::T;
            assert_eq!(uses_t, info.domain != Domain::None, "{}", info.name);
            let uses_width = info.args.contains(&SortPat::Width) || info.ret == SortPat::Width;
            assert_eq!(uses_width, info.rule != Rule::Uniform, "{}", info.name);
        }
    }
}
