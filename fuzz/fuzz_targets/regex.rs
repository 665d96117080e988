#![no_main]
//! Regular expressions by construction (Kühne): sat term synthesis with and without RegLan
//! variables, unsat by E1–E7 with NC/C replacement, unsat with constants only. Language
//! equality is decided by smtsmith's regex engine. A verdict contrary to the construction
//! is a `construction` finding; invalid models, invalid unsat cores, API errors as usual.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    smtsmith::harness::Target::Regex.fuzz(data);
});
