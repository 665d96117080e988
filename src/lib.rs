//! smtsmith: an in-process fuzzing harness for the SMT solvers Z3, cvc5 and Yices.
//!
//! The crate is seven floors, bottom first; each uses only the floors below it (the
//! structure test holds the order), and the data flows upward: a fuzz input becomes a
//! formula or script, runs in the solvers, is judged, and a finding goes to the tools.
//!
//! 1. [`lang`]: the typed IR, the exact reference evaluator and the `Arbitrary`-driven
//!    grammar (no I/O, no solver).
//! 2. [`dialect`]: the solvers as data: names, option catalogs, profiles, documented facts.
//! 3. [`cases`]: incremental scripts, SMT-LIB printed and read, optimization cases, seed
//!    mutation and reduction.
//! 4. [`solver`]: the `Solver` trait, the backends over the solvers' C APIs and front ends,
//!    interrupts and the process's libc calls (the only `unsafe`).
//! 5. [`verdict`]: constructions of known verdict, the oracles, findings on disk, triage
//!    and drafts.
//! 6. [`harness`]: a case end to end, the fuzz targets' bodies, settings, the watchdog,
//!    in-process reduction, bisection over pinned releases and settling.
//! 7. [`tools`]: `check`, the campaign report, the bug benchmark and its statistics, the
//!    reach audit and `bench`.
//!
//! The command line (`src/bin/smtsmith`), the fuzz targets (`fuzz/`), the tests and the
//! benchmarks use these floors from outside.

// `unsafe` only in the solver backends (FFI) and `sys` (libc), each block with a
// `// SAFETY:` comment saying why it is sound (clippy checks that the comment is there).
#![deny(unsafe_code)]
#![deny(clippy::undocumented_unsafe_blocks)]

pub mod lang;

pub mod dialect;

pub mod cases;

pub mod solver;

pub mod verdict;

pub mod harness;

pub mod tools;
