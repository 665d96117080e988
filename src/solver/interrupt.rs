//! Solver calls past their time limit. Z3 bounds a check by its `timeout` parameter, but
//! some of its work does not look at the clock, and some calls have no bound of their own
//! (`Z3_simplify`): a Z3 call still running [`FACTOR`] times past its time limit is
//! interrupted (`Z3_interrupt`, from a thread of this module) and returns `unknown` (reason
//! `interrupted`: a limit, never a finding), so such a hang costs about the time limit.
//! cvc5's C API has no interrupt. A call that an interrupt does not stop, and a cvc5 call
//! as far past its limit, is [`stuck`]: the fuzz targets' watchdog (`harness::watchdog`)
//! writes its `time-limit` finding then (and ends the process only if the call goes on past
//! its backstop).
//!
//! Every interrupt is counted ([`count`]) and logged with the call it stopped and how long
//! the call took to return after it.

use crate::dialect::solver_id::SolverId;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A call is overdue this many times past its time limit (and at least [`MIN_GRACE`] past
/// it): a Z3 call is interrupted then.
pub const FACTOR: f64 = 1.5;
/// The smallest margin past a time limit before a call is overdue.
pub const MIN_GRACE: Duration = Duration::from_millis(300);
/// A call is stuck (the watchdog's `time-limit` finding) only when it has also run this far
/// past its limit: with short limits (`SMTSMITH_EFFORT` below 1) a check that ends a second
/// late is common and not worth a solver developer's time.
pub const MIN_STUCK_OVERRUN: Duration = Duration::from_secs(2);
/// How often the interrupting thread looks.
const POLL: Duration = Duration::from_millis(50);

/// How a watched call is stopped: the backend's `stop` on its context. The backends hand it
/// over (this module names none of them), so a new backend brings its own.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stop {
    /// The context's address: alive while the call's entry is ([`Call`]'s drop removes the
    /// entry, under the lock, before the context can be deleted).
    pub ctx: usize,
    /// Stops the call running in context `ctx` (`Z3_interrupt`, `yices_stop_search`); it
    /// must be callable from another thread during the call.
    pub stop: fn(usize),
    /// `true`: stopped at the time limit itself (the solver's API has no time limit of its
    /// own: this is its limit, not news); `false`: a backstop to the solver's own limit,
    /// sent when the call is overdue, counted ([`count`]) and logged.
    pub at_limit: bool,
}

/// A solver call in progress on some thread.
#[derive(Clone)]
struct Running {
    id: u64,
    solver: SolverId,
    /// How to stop the call; `None` where nothing can (cvc5's C API has no interrupt).
    stop: Option<Stop>,
    call: &'static str,
    since: Instant,
    limit: Duration,
    deadline: Instant,
    interrupted: Option<Instant>,
}

impl Running {
    /// Whether nothing stops this call by `now` ([`stuck`]).
    fn stuck_at(&self, now: Instant) -> bool {
        let overdue = match (self.stop, self.interrupted) {
            (Some(_), Some(at)) => now >= at + grace(self.limit),
            (Some(_), None) => false,
            (None, _) => now >= self.deadline + grace(self.limit),
        };
        overdue && now >= self.since + self.limit + MIN_STUCK_OVERRUN
    }
}

static RUNNING: Mutex<Vec<Running>> = Mutex::new(Vec::new());

/// Watched calls of one solver on cases of one label (the case's logic): their number and
/// time, and those that ran past their time limit with the time past it — the hang tax, the
/// time a limit was meant to save and did not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tax {
    pub calls: u64,
    pub time: Duration,
    pub overruns: u64,
    pub past_limit: Duration,
}

static TAX: Mutex<Vec<((SolverId, String), Tax)>> = Mutex::new(Vec::new());
static LABEL: Mutex<String> = Mutex::new(String::new());

/// Labels the calls that follow (the fuzz targets' watchdog: the case's logic).
pub fn set_label(label: String) {
    *LABEL.lock().unwrap_or_else(|e| e.into_inner()) = label;
}

/// The hang tax so far, per solver and label, of the calls that returned. A call still
/// running is not in it ([`running`]): the call a watchdog ends the process in is counted
/// by whoever reads the process's end (the benchmark takes its whole time from the
/// watchdog's line), and counting it here too counted it twice.
pub fn tax() -> Vec<((SolverId, String), Tax)> {
    TAX.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// The calls running now: solver, the current label, time so far. Only tried for: this
/// also runs at exit, wherever the process stopped.
pub fn running() -> Vec<(SolverId, String, Duration)> {
    match (RUNNING.try_lock(), LABEL.try_lock()) {
        (Ok(running), Ok(label)) => running
            .iter()
            .map(|r| (r.solver, label.clone(), r.since.elapsed()))
            .collect(),
        _ => Vec::new(),
    }
}

fn pay(solver: SolverId, elapsed: Duration, limit: Duration) {
    let label = LABEL.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let mut tax = TAX.lock().unwrap_or_else(|e| e.into_inner());
    add(&mut tax, solver, &label, elapsed, limit);
}

/// Adds a call of `solver` that took `elapsed` under `limit` to `tax`, under `label`.
fn add(
    tax: &mut Vec<((SolverId, String), Tax)>,
    solver: SolverId,
    label: &str,
    elapsed: Duration,
    limit: Duration,
) {
    let k = match tax.iter().position(|(k, _)| k.0 == solver && k.1 == label) {
        Some(k) => k,
        None => {
            tax.push(((solver, label.to_string()), Tax::default()));
            tax.len() - 1
        }
    };
    let t = &mut tax[k].1;
    t.calls += 1;
    t.time += elapsed;
    if elapsed > limit {
        t.overruns += 1;
        t.past_limit += elapsed - limit;
    }
}

/// One line: per solver, the time its watched calls spent past their limits and in all,
/// and the labels that paid most of it.
pub fn tax_summary() -> String {
    let tax = tax();
    let mut parts = Vec::new();
    for solver in SolverId::ALL {
        let mine: Vec<&((SolverId, String), Tax)> =
            tax.iter().filter(|((s, _), _)| *s == solver).collect();
        let sum = |f: fn(&Tax) -> Duration| mine.iter().map(|(_, t)| f(t)).sum::<Duration>();
        let (past, all) = (sum(|t| t.past_limit), sum(|t| t.time));
        let overruns: u64 = mine.iter().map(|(_, t)| t.overruns).sum();
        let calls: u64 = mine.iter().map(|(_, t)| t.calls).sum();
        let mut worst: Vec<&&((SolverId, String), Tax)> =
            mine.iter().filter(|(_, t)| t.overruns > 0).collect();
        worst.sort_by_key(|(_, t)| std::cmp::Reverse(t.past_limit));
        let worst: Vec<String> = worst
            .iter()
            .take(4)
            .map(|((_, l), t)| {
                format!(
                    "{} {:.1} s",
                    if l.is_empty() { "-" } else { l },
                    t.past_limit.as_secs_f64()
                )
            })
            .collect();
        parts.push(format!(
            "{solver} {:.1} s past limits of {:.1} s in calls ({overruns} of {calls} calls{})",
            past.as_secs_f64(),
            all.as_secs_f64(),
            if worst.is_empty() {
                String::new()
            } else {
                format!(": {}", worst.join(", "))
            }
        ));
    }
    let running: Vec<String> = running()
        .into_iter()
        .map(|(s, l, t)| {
            format!(
                "{s} {} {:.1} s",
                if l.is_empty() { "-" } else { &l },
                t.as_secs_f64()
            )
        })
        .collect();
    if running.is_empty() {
        format!("hang tax: {}", parts.join("; "))
    } else {
        format!(
            "hang tax: {} (running now, not in these sums: {})",
            parts.join("; "),
            running.join(", ")
        )
    }
}
static NEXT: AtomicU64 = AtomicU64::new(0);
static INTERRUPTS: AtomicU64 = AtomicU64::new(0);
static STARTED: std::sync::Once = std::sync::Once::new();

/// How many calls this process has stopped past their time limit (backstops: Z3's).
pub fn count() -> u64 {
    INTERRUPTS.load(Ordering::Relaxed)
}

/// A solver call that is watched while this guard lives.
pub(crate) struct Call {
    id: Option<u64>,
}

/// Watches a call of `solver` with a time limit of `limit_ms` (0: none, not watched),
/// stopped by `stop` (at the limit or when overdue, as it says; `None`: nothing stops it,
/// and it is only [`stuck`] far past its limit).
pub(crate) fn begin(
    solver: SolverId,
    stop: Option<Stop>,
    call: &'static str,
    limit_ms: u32,
) -> Call {
    if limit_ms == 0 {
        return Call { id: None };
    }
    if stop.is_some() {
        STARTED.call_once(|| {
            std::thread::Builder::new()
                .name("smtsmith-interrupt".into())
                .spawn(|| loop {
                    std::thread::sleep(POLL);
                    interrupt_overdue();
                })
                .expect("a thread");
        });
    }
    let limit = Duration::from_millis(u64::from(limit_ms));
    let now = Instant::now();
    let id = NEXT.fetch_add(1, Ordering::Relaxed);
    RUNNING
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(Running {
            id,
            solver,
            stop,
            call,
            since: now,
            limit,
            deadline: match stop {
                Some(s) if s.at_limit => now + limit,
                _ => now + limit + grace(limit),
            },
            interrupted: None,
        });
    Call { id: Some(id) }
}

/// How far past its limit a call may run before it is overdue.
fn grace(limit: Duration) -> Duration {
    limit.mul_f64(FACTOR - 1.0).max(MIN_GRACE)
}

impl Drop for Call {
    fn drop(&mut self) {
        let Some(id) = self.id else { return };
        let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(k) = running.iter().position(|r| r.id == id) {
            let r = running.swap_remove(k);
            drop(running);
            pay(r.solver, r.since.elapsed(), r.limit);
            // A call stopped at its limit is its time limit at work, not news.
            if let (
                Some(at),
                Some(Stop {
                    at_limit: false, ..
                }),
            ) = (r.interrupted, r.stop)
            {
                eprintln!(
                    "smtsmith: {} {} returned {:.2} s after its interrupt ({:.2} s in all)",
                    r.solver,
                    r.call,
                    at.elapsed().as_secs_f64(),
                    r.since.elapsed().as_secs_f64()
                );
            }
        }
    }
}

fn interrupt_overdue() {
    let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
    let now = Instant::now();
    for r in running.iter_mut() {
        let Some(stop) = r.stop else { continue };
        if r.interrupted.is_none() && now >= r.deadline {
            r.interrupted = Some(now);
            // The context is alive: its entry is removed (under this lock) when the call
            // returns, before anything can delete the context.
            if !stop.at_limit {
                INTERRUPTS.fetch_add(1, Ordering::Relaxed);
                eprintln!(
                    "smtsmith: interrupting {} in {} after {:.2} s (past its time limit)",
                    r.solver,
                    r.call,
                    r.since.elapsed().as_secs_f64()
                );
            }
            (stop.stop)(stop.ctx);
        }
    }
}

/// Whether a call of `solver` now running was stopped at its time limit (`Z3_interrupt` or
/// `yices_stop_search` sent) and has not returned: a crash then came while the solver wound
/// down its stopped search, which its reproducer shows only under a time limit. Only tried
/// for (a fatal-signal hook asks, wherever the process stopped): `false` when the lock is
/// taken.
pub fn stopped_and_running(solver: SolverId) -> bool {
    RUNNING
        .try_lock()
        .is_ok_and(|running| any_stopped(&running, solver))
}

/// Whether one of the `running` calls of `solver` was stopped.
fn any_stopped(running: &[Running], solver: SolverId) -> bool {
    running
        .iter()
        .any(|r| r.solver == solver && r.interrupted.is_some())
}

/// A call nothing stops: a Z3 call one more grace period past its interrupt, or a cvc5
/// call as far past its time limit — and in both cases at least [`MIN_STUCK_OVERRUN`] past
/// its limit. Its solver, the call, its time limit and how long it has run.
pub fn stuck() -> Option<(SolverId, &'static str, Duration, Duration)> {
    let running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
    let now = Instant::now();
    running
        .iter()
        .find(|r| r.stuck_at(now))
        .map(|r| (r.solver, r.call, r.limit, now - r.since))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(z3: bool, limit_ms: u64, since: Instant) -> Running {
        let limit = Duration::from_millis(limit_ms);
        Running {
            id: 0,
            solver: if z3 { SolverId::Z3 } else { SolverId::Cvc5 },
            stop: z3.then_some(Stop {
                ctx: 1,
                stop: |_| {},
                at_limit: false,
            }),
            call: "check",
            since,
            limit,
            deadline: since + limit + grace(limit),
            interrupted: None,
        }
    }

    /// A crash is "after its check was stopped" only for the solver whose running call was
    /// stopped: not for another solver's running call, nor before the stop is sent.
    #[test]
    fn only_a_stopped_call_counts_as_stopped() {
        let now = Instant::now();
        let mut z3 = call(true, 2_000, now);
        let cvc5 = call(false, 2_000, now);
        assert!(!any_stopped(&[z3.clone(), cvc5.clone()], SolverId::Z3));
        z3.interrupted = Some(now);
        let running = [z3, cvc5];
        assert!(any_stopped(&running, SolverId::Z3));
        assert!(!any_stopped(&running, SolverId::Cvc5));
        assert!(!any_stopped(&running, SolverId::Yices));
        assert!(!any_stopped(&[], SolverId::Z3));
    }

    /// The label is one per process: the tests that set it take turns.
    static LABEL_TESTS: Mutex<()> = Mutex::new(());

    #[test]
    fn the_hang_tax_counts_time_past_the_limit_per_solver_and_label() {
        let _turn = LABEL_TESTS.lock().unwrap_or_else(|e| e.into_inner());
        set_label("TAX_TEST_LOGIC".into());
        pay(
            SolverId::Cvc5,
            Duration::from_millis(3_500),
            Duration::from_secs(2),
        );
        pay(
            SolverId::Cvc5,
            Duration::from_millis(500),
            Duration::from_secs(2),
        );
        set_label(String::new());
        let mine = tax()
            .into_iter()
            .find(|((s, l), _)| *s == SolverId::Cvc5 && l == "TAX_TEST_LOGIC")
            .map(|(_, t)| t)
            .unwrap();
        assert_eq!(
            mine,
            Tax {
                calls: 2,
                time: Duration::from_secs(4),
                overruns: 1,
                past_limit: Duration::from_millis(1_500),
            }
        );
        assert!(
            tax_summary().contains("TAX_TEST_LOGIC 1.5 s"),
            "{}",
            tax_summary()
        );
    }

    /// A call still running is named beside the sums, not in them (the benchmark counts a
    /// call the watchdog ends by its own line; in the sums too, it counted it twice).
    #[test]
    fn a_call_still_running_is_named_beside_the_tax_not_in_it() {
        let _turn = LABEL_TESTS.lock().unwrap_or_else(|e| e.into_inner());
        set_label("TAX_RUNNING_TEST".into());
        // cvc5's text path: no other test's thread records calls under it (the label is
        // process-wide, so a cvc5 API call another test ends meanwhile would be counted under
        // this label and fail the first assertion).
        let c = begin(SolverId::Cvc5Text, None, "check", 1);
        std::thread::sleep(Duration::from_millis(20));
        assert!(
            !tax()
                .iter()
                .any(|((s, l), _)| *s == SolverId::Cvc5Text && l == "TAX_RUNNING_TEST"),
            "{:?}",
            tax()
        );
        let summary = tax_summary();
        assert!(
            summary.contains("(running now, not in these sums: ")
                && summary.contains("cvc5-text TAX_RUNNING_TEST "),
            "{summary}"
        );
        drop(c);
        set_label(String::new());
    }

    #[test]
    fn a_call_is_stuck_only_well_past_its_limit() {
        let t0 = Instant::now();
        let ms = |n| t0 + Duration::from_millis(n);
        // cvc5, 2 s limit: overdue at 3 s, stuck one grace (1 s) later.
        let c = call(false, 2_000, t0);
        assert!(!c.stuck_at(ms(3_900)));
        assert!(c.stuck_at(ms(4_000)));
        // A 500 ms limit (a quarter of the default): overdue at 0.8 s, yet stuck only 2 s
        // past its limit.
        let c = call(false, 500, t0);
        assert!(!c.stuck_at(ms(1_200)));
        assert!(!c.stuck_at(ms(2_499)));
        assert!(c.stuck_at(ms(2_500)));
        // Z3: never stuck before its interrupt; after it, one grace and the overrun.
        let mut z = call(true, 500, t0);
        assert!(!z.stuck_at(ms(10_000)));
        z.interrupted = Some(ms(800));
        assert!(!z.stuck_at(ms(1_200)));
        assert!(z.stuck_at(ms(2_500)));
        let mut z = call(true, 2_000, t0);
        z.interrupted = Some(ms(3_000));
        assert!(!z.stuck_at(ms(3_999)));
        assert!(z.stuck_at(ms(4_000)));
    }
}
