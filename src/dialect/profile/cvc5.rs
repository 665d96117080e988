//! cvc5's profile.

use super::{FlagStyle, IncrementalFlag, Profile, ResourceLimit};

/// cvc5's deterministic resource limit per check (`rlimit-per`).
pub const RLIMIT: ResourceLimit = ResourceLimit {
    option: "rlimit-per",
    default: 20_000,
};

pub static PROFILE: Profile = Profile {
    rlimit: Some(RLIMIT),
    options: crate::dialect::options::CVC5,
    // `check-models`, and `check-unsat-cores` when cores are produced.
    self_checks: [
        &[("check-models", "true")],
        &[("check-models", "true"), ("check-unsat-cores", "true")],
    ],
    binary: "cvc5",
    binary_incremental_flag: IncrementalFlag::WhenIncremental,
    binary_flags: FlagStyle::DoubleDash,
    set_option_prefix: "",
    command_line_only: &[],
    binary_time_limit: |ms| format!("--tlimit-per={ms}"),
    interrupt: None,
    binary_assumptions_are_names: false,
    // A long-lived term manager slows down as constants accumulate.
    recycle_every: 200,
    loads_under_asan: true,
    // It takes every logic smtsmith generates.
    outside_logics: |_| None,
    wheels: ("cvc5", include_str!("../../../vendor/cvc5.sha256")),
};
