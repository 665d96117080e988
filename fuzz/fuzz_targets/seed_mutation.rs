#![no_main]
//! Seed-based fuzzing: corpus entries are SMT-LIB scripts (build a corpus with
//! `smtsmith seed-corpus DIR --out fuzz/corpus/seed_mutation`); the custom mutator parses an
//! entry, applies type-aware mutations (TypeFuzz's generative mutation, OpFuzz's operator
//! mutation, new assertions) and prints it back; the custom crossover joins the assertions
//! of two entries. Each script runs on both solvers: verdict disagreement, invalid models,
//! API errors.
use libfuzzer_sys::{fuzz_crossover, fuzz_mutator, fuzz_target};

fuzz_target!(|data: &[u8]| {
    smtsmith::harness::Target::SeedMutation.fuzz(data);
});

fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
    smtsmith::cases::mutate::libfuzzer_mutate(data, size, max_size, seed)
});

fuzz_crossover!(|data1: &[u8], data2: &[u8], out: &mut [u8], seed: u32| {
    smtsmith::cases::mutate::libfuzzer_crossover(data1, data2, out, seed)
});
