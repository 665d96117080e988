//! Where a fuzz iteration's time goes: the body of the `differential` target run over a
//! fixed list of inputs, with each part timed. Used by `smtsmith bench` and by the
//! criterion benchmarks (`benches/`); never by timed tests.

use crate::generate::{seeded_bytes, Case, Theories};
use crate::harness::{Harness, Selection};
use crate::solver::{CaseSetup, Phases, Reuse, Z3Solver};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// A fixed corpus: `count` inputs of `bytes` pseudo-random bytes from seeds `seed..`.
pub fn corpus(seed: u64, count: u64, bytes: usize) -> Vec<Vec<u8>> {
    (0..count)
        .map(|i| seeded_bytes(seed.wrapping_add(i), bytes))
        .collect()
}

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

/// Runs the `differential` body (decode, both solvers, oracles) over `inputs`.
pub fn profile(h: &mut Harness, inputs: &[Vec<u8>], theories: &Theories) -> Profile {
    let mut prof = Profile::default();
    let start = Instant::now();
    for input in inputs {
        let t = Instant::now();
        let case = Case::from_bytes_in(input, theories);
        prof.generate += t.elapsed();
        let r = h.run_case(&case, Some(input));
        prof.phases += r.phases;
        for (id, a) in &r.answers {
            let e = prof.by_solver.entry(id.to_string()).or_default();
            let v = match a {
                Ok(o) => {
                    e.0 += o.phases;
                    o.verdict.to_string()
                }
                Err(_) => "api-error".to_string(),
            };
            *e.1.entry(v).or_default() += 1;
        }
        prof.oracle += r.oracle_time;
        prof.write += r.write_time;
        prof.findings += r.findings.len() as u64;
        prof.cases += 1;
        prof.per_case.push(t.elapsed());
    }
    prof.total = start.elapsed();
    prof
}

/// A harness for benchmarks: both solvers, findings into `dir`.
pub fn harness(reuse: Reuse, dir: &std::path::Path) -> Harness {
    Harness::with_reuse(Selection::Both, dir, reuse)
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
            h.drawn_setups = true;
            h.mixed_reuse = true;
            h.paths = crate::solver::Paths::Drawn;
        }
    }
    h
}
