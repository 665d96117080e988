//! smtsmith's integration tests: one binary (each former test file is a module), so the
//! real Z3 and cvc5 libraries are linked once, not once per file. Every test links the real
//! solvers; each says where its ground truth comes from (construction, the evaluator, or a
//! second solver or path).
//!
//! Run one group with a filter: `cargo test --release --test it scripts::`.

mod cli;
mod construct;
mod cvc5_enums;
mod evaluator_vs_solvers;
mod ground_terms;
mod interrupts;
mod linking;
mod oracles;
mod paths;
mod printer_roundtrip;
mod reduction;
mod regex_vs_smt_str;
mod report;
mod reuse;
mod scripts;
mod seeds;
mod smtlib_input;
mod strings_vs_aws;
mod structure;
