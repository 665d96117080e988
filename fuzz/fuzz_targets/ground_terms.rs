#![no_main]
//! Ground-term cross-check: closed terms (literals only) are simplified by Z3's and cvc5's
//! rewriters and evaluated by smtsmith's evaluator; all three must agree.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    smtsmith::harness::Target::GroundTerms.fuzz(data);
});
