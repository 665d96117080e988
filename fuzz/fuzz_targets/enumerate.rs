#![no_main]
//! Small formulas of enumerated grammars (ET): the input picks the grammar, the size and
//! the index; every solver, every oracle.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    smtsmith::harness::Target::Enumerate.fuzz(data);
});
