//! smtsmith: an in-process fuzzing harness for SMT solvers (Z3 and cvc5).
//!
//! Layers (the data-flow picture is in `README.md`): [`ir`] (sorts, the operator table,
//! formulas), [`generate`] (the `Arbitrary`-driven grammar), [`construct`] (verdicts by
//! construction), [`smtlib`] (printer and parser), [`eval`] (reference evaluator), [`solver`]
//! (the `Solver` trait, the one action interpreter over each backend's primitives, per-solver
//! facts), [`oracle`] (verdict comparison and model validation), [`finding`] (the finding
//! sink), [`harness`] (a case end to end, the fuzz targets, scripts, the watchdog).

// `unsafe` only in the solver backends (FFI) and `sys` (libc), each block with a
// `// SAFETY:` comment saying why it is sound (clippy checks that the comment is there).
#![deny(unsafe_code)]
#![deny(clippy::undocumented_unsafe_blocks)]

pub mod bench;
pub mod bisect;
pub mod bugbench;
pub mod check;
pub mod construct;
pub mod eval;
pub mod facts;
pub mod finding;
pub mod generate;
pub mod harness;
pub mod ir;
pub mod mutate;
pub mod optimize;
pub mod options;
pub mod oracle;
pub mod profile;
pub mod reach;
pub mod reduce;
pub mod report;
pub mod sanitizer;
pub mod script;
pub mod settings;
pub mod settle;
pub mod smtlib;
pub mod solver;
pub mod solver_id;
pub mod stats;
pub mod sys;
pub mod target;
pub mod wheel;
