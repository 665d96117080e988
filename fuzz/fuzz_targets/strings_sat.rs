#![no_main]
//! Strings, satisfiable by construction (Bugariu and Müller): string operations on boundary
//! constants, evaluated by smtsmith, asserted equal to their values or to terms of equal
//! value, constants abstracted into variables. Unsat from a solver is a `construction`
//! finding (the witness is checked by the evaluator first); invalid models, disagreements
//! and API errors as in `differential`.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    smtsmith::harness::Target::StringsSat.fuzz(data);
});
