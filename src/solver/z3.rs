//! Z3 through its C API (z3-sys). Works with every z3-solver release from 4.8.5 on: only
//! functions present in all of them are linked directly; newer ones are looked up at run
//! time (`dlsym`). Model values are read as numerals and Boolean values, never by
//! declaration-kind numbers (Z3 renumbered `Z3_decl_kind` several times).

use super::driver::{Backend, SolverConfig};
use super::{
    bv_value, int_value, parse_rational, provoke, read_points, translate_more, translate_roots,
    FuncTable, Limits, SolverError, SolverId, TermBuilder, Verdict, Z3Solver, OPTION_CALL,
    UNSUPPORTED_CALL,
};
use crate::cases::optimize;
use crate::dialect::facts;
use crate::lang::eval::Model;
use crate::lang::ir::{
    ArrayValue, DeclId, DtGroup, DtSort, DtValue, Float, Formula, Idx, NodeId, Op, Sort, Value,
};
use num_traits::Signed;
use std::ffi::{CStr, CString};
use z3_sys::*;

// Safety invariants of this module, which its `// SAFETY:` comments refer to:
// - `self.ctx` is a live context made by `new_context`. It is replaced only by
//   `Backend::new_context` and deleted only there and in `Drop`; the driver calls either only
//   after it deleted every solver of the context and dropped every session.
// - The context is not reference-counted: every AST, sort and declaration made in it lives
//   as long as the context, so such handles stay valid for any call on the same context.
// - Solvers, models and AST vectors are reference-counted: each is inc_ref'd when made or
//   read and dec_ref'd exactly once: solvers in `delete_solver`, models in `drop_model`,
//   vectors and parameters in the call that read them.
// - Pointer arguments (C strings, arrays of handles, out-parameters) point into Rust values
//   that are alive, and large enough, for the whole call.
// - Errors go to the context's error code (the handler `on_error` does nothing), which
//   `check_error`/`ok` read after each call: no call exits or unwinds.

pub struct Z3 {
    ctx: Z3_context,
    /// The limits `ctx` was created with (Z3's context parameters `rlimit` and `timeout`:
    /// the default resource limit of every solver check, accepted by every release; the
    /// per-solver `rlimit` parameter is unknown to e.g. 4.8.7).
    ctx_limits: Limits,
    version: String,
    /// `Z3_mk_abs` where the linked release has it (4.8.10 and later).
    mk_abs: Option<unsafe extern "C" fn(Z3_context, Z3_ast) -> Option<Z3_ast>>,
    /// `Z3_mk_u32string` (4.8.13 and later): string literals as code points.
    mk_u32string: Option<unsafe extern "C" fn(Z3_context, u32, *const u32) -> Option<Z3_ast>>,
    /// `Z3_mk_seq_nth` and `Z3_mk_seq_replace_all`, where the linked release has them (else
    /// the declarations come from Z3's own parser).
    mk_seq_nth: Option<Z3Binary>,
    mk_seq_replace_all: Option<Z3Ternary>,
    /// `Z3_get_string_length` and `Z3_get_string_contents` (4.8.13 and later).
    get_string_length: Option<unsafe extern "C" fn(Z3_context, Z3_ast) -> u32>,
    get_string_contents: Option<unsafe extern "C" fn(Z3_context, Z3_ast, u32, *mut u32)>,
    /// `Z3_get_lstring`: a string value's characters as bytes, which is exact in the
    /// releases before 4.8.13, whose characters are bytes.
    get_lstring: Option<unsafe extern "C" fn(Z3_context, Z3_ast, *mut u32) -> *const libc::c_char>,
    /// `Z3_mk_lstring`: a string literal from bytes, for the releases before 4.8.13.
    mk_lstring:
        Option<unsafe extern "C" fn(Z3_context, u32, *const libc::c_char) -> Option<Z3_ast>>,
    /// Declarations without a `Z3_mk_*` function in some releases (`abs` before 4.8.10,
    /// `bvcomp` in all), obtained from Z3's own parser, per context. Key: the probe script.
    parsed_decls: std::collections::HashMap<String, Z3_func_decl>,
    /// Numbers of the uninterpreted-sort elements of the model being read, by their
    /// printed form (`U0!val!1`); cleared at every model.
    abstract_ids: std::cell::RefCell<std::collections::HashMap<String, u32>>,
    /// The solver made with self-checks on: `model_validate` is a global parameter, turned
    /// off again when that solver is deleted.
    validating: Option<Z3_solver>,
    /// The solvers set with an option [`Fault::WrongUnsatUnderRewriterOption`] answers
    /// wrongly under (only while that test hook is on).
    planted: Vec<Z3_solver>,
    /// The datatype groups made in this context, per member: its sort and, per constructor,
    /// the constructor's, tester's and selectors' declarations. Made once per context (two
    /// `Z3_mk_datatypes` calls would make two different sorts of one name).
    datatypes: std::cell::RefCell<std::collections::HashMap<DtGroup, Vec<Z3Datatype>>>,
}

/// One datatype of a context ([`Z3::datatypes`]).
#[derive(Clone)]
struct Z3Datatype {
    sort: Z3_sort,
    /// Per constructor: (constructor, tester, selectors).
    ctors: Vec<(Z3_func_decl, Z3_func_decl, Vec<Z3_func_decl>)>,
}

/// The terms of one formula on one solver ([`Backend::open`]).
pub(crate) struct Session {
    consts: Vec<Option<Z3_ast>>,
    funcs: Vec<Option<Z3_func_decl>>,
    memo: super::Memo<Z3_ast>,
    /// Tracking constant of each tracked assertion, by track name.
    trackers: Vec<(usize, Z3_ast)>,
    /// The assumption literals of the last check.
    assumptions: Vec<(NodeId, Z3_ast)>,
    /// The model of the last check, while it is current (sat, nothing asserted since).
    model: Option<Z3_model>,
    /// The formula declares [`STUCK_MARKER`] (what [`Fault::StuckInZ3`] looks for).
    stuck: bool,
    /// Which recursive definitions of the formula were given to Z3 (`Z3_add_rec_def`).
    rec_defined: Vec<bool>,
}

/// Z3's process-wide state that its SMT-LIB front end changes while it runs — the warning
/// stream, redirected into the command's output, and the global parameters its
/// `set-option`s set and `stop` resets — is shared by every context. The calls that write it
/// or may write to it (front-end commands; making contexts and solvers and checking, which
/// print warnings and read the parameters) hold this lock, so that two threads (the tests
/// run several) never meet there: a warning printed by one thread's check into another's
/// finished command output crashed the test binary. A fuzzing process drives Z3 from one
/// thread: the lock is never contended there.
static SHARED_STATE: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn shared_state() -> std::sync::MutexGuard<'static, ()> {
    SHARED_STATE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Z3 calls this instead of exiting; the caller reads the code with `Z3_get_error_code`.
unsafe extern "C" fn on_error(_ctx: Z3_context, _code: Z3_error_code) {}

/// What the error handler of the test hook `SMTSMITH_FAULT` does when Z3 calls it from
/// inside a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Ends the process with `exit(3)`, as a solver that exits on an internal error does.
    ExitInErrorHandler,
    /// Recurses until the thread's stack overflows (SIGSEGV at the guard page), as a solver
    /// that recurses over a deep term does.
    StackOverflowInErrorHandler,
    /// Misuses Z3's API: `Z3_mk_lstring` told a 4-byte heap buffer holds 4096 characters, so
    /// Z3's own code reads past the buffer's end — a heap-buffer-overflow that
    /// AddressSanitizer reports inside libz3 (a Z3 built with `scripts/build-z3-instrumented.sh
    /// asan`, smtsmith with `-Zsanitizer=address`); without a sanitizer the read usually
    /// goes unnoticed.
    HeapOverreadInZ3,
    /// Misuses Z3's API: a Float16 numeral made with the exponent `i64::MAX` (which
    /// `Z3_mk_fpa_numeral_int64_uint64` does not check against the sort's range), then asked
    /// for its biased exponent: Z3 adds the bias in `int64_t` and overflows — undefined
    /// behaviour that UBSan reports inside libz3 (a Z3 built with
    /// `scripts/build-z3-instrumented.sh ubsan`); without it the sum silently wraps.
    SignedOverflowInZ3,
    /// Stays [`STUCK_SECONDS`] inside a real Z3 call, deaf to `Z3_interrupt`, at each check
    /// of a formula that declares [`STUCK_MARKER`] (other formulas run as usual): a call
    /// stuck by construction, however fast the machine, for the tests of the watchdog and
    /// of the findings of stuck calls.
    StuckInZ3,
    /// Answers `unsat` where Z3 said `sat`, in a solver set with a `rewriter.` option at
    /// `true` (the option space draws them: `SMTSMITH_OPTIONS=catalog`): a wrong answer that
    /// needs an option, planted for the test of option-only findings (written, reduced to the
    /// option, replayed with it).
    WrongUnsatUnderRewriterOption,
    /// Z3's optimizer reports one less than the optimum it attains for a maximized
    /// objective (its model still attains the true one): a wrong optimum planted for the
    /// test of the optimizer's oracle (written, reduced, replayed).
    WrongOptimum,
}

/// Whether a solver set with `options` is one [`Fault::WrongUnsatUnderRewriterOption`]
/// answers wrongly in.
fn planted_option(options: &[(String, String)]) -> bool {
    options
        .iter()
        .any(|(k, v)| k.starts_with("rewriter.") && v == "true")
}

/// The constant whose declaration makes a check stuck under [`Fault::StuckInZ3`].
pub const STUCK_MARKER: &str = "smtsmith_stuck";

/// How long [`Fault::StuckInZ3`] keeps a check inside Z3: past any limit the tests set
/// (at most 2 s), short enough that the case then ends by itself.
pub const STUCK_SECONDS: u64 = 8;

/// Set by [`inject_fault`]: 0 none, else 1 + the fault's index.
static FAULT: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

/// From now on, each check first makes Z3 call an error handler that does `fault` from
/// inside a real Z3 call: a test hook for the fuzz targets' exit and fatal-signal hooks.
/// Call it on the thread that will call the solvers, before the fatal-signal hook is set.
pub fn inject_fault(fault: Fault) {
    let code = match fault {
        Fault::ExitInErrorHandler => 1,
        Fault::HeapOverreadInZ3 => 3,
        Fault::SignedOverflowInZ3 => 4,
        Fault::StuckInZ3 => 5,
        Fault::WrongUnsatUnderRewriterOption => 6,
        Fault::WrongOptimum => 7,
        Fault::StackOverflowInErrorHandler => {
            // As in a fuzz target, whose thread starts under libFuzzer's `main` with no
            // alternate signal stack (smtsmith's own `main` has the one Rust's runtime
            // gives it): the fatal-signal hook must bring its own.
            crate::solver::sys::drop_alternate_signal_stack();
            2
        }
    };
    FAULT.store(code, std::sync::atomic::Ordering::Relaxed);
}

/// The handler of [`Fault::ExitInErrorHandler`].
unsafe extern "C" fn exit_on_error(_ctx: Z3_context, _code: Z3_error_code) {
    // SAFETY: exit takes no pointers; it runs the atexit handlers (the watchdog's) and does
    // not return.
    unsafe { libc::exit(3) }
}

/// The handler of [`Fault::HeapOverreadInZ3`].
unsafe extern "C" fn overread_on_error(ctx: Z3_context, _code: Z3_error_code) {
    let buffer = std::hint::black_box(vec![b'a'; 4]);
    // SAFETY: none: the call is the test hook's deliberate misuse (Z3 reads 4096 bytes from a
    // 4-byte allocation), made only when SMTSMITH_FAULT asks for it, so that a sanitizer
    // inside Z3 has a real error to report.
    let _ = unsafe { Z3_mk_lstring(ctx, 4096, buffer.as_ptr().cast()) };
}

/// The handler of [`Fault::SignedOverflowInZ3`].
unsafe extern "C" fn overflow_in_z3_on_error(ctx: Z3_context, _code: Z3_error_code) {
    // SAFETY: `ctx` is the live context Z3 passed; every handle comes from it. The numeral's
    // exponent is the test hook's deliberate misuse, made only when SMTSMITH_FAULT asks for
    // it, so that UBSan inside Z3 has real undefined behaviour to report.
    unsafe {
        let Some(sort) = Z3_mk_fpa_sort(ctx, 5, 11) else {
            return;
        };
        if let Some(numeral) = Z3_mk_fpa_numeral_int64_uint64(ctx, false, i64::MAX, 0, sort) {
            let _ = Z3_fpa_get_numeral_exponent_string(ctx, numeral, true);
        }
    }
}

/// The handler of [`Fault::StuckInZ3`].
unsafe extern "C" fn stuck_on_error(_ctx: Z3_context, _code: Z3_error_code) {
    std::thread::sleep(std::time::Duration::from_secs(STUCK_SECONDS));
}

/// The handler of [`Fault::StackOverflowInErrorHandler`].
unsafe extern "C" fn overflow_on_error(_ctx: Z3_context, _code: Z3_error_code) {
    /// Each level holds a page the optimiser cannot drop, and works after its call, so the
    /// recursion is neither a loop nor bounded.
    #[allow(unconditional_recursion)]
    fn deeper(level: u64) -> u64 {
        let page = std::hint::black_box([level as u8; 4096]);
        deeper(level + 1).wrapping_add(page[(level % 4096) as usize] as u64)
    }
    std::hint::black_box(deeper(0));
}

/// The address of a symbol of the linked library, if this release has it.
/// `Z3_mk_*` of two and of three terms (C signatures of z3_api.h).
type Z3Binary = unsafe extern "C" fn(Z3_context, Z3_ast, Z3_ast) -> Option<Z3_ast>;
type Z3Ternary = unsafe extern "C" fn(Z3_context, Z3_ast, Z3_ast, Z3_ast) -> Option<Z3_ast>;

fn lookup(name: &CStr) -> Option<*mut libc::c_void> {
    // SAFETY: `name` is a NUL-terminated C string; dlsym only reads it.
    let p = unsafe { libc::dlsym(libc::RTLD_DEFAULT, name.as_ptr()) };
    (!p.is_null()).then_some(p)
}

fn cstr(p: *const std::os::raw::c_char) -> String {
    if p.is_null() {
        String::new()
    } else {
        // SAFETY: Z3 returns NUL-terminated strings valid until its next call; copied at once.
        unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
    }
}

impl Z3 {
    /// The backend, with a new context under the default limits.
    pub fn new() -> Result<Self, SolverError> {
        // SAFETY: takes no handles; returns a static string.
        let version = cstr(unsafe { Z3_get_full_version() });
        // SAFETY: the symbol exists in this release and its C signature (z3_api.h) is the one
        // given.
        let mk_abs = lookup(c"Z3_mk_abs").map(|p| unsafe {
            std::mem::transmute::<
                *mut libc::c_void,
                unsafe extern "C" fn(Z3_context, Z3_ast) -> Option<Z3_ast>,
            >(p)
        });
        // SAFETY: the symbol exists in this release and its C signature (z3_api.h) is the one
        // given.
        let mk_u32string = lookup(c"Z3_mk_u32string").map(|p| unsafe {
            std::mem::transmute::<
                *mut libc::c_void,
                unsafe extern "C" fn(Z3_context, u32, *const u32) -> Option<Z3_ast>,
            >(p)
        });
        let get_string_length =
            // SAFETY: the symbol exists in this release and its C signature (z3_api.h) is the one
            // given.
            lookup(c"Z3_get_string_length").map(|p| unsafe {
                std::mem::transmute::<
                    *mut libc::c_void,
                    unsafe extern "C" fn(Z3_context, Z3_ast) -> u32,
                >(p)
            });
        // SAFETY: the symbol exists in this release and its C signature (z3_api.h) is the one
        // given.
        let get_string_contents = lookup(c"Z3_get_string_contents").map(|p| unsafe {
            std::mem::transmute::<
                *mut libc::c_void,
                unsafe extern "C" fn(Z3_context, Z3_ast, u32, *mut u32),
            >(p)
        });
        // SAFETY: the symbol exists in this release and its C signature (z3_api.h) is the one
        // given.
        let get_lstring = lookup(c"Z3_get_lstring").map(|p| unsafe {
            std::mem::transmute::<
                *mut libc::c_void,
                unsafe extern "C" fn(Z3_context, Z3_ast, *mut u32) -> *const libc::c_char,
            >(p)
        });
        // SAFETY: the symbol exists in this release and its C signature (z3_api.h) is the one
        // given.
        let mk_lstring = lookup(c"Z3_mk_lstring").map(|p| unsafe {
            std::mem::transmute::<
                *mut libc::c_void,
                unsafe extern "C" fn(Z3_context, u32, *const libc::c_char) -> Option<Z3_ast>,
            >(p)
        });
        // SAFETY: the symbol exists in this release and its C signature (z3_api.h) is the one
        // given.
        let mk_seq_nth = lookup(c"Z3_mk_seq_nth")
            .map(|p| unsafe { std::mem::transmute::<*mut libc::c_void, Z3Binary>(p) });
        // SAFETY: as above.
        let mk_seq_replace_all = lookup(c"Z3_mk_seq_replace_all")
            .map(|p| unsafe { std::mem::transmute::<*mut libc::c_void, Z3Ternary>(p) });
        let ctx_limits = Limits::default();
        let ctx = {
            let _shared = shared_state();
            new_context(&ctx_limits)?
        };
        Ok(Z3 {
            ctx,
            ctx_limits,
            version,
            mk_abs,
            mk_u32string,
            mk_seq_nth,
            mk_seq_replace_all,
            get_string_length,
            get_string_contents,
            get_lstring,
            mk_lstring,
            parsed_decls: Default::default(),
            abstract_ids: Default::default(),
            validating: None,
            planted: Vec::new(),
            datatypes: Default::default(),
        })
    }

    fn err(&self, call: &str) -> SolverError {
        // SAFETY: module invariants (live context, its handles, live pointers).
        let code = unsafe { Z3_get_error_code(self.ctx) };
        // SAFETY: module invariants (live context, its handles, live pointers).
        let message = cstr(unsafe { Z3_get_error_msg(self.ctx, code) });
        SolverError {
            solver: SolverId::Z3,
            call: call.to_string(),
            message,
        }
    }

    /// Turns a Z3 result into a Rust one, reading the error state after the call.
    fn ok<T>(&self, call: &str, r: Option<T>) -> Result<T, SolverError> {
        // SAFETY: module invariants (live context, its handles, live pointers).
        let code = unsafe { Z3_get_error_code(self.ctx) };
        match r {
            Some(v) if code == ErrorCode::Ok => Ok(v),
            _ => Err(self.err(call)),
        }
    }

    fn check_error(&self, call: &str) -> Result<(), SolverError> {
        // SAFETY: module invariants (live context, its handles, live pointers).
        if unsafe { Z3_get_error_code(self.ctx) } == ErrorCode::Ok {
            Ok(())
        } else {
            Err(self.err(call))
        }
    }

    fn sort(&self, s: &Sort) -> Result<Z3_sort, SolverError> {
        #[allow(unused_unsafe)]
        // SAFETY: module invariants (live context, its handles, live pointers).
        let r = unsafe {
            match s {
                Sort::Bool => Z3_mk_bool_sort(self.ctx),
                Sort::Int => Z3_mk_int_sort(self.ctx),
                Sort::Real => Z3_mk_real_sort(self.ctx),
                Sort::BitVec(w) => Z3_mk_bv_sort(self.ctx, *w),
                Sort::String => Z3_mk_string_sort(self.ctx),
                Sort::RegLan => match Z3_mk_string_sort(self.ctx) {
                    Some(s) => Z3_mk_re_sort(self.ctx, s),
                    None => None,
                },
                Sort::Array(i, e) => {
                    let (i, e) = (self.sort(i)?, self.sort(e)?);
                    Z3_mk_array_sort(self.ctx, i, e)
                }
                Sort::Uninterp(n) => {
                    let name = CString::new(format!("U{n}")).unwrap();
                    match Z3_mk_string_symbol(self.ctx, name.as_ptr()) {
                        Some(sym) => Z3_mk_uninterpreted_sort(self.ctx, sym),
                        None => None,
                    }
                }
                Sort::Float(eb, sb) => Z3_mk_fpa_sort(self.ctx, *eb, *sb),
                Sort::RoundingMode => Z3_mk_fpa_rounding_mode_sort(self.ctx),
                Sort::Datatype(d) => Some(self.datatype(d)?.sort),
                Sort::Seq(e) => {
                    let e = self.sort(e)?;
                    Z3_mk_seq_sort(self.ctx, e)
                }
            }
        };
        self.ok("Z3_mk_sort", r)
    }

    /// The sort and declarations of datatype `d`, its group made on first use.
    fn datatype(&self, d: &DtSort) -> Result<Z3Datatype, SolverError> {
        // A parametric datatype is given to Z3 at its arguments (one group per instance).
        let d = &d.monomorphic();
        if let Some(made) = self.datatypes.borrow().get(&*d.group) {
            return Ok(made[d.index as usize].clone());
        }
        let ctx = self.ctx;
        let g = &*d.group;
        let symbol = |name: &str| -> Result<Z3_symbol, SolverError> {
            let c = CString::new(name).unwrap();
            // SAFETY: module invariants (live context, its handles, live pointers).
            self.ok("Z3_mk_string_symbol", unsafe {
                Z3_mk_string_symbol(ctx, c.as_ptr())
            })
        };
        // Z3_mk_constructor per constructor; fields of group members by index (sort null).
        let mut constructors: Vec<Vec<Z3_constructor>> = Vec::new();
        for t in &g.types {
            let mut cs = Vec::new();
            for c in &t.ctors {
                let name = symbol(&c.name)?;
                let tester = symbol(&format!("is-{}", c.name))?;
                let mut names = Vec::new();
                let mut sorts: Vec<Option<Z3_sort>> = Vec::new();
                let mut refs: Vec<std::os::raw::c_uint> = Vec::new();
                for f in &c.fields {
                    names.push(symbol(&f.name)?);
                    match &f.sort {
                        crate::lang::ir::datatype::FieldSort::Sort(s) => {
                            sorts.push(Some(self.sort(s)?));
                            refs.push(0);
                        }
                        crate::lang::ir::datatype::FieldSort::Param(_) => {
                            unreachable!("a monomorphic group has no parameters")
                        }
                        crate::lang::ir::datatype::FieldSort::Member(m) => {
                            sorts.push(None);
                            refs.push(*m);
                        }
                    }
                }
                // SAFETY: module invariants (live context, its handles, live pointers);
                // the three arrays have `fields.len()` elements.
                let made = unsafe {
                    Z3_mk_constructor(
                        ctx,
                        name,
                        tester,
                        names.len() as u32,
                        names.as_ptr(),
                        sorts.as_ptr(),
                        refs.as_mut_ptr(),
                    )
                };
                cs.push(self.ok("Z3_mk_constructor", made)?);
            }
            constructors.push(cs);
        }
        let mut lists = Vec::new();
        for cs in &constructors {
            // SAFETY: module invariants (live context, its handles, live pointers).
            let l = unsafe { Z3_mk_constructor_list(ctx, cs.len() as u32, cs.as_ptr()) };
            lists.push(self.ok("Z3_mk_constructor_list", l)?);
        }
        // Z3 knows a datatype by its name: another group of this context with one of these
        // names (another case's `List0`) would get this group's terms mixed with its own.
        // The API's names are never printed, so a taken name gets a suffix.
        let made_before = self.datatypes.borrow().len();
        let taken = |name: &str| {
            self.datatypes
                .borrow()
                .keys()
                .any(|o| o.types.iter().any(|t| t.name == name))
        };
        let names = g
            .types
            .iter()
            .map(|t| {
                if taken(&t.name) {
                    symbol(&format!("{}!{made_before}", t.name))
                } else {
                    symbol(&t.name)
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut sorts: Vec<Option<Z3_sort>> = vec![None; g.types.len()];
        // SAFETY: module invariants (live context, its handles, live pointers); `sorts` and
        // `lists` have one element per datatype (`Option<Z3_sort>` has a pointer's layout,
        // so null before the call, each set by it).
        unsafe {
            Z3_mk_datatypes(
                ctx,
                names.len() as u32,
                names.as_ptr(),
                sorts.as_mut_ptr().cast(),
                lists.as_mut_ptr(),
            )
        };
        let made = self.check_error("Z3_mk_datatypes");
        let mut out = Vec::new();
        if made.is_ok() {
            for (k, cs) in constructors.iter().enumerate() {
                let mut ctors = Vec::new();
                for (c, con) in cs.iter().enumerate() {
                    let n = g.types[k].ctors[c].fields.len();
                    let mut decl: Option<Z3_func_decl> = None;
                    let mut tester: Option<Z3_func_decl> = None;
                    let mut sels: Vec<Option<Z3_func_decl>> = vec![None; n];
                    // SAFETY: module invariants; `con` went into the Z3_mk_datatypes call
                    // above; `sels` has the constructor's field count (out-parameters have a
                    // nullable pointer's layout).
                    unsafe {
                        Z3_query_constructor(
                            ctx,
                            *con,
                            n as u32,
                            (&mut decl as *mut Option<Z3_func_decl>).cast(),
                            (&mut tester as *mut Option<Z3_func_decl>).cast(),
                            sels.as_mut_ptr().cast(),
                        )
                    };
                    self.check_error("Z3_query_constructor")?;
                    let sels: Option<Vec<Z3_func_decl>> = sels.into_iter().collect();
                    match (decl, tester, sels) {
                        (Some(d), Some(t), Some(s)) => ctors.push((d, t, s)),
                        _ => return Err(self.err("Z3_query_constructor")),
                    }
                }
                let sort = sorts[k].ok_or_else(|| self.err("Z3_mk_datatypes"))?;
                out.push(Z3Datatype { sort, ctors });
            }
        }
        for (cs, l) in constructors.iter().zip(&lists) {
            // SAFETY: module invariants; each constructor and list is deleted once, after
            // its declarations were read.
            unsafe {
                Z3_del_constructor_list(ctx, *l);
                for c in cs {
                    Z3_del_constructor(ctx, *c);
                }
            }
        }
        made?;
        let one = out[d.index as usize].clone();
        self.datatypes.borrow_mut().insert(g.clone(), out);
        Ok(one)
    }

    fn literal(&self, v: &Value) -> Result<Z3_ast, SolverError> {
        let ctx = self.ctx;
        match v {
            // SAFETY: module invariants (live context, its handles, live pointers).
            Value::Bool(true) => self.ok("Z3_mk_true", unsafe { Z3_mk_true(ctx) }),
            // SAFETY: module invariants (live context, its handles, live pointers).
            Value::Bool(false) => self.ok("Z3_mk_false", unsafe { Z3_mk_false(ctx) }),
            Value::Str(w) => match self.mk_u32string {
                // SAFETY: module invariants (live context, its handles, live pointers).
                Some(mk) => self.ok("Z3_mk_u32string", unsafe {
                    mk(ctx, w.len() as u32, w.as_ptr())
                }),
                // Releases before Z3_mk_u32string have 8-bit characters. ASCII (below 128)
                // goes in as bytes: the same characters, and 128 characters of their alphabet
                // stay above every literal, as SMT-LIB's many do, for any formula that does
                // not ask for more than 128 distinct characters there (code points above 255
                // through `str.to_code`/`str.from_code` they answer `unknown`, literals or
                // not). A literal above 127 would not keep its meaning: a character outside
                // `(re.range "\x00" "\xff")` exists in SMT-LIB's alphabet and not in theirs
                // (4.8.10's binary answers such a formula `unsat`).
                None if self.mk_lstring.is_some() && w.iter().all(|c| *c < 0x80) => {
                    let bytes: Vec<u8> = w.iter().map(|&c| c as u8).collect();
                    let mk = self.mk_lstring.expect("checked above");
                    // SAFETY: module invariants (live context); `bytes` holds exactly the
                    // length passed and outlives the call, which copies it.
                    self.ok("Z3_mk_lstring", unsafe {
                        mk(ctx, bytes.len() as u32, bytes.as_ptr().cast())
                    })
                }
                // Releases without it: their own escapes, so only printable ASCII other than
                // the backslash passes unchanged.
                None if w.iter().all(|c| (0x20..0x7f).contains(c) && *c != 0x5c) => {
                    let body: String = w.iter().map(|c| char::from_u32(*c).unwrap()).collect();
                    let body = CString::new(body).unwrap();
                    // SAFETY: `ctx` is this backend's live context and every handle passed was made
                    // in it (module invariants); pointer arguments point into Rust values that
                    // outlive the call.
                    self.ok("Z3_mk_string", unsafe { Z3_mk_string(ctx, body.as_ptr()) })
                }
                None => Err(SolverError {
                    solver: SolverId::Z3,
                    call: UNSUPPORTED_CALL.into(),
                    message: format!(
                        "string literal {} needs Z3_mk_u32string",
                        crate::cases::smtlib::string_literal(w)
                    ),
                }),
            },
            Value::Re(_) | Value::Array(_) => {
                unreachable!("regex and array literals are built by regex_term/array_term")
            }
            Value::Abstract { .. } => unreachable!("uninterpreted-sort elements have no literals"),
            Value::Dt(_) => unreachable!("datatype values are built by datatype_term"),
            Value::Seq(..) => unreachable!("sequence values are built by seq_term"),
            Value::Float(x) => {
                if x.is_nan() {
                    let sort = self.sort(&Sort::Float(x.eb, x.sb))?;
                    // SAFETY: module invariants (live context, its handles, live pointers).
                    return self.ok("Z3_mk_fpa_nan", unsafe { Z3_mk_fpa_nan(ctx, sort) });
                }
                let sign = self.numeral(if x.sign { "1" } else { "0" }, &Sort::BitVec(1))?;
                let exp = self.numeral(&x.exponent.to_string(), &Sort::BitVec(x.eb))?;
                let sig = self.numeral(&x.significand.to_string(), &Sort::BitVec(x.sb - 1))?;
                // SAFETY: module invariants (live context, its handles, live pointers).
                self.ok("Z3_mk_fpa_fp", unsafe { Z3_mk_fpa_fp(ctx, sign, exp, sig) })
            }
            Value::Rm(m) => {
                use crate::lang::ir::RoundingMode as M;
                // SAFETY: module invariants (live context, its handles, live pointers).
                let t = unsafe {
                    match m {
                        M::Rne => Z3_mk_fpa_rne(ctx),
                        M::Rna => Z3_mk_fpa_rna(ctx),
                        M::Rtp => Z3_mk_fpa_rtp(ctx),
                        M::Rtn => Z3_mk_fpa_rtn(ctx),
                        M::Rtz => Z3_mk_fpa_rtz(ctx),
                    }
                };
                self.ok("Z3_mk_fpa_rounding_mode", t)
            }
            Value::Int(n) => self.numeral(&n.to_string(), &Sort::Int),
            Value::BitVec { width, value } => {
                self.numeral(&value.to_string(), &Sort::BitVec(*width))
            }
            Value::Real(r) => {
                // Z3 reads "p/q"; a negative rational is built as a negation so that every
                // release parses it.
                let text = format!("{}/{}", r.numer().abs(), r.denom());
                let abs = self.numeral(&text, &Sort::Real)?;
                if r.is_negative() {
                    // SAFETY: `ctx` is this backend's live context and every handle passed was made
                    // in it (module invariants); pointer arguments point into Rust values that
                    // outlive the call.
                    self.ok("Z3_mk_unary_minus", unsafe { Z3_mk_unary_minus(ctx, abs) })
                } else {
                    Ok(abs)
                }
            }
        }
    }

    fn numeral(&self, text: &str, s: &Sort) -> Result<Z3_ast, SolverError> {
        let sort = self.sort(s)?;
        let c = CString::new(text).unwrap();
        // SAFETY: module invariants (live context, its handles, live pointers).
        self.ok("Z3_mk_numeral", unsafe {
            Z3_mk_numeral(self.ctx, c.as_ptr(), sort)
        })
    }

    /// The declaration of the operator applied in `(assert (= (OP ...) ...))` of `script`,
    /// read back from Z3's own parser: for operators some releases have no `Z3_mk_*` for.
    fn parsed_decl(&mut self, script: String) -> Result<Z3_func_decl, SolverError> {
        if let Some(d) = self.parsed_decls.get(&script) {
            return Ok(*d);
        }
        let ctx = self.ctx;
        let text = CString::new(script.as_str()).unwrap();
        // SAFETY: module invariants (live context, its handles, live pointers).
        let d = unsafe {
            let (no_syms, no_sorts, no_decls) =
                (std::ptr::null(), std::ptr::null(), std::ptr::null());
            let v = Z3_parse_smtlib2_string(
                ctx,
                text.as_ptr(),
                0,
                no_syms,
                no_sorts,
                0,
                no_syms,
                no_decls,
            );
            let v = self.ok("Z3_parse_smtlib2_string", v)?;
            Z3_ast_vector_inc_ref(ctx, v);
            let d = (|| {
                let eq = self.ok("Z3_ast_vector_get", Z3_ast_vector_get(ctx, v, 0))?;
                let eq_app = self.ok("Z3_to_app", Z3_to_app(ctx, eq))?;
                let lhs = self.ok("Z3_get_app_arg", Z3_get_app_arg(ctx, eq_app, 0))?;
                let lhs_app = self.ok("Z3_to_app", Z3_to_app(ctx, lhs))?;
                self.ok("Z3_get_app_decl", Z3_get_app_decl(ctx, lhs_app))
            })();
            Z3_ast_vector_dec_ref(ctx, v);
            d?
        };
        self.parsed_decls.insert(script, d);
        Ok(d)
    }

    /// The declaration of a Strings-theory operator, read from Z3's parser (so that every
    /// release gets the operator under the name it knows). Releases that know none of
    /// the names give an [`UNSUPPORTED_CALL`] error.
    fn string_decl(&mut self, op: Op, idx: Idx, arity: usize) -> Result<Z3_func_decl, SolverError> {
        let info = op.info();
        let head = |name: &str| match info.indices {
            0 => name.to_string(),
            1 => format!("(_ {name} {})", idx[0]),
            _ => format!("(_ {name} {} {})", idx[0], idx[1]),
        };
        // A RegLan argument is written with the release's name of str.to_re.
        let dummy = |s: &Sort, to_re: &str| match s {
            Sort::String => "s".to_string(),
            Sort::Int => "i".to_string(),
            Sort::RegLan => format!("({to_re} s)"),
            Sort::Bool => "true".to_string(),
            other => unreachable!("{other} in a Strings signature"),
        };
        // Names of the same operator in releases before the 2020 Unicode strings theory.
        let old = op.older_names();
        let mut last = None;
        for to_re in [Op::StrToRe.name(), Op::StrToRe.older_names()[0]] {
            let args: Vec<String> = info
                .arg_sorts(arity, None)
                .iter()
                .map(|s| dummy(s, to_re))
                .collect();
            for name in std::iter::once(&info.name).chain(old) {
                let app = if args.is_empty() {
                    head(name)
                } else {
                    format!("({} {})", head(name), args.join(" "))
                };
                let probe = format!(
                    "(declare-fun s () String)(declare-fun i () Int)(assert (= {app} {}))",
                    dummy(&info.ret_sort(None), to_re)
                );
                match self.parsed_decl(probe) {
                    Ok(d) => return Ok(d),
                    Err(e) => {
                        // Old releases keep a parse error's code through the next parse.
                        // SAFETY: `ctx` is this backend's live context (module invariants).
                        unsafe { Z3_set_error(self.ctx, ErrorCode::Ok) };
                        last = Some(e)
                    }
                }
            }
        }
        let e = last.unwrap();
        Err(SolverError {
            solver: SolverId::Z3,
            call: UNSUPPORTED_CALL.into(),
            message: format!("{}: {}", info.name, e.message),
        })
    }

    /// A Strings-theory application through [`Z3::string_decl`]; left-associative
    /// operators are folded into binary applications.
    fn string_app(&mut self, op: Op, idx: Idx, xs: &[Z3_ast]) -> Result<Z3_ast, SolverError> {
        let ctx = self.ctx;
        if op.info().attr == crate::lang::ir::Attr::LeftAssoc {
            let d = self.string_decl(op, idx, 2)?;
            let mut acc = xs[0];
            for x in &xs[1..] {
                let pair = [acc, *x];
                // SAFETY: module invariants (live context, its handles, live pointers).
                acc = self.ok("Z3_mk_app", unsafe { Z3_mk_app(ctx, d, 2, pair.as_ptr()) })?;
            }
            return Ok(acc);
        }
        let d = self.string_decl(op, idx, xs.len())?;
        // SAFETY: module invariants (live context, its handles, live pointers).
        self.ok("Z3_mk_app", unsafe {
            Z3_mk_app(ctx, d, xs.len() as u32, xs.as_ptr())
        })
    }

    /// A sequence operator's application (`sort`: the application's sort).
    fn seq_app(&mut self, op: Op, xs: &[Z3_ast], sort: &Sort) -> Result<Z3_ast, SolverError> {
        let ctx = self.ctx;
        let x = |i: usize| xs[i];
        // SAFETY: module invariants (live context, its handles, live pointers).
        unsafe {
            match op {
                Op::SeqEmpty => {
                    let s = self.sort(sort)?;
                    self.ok("Z3_mk_seq_empty", Z3_mk_seq_empty(ctx, s))
                }
                Op::SeqUnit => self.ok("Z3_mk_seq_unit", Z3_mk_seq_unit(ctx, x(0))),
                Op::SeqConcat => self.ok(
                    "Z3_mk_seq_concat",
                    Z3_mk_seq_concat(ctx, xs.len() as u32, xs.as_ptr()),
                ),
                Op::SeqLen => self.ok("Z3_mk_seq_length", Z3_mk_seq_length(ctx, x(0))),
                Op::SeqExtract => self.ok(
                    "Z3_mk_seq_extract",
                    Z3_mk_seq_extract(ctx, x(0), x(1), x(2)),
                ),
                Op::SeqAt => self.ok("Z3_mk_seq_at", Z3_mk_seq_at(ctx, x(0), x(1))),
                Op::SeqContains => {
                    self.ok("Z3_mk_seq_contains", Z3_mk_seq_contains(ctx, x(0), x(1)))
                }
                Op::SeqPrefixof => self.ok("Z3_mk_seq_prefix", Z3_mk_seq_prefix(ctx, x(0), x(1))),
                Op::SeqSuffixof => self.ok("Z3_mk_seq_suffix", Z3_mk_seq_suffix(ctx, x(0), x(1))),
                Op::SeqIndexof => {
                    self.ok("Z3_mk_seq_index", Z3_mk_seq_index(ctx, x(0), x(1), x(2)))
                }
                Op::SeqReplace => self.ok(
                    "Z3_mk_seq_replace",
                    Z3_mk_seq_replace(ctx, x(0), x(1), x(2)),
                ),
                Op::SeqNth => match self.mk_seq_nth {
                    Some(mk) => self.ok("Z3_mk_seq_nth", mk(ctx, x(0), x(1))),
                    None => self.parsed_seq_app(op, xs),
                },
                Op::SeqReplaceAll => match self.mk_seq_replace_all {
                    Some(mk) => self.ok("Z3_mk_seq_replace_all", mk(ctx, x(0), x(1), x(2))),
                    None => self.parsed_seq_app(op, xs),
                },
                _ => unreachable!("{} is no sequence operator", op.name()),
            }
        }
    }

    /// A sequence operator applied through the declaration Z3's own parser gives it at the
    /// arguments' sorts (releases without the operator's `Z3_mk_*` function).
    fn parsed_seq_app(&mut self, op: Op, xs: &[Z3_ast]) -> Result<Z3_ast, SolverError> {
        let ctx = self.ctx;
        let mut decls = String::new();
        let mut names = Vec::with_capacity(xs.len());
        for (k, x) in xs.iter().enumerate() {
            // SAFETY: module invariants (live context, its handles, live pointers).
            let s = self.ok("Z3_get_sort", unsafe { Z3_get_sort(ctx, *x) })?;
            // SAFETY: as above; the string is copied at once.
            let text = cstr(unsafe { Z3_sort_to_string(ctx, s) });
            decls.push_str(&format!("(declare-fun x{k} () {text})"));
            names.push(format!("x{k}"));
        }
        let app = format!("({} {})", op.name(), names.join(" "));
        let d = self.parsed_decl(format!("{decls}(assert (= {app} {app}))"))?;
        // SAFETY: module invariants (live context, its handles, live pointers).
        self.ok("Z3_mk_app", unsafe {
            Z3_mk_app(ctx, d, xs.len() as u32, xs.as_ptr())
        })
    }

    fn func_decl(
        &self,
        name: &str,
        args: &[Sort],
        sort: &Sort,
    ) -> Result<Z3_func_decl, SolverError> {
        let ctx = self.ctx;
        let name = CString::new(name).unwrap();
        // SAFETY: module invariants (live context, its handles, live pointers).
        let sym = self.ok("Z3_mk_string_symbol", unsafe {
            Z3_mk_string_symbol(ctx, name.as_ptr())
        })?;
        let domain = args
            .iter()
            .map(|s| self.sort(s))
            .collect::<Result<Vec<_>, _>>()?;
        let range = self.sort(sort)?;
        // SAFETY: module invariants (live context, its handles, live pointers).
        self.ok("Z3_mk_func_decl", unsafe {
            Z3_mk_func_decl(ctx, sym, domain.len() as u32, domain.as_ptr(), range)
        })
    }

    fn constant(&self, name: &str, sort: &Sort) -> Result<Z3_ast, SolverError> {
        let ctx = self.ctx;
        let name = CString::new(name).unwrap();
        // SAFETY: module invariants (live context, its handles, live pointers).
        let sym = self.ok("Z3_mk_string_symbol", unsafe {
            Z3_mk_string_symbol(ctx, name.as_ptr())
        })?;
        let sort = self.sort(sort)?;
        // SAFETY: module invariants (live context, its handles, live pointers).
        self.ok("Z3_mk_const", unsafe { Z3_mk_const(ctx, sym, sort) })
    }

    fn apply(
        &mut self,
        op: Op,
        idx: Idx,
        xs: &[Z3_ast],
        sort: &Sort,
    ) -> Result<Z3_ast, SolverError> {
        let ctx = self.ctx;
        let n = xs.len() as u32;
        let p = xs.as_ptr();
        // Chainable comparisons: (< a b c) = (and (< a b) (< b c)).
        let chain = |this: &Self,
                     mk: unsafe extern "C" fn(Z3_context, Z3_ast, Z3_ast) -> Option<Z3_ast>,
                     call: &str|
         -> Result<Z3_ast, SolverError> {
            let pairs = xs
                .windows(2)
                // SAFETY: module invariants (live context, its handles, live pointers).
                .map(|w| this.ok(call, unsafe { mk(ctx, w[0], w[1]) }))
                .collect::<Result<Vec<_>, _>>()?;
            if pairs.len() == 1 {
                Ok(pairs[0])
            } else {
                // SAFETY: module invariants (live context, its handles, live pointers).
                this.ok("Z3_mk_and", unsafe {
                    Z3_mk_and(ctx, pairs.len() as u32, pairs.as_ptr())
                })
            }
        };
        let fold_left = |this: &Self,
                         mk: unsafe extern "C" fn(Z3_context, Z3_ast, Z3_ast) -> Option<Z3_ast>,
                         call: &str|
         -> Result<Z3_ast, SolverError> {
            let mut acc = xs[0];
            for x in &xs[1..] {
                // SAFETY: module invariants (live context, its handles, live pointers).
                acc = this.ok(call, unsafe { mk(ctx, acc, *x) })?;
            }
            Ok(acc)
        };
        // SAFETY: module invariants (live context, its handles, live pointers).
        unsafe {
            match op {
                Op::Not => self.ok("Z3_mk_not", Z3_mk_not(ctx, xs[0])),
                Op::And => self.ok("Z3_mk_and", Z3_mk_and(ctx, n, p)),
                Op::Or => self.ok("Z3_mk_or", Z3_mk_or(ctx, n, p)),
                Op::Xor => fold_left(self, Z3_mk_xor, "Z3_mk_xor"),
                Op::Implies => {
                    let mut acc = xs[xs.len() - 1];
                    for x in xs[..xs.len() - 1].iter().rev() {
                        acc = self.ok("Z3_mk_implies", Z3_mk_implies(ctx, *x, acc))?;
                    }
                    Ok(acc)
                }
                Op::Eq => chain(self, Z3_mk_eq, "Z3_mk_eq"),
                Op::Distinct => self.ok("Z3_mk_distinct", Z3_mk_distinct(ctx, n, p)),
                Op::Ite => self.ok("Z3_mk_ite", Z3_mk_ite(ctx, xs[0], xs[1], xs[2])),
                Op::Add => self.ok("Z3_mk_add", Z3_mk_add(ctx, n, p)),
                Op::Sub => self.ok("Z3_mk_sub", Z3_mk_sub(ctx, n, p)),
                Op::Neg => self.ok("Z3_mk_unary_minus", Z3_mk_unary_minus(ctx, xs[0])),
                Op::Mul => self.ok("Z3_mk_mul", Z3_mk_mul(ctx, n, p)),
                Op::Lt => chain(self, Z3_mk_lt, "Z3_mk_lt"),
                Op::Le => chain(self, Z3_mk_le, "Z3_mk_le"),
                Op::Gt => chain(self, Z3_mk_gt, "Z3_mk_gt"),
                Op::Ge => chain(self, Z3_mk_ge, "Z3_mk_ge"),
                Op::IntDiv | Op::RealDiv => fold_left(self, Z3_mk_div, "Z3_mk_div"),
                Op::Mod => self.ok("Z3_mk_mod", Z3_mk_mod(ctx, xs[0], xs[1])),
                Op::Abs => match self.mk_abs {
                    Some(mk) => self.ok("Z3_mk_abs", mk(ctx, xs[0])),
                    None => {
                        let d = self
                            .parsed_decl("(declare-fun x () Int)(assert (= (abs x) x))".into())?;
                        self.ok("Z3_mk_app", Z3_mk_app(ctx, d, 1, p))
                    }
                },
                Op::ToReal => self.ok("Z3_mk_int2real", Z3_mk_int2real(ctx, xs[0])),
                Op::ToInt => self.ok("Z3_mk_real2int", Z3_mk_real2int(ctx, xs[0])),
                Op::IsInt => self.ok("Z3_mk_is_int", Z3_mk_is_int(ctx, xs[0])),
                Op::Concat => self.ok("Z3_mk_concat", Z3_mk_concat(ctx, xs[0], xs[1])),
                Op::Extract => self.ok("Z3_mk_extract", Z3_mk_extract(ctx, idx[0], idx[1], xs[0])),
                Op::BvNot => self.ok("Z3_mk_bvnot", Z3_mk_bvnot(ctx, xs[0])),
                Op::BvAnd => fold_left(self, Z3_mk_bvand, "Z3_mk_bvand"),
                Op::BvOr => fold_left(self, Z3_mk_bvor, "Z3_mk_bvor"),
                Op::BvXor => fold_left(self, Z3_mk_bvxor, "Z3_mk_bvxor"),
                Op::BvNand => self.ok("Z3_mk_bvnand", Z3_mk_bvnand(ctx, xs[0], xs[1])),
                Op::BvNor => self.ok("Z3_mk_bvnor", Z3_mk_bvnor(ctx, xs[0], xs[1])),
                Op::BvXnor => self.ok("Z3_mk_bvxnor", Z3_mk_bvxnor(ctx, xs[0], xs[1])),
                Op::BvNeg => self.ok("Z3_mk_bvneg", Z3_mk_bvneg(ctx, xs[0])),
                Op::BvAdd => fold_left(self, Z3_mk_bvadd, "Z3_mk_bvadd"),
                Op::BvSub => self.ok("Z3_mk_bvsub", Z3_mk_bvsub(ctx, xs[0], xs[1])),
                Op::BvMul => fold_left(self, Z3_mk_bvmul, "Z3_mk_bvmul"),
                Op::BvUdiv => self.ok("Z3_mk_bvudiv", Z3_mk_bvudiv(ctx, xs[0], xs[1])),
                Op::BvUrem => self.ok("Z3_mk_bvurem", Z3_mk_bvurem(ctx, xs[0], xs[1])),
                Op::BvSdiv => self.ok("Z3_mk_bvsdiv", Z3_mk_bvsdiv(ctx, xs[0], xs[1])),
                Op::BvSrem => self.ok("Z3_mk_bvsrem", Z3_mk_bvsrem(ctx, xs[0], xs[1])),
                Op::BvSmod => self.ok("Z3_mk_bvsmod", Z3_mk_bvsmod(ctx, xs[0], xs[1])),
                Op::BvShl => self.ok("Z3_mk_bvshl", Z3_mk_bvshl(ctx, xs[0], xs[1])),
                Op::BvLshr => self.ok("Z3_mk_bvlshr", Z3_mk_bvlshr(ctx, xs[0], xs[1])),
                Op::BvAshr => self.ok("Z3_mk_bvashr", Z3_mk_bvashr(ctx, xs[0], xs[1])),
                Op::BvComp => {
                    let w =
                        Z3_get_bv_sort_size(ctx, self.ok("Z3_get_sort", Z3_get_sort(ctx, xs[0]))?);
                    let probe =
                        format!("(declare-fun x () (_ BitVec {w}))(assert (= (bvcomp x x) #b1))");
                    let d = self.parsed_decl(probe)?;
                    self.ok("Z3_mk_app", Z3_mk_app(ctx, d, 2, p))
                }
                Op::BvUlt => self.ok("Z3_mk_bvult", Z3_mk_bvult(ctx, xs[0], xs[1])),
                Op::BvUle => self.ok("Z3_mk_bvule", Z3_mk_bvule(ctx, xs[0], xs[1])),
                Op::BvUgt => self.ok("Z3_mk_bvugt", Z3_mk_bvugt(ctx, xs[0], xs[1])),
                Op::BvUge => self.ok("Z3_mk_bvuge", Z3_mk_bvuge(ctx, xs[0], xs[1])),
                Op::BvSlt => self.ok("Z3_mk_bvslt", Z3_mk_bvslt(ctx, xs[0], xs[1])),
                Op::BvSle => self.ok("Z3_mk_bvsle", Z3_mk_bvsle(ctx, xs[0], xs[1])),
                Op::BvSgt => self.ok("Z3_mk_bvsgt", Z3_mk_bvsgt(ctx, xs[0], xs[1])),
                Op::BvSge => self.ok("Z3_mk_bvsge", Z3_mk_bvsge(ctx, xs[0], xs[1])),
                Op::Repeat => self.ok("Z3_mk_repeat", Z3_mk_repeat(ctx, idx[0], xs[0])),
                Op::ZeroExtend => self.ok("Z3_mk_zero_ext", Z3_mk_zero_ext(ctx, idx[0], xs[0])),
                Op::SignExtend => self.ok("Z3_mk_sign_ext", Z3_mk_sign_ext(ctx, idx[0], xs[0])),
                Op::RotateLeft => {
                    self.ok("Z3_mk_rotate_left", Z3_mk_rotate_left(ctx, idx[0], xs[0]))
                }
                Op::RotateRight => {
                    self.ok("Z3_mk_rotate_right", Z3_mk_rotate_right(ctx, idx[0], xs[0]))
                }
                Op::Bv2Nat => self.ok("Z3_mk_bv2int", Z3_mk_bv2int(ctx, xs[0], false)),
                Op::Int2Bv | Op::IntToBv => {
                    self.ok("Z3_mk_int2bv", Z3_mk_int2bv(ctx, idx[0], xs[0]))
                }
                Op::UbvToInt => self.ok("Z3_mk_bv2int", Z3_mk_bv2int(ctx, xs[0], false)),
                Op::SbvToInt => self.ok("Z3_mk_bv2int", Z3_mk_bv2int(ctx, xs[0], true)),
                Op::Select => self.ok("Z3_mk_select", Z3_mk_select(ctx, xs[0], xs[1])),
                Op::Store => self.ok("Z3_mk_store", Z3_mk_store(ctx, xs[0], xs[1], xs[2])),
                Op::ConstArray => {
                    let Sort::Array(index, _) = sort else {
                        unreachable!("(as const {sort})")
                    };
                    let domain = self.sort(index)?;
                    self.ok("Z3_mk_const_array", Z3_mk_const_array(ctx, domain, xs[0]))
                }
                _ if op.info().theory == crate::lang::ir::Theory::Strings => {
                    self.string_app(op, idx, xs)
                }
                _ if op.info().theory == crate::lang::ir::Theory::Sequences => {
                    self.seq_app(op, xs, sort)
                }
                Op::FpLit => self.ok("Z3_mk_fpa_fp", Z3_mk_fpa_fp(ctx, xs[0], xs[1], xs[2])),
                Op::FpAbs => self.ok("Z3_mk_fpa_abs", Z3_mk_fpa_abs(ctx, xs[0])),
                Op::FpNeg => self.ok("Z3_mk_fpa_neg", Z3_mk_fpa_neg(ctx, xs[0])),
                Op::FpAdd => self.ok("Z3_mk_fpa_add", Z3_mk_fpa_add(ctx, xs[0], xs[1], xs[2])),
                Op::FpSub => self.ok("Z3_mk_fpa_sub", Z3_mk_fpa_sub(ctx, xs[0], xs[1], xs[2])),
                Op::FpMul => self.ok("Z3_mk_fpa_mul", Z3_mk_fpa_mul(ctx, xs[0], xs[1], xs[2])),
                Op::FpDiv => self.ok("Z3_mk_fpa_div", Z3_mk_fpa_div(ctx, xs[0], xs[1], xs[2])),
                Op::FpFma => self.ok(
                    "Z3_mk_fpa_fma",
                    Z3_mk_fpa_fma(ctx, xs[0], xs[1], xs[2], xs[3]),
                ),
                Op::FpSqrt => self.ok("Z3_mk_fpa_sqrt", Z3_mk_fpa_sqrt(ctx, xs[0], xs[1])),
                Op::FpRem => self.ok("Z3_mk_fpa_rem", Z3_mk_fpa_rem(ctx, xs[0], xs[1])),
                Op::FpRoundToIntegral => self.ok(
                    "Z3_mk_fpa_round_to_integral",
                    Z3_mk_fpa_round_to_integral(ctx, xs[0], xs[1]),
                ),
                Op::FpMin => self.ok("Z3_mk_fpa_min", Z3_mk_fpa_min(ctx, xs[0], xs[1])),
                Op::FpMax => self.ok("Z3_mk_fpa_max", Z3_mk_fpa_max(ctx, xs[0], xs[1])),
                Op::FpLeq => chain(self, Z3_mk_fpa_leq, "Z3_mk_fpa_leq"),
                Op::FpLt => chain(self, Z3_mk_fpa_lt, "Z3_mk_fpa_lt"),
                Op::FpGeq => chain(self, Z3_mk_fpa_geq, "Z3_mk_fpa_geq"),
                Op::FpGt => chain(self, Z3_mk_fpa_gt, "Z3_mk_fpa_gt"),
                Op::FpEq => chain(self, Z3_mk_fpa_eq, "Z3_mk_fpa_eq"),
                Op::FpIsNormal => self.ok("Z3_mk_fpa_is_normal", Z3_mk_fpa_is_normal(ctx, xs[0])),
                Op::FpIsSubnormal => {
                    self.ok("Z3_mk_fpa_is_subnormal", Z3_mk_fpa_is_subnormal(ctx, xs[0]))
                }
                Op::FpIsZero => self.ok("Z3_mk_fpa_is_zero", Z3_mk_fpa_is_zero(ctx, xs[0])),
                Op::FpIsInfinite => {
                    self.ok("Z3_mk_fpa_is_infinite", Z3_mk_fpa_is_infinite(ctx, xs[0]))
                }
                Op::FpIsNaN => self.ok("Z3_mk_fpa_is_nan", Z3_mk_fpa_is_nan(ctx, xs[0])),
                Op::FpIsNegative => {
                    self.ok("Z3_mk_fpa_is_negative", Z3_mk_fpa_is_negative(ctx, xs[0]))
                }
                Op::FpIsPositive => {
                    self.ok("Z3_mk_fpa_is_positive", Z3_mk_fpa_is_positive(ctx, xs[0]))
                }
                Op::ToFpBv => {
                    let s = self.sort(sort)?;
                    self.ok("Z3_mk_fpa_to_fp_bv", Z3_mk_fpa_to_fp_bv(ctx, xs[0], s))
                }
                Op::ToFpFp => {
                    let s = self.sort(sort)?;
                    self.ok(
                        "Z3_mk_fpa_to_fp_float",
                        Z3_mk_fpa_to_fp_float(ctx, xs[0], xs[1], s),
                    )
                }
                Op::ToFpReal => {
                    let s = self.sort(sort)?;
                    self.ok(
                        "Z3_mk_fpa_to_fp_real",
                        Z3_mk_fpa_to_fp_real(ctx, xs[0], xs[1], s),
                    )
                }
                Op::ToFpSbv => {
                    let s = self.sort(sort)?;
                    self.ok(
                        "Z3_mk_fpa_to_fp_signed",
                        Z3_mk_fpa_to_fp_signed(ctx, xs[0], xs[1], s),
                    )
                }
                Op::ToFpUbv => {
                    let s = self.sort(sort)?;
                    self.ok(
                        "Z3_mk_fpa_to_fp_unsigned",
                        Z3_mk_fpa_to_fp_unsigned(ctx, xs[0], xs[1], s),
                    )
                }
                Op::FpToUbv => self.ok(
                    "Z3_mk_fpa_to_ubv",
                    Z3_mk_fpa_to_ubv(ctx, xs[0], xs[1], idx[0]),
                ),
                Op::FpToSbv => self.ok(
                    "Z3_mk_fpa_to_sbv",
                    Z3_mk_fpa_to_sbv(ctx, xs[0], xs[1], idx[0]),
                ),
                Op::FpToReal => self.ok("Z3_mk_fpa_to_real", Z3_mk_fpa_to_real(ctx, xs[0])),
                Op::DtCons => {
                    let Sort::Datatype(d) = sort else {
                        unreachable!("a constructor of {sort}")
                    };
                    let decl = self.datatype(d)?.ctors[idx[0] as usize].0;
                    self.ok("Z3_mk_app", Z3_mk_app(ctx, decl, n, p))
                }
                Op::DtSel | Op::DtIs => {
                    let dt = self.ok("Z3_get_sort", Z3_get_sort(ctx, xs[0]))?;
                    let decl = if op == Op::DtSel {
                        Z3_get_datatype_sort_constructor_accessor(ctx, dt, idx[0], idx[1])
                    } else {
                        Z3_get_datatype_sort_recognizer(ctx, dt, idx[0])
                    };
                    let decl = self.ok("Z3_get_datatype_sort_*", decl)?;
                    self.ok("Z3_mk_app", Z3_mk_app(ctx, decl, 1, p))
                }
                _ => unreachable!("{} has no Z3 translation", op.name()),
            }
        }
    }

    fn model_value(
        &self,
        model: Z3_model,
        t: Z3_ast,
        sort: &Sort,
    ) -> Result<Option<Value>, SolverError> {
        let ctx = self.ctx;
        let mut out: Option<Z3_ast> = None;
        // Option<NonNull> has the layout of a nullable pointer.
        // SAFETY: module invariants (live context, its handles, live pointers).
        let ok = unsafe {
            Z3_model_eval(
                ctx,
                model,
                t,
                true,
                (&mut out as *mut Option<Z3_ast>).cast(),
            )
        };
        self.check_error("Z3_model_eval")?;
        match out.filter(|_| ok) {
            Some(v) => self.read_value(v, sort, Some(model)),
            None => Ok(None),
        }
    }

    /// The value a Z3 term denotes, if it is a value (literal) of `sort`; arrays given as
    /// `as-array` are read from the function interpretation in `model`.
    fn read_value(
        &self,
        v: Z3_ast,
        sort: &Sort,
        model: Option<Z3_model>,
    ) -> Result<Option<Value>, SolverError> {
        let ctx = self.ctx;
        Ok(match sort {
            Sort::String => self.string_value(v)?.map(Value::Str),
            Sort::RegLan => None,
            Sort::Array(i, e) => self.array_value(v, i, e, model)?.map(Value::Array),
            Sort::Seq(e) => self
                .seq_value(v, e, model)?
                .map(|items| Value::Seq((**e).clone(), items)),
            Sort::Uninterp(n) => {
                // SAFETY: module invariants (live context, its handles, live pointers).
                let key = cstr(unsafe { Z3_ast_to_string(ctx, v) });
                self.check_error("Z3_ast_to_string")?;
                let mut ids = self.abstract_ids.borrow_mut();
                let next = ids.len() as u32;
                let id = *ids.entry(key).or_insert(next);
                Some(Value::Abstract { sort: *n, id })
            }
            // SAFETY: module invariants (live context, its handles, live pointers).
            Sort::Bool => match unsafe { Z3_get_bool_value(ctx, v) } {
                Z3_L_TRUE => Some(Value::Bool(true)),
                Z3_L_FALSE => Some(Value::Bool(false)),
                _ => None,
            },
            Sort::Float(eb, sb) => self.float_value(v, *eb, *sb)?.map(Value::Float),
            Sort::Datatype(d) => self.datatype_value(v, d, model)?,
            Sort::RoundingMode => {
                // SAFETY: module invariants (live context, its handles, live pointers).
                let text = cstr(unsafe { Z3_ast_to_string(ctx, v) });
                self.check_error("Z3_ast_to_string")?;
                crate::lang::ir::RoundingMode::by_name(&text).map(Value::Rm)
            }
            Sort::Int | Sort::Real | Sort::BitVec(_) => {
                // SAFETY: module invariants (live context, its handles, live pointers).
                if !unsafe { Z3_is_numeral_ast(ctx, v) } {
                    return Ok(None); // e.g. a real algebraic number
                }
                // SAFETY: module invariants (live context, its handles, live pointers).
                let text = cstr(unsafe { Z3_get_numeral_string(ctx, v) });
                self.check_error("Z3_get_numeral_string")?;
                match sort {
                    Sort::Int => int_value(&text),
                    Sort::BitVec(w) => bv_value(*w, &text),
                    _ => parse_rational(&text).map(Value::Real),
                }
            }
        })
    }
}

impl Z3 {
    /// A datatype value: a constructor application of this context's constructors whose
    /// arguments are values; anything else (an unevaluated selector) is not read.
    fn datatype_value(
        &self,
        v: Z3_ast,
        d: &DtSort,
        model: Option<Z3_model>,
    ) -> Result<Option<Value>, SolverError> {
        let ctx = self.ctx;
        let dt = self.datatype(d)?;
        // SAFETY: module invariants (live context, its handles, live pointers).
        if !unsafe { Z3_is_app(ctx, v) } {
            return Ok(None);
        }
        // SAFETY: as above; `v` is an application.
        let app = self.ok("Z3_to_app", unsafe { Z3_to_app(ctx, v) })?;
        // SAFETY: as above.
        let decl = self.ok("Z3_get_app_decl", unsafe { Z3_get_app_decl(ctx, app) })?;
        let found = dt
            .ctors
            .iter()
            // SAFETY: as above.
            .position(|(c, _, _)| unsafe { Z3_is_eq_func_decl(ctx, *c, decl) });
        let Some(c) = found else {
            return Ok(None);
        };
        let mut args = Vec::new();
        for (k, s) in d.field_sorts(c as u32).iter().enumerate() {
            // SAFETY: as above; a constructor application has one argument per field.
            let a = self.ok("Z3_get_app_arg", unsafe {
                Z3_get_app_arg(ctx, app, k as u32)
            })?;
            match self.read_value(a, s, model)? {
                Some(x) => args.push(x),
                None => return Ok(None),
            }
        }
        Ok(Some(Value::Dt(Box::new(DtValue {
            sort: d.clone(),
            ctor: c as u32,
            args,
        }))))
    }

    /// An array value from a store chain over a constant array, or from an `as-array`
    /// function interpretation (entries and else value). Anything else (a lambda, an
    /// unevaluated term) is not read: `None`.
    /// The elements of a sequence value as Z3 writes one (`seq.empty`, `seq.unit`, `seq.++`
    /// of those); `None` for any other term.
    fn seq_value(
        &self,
        v: Z3_ast,
        elem: &Sort,
        model: Option<Z3_model>,
    ) -> Result<Option<Vec<Value>>, SolverError> {
        let Some((name, args)) = self.app_parts(v)? else {
            return Ok(None);
        };
        match (name.as_str(), args.len()) {
            ("seq.empty", 0) => Ok(Some(Vec::new())),
            ("seq.unit", 1) => Ok(self.read_value(args[0], elem, model)?.map(|x| vec![x])),
            ("seq.++", _) => {
                let mut items = Vec::new();
                for a in args {
                    match self.seq_value(a, elem, model)? {
                        Some(part) => items.extend(part),
                        None => return Ok(None),
                    }
                }
                Ok(Some(items))
            }
            _ => Ok(None),
        }
    }

    /// An application's head symbol and arguments (`None`: not an application).
    fn app_parts(&self, v: Z3_ast) -> Result<Option<(String, Vec<Z3_ast>)>, SolverError> {
        let ctx = self.ctx;
        // SAFETY: module invariants (live context, its handles, live pointers).
        unsafe {
            if Z3_get_ast_kind(ctx, v) != AstKind::App {
                return Ok(None);
            }
            let app = self.ok("Z3_to_app", Z3_to_app(ctx, v))?;
            let decl = self.ok("Z3_get_app_decl", Z3_get_app_decl(ctx, app))?;
            let name_sym = self.ok("Z3_get_decl_name", Z3_get_decl_name(ctx, decl))?;
            let name = cstr(Z3_get_symbol_string(ctx, name_sym));
            let args = (0..Z3_get_app_num_args(ctx, app))
                .map(|i| self.ok("Z3_get_app_arg", Z3_get_app_arg(ctx, app, i)))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Some((name, args)))
        }
    }

    fn array_value(
        &self,
        v: Z3_ast,
        index: &Sort,
        elem: &Sort,
        model: Option<Z3_model>,
    ) -> Result<Option<ArrayValue>, SolverError> {
        let ctx = self.ctx;
        // SAFETY: module invariants (live context, its handles, live pointers).
        unsafe {
            if Z3_is_as_array(ctx, v) {
                let Some(model) = model else { return Ok(None) };
                let d = self.ok(
                    "Z3_get_as_array_func_decl",
                    Z3_get_as_array_func_decl(ctx, v),
                )?;
                // A total reading only: else value plus every entry.
                let (entries, otherwise) =
                    self.func_interp(model, d, std::slice::from_ref(index), elem)?;
                return Ok(otherwise.map(|d| {
                    entries
                        .into_iter()
                        .fold(ArrayValue::constant(index.clone(), d), |a, (mut i, e)| {
                            a.store(i.remove(0), e)
                        })
                }));
            }
            let Some((name, args)) = self.app_parts(v)? else {
                return Ok(None);
            };
            let arg = |i: usize| -> Result<Z3_ast, SolverError> { Ok(args[i]) };
            match (name.as_str(), args.len()) {
                ("const", 1) => Ok(self
                    .read_value(arg(0)?, elem, model)?
                    .map(|d| ArrayValue::constant(index.clone(), d))),
                ("store", 3) => {
                    let Some(base) = self.array_value(arg(0)?, index, elem, model)? else {
                        return Ok(None);
                    };
                    let i = self.read_value(arg(1)?, index, model)?;
                    let e = self.read_value(arg(2)?, elem, model)?;
                    Ok(i.zip(e).map(|(i, e)| base.store(i, e)))
                }
                _ => Ok(None),
            }
        }
    }

    /// A floating-point numeral's value, read through its IEEE encoding (`Z3_mk_fpa_to_ieee_bv`
    /// simplified to a bit-vector numeral: exact for every format, subnormals included; a
    /// NaN's encoding is Z3's choice, and every NaN reads as the one NaN). A NaN whose
    /// encoding Z3 leaves unevaluated is known by its declaration's name. `None` if `v` is
    /// no numeral. (`Z3_fpa_is_numeral` is not used: the library of 4.8.10.0 has no such symbol.)
    fn float_value(&self, v: Z3_ast, eb: u32, sb: u32) -> Result<Option<Float>, SolverError> {
        let ctx = self.ctx;
        // SAFETY: module invariants (live context, its handles, live pointers).
        unsafe {
            let bits = self.ok("Z3_mk_fpa_to_ieee_bv", Z3_mk_fpa_to_ieee_bv(ctx, v))?;
            let bits = self.ok("Z3_simplify", Z3_simplify(ctx, bits))?;
            if Z3_is_numeral_ast(ctx, bits) {
                let text = cstr(Z3_get_numeral_string(ctx, bits));
                self.check_error("Z3_get_numeral_string")?;
                return Ok(text
                    .parse::<num_bigint::BigUint>()
                    .ok()
                    .map(|b| Float::from_bits(eb, sb, &b)));
            }
            if Z3_get_ast_kind(ctx, v) != AstKind::App {
                return Ok(None);
            }
            let app = self.ok("Z3_to_app", Z3_to_app(ctx, v))?;
            let decl = self.ok("Z3_get_app_decl", Z3_get_app_decl(ctx, app))?;
            let name = self.ok("Z3_get_decl_name", Z3_get_decl_name(ctx, decl))?;
            let nan = cstr(Z3_get_symbol_string(ctx, name)) == "NaN";
            Ok(nan.then(|| Float::nan(eb, sb)))
        }
    }

    /// The code points of a string value (`None` if `v` is not a string literal).
    fn string_value(&self, v: Z3_ast) -> Result<Option<Vec<u32>>, SolverError> {
        let ctx = self.ctx;
        // SAFETY: module invariants (live context, its handles, live pointers).
        if !unsafe { Z3_is_string(ctx, v) } {
            return Ok(None);
        }
        if let (Some(len), Some(contents)) = (self.get_string_length, self.get_string_contents) {
            // SAFETY: module invariants (live context, its handles, live pointers).
            let n = unsafe { len(ctx, v) };
            self.check_error("Z3_get_string_length")?;
            let mut out = vec![0u32; n as usize];
            // SAFETY: `v` is a string of the live context with `n` characters (just asked);
            // `out` has room for exactly `n`.
            unsafe { contents(ctx, v, n, out.as_mut_ptr()) };
            self.check_error("Z3_get_string_contents")?;
            return Ok(Some(out));
        }
        // Older releases: their characters are bytes (code points 0 to 255), so a value's
        // bytes are its code points.
        if let Some(lstring) = self.get_lstring {
            let mut n = 0u32;
            // SAFETY: module invariants (live context, its handles, live pointers); `n` is a
            // live u32 the call writes the length into.
            let p = unsafe { lstring(ctx, v, &mut n) };
            self.check_error("Z3_get_lstring")?;
            if p.is_null() {
                return Ok(None);
            }
            // SAFETY: Z3 returned `n` bytes at `p`, valid until the next call into the
            // context; they are copied before any.
            let bytes = unsafe { std::slice::from_raw_parts(p.cast::<u8>(), n as usize) };
            return Ok(Some(bytes.iter().map(|&b| u32::from(b)).collect()));
        }
        // Releases without it: the text with their own escapes; read exactly only when it
        // has no escape at all (printable ASCII), else no exact value.
        // SAFETY: module invariants (live context, its handles, live pointers).
        let text = cstr(unsafe { Z3_get_string(ctx, v) });
        self.check_error("Z3_get_string")?;
        Ok(
            (!text.contains('\\') && text.bytes().all(|b| (0x20..0x7f).contains(&b)))
                .then(|| text.chars().map(u32::from).collect()),
        )
    }
}

/// `Z3_interrupt` on the context at address `ctx`, from another thread than the one running
/// a call in it: the caller (`super::interrupt`) guarantees the context is alive (its entry
/// is removed, under the lock the caller holds, before the call returns).
/// Watches a call in context `ctx` with a time limit of `limit_ms` (0: none): interrupted
/// (`Z3_interrupt`) when it is overdue, a backstop to Z3's own `timeout`, which some of its
/// work does not look at.
fn watch(ctx: Z3_context, call: &'static str, limit_ms: u32) -> super::interrupt::Call {
    let stop = super::interrupt::Stop {
        ctx: ctx.as_ptr() as usize,
        stop: interrupt_context,
        at_limit: false,
    };
    super::interrupt::begin(SolverId::Z3, Some(stop), call, limit_ms)
}

pub(crate) fn interrupt_context(ctx: usize) {
    if let Some(ctx) = std::ptr::NonNull::new(ctx as *mut _Z3_context) {
        // SAFETY: a live context (above); Z3_interrupt is made to be called from another
        // thread while the context runs a call.
        unsafe { Z3_interrupt(ctx) };
    }
}

/// A context whose solvers check under `limits` (`None`: Z3's defaults, no limit).
fn new_context_with(limits: Option<&Limits>) -> Result<Z3_context, SolverError> {
    // SAFETY: module invariants (live context, its handles, live pointers).
    unsafe {
        let cfg = Z3_mk_config().ok_or_else(|| SolverError {
            solver: SolverId::Z3,
            call: "Z3_mk_config".into(),
            message: "returned null".into(),
        })?;
        if let Some(limits) = limits {
            let rlimit = limits.rlimit_of(SolverId::Z3).min(u64::from(u32::MAX));
            for (k, v) in [
                (crate::dialect::profile::z3::RLIMIT.option, rlimit),
                ("timeout", u64::from(limits.timeout_ms)),
            ] {
                let k = CString::new(k).unwrap();
                let v = CString::new(v.to_string()).unwrap();
                Z3_set_param_value(cfg, k.as_ptr(), v.as_ptr());
            }
        }
        let ctx = Z3_mk_context(cfg);
        Z3_del_config(cfg);
        let ctx = ctx.ok_or_else(|| SolverError {
            solver: SolverId::Z3,
            call: "Z3_mk_context".into(),
            message: "returned null".into(),
        })?;
        Z3_set_error_handler(ctx, Some(on_error));
        Ok(ctx)
    }
}

fn new_context(limits: &Limits) -> Result<Z3_context, SolverError> {
    new_context_with(Some(limits))
}

impl Drop for Z3 {
    fn drop(&mut self) {
        // SAFETY: the backend is being dropped: its driver deleted every solver first, and
        // nothing made in the context is used after; deleting the context frees them all.
        unsafe { Z3_del_context(self.ctx) };
    }
}

impl Backend for Z3 {
    type Solver = Z3_solver;
    type Session = Session;

    fn id(&self) -> SolverId {
        SolverId::Z3
    }

    fn version(&self) -> String {
        self.version.clone()
    }

    fn context_fits(&self, limits: &Limits) -> bool {
        *limits == self.ctx_limits
    }

    fn new_context(&mut self, limits: Option<&Limits>) -> Result<(), SolverError> {
        let _shared = shared_state();
        let limits = limits.unwrap_or(&self.ctx_limits).clone();
        // SAFETY: the driver deleted every solver of this context and keeps no handle of
        // it; the context is replaced right below and never used again.
        unsafe { Z3_del_context(self.ctx) };
        super::return_freed_memory();
        self.ctx = new_context(&limits)?;
        self.ctx_limits = limits;
        self.parsed_decls.clear();
        self.datatypes.borrow_mut().clear();
        self.validating = None;
        Ok(())
    }

    /// By logic, constructor and options alone: limits belong to the context (a new one
    /// when they change) and tracking is per assertion.
    fn solver_key(&self, _f: &Formula, cfg: &SolverConfig) -> String {
        format!("{} {} {:?}", cfg.logic, cfg.z3_solver, cfg.options)
    }

    fn new_solver(&mut self, _f: &Formula, cfg: &SolverConfig) -> Result<Z3_solver, SolverError> {
        let _shared = shared_state();
        let ctx = self.ctx;
        let s = match cfg.z3_solver {
            Z3Solver::ForLogic => self.solver_for_logic(&cfg.logic)?,
            // SAFETY: module invariants (live context, its handles, live pointers).
            Z3Solver::General => self.ok("Z3_mk_solver", unsafe { Z3_mk_solver(ctx) })?,
            Z3Solver::Simple => {
                // SAFETY: module invariants (live context, its handles, live pointers).
                let s = unsafe { Z3_mk_simple_solver(ctx) };
                self.ok("Z3_mk_simple_solver", s)?
            }
            Z3Solver::Tactic(k) => {
                let t = self.tactic(facts::z3_tactic(&cfg.logic, k))?;
                // SAFETY: `t` is a tactic of the live context, inc_ref'd by `tactic`; the
                // solver keeps its own reference, ours is released right after.
                unsafe {
                    let s = self.ok("Z3_mk_solver_from_tactic", Z3_mk_solver_from_tactic(ctx, t));
                    Z3_tactic_dec_ref(ctx, t);
                    s?
                }
            }
        };
        // SAFETY: a handle of the live context, just returned by Z3; `delete_solver` releases
        // it.
        unsafe { Z3_solver_inc_ref(ctx, s) };
        if let Err(e) = self.set_solver_params(s, cfg.options) {
            self.delete_solver(s);
            return Err(e);
        }
        if FAULT.load(std::sync::atomic::Ordering::Relaxed) == 6 && planted_option(cfg.options) {
            self.planted.push(s);
        }
        if cfg.self_checks {
            // SAFETY: both arguments are NUL-terminated C string literals.
            unsafe { Z3_global_param_set(c"model_validate".as_ptr(), c"true".as_ptr()) };
            self.validating = Some(s);
        }
        Ok(s)
    }

    fn delete_solver(&mut self, s: Z3_solver) {
        let ctx = self.ctx;
        // SAFETY: the driver gives up its only reference (inc_ref'd in `new_solver`); the
        // handle is not used after. The parameter names are C string literals.
        unsafe {
            Z3_solver_dec_ref(ctx, s);
            if self.validating == Some(s) {
                Z3_global_param_set(c"model_validate".as_ptr(), c"false".as_ptr());
            }
            Z3_set_error(ctx, ErrorCode::Ok);
        }
        self.planted.retain(|p| *p != s);
        if self.validating == Some(s) {
            self.validating = None;
        }
    }

    fn push(&mut self, s: Z3_solver, n: u32) -> Result<(), SolverError> {
        for _ in 0..n {
            // SAFETY: module invariants (live context, its handles, live pointers).
            unsafe { Z3_solver_push(self.ctx, s) };
            self.check_error("Z3_solver_push")?;
        }
        Ok(())
    }

    fn pop(&mut self, s: Z3_solver, n: u32) -> Result<(), SolverError> {
        // SAFETY: module invariants (live context, its handles, live pointers).
        unsafe { Z3_solver_pop(self.ctx, s, n) };
        self.check_error("Z3_solver_pop")
    }

    fn reset_assertions(&mut self, s: Z3_solver) -> Result<(), SolverError> {
        // SAFETY: module invariants (live context, its handles, live pointers).
        unsafe { Z3_solver_reset(self.ctx, s) };
        self.check_error("Z3_solver_reset")
    }

    fn open(&mut self, f: &Formula) -> Session {
        Session {
            consts: vec![None; f.decls.len()],
            funcs: vec![None; f.decls.len()],
            memo: super::Memo::new(f),
            trackers: Vec::new(),
            assumptions: Vec::new(),
            model: None,
            stuck: f.decls.iter().any(|d| d.name == STUCK_MARKER),
            rec_defined: vec![false; f.rec_defs.len()],
        }
    }

    fn close(&mut self, mut st: Session) {
        self.drop_model(&mut st);
    }

    fn declare(&mut self, st: &mut Session, f: &Formula, d: DeclId) -> Result<(), SolverError> {
        let decl = &f.decls[d.0 as usize];
        if decl.args.is_empty() {
            st.consts[d.0 as usize] = Some(self.constant(&decl.name, &decl.sort)?);
        } else if f.rec_def(d).is_some() {
            st.funcs[d.0 as usize] = Some(self.rec_func_decl(decl)?);
        } else {
            st.funcs[d.0 as usize] = Some(self.func_decl(&decl.name, &decl.args, &decl.sort)?);
        }
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
        s: Z3_solver,
        st: &mut Session,
        f: &Formula,
        t: NodeId,
        track: Option<usize>,
    ) -> Result<(), SolverError> {
        let ctx = self.ctx;
        let a = self.terms(st, f, &[t])?[0];
        match track {
            Some(k) => {
                let p = self.constant(&format!("smtsmith_core_{k}"), &Sort::Bool)?;
                // SAFETY: module invariants (live context, its handles, live pointers).
                unsafe { Z3_solver_assert_and_track(ctx, s, a, p) };
                self.check_error("Z3_solver_assert_and_track")?;
                st.trackers.push((k, p));
            }
            None => {
                // SAFETY: module invariants (live context, its handles, live pointers).
                unsafe { Z3_solver_assert(ctx, s, a) };
                self.check_error("Z3_solver_assert")?;
            }
        }
        Ok(())
    }

    fn check(
        &mut self,
        s: Z3_solver,
        st: &mut Session,
        assumptions: &[NodeId],
    ) -> Result<(Verdict, Option<String>), SolverError> {
        let _shared = shared_state();
        let ctx = self.ctx;
        let terms: Vec<Z3_ast> = assumptions
            .iter()
            .map(|l| st.memo.memo[l.0 as usize].expect("assumption built"))
            .collect();
        st.assumptions = assumptions
            .iter()
            .copied()
            .zip(terms.iter().copied())
            .collect();
        let interruptible = watch(ctx, "Z3_solver_check", self.ctx_limits.timeout_ms);
        let start = std::time::Instant::now();
        // The test hook's fault, inside the watched check (a stuck one is then the check's).
        let handler: Z3_error_handler = match FAULT.load(std::sync::atomic::Ordering::Relaxed) {
            1 => Some(exit_on_error),
            2 => Some(overflow_on_error),
            3 => Some(overread_on_error),
            4 => Some(overflow_in_z3_on_error),
            5 if st.stuck => Some(stuck_on_error),
            _ => None,
        };
        if handler.is_some() {
            // SAFETY: `ctx` is this backend's live context; the handler has the signature Z3
            // calls it with.
            unsafe { Z3_set_error_handler(ctx, handler) };
            // An ill-sorted call: Z3 reports it to the handler, which does the fault.
            let _ = self.provoke_error();
        }
        // SAFETY: module invariants (live context, its handles, live pointers).
        let r = unsafe {
            if terms.is_empty() {
                Z3_solver_check(ctx, s)
            } else {
                Z3_solver_check_assumptions(ctx, s, terms.len() as u32, terms.as_ptr())
            }
        };
        drop(interruptible);
        if let Err(e) = self.check_error("Z3_solver_check") {
            if facts::limitation(SolverId::Z3, facts::LimitKind::Check, &e.message).is_some() {
                // SAFETY: `ctx` is this backend's live context (module invariants).
                unsafe { Z3_set_error(ctx, ErrorCode::Ok) };
                return Ok((
                    Verdict::Unknown,
                    Some(format!("unsupported: {}", e.message)),
                ));
            }
            return Err(e);
        }
        Ok(match r {
            // The planted wrong answer of the test hook (never without it).
            Z3_L_TRUE if self.planted.contains(&s) => (Verdict::Unsat, None),
            Z3_L_TRUE => (Verdict::Sat, None),
            Z3_L_FALSE => (Verdict::Unsat, None),
            _ => {
                // SAFETY: module invariants (live context, its handles, live pointers).
                let reason = cstr(unsafe { Z3_solver_get_reason_unknown(ctx, s) });
                // Z3's incremental solver can stop at its time limit and say only "no reason
                // given" (a 160-bit `bvudiv` script did): a check that ran to its limit ended
                // at a limit, whatever the reason says, and is no incompleteness.
                let limit = std::time::Duration::from_millis(self.ctx_limits.timeout_ms.into());
                let reason = if self.ctx_limits.timeout_ms > 0
                    && start.elapsed() >= limit
                    && !super::is_limit_reason(&reason)
                {
                    format!("{reason}; the check ran to its time limit (timeout)")
                } else {
                    reason
                };
                (Verdict::Unknown, Some(reason))
            }
        })
    }

    fn model(
        &mut self,
        s: Z3_solver,
        st: &mut Session,
        view: &Formula,
    ) -> Result<Model, SolverError> {
        let ctx = self.ctx;
        self.drop_model(st);
        // SAFETY: module invariants (live context, its handles, live pointers).
        let m = self.ok("Z3_solver_get_model", unsafe {
            Z3_solver_get_model(ctx, s)
        })?;
        // SAFETY: a handle of the live context, just returned by Z3; `drop_model` releases it.
        unsafe { Z3_model_inc_ref(ctx, m) };
        st.model = Some(m);
        self.abstract_ids.borrow_mut().clear();
        self.read_model(m, view, &st.consts, &st.funcs, &st.memo.memo)
    }

    fn drop_model(&mut self, st: &mut Session) {
        if let Some(m) = st.model.take() {
            // SAFETY: we hold a reference (inc_ref'd when read) and give it up here; the
            // handle is not used after.
            unsafe { Z3_model_dec_ref(self.ctx, m) };
        }
    }

    fn values(
        &mut self,
        _s: Z3_solver,
        st: &mut Session,
        f: &Formula,
        terms: &[NodeId],
    ) -> Result<Vec<Option<Value>>, SolverError> {
        let Some(m) = st.model else {
            return Err(SolverError {
                solver: SolverId::Z3,
                call: "get-value".into(),
                message: "no model (smtsmith runs get-value only after sat)".into(),
            });
        };
        let ts = self.terms(st, f, terms)?;
        ts.iter()
            .zip(terms)
            .map(|(t, id)| self.model_value(m, *t, f.sort_of(*id)))
            .collect()
    }

    fn core(
        &mut self,
        s: Z3_solver,
        st: &mut Session,
        _in_force: &[usize],
    ) -> Result<Vec<usize>, SolverError> {
        self.core_members(s, &st.trackers)
    }

    fn failed_assumptions(
        &mut self,
        s: Z3_solver,
        st: &mut Session,
    ) -> Result<Vec<NodeId>, SolverError> {
        self.core_members(s, &st.assumptions)
    }

    fn provoke_error(&mut self) -> Option<SolverError> {
        provoke(&mut Builder {
            z3: self,
            consts: &[],
            funcs: &[],
        })
    }

    fn simplify(
        &mut self,
        f: &Formula,
        terms: &[NodeId],
    ) -> Result<Vec<Option<Value>>, SolverError> {
        let ts = match translate_roots(
            f,
            &mut Builder {
                z3: self,
                consts: &[],
                funcs: &[],
            },
            terms,
        ) {
            Err(e) if e.call == UNSUPPORTED_CALL => return Ok(vec![None; terms.len()]),
            r => r?,
        };
        let ctx = self.ctx;
        ts.iter()
            .zip(terms)
            .map(|(t, id)| {
                let interruptible = watch(ctx, "Z3_simplify", self.ctx_limits.timeout_ms);
                // SAFETY: module invariants (live context, its handles, live pointers).
                let s = self.ok("Z3_simplify", unsafe { Z3_simplify(ctx, *t) });
                drop(interruptible);
                match s {
                    // Interrupted past its time limit (`super::interrupt`): no value, not an
                    // API error.
                    Err(e)
                        if e.message.contains("canceled") || e.message.contains("interrupted") =>
                    {
                        // SAFETY: `ctx` is this backend's live context (module invariants).
                        unsafe { Z3_set_error(ctx, ErrorCode::Ok) };
                        Ok(None)
                    }
                    s => self.read_value(s?, f.sort_of(*id), None),
                }
            })
            .collect()
    }
}

impl Z3 {
    /// The terms of `roots` in session `st` (its declarations and node memo).
    fn terms(
        &mut self,
        st: &mut Session,
        f: &Formula,
        roots: &[NodeId],
    ) -> Result<Vec<Z3_ast>, SolverError> {
        let mut b = Builder {
            z3: self,
            consts: &st.consts,
            funcs: &st.funcs,
        };
        // The recursive definitions whose functions are declared, once per session.
        for (k, def) in f.rec_defs.iter().enumerate() {
            let Some(decl) = st.funcs[def.decl.0 as usize] else {
                continue;
            };
            if st.rec_defined[k] {
                continue;
            }
            let (mut params, body) = super::translate_rec_def(f, &mut b, def, &mut st.memo)?;
            let z3 = &*b.z3;
            // SAFETY: module invariants (live context, its handles, live pointers); `params`
            // outlives the call.
            unsafe { Z3_add_rec_def(z3.ctx, decl, params.len() as u32, params.as_mut_ptr(), body) };
            z3.check_error("Z3_add_rec_def")?;
            st.rec_defined[k] = true;
        }
        translate_more(f, &mut b, roots, &mut st.memo)
    }

    /// A recursive function's declaration (`Z3_mk_rec_func_decl`), under a name of its own
    /// in this context: a context outlives the case, and Z3 takes one definition per
    /// declaration.
    fn rec_func_decl(&self, decl: &crate::lang::ir::Decl) -> Result<Z3_func_decl, SolverError> {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let ctx = self.ctx;
        let name = CString::new(format!("{}!rec{n}", decl.name)).unwrap();
        // SAFETY: module invariants (live context, its handles, live pointers).
        let sym = self.ok("Z3_mk_string_symbol", unsafe {
            Z3_mk_string_symbol(ctx, name.as_ptr())
        })?;
        let domain = decl
            .args
            .iter()
            .map(|s| self.sort(s))
            .collect::<Result<Vec<_>, _>>()?;
        let range = self.sort(&decl.sort)?;
        // SAFETY: module invariants (live context, its handles, live pointers).
        self.ok("Z3_mk_rec_func_decl", unsafe {
            Z3_mk_rec_func_decl(ctx, sym, domain.len() as u32, domain.as_ptr(), range)
        })
    }

    /// Constants' values, and each declared function's values at the formula's
    /// [`model_points`] (arguments and application evaluated in the model).
    fn read_model(
        &mut self,
        model: Z3_model,
        f: &Formula,
        consts: &[Option<Z3_ast>],
        fdecls: &[Option<Z3_func_decl>],
        memo: &[Option<Z3_ast>],
    ) -> Result<Model, SolverError> {
        let mut values = Vec::with_capacity(f.decls.len());
        for (d, t) in f.decls.iter().zip(consts) {
            values.push(match t {
                Some(t) => self.model_value(model, *t, &d.sort)?,
                None => None,
            });
        }
        let mut funcs = vec![Vec::new(); f.decls.len()];
        let mut func_else = vec![None; f.decls.len()];
        // The interpretations: entries, and the else value where it is a value.
        for (k, fd) in fdecls.iter().enumerate() {
            let Some(fd) = fd else { continue };
            let d = &f.decls[k];
            let (entries, otherwise) = self.func_interp(model, *fd, &d.args, &d.sort)?;
            funcs[k] = entries;
            func_else[k] = otherwise;
        }
        let (divisions, unspecified) =
            read_points(f, memo, &mut funcs, &mut ModelPoints { z3: self, model })?;
        Ok(Model {
            values,
            funcs,
            func_else,
            divisions,
            unspecified,
        })
    }

    /// The interpretation in `model` of `fd : args -> sort` (a declared function, or the
    /// function behind an `as-array`): its entries whose arguments and values are values,
    /// and its else value if that is a value (Z3 may give a term over the arguments).
    fn func_interp(
        &self,
        model: Z3_model,
        fd: Z3_func_decl,
        args: &[Sort],
        sort: &Sort,
    ) -> Result<(FuncTable, Option<Value>), SolverError> {
        let ctx = self.ctx;
        // SAFETY: module invariants (live context, its handles, live pointers).
        unsafe {
            // A function the solver eliminated has no interpretation; asking for it anyway
            // is an "invalid argument" error on older releases (4.8.7), null on newer ones.
            if !Z3_model_has_interp(ctx, model, fd) {
                self.check_error("Z3_model_has_interp")?;
                return Ok((Vec::new(), None));
            }
            let Some(fi) = Z3_model_get_func_interp(ctx, model, fd) else {
                self.check_error("Z3_model_get_func_interp")?;
                return Ok((Vec::new(), None));
            };
            Z3_func_interp_inc_ref(ctx, fi);
            let r = (|| {
                let otherwise = match Z3_func_interp_get_else(ctx, fi) {
                    Some(e) => self.read_value(e, sort, Some(model))?,
                    None => None,
                };
                let mut entries = Vec::new();
                let mut unreadable = false;
                for k in 0..Z3_func_interp_get_num_entries(ctx, fi) {
                    let e = self.ok(
                        "Z3_func_interp_get_entry",
                        Z3_func_interp_get_entry(ctx, fi, k),
                    )?;
                    Z3_func_entry_inc_ref(ctx, e);
                    let entry = (|| {
                        let mut point = Vec::with_capacity(args.len());
                        for (i, s) in args.iter().enumerate() {
                            let a = self.ok(
                                "Z3_func_entry_get_arg",
                                Z3_func_entry_get_arg(ctx, e, i as u32),
                            )?;
                            match self.read_value(a, s, Some(model))? {
                                Some(v) => point.push(v),
                                None => return Ok(None),
                            }
                        }
                        let v =
                            self.ok("Z3_func_entry_get_value", Z3_func_entry_get_value(ctx, e))?;
                        Ok::<_, SolverError>(
                            self.read_value(v, sort, Some(model))?.map(|v| (point, v)),
                        )
                    })();
                    Z3_func_entry_dec_ref(ctx, e);
                    match entry? {
                        Some(pv) => {
                            // The first entry for a point is the interpretation's.
                            if !entries
                                .iter()
                                .any(|(k, _): &(Vec<Value>, Value)| *k == pv.0)
                            {
                                entries.push(pv);
                            }
                        }
                        // An entry we cannot read (e.g. a lambda value) must not fall back
                        // to the else value at its point: no else value at all then.
                        None => unreadable = true,
                    }
                }
                Ok((entries, if unreadable { None } else { otherwise }))
            })();
            Z3_func_interp_dec_ref(ctx, fi);
            r
        }
    }
}

impl Z3 {
    /// `Z3_mk_solver_for_logic`; releases before 4.8.10 do not know e.g. QF_SLIA: their
    /// general solver takes the formula (not an API error of the release).
    fn solver_for_logic(&self, logic: &str) -> Result<Z3_solver, SolverError> {
        let ctx = self.ctx;
        let name = CString::new(logic).unwrap();
        // SAFETY: module invariants (live context, its handles, live pointers).
        unsafe {
            let sym = self.ok(
                "Z3_mk_string_symbol",
                Z3_mk_string_symbol(ctx, name.as_ptr()),
            )?;
            match self.ok("Z3_mk_solver_for_logic", Z3_mk_solver_for_logic(ctx, sym)) {
                Ok(s) => Ok(s),
                Err(e)
                    if facts::limitation(
                        SolverId::Z3,
                        facts::LimitKind::UnknownLogic,
                        &e.message,
                    )
                    .is_some() =>
                {
                    Z3_set_error(ctx, ErrorCode::Ok);
                    self.ok("Z3_mk_solver", Z3_mk_solver(ctx))
                }
                Err(e) => Err(e),
            }
        }
    }

    /// The tactic written `text` in SMT-LIB syntax: a tactic name, or `(then t ...)` /
    /// `(or-else t ...)` of such (what [`facts::z3_tactic`] gives). Inc_ref'd: the
    /// caller releases it.
    fn tactic(&self, text: &str) -> Result<Z3_tactic, SolverError> {
        let bad = || SolverError {
            solver: SolverId::Z3,
            call: "Z3_mk_tactic".into(),
            message: format!("not a tactic smtsmith writes: {text}"),
        };
        let text = text.trim();
        let ctx = self.ctx;
        if !text.starts_with('(') {
            let name = CString::new(text).map_err(|_| bad())?;
            // SAFETY: module invariants (live context, its handles, live pointers).
            return unsafe {
                let t = self.ok("Z3_mk_tactic", Z3_mk_tactic(ctx, name.as_ptr()))?;
                Z3_tactic_inc_ref(ctx, t);
                Ok(t)
            };
        }
        let parts = super::text::items(text).ok_or_else(bad)?;
        let (combinator, args) = parts.split_first().ok_or_else(bad)?;
        let mut acc: Option<Z3_tactic> = None;
        for a in args {
            let t = self.tactic(a)?;
            acc = Some(match acc {
                None => t,
                // SAFETY: both are tactics of the live context holding a reference each; the
                // combination holds its own, ours are released.
                Some(prev) => unsafe {
                    let both = match *combinator {
                        "then" => Z3_tactic_and_then(ctx, prev, t),
                        "or-else" => Z3_tactic_or_else(ctx, prev, t),
                        _ => None,
                    };
                    Z3_tactic_dec_ref(ctx, prev);
                    Z3_tactic_dec_ref(ctx, t);
                    let both = match both {
                        Some(b) => self.ok("Z3_tactic_and_then", Some(b))?,
                        None => return Err(bad()),
                    };
                    Z3_tactic_inc_ref(ctx, both);
                    both
                },
            });
        }
        acc.ok_or_else(bad)
    }

    /// Sets the curated parameters (SMT-LIB names) on `solver`, each with the kind its
    /// description gives; one the release does not describe fails with [`OPTION_CALL`].
    fn set_solver_params(
        &self,
        solver: Z3_solver,
        opts: &[(String, String)],
    ) -> Result<(), SolverError> {
        if opts.is_empty() {
            return Ok(());
        }
        let ctx = self.ctx;
        // SAFETY: module invariants (live context, its handles, live pointers).
        unsafe {
            let descrs = self.ok(
                "Z3_solver_get_param_descrs",
                Z3_solver_get_param_descrs(ctx, solver),
            )?;
            Z3_param_descrs_inc_ref(ctx, descrs);
            let params = self.ok("Z3_mk_params", Z3_mk_params(ctx))?;
            Z3_params_inc_ref(ctx, params);
            let r = (|| {
                self.set_described(
                    descrs,
                    params,
                    opts,
                    crate::dialect::options::z3_api_name,
                    "",
                )?;
                Z3_solver_set_params(ctx, solver, params);
                self.check_error("Z3_solver_set_params")
                    .map_err(|e| SolverError {
                        call: OPTION_CALL.into(),
                        ..e
                    })
            })();
            Z3_params_dec_ref(ctx, params);
            Z3_param_descrs_dec_ref(ctx, descrs);
            if r.is_err() {
                Z3_set_error(ctx, ErrorCode::Ok);
            }
            r
        }
    }

    /// The names in `named` whose term is in `solver`'s unsat core (tracking constants or
    /// assumption literals).
    fn core_members<T: Copy>(
        &self,
        solver: Z3_solver,
        named: &[(T, Z3_ast)],
    ) -> Result<Vec<T>, SolverError> {
        let ctx = self.ctx;
        Ok(self
            .unsat_core(solver)?
            .into_iter()
            .filter_map(|p| {
                named
                    .iter()
                    // SAFETY: module invariants (live context, its handles, live pointers).
                    .find(|(_, q)| unsafe { Z3_is_eq_ast(ctx, *q, p) })
                    .map(|(n, _)| *n)
            })
            .collect())
    }

    /// The terms of `solver`'s unsat core (tracking constants and failed assumptions).
    fn unsat_core(&self, solver: Z3_solver) -> Result<Vec<Z3_ast>, SolverError> {
        let ctx = self.ctx;
        // SAFETY: module invariants (live context, its handles, live pointers).
        let v = self.ok("Z3_solver_get_unsat_core", unsafe {
            Z3_solver_get_unsat_core(ctx, solver)
        })?;
        // SAFETY: a handle of the live context, just returned by Z3; the matching dec_ref releases
        // it.
        unsafe { Z3_ast_vector_inc_ref(ctx, v) };
        // SAFETY: module invariants (live context, its handles, live pointers).
        let n = unsafe { Z3_ast_vector_size(ctx, v) };
        let terms = (0..n)
            // SAFETY: module invariants (live context, its handles, live pointers).
            .filter_map(|i| unsafe { Z3_ast_vector_get(ctx, v, i) })
            .collect();
        // SAFETY: we hold a reference (inc_ref'd when made or read) and give it up here; the handle
        // is not used after.
        unsafe { Z3_ast_vector_dec_ref(ctx, v) };
        Ok(terms)
    }
}

/// [`read_points`]'s view of a Z3 model.
struct ModelPoints<'a> {
    z3: &'a mut Z3,
    model: Z3_model,
}

impl super::ModelReader for ModelPoints<'_> {
    type Term = Z3_ast;

    fn value(&mut self, t: Z3_ast, sort: &Sort) -> Result<Option<Value>, SolverError> {
        self.z3.model_value(self.model, t, sort)
    }

    fn apply(&mut self, op: Op, args: &[Z3_ast], sort: &Sort) -> Result<Z3_ast, SolverError> {
        self.z3.apply(op, [0, 0], args, sort)
    }
}

struct Builder<'a> {
    z3: &'a mut Z3,
    consts: &'a [Option<Z3_ast>],
    funcs: &'a [Option<Z3_func_decl>],
}

impl TermBuilder for Builder<'_> {
    type Term = Z3_ast;

    fn literal(&mut self, v: &Value) -> Result<Z3_ast, SolverError> {
        match v {
            Value::Re(r) => super::regex_term(self, r),
            Value::Array(a) => super::array_term(self, a),
            Value::Dt(d) => super::datatype_term(self, d),
            Value::Seq(e, items) => super::seq_term(self, e, items),
            v => self.z3.literal(v),
        }
    }

    fn constant(&mut self, d: DeclId) -> Result<Z3_ast, SolverError> {
        Ok(self.consts[d.0 as usize].expect("a constant of the formula"))
    }

    fn call(&mut self, d: DeclId, args: &[Z3_ast]) -> Result<Z3_ast, SolverError> {
        let f = self.funcs[d.0 as usize].expect("a function of the formula");
        let z3 = &*self.z3;
        // SAFETY: module invariants (live context, its handles, live pointers).
        z3.ok("Z3_mk_app", unsafe {
            Z3_mk_app(z3.ctx, f, args.len() as u32, args.as_ptr())
        })
    }

    fn apply(
        &mut self,
        op: Op,
        idx: Idx,
        args: &[Z3_ast],
        sort: &Sort,
    ) -> Result<Z3_ast, SolverError> {
        self.z3.apply(op, idx, args, sort)
    }

    fn bound_var(&mut self, name: &str, sort: &Sort) -> Result<Z3_ast, SolverError> {
        // Z3 binds constants: Z3_mk_forall_const abstracts them into de Bruijn indices.
        self.z3.constant(name, sort)
    }

    fn quantifier(
        &mut self,
        forall: bool,
        vars: &[Z3_ast],
        body: Z3_ast,
    ) -> Result<Z3_ast, SolverError> {
        let z3 = &*self.z3;
        let ctx = z3.ctx;
        let apps = vars
            .iter()
            // SAFETY: module invariants (live context, its handles, live pointers).
            .map(|v| z3.ok("Z3_to_app", unsafe { Z3_to_app(ctx, *v) }))
            .collect::<Result<Vec<_>, _>>()?;
        let n = apps.len() as u32;
        // SAFETY: module invariants (live context, its handles, live pointers).
        unsafe {
            if forall {
                z3.ok(
                    "Z3_mk_forall_const",
                    Z3_mk_forall_const(ctx, 0, n, apps.as_ptr(), 0, std::ptr::null(), body),
                )
            } else {
                z3.ok(
                    "Z3_mk_exists_const",
                    Z3_mk_exists_const(ctx, 0, n, apps.as_ptr(), 0, std::ptr::null(), body),
                )
            }
        }
    }
}

/// The `z3` command-line binary of the linked release (from the same wheel), if known.
pub fn binary() -> Option<std::path::PathBuf> {
    let p = env!("SMTSMITH_BUILT_Z3_BIN");
    (!p.is_empty())
        .then(|| std::path::PathBuf::from(p))
        .filter(|p| p.exists())
}

/// Runs an SMT-LIB script with the `z3` binary and returns its standard output;
/// `timeout_ms` bounds each check (`-t:`; 0: no bound).
pub fn run_binary(script: &str, timeout_ms: u32) -> std::io::Result<String> {
    use std::io::Write;
    let bin = binary().ok_or_else(|| {
        std::io::Error::new(
            std::io::ErrorKind::NotFound,
            "no z3 binary for the linked library (set SMTSMITH_Z3_BIN)",
        )
    })?;
    let mut child = std::process::Command::new(bin)
        .arg("-in")
        .args(
            (timeout_ms > 0)
                .then(|| (crate::dialect::profile::of(SolverId::Z3).binary_time_limit)(timeout_ms)),
        )
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()?;
    child.stdin.take().unwrap().write_all(script.as_bytes())?;
    let out = child.wait_with_output()?;
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Every parameter name the linked Z3's solver describes (`Z3_solver_get_param_descrs`: the
/// names `Z3_solver_set_params` takes; the `smt` and `rewriter` modules' without their
/// prefix).
pub fn solver_parameter_names() -> Vec<String> {
    // SAFETY: module invariants (live context, its handles, live pointers); the symbol
    // strings are copied before the next call.
    unsafe {
        let Ok(ctx) = new_context(&Limits::default()) else {
            return Vec::new();
        };
        let r = (|| {
            let s = Z3_mk_solver(ctx)?;
            Z3_solver_inc_ref(ctx, s);
            let d = Z3_solver_get_param_descrs(ctx, s)?;
            Z3_param_descrs_inc_ref(ctx, d);
            let names = (0..Z3_param_descrs_size(ctx, d))
                .filter_map(|i| {
                    let sym = Z3_param_descrs_get_name(ctx, d, i)?;
                    let p = Z3_get_symbol_string(ctx, sym);
                    (!p.is_null()).then(|| CStr::from_ptr(p).to_string_lossy().into_owned())
                })
                .collect();
            Z3_param_descrs_dec_ref(ctx, d);
            Z3_solver_dec_ref(ctx, s);
            Some(names)
        })();
        Z3_del_context(ctx);
        r.unwrap_or_default()
    }
}

/// Whether the linked Z3's solver describes parameter `name` (its API name, see
/// [`crate::dialect::options::z3_api_name`]) with a kind that can be set (for tests of the curated
/// option table).
pub fn describes(name: &str) -> bool {
    // SAFETY: module invariants (live context, its handles, live pointers).
    unsafe {
        let Ok(ctx) = new_context(&Limits::default()) else {
            return false;
        };
        let r = (|| {
            let s = Z3_mk_solver(ctx)?;
            Z3_solver_inc_ref(ctx, s);
            let d = Z3_solver_get_param_descrs(ctx, s)?;
            Z3_param_descrs_inc_ref(ctx, d);
            let n = CString::new(name).unwrap();
            let sym = Z3_mk_string_symbol(ctx, n.as_ptr())?;
            let k = Z3_param_descrs_get_kind(ctx, d, sym);
            Z3_param_descrs_dec_ref(ctx, d);
            Z3_solver_dec_ref(ctx, s);
            Some(!matches!(k, ParamKind::Other | ParamKind::Invalid))
        })();
        Z3_del_context(ctx);
        r.unwrap_or(false)
    }
}

/// Z3's SMT-LIB front end in-process (`Z3_eval_smtlib2_string`): each instance is a context
/// of its own, whose command context keeps the script's declarations and assertions.
pub(crate) struct FrontEnd {
    version: String,
    /// The time limit the instances' checks were last given (`limit_options`), for the
    /// interrupt of an overrunning command.
    timeout_ms: std::cell::Cell<u32>,
}

impl FrontEnd {
    pub fn new() -> Self {
        // SAFETY: takes no handles; returns a static string.
        let version = cstr(unsafe { Z3_get_full_version() });
        FrontEnd {
            version,
            timeout_ms: std::cell::Cell::new(0),
        }
    }
}

impl super::text::FrontEnd for FrontEnd {
    type Instance = Z3_context;

    fn id(&self) -> SolverId {
        SolverId::Z3Text
    }

    fn version(&self) -> String {
        self.version.clone()
    }

    fn start(&mut self) -> Result<Z3_context, SolverError> {
        let _shared = shared_state();
        // Limits are set by the script's own `set-option`s.
        new_context_with(None)
    }

    fn stop(&mut self, ctx: Z3_context) {
        let _shared = shared_state();
        // SAFETY: the instance is given up: nothing of it is used after. The script's
        // `set-option`s of module parameters set Z3's global parameters: they go back to
        // their defaults (smtsmith sets none, apart from `model_validate` on a script's
        // solver, and no script runs while a text instance does).
        unsafe {
            Z3_del_context(ctx);
            Z3_global_param_reset_all();
        }
    }

    fn eval(&mut self, ctx: &mut Z3_context, commands: &str) -> Result<String, SolverError> {
        let _shared = shared_state();
        let text = CString::new(commands).map_err(|_| SolverError {
            solver: SolverId::Z3Text,
            call: "Z3_eval_smtlib2_string".into(),
            message: "commands contain a NUL byte".into(),
        })?;
        let interruptible = watch(*ctx, "Z3_eval_smtlib2_string", self.timeout_ms.get());
        // SAFETY: `ctx` is a live context of this front end; the text is a live C string;
        // the returned string is copied before the next call.
        let out = cstr(unsafe { Z3_eval_smtlib2_string(*ctx, text.as_ptr()) });
        drop(interruptible);
        // SAFETY: as above.
        let code = unsafe { Z3_get_error_code(*ctx) };
        if code != ErrorCode::Ok {
            // SAFETY: as above.
            unsafe { Z3_set_error(*ctx, ErrorCode::Ok) };
            if !out.contains("(error") {
                return Err(SolverError {
                    solver: SolverId::Z3Text,
                    call: "Z3_eval_smtlib2_string".into(),
                    message: out,
                });
            }
        }
        Ok(out)
    }

    fn new_context(&mut self) -> Result<(), SolverError> {
        Ok(())
    }

    fn limit_options(&self, limits: &Limits) -> Vec<(String, String)> {
        self.timeout_ms.set(limits.timeout_ms);
        vec![
            (
                crate::dialect::profile::z3::RLIMIT.option.into(),
                limits.rlimit_of(SolverId::Z3).to_string(),
            ),
            ("timeout".into(), limits.timeout_ms.to_string()),
        ]
    }
}

impl Z3 {
    /// Replaces the context by a new one under the same limits (every term, model and
    /// cache of the old one gone). For a backend used outside a driver (the optimizer's).
    pub fn renew_context(&mut self) -> Result<(), SolverError> {
        Backend::new_context(self, None)
    }

    /// Runs Z3's optimizer on `case`, given through `path`, stopped after `timeout_ms`
    /// (0: no limit).
    pub fn optimize(
        &mut self,
        case: &optimize::OptCase,
        path: optimize::OptPath,
        timeout_ms: u32,
    ) -> Result<optimize::OptOutcome, SolverError> {
        let ctx = self.ctx;
        let f = &case.formula;
        let mut st = self.open(f);
        let r = (|| {
            for k in 0..f.decls.len() {
                self.declare(&mut st, f, DeclId(k as u32))?;
            }
            // Built on both paths: the model's reading evaluates the formula's terms.
            let hard = self.terms(&mut st, f, &f.asserts)?;
            // SAFETY: module invariants (live context, its handles, live pointers).
            let opt = self.ok("Z3_mk_optimize", unsafe { Z3_mk_optimize(ctx) })?;
            // SAFETY: a handle just made in the live context; dec_ref'd below, once.
            unsafe { Z3_optimize_inc_ref(ctx, opt) };
            let r = self.optimize_with(opt, &mut st, case, path, &hard, timeout_ms);
            // SAFETY: the reference taken above, given up once; `opt` is not used after.
            unsafe { Z3_optimize_dec_ref(ctx, opt) };
            r
        })();
        self.close(st);
        if r.is_err() {
            // SAFETY: `ctx` is this backend's live context (module invariants).
            unsafe { Z3_set_error(ctx, ErrorCode::Ok) };
        }
        r
    }

    fn optimize_with(
        &mut self,
        opt: Z3_optimize,
        st: &mut Session,
        case: &optimize::OptCase,
        path: optimize::OptPath,
        hard: &[Z3_ast],
        timeout_ms: u32,
    ) -> Result<optimize::OptOutcome, SolverError> {
        use optimize::{Direction, OptOutcome, OptPath};
        let ctx = self.ctx;
        let f = &case.formula;
        let symbol = |s: &str| {
            let c = CString::new(s).unwrap();
            // SAFETY: module invariants (live context, live pointers).
            self.ok("Z3_mk_string_symbol", unsafe {
                Z3_mk_string_symbol(ctx, c.as_ptr())
            })
        };
        // SAFETY: module invariants (live context, its handles, live pointers); the
        // parameters are dec_ref'd once, after the call that reads them.
        unsafe {
            let params = self.ok("Z3_mk_params", Z3_mk_params(ctx))?;
            Z3_params_inc_ref(ctx, params);
            Z3_params_set_uint(ctx, params, symbol("timeout")?, timeout_ms);
            let priority = symbol(case.priority.name())?;
            Z3_params_set_symbol(ctx, params, symbol("priority")?, priority);
            let set = self.set_optimizer_options(opt, params, &case.options);
            if set.is_ok() {
                Z3_optimize_set_params(ctx, opt, params);
            }
            Z3_params_dec_ref(ctx, params);
            set?;
        }
        self.check_error("Z3_optimize_set_params")
            .map_err(|e| SolverError {
                call: OPTION_CALL.into(),
                ..e
            })?;
        // Each objective's index, then the soft group's.
        let mut indices = Vec::new();
        match path {
            OptPath::Api => {
                for a in hard {
                    // SAFETY: module invariants (live context, its handles).
                    unsafe { Z3_optimize_assert(ctx, opt, *a) };
                }
                for o in &case.objectives {
                    let d = case.decl(&o.name).expect("objective declared");
                    let t = st.consts[d.0 as usize].expect("declared");
                    // SAFETY: module invariants (live context, its handles).
                    indices.push(unsafe {
                        match o.direction {
                            Direction::Minimize => Z3_optimize_minimize(ctx, opt, t),
                            Direction::Maximize => Z3_optimize_maximize(ctx, opt, t),
                        }
                    });
                }
                let goal = symbol("goal")?;
                let mut soft_index = None;
                for s in &case.softs {
                    let d = case.decl(&s.name).expect("soft constraint declared");
                    let t = st.consts[d.0 as usize].expect("declared");
                    let w = CString::new(s.weight.to_string()).unwrap();
                    // SAFETY: module invariants (live context, its handles, live pointers).
                    soft_index = Some(unsafe {
                        Z3_optimize_assert_soft(ctx, opt, t, w.as_ptr(), Some(goal))
                    });
                }
                indices.extend(soft_index);
                self.check_error("Z3_optimize_assert")?;
            }
            OptPath::Text => {
                let text = CString::new(case.commands()).unwrap();
                // SAFETY: module invariants (live context, its handles, live pointers).
                unsafe { Z3_optimize_from_string(ctx, opt, text.as_ptr()) };
                self.check_error("Z3_optimize_from_string")?;
                // Numbered as the text gives them: the objectives, then the soft group.
                let n = case.objectives.len() as u32 + u32::from(!case.softs.is_empty());
                indices.extend(0..n);
            }
        }
        let interruptible = watch(ctx, "Z3_optimize_check", timeout_ms);
        // SAFETY: module invariants (live context, its handles; no assumptions).
        let r = unsafe { Z3_optimize_check(ctx, opt, 0, std::ptr::null()) };
        drop(interruptible);
        if let Err(e) = self.check_error("Z3_optimize_check") {
            if facts::limitation(SolverId::Z3, facts::LimitKind::Check, &e.message).is_some() {
                // SAFETY: `ctx` is this backend's live context (module invariants).
                unsafe { Z3_set_error(ctx, ErrorCode::Ok) };
                return Ok(OptOutcome {
                    verdict: Verdict::Unknown,
                    reason: Some(format!("unsupported: {}", e.message)),
                    model: None,
                    bounds: Vec::new(),
                });
            }
            return Err(e);
        }
        let verdict = match r {
            Z3_L_TRUE => Verdict::Sat,
            Z3_L_FALSE => Verdict::Unsat,
            _ => {
                // SAFETY: module invariants (live context, its handles).
                let reason = cstr(unsafe { Z3_optimize_get_reason_unknown(ctx, opt) });
                return Ok(OptOutcome {
                    verdict: Verdict::Unknown,
                    reason: Some(reason),
                    model: None,
                    bounds: Vec::new(),
                });
            }
        };
        if verdict == Verdict::Unsat {
            return Ok(OptOutcome {
                verdict,
                reason: None,
                model: None,
                bounds: Vec::new(),
            });
        }
        // SAFETY: module invariants (live context, its handles).
        let m = self.ok("Z3_optimize_get_model", unsafe {
            Z3_optimize_get_model(ctx, opt)
        })?;
        // SAFETY: a handle of the live context, just returned; dec_ref'd below, once.
        unsafe { Z3_model_inc_ref(ctx, m) };
        self.abstract_ids.borrow_mut().clear();
        let model = self.read_model(m, f, &st.consts, &st.funcs, &st.memo.memo);
        // SAFETY: the reference taken above, given up once.
        unsafe { Z3_model_dec_ref(ctx, m) };
        let model = model?;
        let directions = case
            .objectives
            .iter()
            .map(|o| o.direction)
            .chain((!case.softs.is_empty()).then_some(Direction::Minimize));
        let mut bounds = Vec::new();
        for (idx, direction) in indices.iter().zip(directions) {
            bounds.push(self.objective_bound(opt, *idx, direction)?);
        }
        Ok(OptOutcome {
            verdict,
            reason: None,
            model: Some(model),
            bounds,
        })
    }

    /// Sets the optimizer's parameters `options` (SMT-LIB names, `opt.` module) in
    /// `params`, each by the kind the optimizer describes it with.
    fn set_optimizer_options(
        &self,
        opt: Z3_optimize,
        params: Z3_params,
        options: &[(String, String)],
    ) -> Result<(), SolverError> {
        if options.is_empty() {
            return Ok(());
        }
        let ctx = self.ctx;
        // SAFETY: module invariants (live context, its handles, live pointers); the
        // descriptions are dec_ref'd once, after the last read.
        unsafe {
            let descrs = self.ok(
                "Z3_optimize_get_param_descrs",
                Z3_optimize_get_param_descrs(ctx, opt),
            )?;
            Z3_param_descrs_inc_ref(ctx, descrs);
            let r = self.set_described(
                descrs,
                params,
                options,
                |n| n.strip_prefix("opt.").unwrap_or(n),
                "'s optimizer",
            );
            Z3_param_descrs_dec_ref(ctx, descrs);
            r
        }
    }

    /// Sets each of `options` in `params` by the kind `descrs` describes it with, under its
    /// API name (`api_name`); an option `descrs` does not describe is refused (an option
    /// error, "not described by this release`whose`").
    fn set_described(
        &self,
        descrs: Z3_param_descrs,
        params: Z3_params,
        options: &[(String, String)],
        api_name: fn(&str) -> &str,
        whose: &str,
    ) -> Result<(), SolverError> {
        let ctx = self.ctx;
        let refuse = |name: &str, why: &str| SolverError {
            solver: SolverId::Z3,
            call: OPTION_CALL.into(),
            message: format!("{name}: {why}"),
        };
        for (name, v) in options {
            let cname = CString::new(api_name(name)).unwrap();
            // SAFETY: module invariants (live context, its handles, live pointers).
            unsafe {
                let sym = self.ok(
                    "Z3_mk_string_symbol",
                    Z3_mk_string_symbol(ctx, cname.as_ptr()),
                )?;
                match Z3_param_descrs_get_kind(ctx, descrs, sym) {
                    ParamKind::Bool => Z3_params_set_bool(ctx, params, sym, v == "true"),
                    ParamKind::Uint => {
                        let n = v.parse().map_err(|_| refuse(name, "not a number"))?;
                        Z3_params_set_uint(ctx, params, sym, n)
                    }
                    ParamKind::Double => {
                        let x = v.parse().map_err(|_| refuse(name, "not a number"))?;
                        Z3_params_set_double(ctx, params, sym, x)
                    }
                    ParamKind::Symbol | ParamKind::String => {
                        let cv = CString::new(v.as_str()).unwrap();
                        let vs =
                            self.ok("Z3_mk_string_symbol", Z3_mk_string_symbol(ctx, cv.as_ptr()))?;
                        Z3_params_set_symbol(ctx, params, sym, vs)
                    }
                    _ => {
                        return Err(refuse(
                            name,
                            &format!("not described by this release{whose}"),
                        ))
                    }
                }
            }
        }
        Ok(())
    }

    /// The optimum Z3 reports for objective `idx`: the lower bound of a minimized one, the
    /// upper bound of a maximized one, as `infinity·∞ + value + epsilon·ε`; `None` where a
    /// part is not a rational numeral (an algebraic number).
    fn objective_bound(
        &self,
        opt: Z3_optimize,
        idx: u32,
        direction: optimize::Direction,
    ) -> Result<Option<optimize::Bound>, SolverError> {
        let ctx = self.ctx;
        // SAFETY: module invariants (live context, its handles); the vector is
        // inc_ref'd when read and dec_ref'd once, after its elements are read.
        unsafe {
            let v = match direction {
                optimize::Direction::Minimize => Z3_optimize_get_lower_as_vector(ctx, opt, idx),
                optimize::Direction::Maximize => Z3_optimize_get_upper_as_vector(ctx, opt, idx),
            };
            let v = self.ok("Z3_optimize_get_bound_as_vector", v)?;
            Z3_ast_vector_inc_ref(ctx, v);
            let mut parts = Vec::new();
            for k in 0..Z3_ast_vector_size(ctx, v).min(3) {
                let a = Z3_ast_vector_get(ctx, v, k);
                parts.push(a.and_then(|a| {
                    Z3_is_numeral_ast(ctx, a)
                        .then(|| parse_rational(&cstr(Z3_get_numeral_string(ctx, a))))
                        .flatten()
                }));
            }
            Z3_ast_vector_dec_ref(ctx, v);
            self.check_error("Z3_optimize_get_bound_as_vector")?;
            let mut bound = match parts.as_slice() {
                [Some(i), Some(v), Some(e)] => optimize::Bound {
                    infinity: i.clone(),
                    value: v.clone(),
                    epsilon: e.clone(),
                },
                _ => return Ok(None),
            };
            let planted = FAULT.load(std::sync::atomic::Ordering::Relaxed) == 7;
            if planted && direction == optimize::Direction::Maximize && bound.attained().is_some() {
                bound.value -= num_rational::BigRational::from_integer(1.into());
            }
            Ok(Some(bound))
        }
    }
}

#[cfg(test)]
mod interrupt_tests {
    use super::*;

    /// `holes + 1` pigeons, each in some hole, no two in one hole: unsat.
    fn pigeonhole(holes: usize) -> String {
        let var = |p: usize, h: usize| format!("p{p}_{h}");
        let mut out = String::new();
        for p in 0..=holes {
            for h in 0..holes {
                out += &format!("(declare-const {} Bool)\n", var(p, h));
            }
            let some_hole: Vec<String> = (0..holes).map(|h| var(p, h)).collect();
            out += &format!("(assert (or {}))\n", some_hole.join(" "));
        }
        for h in 0..holes {
            for a in 0..=holes {
                for b in a + 1..=holes {
                    out += &format!("(assert (not (and {} {})))\n", var(a, h), var(b, h));
                }
            }
        }
        out
    }

    /// A check Z3 does not bound itself (a context without its `timeout`: the pigeonhole
    /// principle for 13 pigeons and 12 holes, unsat, on which the binaries of Z3 4.8.5.0 and
    /// 5.4.1.0 still run after 20 s) registered with the default 2 s limit is interrupted and returns
    /// `unknown` (interrupted: a limit) within twice the limit; the same context then answers
    /// the next check. A propositional search notices an interrupt within milliseconds in
    /// every release; factoring a bit-vector product can take Z3 0.3 s to notice it, which
    /// a loaded machine stretches past the bound.
    #[test]
    fn an_overrunning_check_is_interrupted_within_twice_its_limit() {
        let limit_ms = Limits::default().timeout_ms;
        let ctx = new_context_with(None).unwrap();
        let script = |text: &str| CString::new(text).unwrap();
        let hard = script(&pigeonhole(12));
        let before = super::super::interrupt::count();
        // SAFETY: a live context made above, its solver, live C strings; the solver is
        // released and the context deleted at the end, after their last use.
        unsafe {
            let s = Z3_mk_solver(ctx).unwrap();
            Z3_solver_inc_ref(ctx, s);
            Z3_solver_from_string(ctx, s, hard.as_ptr());
            let start = std::time::Instant::now();
            let call = super::watch(ctx, "Z3_solver_check", limit_ms);
            let r = Z3_solver_check(ctx, s);
            drop(call);
            let took = start.elapsed();
            let reason = cstr(Z3_solver_get_reason_unknown(ctx, s));
            assert_eq!(r, Z3_L_UNDEF, "{reason}");
            assert!(crate::verdict::oracle::is_limit(&reason), "{reason}");
            assert!(
                took < std::time::Duration::from_millis(2 * u64::from(limit_ms)),
                "interrupted after {took:?}"
            );
            assert_eq!(super::super::interrupt::count(), before + 1);
            // The context goes on: a new solver decides an easy check.
            let t = Z3_mk_solver(ctx).unwrap();
            Z3_solver_inc_ref(ctx, t);
            let easy = script("(declare-const z Int) (assert (> z 2))");
            Z3_solver_from_string(ctx, t, easy.as_ptr());
            assert_eq!(Z3_solver_check(ctx, t), Z3_L_TRUE);
            Z3_solver_dec_ref(ctx, t);
            Z3_solver_dec_ref(ctx, s);
            Z3_del_context(ctx);
        }
    }
}
