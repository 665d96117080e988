//! `smtsmith run`: seeded cases without libFuzzer, with counts of every answer. Their arguments are `main.rs`'s `Command`.

use super::*;

/// `smtsmith run`.
pub(super) fn run_cmd(cmd: Command) -> Result<ExitCode, String> {
    let Command::Run {
        seeded: Seeded { count, seed, bytes },
        solver,
        findings,
        slow_ms,
        theories,
        ground,
        construct,
        incremental,
    } = cmd
    else {
        unreachable!("dispatched by run")
    };
    if incremental {
        let theories = resolve(theories);
        let dir = findings.unwrap_or_else(|| settings().findings_dir("findings"));
        let mut h = Harness::with_settings(solver, dir, settings()).map_err(|e| e.to_string())?;
        return run_incremental(&mut h, count, seed, bytes, &theories);
    }
    if let Some(name) = &construct {
        // The name is checked before any case runs.
        smtsmith::verdict::construct::family(name)?;
    }
    let theories = resolve(theories);
    let dir = findings.unwrap_or_else(|| settings().findings_dir("findings"));
    let mut h = Harness::with_settings(solver, dir, settings()).map_err(|e| e.to_string())?;
    if ground {
        return run_ground(&mut h, count, seed, bytes, &theories);
    }
    let mut tally = Tally::new(count);
    for (i, (case_seed, input)) in seeded_inputs(seed, count, bytes).enumerate() {
        tally.progress.set(i as u64);
        let report = match &construct {
            Some(name) => {
                let Ok(c) = smtsmith::harness::construct_case(&mut h, name, &input)? else {
                    continue;
                };
                *tally
                    .stats
                    .entry(format!("expected {}", c.expected))
                    .or_default() += 1;
                let r = h.run_constructed(&c, Some(&input));
                if let Some(expected) = &c.core {
                    for (id, a) in &r.answers {
                        if let Ok(o) = a {
                            if let Some(core) = &o.core {
                                let covers = expected.iter().all(|k| core.contains(k));
                                let what = if covers && core.len() > expected.len() {
                                    "core contains the expected core and noise (not minimal)"
                                } else if covers {
                                    "core is the expected core"
                                } else {
                                    "core misses part of the expected core (re-checked alone)"
                                };
                                *tally.stats.entry(format!("{id} {what}")).or_default() += 1;
                            }
                        }
                    }
                }
                r
            }
            None => h.run_case(&Case::from_bytes_in(&input, &theories), Some(&input)),
        };
        tally.solver_time += report.solver_time;
        for (id, a) in &report.answers {
            let v = match a {
                Ok(o) => match &o.reason {
                    Some(r) => format!("{} ({r})", o.verdict),
                    None => o.verdict.to_string(),
                },
                Err(_) => "api-error".into(),
            };
            if let (Some(limit), Ok(o)) = (slow_ms, a) {
                if o.time.as_millis() as u64 > limit {
                    tally.progress.suspend(|| {
                        println!(
                            "slow: seed {} {id} {v} {} ms",
                            case_seed,
                            o.time.as_millis()
                        )
                    });
                }
            }
            *tally.stats.entry(format!("{id} {v}")).or_default() += 1;
        }
        for c in &report.model_checks {
            let t = match &c.truth {
                smtsmith::lang::eval::Truth::True => "valid".to_string(),
                smtsmith::lang::eval::Truth::False(_) => "INVALID".to_string(),
                // The reason without the constant's name, so that counts group.
                smtsmith::lang::eval::Truth::Unknown(_, why) => {
                    format!("unknown ({})", why.0.split(" for ").next().unwrap_or(""))
                }
            };
            *tally
                .stats
                .entry(format!("{} model {t}", c.solver))
                .or_default() += 1;
        }
        tally
            .progress
            .suspend(|| tally.found += print_findings(&report.findings));
    }
    Ok(tally.finish(count, "cases"))
}

/// `smtsmith run --incremental`: scripts from seeded bytes, with counts of actions,
/// verdicts per check, skipped scripts and findings, and the time inside the solvers.
fn run_incremental(
    h: &mut Harness,
    count: u64,
    seed: u64,
    bytes: usize,
    theories: &Theories,
) -> Result<ExitCode, String> {
    use smtsmith::solver::Response;
    let mut tally = Tally::new(count);
    for (i, (case_seed, input)) in seeded_inputs(seed, count, bytes).enumerate() {
        tally.progress.set(i as u64);
        let s = smtsmith::cases::script::Script::from_bytes_in(&input, theories);
        *tally
            .stats
            .entry("actions in the scripts".into())
            .or_default() += s.actions.len() as u64;
        let r = h.run_script(&s, Some(&input));
        tally.solver_time += r.solver_time;
        if let Some(why) = &r.skipped {
            let why = why.split(':').take(3).collect::<Vec<_>>().join(":");
            *tally.stats.entry(format!("skipped: {why}")).or_default() += 1;
        }
        for step in &r.steps {
            for (id, resp) in step {
                let what = match resp {
                    None => continue,
                    Some(Err(_)) => "error".to_string(),
                    Some(Ok(Response::Done)) => "actions run".to_string(),
                    Some(Ok(Response::Check(o))) => format!("check {}", o.verdict),
                    Some(Ok(Response::Values(_))) => "get-value".to_string(),
                    Some(Ok(Response::Core(_))) => "get-unsat-core".to_string(),
                    Some(Ok(Response::Assumptions(_))) => "get-unsat-assumptions".to_string(),
                };
                *tally.stats.entry(format!("{id} {what}")).or_default() += 1;
            }
        }
        for (id, t) in &r.model_checks {
            *tally
                .stats
                .entry(format!("{id} model {t:?}").chars().take(60).collect())
                .or_default() += 1;
        }
        for (issue, w) in &r.findings {
            tally.found += 1;
            tally.progress.suspend(|| {
                println!(
                    "[{}] seed {} {} -> {}",
                    issue.class,
                    case_seed,
                    issue.summary,
                    w.smt2.display()
                )
            });
        }
    }
    Ok(tally.finish(count, "scripts"))
}

/// `smtsmith run --ground`: ground cases from seeded bytes, with counts.
fn run_ground(
    h: &mut Harness,
    count: u64,
    seed: u64,
    bytes: usize,
    theories: &Theories,
) -> Result<ExitCode, String> {
    let start = std::time::Instant::now();
    let (mut terms, mut agreed, mut unsimplified, mut unspecified, mut found) = (0, 0, 0, 0, 0);
    let progress = Progress::new(count, false);
    for (i, (_, input)) in seeded_inputs(seed, count, bytes).enumerate() {
        progress.set(i as u64);
        let case = Case::ground_from_bytes_in(&input, theories);
        let r = h.run_ground(&case, Some(&input));
        terms += r.terms;
        agreed += r.agreed;
        unsimplified += r.unsimplified;
        unspecified += r.unspecified;
        progress.suspend(|| found += print_findings(&r.findings));
    }
    progress.finish();
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{count} ground cases, {terms} closed terms: {agreed} (term, solver) values agree with the evaluator, {unsimplified} not simplified to a value, {unspecified} unspecified; {found} finding(s) in {secs:.1} s"
    );
    Ok(if found > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// What a run over seeded cases counts: answers and other events by name, time inside the
/// solvers, findings; with its progress bar.
struct Tally {
    stats: std::collections::BTreeMap<String, u64>,
    start: std::time::Instant,
    solver_time: std::time::Duration,
    found: usize,
    progress: Progress,
}

impl Tally {
    fn new(count: u64) -> Tally {
        Tally {
            stats: Default::default(),
            start: std::time::Instant::now(),
            solver_time: std::time::Duration::ZERO,
            found: 0,
            progress: Progress::new(count, false),
        }
    }

    /// Prints the counts and one line for the `count` cases (`what`: "cases", "scripts");
    /// exit status 1 where there was a finding.
    fn finish(self, count: u64, what: &str) -> ExitCode {
        self.progress.finish();
        let secs = self.start.elapsed().as_secs_f64().max(1e-9);
        for (k, n) in &self.stats {
            println!("{n:>8}  {k}");
        }
        println!(
            "{count} {what} in {secs:.1} s ({:.1}/s), {:.0}% of the time inside the solvers, {} finding(s)",
            count as f64 / secs,
            100.0 * self.solver_time.as_secs_f64() / secs,
            self.found
        );
        if self.found > 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
}
