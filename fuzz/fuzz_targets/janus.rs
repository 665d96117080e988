#![no_main]
//! Weakening and strengthening (Janus): a seed of known verdict, checked by both solvers
//! first, mutated by parity-aware weakening (sat) or strengthening (unsat) steps. A
//! contrary verdict is a `construction` finding; `unknown` (not from a limit) from a solver
//! that decided the seed is an `incompleteness` finding.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    smtsmith::harness::Target::Janus.fuzz(data);
});
