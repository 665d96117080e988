#![no_main]
//! Strings, unsatisfiable by construction (Bugariu and Müller): the equivalences E1–E12 as
//! `¬A ∧ B`, with variable replacement, constant replacement or noise. Sat from a solver is
//! a `construction` finding naming the rule and transformation; solvers' unsat cores are
//! checked against the expected core (a core missing part of it that is satisfiable alone
//! is an `invalid-core` finding).
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    smtsmith::harness::Target::StringsUnsat.fuzz(data);
});
