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

/// The fatal signals a solver can die of inside a call.
const FATAL_SIGNALS: [libc::c_int; 5] = [
    libc::SIGSEGV,
    libc::SIGBUS,
    libc::SIGILL,
    libc::SIGFPE,
    libc::SIGABRT,
];

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
            Some(a) => {
                libc::sigaction(sig, &a, std::ptr::null_mut());
            }
            None => {
                libc::signal(sig, libc::SIG_DFL);
            }
        }
        libc::raise(sig);
    }
}

/// Runs `hook` (once per process: the first call's) when a fatal signal (segmentation fault,
/// bus error, illegal instruction, arithmetic fault, abort) arrives, then lets the signal go
/// on as it would have (to the handler installed before, e.g. libFuzzer's). The hook runs in
/// the signal handler: it must be quick, and it may find the allocator's locks taken.
pub fn on_fatal_signal(hook: fn(i32)) {
    if FATAL_HOOK.set(hook).is_err() {
        return;
    }
    let mut previous = PREVIOUS.lock().unwrap_or_else(|e| e.into_inner());
    for sig in FATAL_SIGNALS {
        // SAFETY: `action` is fully initialised (zeroed, then its handler and an empty
        // mask); `old` receives the previous action; `on_signal` has the one-argument
        // handler signature that a sigaction without SA_SIGINFO calls.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            // On the alternate signal stack (the Rust runtime sets one up per thread): a
            // solver that overflows its stack (deep recursion) still gets its finding.
            action.sa_flags = libc::SA_ONSTACK;
            libc::sigemptyset(&mut action.sa_mask);
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(sig, &action, &mut old) == 0 {
                previous.push((sig, old));
            }
        }
    }
}
