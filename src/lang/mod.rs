//! Floor 1, the formula language: the typed IR ([`ir`]: sorts, operators, formulas), its exact
//! SMT-LIB semantics ([`eval`]: the reference evaluator that judges every model) and the
//! `Arbitrary`-driven grammar that draws well-sorted formulas ([`generate`]). Depends on
//! nothing else in the crate, does no I/O and runs no solver.

pub mod eval;
pub mod generate;
pub mod ir;
