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
