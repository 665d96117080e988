//! Findings from what a process does rather than what a solver answers: a check that runs
//! far past its time limit, a process that exits or dies inside a solver call. The watchdog
//! (`harness::watchdog`) and `smtsmith check`'s supervisor observe these; the issues are made
//! here.

use super::{Class, Issue};
use crate::solver::SolverId;

/// `time-limit`: `solver` still in one check `seconds` into it, under a `limit_ms` time
/// limit; `killed`: the process was ended for it (the reproducer's command is named).
pub fn still_running(solver: SolverId, seconds: f64, limit_ms: u32, killed: bool) -> Issue {
    let summary = if killed {
        format!(
            "{solver} still running {seconds:.0} s into a check with a {limit_ms} ms time limit (killed); reproduce: {}",
            crate::dialect::facts::timed_command(solver, limit_ms)
        )
    } else {
        format!(
            "{solver} still running {seconds:.0} s into a check with a {limit_ms} ms time limit"
        )
    };
    Issue {
        class: Class::TimeLimit,
        blamed: Some(solver),
        summary,
    }
}

/// The process exited inside a `solver` call: `self-check` where the solver's self-checks
/// were on (Z3's `model_validate` calls `exit(0)` on an invalid model), `crash` otherwise.
pub fn exited_inside(solver: SolverId, self_checks: bool) -> Issue {
    Issue {
        class: if self_checks {
            Class::SelfCheck
        } else {
            Class::Crash
        },
        blamed: Some(solver),
        summary: format!(
            "the process exited inside a {solver} call{}",
            if self_checks {
                " with its self-checks on (Z3's model_validate exits on an invalid model)"
            } else {
                ""
            }
        ),
    }
}

/// What joins a `crash` finding's summary to the first lines the solver printed (its own
/// words name the failing check: the finding's key is then the message, not the formula's
/// shape).
pub const PRINTED: &str = "; it printed: ";

/// `issue` (a `crash`) with the solver's `message` appended, if there is one.
pub fn with_message(mut issue: Issue, message: &str) -> Issue {
    if !message.is_empty() {
        issue.summary.push_str(PRINTED);
        issue.summary.push_str(message);
    }
    issue
}

/// `crash`: the process died in a `solver` call, as `status` says.
pub fn died_inside(solver: SolverId, status: &str) -> Issue {
    Issue {
        class: Class::Crash,
        blamed: Some(solver),
        summary: format!("the process died in {solver}: {status}"),
    }
}

/// `crash`: a sanitizer reported an error while a `solver` call ran, and ended the process.
/// The summary joins the report's kind and top frames ([`crate::verdict::sanitizer::Report::words`]) as
/// a crash's printed words, so the key names them: two reports of one bug (same kind, same
/// top frames) are one finding, whatever the formula around them.
pub fn sanitizer_report(solver: SolverId, report: &crate::verdict::sanitizer::Report) -> Issue {
    with_message(
        died_inside(solver, &format!("{} report", report.tool)),
        &report.words(),
    )
}

/// A [`sanitizer_report`] summary split at its printed words: `Some((head, words))`, `None`
/// for any other summary (every sanitizer's name ends with `Sanitizer`).
pub fn sanitizer_report_words(summary: &str) -> Option<(&str, &str)> {
    let (head, words) = summary.split_once(PRINTED)?;
    head.ends_with("Sanitizer report").then_some((head, words))
}
