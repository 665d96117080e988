//! cvc5 through its C API (cvc5-sys 0.6.1 bindings, generated from cvc5 1.4.0).
//!
//! cvc5's C API records errors in thread-local state instead of exiting: every call is
//! followed by `cvc5_has_error()`, and an error becomes a [`SolverError`]. Handles are
//! owned by the term manager; it is released and recycled every few hundred cases
//! ([`crate::dialect::facts::recycle_every`])
//! (a long-lived manager slows down as constants accumulate, and deleting a manager frees
//! nothing while handles are outstanding).

use super::driver::{Backend, SolverConfig};
use super::{
    bv_value, int_value, parse_rational, provoke, read_points, translate_more, translate_roots,
    FuncTable, Limits, SolverError, SolverId, TermBuilder, Verdict, OPTION_CALL,
};
use crate::lang::eval::Model;
use crate::lang::ir::{DeclId, Formula, Idx, NodeId, Op, Sort, Value};
use cvc5_sys as c;
use std::ffi::{CStr, CString};

pub struct Cvc5 {
    tm: *mut c::TermManager,
    version: String,
    /// Uninterpreted sorts of the current term manager (each `mk_uninterpreted_sort`
    /// call makes a new, distinct sort).
    usorts: std::cell::RefCell<std::collections::HashMap<u32, c::Sort>>,
    /// The datatype sorts of the current term manager, per group its members' sorts (made
    /// once: two declarations of one name would be two different sorts).
    datatypes:
        std::cell::RefCell<std::collections::HashMap<crate::lang::ir::DtGroup, Vec<c::Sort>>>,
    /// Numbers of the uninterpreted-sort elements of the model being read.
    abstract_ids: std::cell::RefCell<std::collections::HashMap<String, u32>>,
    /// The time limit (`tlimit-per`, ms) of each live solver, by address: the bound its
    /// checks are watched against (`super::interrupt`).
    limits: std::cell::RefCell<std::collections::HashMap<usize, u32>>,
}

/// The terms of one formula on one solver ([`Backend::open`]).
pub(crate) struct Session {
    /// Per declaration its constant (null until declared).
    consts: Vec<c::Term>,
    memo: super::Memo<c::Term>,
    /// The term of each tracked assertion, by track name.
    asserted: Vec<(usize, c::Term)>,
    /// The assumption literals of the last check.
    assumptions: Vec<(NodeId, c::Term)>,
    /// Which recursive definitions of the formula were given to the solver.
    rec_defined: Vec<bool>,
}

fn cstr(p: *const std::os::raw::c_char) -> String {
    if p.is_null() {
        String::new()
    } else {
        // SAFETY: cvc5 returns NUL-terminated strings it owns, valid until its next call
        // on the same object; the text is copied at once.
        unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
    }
}

/// Reads the thread-local error state after a call named `call`.
fn check(call: &str) -> Result<(), SolverError> {
    // SAFETY: the error state is cvc5's thread-local; these calls take no handles.
    if unsafe { c::has_error() } {
        // SAFETY: as above; the message is copied before the reset frees it.
        let message = cstr(unsafe { c::get_error_message() });
        // SAFETY: as above.
        unsafe { c::reset_error() };
        Err(SolverError {
            solver: SolverId::Cvc5,
            call: call.to_string(),
            message,
        })
    } else {
        Ok(())
    }
}

/// Runs one C API call and turns its error state into a `Result`. Every use passes one
/// call of cvc5's C API whose handles (term manager, solver, sorts, terms) come from this
/// backend and are alive: the term manager is released only in `Backend::new_context` and
/// `Drop`, which the driver reaches only after it deleted every solver and dropped every
/// session of it; each solver is deleted once, by the driver (or where it was made, for
/// one that never left this module).
macro_rules! call {
    ($name:literal, $e:expr) => {{
        #[allow(unused_unsafe)]
        // SAFETY: see above: the call's handles are live objects of this backend, and its
        // pointer arguments point into Rust values that outlive the call.
        let r = unsafe { $e };
        check($name).map(|_| r)
    }};
}

/// Kinds the backend builds terms of, one or more per block of cvc5's `Cvc5Kind`, in
/// ascending order. The bindings' kind values are those of cvc5 1.3.2 to 1.4.2; a library
/// that inserted or removed a kind before one of these (1.2.0 to 1.3.1 did, before
/// `CVC5_KIND_POW2`; a build of another branch may) has other values for it, and every term
/// built with a shifted kind would be another operator: a false alarm on every formula.
const KIND_SENTINELS: [c::Kind; 28] = {
    use c::Kind as K;
    [
        K::Equal,
        K::Distinct,
        K::Ite,
        K::ApplyUf,
        K::Add,
        K::Sub,
        K::Abs,
        K::ConstRational,
        K::Leq,
        K::ToReal,
        K::BitvectorConcat,
        K::BitvectorSge,
        K::BitvectorExtract,
        K::BitvectorRotateRight,
        K::IntToBitvector,
        K::FloatingpointFp,
        K::FloatingpointToReal,
        K::Select,
        K::ConstArray,
        K::ApplyConstructor,
        K::ApplyTester,
        K::StringConcat,
        K::StringToInt,
        K::RegexpConcat,
        K::RegexpAllchar,
        K::Forall,
        K::Exists,
        K::VariableList,
    ]
};

/// `BitvectorConcat` → `BITVECTOR_CONCAT`: the C API's name of a kind without its
/// `CVC5_KIND_` prefix, from the bindings' variant name.
fn screaming_snake(camel: &str) -> String {
    let mut out = String::new();
    for (i, ch) in camel.chars().enumerate() {
        if ch.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(ch.to_ascii_uppercase());
    }
    out
}

/// Whether the linked library names each of [`KIND_SENTINELS`] as the bindings do (once
/// per process). Asked in ascending order, stopping at the first difference: an older
/// release ends the process when asked the name of a value past its last kind.
fn kinds_match_bindings() -> Result<(), SolverError> {
    static CHECKED: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();
    CHECKED
        .get_or_init(|| {
            for kind in KIND_SENTINELS {
                let expected = format!("CVC5_KIND_{}", screaming_snake(&format!("{kind:?}")));
                let linked = cstr(
                    call!("cvc5_kind_to_string", c::kind_to_string(kind)).map_err(|e| e.message)?,
                );
                if linked != expected {
                    return Err(format!(
                        "the linked cvc5 names kind {} {linked}, the bindings {expected}: its \
                         kinds are numbered otherwise than cvc5 1.4.0 to 1.4.2's, which \
                         smtsmith's bindings follow (choose one of those with \
                         SMTSMITH_CVC5_VERSION)",
                        kind as i32
                    ));
                }
            }
            Ok(())
        })
        .clone()
        .map_err(|message| SolverError {
            solver: SolverId::Cvc5,
            call: "cvc5_kind_to_string".into(),
            message,
        })
}

/// A new term manager, and the version of the linked library (a solver asked once).
fn manager_and_version() -> Result<(*mut c::TermManager, String), SolverError> {
    kinds_match_bindings()?;
    let tm = call!("cvc5_term_manager_new", c::term_manager_new())?;
    let slv = call!("cvc5_new", c::new(tm))?;
    let version = cstr(call!("cvc5_get_version", c::get_version(slv))?);
    call!("cvc5_delete", c::delete(slv))?;
    Ok((tm, version))
}

impl Cvc5 {
    /// The backend, with a new term manager.
    pub fn new() -> Result<Self, SolverError> {
        let (tm, version) = manager_and_version()?;
        Ok(Cvc5 {
            tm,
            version,
            usorts: Default::default(),
            datatypes: Default::default(),
            abstract_ids: Default::default(),
            limits: Default::default(),
        })
    }

    fn sort(&self, s: &Sort) -> Result<c::Sort, SolverError> {
        let tm = self.tm;
        match s {
            Sort::Bool => call!("cvc5_get_boolean_sort", c::get_boolean_sort(tm)),
            Sort::Int => call!("cvc5_get_integer_sort", c::get_integer_sort(tm)),
            Sort::Real => call!("cvc5_get_real_sort", c::get_real_sort(tm)),
            Sort::BitVec(w) => call!("cvc5_mk_bv_sort", c::mk_bv_sort(tm, *w)),
            Sort::String => call!("cvc5_get_string_sort", c::get_string_sort(tm)),
            Sort::RegLan => call!("cvc5_get_regexp_sort", c::get_regexp_sort(tm)),
            Sort::Array(i, e) => {
                let (i, e) = (self.sort(i)?, self.sort(e)?);
                call!("cvc5_mk_array_sort", c::mk_array_sort(tm, i, e))
            }
            Sort::Uninterp(n) => {
                if let Some(s) = self.usorts.borrow().get(n) {
                    return Ok(*s);
                }
                let name = CString::new(format!("U{n}")).unwrap();
                let s = call!(
                    "cvc5_mk_uninterpreted_sort",
                    c::mk_uninterpreted_sort(tm, name.as_ptr())
                )?;
                self.usorts.borrow_mut().insert(*n, s);
                Ok(s)
            }
            Sort::Float(eb, sb) => call!("cvc5_mk_fp_sort", c::mk_fp_sort(tm, *eb, *sb)),
            Sort::RoundingMode => call!("cvc5_get_rm_sort", c::get_rm_sort(tm)),
            Sort::Datatype(d) => self.datatype_sort(d),
            Sort::Seq(e) => {
                let e = self.sort(e)?;
                call!("cvc5_mk_sequence_sort", c::mk_sequence_sort(tm, e))
            }
        }
    }

    /// The sort of datatype `d`, its group declared on first use.
    fn datatype_sort(&self, d: &crate::lang::ir::DtSort) -> Result<c::Sort, SolverError> {
        use crate::lang::ir::datatype::FieldSort;
        // A parametric datatype is given to cvc5 at its arguments (one group per instance).
        let d = &d.monomorphic();
        if let Some(sorts) = self.datatypes.borrow().get(&*d.group) {
            return Ok(sorts[d.index as usize]);
        }
        let tm = self.tm;
        let g = &*d.group;
        let name = |n: &str| CString::new(n).unwrap();
        let mut decls = Vec::new();
        for t in &g.types {
            let tn = name(&t.name);
            let decl = call!("cvc5_mk_dt_decl", c::mk_dt_decl(tm, tn.as_ptr(), false))?;
            for ctor in &t.ctors {
                let cn = name(&ctor.name);
                let cd = call!("cvc5_mk_dt_cons_decl", c::mk_dt_cons_decl(tm, cn.as_ptr()))?;
                for f in &ctor.fields {
                    let fname = name(&f.name);
                    match &f.sort {
                        FieldSort::Sort(s) => {
                            let s = self.sort(s)?;
                            call!(
                                "cvc5_dt_cons_decl_add_selector",
                                c::dt_cons_decl_add_selector(cd, fname.as_ptr(), s)
                            )?;
                        }
                        // A member of the group: by name, resolved when the sorts are made.
                        FieldSort::Param(_) => {
                            unreachable!("a monomorphic group has no parameters")
                        }
                        FieldSort::Member(m) => {
                            let member = name(&g.types[*m as usize].name);
                            call!(
                                "cvc5_dt_cons_decl_add_selector_unresolved",
                                c::dt_cons_decl_add_selector_unresolved(
                                    cd,
                                    fname.as_ptr(),
                                    member.as_ptr()
                                )
                            )?;
                        }
                    }
                }
                call!(
                    "cvc5_dt_decl_add_constructor",
                    c::dt_decl_add_constructor(decl, cd)
                )?;
            }
            decls.push(decl);
        }
        let made = call!(
            "cvc5_mk_dt_sorts",
            c::mk_dt_sorts(tm, decls.len(), decls.as_ptr())
        )?;
        if made.is_null() {
            return Err(SolverError {
                solver: SolverId::Cvc5,
                call: "cvc5_mk_dt_sorts".into(),
                message: "no sorts returned".into(),
            });
        }
        // SAFETY: cvc5 returns one sort per declaration, valid until its next call; they
        // are copied at once.
        let sorts = unsafe { std::slice::from_raw_parts(made, decls.len()) }.to_vec();
        self.datatypes.borrow_mut().insert(g.clone(), sorts.clone());
        Ok(sorts[d.index as usize])
    }

    /// The constructor `c` of the datatype of sort `s` (a cvc5 sort).
    fn dt_ctor(&self, s: c::Sort, ctor: u32) -> Result<c::DatatypeConstructor, SolverError> {
        let dt = call!("cvc5_sort_get_datatype", c::sort_get_datatype(s))?;
        call!(
            "cvc5_dt_get_constructor",
            c::dt_get_constructor(dt, ctor as usize)
        )
    }

    /// A constructor, selector or tester application.
    fn datatype_app(
        &self,
        op: Op,
        idx: Idx,
        xs: &[c::Term],
        sort: &Sort,
    ) -> Result<c::Term, SolverError> {
        match op {
            Op::DtCons => {
                let Sort::Datatype(d) = sort else {
                    unreachable!("a constructor of {sort}")
                };
                let cons = self.dt_ctor(self.datatype_sort(d)?, idx[0])?;
                let t = call!("cvc5_dt_cons_get_term", c::dt_cons_get_term(cons))?;
                let mut args = vec![t];
                args.extend_from_slice(xs);
                self.mk(c::Kind::ApplyConstructor, &args)
            }
            _ => {
                let s = call!("cvc5_term_get_sort", c::term_get_sort(xs[0]))?;
                let cons = self.dt_ctor(s, idx[0])?;
                if op == Op::DtIs {
                    let t = call!(
                        "cvc5_dt_cons_get_tester_term",
                        c::dt_cons_get_tester_term(cons)
                    )?;
                    return self.mk(c::Kind::ApplyTester, &[t, xs[0]]);
                }
                let sel = call!(
                    "cvc5_dt_cons_get_selector",
                    c::dt_cons_get_selector(cons, idx[1] as usize)
                )?;
                let t = call!("cvc5_dt_sel_get_term", c::dt_sel_get_term(sel))?;
                self.mk(c::Kind::ApplySelector, &[t, xs[0]])
            }
        }
    }

    /// A datatype value: a constructor application whose arguments are values.
    fn datatype_value(
        &self,
        v: c::Term,
        d: &crate::lang::ir::DtSort,
    ) -> Result<Option<Value>, SolverError> {
        if call!("cvc5_term_get_kind", c::term_get_kind(v))? != c::Kind::ApplyConstructor {
            return Ok(None);
        }
        let head = call!("cvc5_term_get_child", c::term_get_child(v, 0))?;
        let s = self.datatype_sort(d)?;
        let mut found = None;
        let dt = call!("cvc5_sort_get_datatype", c::sort_get_datatype(s))?;
        for k in 0..d.ctors().len() as u32 {
            let cons = call!(
                "cvc5_dt_get_constructor",
                c::dt_get_constructor(dt, k as usize)
            )?;
            let t = call!("cvc5_dt_cons_get_term", c::dt_cons_get_term(cons))?;
            if call!("cvc5_term_is_equal", c::term_is_equal(t, head))? {
                found = Some(k);
                break;
            }
        }
        let Some(k) = found else {
            return Ok(None);
        };
        let mut args = Vec::new();
        for (i, fs) in d.field_sorts(k).iter().enumerate() {
            let a = call!("cvc5_term_get_child", c::term_get_child(v, i + 1))?;
            match self.read_value(a, fs)? {
                Some(x) => args.push(x),
                None => return Ok(None),
            }
        }
        Ok(Some(Value::Dt(Box::new(crate::lang::ir::DtValue {
            sort: d.clone(),
            ctor: k,
            args,
        }))))
    }

    fn literal(&self, v: &Value) -> Result<c::Term, SolverError> {
        let tm = self.tm;
        match v {
            Value::Abstract { .. } => unreachable!("uninterpreted-sort elements have no literals"),
            Value::Array(a) => super::array_term(
                &mut Builder {
                    cvc5: self,
                    consts: &[],
                },
                a,
            ),
            Value::Str(w) => {
                // With escape sequences on: the only way to pass NUL characters.
                let s = CString::new(crate::cases::smtlib::escaped_body(w)).unwrap();
                call!("cvc5_mk_string", c::mk_string(tm, s.as_ptr(), true))
            }
            Value::Re(r) => super::regex_term(
                &mut Builder {
                    cvc5: self,
                    consts: &[],
                },
                r,
            ),
            Value::Float(x) => {
                let bits = CString::new(x.to_bits().to_string()).unwrap();
                let bv = call!("cvc5_mk_bv", c::mk_bv(tm, x.eb + x.sb, bits.as_ptr(), 10))?;
                call!("cvc5_mk_fp", c::mk_fp(tm, x.eb, x.sb, bv))
            }
            Value::Dt(d) => super::datatype_term(
                &mut Builder {
                    cvc5: self,
                    consts: &[],
                },
                d,
            ),
            Value::Seq(e, items) => super::seq_term(
                &mut Builder {
                    cvc5: self,
                    consts: &[],
                },
                e,
                items,
            ),
            Value::Rm(m) => {
                use crate::lang::ir::RoundingMode as M;
                let rm = match m {
                    M::Rne => c::RoundingMode::RoundNearestTiesToEven,
                    M::Rna => c::RoundingMode::RoundNearestTiesToAway,
                    M::Rtp => c::RoundingMode::RoundTowardPositive,
                    M::Rtn => c::RoundingMode::RoundTowardNegative,
                    M::Rtz => c::RoundingMode::RoundTowardZero,
                };
                call!("cvc5_mk_rm", c::mk_rm(tm, rm))
            }
            Value::Bool(true) => call!("cvc5_mk_true", c::mk_true(tm)),
            Value::Bool(false) => call!("cvc5_mk_false", c::mk_false(tm)),
            Value::Int(n) => {
                let s = CString::new(n.to_string()).unwrap();
                call!("cvc5_mk_integer", c::mk_integer(tm, s.as_ptr()))
            }
            Value::BitVec { width, value } => {
                let s = CString::new(value.to_string()).unwrap();
                call!("cvc5_mk_bv", c::mk_bv(tm, *width, s.as_ptr(), 10))
            }
            Value::Real(r) => {
                // A value (a negation of a value is not one, and `as const` takes values).
                let s = CString::new(format!("{}/{}", r.numer(), r.denom())).unwrap();
                call!("cvc5_mk_real", c::mk_real(tm, s.as_ptr()))
            }
        }
    }

    fn mk(&self, kind: c::Kind, xs: &[c::Term]) -> Result<c::Term, SolverError> {
        call!(
            "cvc5_mk_term",
            c::mk_term(self.tm, kind, xs.len(), xs.as_ptr())
        )
    }

    /// An indexed operator application (`(_ extract i j)` etc.).
    fn mk_indexed(
        &self,
        kind: c::Kind,
        idx: &[u32],
        xs: &[c::Term],
    ) -> Result<c::Term, SolverError> {
        let op = call!(
            "cvc5_mk_op",
            c::mk_op(self.tm, kind, idx.len(), idx.as_ptr())
        )?;
        call!(
            "cvc5_mk_term_from_op",
            c::mk_term_from_op(self.tm, op, xs.len(), xs.as_ptr())
        )
    }

    fn apply(&self, op: Op, idx: Idx, xs: &[c::Term], sort: &Sort) -> Result<c::Term, SolverError> {
        use c::Kind as K;
        // Binary folds where SMT-LIB's attribute differs from what cvc5 accepts n-ary.
        let fold_left = |k: K| -> Result<c::Term, SolverError> {
            let mut acc = xs[0];
            for x in &xs[1..] {
                acc = self.mk(k, &[acc, *x])?;
            }
            Ok(acc)
        };
        let chain = |k: K| -> Result<c::Term, SolverError> {
            if xs.len() == 2 {
                return self.mk(k, xs);
            }
            let pairs = xs
                .windows(2)
                .map(|w| self.mk(k, w))
                .collect::<Result<Vec<_>, _>>()?;
            self.mk(K::And, &pairs)
        };
        match op {
            Op::DtCons | Op::DtSel | Op::DtIs => self.datatype_app(op, idx, xs, sort),
            Op::Not => self.mk(K::Not, xs),
            Op::And => self.mk(K::And, xs),
            Op::Or => self.mk(K::Or, xs),
            Op::Xor => fold_left(K::Xor),
            Op::Implies => {
                let mut acc = xs[xs.len() - 1];
                for x in xs[..xs.len() - 1].iter().rev() {
                    acc = self.mk(K::Implies, &[*x, acc])?;
                }
                Ok(acc)
            }
            Op::Eq => chain(K::Equal),
            Op::Distinct => self.mk(K::Distinct, xs),
            Op::Ite => self.mk(K::Ite, xs),
            Op::Add => self.mk(K::Add, xs),
            Op::Sub => fold_left(K::Sub),
            Op::Neg => self.mk(K::Neg, xs),
            Op::Mul => self.mk(K::Mult, xs),
            Op::Lt => chain(K::Lt),
            Op::Le => chain(K::Leq),
            Op::Gt => chain(K::Gt),
            Op::Ge => chain(K::Geq),
            Op::IntDiv => fold_left(K::IntsDivision),
            Op::Mod => self.mk(K::IntsModulus, xs),
            Op::Abs => self.mk(K::Abs, xs),
            Op::RealDiv => fold_left(K::Division),
            Op::ToReal => self.mk(K::ToReal, xs),
            Op::ToInt => self.mk(K::ToInteger, xs),
            Op::IsInt => self.mk(K::IsInteger, xs),
            Op::Concat => self.mk(K::BitvectorConcat, xs),
            Op::Extract => self.mk_indexed(K::BitvectorExtract, &idx, xs),
            Op::BvNot => self.mk(K::BitvectorNot, xs),
            Op::BvAnd => fold_left(K::BitvectorAnd),
            Op::BvOr => fold_left(K::BitvectorOr),
            Op::BvXor => fold_left(K::BitvectorXor),
            Op::BvNand => self.mk(K::BitvectorNand, xs),
            Op::BvNor => self.mk(K::BitvectorNor, xs),
            Op::BvXnor => self.mk(K::BitvectorXnor, xs),
            Op::BvNeg => self.mk(K::BitvectorNeg, xs),
            Op::BvAdd => fold_left(K::BitvectorAdd),
            Op::BvSub => self.mk(K::BitvectorSub, xs),
            Op::BvMul => fold_left(K::BitvectorMult),
            Op::BvUdiv => self.mk(K::BitvectorUdiv, xs),
            Op::BvUrem => self.mk(K::BitvectorUrem, xs),
            Op::BvSdiv => self.mk(K::BitvectorSdiv, xs),
            Op::BvSrem => self.mk(K::BitvectorSrem, xs),
            Op::BvSmod => self.mk(K::BitvectorSmod, xs),
            Op::BvShl => self.mk(K::BitvectorShl, xs),
            Op::BvLshr => self.mk(K::BitvectorLshr, xs),
            Op::BvAshr => self.mk(K::BitvectorAshr, xs),
            Op::BvComp => self.mk(K::BitvectorComp, xs),
            Op::BvUlt => self.mk(K::BitvectorUlt, xs),
            Op::BvUle => self.mk(K::BitvectorUle, xs),
            Op::BvUgt => self.mk(K::BitvectorUgt, xs),
            Op::BvUge => self.mk(K::BitvectorUge, xs),
            Op::BvSlt => self.mk(K::BitvectorSlt, xs),
            Op::BvSle => self.mk(K::BitvectorSle, xs),
            Op::BvSgt => self.mk(K::BitvectorSgt, xs),
            Op::BvSge => self.mk(K::BitvectorSge, xs),
            Op::Repeat => self.mk_indexed(K::BitvectorRepeat, &idx[..1], xs),
            Op::ZeroExtend => self.mk_indexed(K::BitvectorZeroExtend, &idx[..1], xs),
            Op::SignExtend => self.mk_indexed(K::BitvectorSignExtend, &idx[..1], xs),
            Op::RotateLeft => self.mk_indexed(K::BitvectorRotateLeft, &idx[..1], xs),
            Op::RotateRight => self.mk_indexed(K::BitvectorRotateRight, &idx[..1], xs),
            Op::Bv2Nat => self.mk(K::BitvectorToNat, xs),
            Op::Int2Bv | Op::IntToBv => self.mk_indexed(K::IntToBitvector, &idx[..1], xs),
            Op::UbvToInt => self.mk(K::BitvectorUbvToInt, xs),
            Op::SbvToInt => self.mk(K::BitvectorSbvToInt, xs),
            Op::StrConcat => self.mk(K::StringConcat, xs),
            Op::StrLen => self.mk(K::StringLength, xs),
            Op::StrLt => self.mk(K::StringLt, xs),
            Op::StrLe => self.mk(K::StringLeq, xs),
            Op::StrAt => self.mk(K::StringCharat, xs),
            Op::StrSubstr => self.mk(K::StringSubstr, xs),
            Op::StrPrefixof => self.mk(K::StringPrefix, xs),
            Op::StrSuffixof => self.mk(K::StringSuffix, xs),
            Op::StrContains => self.mk(K::StringContains, xs),
            Op::StrIndexof => self.mk(K::StringIndexof, xs),
            Op::StrRev => self.mk(K::StringRev, xs),
            Op::StrToLower => self.mk(K::StringToLower, xs),
            Op::StrToUpper => self.mk(K::StringToUpper, xs),
            Op::StrUpdate => self.mk(K::StringUpdate, xs),
            // Never asked (`facts::skip_reason`): cvc5 has no such operator.
            Op::StrLastIndexof => Err(SolverError {
                solver: SolverId::Cvc5,
                call: crate::solver::UNSUPPORTED_CALL.into(),
                message: "seq.last_indexof: cvc5 has no such operator".into(),
            }),
            Op::SeqEmpty => {
                let Sort::Seq(e) = sort else {
                    unreachable!("seq.empty of sort {sort}")
                };
                let e = self.sort(e)?;
                call!("cvc5_mk_empty_sequence", c::mk_empty_sequence(self.tm, e))
            }
            Op::SeqUnit => self.mk(K::SeqUnit, xs),
            Op::SeqConcat => self.mk(K::SeqConcat, xs),
            Op::SeqLen => self.mk(K::SeqLength, xs),
            Op::SeqExtract => self.mk(K::SeqExtract, xs),
            Op::SeqAt => self.mk(K::SeqAt, xs),
            Op::SeqNth => self.mk(K::SeqNth, xs),
            Op::SeqContains => self.mk(K::SeqContains, xs),
            Op::SeqPrefixof => self.mk(K::SeqPrefix, xs),
            Op::SeqSuffixof => self.mk(K::SeqSuffix, xs),
            Op::SeqIndexof => self.mk(K::SeqIndexof, xs),
            Op::SeqReplace => self.mk(K::SeqReplace, xs),
            Op::SeqReplaceAll => self.mk(K::SeqReplaceAll, xs),
            Op::StrReplace => self.mk(K::StringReplace, xs),
            Op::StrReplaceAll => self.mk(K::StringReplaceAll, xs),
            Op::StrReplaceRe => self.mk(K::StringReplaceRe, xs),
            Op::StrReplaceReAll => self.mk(K::StringReplaceReAll, xs),
            Op::StrIsDigit => self.mk(K::StringIsDigit, xs),
            Op::StrToCode => self.mk(K::StringToCode, xs),
            Op::StrFromCode => self.mk(K::StringFromCode, xs),
            Op::StrToInt => self.mk(K::StringToInt, xs),
            Op::StrFromInt => self.mk(K::StringFromInt, xs),
            Op::StrToRe => self.mk(K::StringToRegexp, xs),
            Op::StrInRe => self.mk(K::StringInRegexp, xs),
            Op::ReNone => call!("cvc5_mk_regexp_none", c::mk_regexp_none(self.tm)),
            Op::ReAll => call!("cvc5_mk_regexp_all", c::mk_regexp_all(self.tm)),
            Op::ReAllchar => call!("cvc5_mk_regexp_allchar", c::mk_regexp_allchar(self.tm)),
            Op::ReConcat => self.mk(K::RegexpConcat, xs),
            Op::ReUnion => self.mk(K::RegexpUnion, xs),
            Op::ReInter => self.mk(K::RegexpInter, xs),
            Op::ReDiff => fold_left(K::RegexpDiff),
            Op::ReComp => self.mk(K::RegexpComplement, xs),
            Op::ReStar => self.mk(K::RegexpStar, xs),
            Op::RePlus => self.mk(K::RegexpPlus, xs),
            Op::ReOpt => self.mk(K::RegexpOpt, xs),
            Op::ReRange => self.mk(K::RegexpRange, xs),
            Op::RePower => self.mk_indexed(K::RegexpRepeat, &idx[..1], xs),
            Op::ReLoop => self.mk_indexed(K::RegexpLoop, &idx, xs),
            Op::Select => self.mk(K::Select, xs),
            Op::Store => self.mk(K::Store, xs),
            Op::ConstArray => {
                let s = self.sort(sort)?;
                call!("cvc5_mk_const_array", c::mk_const_array(self.tm, s, xs[0]))
            }
            Op::FpLit => self.mk(K::FloatingpointFp, xs),
            Op::FpAbs => self.mk(K::FloatingpointAbs, xs),
            Op::FpNeg => self.mk(K::FloatingpointNeg, xs),
            Op::FpAdd => self.mk(K::FloatingpointAdd, xs),
            Op::FpSub => self.mk(K::FloatingpointSub, xs),
            Op::FpMul => self.mk(K::FloatingpointMult, xs),
            Op::FpDiv => self.mk(K::FloatingpointDiv, xs),
            Op::FpFma => self.mk(K::FloatingpointFma, xs),
            Op::FpSqrt => self.mk(K::FloatingpointSqrt, xs),
            Op::FpRem => self.mk(K::FloatingpointRem, xs),
            Op::FpRoundToIntegral => self.mk(K::FloatingpointRti, xs),
            Op::FpMin => self.mk(K::FloatingpointMin, xs),
            Op::FpMax => self.mk(K::FloatingpointMax, xs),
            Op::FpLeq => chain(K::FloatingpointLeq),
            Op::FpLt => chain(K::FloatingpointLt),
            Op::FpGeq => chain(K::FloatingpointGeq),
            Op::FpGt => chain(K::FloatingpointGt),
            Op::FpEq => chain(K::FloatingpointEq),
            Op::FpIsNormal => self.mk(K::FloatingpointIsNormal, xs),
            Op::FpIsSubnormal => self.mk(K::FloatingpointIsSubnormal, xs),
            Op::FpIsZero => self.mk(K::FloatingpointIsZero, xs),
            Op::FpIsInfinite => self.mk(K::FloatingpointIsInf, xs),
            Op::FpIsNaN => self.mk(K::FloatingpointIsNan, xs),
            Op::FpIsNegative => self.mk(K::FloatingpointIsNeg, xs),
            Op::FpIsPositive => self.mk(K::FloatingpointIsPos, xs),
            Op::ToFpBv => self.mk_indexed(K::FloatingpointToFpFromIeeeBv, &idx, xs),
            Op::ToFpFp => self.mk_indexed(K::FloatingpointToFpFromFp, &idx, xs),
            Op::ToFpReal => self.mk_indexed(K::FloatingpointToFpFromReal, &idx, xs),
            Op::ToFpSbv => self.mk_indexed(K::FloatingpointToFpFromSbv, &idx, xs),
            Op::ToFpUbv => self.mk_indexed(K::FloatingpointToFpFromUbv, &idx, xs),
            Op::FpToUbv => self.mk_indexed(K::FloatingpointToUbv, &idx[..1], xs),
            Op::FpToSbv => self.mk_indexed(K::FloatingpointToSbv, &idx[..1], xs),
            Op::FpToReal => self.mk(K::FloatingpointToReal, xs),
        }
    }

    /// The constant (or function, as a constant of function sort) of a declaration.
    fn declare_symbol(&self, d: &crate::lang::ir::Decl) -> Result<c::Term, SolverError> {
        let mut sort = self.sort(&d.sort)?;
        if !d.args.is_empty() {
            let domain = d
                .args
                .iter()
                .map(|s| self.sort(s))
                .collect::<Result<Vec<_>, _>>()?;
            sort = call!(
                "cvc5_mk_fun_sort",
                c::mk_fun_sort(self.tm, domain.len(), domain.as_ptr(), sort)
            )?;
        }
        let name = CString::new(d.name.as_str()).unwrap();
        call!("cvc5_mk_const", c::mk_const(self.tm, sort, name.as_ptr()))
    }

    fn value(
        &self,
        slv: *mut c::Solver,
        t: c::Term,
        sort: &Sort,
    ) -> Result<Option<Value>, SolverError> {
        let v = call!("cvc5_get_value", c::get_value(slv, t))?;
        self.read_value(v, sort)
    }

    /// The value a cvc5 term denotes, if it is a value of `sort`.
    fn read_value(&self, v: c::Term, sort: &Sort) -> Result<Option<Value>, SolverError> {
        Ok(match sort {
            Sort::Bool => {
                if !call!("cvc5_term_is_boolean_value", c::term_is_boolean_value(v))? {
                    return Ok(None);
                }
                Some(Value::Bool(call!(
                    "cvc5_term_get_boolean_value",
                    c::term_get_boolean_value(v)
                )?))
            }
            Sort::Int => {
                if !call!("cvc5_term_is_integer_value", c::term_is_integer_value(v))? {
                    return Ok(None);
                }
                int_value(&cstr(call!(
                    "cvc5_term_get_integer_value",
                    c::term_get_integer_value(v)
                )?))
            }
            Sort::BitVec(w) => {
                if !call!("cvc5_term_is_bv_value", c::term_is_bv_value(v))? {
                    return Ok(None);
                }
                bv_value(
                    *w,
                    &cstr(call!(
                        "cvc5_term_get_bv_value",
                        c::term_get_bv_value(v, 10)
                    )?),
                )
            }
            Sort::String => {
                if !call!("cvc5_term_is_string_value", c::term_is_string_value(v))? {
                    return Ok(None);
                }
                // The SMT-LIB literal (`\u{..}` escapes): the UTF-32 getter stops at NUL.
                let text = cstr(call!("cvc5_term_to_string", c::term_to_string(v))?);
                crate::cases::smtlib::parse_string_literal(&text).map(Value::Str)
            }
            Sort::RegLan => None,
            Sort::Float(..) => {
                if !call!("cvc5_term_is_fp_value", c::term_is_fp_value(v))? {
                    return Ok(None);
                }
                let (mut eb, mut sb) = (0u32, 0u32);
                let mut bits: c::Term = std::ptr::null_mut();
                call!(
                    "cvc5_term_get_fp_value",
                    c::term_get_fp_value(v, &mut eb, &mut sb, &mut bits)
                )?;
                let text = cstr(call!(
                    "cvc5_term_get_bv_value",
                    c::term_get_bv_value(bits, 10)
                )?);
                text.parse::<num_bigint::BigUint>()
                    .ok()
                    .map(|b| Value::Float(crate::lang::ir::Float::from_bits(eb, sb, &b)))
            }
            Sort::RoundingMode => {
                if !call!("cvc5_term_is_rm_value", c::term_is_rm_value(v))? {
                    return Ok(None);
                }
                use crate::lang::ir::RoundingMode as M;
                let m = match call!("cvc5_term_get_rm_value", c::term_get_rm_value(v))? {
                    c::RoundingMode::RoundNearestTiesToEven => M::Rne,
                    c::RoundingMode::RoundNearestTiesToAway => M::Rna,
                    c::RoundingMode::RoundTowardPositive => M::Rtp,
                    c::RoundingMode::RoundTowardNegative => M::Rtn,
                    c::RoundingMode::RoundTowardZero => M::Rtz,
                    c::RoundingMode::Last => return Ok(None),
                };
                Some(Value::Rm(m))
            }
            Sort::Array(i, e) => self.array_value(v, i, e)?.map(Value::Array),
            Sort::Seq(e) => {
                if !call!("cvc5_term_is_sequence_value", c::term_is_sequence_value(v))? {
                    return Ok(None);
                }
                let mut size = 0usize;
                let p = call!(
                    "cvc5_term_get_sequence_value",
                    c::term_get_sequence_value(v, &mut size)
                )?;
                let mut items = Vec::with_capacity(size);
                for t in returned_terms(p, size) {
                    match self.read_value(t, e)? {
                        Some(x) => items.push(x),
                        None => return Ok(None),
                    }
                }
                Some(Value::Seq((**e).clone(), items))
            }
            Sort::Datatype(d) => self.datatype_value(v, d)?,
            Sort::Uninterp(n) => {
                if !call!(
                    "cvc5_term_is_uninterpreted_sort_value",
                    c::term_is_uninterpreted_sort_value(v)
                )? {
                    return Ok(None);
                }
                let key = cstr(call!("cvc5_term_to_string", c::term_to_string(v))?);
                let mut ids = self.abstract_ids.borrow_mut();
                let next = ids.len() as u32;
                let id = *ids.entry(key).or_insert(next);
                Some(Value::Abstract { sort: *n, id })
            }
            Sort::Real => {
                // A real algebraic number (nonlinear arithmetic) is not a real value: no
                // exact rational exists, so the evaluator will answer unknown.
                if !call!("cvc5_term_is_real_value", c::term_is_real_value(v))? {
                    return Ok(None);
                }
                parse_rational(&cstr(call!(
                    "cvc5_term_get_real_value",
                    c::term_get_real_value(v)
                )?))
                .map(Value::Real)
            }
        })
    }

    /// A function value `(lambda ((x S) ...) (ite c1 v1 (ite c2 v2 ... v)))` where each
    /// condition fixes every variable to a value (`(= x a)`, or a conjunction of those):
    /// its entries, first match first, and the final value. Reading stops at the first
    /// part of another shape (the rest is then unknown: entries so far, no else value).
    fn lambda_interp(
        &self,
        v: c::Term,
        decl: &crate::lang::ir::Decl,
    ) -> Result<(FuncTable, Option<Value>), SolverError> {
        let kind = |t| call!("cvc5_term_get_kind", c::term_get_kind(t));
        let n = |t| call!("cvc5_term_get_num_children", c::term_get_num_children(t));
        let child = |t, i| call!("cvc5_term_get_child", c::term_get_child(t, i));
        let mut entries: FuncTable = Vec::new();
        if kind(v)? != c::Kind::Lambda || n(v)? != 2 {
            return Ok((entries, None));
        }
        let list = child(v, 0)?;
        let vars = (0..n(list)?)
            .map(|i| child(list, i))
            .collect::<Result<Vec<_>, _>>()?;
        if vars.len() != decl.args.len() {
            return Ok((entries, None));
        }
        // The point a condition fixes, if it has the expected shape.
        let point = |cond: c::Term| -> Result<Option<Vec<Value>>, SolverError> {
            let eqs = match kind(cond)? {
                c::Kind::And => (0..n(cond)?)
                    .map(|i| child(cond, i))
                    .collect::<Result<Vec<_>, _>>()?,
                _ => vec![cond],
            };
            let mut p: Vec<Option<Value>> = vec![None; vars.len()];
            for eq in eqs {
                if kind(eq)? != c::Kind::Equal || n(eq)? != 2 {
                    return Ok(None);
                }
                let (a, b) = (child(eq, 0)?, child(eq, 1)?);
                // SAFETY: both are terms of this backend's live term manager.
                let var_at = |t| vars.iter().position(|x| unsafe { c::term_is_equal(*x, t) });
                let (k, val) = match (var_at(a), var_at(b)) {
                    (Some(k), None) => (k, b),
                    (None, Some(k)) => (k, a),
                    _ => return Ok(None),
                };
                match self.read_value(val, &decl.args[k])? {
                    Some(x) => p[k] = Some(x),
                    None => return Ok(None),
                }
            }
            Ok(p.into_iter().collect())
        };
        let mut body = child(v, 1)?;
        while kind(body)? == c::Kind::Ite && n(body)? == 3 {
            let (Some(p), Some(x)) = (
                point(child(body, 0)?)?,
                self.read_value(child(body, 1)?, &decl.sort)?,
            ) else {
                return Ok((entries, None));
            };
            if !entries.iter().any(|(k, _)| *k == p) {
                entries.push((p, x));
            }
            body = child(body, 2)?;
        }
        Ok((entries, self.read_value(body, &decl.sort)?))
    }

    /// An array value: cvc5 gives store chains over a constant array.
    fn array_value(
        &self,
        v: c::Term,
        index: &Sort,
        elem: &Sort,
    ) -> Result<Option<crate::lang::ir::ArrayValue>, SolverError> {
        if call!("cvc5_term_is_const_array", c::term_is_const_array(v))? {
            let base = call!(
                "cvc5_term_get_const_array_base",
                c::term_get_const_array_base(v)
            )?;
            return Ok(self
                .read_value(base, elem)?
                .map(|d| crate::lang::ir::ArrayValue::constant(index.clone(), d)));
        }
        let kind = call!("cvc5_term_get_kind", c::term_get_kind(v))?;
        let n = call!("cvc5_term_get_num_children", c::term_get_num_children(v))?;
        if kind != c::Kind::Store || n != 3 {
            return Ok(None);
        }
        let child = |k| call!("cvc5_term_get_child", c::term_get_child(v, k));
        let Some(base) = self.array_value(child(0)?, index, elem)? else {
            return Ok(None);
        };
        let i = self.read_value(child(1)?, index)?;
        let e = self.read_value(child(2)?, elem)?;
        Ok(i.zip(e).map(|(i, e)| base.store(i, e)))
    }
}

/// The `size` terms of an array a cvc5 call just returned, copied before the solver's next
/// call (which may free it).
fn returned_terms(p: *const c::Term, size: usize) -> Vec<c::Term> {
    if size == 0 {
        return Vec::new();
    }
    // SAFETY: every caller passes the array and size a cvc5 call just returned, valid until
    // the solver's next call; it is copied here, before any other call.
    unsafe { std::slice::from_raw_parts(p, size) }.to_vec()
}

/// [`read_points`]'s view of a cvc5 solver's model.
struct ModelPoints<'a> {
    cvc5: &'a Cvc5,
    slv: *mut c::Solver,
}

impl super::ModelReader for ModelPoints<'_> {
    type Term = c::Term;

    fn value(&mut self, t: c::Term, sort: &Sort) -> Result<Option<Value>, SolverError> {
        self.cvc5.value(self.slv, t, sort)
    }

    fn apply(&mut self, op: Op, args: &[c::Term], sort: &Sort) -> Result<c::Term, SolverError> {
        self.cvc5.apply(op, [0, 0], args, sort)
    }
}

struct Builder<'a> {
    cvc5: &'a Cvc5,
    consts: &'a [c::Term],
}

impl TermBuilder for Builder<'_> {
    type Term = c::Term;

    fn literal(&mut self, v: &Value) -> Result<c::Term, SolverError> {
        self.cvc5.literal(v)
    }

    fn constant(&mut self, d: DeclId) -> Result<c::Term, SolverError> {
        Ok(self.consts[d.0 as usize])
    }

    fn call(&mut self, d: DeclId, args: &[c::Term]) -> Result<c::Term, SolverError> {
        let mut xs = Vec::with_capacity(args.len() + 1);
        xs.push(self.consts[d.0 as usize]);
        xs.extend_from_slice(args);
        self.cvc5.mk(c::Kind::ApplyUf, &xs)
    }

    fn apply(
        &mut self,
        op: Op,
        idx: Idx,
        args: &[c::Term],
        sort: &Sort,
    ) -> Result<c::Term, SolverError> {
        self.cvc5.apply(op, idx, args, sort)
    }

    fn bound_var(&mut self, name: &str, sort: &Sort) -> Result<c::Term, SolverError> {
        let s = self.cvc5.sort(sort)?;
        let name = CString::new(name).unwrap();
        call!("cvc5_mk_var", c::mk_var(self.cvc5.tm, s, name.as_ptr()))
    }

    fn quantifier(
        &mut self,
        forall: bool,
        vars: &[c::Term],
        body: c::Term,
    ) -> Result<c::Term, SolverError> {
        let list = self.cvc5.mk(c::Kind::VariableList, vars)?;
        let kind = if forall {
            c::Kind::Forall
        } else {
            c::Kind::Exists
        };
        self.cvc5.mk(kind, &[list, body])
    }
}

impl Drop for Cvc5 {
    fn drop(&mut self) {
        // SAFETY: the driver deleted every solver first; this term manager is not used after
        // the backend is dropped.
        unsafe {
            c::term_manager_release(self.tm);
            c::term_manager_delete(self.tm);
        }
    }
}

impl Backend for Cvc5 {
    type Solver = *mut c::Solver;
    type Session = Session;

    fn id(&self) -> SolverId {
        SolverId::Cvc5
    }

    fn version(&self) -> String {
        self.version.clone()
    }

    fn new_context(&mut self, _limits: Option<&Limits>) -> Result<(), SolverError> {
        // SAFETY: the driver deleted every solver of this term manager and dropped every
        // session, so nothing uses its objects any more; it is replaced right below and never
        // used again.
        unsafe {
            c::term_manager_release(self.tm);
            c::term_manager_delete(self.tm);
        }
        super::return_freed_memory();
        self.tm = call!("cvc5_term_manager_new", c::term_manager_new())?;
        self.usorts.borrow_mut().clear();
        self.datatypes.borrow_mut().clear();
        Ok(())
    }

    /// Options are set when a solver is made: logic, the options `f` needs, limits, cores
    /// and the case's curated options all part of the key.
    fn solver_key(&self, f: &Formula, cfg: &SolverConfig) -> String {
        format!(
            "{} {:?} {:?} cores {} {:?}",
            cfg.logic,
            crate::dialect::facts::formula_options(SolverId::Cvc5, f),
            cfg.limits,
            cfg.cores,
            cfg.options
        )
    }

    fn new_solver(
        &mut self,
        f: &Formula,
        cfg: &SolverConfig,
    ) -> Result<*mut c::Solver, SolverError> {
        let slv = call!("cvc5_new", c::new(self.tm))?;
        if let Err(e) = configure(slv, f, cfg) {
            // SAFETY: made just above and not given to anyone yet.
            unsafe { c::delete(slv) };
            return Err(e);
        }
        self.limits
            .borrow_mut()
            .insert(slv as usize, cfg.limits.timeout_ms);
        Ok(slv)
    }

    fn delete_solver(&mut self, slv: *mut c::Solver) {
        self.limits.borrow_mut().remove(&(slv as usize));
        // SAFETY: the driver gives up the solver, made by `new_solver`, and never uses it
        // after.
        unsafe { c::delete(slv) };
        let _ = check("cvc5_delete");
    }

    fn push(&mut self, slv: *mut c::Solver, n: u32) -> Result<(), SolverError> {
        call!("cvc5_push", c::push(slv, n))
    }

    fn pop(&mut self, slv: *mut c::Solver, n: u32) -> Result<(), SolverError> {
        call!("cvc5_pop", c::pop(slv, n))
    }

    fn reset_assertions(&mut self, slv: *mut c::Solver) -> Result<(), SolverError> {
        call!("cvc5_reset_assertions", c::reset_assertions(slv))
    }

    fn open(&mut self, f: &Formula) -> Session {
        Session {
            consts: vec![std::ptr::null_mut(); f.decls.len()],
            memo: super::Memo::new(f),
            asserted: Vec::new(),
            assumptions: Vec::new(),
            rec_defined: vec![false; f.rec_defs.len()],
        }
    }

    fn close(&mut self, _st: Session) {}

    fn declare(&mut self, st: &mut Session, f: &Formula, d: DeclId) -> Result<(), SolverError> {
        st.consts[d.0 as usize] = self.declare_symbol(&f.decls[d.0 as usize])?;
        Ok(())
    }

    fn build(
        &mut self,
        st: &mut Session,
        f: &Formula,
        roots: &[NodeId],
    ) -> Result<(), SolverError> {
        self.terms(st, f, roots).map(drop)
    }

    fn assert(
        &mut self,
        slv: *mut c::Solver,
        st: &mut Session,
        f: &Formula,
        t: NodeId,
        track: Option<usize>,
    ) -> Result<(), SolverError> {
        self.define_recursive(slv, st, f)?;
        let a = self.terms(st, f, &[t])?[0];
        call!("cvc5_assert_formula", c::assert_formula(slv, a))?;
        // cvc5 reports a core as assertion terms: the name of each is kept beside it.
        if let Some(k) = track {
            st.asserted.push((k, a));
        }
        Ok(())
    }

    fn check(
        &mut self,
        slv: *mut c::Solver,
        st: &mut Session,
        assumptions: &[NodeId],
    ) -> Result<(Verdict, Option<String>), SolverError> {
        let ts: Vec<c::Term> = assumptions
            .iter()
            .map(|l| st.memo.memo[l.0 as usize].expect("assumption built"))
            .collect();
        st.assumptions = assumptions
            .iter()
            .copied()
            .zip(ts.iter().copied())
            .collect();
        let watched = super::interrupt::begin(
            SolverId::Cvc5,
            None,
            "cvc5_check_sat",
            self.limits
                .borrow()
                .get(&(slv as usize))
                .copied()
                .unwrap_or(0),
        );
        let r = if ts.is_empty() {
            call!("cvc5_check_sat", c::check_sat(slv))
        } else {
            call!(
                "cvc5_check_sat_assuming",
                c::check_sat_assuming(slv, ts.len(), ts.as_ptr())
            )
        };
        drop(watched);
        let r = match r {
            // Features cvc5 documents as unsupported: no verdict, not an API error.
            Err(e)
                if crate::dialect::facts::limitation(
                    SolverId::Cvc5,
                    crate::dialect::facts::LimitKind::Check,
                    &e.message,
                )
                .is_some() =>
            {
                return Ok((
                    Verdict::Unknown,
                    Some(format!("unsupported: {}", e.message)),
                ));
            }
            r => r?,
        };
        if call!("cvc5_result_is_unsat", c::result_is_unsat(r))? {
            return Ok((Verdict::Unsat, None));
        }
        if call!("cvc5_result_is_sat", c::result_is_sat(r))? {
            return Ok((Verdict::Sat, None));
        }
        let why = call!(
            "cvc5_result_get_unknown_explanation",
            c::result_get_unknown_explanation(r)
        )?;
        let reason = cstr(call!(
            "cvc5_unknown_explanation_to_string",
            c::unknown_explanation_to_string(why)
        )?);
        Ok((Verdict::Unknown, Some(reason)))
    }

    fn model(
        &mut self,
        slv: *mut c::Solver,
        st: &mut Session,
        view: &Formula,
    ) -> Result<Model, SolverError> {
        self.abstract_ids.borrow_mut().clear();
        let mut values = Vec::with_capacity(st.consts.len());
        for (d, t) in view.decls.iter().zip(&st.consts) {
            // Null: not declared (yet) in a script; nothing to read.
            values.push(if d.args.is_empty() && !t.is_null() {
                self.value(slv, *t, &d.sort)?
            } else {
                None
            });
        }
        // Each declared function's interpretation (cvc5 gives a lambda over ite chains),
        // then its values at the formula's model points.
        let mut funcs = vec![Vec::new(); view.decls.len()];
        let mut func_else = vec![None; view.decls.len()];
        for (k, (d, t)) in view.decls.iter().zip(&st.consts).enumerate() {
            if !d.args.is_empty() && !t.is_null() {
                let lambda = call!("cvc5_get_value", c::get_value(slv, *t))?;
                (funcs[k], func_else[k]) = self.lambda_interp(lambda, d)?;
            }
        }
        let mut reader = ModelPoints { cvc5: self, slv };
        let (divisions, unspecified) = read_points(view, &st.memo.memo, &mut funcs, &mut reader)?;
        Ok(Model {
            values,
            funcs,
            func_else,
            divisions,
            unspecified,
        })
    }

    fn drop_model(&mut self, _st: &mut Session) {}

    fn values(
        &mut self,
        slv: *mut c::Solver,
        st: &mut Session,
        f: &Formula,
        terms: &[NodeId],
    ) -> Result<Vec<Option<Value>>, SolverError> {
        let ts = self.terms(st, f, terms)?;
        ts.iter()
            .zip(terms)
            .map(|(t, id)| self.value(slv, *t, f.sort_of(*id)))
            .collect()
    }

    fn core(
        &mut self,
        slv: *mut c::Solver,
        st: &mut Session,
        in_force: &[usize],
    ) -> Result<Vec<usize>, SolverError> {
        let mut size = 0usize;
        let core = call!("cvc5_get_unsat_core", c::get_unsat_core(slv, &mut size))?;
        Ok(returned_terms(core, size)
            .iter()
            .filter_map(|t| {
                st.asserted
                    .iter()
                    .rev()
                    .filter(|(k, _)| in_force.contains(k))
                    // SAFETY: terms of this backend's live term manager.
                    .find(|(_, a)| unsafe { c::term_is_equal(*a, *t) })
                    .map(|(k, _)| *k)
            })
            .collect())
    }

    fn failed_assumptions(
        &mut self,
        slv: *mut c::Solver,
        st: &mut Session,
    ) -> Result<Vec<NodeId>, SolverError> {
        let mut size = 0usize;
        let ls = call!(
            "cvc5_get_unsat_assumptions",
            c::get_unsat_assumptions(slv, &mut size)
        )?;
        Ok(returned_terms(ls, size)
            .iter()
            .filter_map(|t| {
                st.assumptions
                    .iter()
                    // SAFETY: terms of this backend's live term manager.
                    .find(|(_, a)| unsafe { c::term_is_equal(*a, *t) })
                    .map(|(l, _)| *l)
            })
            .collect())
    }

    fn provoke_error(&mut self) -> Option<SolverError> {
        provoke(&mut Builder {
            cvc5: self,
            consts: &[],
        })
    }

    fn simplify(
        &mut self,
        f: &Formula,
        terms: &[NodeId],
    ) -> Result<Vec<Option<Value>>, SolverError> {
        let slv = call!("cvc5_new", c::new(self.tm))?;
        let r = (|| {
            let logic = CString::new(f.signature().logic()).unwrap();
            call!("cvc5_set_logic", c::set_logic(slv, logic.as_ptr()))?;
            // The terms need not be asserted: the options their sorts need, from every node.
            if f.nodes
                .iter()
                .any(|n| crate::dialect::facts::cvc5_needs_fp_exp(&n.sort))
            {
                let (k, v) = (
                    CString::new("fp-exp").unwrap(),
                    CString::new("true").unwrap(),
                );
                call!(
                    "cvc5_set_option",
                    c::set_option(slv, k.as_ptr(), v.as_ptr())
                )?;
            }
            let ts = translate_roots(
                f,
                &mut Builder {
                    cvc5: self,
                    consts: &[],
                },
                terms,
            )?;
            ts.iter()
                .zip(terms)
                .map(|(t, id)| {
                    let s = call!("cvc5_simplify", c::simplify(slv, *t, false))?;
                    self.read_value(s, f.sort_of(*id))
                })
                .collect()
        })();
        // SAFETY: `slv` was made above for this call alone and is not used after.
        unsafe { c::delete(slv) };
        r
    }
}

impl Cvc5 {
    /// Gives `slv` the recursive definitions whose functions are declared, once per session
    /// (`cvc5_define_fun_rec_from_const`, global: a pop does not undo them).
    fn define_recursive(
        &self,
        slv: *mut c::Solver,
        st: &mut Session,
        f: &Formula,
    ) -> Result<(), SolverError> {
        for (k, def) in f.rec_defs.iter().enumerate() {
            let fun = st.consts[def.decl.0 as usize];
            if st.rec_defined[k] || fun.is_null() {
                continue;
            }
            let mut b = Builder {
                cvc5: self,
                consts: &st.consts,
            };
            let (vars, body) = super::translate_rec_def(f, &mut b, def, &mut st.memo)?;
            call!(
                "cvc5_define_fun_rec_from_const",
                c::define_fun_rec_from_const(slv, fun, vars.len(), vars.as_ptr(), body, true)
            )?;
            st.rec_defined[k] = true;
        }
        Ok(())
    }

    /// The terms of `roots` in session `st` (its declarations and node memo).
    fn terms(
        &self,
        st: &mut Session,
        f: &Formula,
        roots: &[NodeId],
    ) -> Result<Vec<c::Term>, SolverError> {
        let mut b = Builder {
            cvc5: self,
            consts: &st.consts,
        };
        translate_more(f, &mut b, roots, &mut st.memo)
    }
}

/// Options, limits and logic of a new solver for `f`: incremental, models, cores and unsat
/// assumptions as `cfg` asks, the options `f` needs, self-checks, then the curated options —
/// each checked first with `cvc5_get_option_info` (it must exist and be a regular or common
/// option; otherwise the call fails with [`OPTION_CALL`]). An option cvc5 rejects fails the
/// same way.
fn configure(slv: *mut c::Solver, f: &Formula, cfg: &SolverConfig) -> Result<(), SolverError> {
    let opt = |k: &str, v: &str| -> Result<(), SolverError> {
        let ck = CString::new(k).unwrap();
        let cv = CString::new(v).unwrap();
        call!(
            "cvc5_set_option",
            c::set_option(slv, ck.as_ptr(), cv.as_ptr())
        )
    };
    // cvc5's default (and the binary's, which runs the reproducers) is incremental; a kept
    // solver and a script need it.
    if cfg.incremental {
        opt("incremental", "true")?;
    }
    opt("produce-models", "true")?;
    if cfg.cores {
        opt("produce-unsat-cores", "true")?;
    }
    if cfg.unsat_assumptions {
        opt("produce-unsat-assumptions", "true")?;
    }
    opt(
        crate::dialect::profile::cvc5::RLIMIT.option,
        &cfg.limits.rlimit_of(SolverId::Cvc5).to_string(),
    )?;
    opt("tlimit-per", &cfg.limits.timeout_ms.to_string())?;
    for (k, v) in crate::dialect::facts::formula_options(SolverId::Cvc5, f) {
        opt(k, v)?;
    }
    let option_error = |e: SolverError| SolverError {
        call: OPTION_CALL.into(),
        ..e
    };
    if cfg.self_checks {
        for (k, v) in
            crate::dialect::profile::of(SolverId::Cvc5).self_checks[usize::from(cfg.cores)]
        {
            opt(k, v).map_err(option_error)?;
        }
    }
    for (k, v) in cfg.options {
        match option_category(slv, k)? {
            Some(c::OptionCategory::Regular | c::OptionCategory::Common) => {}
            other => {
                return Err(SolverError {
                    solver: SolverId::Cvc5,
                    call: OPTION_CALL.into(),
                    message: format!("{k}: not a documented regular option ({other:?})"),
                })
            }
        }
        opt(k, v).map_err(option_error)?;
    }
    let logic = CString::new(cfg.logic.as_str()).unwrap();
    call!("cvc5_set_logic", c::set_logic(slv, logic.as_ptr()))
}

/// The category of cvc5 option `name` (`None`: no such option).
pub(crate) fn option_category(
    slv: *mut c::Solver,
    name: &str,
) -> Result<Option<c::OptionCategory>, SolverError> {
    let cname = CString::new(name).unwrap();
    let mut info = std::mem::MaybeUninit::<c::OptionInfo>::zeroed();
    let r = call!(
        "cvc5_get_option_info",
        c::get_option_info(slv, cname.as_ptr(), info.as_mut_ptr())
    );
    match r {
        // SAFETY: the call succeeded, so cvc5 filled `info` (zeroed before, in any case).
        Ok(()) => Ok(Some(unsafe { info.assume_init() }.category)),
        Err(e)
            if crate::dialect::facts::limitation(
                SolverId::Cvc5,
                crate::dialect::facts::LimitKind::NoSuchOption,
                &e.message,
            )
            .is_some() =>
        {
            Ok(None)
        }
        Err(e) => Err(e),
    }
}

/// The category of a cvc5 option in the linked release (a fresh solver asks), for tests of
/// the curated table: `None` where the option does not exist.
pub fn option_category_name(name: &str) -> Result<Option<String>, SolverError> {
    let tm = call!("cvc5_term_manager_new", c::term_manager_new())?;
    let slv = call!("cvc5_new", c::new(tm))?;
    let r = option_category(slv, name).map(|c| c.map(|c| format!("{c:?}")));
    // SAFETY: both were made above for this question alone; the solver goes first.
    unsafe {
        c::delete(slv);
        c::term_manager_delete(tm);
    }
    r
}

/// Every option of the linked cvc5 as its option information describes it (a fresh solver
/// asks `cvc5_get_option_names`, then `cvc5_get_option_info` for each), with the release.
pub fn describe_options(
) -> Result<(String, Vec<crate::dialect::options::space::Described>), SolverError> {
    use crate::dialect::options::space::{Described, Kind, Source};
    let tm = call!("cvc5_term_manager_new", c::term_manager_new())?;
    let slv = call!("cvc5_new", c::new(tm))?;
    // SAFETY: the term manager and solver were made above for these questions alone and are
    // deleted at the end (the solver first); cvc5 owns the returned name array and the
    // info's strings until the next call of the same function, and each is copied out
    // before the next call.
    let r = (|| unsafe {
        let version = cstr(call!("cvc5_get_version", c::get_version(slv))?);
        let mut n = 0usize;
        let names = call!("cvc5_get_option_names", c::get_option_names(slv, &mut n))?;
        let names: Vec<String> = (0..n).map(|i| cstr(*names.add(i))).collect();
        let mut out = Vec::with_capacity(names.len());
        for name in names {
            let cname = CString::new(name.as_str()).unwrap();
            let mut info = std::mem::MaybeUninit::<c::OptionInfo>::zeroed();
            call!(
                "cvc5_get_option_info",
                c::get_option_info(slv, cname.as_ptr(), info.as_mut_ptr())
            )?;
            let info = info.assume_init();
            let (kind, default) = match info.kind {
                c::OptionInfoKind::Bool => (Kind::Bool, Some(info.info_bool.dflt.to_string())),
                c::OptionInfoKind::Str => (Kind::Text, Some(cstr(info.info_str.dflt))),
                c::OptionInfoKind::Int64 => {
                    let i = info.info_int;
                    (
                        Kind::Int {
                            min: if i.has_min { i.min } else { i64::MIN },
                            max: if i.has_max { i.max } else { i64::MAX },
                        },
                        Some(i.dflt.to_string()),
                    )
                }
                c::OptionInfoKind::Uint64 => {
                    let i = info.info_uint;
                    (
                        Kind::Unsigned {
                            min: if i.has_min { i.min } else { 0 },
                            max: if i.has_max { i.max } else { u64::MAX },
                        },
                        Some(i.dflt.to_string()),
                    )
                }
                c::OptionInfoKind::Double => {
                    let i = info.info_double;
                    (
                        Kind::Double {
                            min: if i.has_min { i.min } else { f64::MIN },
                            max: if i.has_max { i.max } else { f64::MAX },
                        },
                        Some(i.dflt.to_string()),
                    )
                }
                c::OptionInfoKind::Modes => {
                    let m = info.info_mode;
                    let modes: Vec<String> =
                        (0..m.num_modes).map(|i| cstr(*m.modes.add(i))).collect();
                    (Kind::Choice(modes), Some(cstr(m.dflt)))
                }
                c::OptionInfoKind::Void => (Kind::Void, None),
            };
            let category = match info.category {
                c::OptionCategory::Regular => "regular",
                c::OptionCategory::Expert => "expert",
                c::OptionCategory::Common => "common",
                _ => "undocumented",
            };
            let mut d = Described {
                solver: SolverId::Cvc5,
                name,
                module: None,
                kind,
                default,
                doc: String::new(),
                category: Some(category.into()),
                source: Source::Cvc5OptionInfo,
            };
            // Modes this build lacks (`bv-sat-solver=kissat` "requires a Kissat build of
            // cvc5") are described but refused: a drawn option keeps those it takes (the
            // excluded ones are not tried: some print as they are set).
            if let (Kind::Choice(modes), None) = (&d.kind, d.excluded_by()) {
                let taken = try_option_values(&d.name, modes)?;
                let modes = modes
                    .iter()
                    .zip(taken)
                    .filter(|(_, t)| t.is_ok())
                    .map(|(m, _)| m.clone())
                    .collect();
                d.kind = Kind::Choice(modes);
            }
            out.push(d);
        }
        Ok((version, out))
    })();
    // SAFETY: made above, used by nothing else; the solver goes first.
    unsafe {
        c::delete(slv);
        c::term_manager_delete(tm);
    }
    r
}

/// Sets option `name` to each of `values` in turn on a fresh solver, as a case would before
/// its logic: what cvc5 says to each (for tests of the option catalog).
pub fn try_option_values(
    name: &str,
    values: &[String],
) -> Result<Vec<Result<(), String>>, SolverError> {
    let tm = call!("cvc5_term_manager_new", c::term_manager_new())?;
    let slv = call!("cvc5_new", c::new(tm))?;
    let cname = CString::new(name).unwrap();
    let out = values
        .iter()
        .map(|v| {
            let cv = CString::new(v.as_str()).unwrap();
            call!(
                "cvc5_set_option",
                c::set_option(slv, cname.as_ptr(), cv.as_ptr())
            )
            .map_err(|e| e.message)
        })
        .collect();
    // SAFETY: made above for these calls alone; the solver goes first.
    unsafe {
        c::delete(slv);
        c::term_manager_delete(tm);
    }
    Ok(out)
}

/// Runs an SMT-LIB script through cvc5's own parser (libcvc5parser), as the `cvc5` binary
/// would (with `--arrays-exp` when the script has constant arrays), and returns what its
/// commands printed. The wheel ships no `cvc5` binary; this is
/// the same front end. `timeout_ms` bounds each check (0: no bound).
pub fn run_script(text: &str, timeout_ms: u32) -> Result<String, SolverError> {
    use c::parser as p;
    let input = CString::new(text).map_err(|_| SolverError {
        solver: SolverId::Cvc5,
        call: "cvc5_parser_set_str_input".into(),
        message: "script contains a NUL byte".into(),
    })?;
    // SAFETY: the term manager, solver, symbol manager and parser are made here, used only
    // here, and deleted at the end in reverse order; strings passed in are NUL-terminated
    // CStrings alive during each call.
    unsafe {
        let tm = call!("cvc5_term_manager_new", c::term_manager_new())?;
        let slv = call!("cvc5_new", c::new(tm))?;
        // A wall-clock limit per check, as `cvc5 --tlimit-per` (0: none).
        let limit = CString::new(timeout_ms.to_string()).unwrap();
        call!(
            "cvc5_set_option",
            c::set_option(slv, c"tlimit-per".as_ptr(), limit.as_ptr())
        )?;
        // As the API path does (`options_for`): constant arrays need arrays-exp.
        if text.contains("(as const") {
            call!(
                "cvc5_set_option",
                c::set_option(slv, c"arrays-exp".as_ptr(), c"true".as_ptr())
            )?;
        }
        let sm = call!("cvc5_symbol_manager_new", p::symbol_manager_new(tm))?;
        let parser = call!("cvc5_parser_new", p::parser_new(slv, sm))?;
        let result = (|| {
            call!(
                "cvc5_parser_set_str_input",
                p::parser_set_str_input(
                    parser,
                    c::InputLanguage::SmtLib26,
                    input.as_ptr(),
                    c"script".as_ptr()
                )
            )?;
            let mut out = String::new();
            loop {
                let mut err: *const std::os::raw::c_char = std::ptr::null();
                let cmd = call!(
                    "cvc5_parser_next_command",
                    p::parser_next_command(parser, &mut err)
                )?;
                if !err.is_null() {
                    return Err(SolverError {
                        solver: SolverId::Cvc5,
                        call: "cvc5_parser_next_command".into(),
                        message: cstr(err),
                    });
                }
                if cmd.is_null() {
                    break;
                }
                out.push_str(&cstr(call!(
                    "cvc5_cmd_invoke",
                    p::cmd_invoke(cmd, slv, sm)
                )?));
                if is_exit(cmd) {
                    break;
                }
            }
            Ok(out)
        })();
        p::parser_delete(parser);
        p::symbol_manager_delete(sm);
        c::delete(slv);
        c::term_manager_release(tm);
        c::term_manager_delete(tm);
        result
    }
}

/// Whether a parsed command is `exit` (the `cvc5` binary reads nothing after it).
fn is_exit(cmd: c::parser::Command) -> bool {
    // SAFETY: `cmd` is a live command of a parser that is not deleted yet; the name is a
    // string the library owns, read before the next call.
    unsafe { std::ffi::CStr::from_ptr(c::parser::cmd_get_name(cmd)) }.to_bytes() == b"exit"
}

/// cvc5's SMT-LIB front end in-process (its parser library, as the `cvc5` binary reads a
/// file): each instance is a solver with its own symbol manager and parser, fed the
/// script's commands a few at a time. Instances share the front end's term manager.
pub(crate) struct FrontEnd {
    tm: *mut c::TermManager,
    version: String,
    /// The time limit the instances' checks were last given (`limit_options`), the bound
    /// their commands are watched against (`super::interrupt`).
    timeout_ms: std::cell::Cell<u32>,
}

/// One front-end state (all three deleted together, parser first).
pub(crate) struct Instance {
    slv: *mut c::Solver,
    sm: *mut c::parser::SymbolManager,
    parser: *mut c::parser::InputParser,
}

impl FrontEnd {
    pub fn new() -> Result<Self, SolverError> {
        let (tm, version) = manager_and_version()?;
        Ok(FrontEnd {
            tm,
            version,
            timeout_ms: std::cell::Cell::new(0),
        })
    }
}

/// An error of the text path (the call names the C function).
fn text_error(call: &str, message: String) -> SolverError {
    SolverError {
        solver: SolverId::Cvc5Text,
        call: call.into(),
        message,
    }
}

impl super::text::FrontEnd for FrontEnd {
    type Instance = Instance;

    fn id(&self) -> SolverId {
        SolverId::Cvc5Text
    }

    fn version(&self) -> String {
        self.version.clone()
    }

    fn start(&mut self) -> Result<Instance, SolverError> {
        use c::parser as p;
        let slv = call!("cvc5_new", c::new(self.tm))?;
        // Quiet, as `cvc5 -q`: its parser's warnings (`No set-logic command was given…`)
        // would reach the terminal of `smtsmith check` before its result line; answers and
        // errors are the commands' output, which verbosity leaves alone.
        if let Err(e) = call!(
            "cvc5_set_option",
            c::set_option(slv, c"verbosity".as_ptr(), c"-1".as_ptr())
        ) {
            // SAFETY: made above, never shared.
            unsafe { c::delete(slv) };
            return Err(e);
        }
        let sm = match call!("cvc5_symbol_manager_new", p::symbol_manager_new(self.tm)) {
            Ok(sm) => sm,
            Err(e) => {
                // SAFETY: made above, never shared.
                unsafe { c::delete(slv) };
                return Err(e);
            }
        };
        let parser = match call!("cvc5_parser_new", p::parser_new(slv, sm)) {
            Ok(parser) => parser,
            Err(e) => {
                // SAFETY: made above, never shared; the symbol manager before its solver.
                unsafe {
                    p::symbol_manager_delete(sm);
                    c::delete(slv);
                }
                return Err(e);
            }
        };
        Ok(Instance { slv, sm, parser })
    }

    fn stop(&mut self, i: Instance) {
        // SAFETY: the instance is given up: its parser (with its commands), symbol manager
        // and solver are deleted in that order and never used again.
        unsafe {
            c::parser::parser_release(i.parser);
            c::parser::parser_delete(i.parser);
            c::parser::symbol_manager_delete(i.sm);
            c::delete(i.slv);
        }
    }

    fn eval(&mut self, i: &mut Instance, commands: &str) -> Result<String, SolverError> {
        use c::parser as p;
        // Each call's commands are the parser's new input; the symbol manager keeps the
        // logic and the declarations of earlier calls.
        let input = CString::new(commands)
            .map_err(|_| text_error("cvc5_parser_set_str_input", "NUL byte".into()))?;
        call!(
            "cvc5_parser_set_str_input",
            p::parser_set_str_input(
                i.parser,
                c::InputLanguage::SmtLib26,
                input.as_ptr(),
                c"case".as_ptr()
            )
        )
        .map_err(|e| text_error(&e.call, e.message))?;
        let mut out = String::new();
        loop {
            let mut err: *const std::os::raw::c_char = std::ptr::null();
            let cmd = call!(
                "cvc5_parser_next_command",
                p::parser_next_command(i.parser, &mut err)
            )
            .map_err(|e| text_error(&e.call, e.message))?;
            if !err.is_null() {
                return Err(text_error("cvc5_parser_next_command", cstr(err)));
            }
            if cmd.is_null() {
                return Ok(out);
            }
            let watched = super::interrupt::begin(
                SolverId::Cvc5,
                None,
                "cvc5_cmd_invoke",
                self.timeout_ms.get(),
            );
            let printed = call!("cvc5_cmd_invoke", p::cmd_invoke(cmd, i.slv, i.sm))
                .map_err(|e| text_error(&e.call, e.message))?;
            drop(watched);
            out.push_str(&cstr(printed));
            if is_exit(cmd) {
                return Ok(out);
            }
        }
    }

    fn new_context(&mut self) -> Result<(), SolverError> {
        // SAFETY: no instance is alive (the driver deleted every solver first), so nothing
        // uses the term manager's objects; it is replaced right below.
        unsafe {
            c::term_manager_release(self.tm);
            c::term_manager_delete(self.tm);
        }
        super::return_freed_memory();
        self.tm = call!("cvc5_term_manager_new", c::term_manager_new())?;
        Ok(())
    }

    fn limit_options(&self, limits: &Limits) -> Vec<(String, String)> {
        self.timeout_ms.set(limits.timeout_ms);
        vec![
            (
                crate::dialect::profile::cvc5::RLIMIT.option.into(),
                limits.rlimit_of(SolverId::Cvc5).to_string(),
            ),
            ("tlimit-per".into(), limits.timeout_ms.to_string()),
        ]
    }
}

impl Drop for FrontEnd {
    fn drop(&mut self) {
        // SAFETY: the driver stopped every instance before dropping its backend.
        unsafe {
            c::term_manager_release(self.tm);
            c::term_manager_delete(self.tm);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sentinels are asked in ascending order (an older release exits on a value past
    /// its last kind, so the first difference must come first), and the linked release
    /// names them as the bindings do.
    #[test]
    fn the_linked_cvc5_numbers_its_kinds_as_the_bindings_do() {
        let values: Vec<i32> = KIND_SENTINELS.iter().map(|k| *k as i32).collect();
        assert!(values.windows(2).all(|w| w[0] < w[1]), "{values:?}");
        assert_eq!(screaming_snake("BitvectorConcat"), "BITVECTOR_CONCAT");
        assert_eq!(screaming_snake("Pow2"), "POW2");
        kinds_match_bindings().unwrap();
    }
    use crate::dialect::facts::{bitblast_seconds, BITBLAST_BUDGET_SECONDS};
    use crate::solver::{Limits, Reuse, Verdict};

    /// `(as const ...)` of a term (SMT-LIB allows it; cvc5's API takes only values) is
    /// unknown with its reason, not an API error finding; of a value it is decided.
    #[test]
    fn constant_arrays_of_terms_are_skipped() {
        let text = "(declare-fun x () Int)(declare-fun a () (Array Int Int))
            (assert (= a ((as const (Array Int Int)) (+ x 1))))(assert (= (select a 3) 5))";
        let f = crate::cases::smtlib::parse::parse_script(text)
            .unwrap()
            .formula;
        let mut s = crate::solver::open(SolverId::Cvc5, Reuse::Fresh).unwrap();
        let o = s.check(&f, &Limits::default()).unwrap();
        assert_eq!(o.verdict, Verdict::Unknown);
        assert!(o.reason.unwrap().contains("not a value"));
        let text = "(declare-fun a () (Array Int Int))
            (assert (= a ((as const (Array Int Int)) 4)))(assert (= (select a 3) 5))";
        let f = crate::cases::smtlib::parse::parse_script(text)
            .unwrap()
            .formula;
        // Unsat by construction: every element of the constant array is 4.
        assert_eq!(
            s.check(&f, &Limits::default()).unwrap().verdict,
            Verdict::Unsat
        );
    }

    /// `(bvslt (bvsdiv (bvsdiv (bvsdiv x x) x) x) x)` over `w`-bit `x`.
    fn nested_divisions(w: u32, depth: usize) -> Formula {
        let mut f = Formula::default();
        let d = f.declare("x", Sort::BitVec(w));
        let x = f.constant(d);
        let mut t = x;
        for _ in 0..depth {
            t = f.app(Op::BvSdiv, vec![t, x]).unwrap();
        }
        let lt = f.app(Op::BvSlt, vec![t, x]).unwrap();
        f.assert(lt).unwrap();
        f
    }

    #[test]
    fn wide_divisions_are_skipped_without_asking_cvc5() {
        // Measured: this formula keeps cvc5 1.4.0 busy for 16-23 s under a 2 s limit.
        let heavy = nested_divisions(128, 3);
        assert!(bitblast_seconds(&heavy) > BITBLAST_BUDGET_SECONDS);
        let o = crate::solver::open(SolverId::Cvc5, Reuse::Scope)
            .unwrap()
            .check(&heavy, &Limits::default())
            .unwrap();
        assert_eq!(o.verdict, Verdict::Unknown);
        assert!(o.reason.unwrap().starts_with("skipped"));
        // Narrow divisions and one wide one are still checked.
        assert!(bitblast_seconds(&nested_divisions(32, 3)) < BITBLAST_BUDGET_SECONDS);
        assert!(bitblast_seconds(&nested_divisions(128, 1)) < BITBLAST_BUDGET_SECONDS);
        let o = crate::solver::open(SolverId::Cvc5, Reuse::Scope)
            .unwrap()
            .check(&nested_divisions(16, 3), &Limits::default())
            .unwrap();
        // (cvc5 runs it: any verdict but a skip.)
        assert!(!o.reason.unwrap_or_default().starts_with("skipped"));
    }
}
