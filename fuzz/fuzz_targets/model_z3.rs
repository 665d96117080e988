#![no_main]
//! Z3 alone: invalid models and API errors (no second solver needed).
use libfuzzer_sys::fuzz_target;
#[allow(unused_imports)]
use smtsmith::{harness::Selection, solver::SolverId};

fuzz_target!(|data: &[u8]| {
    smtsmith::harness::fuzz_one(Selection::Only(SolverId::Z3), data);
});
