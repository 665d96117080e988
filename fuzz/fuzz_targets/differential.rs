#![no_main]
//! Both solvers on every generated formula: verdict disagreement, invalid models, API errors.
use libfuzzer_sys::fuzz_target;
#[allow(unused_imports)]
use smtsmith::{harness::Selection, solver::SolverId};

fuzz_target!(|data: &[u8]| {
    smtsmith::harness::fuzz_one(Selection::Both, data);
});
