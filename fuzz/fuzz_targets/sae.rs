#![no_main]
//! Skeletal approximation enumeration (Sparrow): a seed of known verdict (construction
//! families, labelled files, generated formulas both solvers decide alike) in negation
//! normal form, its literals over-approximated (sat) or under-approximated (unsat) by
//! property-tested PST rules and live predicate injection. A verdict contrary to the
//! seed's is a `construction` finding naming the seed and the rules applied.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    smtsmith::harness::Target::Sae.fuzz(data);
});
