#![no_main]
//! Both solvers on every generated formula: verdict disagreement, invalid models, API errors.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    smtsmith::harness::Target::Differential.fuzz(data);
});
