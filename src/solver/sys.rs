//! The process-level libc calls smtsmith makes: with the two solver backends, the only
//! places allowed `unsafe` (the crate denies it everywhere else).
#![allow(unsafe_code)]

/// Hands memory the allocator keeps after a context or term manager is deleted back to the
/// system (glibc keeps freed chunks in its arenas; over a long run the resident size then
/// only ever grows with the largest formulas seen).
pub fn return_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases free heap pages; it takes no pointers and is
    // thread-safe in glibc.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// The size of a memory page in bytes.
pub fn page_size() -> u64 {
    // SAFETY: sysconf reads a configuration value; no memory is passed.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    page.max(1) as u64
}

/// Runs `f` when the process exits through `exit` (also a solver's own call to it).
pub fn at_exit(f: extern "C" fn()) {
    // SAFETY: `f` is a plain function with the signature atexit expects, valid for the
    // whole life of the process.
    unsafe { libc::atexit(f) };
}

/// Ends the process at once with `code`: no atexit handlers, no destructors, no buffered
/// output flushed (for a process whose solver thread is stuck and may hold the allocator's
/// locks, where an orderly exit could deadlock).
pub fn exit_now(code: i32) -> ! {
    // SAFETY: _exit takes no pointers and does not return.
    unsafe { libc::_exit(code) }
}

/// The fatal signals a solver can die of inside a call. Under AddressSanitizer its own
/// handlers take segmentation faults, bus errors and arithmetic faults (its stack overflows
/// too): they report the fault with its stack, which [`on_sanitizer_report`] hands on; a
/// hook of ours before them would re-raise the signal from another place and lose the stack.
#[cfg(not(smtsmith_asan))]
const FATAL_SIGNALS: &[libc::c_int] = &[
    libc::SIGSEGV,
    libc::SIGBUS,
    libc::SIGILL,
    libc::SIGFPE,
    libc::SIGABRT,
];
#[cfg(smtsmith_asan)]
const FATAL_SIGNALS: &[libc::c_int] = &[libc::SIGILL, libc::SIGABRT];

static SANITIZER_HOOK: std::sync::OnceLock<fn(&str)> = std::sync::OnceLock::new();

/// Runs `hook` (once per process: the first call's) with the text of AddressSanitizer's
/// report of an error, after the sanitizer printed it and before it ends the process (in a
/// build with `-Zsanitizer=address`: `cargo fuzz build -s address`, the cfg
/// `smtsmith_asan`; elsewhere nothing reports and the hook is never run).
pub fn on_sanitizer_report(hook: fn(&str)) {
    if SANITIZER_HOOK.set(hook).is_ok() {
        register_sanitizer_callback();
    }
}

/// Hands AddressSanitizer the callback that runs [`SANITIZER_HOOK`] (nothing to do in a
/// build without the sanitizer).
#[cfg(not(smtsmith_asan))]
fn register_sanitizer_callback() {}

#[cfg(smtsmith_asan)]
fn register_sanitizer_callback() {
    extern "C" {
        fn __asan_set_error_report_callback(callback: Option<extern "C" fn(*const libc::c_char)>);
    }
    extern "C" fn on_report(text: *const libc::c_char) {
        // The summary line that came before this report is ASan's own, not UBSan's.
        take_sanitizer_summary();
        if text.is_null() {
            return;
        }
        // SAFETY: the sanitizer passes its report as a NUL-terminated string that lives
        // until the callback returns; it is copied at once.
        let text = unsafe { std::ffi::CStr::from_ptr(text) }.to_string_lossy();
        if let Some(hook) = SANITIZER_HOOK.get() {
            hook(&text);
        }
    }
    // SAFETY: the AddressSanitizer runtime linked into this build defines the function;
    // `on_report` has the signature it calls and lives for the whole process.
    unsafe { __asan_set_error_report_callback(Some(on_report)) };
}

/// The last summary line a sanitizer printed (`SUMMARY: ...`) and no report callback took.
#[cfg(smtsmith_asan)]
static PENDING_SUMMARY: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// The sanitizer runtime's hook for the one-line summary of a report, defined here in place of
/// its weak default (which only prints the line). UndefinedBehaviorSanitizer's report, unlike
/// AddressSanitizer's, has no callback: this line is all of it that reaches the program. It is
/// kept for [`take_sanitizer_summary`], which the fatal-signal hook asks after UBSan ends the
/// process (`abort_on_error=1`).
#[cfg(smtsmith_asan)]
#[no_mangle]
pub extern "C" fn __sanitizer_report_error_summary(summary: *const libc::c_char) {
    if summary.is_null() {
        return;
    }
    // SAFETY: the runtime passes a NUL-terminated string that lives until this returns; it
    // is copied at once.
    let line = unsafe { std::ffi::CStr::from_ptr(summary) }
        .to_string_lossy()
        .into_owned();
    eprintln!("{line}");
    if let Ok(mut pending) = PENDING_SUMMARY.try_lock() {
        *pending = Some(line);
    }
}

/// The summary line of a sanitizer report that came without AddressSanitizer's report (so
/// UndefinedBehaviorSanitizer's), taken: `None` after it was taken, and in a build without
/// a sanitizer.
pub fn take_sanitizer_summary() -> Option<String> {
    #[cfg(smtsmith_asan)]
    {
        PENDING_SUMMARY.try_lock().ok().and_then(|mut p| p.take())
    }
    #[cfg(not(smtsmith_asan))]
    {
        None
    }
}

/// The actions installed before [`on_fatal_signal`] (libFuzzer's handlers, or the default),
/// restored before a fatal signal goes on to them.
static PREVIOUS: std::sync::Mutex<Vec<(libc::c_int, libc::sigaction)>> =
    std::sync::Mutex::new(Vec::new());
static FATAL_HOOK: std::sync::OnceLock<fn(i32)> = std::sync::OnceLock::new();

extern "C" fn on_signal(sig: libc::c_int) {
    // The hook allocates; if the signal came from inside the allocator (a solver overflowing
    // its stack in malloc) it blocks on the allocator's lock forever. The alarm ends the
    // process then, as the signal would have.
    // SAFETY: alarm and signal are async-signal-safe; SIGALRM's default action ends the
    // process.
    unsafe {
        libc::signal(libc::SIGALRM, libc::SIG_DFL);
        libc::alarm(5);
    }
    if let Some(hook) = FATAL_HOOK.get() {
        hook(sig);
    }
    // SAFETY: as above; the hook is done, the alarm is not needed.
    unsafe {
        libc::alarm(0);
    }
    // SAFETY: the previous action of `sig`, as sigaction returned it, is put back and the
    // signal raised again, so it goes where it would have gone without this hook (libFuzzer
    // writes its crash artifact; the default action ends the process).
    unsafe {
        let previous = PREVIOUS
            .try_lock()
            .ok()
            .and_then(|p| p.iter().find(|(s, _)| *s == sig).map(|(_, a)| *a));
        match previous {
            Some(mut a) => {
                // The raised signal stays pending until this handler returns, and is then
                // delivered on the stack the fault happened on: after a stack overflow that
                // has no room, and the kernel would end the process before libFuzzer's
                // handler (which asks for no alternate stack) saves its artifact.
                a.sa_flags |= libc::SA_ONSTACK;
                libc::sigaction(sig, &a, std::ptr::null_mut());
            }
            None => {
                libc::signal(sig, libc::SIG_DFL);
            }
        }
        libc::raise(sig);
    }
}

/// The size of the alternate signal stack the fatal-signal hook runs on: room to write a
/// finding (printing the formula recurses over it, as the fuzzing thread's own stack would).
const SIGNAL_STACK_BYTES: usize = 8 << 20;

/// Gives the calling thread an alternate signal stack of [`SIGNAL_STACK_BYTES`] (unless it
/// has one at least that large), below a guard page. A handler for a stack overflow cannot
/// run on the stack that overflowed: without it the kernel kills the process at the handler's
/// first push, and the finding is lost. libFuzzer's own `main` sets none up (Rust's runtime,
/// which does, never runs in a fuzz target), and Rust's is a few pages: too small to write a
/// finding.
fn use_alternate_signal_stack() -> std::io::Result<()> {
    // SAFETY: stack_t is plain data; all zeroes is a valid value.
    let mut current: libc::stack_t = unsafe { std::mem::zeroed() };
    // SAFETY: a null new stack only reads the current one into `current`.
    if unsafe { libc::sigaltstack(std::ptr::null(), &mut current) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    if current.ss_flags & libc::SS_DISABLE == 0 && current.ss_size >= SIGNAL_STACK_BYTES {
        return Ok(());
    }
    let guard = page_size() as usize;
    // SAFETY: a fresh private anonymous mapping (no address, no file); pages are only
    // committed when the handler touches them.
    let base = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            guard + SIGNAL_STACK_BYTES,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE | libc::MAP_STACK,
            -1,
            0,
        )
    };
    if base == libc::MAP_FAILED {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: `base` is the start of the mapping just made, at least `guard` bytes long. The
    // stack grows down: its lowest page becomes the guard, so a handler that overflows the
    // alternate stack faults instead of writing over other memory.
    if unsafe { libc::mprotect(base, guard, libc::PROT_NONE) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    let stack = libc::stack_t {
        // SAFETY: `guard` bytes past the start stays inside the mapping.
        ss_sp: unsafe { base.cast::<u8>().add(guard) }.cast(),
        ss_flags: 0,
        ss_size: SIGNAL_STACK_BYTES,
    };
    // SAFETY: `stack` describes memory mapped above for the life of the process (never
    // unmapped: the thread that owns it runs the fuzzing loop until the process ends).
    if unsafe { libc::sigaltstack(&stack, std::ptr::null_mut()) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// Takes the calling thread's alternate signal stack away, if it has one (a test hook's
/// setup: the Z3 backend's stack-overflow fault, which emulates a fuzz target's thread).
pub fn drop_alternate_signal_stack() {
    let off = libc::stack_t {
        ss_sp: std::ptr::null_mut(),
        ss_flags: libc::SS_DISABLE,
        ss_size: 0,
    };
    // SAFETY: SS_DISABLE only turns the thread's alternate stack off (its memory stays
    // mapped); it fails harmlessly if a handler is running on it, which none is here.
    unsafe { libc::sigaltstack(&off, std::ptr::null_mut()) };
}

/// Runs `hook` (once per process: the first call's) when a fatal signal (segmentation fault,
/// bus error, illegal instruction, arithmetic fault, abort) arrives, then lets the signal go
/// on as it would have (to the handler installed before, e.g. libFuzzer's). The hook runs in
/// the signal handler: it must be quick, and it may find the allocator's locks taken. Call
/// it on the thread that calls the solvers: that thread gets the alternate signal stack the
/// hook needs to run after a stack overflow.
pub fn on_fatal_signal(hook: fn(i32)) {
    if FATAL_HOOK.set(hook).is_err() {
        return;
    }
    if let Err(e) = use_alternate_signal_stack() {
        eprintln!(
            "smtsmith: no alternate signal stack ({e}): a stack overflow inside a solver \
             will end the process without its finding"
        );
    }
    let mut previous = PREVIOUS.lock().unwrap_or_else(|e| e.into_inner());
    for &sig in FATAL_SIGNALS {
        // SAFETY: `action` is fully initialised (zeroed, then its handler and an empty
        // mask); `old` receives the previous action; `on_signal` has the one-argument
        // handler signature that a sigaction without SA_SIGINFO calls.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            // On the alternate signal stack: a solver that overflows its stack (deep
            // recursion) still gets its finding.
            action.sa_flags = libc::SA_ONSTACK;
            libc::sigemptyset(&mut action.sa_mask);
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(sig, &action, &mut old) == 0 {
                previous.push((sig, old));
            }
        }
    }
}
