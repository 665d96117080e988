#![no_main]
//! Z3 alone: invalid models and API errors (no second solver needed).
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    smtsmith::harness::Target::ModelZ3.fuzz(data);
});
