//! Where a fuzz iteration's time goes: the body of the `differential` target (generated
//! formulas) or of `seed_mutation` (SMT-LIB inputs) run over a fixed list of inputs, with
//! each part timed. Used by `smtsmith bench` and by the criterion benchmarks (`benches/`);
//! never by timed tests.

use crate::harness::{Harness, Selection, Target};
use crate::lang::generate::{Case, Theories};
use crate::solver::{CaseSetup, Phases, Reuse, Z3Solver};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// A fixed corpus: `count` inputs of `bytes` pseudo-random bytes from seeds `seed..`.
pub fn corpus(seed: u64, count: u64, bytes: usize) -> Vec<Vec<u8>> {
    crate::lang::generate::seeded_inputs(seed, count, bytes)
        .map(|(_, input)| input)
        .collect()
}

/// The bounds (ms) of [`Profile::decided_within`]'s buckets.
pub const DECIDED_WITHIN_MS: [u64; 5] = [25, 100, 250, 500, 1000];

/// Summed times of one pass over a corpus.
#[derive(Clone, Debug, Default)]
pub struct Profile {
    pub cases: u64,
    pub findings: u64,
    /// Decoding the input and generating the formula.
    pub generate: Duration,
    /// The solvers' phases, summed over solvers and cases.
    pub phases: Phases,
    /// The same per solver, with the number of checks that ended in each verdict.
    pub by_solver:
        std::collections::BTreeMap<String, (Phases, std::collections::BTreeMap<String, u64>)>,
    pub oracle: Duration,
    pub write: Duration,
    pub total: Duration,
    /// Each case's time (decode to findings written), in input order.
    pub per_case: Vec<Duration>,
    /// Per solver, its decided checks (sat or unsat) by time taken: within each of
    /// [`DECIDED_WITHIN_MS`], and beyond the last (which limits would keep which answers).
    pub decided_within: std::collections::BTreeMap<String, [u64; DECIDED_WITHIN_MS.len() + 1]>,
    /// Cases and their time by each part of the setup they drew (reuse mode, Z3's solver,
    /// text paths, curated options): where a drawn setup's time goes.
    pub by_setup: std::collections::BTreeMap<String, (u64, Duration)>,
}

impl Profile {
    /// Time inside solver library calls: setup, check, model reading, teardown.
    pub fn inside_solvers(&self) -> Duration {
        self.phases.inside_solvers()
    }

    /// Everything else (term construction is driven by us, through the solvers' API: it is
    /// counted outside).
    pub fn outside_solvers(&self) -> Duration {
        self.total.saturating_sub(self.inside_solvers())
    }

    pub fn per_second(&self) -> f64 {
        self.cases as f64 / self.total.as_secs_f64()
    }

    /// A table: each part's time and share.
    pub fn table(&self) -> String {
        let total = self.total.as_secs_f64();
        let p = &self.phases;
        let rows = [
            ("decode + generate", self.generate),
            (
                "solver setup (context/solver/push, options, logic)",
                p.setup,
            ),
            ("backend term construction + assert", p.build),
            ("check-sat", p.check),
            ("model reading", p.model),
            ("solver teardown (pop/reset/delete)", p.teardown),
            ("oracles + evaluator", self.oracle),
            ("writing findings", self.write),
            (
                "other",
                self.total
                    .saturating_sub(self.generate + p.total() + self.oracle + self.write),
            ),
        ];
        let mut out = String::new();
        for (name, d) in rows {
            let _ = writeln!(
                out,
                "  {name:<52} {:>9.1} ms {:>5.1}%",
                d.as_secs_f64() * 1e3,
                100.0 * d.as_secs_f64() / total
            );
        }
        for (id, (p, verdicts)) in &self.by_solver {
            let ms = |d: Duration| d.as_secs_f64() * 1e3;
            let _ = writeln!(
                out,
                "  {id:<9} setup {:.0} ms, build {:.0} ms, check {:.0} ms, model {:.0} ms, teardown {:.0} ms; {verdicts:?}",
                ms(p.setup),
                ms(p.build),
                ms(p.check),
                ms(p.model),
                ms(p.teardown)
            );
        }
        for (id, buckets) in &self.decided_within {
            let mut bounds: Vec<String> = DECIDED_WITHIN_MS
                .iter()
                .zip(buckets)
                .map(|(ms, n)| format!("<{ms} ms: {n}"))
                .collect();
            bounds.push(format!("longer: {}", buckets[DECIDED_WITHIN_MS.len()]));
            let _ = writeln!(
                out,
                "  {id:<9} decided checks by time: {}",
                bounds.join(", ")
            );
        }
        for (part, (n, d)) in &self.by_setup {
            let _ = writeln!(
                out,
                "  setup {part:<22} {n:>6} cases {:>9.1} ms {:>5.1}% {:>8.2} ms/case",
                d.as_secs_f64() * 1e3,
                100.0 * d.as_secs_f64() / total,
                d.as_secs_f64() * 1e3 / *n as f64
            );
        }
        let mut sorted = self.per_case.clone();
        sorted.sort();
        if !sorted.is_empty() {
            let q = |f: f64| sorted[((sorted.len() - 1) as f64 * f) as usize].as_secs_f64() * 1e3;
            let slow = sorted.iter().filter(|d| d.as_millis() >= 50).count();
            let slow_time: Duration = sorted.iter().filter(|d| d.as_millis() >= 50).sum();
            let _ = writeln!(
                out,
                "  per case: median {:.2} ms, p90 {:.2} ms, p99 {:.1} ms, max {:.0} ms; \
                 {slow} cases of 50 ms or more take {:.0}% of the time",
                q(0.5),
                q(0.9),
                q(0.99),
                q(1.0),
                100.0 * slow_time.as_secs_f64() / total
            );
        }
        let _ = writeln!(
            out,
            "  {} cases in {:.2} s: {:.0} cases/s; outside the solver libraries {:.1}% \
             (of which term construction {:.1}%)",
            self.cases,
            total,
            self.per_second(),
            100.0 * self.outside_solvers().as_secs_f64() / total,
            100.0 * p.build.as_secs_f64() / total,
        );
        out
    }
}

/// The verdict of one answer as the profile counts it: an unknown with its reason.
fn verdict_key(a: &crate::verdict::oracle::Answer) -> String {
    match a {
        Ok(o) => match (&o.verdict, &o.reason) {
            (crate::solver::Verdict::Unknown, Some(r)) => {
                format!("unknown ({})", r.chars().take(40).collect::<String>())
            }
            (v, _) => v.to_string(),
        },
        Err(_) => "api-error".to_string(),
    }
}

/// The fuzz targets whose body [`profile`] runs: generated formulas and SMT-LIB inputs.
pub const PROFILED: [Target; 2] = [Target::Differential, Target::SeedMutation];

/// Runs `target`'s body (decode, both solvers, oracles) over `inputs`; `target` is one of
/// [`PROFILED`].
pub fn profile(
    h: &mut Harness,
    inputs: &[Vec<u8>],
    theories: &Theories,
    target: Target,
) -> Profile {
    assert!(
        PROFILED.contains(&target),
        "{} is not profiled",
        target.name()
    );
    let mut prof = Profile::default();
    let start = Instant::now();
    for input in inputs {
        let t = Instant::now();
        let findings = match target {
            Target::Differential => {
                let case = Case::from_bytes_in(input, theories);
                prof.generate += t.elapsed();
                let r = h.run_case(&case, Some(input));
                prof.add_formula_report(&r)
            }
            _ => {
                let seed = crate::cases::mutate::seed_of(input);
                prof.generate += t.elapsed();
                match seed {
                    crate::cases::mutate::Seed::Formula(f) => {
                        let r = h.run(&f, None, Some(input));
                        prof.add_formula_report(&r)
                    }
                    crate::cases::mutate::Seed::Script(s) => {
                        let r = h.run_script(&s, Some(input));
                        prof.phases.check += r.solver_time;
                        prof.oracle += r.total_time.saturating_sub(r.solver_time);
                        *prof
                            .by_solver
                            .entry("scripts".into())
                            .or_default()
                            .1
                            .entry(format!("{} checks", r.verdicts().len()))
                            .or_default() += 1;
                        r.findings.len()
                    }
                }
            }
        };
        prof.findings += findings as u64;
        prof.cases += 1;
        let took = t.elapsed();
        prof.per_case.push(took);
        let setup = h.setup();
        let mut parts = vec![
            format!("reuse {}", setup.reuse),
            match setup.z3_solver {
                Z3Solver::Tactic(_) => "z3 tactic".to_string(),
                z => format!("z3 {z}"),
            },
        ];
        if setup.text {
            parts.push("text paths".into());
        }
        for id in crate::solver::SolverId::ALL {
            if setup.options.of(id).is_some() {
                parts.push(format!("{id} option"));
            }
        }
        for p in parts {
            let e = prof.by_setup.entry(p).or_default();
            e.0 += 1;
            e.1 += took;
        }
    }
    prof.total = start.elapsed();
    prof
}

impl Profile {
    /// Adds one formula case's solver phases, answers and oracle time; its finding count.
    fn add_formula_report(&mut self, r: &crate::harness::Report) -> usize {
        self.phases += r.phases;
        for (id, a) in &r.answers {
            let e = self.by_solver.entry(id.to_string()).or_default();
            if let Ok(o) = a {
                e.0 += o.phases;
            }
            *e.1.entry(verdict_key(a)).or_default() += 1;
            let decided = a.as_ref().ok().filter(|o| {
                matches!(
                    o.verdict,
                    crate::solver::Verdict::Sat | crate::solver::Verdict::Unsat
                )
            });
            if let Some(o) = decided {
                let ms = o.time.as_millis() as u64;
                let k = DECIDED_WITHIN_MS
                    .iter()
                    .position(|b| ms < *b)
                    .unwrap_or(DECIDED_WITHIN_MS.len());
                self.decided_within.entry(id.to_string()).or_default()[k] += 1;
            }
        }
        self.oracle += r.oracle_time;
        self.write += r.write_time;
        r.findings.len()
    }
}

/// A harness for benchmarks: both solvers, findings into `dir`.
pub fn harness(reuse: Reuse, dir: &std::path::Path) -> Harness {
    Harness::with_reuse(Selection::All, dir, reuse)
        .unwrap_or_else(|e| panic!("cannot start the solvers: {e}"))
}

/// The setups `smtsmith bench --setups` measures, by name: each reuse mode, each of Z3's
/// solver constructors, the text paths on every case, and the default (every case draws).
/// `None`: drawn per case.
pub fn setups() -> Vec<(&'static str, Option<CaseSetup>)> {
    let fixed = |reuse, z3_solver, text| {
        Some(CaseSetup {
            reuse,
            z3_solver,
            text,
            ..Default::default()
        })
    };
    vec![
        (
            "scope, z3 for-logic, api",
            fixed(Reuse::Scope, Z3Solver::ForLogic, false),
        ),
        (
            "reset, z3 for-logic, api",
            fixed(Reuse::Reset, Z3Solver::ForLogic, false),
        ),
        (
            "fresh, z3 for-logic, api",
            fixed(Reuse::Fresh, Z3Solver::ForLogic, false),
        ),
        (
            "scope, z3 general, api",
            fixed(Reuse::Scope, Z3Solver::General, false),
        ),
        (
            "scope, z3 simple, api",
            fixed(Reuse::Scope, Z3Solver::Simple, false),
        ),
        (
            "fresh, z3 tactic 0, api",
            fixed(Reuse::Fresh, Z3Solver::Tactic(0), false),
        ),
        (
            "scope, z3 for-logic, api + text",
            fixed(Reuse::Scope, Z3Solver::ForLogic, true),
        ),
        ("drawn (the default)", None),
    ]
}

/// A harness for one of [`setups`].
pub fn harness_for(setup: Option<CaseSetup>, dir: &std::path::Path) -> Harness {
    let mut h = harness(Reuse::DEFAULT, dir);
    match setup {
        Some(s) => h
            .set_setup(s)
            .unwrap_or_else(|e| panic!("cannot start the text paths: {e}")),
        None => {
            h.settings.drawn_setups = true;
            h.settings.mixed_reuse = true;
            h.settings.paths = crate::solver::Paths::Drawn;
        }
    }
    h
}
