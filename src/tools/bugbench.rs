//! The bug benchmark: the known bugs of `known-findings/index.json` as the targets of
//! time-to-bug trials, as Magma and FuzzBench measure fuzzers (the time until each known bug
//! is first triggered, over many trials).
//!
//! Two halves. [`verify`] shows that each Z3 bug's reproducer makes the bug with the `z3`
//! binary of every release the index says it affects, and not with the release it was fixed
//! in ([`probe_known`] says how each class is judged). [`results`] reads the trials that
//! `scripts/bug-bench.sh` ran: a bug is triggered in a trial when a finding of that trial is
//! settled `known` as that bug (its reduced form made the same finding as the bug's
//! reproducer on the trial's releases: `finding::known`), and its time is when the trial
//! first saw that finding on disk.

use crate::dialect::solver_id::SolverId;
use crate::harness::bisect::{self, Expect, Probe, Replayer};
use crate::lang::ir::Verdict;
use crate::verdict::finding::known::{self, BinaryShows, Known};
use crate::verdict::oracle::Class;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The expected answers of a reproducer, one per `check-sat` in order: its
/// `(set-info :status …)` lines (a line sets the status of the checks that follow it).
pub fn statuses(text: &str) -> Vec<Verdict> {
    let mut current = None;
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with(';') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("(set-info :status") {
            current = match rest.trim().trim_end_matches(')').trim() {
                "sat" => Some(Verdict::Sat),
                "unsat" => Some(Verdict::Unsat),
                _ => None,
            };
        }
        if line.starts_with("(check-sat") {
            if let Some(v) = current {
                out.push(v);
            }
        }
    }
    out
}

/// How a Z3 binary shows the bug `k` with its reproducer `text`, as the index says
/// ([`BinaryShows`]): `Bad` where it shows it, `Good` where it answers without it,
/// `Undecided` where it does neither (cannot read the reproducer, times out, a model no one
/// judges).
pub fn probe_known(k: &Known, text: &str, binary: &Replayer, timeout: Duration) -> Probe {
    if k.binary_shows() == BinaryShows::Optimum {
        return bisect::probe_optimum(text, binary, timeout);
    }
    let formula = match crate::verdict::finding::reproducer_formula(text) {
        Ok(f) => f,
        Err(e) => return Probe::Undecided(format!("smtsmith does not read {}: {e}", k.file)),
    };
    let expect = |class| Expect {
        class,
        verdict: None,
        formula: formula.clone(),
    };
    let statuses = statuses(text);
    let needs_status = |shows: &str| {
        Probe::Undecided(format!(
            "{}: shown by {shows}, but the reproducer has no (set-info :status …)",
            k.file
        ))
    };
    match k.binary_shows() {
        BinaryShows::Verdicts if statuses.is_empty() => needs_status("its verdicts"),
        BinaryShows::NotStatus if statuses.is_empty() => needs_status("answers"),
        BinaryShows::Verdicts => probe_answers(binary, text, &statuses, false, timeout),
        BinaryShows::NotStatus => probe_answers(binary, text, &statuses, true, timeout),
        BinaryShows::Signal => bisect::probe_replay(binary, text, &expect(Class::Crash), timeout),
        BinaryShows::Timeout => {
            bisect::probe_replay(binary, text, &expect(Class::TimeLimit), timeout)
        }
        BinaryShows::Error => probe_error(binary, text, timeout),
        BinaryShows::Model => {
            match bisect::probe_replay(binary, text, &expect(Class::InvalidModel), timeout) {
                Probe::Undecided(why) => {
                    // Z3 validates its own model on request.
                    let Replayer::Z3 { bin, .. } = binary else {
                        return Probe::Undecided(why);
                    };
                    match bisect::run_with(bin, &["model_validate=true"], text, timeout) {
                        Ok(r) if r.out.contains("an invalid model was generated") => Probe::Bad(
                            format!("{why}; model_validate=true: an invalid model was generated"),
                        ),
                        _ => Probe::Undecided(why),
                    }
                }
                p => p,
            }
        }
        BinaryShows::Core => probe_core(binary, text, timeout),
        BinaryShows::Optimum => bisect::probe_optimum(text, binary, timeout),
        BinaryShows::ApiOnly => Probe::Undecided("shown only through the C API".into()),
        BinaryShows::TooSlow => Probe::Undecided("shown only past a probe's limits".into()),
        BinaryShows::Stopped => {
            Probe::Undecided("shown only in some runs stopped by the time limit".into())
        }
    }
}

/// Bad where the unsat assumptions the binary names after the reproducer's last
/// `check-sat-assuming` are satisfiable with the assertions in force: the reproducer up to
/// that check, those assumptions asserted, one `check-sat`, decided by the same binary and
/// its model validated by the evaluator (`bisect::decide`); good where that is `unsat`.
fn probe_core(binary: &Replayer, text: &str, timeout: Duration) -> Probe {
    let r = match binary.run(text, None, timeout) {
        Ok(r) => r,
        Err(e) => return Probe::Undecided(format!("cannot run {}: {e}", binary.describe())),
    };
    if r.signal {
        return Probe::Undecided("killed by a signal".into());
    }
    let lines: Vec<&str> = r.out.lines().map(str::trim).collect();
    let Some(k) = lines
        .iter()
        .rposition(|l| matches!(*l, "sat" | "unsat" | "unknown"))
    else {
        return Probe::Undecided(format!("no answer: {:?}", r.out.trim()));
    };
    if lines[k] != "unsat" {
        return Probe::Undecided(format!("the check answers {}", lines[k]));
    }
    let response = lines[k + 1..].join(" ");
    // The response to the last query: the list after the last answer.
    let Some(named) = crate::solver::text::items_of(&response)
        .and_then(|items| items.last().copied())
        .and_then(crate::solver::text::items)
    else {
        return Probe::Undecided(format!("unsat assumptions not read: {response:?}"));
    };
    let Some(at) = text.rfind("(check-sat-assuming") else {
        return Probe::Undecided("the reproducer has no check-sat-assuming".into());
    };
    let alone = format!(
        "{}{}\n(check-sat)\n",
        &text[..at],
        named
            .iter()
            .map(|l| format!("(assert {l})\n"))
            .collect::<String>()
    );
    let formula = match crate::verdict::finding::reproducer_formula(&alone) {
        Ok(f) => f,
        Err(e) => return Probe::Undecided(format!("smtsmith does not read {alone:?}: {e}")),
    };
    let shown = format!("unsat assumptions ({})", named.join(" "));
    match bisect::decide(binary, &alone, &formula, timeout) {
        Ok((Verdict::Unsat, _)) => Probe::Good(format!("{shown}: unsat alone")),
        Ok((Verdict::Sat, Some(crate::lang::eval::Truth::True))) => Probe::Bad(format!(
            "{shown}: sat alone, the binary's model validated by the evaluator"
        )),
        Ok((v, _)) => Probe::Undecided(format!("{shown}: {v} alone, not decided")),
        Err(e) => Probe::Undecided(format!("{shown}: {e}")),
    }
}

/// Bad where an answer differs from its expected status (`unknown` only where
/// `unknown_is_bad`), good where every check answered and none that way.
fn probe_answers(
    binary: &Replayer,
    text: &str,
    expected: &[Verdict],
    unknown_is_bad: bool,
    timeout: Duration,
) -> Probe {
    let r = match binary.run(text, None, timeout) {
        Ok(r) => r,
        Err(e) => return Probe::Undecided(format!("cannot run {}: {e}", binary.describe())),
    };
    if r.signal {
        return Probe::Undecided("killed by a signal".into());
    }
    let answers: Vec<&str> = r
        .out
        .lines()
        .map(str::trim)
        .filter(|l| matches!(*l, "sat" | "unsat" | "unknown"))
        .collect();
    let shown = answers.join(" ");
    // An error before the first answer is one of reading the reproducer (an operator the
    // release does not know): the binary then decides what is left, not the reproducer.
    // Z3's own complaint that an answer contradicts the `:status` before it is no such error.
    let read_error = r
        .out
        .lines()
        .map(str::trim)
        .take_while(|l| !matches!(*l, "sat" | "unsat" | "unknown"))
        .find(|l| l.starts_with("(error") && !l.contains("check annotation"));
    if let Some(e) = read_error {
        return Probe::Undecided(format!("does not read the reproducer: {e} ({shown})"));
    }
    for (i, (a, e)) in answers.iter().zip(expected).enumerate() {
        let counts = unknown_is_bad || *a != "unknown";
        if counts && *a != e.to_string() {
            return Probe::Bad(format!("check {}: {a}, expected {e} ({shown})", i + 1));
        }
    }
    // Every check answered and none as the bug shows: for a wrong verdict an `unknown` is
    // no wrong verdict; where `unknown` is the bug, every check answered its status.
    if answers.len() == expected.len() {
        return Probe::Good(shown);
    }
    let error = r.out.lines().find(|l| l.starts_with("(error"));
    Probe::Undecided(match error {
        Some(e) => format!("does not read the reproducer: {e}"),
        None if r.timed_out => format!("timed out ({shown})"),
        None => format!("answers {shown:?} to {} checks", expected.len()),
    })
}

/// Bad where an `(error …)` comes before the first answer (an error after it is a
/// consequence of the answer, such as no model after `unsat`).
fn probe_error(binary: &Replayer, text: &str, timeout: Duration) -> Probe {
    let r = match binary.run(text, None, timeout) {
        Ok(r) => r,
        Err(e) => return Probe::Undecided(format!("cannot run {}: {e}", binary.describe())),
    };
    if r.signal {
        return Probe::Bad("killed by a signal".into());
    }
    let lines: Vec<&str> = r.out.lines().map(str::trim).collect();
    let first_answer = lines
        .iter()
        .position(|l| matches!(*l, "sat" | "unsat" | "unknown"));
    match lines[..first_answer.unwrap_or(lines.len())]
        .iter()
        .find(|l| l.starts_with("(error"))
    {
        Some(e) => Probe::Bad(e.to_string()),
        None => match first_answer {
            Some(i) => Probe::Good(lines[i].to_string()),
            None => Probe::Undecided(format!("no answer: {:?}", r.out)),
        },
    }
}

/// Whether a release was probed as one the bug affects, as the one that fixed it, or (with
/// every release probed) as one the index does not name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    Affected,
    Fixed,
    Unlisted,
}

/// One reproducer probed with one release's binary.
#[derive(Clone, Debug, Serialize)]
pub struct Verified {
    pub file: String,
    pub solver: SolverId,
    pub release: String,
    pub role: Role,
    pub probe: Probe,
    /// Affected and bad, fixed and good, or unlisted and not bad.
    pub ok: bool,
}

/// Probes every bug of the index that a release's own reader shows (or those whose file
/// contains `only`) with the releases it affects and its fix release — with `every`, with
/// every pinned release of its solver — replayed by each release's reader ([`Replayer`]:
/// Z3's and Yices's binaries, cvc5's wheel module), fetched into `store` as needed.
pub fn verify(
    store: &Path,
    timeout: Duration,
    only: Option<&str>,
    every: bool,
) -> Result<Vec<Verified>, String> {
    // Every probe to run, in the index's order.
    let mut jobs: Vec<(
        &'static Known,
        &'static str,
        crate::lang::ir::Formula,
        String,
        Role,
    )> = Vec::new();
    for k in known::index() {
        let unprobed = matches!(
            k.binary_shows(),
            BinaryShows::ApiOnly | BinaryShows::TooSlow | BinaryShows::Stopped
        );
        if unprobed || only.is_some_and(|o| !k.file.contains(o)) {
            continue;
        }
        let text =
            known::reproducer(&k.file).ok_or_else(|| format!("{} is not compiled in", k.file))?;
        let formula = crate::verdict::finding::reproducer_formula(text)
            .map_err(|e| format!("smtsmith does not read {}: {e}", k.file))?;
        let mut releases = Vec::new();
        for (listed, role) in k
            .versions
            .iter()
            .map(|r| (r, Role::Affected))
            .chain(k.fixed_in.iter().map(|r| (r, Role::Fixed)))
        {
            let version = bisect::pinned_release(k.solver, listed)
                .ok_or_else(|| format!("{}: {} {listed} is not pinned", k.file, k.solver))?;
            releases.push((version, role));
        }
        if every {
            for (version, _, _) in bisect::releases_of(k.solver) {
                if !releases.iter().any(|(v, _)| *v == version) {
                    releases.push((version, Role::Unlisted));
                }
            }
        }
        for (version, role) in releases {
            jobs.push((k, text, formula.clone(), version, role));
        }
    }
    // The probes are separate processes: one worker per core runs them (each probe is
    // timed by its own clock, so parallel probes judge alike).
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(jobs.len().max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<std::sync::Mutex<Option<Result<Verified, String>>>> =
        jobs.iter().map(|_| std::sync::Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((k, text, formula, version, role)) = jobs.get(i) else {
                    break;
                };
                let r = Replayer::of(k.solver, store, version, formula).map(|replayer| {
                    let probe = probe_known(k, text, &replayer, timeout);
                    let ok = match role {
                        Role::Affected => matches!(probe, Probe::Bad(_)),
                        Role::Fixed => matches!(probe, Probe::Good(_)),
                        Role::Unlisted => !matches!(probe, Probe::Bad(_)),
                    };
                    Verified {
                        file: k.file.clone(),
                        solver: k.solver,
                        release: version.clone(),
                        role: *role,
                        probe,
                        ok,
                    }
                });
                *results[i].lock().expect("no worker panics holding it") = Some(r);
            });
        }
    });
    results
        .into_iter()
        .map(|r| {
            r.into_inner()
                .expect("no worker panics holding it")
                .expect("every job ran")
        })
        .collect()
}

/// One trial as `scripts/bug-bench.sh` records it in `trial.json`.
#[derive(Clone, Debug, serde::Deserialize, Serialize)]
pub struct Trial {
    /// The Z3 release the trial's build links (cvc5 is the pinned one).
    pub z3: String,
    pub target: String,
    pub trial: u32,
    /// The trial's length in seconds.
    pub seconds: u64,
    /// The commit of smtsmith that ran it.
    #[serde(default)]
    pub commit: String,
    /// The settings the trial ran with besides the defaults (`bug-bench.sh --env`:
    /// `SMTSMITH_VAR=VALUE …`; empty: the defaults).
    #[serde(default)]
    pub variant: String,
}

/// A trial's triggers: known bug (its reproducer's file) → seconds into the trial when a
/// finding settled as that bug was first seen.
#[derive(Clone, Debug, Serialize)]
pub struct TrialResult {
    pub trial: Trial,
    pub dir: PathBuf,
    /// Bug (its reproducer's file) → seconds into the trial when a finding of it was first
    /// seen, public and own bugs alike ([`TrialResult::public`] splits them): the seconds
    /// of [`TrialResult::evidence`].
    pub triggered: BTreeMap<String, f64>,
    /// The bugs triggered by the fix-range rule ([`fix_range_bug`]), not by a replay.
    pub by_fix_range: Vec<String>,
    /// Bug → the finding that triggered it first: what a hand check of the trial reads.
    pub evidence: BTreeMap<String, Evidence>,
    /// Findings seen that are not a known bug (new, unsettled, performance, regression).
    pub other_findings: usize,
    /// Finding files that could not be read as a finding record: they trigger nothing, and
    /// the results say how many (a bug they hold would otherwise be lost without a word).
    pub unreadable_findings: Vec<PathBuf>,
    /// Where the trial's time went, from its campaign log.
    pub cost: TrialCost,
}

/// The finding that triggered a bug in a trial first, and how it was named.
#[derive(Clone, Debug, Serialize)]
pub struct Evidence {
    /// The finding's record (its reproducers are beside it).
    pub finding: PathBuf,
    pub seconds: f64,
    /// Named by the fix-range rule, not settled known by a replay.
    pub by_fix_range: bool,
}

impl Evidence {
    /// The reproducer a reader opens: the reduced one when there is one.
    pub fn reproducer(&self) -> PathBuf {
        let reduced = self.finding.with_extension("reduced.smt2");
        if reduced.is_file() {
            reduced
        } else {
            self.finding.with_extension("smt2")
        }
    }
}

/// Where a trial's time went, read from its `campaign.log`: the inputs it ran, the time its
/// solver calls spent past their limits (each fuzzing process's `hang tax:` line, summed per
/// solver), and the processes the watchdog ended with the seconds each spent in the call it
/// ended on.
#[derive(Clone, Debug, Default, Serialize)]
pub struct TrialCost {
    pub inputs: u64,
    pub z3_past_limits: f64,
    pub z3_in_calls: f64,
    pub cvc5_past_limits: f64,
    pub cvc5_in_calls: f64,
    #[serde(default)]
    pub yices_past_limits: f64,
    #[serde(default)]
    pub yices_in_calls: f64,
    pub watchdog_exits: u32,
    pub watchdog_exit_seconds: f64,
    /// Fuzzing processes the trial ran (a new one follows each that ends early).
    #[serde(default)]
    pub processes: u32,
    /// Seconds the processes after the first spent re-running the corpus before fuzzing
    /// (from a process's start, the end of the one before, to its `INITED` line).
    #[serde(default)]
    pub corpus_rerun_seconds: f64,
}

impl TrialCost {
    /// Reads the campaign log `log`.
    pub fn of_log(log: &str) -> TrialCost {
        let mut c = TrialCost::default();
        let mut started = 0.0;
        for line in log.lines() {
            if let Some(t) = inited_at(line) {
                if c.processes > 0 {
                    c.corpus_rerun_seconds += (t - started).max(0.0);
                }
            } else if let Some(rest) = line.strip_prefix("campaign: fuzzing process ") {
                // `K.N ended with status S at Ts[ (…)]`
                if let Some(t) = rest
                    .split_once(" at ")
                    .and_then(|(_, r)| r.split('s').next())
                    .and_then(|t| t.parse::<f64>().ok())
                {
                    c.processes += 1;
                    started = t;
                }
            } else if let Some(n) = line.strip_prefix("inputs run") {
                c.inputs = n.trim().parse().unwrap_or(0);
            } else if let Some(tax) = line.strip_prefix("smtsmith: hang tax: ") {
                for part in tax.split("; ") {
                    // `SOLVER P s past limits of T s in calls (…)`
                    let words: Vec<&str> = part.split_whitespace().collect();
                    let (Some(solver), Some(past), Some(all)) =
                        (words.first(), words.get(1), words.get(6))
                    else {
                        continue;
                    };
                    let (past, all) = (past.parse().unwrap_or(0.0), all.parse().unwrap_or(0.0));
                    match *solver {
                        "z3" => {
                            c.z3_past_limits += past;
                            c.z3_in_calls += all;
                        }
                        "cvc5" => {
                            c.cvc5_past_limits += past;
                            c.cvc5_in_calls += all;
                        }
                        "yices" => {
                            c.yices_past_limits += past;
                            c.yices_in_calls += all;
                        }
                        _ => {}
                    }
                }
            } else if let Some(rest) = line.strip_prefix("smtsmith watchdog: ") {
                // `SOLVER still in the same check after N s; exiting …`
                if let Some(n) = rest
                    .split_once("still in the same check after ")
                    .and_then(|(_, r)| r.split_whitespace().next())
                {
                    c.watchdog_exits += 1;
                    c.watchdog_exit_seconds += n.parse::<f64>().unwrap_or(0.0);
                }
            }
        }
        c
    }
}

/// The second of the trial at which a status line says libFuzzer has run its corpus:
/// `[MM:SS / MM:SS left] #N\tINITED …` (scripts/campaign.sh puts the clock in front).
fn inited_at(line: &str) -> Option<f64> {
    let (clock, rest) = line.strip_prefix('[')?.split_once(" / ")?;
    if !rest.contains("\tINITED") && !rest.contains(" INITED") {
        return None;
    }
    let (m, s) = clock.split_once(':')?;
    Some(m.parse::<f64>().ok()? * 60.0 + s.parse::<f64>().ok()?)
}

impl TrialResult {
    /// The public bugs triggered (index entries written from a public issue thread).
    pub fn public(&self) -> usize {
        self.triggered.keys().filter(|b| is_public(b)).count()
    }

    /// smtsmith's own bugs triggered.
    pub fn own(&self) -> usize {
        self.triggered.len() - self.public()
    }
}

/// Whether the index's bug `file` is a public one.
pub fn is_public(file: &str) -> bool {
    known::index()
        .iter()
        .any(|k| k.file == file && k.is_public())
}

/// How a finding's kind and a bug's class are compared by the fix-range rule: a verdict,
/// a model, a crash, an error, an incompleteness, a time limit, a core.
fn kind(class: &str) -> &'static str {
    match class {
        "wrong-sat" | "wrong-unsat" | "disagreement" => "verdict",
        "invalid-model" | "wrong-value" => "model",
        "crash" => "crash",
        "api-error" | "self-check" => "error",
        "incompleteness" => "incompleteness",
        "time-limit" | "performance" => "time",
        "invalid-core" => "core",
        _ => "other",
    }
}

/// Whether a finding of class `finding` can show bug `k`: a class of the bug of the same
/// kind, or both on the `sat` side — a wrong `sat` with a model is an invalid model when the
/// model is checked, and an invalid model of an unsatisfiable formula is a wrong `sat`. A
/// bug is a wrong `sat` when a class says so, or when it is a disagreement over a
/// reproducer whose status is `unsat` (Z3Prover/z3#2894's `roundToIntegral` bug, a
/// disagreement in the index, shows as invalid models of satisfiable formulas).
fn finding_can_show(k: &Known, finding: &str) -> bool {
    let sat_side = |c: &str| c == "wrong-sat" || kind(c) == "model";
    if k.classes.iter().any(|c| kind(c) == kind(finding)) {
        return true;
    }
    let wrong_sat = k.classes.iter().any(|c| sat_side(c))
        || (k.classes.iter().any(|c| c == "disagreement")
            && known::reproducer(&k.file).is_some_and(|t| statuses(t).contains(&Verdict::Unsat)));
    sat_side(finding) && wrong_sat
}

/// The fix-range rule (docs/lab/defaults-history.md, "The public-bug yardstick" and its dated rules 2–4):
/// the public bug a finding triggers without its own key — its reproducer, run by the
/// release binaries, shows on the release it was found with and on the bug's last affected
/// release before the bug's fix, and not on the fix release. The bug is of the finding's
/// solver, lists that release, can show as the finding's class ([`finding_can_show`]), is
/// fixed after that release, shares a theory operator with the finding (a bug none of the
/// finding's theory operators shows is another bug fixed in the same release) and sets no
/// option or tactic the finding lacks ([`setup_met`]). Of several, the one fixed first; of
/// those, the one sharing most theory operators; none on a tie. `probed` caches each
/// release's probe of this finding.
pub fn fix_range_bug(
    f: &bisect::FindingReplay,
    store: &Path,
    timeout: Duration,
    probed: &mut BTreeMap<String, String>,
) -> Option<String> {
    let releases: Vec<String> = bisect::releases_of(f.solver)
        .into_iter()
        .map(|(v, _, _)| v)
        .collect();
    let position = |v: &str| releases.iter().position(|r| r == v);
    let found_at = position(&f.found_in);
    let mut probe = |version: &str| -> String {
        probed
            .entry(version.to_string())
            .or_insert_with(|| match f.probe(store, version, timeout) {
                Probe::Bad(_) => "bad".into(),
                Probe::Good(_) => "good".into(),
                Probe::Undecided(_) => "undecided".into(),
            })
            .clone()
    };
    // The finding's operators, from the reproducer replayed (as the reach audit names them).
    let ops = theory_operators(&crate::tools::reach::of_formula(&f.expect.formula));
    let finding_setup = crate::tools::reach::of_reproducer(&f.script).unwrap_or_default();
    // (the fix's place among the releases, theory operators shared, the bug)
    let mut passing: Vec<(usize, usize, &Known)> = Vec::new();
    for k in known::index() {
        let Some(fixed) = k.fixed_in.as_deref() else {
            continue;
        };
        if !k.is_public()
            || k.solver.library() != f.solver
            || !k.affects(&f.found_in)
            || !finding_can_show(k, f.class.dir())
        {
            continue;
        }
        let Some(fixed) = bisect::pinned_release(k.solver, fixed) else {
            continue;
        };
        // A fix released before the trial's release did not end what the trial met: the
        // bug came back, and the index has the later fix as an entry of its own.
        let Some(fixed_at) = position(&fixed).filter(|&at| found_at.is_some_and(|f| at > f)) else {
            continue;
        };
        // The bug's last affected release before its fix.
        let Some(last) = releases[..fixed_at]
            .iter()
            .rev()
            .find(|r| k.affects(r))
            .cloned()
        else {
            continue;
        };
        let Some(bug) =
            known::reproducer(&k.file).and_then(|t| crate::tools::reach::of_reproducer(t).ok())
        else {
            continue;
        };
        let shared = theory_operators(&bug).intersection(&ops).count();
        if shared == 0 || !setup_met(&bug, &finding_setup) {
            continue;
        }
        if probe(&f.found_in) != "bad" || probe(&last) != "bad" || probe(&fixed) != "good" {
            continue;
        }
        passing.push((fixed_at, shared, k));
    }
    fixed_first(passing).map(|k| k.file.clone())
}

/// The operators among `ingredients` that belong to a theory other than the core one.
fn theory_operators(ingredients: &crate::tools::reach::Ingredients) -> BTreeSet<String> {
    ingredients
        .iter()
        .filter(|i| !crate::tools::reach::is_core_operator(i))
        .filter_map(|i| i.strip_prefix("op:"))
        .map(str::to_string)
        .collect()
}

/// Of the candidates `(place of the fix among the releases, theory operators shared, bug)`,
/// the one fixed first — that fix ended what the trial met; a bug that came back later is
/// another entry listing the same early releases, which passes too — and of those fixed
/// first, the one sharing most operators.
fn fixed_first<T>(candidates: Vec<(usize, usize, T)>) -> Option<T> {
    let earliest = candidates.iter().map(|c| c.0).min()?;
    most_shared(
        candidates
            .into_iter()
            .filter(|c| c.0 == earliest)
            .map(|(_, shared, k)| (shared, k))
            .collect(),
    )
}

/// Whether a finding run with the setup ingredients `finding` meets every option and Z3
/// tactic a bug's reproducer (ingredients `bug`) sets: a bug of Z3's `z3str3` string solver
/// is not met by a finding of the default one.
fn setup_met(
    bug: &crate::tools::reach::Ingredients,
    finding: &crate::tools::reach::Ingredients,
) -> bool {
    bug.iter()
        .filter(|i| i.starts_with("setup:option ") || i.starts_with("setup:z3 tactic "))
        .all(|i| finding.contains(i))
}

/// The candidate sharing most theory operators, none on a tie.
fn most_shared<T>(mut candidates: Vec<(usize, T)>) -> Option<T> {
    candidates.sort_by_key(|c| std::cmp::Reverse(c.0));
    let mut it = candidates.into_iter();
    match (it.next(), it.next()) {
        (Some((_, k)), None) => Some(k),
        (Some((a, k)), Some((b, _))) if a > b => Some(k),
        _ => None,
    }
}

/// The fix-range rule's results of one trial, kept in `fix-range.json` beside it (probing
/// takes the release binaries seconds per finding): per finding, the bug it triggers (or
/// none), the candidates it was tried against and the probes.
/// The fix-range rule's version (docs/lab/defaults-history.md, rules 2–4): a `fix-range.json` written
/// by another names its bugs again, from its kept probes.
const FIX_RANGE_RULE: u32 = 4;

#[derive(Clone, Debug, Default, serde::Deserialize, Serialize)]
struct FixRangeCache {
    /// The index's public bugs with a fix, when these were computed: a changed index
    /// computes them again.
    index: Vec<String>,
    /// The version of the rule that named the bugs ([`FIX_RANGE_RULE`]): another computes
    /// them again, from the kept probes.
    #[serde(default)]
    rule: u32,
    findings: BTreeMap<String, FixRangeResult>,
}

#[derive(Clone, Debug, Default, serde::Deserialize, Serialize)]
struct FixRangeResult {
    bug: Option<String>,
    probes: BTreeMap<String, String>,
    /// Why the finding was not tried (its reproducer does not replay, say).
    #[serde(default)]
    skipped: Option<String>,
}

/// Where and how long the fix-range rule probes: the wheels' store and one probe's limit.
#[derive(Clone, Debug)]
pub struct Probing {
    pub store: PathBuf,
    pub timeout: Duration,
}

/// Reads one trial folder: `trial.json`, `seen.tsv` (`SECONDS<TAB>STEM` — when the runner
/// first saw finding `STEM` anywhere under `findings/`) and the findings' JSON; with
/// `probing`, findings not settled known are tried by the fix-range rule too.
pub fn read_trial(dir: &Path, probing: Option<&Probing>) -> Result<TrialResult, String> {
    let err = |what: &str, e: String| format!("{}: {what}: {e}", dir.display());
    let trial: Trial = serde_json::from_str(
        &std::fs::read_to_string(dir.join("trial.json"))
            .map_err(|e| err("trial.json", e.to_string()))?,
    )
    .map_err(|e| err("trial.json", e.to_string()))?;
    let mut seen: BTreeMap<String, f64> = BTreeMap::new();
    let seen_text = std::fs::read_to_string(dir.join("seen.tsv")).unwrap_or_default();
    for line in seen_text.lines() {
        let Some((t, stem)) = line.split_once('\t') else {
            continue;
        };
        if let Ok(t) = t.trim().parse::<f64>() {
            let e = seen.entry(stem.trim().to_string()).or_insert(t);
            *e = e.min(t);
        }
    }
    let mut by_fix_range = Vec::new();
    let mut evidence: BTreeMap<String, Evidence> = BTreeMap::new();
    let mut other = 0;
    let mut unreadable = Vec::new();
    let public_fixed: Vec<String> = known::index()
        .iter()
        .filter(|k| k.is_public() && k.fixed_in.is_some())
        .map(|k| k.file.clone())
        .collect();
    let cache_path = dir.join("fix-range.json");
    let kept: Option<FixRangeCache> = std::fs::read_to_string(&cache_path)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok());
    // A probe is the same whatever the index or the rule: only the bugs are named again.
    let mut kept_probes: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let mut cache = match kept {
        Some(c) if c.index == public_fixed && c.rule == FIX_RANGE_RULE => c,
        other => {
            for (stem, r) in other.map(|c| c.findings).unwrap_or_default() {
                kept_probes.insert(stem, r.probes);
            }
            FixRangeCache {
                index: public_fixed.clone(),
                rule: FIX_RANGE_RULE,
                ..Default::default()
            }
        }
    };
    let mut cache_changed = false;
    // A trial that wrote nothing may have no findings folder.
    for json in crate::verdict::finding::json_files(&dir.join("findings")).unwrap_or_default() {
        let Ok(v) = crate::verdict::finding::FindingRecord::open(&json) else {
            unreadable.push(json.clone());
            continue;
        };
        let stem = json
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        // A finding seen by no poll (written and settled in the same instant as the end).
        let t = seen.get(&stem).copied().unwrap_or(trial.seconds as f64);
        // A trial lasts its `seconds`: a finding first seen after them (the campaign's last
        // moments past the trial's clock, or its reduction step) triggers nothing in it.
        if t > trial.seconds as f64 {
            other += 1;
            continue;
        }
        let bug = (v.status == crate::verdict::finding::Status::Known)
            .then_some(v.known.as_deref())
            .flatten()
            .and_then(bug_of);
        let replayed = bug.is_some();
        let bug = match (bug, probing) {
            (Some(b), _) => Some(b),
            (None, Some(p)) => {
                let r = cache.findings.entry(stem.clone()).or_insert_with(|| {
                    cache_changed = true;
                    match bisect::FindingReplay::open(&json) {
                        Ok(f) => {
                            let mut probes = kept_probes.remove(&stem).unwrap_or_default();
                            let bug = fix_range_bug(&f, &p.store, p.timeout, &mut probes);
                            FixRangeResult {
                                bug,
                                probes,
                                skipped: None,
                            }
                        }
                        Err(e) => FixRangeResult {
                            skipped: Some(e),
                            ..Default::default()
                        },
                    }
                });
                if let Some(b) = &r.bug {
                    by_fix_range.push(b.clone());
                }
                r.bug.clone()
            }
            (None, None) => None,
        };
        match bug {
            Some(file) => {
                let first = Evidence {
                    finding: json.clone(),
                    seconds: t,
                    by_fix_range: !replayed,
                };
                evidence
                    .entry(file)
                    .and_modify(|e| {
                        if t < e.seconds {
                            *e = first.clone();
                        }
                    })
                    .or_insert(first);
            }
            None => other += 1,
        }
    }
    if cache_changed {
        // Losing the cache costs only the probes again.
        let _ = std::fs::write(
            &cache_path,
            serde_json::to_string_pretty(&cache).unwrap_or_default(),
        );
    }
    by_fix_range.sort();
    by_fix_range.dedup();
    let triggered = evidence
        .iter()
        .map(|(bug, e)| (bug.clone(), e.seconds))
        .collect();
    let cost =
        TrialCost::of_log(&std::fs::read_to_string(dir.join("campaign.log")).unwrap_or_default());
    Ok(TrialResult {
        trial,
        dir: dir.to_path_buf(),
        triggered,
        by_fix_range,
        evidence,
        other_findings: other,
        unreadable_findings: unreadable,
        cost,
    })
}

/// The bug (its entry's `file`) a known reproducer's name belongs to.
fn bug_of(reproducer: &str) -> Option<String> {
    known::index()
        .iter()
        .find(|k| k.file == reproducer || k.also.iter().any(|a| a == reproducer))
        .map(|k| k.file.clone())
}

/// Every trial folder (one holding `trial.json`) under `root` (with `probing`, findings
/// not settled known tried by the fix-range rule).
pub fn results(root: &Path, probing: Option<&Probing>) -> Result<Vec<TrialResult>, String> {
    let mut dirs = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(d) = stack.pop() {
        if d.join("trial.json").is_file() {
            dirs.push(d);
            continue;
        }
        let entries = std::fs::read_dir(&d).map_err(|e| format!("{}: {e}", d.display()))?;
        for e in entries.flatten() {
            if e.path().is_dir() {
                stack.push(e.path());
            }
        }
    }
    dirs.sort();
    if dirs.is_empty() {
        return Err(format!("no trial (trial.json) under {}", root.display()));
    }
    dirs.iter().map(|d| read_trial(d, probing)).collect()
}

/// One cell of the grid (a Z3 release and a fuzz target) over its trials.
#[derive(Clone, Debug, Serialize)]
pub struct Cell {
    pub z3: String,
    pub target: String,
    /// The settings besides the defaults ([`Trial::variant`]).
    pub variant: String,
    pub trials: usize,
    pub seconds: u64,
    /// Per bug triggered in any trial: its times (one per trial that triggered it), the
    /// median over all trials (a trial that did not trigger it counts as never: the median
    /// is `None` when fewer than half did), and the fastest and slowest trigger.
    pub bugs: Vec<BugTimes>,
    /// Bugs triggered per trial.
    pub per_trial: Vec<usize>,
    /// Public bugs triggered per trial (the headline), and smtsmith's own.
    pub public_per_trial: Vec<usize>,
    pub own_per_trial: Vec<usize>,
    /// Each trial's cost, in trial order.
    pub costs: Vec<TrialCost>,
    /// Finding files of its trials that could not be read (they trigger nothing).
    pub unreadable_findings: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct BugTimes {
    pub bug: String,
    pub times: Vec<f64>,
    pub median: Option<f64>,
    pub min: f64,
    pub max: f64,
}

/// Groups trials into cells and computes each bug's time-to-bug over them.
pub fn cells(trials: &[TrialResult]) -> Vec<Cell> {
    let mut by: BTreeMap<(String, String, String), Vec<&TrialResult>> = BTreeMap::new();
    for t in trials {
        by.entry((
            t.trial.z3.clone(),
            t.trial.target.clone(),
            t.trial.variant.clone(),
        ))
        .or_default()
        .push(t);
    }
    by.into_iter()
        .map(|((z3, target, variant), ts)| {
            let mut bugs: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
            for t in &ts {
                for (b, s) in &t.triggered {
                    bugs.entry(b).or_default().push(*s);
                }
            }
            let n = ts.len();
            let bugs = bugs
                .into_iter()
                .map(|(b, mut times)| {
                    times.sort_by(f64::total_cmp);
                    BugTimes {
                        bug: b.to_string(),
                        median: median_with_censored(&times, n),
                        min: times[0],
                        max: *times.last().unwrap(),
                        times,
                    }
                })
                .collect();
            Cell {
                z3,
                target,
                variant,
                trials: n,
                seconds: ts.iter().map(|t| t.trial.seconds).max().unwrap_or(0),
                per_trial: ts.iter().map(|t| t.triggered.len()).collect(),
                public_per_trial: ts.iter().map(|t| t.public()).collect(),
                own_per_trial: ts.iter().map(|t| t.own()).collect(),
                costs: ts.iter().map(|t| t.cost.clone()).collect(),
                unreadable_findings: ts.iter().map(|t| t.unreadable_findings.len()).sum(),
                bugs,
            }
        })
        .collect()
}

/// The median of `n` trials' times where only `times` (sorted) triggered: the others are
/// "never" (right-censored, larger than every time), so the median exists only when at
/// least half the trials triggered.
pub fn median_with_censored(times: &[f64], n: usize) -> Option<f64> {
    if n == 0 || times.len() * 2 < n {
        return None;
    }
    // Lower median over n values of which the last n - len are +infinity.
    let k = (n - 1) / 2;
    if n % 2 == 1 {
        times.get(k).copied()
    } else {
        match (times.get(k), times.get(k + 1)) {
            (Some(a), Some(b)) => Some((a + b) / 2.0),
            _ => None,
        }
    }
}

/// The fraction of a cell's trials in which `bug` was still not triggered at each time a
/// trial triggered it (a Kaplan–Meier curve without censoring before the end): the points
/// of a survival plot, starting at (0, 1).
pub fn survival(times: &[f64], trials: usize) -> Vec<(f64, f64)> {
    let mut pts = vec![(0.0, 1.0)];
    let mut left = trials;
    for t in times {
        left = left.saturating_sub(1);
        pts.push((*t, left as f64 / trials.max(1) as f64));
    }
    pts
}

/// Seconds as `m:ss`.
fn clock(s: f64) -> String {
    let s = s.round() as u64;
    format!("{}:{:02}", s / 60, s % 60)
}

/// `m:ss` as seconds ([`clock`] read back); anything else is `None`.
fn clock_seconds(text: &str) -> Option<f64> {
    let (m, s) = text.trim().split_once(':')?;
    let (m, s): (u64, u64) = (m.parse().ok()?, s.parse().ok()?);
    (s < 60).then_some((m * 60 + s) as f64)
}

/// The cells as Markdown: per cell, bugs triggered per trial, then one row per bug.
pub fn table(cells: &[Cell]) -> String {
    let mut out = String::new();
    let median = |per: &[usize]| {
        let mut per = per.to_vec();
        per.sort_unstable();
        let med = if per.is_empty() {
            0.0
        } else if per.len() % 2 == 1 {
            per[per.len() / 2] as f64
        } else {
            (per[per.len() / 2 - 1] + per[per.len() / 2]) as f64 / 2.0
        };
        format!(
            "median {med}, {}–{} ({per:?})",
            per.first().unwrap_or(&0),
            per.last().unwrap_or(&0)
        )
    };
    for c in cells {
        out.push_str(&format!(
            "### Z3 {} · `{}`{} · {} trials × {}\n\n**Public bugs triggered per trial: {}.** \
             smtsmith's own bugs per trial: {}.\n\n",
            c.z3,
            c.target,
            variant_label(&c.variant),
            c.trials,
            clock(c.seconds as f64),
            median(&c.public_per_trial),
            median(&c.own_per_trial),
        ));
        out.push_str(&cost_line(c));
        if c.unreadable_findings > 0 {
            out.push_str(&format!(
                "**{} finding file(s) could not be read as finding records and trigger nothing** \
                 (`smtsmith triage` on a trial's findings names them).\n\n",
                c.unreadable_findings
            ));
        }
        if c.bugs.is_empty() {
            out.push_str("No known bug triggered.\n\n");
            continue;
        }
        out.push_str(
            "| bug | source | trials | median time | fastest | slowest | times |\n\
             |---|---|---|---|---|---|---|\n",
        );
        for b in &c.bugs {
            let times: Vec<String> = b.times.iter().copied().map(clock).collect();
            out.push_str(&format!(
                "| `{}` | {} | {}/{} | {} | {} | {} | {} |\n",
                b.bug,
                if is_public(&b.bug) { "public" } else { "own" },
                b.times.len(),
                c.trials,
                b.median
                    .map(clock)
                    .unwrap_or_else(|| "never (< half)".into()),
                clock(b.min),
                clock(b.max),
                times.join(", ")
            ));
        }
        out.push('\n');
    }
    out
}

/// How a cell's variant reads after its target: nothing for the defaults.
/// Every public bug each trial triggered, with the finding that did it first and how it
/// was named: the list a hand check of the fix-range rule's attributions reads (each
/// reproducer beside the bug's own), one line per (bug, trial).
pub fn evidence(trials: &[TrialResult]) -> String {
    let mut out = String::new();
    for t in trials {
        for (bug, e) in &t.evidence {
            if !is_public(bug) {
                continue;
            }
            out.push_str(&format!(
                "{}\t{}\ttrial {}\t{}\t{:.0} s\t{}\t{}\n",
                t.trial.z3,
                t.trial.target,
                t.trial.trial,
                bug,
                e.seconds,
                if e.by_fix_range {
                    "fix-range"
                } else {
                    "replay"
                },
                e.reproducer().display()
            ));
        }
    }
    out
}

fn variant_label(variant: &str) -> String {
    if variant.is_empty() {
        String::new()
    } else {
        format!(" · {variant}")
    }
}

/// A cell's cost in one paragraph: inputs per trial, the hang tax (time past limits) per
/// solver as a share of the trials' time, and the processes the watchdog ended.
fn cost_line(c: &Cell) -> String {
    if c.costs.is_empty() {
        return String::new();
    }
    let mut inputs: Vec<u64> = c.costs.iter().map(|t| t.inputs).collect();
    inputs.sort_unstable();
    let sum = |f: fn(&TrialCost) -> f64| c.costs.iter().map(f).sum::<f64>();
    let total = (c.seconds as f64 * c.costs.len() as f64).max(1.0);
    let (z3, cvc5, yices) = (
        sum(|t| t.z3_past_limits),
        sum(|t| t.cvc5_past_limits),
        sum(|t| t.yices_past_limits),
    );
    let exits: u32 = c.costs.iter().map(|t| t.watchdog_exits).sum();
    let processes: u32 = c.costs.iter().map(|t| t.processes).sum();
    let rerun = sum(|t| t.corpus_rerun_seconds);
    format!(
        "Inputs per trial: median {}, {}–{}. Fuzzing processes: {processes} over the trials; \
         the restarted ones re-ran the corpus for {rerun:.0} s ({:.1}% of the trials' time) \
         before fuzzing. Time past limits (summed over the trials): Z3 \
         {z3:.0} s of {:.0} s in its calls, cvc5 {cvc5:.0} s of {:.0} s, Yices {yices:.0} s of \
         {:.0} s; together {:.1}% of \
         the trials' {total:.0} s. Processes the watchdog ended: {exits} ({:.0} s in the calls \
         they ended on). **Hang tax** (time past limits and in the calls the watchdog ended, over \
         the trials' time): {:.1}%.\n\n",
        inputs[inputs.len() / 2],
        inputs[0],
        inputs[inputs.len() - 1],
        100.0 * rerun / total,
        sum(|t| t.z3_in_calls),
        sum(|t| t.cvc5_in_calls),
        sum(|t| t.yices_in_calls),
        100.0 * (z3 + cvc5 + yices) / total,
        sum(|t| t.watchdog_exit_seconds),
        100.0 * c.hang_tax(),
    )
}

impl Cell {
    /// The share of the trials' time spent in solver calls past their limits and in the
    /// calls the watchdog ended (docs/lab/defaults-history.md, "The public-bug yardstick").
    pub fn hang_tax(&self) -> f64 {
        let total = (self.seconds as f64 * self.costs.len() as f64).max(1.0);
        let lost: f64 = self
            .costs
            .iter()
            .map(|t| {
                t.z3_past_limits
                    + t.cvc5_past_limits
                    + t.yices_past_limits
                    + t.watchdog_exit_seconds
            })
            .sum();
        lost / total
    }
}

const PLOT_COLOURS: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
];

const PAGE_HEAD: &str = "<!doctype html><meta charset=utf-8><title>smtsmith bug benchmark</title>\
     <style>body{font:14px sans-serif;margin:2em}svg{border:1px solid #ccc}</style>";

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// One step line of a survival plot: a bug's trigger times (sorted) over `trials` trials.
struct Curve<'a> {
    bug: &'a str,
    times: &'a [f64],
    trials: usize,
    colour: &'a str,
    dashed: bool,
}

/// A survival plot over `span` seconds (the share of trials that had not yet triggered
/// each bug; a flat line at 1 is never) as an SVG element.
fn survival_svg(span: f64, curves: &[Curve]) -> String {
    const W: f64 = 560.0;
    const H: f64 = 220.0;
    let span = span.max(1.0);
    let x = |t: f64| 40.0 + (W - 50.0) * t / span;
    let y = |p: f64| 10.0 + (H - 20.0) * (1.0 - p);
    let mut out = format!(
        "<svg width={W} height={} viewBox='0 0 {W} {}'>\
         <line x1=40 y1={} x2={} y2={} stroke=#999 /><line x1=40 y1=10 x2=40 y2={} stroke=#999 />\
         <text x=2 y=14>1</text><text x=2 y={}>0</text><text x={} y={}>{}</text>",
        H + 30.0,
        H + 30.0,
        y(0.0),
        W - 10.0,
        y(0.0),
        y(0.0),
        y(0.0),
        W - 40.0,
        H + 20.0,
        clock(span)
    );
    for c in curves {
        let pts = survival(c.times, c.trials);
        let mut d = format!("M{:.1},{:.1}", x(0.0), y(1.0));
        for w in pts.windows(2) {
            d.push_str(&format!(" H{:.1} V{:.1}", x(w[1].0), y(w[1].1)));
        }
        d.push_str(&format!(" H{:.1}", x(span)));
        out.push_str(&format!(
            "<path d='{d}' fill=none stroke='{}' stroke-width=2{}><title>{}</title></path>",
            c.colour,
            if c.dashed {
                " stroke-dasharray='6,4'"
            } else {
                ""
            },
            html_escape(c.bug)
        ));
    }
    out.push_str("</svg>");
    out
}

/// An HTML page with one survival plot per cell: per bug, the share of trials that had not
/// yet triggered it over the trial's time (a step line; a flat line at 1 is never).
pub fn html(cells: &[Cell]) -> String {
    let mut out = format!("{PAGE_HEAD}<h1>Time to bug: survival per cell</h1>");
    for c in cells {
        out.push_str(&format!(
            "<h2>Z3 {} · {}{} · {} trials × {}</h2>",
            html_escape(&c.z3),
            html_escape(&c.target),
            html_escape(&variant_label(&c.variant)),
            c.trials,
            clock(c.seconds as f64),
        ));
        let curves: Vec<Curve> = c
            .bugs
            .iter()
            .enumerate()
            .map(|(i, b)| Curve {
                bug: &b.bug,
                times: &b.times,
                trials: c.trials,
                colour: PLOT_COLOURS[i % PLOT_COLOURS.len()],
                dashed: false,
            })
            .collect();
        out.push_str(&survival_svg(c.seconds as f64, &curves));
        out.push_str("<ul>");
        for (i, b) in c.bugs.iter().enumerate() {
            out.push_str(&format!(
                "<li><span style='color:{}'>&#9632;</span> {} — {}/{} trials, median {}</li>",
                PLOT_COLOURS[i % PLOT_COLOURS.len()],
                html_escape(&b.bug),
                b.times.len(),
                c.trials,
                b.median
                    .map(clock)
                    .unwrap_or_else(|| "never (fewer than half)".into())
            ));
        }
        out.push_str(&format!("</ul><p>{}</p>", html_escape(cost_line(c).trim())));
    }
    out
}

/// What the comparison of two arms needs of one cell: public bugs per trial, and per bug
/// the trials that triggered it. Read from trials ([`Counts::of_cell`]) or from the
/// Markdown `bugs results` wrote ([`Counts::from_markdown`]: an arm whose trial folders are
/// gone is compared by its recorded table).
#[derive(Clone, Debug, PartialEq)]
pub struct Counts {
    pub z3: String,
    pub target: String,
    pub trials: usize,
    pub public_per_trial: Vec<usize>,
    /// Bug (its reproducer's file) → trials that triggered it.
    pub triggered: BTreeMap<String, usize>,
    /// The trial's length in seconds.
    pub seconds: u64,
    /// Bug → its trigger times (sorted, one per trial that triggered it), where they are
    /// known: always from trials; from a table, its `times` column, or its fastest and
    /// slowest where at most two trials triggered the bug (tables written before that
    /// column have no other times).
    pub times: BTreeMap<String, Vec<f64>>,
}

impl Counts {
    pub fn of_cell(c: &Cell) -> Counts {
        Counts {
            z3: c.z3.clone(),
            target: c.target.clone(),
            trials: c.trials,
            public_per_trial: c.public_per_trial.clone(),
            triggered: c
                .bugs
                .iter()
                .map(|b| (b.bug.clone(), b.times.len()))
                .collect(),
            seconds: c.seconds,
            times: c
                .bugs
                .iter()
                .map(|b| (b.bug.clone(), b.times.clone()))
                .collect(),
        }
    }

    /// A bug's trigger times in this cell: none when no trial triggered it, `None` when
    /// they were not recorded.
    pub fn times_of(&self, bug: &str) -> Option<&[f64]> {
        match self.triggered.get(bug) {
            None => Some(&[]),
            Some(_) => self.times.get(bug).map(Vec::as_slice),
        }
    }

    /// The cells of a `bugs results` Markdown table ([`table`]).
    pub fn from_markdown(text: &str) -> Result<Vec<Counts>, String> {
        let mut out: Vec<Counts> = Vec::new();
        for line in text.lines() {
            if let Some(head) = line.strip_prefix("### Z3 ") {
                // `4.8.7.0 · `differential` · 5 trials × 20:00`, a variant's label between
                // the target and the trials (`· SMTSMITH_THEORIES=all,fp ·`).
                let parts: Vec<&str> = head.split(" · ").collect();
                let [z3, target, rest @ ..] = parts.as_slice() else {
                    return Err(format!("unreadable cell heading: {line}"));
                };
                let trials = rest
                    .iter()
                    .find(|p| p.contains(" trials"))
                    .and_then(|p| p.split_whitespace().next())
                    .and_then(|n| n.parse().ok())
                    .ok_or_else(|| format!("no trial count in: {line}"))?;
                let seconds = rest
                    .iter()
                    .find_map(|p| p.split_once(" trials × "))
                    .and_then(|(_, length)| clock_seconds(length))
                    .ok_or_else(|| format!("no trial length in: {line}"))?;
                out.push(Counts {
                    z3: z3.to_string(),
                    target: target.trim_matches('`').to_string(),
                    trials,
                    public_per_trial: Vec::new(),
                    triggered: BTreeMap::new(),
                    seconds: seconds as u64,
                    times: BTreeMap::new(),
                });
            } else if let (Some(c), Some(rest)) = (
                out.last_mut(),
                line.strip_prefix("**Public bugs triggered per trial:"),
            ) {
                let list = rest
                    .split_once("([")
                    .and_then(|(_, r)| r.split_once("])"))
                    .map(|(l, _)| l)
                    .ok_or_else(|| format!("no per-trial list in: {line}"))?;
                c.public_per_trial = list
                    .split(", ")
                    .map(|n| n.trim().parse().map_err(|e| format!("{n}: {e}")))
                    .collect::<Result<_, _>>()?;
            } else if let (Some(c), Some(row)) = (out.last_mut(), line.strip_prefix("| `")) {
                let cols: Vec<&str> = row.split(" | ").collect();
                let (Some(bug), Some(k)) = (cols.first(), cols.get(2)) else {
                    continue;
                };
                let k = k
                    .split('/')
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or_else(|| format!("no trial count in: {line}"))?;
                let bug = bug.trim_end_matches('`').to_string();
                // Columns: bug, source, trials, median, fastest, slowest[, times].
                let column = |i: usize| cols.get(i).map(|c| c.trim().trim_end_matches('|').trim());
                let times: Option<Vec<f64>> = match column(6) {
                    Some(list) => list.split(", ").map(clock_seconds).collect(),
                    None => match (
                        k,
                        column(4).and_then(clock_seconds),
                        column(5).and_then(clock_seconds),
                    ) {
                        (1, Some(t), _) => Some(vec![t]),
                        (2, Some(a), Some(b)) => Some(vec![a, b]),
                        _ => None,
                    },
                };
                if let Some(mut times) = times.filter(|t| t.len() == k) {
                    times.sort_by(f64::total_cmp);
                    c.times.insert(bug.clone(), times);
                }
                c.triggered.insert(bug, k);
            }
        }
        if out.is_empty() {
            return Err("no cell (a `### Z3 …` heading) in the table".into());
        }
        Ok(out)
    }
}

/// The cells two arms share: the same Z3 release and target in both; or, when each arm
/// is one cell of the same release, those two (two targets compared, as the enumerate
/// target's rule in docs/lab/defaults-history.md).
fn arm_pairs<'a>(before: &'a [Counts], after: &'a [Counts]) -> Vec<(&'a Counts, &'a Counts)> {
    let mut pairs: Vec<(&Counts, &Counts)> = after
        .iter()
        .filter_map(|a| {
            before
                .iter()
                .find(|b| b.z3 == a.z3 && b.target == a.target)
                .map(|b| (b, a))
        })
        .collect();
    if let ([b], [a]) = (before, after) {
        if pairs.is_empty() && b.z3 == a.z3 {
            pairs.push((b, a));
        }
    }
    pairs
}

fn cell_name(b: &Counts, a: &Counts) -> String {
    if b.target == a.target {
        format!("Z3 {} `{}`", a.z3, a.target)
    } else {
        format!("Z3 {} `{}` → `{}`", a.z3, b.target, a.target)
    }
}

/// The before/after comparison drawn: per cell both arms share, one survival plot of the
/// public bugs and one of smtsmith's own, each bug in one colour, the before arm dashed
/// and the after arm solid. A bug whose times one arm did not record (a table written
/// before the `times` column, the bug triggered in three or more trials) is listed, not
/// drawn.
pub fn compare_html(before: &[Counts], after: &[Counts]) -> String {
    let mut out = format!(
        "{PAGE_HEAD}<h1>Time to bug, before (dashed) and after (solid): survival per cell</h1>"
    );
    for (b, a) in arm_pairs(before, after) {
        out.push_str(&format!(
            "<h2>{} · before {} trials × {}, after {} trials × {}</h2>",
            html_escape(&cell_name(b, a).replace('`', "")),
            b.trials,
            clock(b.seconds as f64),
            a.trials,
            clock(a.seconds as f64)
        ));
        let span = b.seconds.max(a.seconds) as f64;
        let mut bugs: Vec<&String> = b.triggered.keys().chain(a.triggered.keys()).collect();
        bugs.sort();
        bugs.dedup();
        for public in [true, false] {
            let of_kind: Vec<&String> = bugs
                .iter()
                .copied()
                .filter(|bug| is_public(bug) == public)
                .collect();
            let kind = if public {
                "Public bugs"
            } else {
                "smtsmith's own bugs"
            };
            if of_kind.is_empty() {
                out.push_str(&format!("<h3>{kind}</h3><p>None triggered.</p>"));
                continue;
            }
            let mut curves = Vec::new();
            let mut legend = String::new();
            for (i, bug) in of_kind.iter().enumerate() {
                let colour = PLOT_COLOURS[i % PLOT_COLOURS.len()];
                let counts = format!(
                    "{}/{} → {}/{} trials",
                    b.triggered.get(*bug).unwrap_or(&0),
                    b.trials,
                    a.triggered.get(*bug).unwrap_or(&0),
                    a.trials
                );
                match (b.times_of(bug), a.times_of(bug)) {
                    (Some(tb), Some(ta)) => {
                        curves.push(Curve {
                            bug,
                            times: tb,
                            trials: b.trials,
                            colour,
                            dashed: true,
                        });
                        curves.push(Curve {
                            bug,
                            times: ta,
                            trials: a.trials,
                            colour,
                            dashed: false,
                        });
                        legend.push_str(&format!(
                            "<li><span style='color:{colour}'>&#9632;</span> {} — {counts}</li>",
                            html_escape(bug)
                        ));
                    }
                    _ => legend.push_str(&format!(
                        "<li>{} — {counts} (not drawn: its times were not recorded)</li>",
                        html_escape(bug)
                    )),
                }
            }
            out.push_str(&format!("<h3>{kind}</h3>"));
            out.push_str(&survival_svg(span, &curves));
            out.push_str(&format!("<ul>{legend}</ul>"));
        }
    }
    out
}

/// The before/after comparison of two arms by the rules of docs/lab/defaults-history.md: per cell (the
/// same Z3 release and target in both), the one-sided exact Mann–Whitney U test that the
/// after arm triggers more public bugs per trial, Holm-corrected over the cells; per (cell,
/// bug) that either arm triggers, the one-sided Fisher's exact test that more of the after
/// arm's trials trigger it, Holm-corrected over all those pairs. Markdown.
pub fn compare(before: &[Counts], after: &[Counts]) -> String {
    use std::fmt::Write;
    let pairs = arm_pairs(before, after);
    let as_f64 = |v: &[usize]| v.iter().map(|x| *x as f64).collect::<Vec<f64>>();
    let cell_p: Vec<f64> = pairs
        .iter()
        .map(|(b, a)| {
            crate::tools::stats::mann_whitney_greater(
                &as_f64(&b.public_per_trial),
                &as_f64(&a.public_per_trial),
            )
            .unwrap_or(1.0)
        })
        .collect();
    let cell_adj = crate::tools::stats::holm(&cell_p);
    let mut out = String::new();
    let _ = writeln!(out, "### Public bugs per trial, before → after\n");
    let _ = writeln!(
        out,
        "| cell | before | after | one-sided Mann–Whitney p | Holm-adjusted (over {} cells) |",
        pairs.len()
    );
    let _ = writeln!(out, "|---|---|---|---|---|");
    for (k, (b, a)) in pairs.iter().enumerate() {
        let _ = writeln!(
            out,
            "| {} | {:?} | {:?} | {:.4} | {:.4} |",
            cell_name(b, a),
            b.public_per_trial,
            a.public_per_trial,
            cell_p[k],
            cell_adj[k]
        );
    }
    let mut rows = Vec::new();
    for (b, a) in &pairs {
        let mut bugs: Vec<&String> = b.triggered.keys().chain(a.triggered.keys()).collect();
        bugs.sort();
        bugs.dedup();
        for bug in bugs {
            let tb = b.triggered.get(bug).copied().unwrap_or(0);
            let ta = a.triggered.get(bug).copied().unwrap_or(0);
            let p = crate::tools::stats::fisher_greater(ta, a.trials, tb, b.trials);
            rows.push((cell_name(b, a), bug.clone(), tb, b.trials, ta, a.trials, p));
        }
    }
    let adj = crate::tools::stats::holm(&rows.iter().map(|r| r.6).collect::<Vec<_>>());
    let _ = writeln!(out, "\n### Trials triggering each bug, before → after\n");
    let _ = writeln!(
        out,
        "| cell | bug | source | before | after | one-sided Fisher p | Holm-adjusted (over {} pairs) |",
        rows.len()
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|");
    for (k, (cell, bug, tb, nb, ta, na, p)) in rows.iter().enumerate() {
        let source = if is_public(bug) { "public" } else { "own" };
        let _ = writeln!(
            out,
            "| {cell} | `{bug}` | {source} | {tb}/{nb} | {ta}/{na} | {p:.4} | {:.4} |",
            adj[k]
        );
    }
    let better: Vec<String> = pairs
        .iter()
        .zip(&cell_adj)
        .filter(|(_, p)| **p < 0.05)
        .map(|((b, a), _)| cell_name(b, a))
        .chain(
            rows.iter()
                .zip(&adj)
                .filter(|(_, p)| **p < 0.05)
                .map(|(r, _)| format!("{} on {}", r.1, r.0)),
        )
        .collect();
    let unmatched: Vec<String> = after
        .iter()
        .filter(|a| !pairs.iter().any(|(_, x)| std::ptr::eq(*x, *a)))
        .map(|a| format!("Z3 {} `{}`", a.z3, a.target))
        .collect();
    let _ = writeln!(
        out,
        "\n**By the rule (α = 0.05 after Holm):** {}{}",
        if better.is_empty() {
            "no difference shown.".to_string()
        } else {
            format!("the after arm is better in {}.", better.join("; "))
        },
        if unmatched.is_empty() {
            String::new()
        } else {
            format!(
                " Cells of the after arm with no before cell (not compared): {}.",
                unmatched.join(", ")
            )
        }
    );
    out
}

#[cfg(test)]
mod compare_tests {
    use super::*;

    const TABLE: &str = "### Z3 4.12.2.0 · `differential` · 5 trials × 20:00

**Public bugs triggered per trial: median 0, 0–1 ([0, 0, 0, 1, 1]).** smtsmith's own bugs per trial: median 0, 0–0 ([0, 0, 0, 0, 0]).

| bug | source | trials | median time | fastest | slowest |
|---|---|---|---|---|---|
| `z3-4.15.4-const-bool-int-array-equality-sat.smt2` | public | 2/5 | never (< half) | 4:07 | 9:12 |
";

    /// A recorded table reads back as the counts it shows, and two arms compare by the
    /// rule: the same counts show no difference; an after arm triggering in all five
    /// trials where the before arm did in none is better for that cell and bug.
    #[test]
    fn recorded_tables_read_back_and_compare() {
        let before = Counts::from_markdown(TABLE).unwrap();
        assert_eq!(before.len(), 1);
        assert_eq!(before[0].z3, "4.12.2.0");
        assert_eq!(before[0].target, "differential");
        assert_eq!(before[0].public_per_trial, vec![0, 0, 0, 1, 1]);
        assert_eq!(
            before[0]
                .triggered
                .get("z3-4.15.4-const-bool-int-array-equality-sat.smt2"),
            Some(&2)
        );
        assert!(compare(&before, &before).contains("no difference shown"));
        let mut after = before.clone();
        after[0].public_per_trial = vec![2, 2, 3, 3, 4];
        after[0].triggered.insert(
            "z3-4.8.8-const-bool-array-store-equality-sat.smt2".into(),
            5,
        );
        let text = compare(&before, &after);
        assert!(
            text.contains("the after arm is better in Z3 4.12.2.0 `differential`"),
            "{text}"
        );
        assert!(text.contains("| 0/5 | 5/5 | 0.0040 |"), "{text}");
        // One cell against one of another target on the same release: the two targets.
        after[0].target = "enumerate".into();
        let text = compare(&before, &after);
        assert!(
            text.contains(
                "| Z3 4.12.2.0 `differential` → `enumerate` | [0, 0, 0, 1, 1] | [2, 2, 3, 3, 4] |"
            ),
            "{text}"
        );
        after[0].z3 = "4.8.7.0".into();
        assert!(!compare(&before, &after).contains("`differential` → `enumerate`"));
        let variant = TABLE.replacen(
            "`differential` · ",
            "`differential` · SMTSMITH_THEORIES=all,fp · ",
            1,
        );
        assert_eq!(
            Counts::from_markdown(&variant).unwrap()[0].trials,
            before[0].trials
        );
        assert!(Counts::from_markdown("nothing").is_err());
    }

    /// Trigger times read back from a table: its `times` column where it has one; in an
    /// older table (no such column) the fastest and slowest are every time only when at
    /// most two trials triggered the bug, so a bug of three trials has none recorded and
    /// the drawn comparison lists it without a curve.
    #[test]
    fn recorded_times_read_back_and_are_drawn_where_known() {
        let before = Counts::from_markdown(TABLE).unwrap();
        assert_eq!(before[0].seconds, 1200);
        let public = "z3-4.15.4-const-bool-int-array-equality-sat.smt2";
        assert_eq!(before[0].times_of(public), Some(&[247.0, 552.0][..]));
        assert_eq!(before[0].times_of("never-triggered.smt2"), Some(&[][..]));
        let own = "z3-4.8.7-nested-mod-by-zero-invalid-model.smt2";
        let older = format!("{TABLE}| `{own}` | own | 3/5 | 5:00 | 0:15 | 9:00 |\n");
        let older = Counts::from_markdown(&older).unwrap();
        assert_eq!(older[0].triggered.get(own), Some(&3));
        assert_eq!(older[0].times_of(own), None);
        let newer = TABLE
            .replace("| slowest |", "| slowest | times |")
            .replace("| 4:07 | 9:12 |", "| 4:07 | 9:12 | 4:07, 9:12 |")
            + &format!("| `{own}` | own | 3/5 | 5:00 | 0:15 | 9:00 | 9:00, 0:15, 5:00 |\n");
        let newer = Counts::from_markdown(&newer).unwrap();
        assert_eq!(newer[0].times_of(own), Some(&[15.0, 300.0, 540.0][..]));
        assert_eq!(newer[0].times_of(public), Some(&[247.0, 552.0][..]));
        let page = compare_html(&older, &newer);
        assert_eq!(page.matches("<svg").count(), 2, "{page}");
        assert!(page.contains("stroke-dasharray"), "{page}");
        assert!(
            page.contains(&format!("{own} — 3/5 → 3/5 trials (not drawn")),
            "{page}"
        );
        let page = compare_html(&newer, &newer);
        assert!(!page.contains("not drawn"), "{page}");
        // Both arms' curves of each drawn bug: two public paths, two own.
        assert_eq!(page.matches("<path").count(), 4, "{page}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A FloatingPoint invalid model of Z3 4.8.7 that Z3 4.8.9 and 4.12.1 show and 4.12.2
    /// does not (a trial's reduced finding, probed by those binaries) has the releases of
    /// the `seq.last_indexof` bug, but no operator of it: the rule names no bug for it.
    /// The `indexof`-of-`substr` bug's reproducer and a finding about string lengths share one.
    #[test]
    fn the_fix_range_rule_needs_a_shared_theory_operator() {
        let finding = crate::tools::reach::of_reproducer(
            "(declare-fun a () (_ FloatingPoint 3 24))\n(declare-fun b () (_ FloatingPoint 3 24))\n\
             (assert (fp.isZero (fp.add RNE a b)))\n(check-sat)\n",
        )
        .unwrap();
        let ops = theory_operators(&finding);
        assert_eq!(
            ops,
            ["fp.add", "fp.isZero"].map(String::from).into(),
            "{finding:?}"
        );
        let shared_with = |bug: &str| {
            let text = known::reproducer(bug).unwrap_or_else(|| panic!("{bug} not in the index"));
            theory_operators(&crate::tools::reach::of_reproducer(text).unwrap())
                .intersection(&ops)
                .count()
        };
        assert_eq!(
            shared_with("z3-4.8.5-last-indexof-empty-invalid-model.smt2"),
            0
        );
        assert_eq!(shared_with("z3-4.8.6-fp-rem-isinfinite-wrong-sat.smt2"), 0);
        let strings = theory_operators(
            &crate::tools::reach::of_reproducer(
                "(declare-fun s () String)\n(assert (= (str.len s) 2))\n(check-sat)\n",
            )
            .unwrap(),
        );
        let indexof = theory_operators(
            &crate::tools::reach::of_reproducer(
                known::reproducer("z3-4.8.5-indexof-substr-let-wrong-unsat.smt2").unwrap(),
            )
            .unwrap(),
        );
        assert!(
            indexof.contains("str.len") && strings.is_subset(&indexof),
            "{indexof:?}"
        );
    }

    /// Read from the index: the `roundToIntegral` bug is a disagreement over an unsat
    /// reproducer (a wrong sat), the constant Bool-array bug an invalid model, the
    /// `indexof`-of-`substr` bug a wrong unsat.
    #[test]
    fn a_wrong_sat_and_an_invalid_model_meet_and_a_wrong_unsat_meets_neither() {
        let bug = |f: &str| {
            known::index()
                .iter()
                .find(|k| k.file == f)
                .unwrap_or_else(|| panic!("{f} not in the index"))
        };
        let rti = bug("z3-4.8.5-fp-roundtointegral-idempotent-wrong-sat.smt2");
        assert_eq!(rti.classes, ["disagreement"]);
        assert!(finding_can_show(rti, "invalid-model"));
        assert!(finding_can_show(rti, "wrong-sat"));
        let arrays = bug("z3-4.8.8-const-bool-array-store-equality-sat.smt2");
        assert!(finding_can_show(arrays, "wrong-sat"));
        assert!(!finding_can_show(arrays, "crash"));
        let indexof = bug("z3-4.8.5-indexof-substr-let-wrong-unsat.smt2");
        assert!(finding_can_show(indexof, "wrong-unsat"));
        assert!(
            !finding_can_show(indexof, "invalid-model"),
            "{:?}",
            indexof.classes
        );
    }

    /// The z3str3 bug's reproducer sets `smt.string_solver`: a finding without it does not
    /// meet it, one with it does.
    #[test]
    fn a_bug_of_an_option_is_met_only_by_a_finding_with_it() {
        let bug = crate::tools::reach::of_reproducer(
            known::reproducer("z3-4.8.5-z3str3-int-to-str-negative-wrong-sat.smt2").unwrap(),
        )
        .unwrap();
        let plain = "(declare-fun i () Int)\n(assert (< i 1))\n(check-sat)\n";
        let without = crate::tools::reach::of_reproducer(plain).unwrap();
        assert!(!setup_met(&bug, &without));
        let with = crate::tools::reach::of_reproducer(&format!(
            "(set-option :smt.string_solver z3str3)\n{plain}"
        ))
        .unwrap();
        assert!(setup_met(&bug, &with), "{bug:?}");
    }

    #[test]
    fn of_candidates_the_one_sharing_most_operators_wins_and_a_tie_names_none() {
        assert_eq!(most_shared::<&str>(vec![]), None);
        assert_eq!(most_shared(vec![(1, "a")]), Some("a"));
        assert_eq!(most_shared(vec![(1, "a"), (3, "b"), (2, "c")]), Some("b"));
        assert_eq!(most_shared(vec![(2, "a"), (2, "b"), (1, "c")]), None);
    }

    /// Z3's constant Bool-array store bug (fixed in 4.8.9) came back in 4.8.15 (fixed in
    /// 4.15.8); the second entry lists 4.8.5–4.8.8 too, so a 4.8.7 finding passes both with
    /// the same operators: the fix that came first names it.
    #[test]
    fn of_candidates_the_bug_fixed_first_wins() {
        assert_eq!(
            fixed_first(vec![(30, 2, "came back"), (4, 2, "first")]),
            Some("first")
        );
        assert_eq!(
            fixed_first(vec![(4, 1, "a"), (4, 3, "b"), (2, 1, "c")]),
            Some("c")
        );
        assert_eq!(
            fixed_first(vec![(4, 1, "a"), (4, 1, "b"), (9, 5, "c")]),
            None
        );
        assert_eq!(fixed_first::<&str>(vec![]), None);
    }

    #[test]
    fn statuses_follow_the_checks_they_precede() {
        let text = "; (set-info :status sat)\n(set-info :status sat)\n(check-sat)\n\
                    (push 1)\n(set-info :status unsat)\n(check-sat)\n(check-sat)\n";
        assert_eq!(
            statuses(text),
            vec![Verdict::Sat, Verdict::Unsat, Verdict::Unsat]
        );
        assert!(statuses("(check-sat)\n").is_empty());
    }

    #[test]
    fn a_trials_cost_is_read_from_its_campaign_log() {
        let log = "smtsmith: hang tax: z3 1.8 s past limits of 29.0 s in calls (2 of 23552 calls: QF_BV 1.8 s); cvc5 0.0 s past limits of 12.9 s in calls (0 of 29546 calls)\n\
                   smtsmith watchdog: z3 still in the same check after 45 s; exiting (the time-limit finding is written)\n\
                   smtsmith: hang tax: z3 0.0 s past limits of 3.0 s in calls (0 of 10 calls); cvc5 3.3 s past limits of 20.8 s in calls (2 of 27560 calls: QF_BV 3.3 s)\n\
                   \x20 hang tax: z3 9.9 s past limits of 99.0 s in calls (the summary's copy, not counted)\n\
                   inputs run                 10596\n";
        let c = TrialCost::of_log(log);
        assert_eq!(c.inputs, 10596);
        assert!((c.z3_past_limits - 1.8).abs() < 1e-9, "{c:?}");
        assert!((c.z3_in_calls - 32.0).abs() < 1e-9, "{c:?}");
        assert!((c.cvc5_past_limits - 3.3).abs() < 1e-9, "{c:?}");
        assert!((c.cvc5_in_calls - 33.7).abs() < 1e-9, "{c:?}");
        assert_eq!((c.watchdog_exits, c.watchdog_exit_seconds), (1, 45.0));
    }

    /// Two processes: the second, started when the first ended at 47 s, ran its corpus
    /// until 1:15, so 28 s went to the re-run; the first process's own start is no re-run.
    #[test]
    fn the_corpus_reruns_after_restarts_are_read_from_the_campaign_log() {
        let log = "[00:00 / 20:00 left] #2\tINITED cov: 1224 ft: 1225 corp: 1/1b exec/s: 0 rss: 66Mb\n\
                   campaign: fuzzing process 1.1 ended with status 77 at 47s\n\
                   INFO: seed corpus: files: 508 min: 1b max: 740b total: 58809b rss: 65Mb\n\
                   [01:15 / 18:45 left] #509\tINITED cov: 16138 ft: 49606 corp: 400/40Kb exec/s: 18 rss: 293Mb\n\
                   [01:20 / 18:40 left] #600\tNEW    cov: 16139\n\
                   campaign: fuzzing process 1.2 ended with status 0 at 1206s (stopped at the deadline)\n";
        let c = TrialCost::of_log(log);
        assert_eq!(c.processes, 2);
        assert!((c.corpus_rerun_seconds - 28.0).abs() < 1e-9, "{c:?}");
    }

    #[test]
    fn a_median_needs_half_the_trials() {
        assert_eq!(median_with_censored(&[10.0, 20.0, 30.0], 5), Some(30.0));
        assert_eq!(median_with_censored(&[10.0, 20.0], 5), None);
        assert_eq!(median_with_censored(&[10.0, 20.0], 4), None);
        assert_eq!(median_with_censored(&[10.0, 20.0, 40.0], 4), Some(30.0));
        assert_eq!(median_with_censored(&[], 0), None);
    }

    #[test]
    fn survival_falls_by_one_trial_per_trigger() {
        assert_eq!(
            survival(&[5.0, 9.0], 4),
            vec![(0.0, 1.0), (5.0, 0.75), (9.0, 0.5)]
        );
    }
}
