//! Z3's profile.

use super::{FlagStyle, IncrementalFlag, Profile, ResourceLimit};

/// Z3's deterministic resource limit per check (`rlimit`; its binary's `rlimit=N`).
pub const RLIMIT: ResourceLimit = ResourceLimit {
    option: "rlimit",
    default: 1_000_000,
};

pub static PROFILE: Profile = Profile {
    rlimit: Some(RLIMIT),
    options: crate::dialect::options::Z3,
    // Its global `model_validate`, checked by its SAT-based solvers, which end the process
    // with status 0 on an invalid model (the harness's exit hook writes the finding first).
    self_checks: [&[("model_validate", "true")], &[("model_validate", "true")]],
    binary: "z3",
    binary_incremental_flag: IncrementalFlag::Never,
    binary_flags: FlagStyle::KeyValue,
    set_option_prefix: "",
    command_line_only: &[],
    binary_time_limit: |ms| format!("-t:{ms}"),
    interrupt: Some("Z3_interrupt"),
    binary_assumptions_are_names: false,
    // A context keeps every term it ever built.
    recycle_every: 500,
    loads_under_asan: true,
    // It takes every logic smtsmith generates.
    outside_logics: |_| None,
    wheels: (
        "z3-solver",
        include_str!("../../../vendor/z3-solver.sha256"),
    ),
};
