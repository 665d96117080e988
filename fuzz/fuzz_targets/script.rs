#![no_main]
//! Incremental scripts (Murxla's scope): declare, assert, push/pop, check-sat and
//! check-sat-assuming, get-value, unsat cores and unsat assumptions, reset-assertions, with
//! solver options and self-checks drawn by the swarm; run in lockstep on Z3 and cvc5 and
//! judged at every step (see `smtsmith::harness::session`).
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    smtsmith::harness::Target::Script.fuzz(data);
});
