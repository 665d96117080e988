//! The oracles of an incremental script's steps. `harness::session` runs the steps in
//! lockstep and hands the answers here; where an oracle needs the solvers again (a core
//! re-checked alone, a replay with ten times the time limit, a replay with another setup) it
//! asks through a callback, so every decision stays in this module.

use super::{decidable_fragment, is_limit, is_limit_or_unsupported, Answer, Class, Issue};
use crate::cases::script::{Script, Setup};
use crate::lang::eval::{Evaluator, Model, Truth};
use crate::lang::ir::{Formula, NodeId, Op, Value};
use crate::solver::{Outcome, Response, SolverError, SolverId, Verdict};

/// Ten times the time limit (and no resource limit): what the performance oracle gives
/// the solver that ran out.
pub const PERFORMANCE_FACTOR: u32 = 10;

/// What an error of a script step is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The solver's API failed: an `api-error` finding.
    Api,
    /// The solver's own check failed: a `self-check` finding.
    SelfCheck,
    /// The curated options do not go together: the script is skipped, nothing is reported.
    Incompatible,
}

/// What error `e` of solver `id` is: re-run (`replay`) without the curated options and
/// self-checks, an error that stays is an API error; one that goes is a self-check failure
/// if it comes back with the self-checks alone, else it came from the curated options: an
/// incompatible combination where the message is exactly one the solver documents
/// ([`crate::dialect::facts::LimitKind::OptionConflict`]), an API error otherwise (an option must not
/// break a solver).
pub fn classify_error(
    s: &Script,
    id: SolverId,
    e: &SolverError,
    mut replay: impl FnMut(Setup) -> Result<Response, SolverError>,
) -> ErrorKind {
    let curated = !s.setup.options_of(id).is_empty();
    if !curated && !s.setup.self_checks {
        return ErrorKind::Api;
    }
    // The same error from the same call without the options: not theirs. (An error of
    // another call — e.g. reading the model after the check that the self-check refused —
    // leaves the question to the self-checks alone.)
    if let Err(plain) = replay(s.setup.plain()) {
        if plain.call == e.call && super::normalize(&plain.message) == super::normalize(&e.message)
        {
            return ErrorKind::Api;
        }
    }
    if s.setup.self_checks {
        let only_checks = Setup {
            options: Default::default(),
            ..s.setup.clone()
        };
        if replay(only_checks).is_err() {
            return ErrorKind::SelfCheck;
        }
    }
    // Exactly a conflict the solver documents (`facts::LIMITATIONS`), not any message
    // that mentions an option.
    let conflict = crate::dialect::facts::limitation(
        id,
        crate::dialect::facts::LimitKind::OptionConflict,
        &e.message,
    )
    .is_some();
    if curated && conflict {
        ErrorKind::Incompatible
    } else {
        ErrorKind::Api
    }
}

/// The finding an error of `kind` makes (none for an incompatible combination).
pub fn error_issue(id: SolverId, e: &SolverError, kind: ErrorKind) -> Option<Issue> {
    match kind {
        ErrorKind::Incompatible => None,
        ErrorKind::SelfCheck => Some(Issue {
            class: Class::SelfCheck,
            blamed: Some(id),
            summary: format!(
                "{id}'s self-check failed: {e} (without the self-check options that call gives no error)"
            ),
        }),
        ErrorKind::Api => Some(Issue {
            class: Class::ApiError,
            blamed: Some(id),
            summary: e.to_string(),
        }),
    }
}

/// After a check whose verdicts agree where decided: `incompleteness` (unknown for a reason
/// that is no limit, on `g`, a formula of a decidable fragment, that another solver decides)
/// and `performance` (a solver's limit ran out where another decides; `retry(k)` re-runs
/// answer `k`'s solver with ten times the time limit and no resource limit, and an outcome
/// still out of its limit is the finding). The flag: the script must stop (a retry ended
/// the solvers' sessions).
pub fn judge_unknowns(
    g: &Formula,
    answers: &[(SolverId, Answer)],
    mut retry: impl FnMut(usize) -> Option<Outcome>,
) -> (Vec<Issue>, bool) {
    let mut issues = Vec::new();
    let outcome = |k: usize| answers[k].1.as_ref().ok();
    for k in 0..answers.len() {
        let Some(o) = outcome(k) else { continue };
        let id = answers[k].0;
        let Some(decided) = (0..answers.len())
            .filter(|j| *j != k)
            .filter_map(outcome)
            .find(|p| p.verdict != Verdict::Unknown)
        else {
            continue;
        };
        if o.verdict != Verdict::Unknown {
            continue;
        }
        let reason = o.reason.clone().unwrap_or_default();
        if !is_limit_or_unsupported(&reason) && !crate::dialect::facts::documented_incomplete(id, g)
        {
            if let Some(fragment) = decidable_fragment(g) {
                issues.push(Issue {
                    class: Class::Incompleteness,
                    blamed: Some(id),
                    summary: format!(
                        "{id} answers unknown ({reason}) on a quantifier-free {fragment} formula (a decidable fragment) that the other solver decides ({})",
                        decided.verdict
                    ),
                });
            }
        } else if is_limit(&reason) {
            if let Some(p) = retry(k) {
                let r2 = p.reason.clone().unwrap_or_default();
                if p.verdict == Verdict::Unknown && is_limit(&r2) {
                    issues.push(Issue {
                        class: Class::Performance,
                        blamed: Some(id),
                        summary: format!(
                            "{id} runs out of its limit ({reason}, {:.0} ms) and again with {PERFORMANCE_FACTOR} times the time limit and no resource limit ({r2}, {:.0} ms), while the other solver decides it ({}) in {:.0} ms",
                            o.time.as_secs_f64() * 1e3,
                            p.time.as_secs_f64() * 1e3,
                            decided.verdict,
                            decided.time.as_secs_f64() * 1e3
                        ),
                    });
                }
            }
            return (issues, true);
        }
    }
    (issues, false)
}

/// `wrong-value`: solver `id`'s get-value answers `values` for `terms` (nodes of `f`)
/// against the evaluator's values under the same solver's `model`.
pub fn judge_values(
    f: &Formula,
    id: SolverId,
    terms: &[NodeId],
    values: &[Option<Value>],
    model: &Model,
) -> Vec<Issue> {
    let mut ev = Evaluator::new(f, model);
    let mut issues = Vec::new();
    for (t, v) in terms.iter().zip(values) {
        let (Some(v), Ok(expected)) = (v, ev.eval(*t)) else {
            continue;
        };
        if same_value(v, &expected) == Some(false) {
            issues.push(Issue {
                class: Class::WrongValue,
                blamed: Some(id),
                summary: format!(
                    "{id}'s get-value of {} is {}, but its model's values give {} (evaluator)",
                    crate::cases::smtlib::term(f, *t),
                    crate::cases::smtlib::value(v),
                    crate::cases::smtlib::value(&expected)
                ),
            });
        }
    }
    issues
}

/// The check a core answers: the assertions in force (their `Assert` action indices) and
/// the check's assumptions.
pub struct CheckedSet<'a> {
    pub active: &'a [usize],
    pub assumptions: &'a [NodeId],
}

/// `invalid-core`: solver `id`'s get-unsat-core or get-unsat-assumptions `response` after
/// the check on `checked`. A core naming what was not in force (or not assumed) is invalid
/// as it stands; otherwise the core with its assumptions (or the assertions with the failed
/// assumptions) is re-checked alone by every solver (`recheck`), and a model of it that the
/// evaluator validates proves it satisfiable.
pub fn judge_core(
    s: &Script,
    id: SolverId,
    response: &Response,
    checked: &CheckedSet,
    recheck: impl FnOnce(&Formula) -> Vec<(SolverId, Answer)>,
) -> Option<Issue> {
    let invalid = |summary: String| Issue {
        class: Class::InvalidCore,
        blamed: Some(id),
        summary,
    };
    let (sub, what) = match response {
        Response::Core(ks) => {
            if let Some(bad) = ks.iter().find(|x| !checked.active.contains(x)) {
                return Some(invalid(format!(
                    "{id}'s unsat core names a{bad}, which is not an assertion in force"
                )));
            }
            (
                crate::cases::script::view(s, ks, checked.assumptions),
                format!(
                    "unsat core ({}) with the check's {} assumption(s)",
                    ks.iter()
                        .map(|x| format!("a{x}"))
                        .collect::<Vec<_>>()
                        .join(" "),
                    checked.assumptions.len()
                ),
            )
        }
        Response::Assumptions(ls) => {
            if ls.iter().any(|x| !checked.assumptions.contains(x)) {
                return Some(invalid(format!(
                    "{id}'s unsat assumptions name a literal that was not assumed"
                )));
            }
            (
                crate::cases::script::view(s, checked.active, ls),
                format!(
                    "{} unsat assumption(s) with the assertions in force",
                    ls.len()
                ),
            )
        }
        _ => return None,
    };
    let witness = satisfied_by(&sub, &recheck(&sub))?;
    Some(invalid(format!(
        "{id} says unsat with {what}, but they are satisfiable alone: {witness}'s model of them is validated by the evaluator"
    )))
}

/// The first solver whose answer on `f` is sat with a model the evaluator validates.
pub fn satisfied_by(f: &Formula, answers: &[(SolverId, Answer)]) -> Option<SolverId> {
    answers.iter().find_map(|(other, a)| match a {
        Ok(o) if o.verdict == Verdict::Sat => o
            .model
            .as_ref()
            .filter(|m| crate::lang::eval::check_model(f, m) == Truth::True)
            .map(|_| *other),
        _ => None,
    })
}

/// Whether two values of one sort are equal by the evaluator's `=` (arrays compared as
/// functions, reals exactly); `None` where it cannot tell.
fn same_value(a: &Value, b: &Value) -> Option<bool> {
    match crate::lang::eval::apply_strict(Op::Eq, &[a.clone(), b.clone()]) {
        Ok(Value::Bool(x)) => Some(x),
        _ => None,
    }
}
