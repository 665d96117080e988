#![no_main]
//! Semantic fusion (YinYang): two seeds of the same known verdict — construction families,
//! labelled files (`SMTSMITH_SEEDS`, default the repository's seeds/), or generated formulas both
//! solvers decide alike — fused through Int, Real, String and bit-vector fusion functions.
//! A verdict contrary to the fused formula's is a `construction` finding naming both seeds
//! and the fusion functions.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    smtsmith::harness::Target::Fusion.fuzz(data);
});
