#![no_main]
//! Several targets in one process: the input's first byte picks one of the portfolio's
//! members (`smtsmith::harness::PORTFOLIO`), the rest is that target's input.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    smtsmith::harness::Target::Portfolio.fuzz(data);
});
