//! Release bisection of a finding (the idea of ET, Bringolf et al.: say which releases a
//! bug affects): the finding's reproducer — its reduced form where there is one — is
//! replayed by each pinned release of the blamed solver (Z3's releases of
//! `vendor/z3-solver.sha256`, cvc5's of `vendor/cvc5.sha256`, Yices's of
//! `vendor/yices.sha256`; fetched once, hash-checked, into `vendor/solvers/`) through that
//! release's own SMT-LIB reader ([`Replayer`]), each answer is judged against the finding's
//! class (an invalid model by smtsmith's evaluator), and the first bad / last good releases
//! before the finding's release and the last bad / first good after it are found by binary
//! search. The search assumes one introduction and one fix; every probe is recorded, so a
//! non-monotone history shows.

mod replayer;

use crate::dialect::solver_id::SolverId;
use crate::lang::ir::{Formula, Verdict};
use crate::verdict::finding::FindingRecord;
use crate::verdict::oracle::Class;
pub use replayer::Replayer;
pub(crate) use replayer::Run;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The pinned Z3 releases (version, wheel file, sha256), oldest first.
pub fn releases() -> Vec<(String, String, String)> {
    releases_of(SolverId::Z3)
}

/// The pinned releases of `solver`'s library (version, wheel file, sha256), oldest first.
pub fn releases_of(solver: SolverId) -> Vec<(String, String, String)> {
    let (_, table) = crate::dialect::profile::of(solver).wheels;
    let mut rows =
        crate::harness::wheel::parse_table(table).expect("the vendor tables are valid (tested)");
    rows.sort_by_key(|(v, _, _)| version_key(v));
    rows
}

/// `4.8.10.0` (or `2.6.5.post24`) as numbers, for ordering.
fn version_key(v: &str) -> Vec<u32> {
    v.split('.')
        .map(|p| p.trim_start_matches("post").parse().unwrap_or(0))
        .collect()
}

/// The pinned release of `solver` that `version` names — as a library reports it (cvc5's
/// wheels call themselves `1.4.2-modified`, Z3 `Z3 4.8.7.0`) or as the index lists it
/// (`4.8.7` for the wheel 4.8.7.0; Yices 2.6.5 is the wheel 2.6.5.post24): the wheel's
/// version extends the one given, or the one given extends the wheel's
/// ([`crate::verdict::finding::known::version_matches`]).
pub fn pinned_release(solver: SolverId, version: &str) -> Option<String> {
    use crate::verdict::finding::known::version_matches;
    releases_of(solver)
        .into_iter()
        .map(|(v, _, _)| v)
        .find(|v| version_matches(release_of(version), v) || version_matches(v, version))
}

/// The unpacked wheel of `solver`'s pinned release `version`, fetched into `store` if needed.
pub(crate) fn wheel_of(solver: SolverId, store: &Path, version: &str) -> Result<PathBuf, String> {
    let (_, file, sha) = releases_of(solver)
        .into_iter()
        .find(|(v, _, _)| v == version)
        .ok_or_else(|| format!("{solver} {version} is not a pinned release"))?;
    let (package, _) = crate::dialect::profile::of(solver).wheels;
    crate::harness::wheel::ensure(store, package, version, &file, &sha)
}

/// The Python that runs cvc5's wheels' module (`SMTSMITH_PYTHON`, else `python3`): the
/// wheels are built for CPython 3.11, which it must be.
pub(crate) fn python() -> Result<String, String> {
    // Asked once per process: a bisection or `bugs verify` makes a replayer per probe.
    static CHECKED: std::sync::OnceLock<Result<String, String>> = std::sync::OnceLock::new();
    CHECKED.get_or_init(check_python).clone()
}

fn check_python() -> Result<String, String> {
    let python = std::env::var("SMTSMITH_PYTHON").unwrap_or_else(|_| "python3".into());
    let out = std::process::Command::new(&python)
        .args(["-c", "import sys; print('%d.%d' % sys.version_info[:2])"])
        .output()
        .map_err(|e| format!("cannot run {python} (cvc5's releases replay in its wheels' Python module; SMTSMITH_PYTHON names another): {e}"))?;
    let version = String::from_utf8_lossy(&out.stdout).trim().to_string();
    if version != "3.11" {
        return Err(format!(
            "{python} is Python {version}; cvc5's wheels hold a module for CPython 3.11 (SMTSMITH_PYTHON names another Python)"
        ));
    }
    Ok(python)
}

/// The `z3` binary of a pinned release, fetched into `store` if needed.
pub fn z3_binary(store: &Path, version: &str) -> Result<PathBuf, String> {
    let dir = wheel_of(SolverId::Z3, store, version)?;
    let bin = dir
        .join(format!("z3_solver-{version}.data"))
        .join("data/bin/z3");
    replayer::executable(&bin, version)?;
    Ok(bin)
}

pub use crate::verdict::finding::record::Probe;

/// What the finding is, as a binary can show it.
#[derive(Clone, Debug)]
pub struct Expect {
    pub class: Class,
    /// The blamed solver's verdict in the finding (for verdict classes: a release showing
    /// it is bad).
    pub verdict: Option<Verdict>,
    /// The reproducer's formula (an invalid model is judged on it).
    pub formula: Formula,
}

/// Runs `text` in the Z3 `binary` with extra command-line parameters
/// (`model_validate=true`) and its own time limit `timeout` (`-T`).
pub(crate) fn run_with(
    binary: &Path,
    params: &[&str],
    text: &str,
    timeout: Duration,
) -> std::io::Result<Run> {
    let z3 = Replayer::Z3 {
        bin: binary.to_path_buf(),
        params: params.iter().map(|p| p.to_string()).collect(),
    };
    z3.run(text, None, timeout)
}

/// A time-limit finding shows where the binary, given the default per-check time limit
/// (`-t:`), runs past twice that limit and 2 s past it — the watchdog's rule — or is still
/// running at `timeout`. Judged by the limit, not by how long the formula takes without
/// one: a slow formula that stops at its limit is no bug, and how slow depends on the
/// machine (Z3 5.4.1.0 solves the re-loop reproducer without a limit in 9 s here, past 10 s
/// on a slower machine; with `-t:2000` it stops after 6.9 s here, 9.2 s there: the bug).
///
/// A run that ends in time is run once more: whether such a binary reaches the part that
/// ignores its limit before the limit depends on the machine's load (Z3 4.8.6.0 and 4.8.8.0
/// on the nonlinear-integer time-limit find each answered `unknown` within 4 s in one of
/// two probes beside two fuzzing trials, and ran past 10 s in the other), while one run
/// past the limit is the bug seen.
fn probe_time_limit(replayer: &Replayer, text: &str, timeout: Duration) -> Probe {
    let limit = Duration::from_millis(u64::from(crate::solver::Limits::default().timeout_ms));
    let flag = format!("a {} ms limit per check", limit.as_millis());
    let past = (limit * 2).max(limit + Duration::from_secs(2));
    let mut in_time = String::new();
    for _ in 0..2 {
        let r = match replayer.run(text, Some(limit), timeout) {
            Ok(r) => r,
            Err(e) => return Probe::Undecided(format!("cannot run {}: {e}", replayer.describe())),
        };
        if r.timed_out {
            return Probe::Bad(format!(
                "{flag}: still running after {} s",
                timeout.as_secs()
            ));
        }
        if r.elapsed > past {
            return Probe::Bad(format!(
                "{flag}: ended after {:.1} s",
                r.elapsed.as_secs_f64()
            ));
        }
        in_time = r.out.lines().next().unwrap_or("").trim().to_string();
    }
    Probe::Good(in_time)
}

/// Runs the reproducer `text` in the Z3 `binary` and judges the answer against `expect`.
pub fn probe(binary: &Path, text: &str, expect: &Expect, timeout: Duration) -> Probe {
    let z3 = Replayer::Z3 {
        bin: binary.to_path_buf(),
        params: Vec::new(),
    };
    probe_replay(&z3, text, expect, timeout)
}

/// Bad where the optimizer's oracle finds a wrong optimum (or an invalid model, or a wrong
/// unsat) in what Z3's binary answers to the optimization reproducer `text`: its first
/// answer, its `(objectives …)` and its model (`bisect::answer_with_model`); the oracle's
/// plain solver is the same binary, and a witness counts only with its model checked by the
/// evaluator. Good where it answers `sat`, every bound is read and the oracle finds nothing.
pub fn probe_optimum(text: &str, binary: &Replayer, timeout: Duration) -> Probe {
    use crate::cases::optimize::{read_objectives, OptCase, OptOutcome, OptPath};
    let case = match OptCase::from_script(text) {
        Ok(c) => c,
        Err(e) => return Probe::Undecided(format!("not read as an optimization case: {e}")),
    };
    // The reproducer up to its objectives; the model is asked for after them.
    let upto = text
        .find("(get-objectives)")
        .map(|at| &text[..at + "(get-objectives)".len()]);
    let Some(upto) = upto else {
        return Probe::Undecided("the reproducer has no (get-objectives)".into());
    };
    let (verdict, model, rest) = match answer_with_model(binary, upto, &case.formula, timeout) {
        Ok(r) => r,
        Err(e) => return Probe::Undecided(e),
    };
    let bounds = match verdict {
        Verdict::Sat => match read_objectives(&case, &rest) {
            Some(b) => b,
            None => return Probe::Undecided(format!("no objectives read in {rest:?}")),
        },
        _ => Vec::new(),
    };
    let outcome = OptOutcome {
        verdict,
        reason: None,
        model,
        bounds,
    };
    let shown = outcome
        .bounds
        .iter()
        .map(|b| b.as_ref().map_or("?".into(), |b| b.to_string()))
        .collect::<Vec<_>>()
        .join(", ");
    let mut plain = |g: &crate::lang::ir::Formula| {
        let printed = crate::cases::smtlib::script(g, &Default::default());
        let answer = answer_with_model(binary, &printed, g, timeout)
            .map(|(verdict, model, _)| crate::solver::Outcome {
                verdict,
                reason: None,
                model,
                time: Duration::ZERO,
                phases: Default::default(),
                core: None,
            })
            .map_err(|e| crate::solver::SolverError {
                solver: SolverId::Z3Text,
                call: binary.describe(),
                message: e,
            });
        vec![(SolverId::Z3Text, answer)]
    };
    let judged = crate::verdict::oracle::optimum::judge(&case, OptPath::Text, &outcome, &mut plain);
    match judged.first() {
        Some(j) => Probe::Bad(format!("{}: {}", j.issue.class, j.issue.summary)),
        None if verdict == Verdict::Sat && outcome.bounds.iter().all(Option::is_some) => {
            Probe::Good(format!("sat, objectives {shown}"))
        }
        None => Probe::Undecided(format!("{verdict}, objectives {shown}")),
    }
}

/// Replays the reproducer `text` with `replayer` and judges the answer against `expect`.
pub fn probe_replay(replayer: &Replayer, text: &str, expect: &Expect, timeout: Duration) -> Probe {
    if expect.class == Class::WrongOptimum {
        return probe_optimum(text, replayer, timeout);
    }
    // The model: one `get-value` of every constant and every closed division appended
    // (`get-model` does not show a model's divisions by zero), read back in that order.
    let asked = model_terms(&expect.formula);
    let asks_model =
        matches!(expect.class, Class::InvalidModel | Class::WrongValue) && !asked.is_empty();
    let script = if asks_model {
        let terms: Vec<&str> = asked.iter().map(|(_, t, _)| t.as_str()).collect();
        format!("{text}\n(get-value ({}))\n", terms.join(" "))
    } else {
        text.to_string()
    };
    let text = script.as_str();
    if expect.class == Class::TimeLimit {
        return probe_time_limit(replayer, text, timeout);
    }
    let r = match replayer.run(text, None, timeout) {
        Ok(r) => r,
        Err(e) => return Probe::Undecided(format!("cannot run {}: {e}", replayer.describe())),
    };
    let first = r.out.lines().next().unwrap_or("").trim().to_string();
    let error = r
        .out
        .lines()
        .find(|l| l.starts_with("(error"))
        .map(str::to_string);
    match expect.class {
        Class::Crash => {
            return if r.signal {
                Probe::Bad("killed by a signal or stopped on an internal assertion".into())
            } else {
                Probe::Good(first)
            }
        }
        Class::Performance => {
            return if r.timed_out {
                Probe::Bad(format!("still running after {} s", timeout.as_secs()))
            } else {
                Probe::Good(first)
            }
        }
        Class::ApiError | Class::SelfCheck => {
            return match (error, r.signal) {
                (Some(e), _) => Probe::Bad(e),
                (None, true) => Probe::Bad("killed by a signal".into()),
                (None, false) if first.is_empty() => Probe::Undecided("no output".into()),
                (None, false) => Probe::Good(first),
            }
        }
        _ => {}
    }
    if r.signal {
        return Probe::Undecided("killed by a signal".into());
    }
    // An error before the answer: the release does not read the reproducer. One after it
    // is the `get-value` of a check that has no model (Z3: "model is not available" after
    // unsat); after sat, the model is not read below.
    let lines: Vec<&str> = r.out.lines().map(str::trim).collect();
    let answered = lines
        .iter()
        .position(|l| matches!(*l, "sat" | "unsat" | "unknown"));
    let before_answer = &lines[..answered.unwrap_or(lines.len())];
    if let Some(e) = before_answer.iter().find(|l| l.starts_with("(error")) {
        return Probe::Undecided(format!("does not read the reproducer: {e}"));
    }
    let verdict = match answered.map(|k| lines[k]) {
        Some("sat") => Verdict::Sat,
        Some("unsat") => Verdict::Unsat,
        Some(_) => Verdict::Unknown,
        None if r.timed_out => return Probe::Undecided("timed out".into()),
        None => return Probe::Undecided(format!("answer {first:?}")),
    };
    let answer = verdict.to_string();
    if matches!(expect.class, Class::InvalidModel | Class::WrongValue) {
        if verdict != Verdict::Sat {
            return Probe::Good(answer);
        }
        let rest: String = lines[answered.map_or(0, |k| k + 1)..].join("\n");
        let Some(model) = read_model(&expect.formula, &rest, &asked) else {
            return Probe::Undecided("a model smtsmith does not read exactly".into());
        };
        return match crate::lang::eval::check_model(&expect.formula, &model) {
            crate::lang::eval::Truth::False(i) => {
                Probe::Bad(format!("sat, model makes assertion {i} false"))
            }
            crate::lang::eval::Truth::True => Probe::Good("sat, model valid".into()),
            crate::lang::eval::Truth::Unknown(..) => {
                Probe::Undecided("sat, model not decided by the evaluator".into())
            }
        };
    }
    if expect.class == Class::GroundTerm {
        // The reproducer asserts `(distinct term value)` with the evaluator's value: unsat.
        // Sat shows the wrong value through the binary's check; unsat says only that its
        // check does not show it (the finding is about the rewriter, which a check need not
        // reach the same way).
        return match verdict {
            Verdict::Sat => Probe::Bad("sat: the term differs from the evaluator's value".into()),
            Verdict::Unsat => Probe::Good(answer),
            Verdict::Unknown => Probe::Undecided(answer),
        };
    }
    match expect.verdict {
        Some(v) if v == verdict => Probe::Bad(answer),
        Some(_) if verdict == Verdict::Unknown => Probe::Undecided(answer),
        Some(_) => Probe::Good(answer),
        None => Probe::Undecided("the finding records no verdict of the solver bisected".into()),
    }
}

/// The binary's answer to a single-query `text` deciding `f` and, after `sat`, whether its
/// model (the `get-value` of `f`'s constants and closed divisions, appended) satisfies `f`
/// by the evaluator (`None`: a model smtsmith does not read exactly). `Err` where it gives
/// no answer (an error before it, a signal, a timeout).
pub fn decide(
    binary: &Replayer,
    text: &str,
    f: &Formula,
    timeout: Duration,
) -> Result<(Verdict, Option<crate::lang::eval::Truth>), String> {
    let (verdict, model, _) = answer_with_model(binary, text, f, timeout)?;
    Ok((
        verdict,
        model.map(|m| crate::lang::eval::check_model(f, &m)),
    ))
}

/// The binary's answer to `text` (its first), its model of `f` after `sat` as [`decide`]
/// asks for it (`None`: not read exactly), and what it printed after the answer.
pub fn answer_with_model(
    binary: &Replayer,
    text: &str,
    f: &Formula,
    timeout: Duration,
) -> Result<(Verdict, Option<crate::lang::eval::Model>, String), String> {
    let asked = model_terms(f);
    let terms: Vec<&str> = asked.iter().map(|(_, t, _)| t.as_str()).collect();
    let script = if terms.is_empty() {
        text.to_string()
    } else {
        format!("{text}\n(get-value ({}))\n", terms.join(" "))
    };
    let r = binary
        .run(&script, None, timeout)
        .map_err(|e| format!("cannot run {}: {e}", binary.describe()))?;
    if r.signal {
        return Err("killed by a signal".into());
    }
    let lines: Vec<&str> = r.out.lines().map(str::trim).collect();
    let Some(k) = lines
        .iter()
        .position(|l| matches!(*l, "sat" | "unsat" | "unknown"))
    else {
        return Err(match lines.iter().find(|l| l.starts_with("(error")) {
            Some(e) => format!("does not read it: {e}"),
            None if r.timed_out => "timed out".into(),
            None => format!("no answer: {:?}", r.out.trim()),
        });
    };
    let verdict = match lines[k] {
        "sat" => Verdict::Sat,
        "unsat" => Verdict::Unsat,
        _ => Verdict::Unknown,
    };
    let rest = lines[k + 1..].join("\n");
    if verdict != Verdict::Sat {
        return Ok((verdict, None, rest));
    }
    let model = read_model(f, &rest, &asked);
    Ok((verdict, model, rest))
}

/// What the binary is asked for after `sat`: the formula's constants, then its closed
/// applications of `div`, `mod`, `/` and of declared functions (children first, with their
/// nodes); each with its SMT-LIB text and sort.
type Asked = Vec<(
    Option<crate::lang::ir::NodeId>,
    String,
    crate::lang::ir::Sort,
)>;

fn model_terms(f: &Formula) -> Asked {
    use crate::lang::ir::{NodeKind, Op};
    let constants = f
        .decls
        .iter()
        .filter(|d| d.args.is_empty())
        .map(|d| (None, crate::cases::smtlib::symbol(&d.name), d.sort.clone()));
    let free = f.free_bound_vars(true);
    let applications = f
        .reachable_postorder()
        .into_iter()
        .filter(|id| {
            free[id.0 as usize].is_empty()
                && matches!(
                    f.node(*id).kind,
                    NodeKind::App(Op::IntDiv | Op::Mod | Op::RealDiv, ..) | NodeKind::Call(..)
                )
        })
        .map(|id| {
            let text = crate::cases::smtlib::closed_term(f, id, &Default::default());
            (Some(id), text, f.sort_of(id).clone())
        });
    constants.chain(applications).collect()
}

/// A model from the binary's answers after `sat`: the last one answers the `get-value` of
/// `asked` ([`model_terms`]); its constants' values, the divisions whose divisor is zero
/// under them (which fix the model's divisions by zero), and each declared function's value
/// at the points the formula applies it (its interpretation elsewhere stays unknown). `None`
/// where a value is not read exactly.
fn read_model(f: &Formula, text: &str, asked: &Asked) -> Option<crate::lang::eval::Model> {
    use crate::lang::ir::NodeKind;
    let sorts: Vec<crate::lang::ir::Sort> = asked.iter().map(|(_, _, sort)| sort.clone()).collect();
    let values = if asked.is_empty() {
        Vec::new()
    } else {
        let answers = crate::solver::text::items_of(text)?;
        crate::solver::text::read_get_value(answers.last()?, &sorts)?
    };
    let (constants, applications) =
        values.split_at(asked.iter().take_while(|(id, _, _)| id.is_none()).count());
    // Values are indexed like the declarations, functions' (none) among the constants'.
    let mut read = constants.iter();
    let mut values = Vec::with_capacity(f.decls.len());
    for d in &f.decls {
        values.push(match d.args.is_empty() {
            true => Some(read.next()?.clone()?),
            false => None,
        });
    }
    let mut model = crate::lang::eval::Model {
        values,
        ..Default::default()
    }
    .extended_to(f.decls.len());
    // Children first: an application's arguments are evaluated with the points and
    // divisions read before it.
    for ((id, _, _), value) in asked
        .iter()
        .filter(|(id, _, _)| id.is_some())
        .zip(applications)
    {
        let Some(id) = id else { continue };
        let args = match &f.node(*id).kind {
            NodeKind::App(_, _, args) | NodeKind::Call(_, args) => args,
            _ => continue,
        };
        let mut ev = crate::lang::eval::Evaluator::new(f, &model);
        let Ok(points) = args
            .iter()
            .map(|a| ev.eval(*a))
            .collect::<Result<Vec<_>, _>>()
        else {
            continue;
        };
        match &f.node(*id).kind {
            NodeKind::Call(d, _) => {
                model.funcs[d.0 as usize].push((points, value.clone()?));
            }
            NodeKind::App(op, _, _) => {
                let zero = match &points[1] {
                    crate::lang::ir::Value::Int(n) => num_traits::Zero::is_zero(n),
                    crate::lang::ir::Value::Real(r) => num_traits::Zero::is_zero(r),
                    _ => false,
                };
                if zero {
                    let dividend = points.into_iter().next().expect("two arguments");
                    model.divisions.push(((*op, dividend), value.clone()?));
                }
            }
            _ => {}
        }
    }
    Some(model)
}

/// A bisection's result, as recorded in the finding's JSON (`bisect`).
#[derive(Clone, Debug, Serialize)]
pub struct Bisection {
    /// The release the finding was made with.
    pub found_in: String,
    /// The reproducer replayed (the reduced one where there is one).
    pub reproducer: String,
    /// The oldest bad release, and the good one right before it (none: bad since the
    /// oldest pinned release).
    pub first_bad: Option<String>,
    pub last_good_before: Option<String>,
    /// `last_good_before` did not show the finding, but did not decide either (it cannot
    /// read the reproducer, or its answer is not judged).
    pub last_good_before_undecided: bool,
    /// The newest bad release, and the good one right after it (none: still bad in the
    /// newest pinned release).
    pub last_bad: Option<String>,
    pub first_good_after: Option<String>,
    /// The same for `first_good_after`.
    pub first_good_after_undecided: bool,
    /// Every release probed, in the order probed.
    pub probes: Vec<(String, Probe)>,
}

impl Bisection {
    /// `4.8.5.0..4.8.7.0 (good: 4.8.4.0, 4.8.8.0)` or `... (still in 5.4.1.0)`.
    pub fn range(&self) -> String {
        match (&self.first_bad, &self.last_bad) {
            (Some(a), Some(b)) => {
                let before = match (&self.last_good_before, self.last_good_before_undecided) {
                    (None, _) => "bad since the oldest pinned".to_string(),
                    (Some(g), false) => format!("good {g}"),
                    (Some(g), true) => format!("{g} undecided"),
                };
                let after = match (&self.first_good_after, self.first_good_after_undecided) {
                    (None, _) => "still in the newest pinned".to_string(),
                    (Some(g), false) => format!("fixed in {g}"),
                    (Some(g), true) => format!("{g} undecided"),
                };
                format!("{a}..{b} ({before}; {after})")
            }
            _ => "does not replay with its own release's binary".into(),
        }
    }
}

/// Bisects over `releases` (oldest first), knowing `found_in` is one of them; `probe`
/// judges one release.
pub fn bisect(
    releases: &[String],
    found_in: &str,
    reproducer: &str,
    mut probe: impl FnMut(&str) -> Probe,
) -> Bisection {
    let mut probes: Vec<(String, Probe)> = Vec::new();
    let mut bad = |k: usize, probes: &mut Vec<(String, Probe)>| -> bool {
        if let Some((_, p)) = probes.iter().find(|(v, _)| *v == releases[k]) {
            return matches!(p, Probe::Bad(_));
        }
        let p = probe(&releases[k]);
        let is_bad = matches!(p, Probe::Bad(_));
        probes.push((releases[k].clone(), p));
        is_bad
    };
    let mut out = Bisection {
        found_in: found_in.to_string(),
        reproducer: reproducer.to_string(),
        first_bad: None,
        last_good_before: None,
        last_bad: None,
        first_good_after: None,
        last_good_before_undecided: false,
        first_good_after_undecided: false,
        probes: Vec::new(),
    };
    let Some(f) = releases.iter().position(|v| v == found_in) else {
        out.probes = probes;
        return out;
    };
    if !bad(f, &mut probes) {
        out.probes = probes;
        return out;
    }
    // Newer: the last bad release in [f, n].
    let n = releases.len() - 1;
    let last_bad = if bad(n, &mut probes) {
        n
    } else {
        let (mut lo, mut hi) = (f, n); // lo bad, hi not bad
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if bad(mid, &mut probes) {
                lo = mid
            } else {
                hi = mid
            }
        }
        out.first_good_after = Some(releases[hi].clone());
        lo
    };
    // Older: the first bad release in [0, f].
    let first_bad = if bad(0, &mut probes) {
        0
    } else {
        let (mut lo, mut hi) = (0, f); // lo not bad, hi bad
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if bad(mid, &mut probes) {
                hi = mid
            } else {
                lo = mid
            }
        }
        out.last_good_before = Some(releases[lo].clone());
        hi
    };
    out.first_bad = Some(releases[first_bad].clone());
    out.last_bad = Some(releases[last_bad].clone());
    // A boundary release the binary did not decide is no good release: the range says so.
    let undecided = |v: &Option<String>| {
        v.as_ref().is_some_and(|v| {
            probes
                .iter()
                .any(|(r, p)| r == v && matches!(p, Probe::Undecided(_)))
        })
    };
    out.last_good_before_undecided = undecided(&out.last_good_before);
    out.first_good_after_undecided = undecided(&out.first_good_after);
    out.probes = probes;
    out
}

/// The release number in a version as a library reports it (`Z3 4.8.7.0` → `4.8.7.0`).
pub fn release_of(version: &str) -> &str {
    version.split_whitespace().last().unwrap_or(version)
}

/// A written finding as the release binaries replay it: its reproducer (the reduced one
/// where there is one), what shows it, and the solver and release it was found with.
pub struct FindingReplay {
    /// The finding's metadata as written.
    pub json: FindingRecord,
    pub class: Class,
    pub blamed: Option<SolverId>,
    /// The library whose releases replay it.
    pub solver: SolverId,
    /// The pinned release it was found with.
    pub found_in: String,
    pub reproducer: std::path::PathBuf,
    pub script: String,
    pub expect: Expect,
    /// The reproducer with the SMT-LIB 2.5 string names, for Z3 releases before 4.8.9.
    older_names: Option<String>,
}

impl FindingReplay {
    /// Reads the written finding whose metadata is `json` (formula findings only: a
    /// disagreement that blames nobody replays with Z3's releases).
    pub fn open(json: &Path) -> Result<FindingReplay, String> {
        let err = |e: String| format!("{}: {e}", json.display());
        let v = FindingRecord::open(json).map_err(|e| e.to_string())?;
        if v.is_script() {
            return Err(err(
                "incremental-script findings are not bisected yet".into()
            ));
        }
        let class = Class::ALL
            .into_iter()
            .find(|c| c.dir() == v.class)
            .ok_or_else(|| err(format!("unknown class {:?}", v.class)))?;
        let blamed = v.blamed;
        // The path whose verdict counts (a disagreement that blames nobody: Z3's API path).
        let path = match blamed {
            Some(b) => b,
            None if class == Class::Disagreement => SolverId::Z3,
            None => {
                return Err(err(
                    "blamed on nobody: no solver's releases to bisect".into()
                ))
            }
        };
        let solver = path.library();
        // The reduced reproducer where there is one, and the path's verdict on it.
        let (reproducer, solvers) = match (v.reduced_file(), &v.reduced) {
            (Some(f), Some(r)) => (json.with_file_name(f), &r.solvers),
            _ => (json.with_extension("smt2"), &v.solvers),
        };
        let verdict: Option<Verdict> = solvers
            .iter()
            .find(|s| s.solver == path)
            .and_then(|s| s.verdict);
        let library_version = v
            .solvers
            .iter()
            .find(|s| s.solver.library() == solver)
            .map(|s| s.version.as_str())
            .ok_or_else(|| err(format!("no {solver} version recorded")))?;
        let found_in = pinned_release(solver, library_version).ok_or_else(|| {
            err(format!(
                "{solver} {library_version} is not a pinned release: it has nothing to bisect against"
            ))
        })?;
        let script = std::fs::read_to_string(&reproducer)
            .map_err(|e| format!("{}: {e}", reproducer.display()))?;
        let formula = crate::verdict::finding::reproducer_formula(&script)
            .map_err(|e| format!("{}: {e}", reproducer.display()))?;
        // Z3 releases before 4.8.9 read the string operators only by their 2.5 names.
        let older_names = crate::cases::smtlib::parse::with_25_string_names(&script);
        Ok(FindingReplay {
            json: v,
            class,
            blamed,
            solver,
            found_in,
            reproducer,
            script,
            expect: Expect {
                class,
                verdict,
                formula,
            },
            older_names,
        })
    }

    /// Whether the release `version` of the finding's solver shows it, replayed by its own
    /// reader fetched into `store`.
    pub fn probe(&self, store: &Path, version: &str, timeout: Duration) -> Probe {
        let text = match &self.older_names {
            Some(older)
                if self.solver == SolverId::Z3
                    && !crate::dialect::facts::z3_reads_26_string_names(version) =>
            {
                older
            }
            _ => &self.script,
        };
        match Replayer::of(self.solver, store, version, &self.expect.formula) {
            Ok(r) => probe_replay(&r, text, &self.expect, timeout),
            Err(e) => Probe::Undecided(e),
        }
    }
}

/// `smtsmith bisect`: bisects the written finding whose metadata is `json` over the pinned
/// releases of the solver it blames (a disagreement that blames nobody: Z3's), replayed
/// by each release's own reader fetched into `store`, and records the result in its JSON
/// (`bisect`).
pub fn bisect_file(json: &Path, store: &Path, timeout: Duration) -> Result<Bisection, String> {
    let err = |e: String| format!("{}: {e}", json.display());
    let f = FindingReplay::open(json)?;
    let releases: Vec<String> = releases_of(f.solver)
        .into_iter()
        .map(|(v, _, _)| v)
        .collect();
    let name = f
        .reproducer
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let b = bisect(&releases, &f.found_in, &name, |version| {
        f.probe(store, version, timeout)
    });
    let mut v = f.json.clone();
    let mut other = match serde_json::to_value(&b).map_err(|e| err(e.to_string()))? {
        serde_json::Value::Object(map) => map,
        _ => Default::default(),
    };
    // Typed fields of the record, not kept twice.
    other.remove("last_bad");
    other.remove("first_good_after");
    v.bisect = Some(crate::verdict::finding::record::BisectRecord {
        solver: f.solver.to_string(),
        range: b.range(),
        last_bad: b.last_bad.clone(),
        first_good_after: b.first_good_after.clone(),
        other,
    });
    v.save(json).map_err(|e| err(e.to_string()))?;
    settle_by_releases(
        json,
        &v,
        f.class,
        f.blamed,
        f.expect.verdict,
        &b,
        &f.expect.formula,
    )
    .map_err(|e| err(e.to_string()))?;
    Ok(b)
}

/// What a bisection settles of the finding `json` (its metadata `v`): a disagreement that
/// blames nobody is Z3's where another Z3 release answers otherwise on its reproducer (the
/// answer changed across Z3's releases; cvc5's releases are not probed by binary); and a
/// finding is a known bug where its fix release is that bug's (`fixed_in`) and its key is
/// that bug's reproducer's reduced key.
fn settle_by_releases(
    json: &Path,
    v: &FindingRecord,
    class: Class,
    blamed: Option<SolverId>,
    verdict: Option<Verdict>,
    b: &Bisection,
    reduced: &Formula,
) -> std::io::Result<()> {
    let written = crate::verdict::finding::Written {
        smt2: json.with_extension("smt2"),
        json: json.to_path_buf(),
        known: v.known.clone(),
        reduced: None,
        again: false,
    };
    let mut blamed = blamed;
    if class == Class::Disagreement && blamed.is_none() {
        let other: Vec<&(String, Probe)> = b
            .probes
            .iter()
            .filter(|(_, p)| matches!(p, Probe::Good(_)))
            .collect();
        let blame = match other.first() {
            Some((release, Probe::Good(answer))) => crate::verdict::oracle::Blame {
                solver: Some(SolverId::Z3),
                by: Some("releases".into()),
                evidence: format!(
                    "Z3's answer differs across its releases: {} answers {}, {} answers {answer}",
                    b.found_in,
                    verdict.map_or("?".to_string(), |v| v.to_string()),
                    release
                ),
            },
            _ => crate::verdict::oracle::Blame {
                solver: None,
                by: None,
                evidence: format!(
                    "none from releases: every Z3 release probed ({}) answers alike",
                    b.probes
                        .iter()
                        .map(|(r, _)| r.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            },
        };
        // Evidence already recorded (the paths) is kept where releases add none.
        if blame.solver.is_some() || v.blame.is_none() {
            crate::verdict::finding::write_blame(&written, &blame)?;
            blamed = blame.solver;
        }
    }
    let (Some(fix), false) = (&b.first_good_after, b.first_good_after_undecided) else {
        return Ok(());
    };
    if written.known.is_some() {
        return Ok(());
    }
    let issue = crate::verdict::oracle::Issue {
        class,
        blamed,
        summary: v.summary.clone(),
    };
    // A disagreement nobody was blamed for is matched as Z3's (the solver bisected).
    let issue = crate::verdict::oracle::Issue {
        blamed: issue.blamed.or(Some(SolverId::Z3)),
        ..issue
    };
    if let Some(k) = crate::verdict::finding::known::fixed_alike(&issue, reduced, fix).first() {
        let mut written = written;
        crate::verdict::finding::mark_known(
            &mut written,
            k,
            &format!(
                "bisection: fixed in {fix}, as known-findings/{} is, whose reproducer has this finding's shape",
                k.file
            ),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: usize) -> Vec<String> {
        (0..n).map(|k| format!("r{k}")).collect()
    }

    /// The linked release's binary (ground truth: it answers unsat, as cvc5 does) judges a
    /// reproducer whose finding is Z3's sat: a release that answers unsat is good although
    /// the `get-value` after it is an error ("model is not available"); a release that
    /// cannot read an operator is undecided.
    #[test]
    #[cfg_attr(not(smtsmith_pinned_z3), ignore = "an answer of the pinned Z3 5.4.1")]
    fn a_probe_reads_the_answer_before_the_errors_after_it() {
        let bin = crate::solver::z3::binary().expect("the linked release's z3 binary");
        let text = "(set-option :produce-models true)(set-logic QF_SLIA)\
                    (declare-fun s () String)\
                    (assert (str.in_re s ((_ re.loop 3 1) re.allchar)))(check-sat)(get-value (s))";
        let expect = Expect {
            class: Class::Disagreement,
            verdict: Some(Verdict::Sat),
            formula: crate::verdict::finding::reproducer_formula(text).unwrap(),
        };
        let probe_of = |text: &str| probe(&bin, text, &expect, Duration::from_secs(30));
        assert_eq!(probe_of(text), Probe::Good("unsat".into()));
        match probe_of(&text.replace("str.in_re", "str.in_the_re")) {
            Probe::Undecided(why) => assert!(why.starts_with("does not read"), "{why}"),
            other => panic!("{other:?}"),
        }
    }

    /// On a history bad from 3 to 6 of 0..10, found in 5, the search finds both ends with
    /// few probes; bad since the oldest and still bad in the newest are said so.
    #[test]
    fn bisection_finds_both_ends() {
        let r = names(11);
        let judge = |lo: usize, hi: usize| {
            move |v: &str| {
                let k: usize = v[1..].parse().unwrap();
                if (lo..=hi).contains(&k) {
                    Probe::Bad(String::new())
                } else {
                    Probe::Good(String::new())
                }
            }
        };
        let b = bisect(&r, "r5", "x.smt2", judge(3, 6));
        assert_eq!(b.first_bad.as_deref(), Some("r3"));
        assert_eq!(b.last_good_before.as_deref(), Some("r2"));
        assert_eq!(b.last_bad.as_deref(), Some("r6"));
        assert_eq!(b.first_good_after.as_deref(), Some("r7"));
        assert!(b.probes.len() <= 9, "{}", b.probes.len());
        let b = bisect(&r, "r5", "x.smt2", judge(0, 10));
        assert_eq!((&b.last_good_before, &b.first_good_after), (&None, &None));
        assert!(b.range().contains("still in the newest"));
        // Not bad in its own release: nothing more is probed.
        let b = bisect(&r, "r5", "x.smt2", judge(7, 8));
        assert_eq!(b.probes.len(), 1);
        assert!(b.first_bad.is_none());
    }

    /// A library's own version names its pinned wheel: cvc5's wheels call themselves
    /// `1.4.2-modified`, Yices's library `2.6.5` for the wheel `2.6.5.post24`; an unpinned
    /// one names none.
    #[test]
    fn library_versions_name_their_pinned_wheels() {
        assert_eq!(
            pinned_release(SolverId::Cvc5, "1.4.2-modified").as_deref(),
            Some("1.4.2")
        );
        assert_eq!(
            pinned_release(SolverId::Yices, "2.6.5").as_deref(),
            Some("2.6.5.post24")
        );
        assert_eq!(
            pinned_release(SolverId::Z3, "Z3 4.8.7.0").as_deref(),
            Some("4.8.7.0")
        );
        assert_eq!(pinned_release(SolverId::Cvc5, "1.1.2"), None);
        let yices: Vec<String> = releases_of(SolverId::Yices)
            .into_iter()
            .map(|(v, _, _)| v)
            .collect();
        assert_eq!(yices, ["2.6.4.post23", "2.6.5.post24"]);
        assert_eq!(releases_of(SolverId::Cvc5)[0].0, "1.2.0");
    }

    #[test]
    fn releases_are_ordered_numerically() {
        let r = releases();
        let pos = |v: &str| r.iter().position(|(x, _, _)| x == v).unwrap();
        assert!(pos("4.8.5.0") < pos("4.8.10.0"));
        assert!(pos("4.8.17.0") < pos("4.11.2.0"));
        assert_eq!(r.last().unwrap().0, "5.4.1.0");
    }
}
