#![no_main]
//! Z3's optimizer (minimize, maximize, assert-soft; lex, box, pareto) through its C API and
//! its front end, judged by the evaluator and the plain solvers.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    smtsmith::harness::Target::Optimize.fuzz(data);
});
