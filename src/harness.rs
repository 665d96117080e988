//! One fuzz iteration end to end: run a formula on the selected solvers, apply the oracles,
//! write every finding to disk. Fuzz targets and the CLI are thin wrappers around this.

use crate::finding::{self, Written};
use crate::generate::Case;
use crate::ir::Formula;
use crate::oracle::{self, Answer, Issue, ModelCheck};
use crate::solver::{self, Limits, Solver, SolverError, SolverId, Verdict};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Default resident-size budget (MiB) above which the solvers start over in new contexts;
/// libFuzzer's default `-rss_limit_mb` is 2048.
pub const RSS_BUDGET_MB: u64 = 512;

/// The oracles applied to one case's answers.
pub type Judge<'a> = &'a dyn Fn(&mut Harness, &Formula, &[(SolverId, Answer)]) -> oracle::Verdicts;

/// Which solvers a target runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    Both,
    Only(SolverId),
}

impl std::str::FromStr for Selection {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "both" => Ok(Selection::Both),
            s => s
                .parse()
                .map(Selection::Only)
                .map_err(|_| format!("unknown solver selection {s:?} (expected both, z3 or cvc5)")),
        }
    }
}

/// What a case is doing: a solver call, or the oracles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Solver(SolverId),
    Oracles,
}

impl Phase {
    /// The solver running, if any.
    pub fn solver(self) -> Option<SolverId> {
        match self {
            Phase::Solver(id) => Some(id),
            Phase::Oracles => None,
        }
    }
}

impl std::fmt::Display for Phase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Phase::Solver(id) => write!(f, "{id}"),
            Phase::Oracles => f.write_str("oracles"),
        }
    }
}

impl std::str::FromStr for Phase {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "oracles" => Ok(Phase::Oracles),
            s => s.parse().map(Phase::Solver),
        }
    }
}

/// The result of one iteration.
pub struct Report {
    pub answers: Vec<(SolverId, Answer)>,
    pub model_checks: Vec<ModelCheck>,
    pub findings: Vec<(Issue, Written)>,
    /// Time inside solver calls (term construction included) and in total.
    pub solver_time: Duration,
    /// The solvers' time by phase, summed over the solvers.
    pub phases: crate::solver::Phases,
    /// Oracles, the evaluator's model validation included.
    pub oracle_time: Duration,
    /// Writing findings.
    pub write_time: Duration,
    pub total_time: Duration,
    /// Whether the findings were made again by a second run in a new Z3 context and cvc5
    /// term manager (`None`: no finding, no second run).
    pub reproduced_anew: Option<bool>,
}

/// Appended to the summary of a finding that a second run in new contexts did not make.
pub const NOT_REPRODUCED_ANEW: &str = " (not reproduced in a new Z3 context and cvc5 term manager: it depends on earlier cases of this process and may not replay in a new one)";

impl Report {
    /// One line per finding, for panics and the CLI.
    pub fn summary(&self) -> String {
        summary(&self.findings)
    }
}

/// One line per written finding: class, summary, reproducer path.
pub fn summary(findings: &[(Issue, Written)]) -> String {
    findings
        .iter()
        .map(|(i, w)| {
            let known = w
                .known
                .as_ref()
                .map(|k| format!(" (known bug: known-findings/{k})"))
                .unwrap_or_default();
            format!("[{}] {}{known} -> {}", i.class, i.summary, w.smt2.display())
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Solvers created once and reused across iterations, plus where findings go.
pub struct Harness {
    solvers: Vec<Box<dyn Solver>>,
    versions: Vec<(SolverId, String)>,
    reuse: solver::Reuse,
    /// Cases run, for the periodic memory check.
    cases: u64,
    /// Above this resident size (MiB) the solvers start over in new contexts
    /// (`SMTSMITH_RSS_BUDGET_MB`, default [`RSS_BUDGET_MB`]).
    pub rss_budget_mb: u64,
    pub limits: Limits,
    pub findings_dir: PathBuf,
    /// Called before each solver call and before the oracles run (the watchdog and
    /// `smtsmith check`'s worker follow the case with it, to know whom to blame for a hang or
    /// a crash).
    pub on_phase: Option<fn(Phase)>,
}

impl Harness {
    pub fn new(
        selection: Selection,
        findings_dir: impl Into<PathBuf>,
    ) -> Result<Self, SolverError> {
        Self::with_reuse(selection, findings_dir, solver::Reuse::from_env())
    }

    /// A harness whose solvers reuse state between cases as `reuse` says.
    pub fn with_reuse(
        selection: Selection,
        findings_dir: impl Into<PathBuf>,
        reuse: solver::Reuse,
    ) -> Result<Self, SolverError> {
        let solvers: Vec<Box<dyn Solver>> = solver::all_with(reuse)?
            .into_iter()
            .filter(|s| selection == Selection::Both || selection == Selection::Only(s.id()))
            .collect();
        let versions = solvers.iter().map(|s| (s.id(), s.version())).collect();
        let rss_budget_mb = std::env::var("SMTSMITH_RSS_BUDGET_MB")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(RSS_BUDGET_MB);
        Ok(Harness {
            solvers,
            versions,
            reuse,
            cases: 0,
            rss_budget_mb,
            limits: Limits::default(),
            findings_dir: findings_dir.into(),
            on_phase: None,
        })
    }

    /// The findings folder from `SMTSMITH_FINDINGS`, or `default`.
    pub fn findings_dir_from_env(default: &str) -> PathBuf {
        std::env::var_os("SMTSMITH_FINDINGS")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(default))
    }

    pub fn solvers_mut(&mut self) -> &mut [Box<dyn Solver>] {
        &mut self.solvers
    }

    pub fn versions(&self) -> &[(SolverId, String)] {
        &self.versions
    }

    pub fn reuse(&self) -> solver::Reuse {
        self.reuse
    }

    /// Drops the solvers kept between cases: the next case starts on new ones.
    pub fn forget(&mut self) {
        for s in self.solvers.iter_mut() {
            s.forget();
        }
    }

    /// Every 16 cases: when the process is larger than the budget, the solvers start over
    /// in new contexts (terms of earlier cases stay in a context until it is deleted; the
    /// regular recycling every few hundred cases is not enough after large formulas).
    pub(crate) fn watch_memory(&mut self) {
        self.cases += 1;
        if self.cases.is_multiple_of(16) {
            if let Some(rss) = solver::rss_mib() {
                if rss > self.rss_budget_mb {
                    for s in self.solvers.iter_mut() {
                        s.recycle_soon();
                    }
                }
            }
        }
    }

    /// Runs every solver on `f` and returns their answers (no oracle, nothing written).
    pub fn answers(&mut self, f: &Formula) -> Vec<(SolverId, Answer)> {
        self.watch_memory();
        let limits = self.limits.clone();
        let on_phase = self.on_phase;
        self.solvers
            .iter_mut()
            .map(|s| {
                if let Some(report) = on_phase {
                    report(Phase::Solver(s.id()));
                }
                (s.id(), s.check(f, &limits))
            })
            .collect()
    }

    /// Runs a generated case: solvers, oracles, findings written to disk.
    pub fn run_case(&mut self, case: &Case, input: Option<&[u8]>) -> Report {
        self.run(&case.formula, Some(&case.config), input)
    }

    pub fn run(
        &mut self,
        f: &Formula,
        config: Option<&crate::generate::Config>,
        input: Option<&[u8]>,
    ) -> Report {
        self.run_judged(f, config, input, &|_, f, a| oracle::judge(f, a))
    }

    /// Runs a formula of known verdict (`crate::construct`): every oracle of [`Self::run`],
    /// and a verdict contrary to the construction is a `construction` finding.
    pub fn run_constructed(
        &mut self,
        c: &crate::construct::Constructed,
        input: Option<&[u8]>,
    ) -> Report {
        let cores = c.core.is_some();
        if cores {
            for s in self.solvers.iter_mut() {
                s.set_unsat_cores(true);
            }
        }
        let report = self.run_judged(&c.formula, None, input, &|h, _, a| {
            let mut v = oracle::judge_constructed(c, a);
            v.findings.extend(h.check_cores(c, a, input));
            v
        });
        if cores {
            for s in self.solvers.iter_mut() {
                s.set_unsat_cores(false);
            }
        }
        report
    }

    /// The unsat-core oracle for a formula unsat by construction with a known core: a
    /// solver's core that contains the whole expected core is unsat by construction; one
    /// that misses part of it is checked alone by every solver, and a model of it that the
    /// evaluator validates makes it an `invalid-core` finding (the solver's core is
    /// satisfiable). A core that both solvers find unsat alone is valid (the construction's
    /// core was not the only one).
    pub fn check_cores(
        &mut self,
        c: &crate::construct::Constructed,
        answers: &[(SolverId, Answer)],
        input: Option<&[u8]>,
    ) -> Vec<Issue> {
        let Some(expected) = &c.core else {
            return Vec::new();
        };
        let mut issues = Vec::new();
        for (id, a) in answers {
            let Ok(o) = a else { continue };
            let (Verdict::Unsat, Some(core)) = (o.verdict, &o.core) else {
                continue;
            };
            if expected.iter().all(|k| core.contains(k)) {
                continue;
            }
            let mut sub = c.formula.clone();
            sub.asserts = core.iter().map(|k| c.formula.asserts[*k]).collect();
            let watched = watchdog::watch(self, &sub, input);
            let again = self.answers(&sub);
            if watched {
                watchdog::done();
            }
            let witness = again.iter().find_map(|(other, a)| match a {
                Ok(o) if o.verdict == Verdict::Sat => o
                    .model
                    .as_ref()
                    .filter(|m| crate::eval::check_model(&sub, m) == crate::eval::Truth::True)
                    .map(|_| *other),
                _ => None,
            });
            if let Some(other) = witness {
                let names = |ks: &[usize]| {
                    ks.iter()
                        .map(|k| format!("a{k}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                issues.push(Issue {
                    class: oracle::Class::InvalidCore,
                    blamed: Some(*id),
                    summary: format!(
                        "{id} says unsat with core ({}), but those assertions alone are sat: {other}'s model of them is validated by the evaluator; the construction's core is ({}) ({}: {})",
                        names(core),
                        names(expected),
                        c.family,
                        c.rule
                    ),
                });
            }
        }
        issues
    }

    /// Runs `f` on the solvers and judges the answers with `judge`; findings are confirmed
    /// by a second run in new contexts (or marked [`NOT_REPRODUCED_ANEW`]) and written.
    pub fn run_judged(
        &mut self,
        f: &Formula,
        config: Option<&crate::generate::Config>,
        input: Option<&[u8]>,
        judge: Judge,
    ) -> Report {
        let start = Instant::now();
        let watched = watchdog::watch(self, f, input);
        let answers = self.answers(f);
        if watched {
            watchdog::done();
        }
        let solver_time = answers
            .iter()
            .filter_map(|(_, a)| a.as_ref().ok().map(|o| o.time))
            .sum();
        let mut phases = crate::solver::Phases::default();
        for o in answers.iter().filter_map(|(_, a)| a.as_ref().ok()) {
            phases += o.phases;
        }
        let t = Instant::now();
        if let Some(report) = self.on_phase {
            report(Phase::Oracles);
        }
        let mut verdicts = judge(self, f, &answers);
        let mut answers = answers;
        // A finding may depend on what earlier cases left in the process: in kept solvers,
        // and (whatever the reuse mode) in the Z3 context and cvc5 term manager every
        // solver shares. Run the case again on new solvers in a new context and term
        // manager, as a new process would. The reproducer is that run's when it shows the
        // same classes; otherwise the finding is kept, marked as not replaying.
        let mut reproduced_anew = None;
        if !verdicts.findings.is_empty() {
            self.forget();
            for s in self.solvers.iter_mut() {
                s.recycle_soon();
            }
            let again = self.answers(f);
            let rejudged = judge(self, f, &again);
            let classes = |v: &oracle::Verdicts| {
                let mut c: Vec<String> = v.findings.iter().map(|i| i.class.to_string()).collect();
                c.sort();
                c
            };
            let same = classes(&rejudged) == classes(&verdicts);
            reproduced_anew = Some(same);
            if same {
                answers = again;
                verdicts = rejudged;
            } else {
                for issue in verdicts.findings.iter_mut() {
                    issue.summary.push_str(NOT_REPRODUCED_ANEW);
                }
            }
        }
        let oracle_time = t.elapsed();
        let t = Instant::now();
        let mut findings = Vec::new();
        for issue in verdicts.findings {
            let ctx = finding::Context {
                formula: f,
                answers: &answers,
                versions: &self.versions,
                limits: &self.limits,
                reuse: self.reuse,
                config,
                input,
            };
            match finding::write(&self.findings_dir, &issue, &ctx) {
                Ok(w) => findings.push((issue, w)),
                // Losing a finding silently is not an option: stop loudly with its text.
                Err(e) => panic!(
                    "cannot write finding to {}: {e}\n{}\n{}",
                    self.findings_dir.display(),
                    issue.summary,
                    crate::smtlib::script(f, &Default::default())
                ),
            }
        }
        Report {
            answers,
            model_checks: verdicts.model_checks,
            findings,
            solver_time,
            phases,
            oracle_time,
            write_time: t.elapsed(),
            total_time: start.elapsed(),
            reproduced_anew,
        }
    }
}

impl Harness {
    /// What the ground-term oracle observes on `f`: its closed applications, the
    /// evaluator's value of each, and each solver's simplified values (or its API error).
    pub fn ground_values(&mut self, f: &Formula) -> (oracle::GroundObservation, Duration) {
        self.watch_memory();
        let roots = closed_applications(f);
        let model = crate::eval::Model::default();
        let mut ev = crate::eval::Evaluator::new(f, &model);
        let expected = roots.iter().map(|r| ev.eval(*r).ok()).collect();
        let mut solver_time = Duration::ZERO;
        let mut values = Vec::new();
        for s in self.solvers.iter_mut() {
            let t = Instant::now();
            let simplified = s.simplify(f, &roots).map_err(|e| e.to_string());
            solver_time += t.elapsed();
            values.push((s.id(), simplified));
        }
        let observation = oracle::GroundObservation {
            roots,
            expected,
            values,
        };
        (observation, solver_time)
    }

    /// The ground-term cross-check: every closed, non-RegLan application of a ground case
    /// is simplified by each solver's rewriter; a value other than the evaluator's is a
    /// `ground-term` finding. Its reproducer asserts `(distinct term value)` (expected
    /// unsat: the evaluator's value) and records each solver's verdict on it.
    pub fn run_ground(&mut self, case: &Case, input: Option<&[u8]>) -> GroundReport {
        let start = Instant::now();
        let f = &case.formula;
        let (observation, solver_time) = self.ground_values(f);
        let judged = oracle::judge_ground(f, &observation);
        let mut report = GroundReport {
            terms: observation.roots.len(),
            agreed: judged.agreed,
            unsimplified: judged.unsimplified,
            unspecified: judged.unspecified,
            solver_time,
            ..Default::default()
        };
        let issues = judged.issues;
        for (issue, witness) in issues {
            // The reproducer: the term must equal the evaluator's value.
            let g = match &witness {
                Some((root, value)) => {
                    let mut g = crate::ir::Formula {
                        asserts: Vec::new(),
                        ..f.clone()
                    };
                    let v = g.lit(value.clone());
                    let ne = g
                        .app(crate::ir::Op::Distinct, vec![*root, v])
                        .expect("a term and its value have one sort");
                    g.assert(ne).expect("distinct is Boolean");
                    g
                }
                None => f.clone(),
            };
            let answers = self.answers(&g);
            let ctx = finding::Context {
                formula: &g,
                answers: &answers,
                versions: &self.versions,
                limits: &self.limits,
                reuse: self.reuse,
                config: Some(&case.config),
                input,
            };
            match finding::write(&self.findings_dir, &issue, &ctx) {
                Ok(w) => report.findings.push((issue, w)),
                Err(e) => panic!(
                    "cannot write finding to {}: {e}\n{}\n{}",
                    self.findings_dir.display(),
                    issue.summary,
                    crate::smtlib::script(&g, &Default::default())
                ),
            }
        }
        report.total_time = start.elapsed();
        report
    }
}

/// The result of one ground-term iteration.
#[derive(Default)]
pub struct GroundReport {
    /// Terms checked per solver.
    pub terms: usize,
    /// (term, solver) pairs where the solver's value equals the evaluator's.
    pub agreed: usize,
    /// Pairs where the solver's rewriter did not reach a value.
    pub unsimplified: usize,
    /// Pairs where SMT-LIB leaves the value unspecified (the evaluator answers unknown).
    pub unspecified: usize,
    pub findings: Vec<(Issue, Written)>,
    pub solver_time: Duration,
    pub total_time: Duration,
}

impl GroundReport {
    pub fn summary(&self) -> String {
        summary(&self.findings)
    }
}

/// Application nodes reachable from the assertions with no free `let` variable and a
/// first-class sort (RegLan values are compared through membership elsewhere).
fn closed_applications(f: &Formula) -> Vec<crate::ir::NodeId> {
    use crate::ir::{NodeKind, Sort};
    let free = f.free_bound_vars(false);
    f.reachable_postorder()
        .into_iter()
        .filter(|id| {
            free[id.0 as usize].is_empty()
                && matches!(f.node(*id).kind, NodeKind::App(..))
                && *f.sort_of(*id) != Sort::RegLan
        })
        .collect()
}

/// Where findings go by default: `findings/` at the top of the smtsmith checkout, or, where
/// that checkout does not exist (a fuzz target run on another machine, e.g. by OSS-Fuzz),
/// `findings/` in the current folder.
pub fn default_findings_dir() -> PathBuf {
    let checkout = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let default = if checkout.is_dir() {
        checkout.join("findings")
    } else {
        PathBuf::from("findings")
    };
    Harness::findings_dir_from_env(&default.to_string_lossy())
}

thread_local! {
    /// Leaked on purpose: never dropped at thread exit. At process exit the C++ runtime
    /// destroys cvc5's thread-local error state before Rust's thread-local destructors run;
    /// deleting a cvc5 solver after that writes to the freed string (valgrind: invalid
    /// write in `cvc5_capi_reset_error` from `cvc5_delete`) and corrupted the heap, so that
    /// fuzzing processes died at exit ("corrupted double-linked list" in the term manager's
    /// destructor). The process's memory goes back to the system anyway.
    static HARNESSES: std::cell::RefCell<Vec<(Selection, &'static mut Harness)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The fuzz targets, by the names of their files in `fuzz/fuzz_targets/`: each target's
/// body is [`Target::fuzz`], which `smtsmith run-target` also runs (without libFuzzer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Differential,
    ModelZ3,
    ModelCvc5,
    GroundTerms,
    StringsSat,
    StringsUnsat,
    Regex,
    Fusion,
    Sae,
    Janus,
    Script,
    SeedMutation,
}

impl Target {
    pub const ALL: [Target; 12] = [
        Target::Differential,
        Target::ModelZ3,
        Target::ModelCvc5,
        Target::GroundTerms,
        Target::StringsSat,
        Target::StringsUnsat,
        Target::Regex,
        Target::Fusion,
        Target::Sae,
        Target::Janus,
        Target::Script,
        Target::SeedMutation,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Target::Differential => "differential",
            Target::ModelZ3 => "model_z3",
            Target::ModelCvc5 => "model_cvc5",
            Target::GroundTerms => "ground_terms",
            Target::StringsSat => "strings_sat",
            Target::StringsUnsat => "strings_unsat",
            Target::Regex => "regex",
            Target::Fusion => "fusion",
            Target::Sae => "sae",
            Target::Janus => "janus",
            Target::Script => "script",
            Target::SeedMutation => "seed_mutation",
        }
    }

    /// The target's body on one input: decode, run, judge, write findings; panics on a
    /// finding that is not a known bug (so libFuzzer saves the input).
    pub fn fuzz(self, data: &[u8]) {
        use crate::construct as c;
        match self {
            Target::Differential => fuzz_one(Selection::Both, data),
            Target::ModelZ3 => fuzz_one(Selection::Only(SolverId::Z3), data),
            Target::ModelCvc5 => fuzz_one(Selection::Only(SolverId::Cvc5), data),
            Target::GroundTerms => fuzz_ground(data),
            Target::StringsSat => fuzz_constructed(data, c::strings_sat::build),
            Target::StringsUnsat => fuzz_constructed(data, c::strings_unsat::build),
            Target::Regex => fuzz_constructed(data, c::regex::build),
            Target::Fusion | Target::Sae | Target::Janus => fuzz_named(self.name(), data),
            Target::Script => fuzz_incremental(data),
            Target::SeedMutation => fuzz_script(data),
        }
    }
}

impl std::str::FromStr for Target {
    type Err = String;
    fn from_str(s: &str) -> Result<Target, String> {
        Target::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Target::ALL.iter().map(|t| t.name()).collect();
                format!("unknown fuzz target {s:?}; known: {}", names.join(", "))
            })
    }
}

/// The body of every generative fuzz target: decode, run, judge, write findings; then
/// panic (so libFuzzer saves the input) if there was any. Solvers are created once per
/// thread and reused.
pub fn fuzz_one(selection: Selection, data: &[u8]) {
    fuzz_with(selection, |h| {
        let case = Case::from_bytes(data);
        h.run_case(&case, Some(data)).findings
    })
}

/// The body of the seed-mutation target: the input is an SMT-LIB script (a seed or a
/// mutant from [`crate::mutate`]); it is parsed and run through every oracle on both
/// solvers. Text that does not parse stands for the formula generated from its bytes, as
/// in the custom mutator, so every input is a test.
pub fn fuzz_script(data: &[u8]) {
    fuzz_with(Selection::Both, |h| {
        let f = crate::mutate::formula_of(data);
        h.run(&f, None, Some(data)).findings
    })
}

/// The body of the `script` target: an incremental script decoded from the input, run in
/// lockstep on both solvers and judged at every step.
pub fn fuzz_incremental(data: &[u8]) {
    fuzz_with(Selection::Both, |h| {
        let s = crate::script::Script::from_bytes(data);
        h.run_script(&s, Some(data)).findings
    })
}

/// The body of the construction targets: `build` decodes a formula of known verdict from
/// the input; a case whose claim the evaluator does not confirm is skipped (unknown) or is
/// a bug of the construction (false: panics with the formula).
pub fn fuzz_constructed(
    data: &[u8],
    build: fn(&mut arbitrary::Unstructured) -> arbitrary::Result<crate::construct::Constructed>,
) {
    let Ok(c) = build(&mut arbitrary::Unstructured::new(data)) else {
        return;
    };
    if !witness_usable(&c) {
        return;
    }
    fuzz_with(Selection::Both, |h| {
        h.run_constructed(&c, Some(data)).findings
    })
}

/// A fusion seed from a generated formula (bytes drawn from `u`): both solvers decide it
/// alike, and a sat one only with a model the evaluator validates (that model is its
/// witness). `None` otherwise. Findings on the generated formula itself are not reported
/// here (the `differential` target looks for those).
pub fn generated_seed(
    h: &mut Harness,
    u: &mut arbitrary::Unstructured,
) -> Option<crate::construct::fusion::Seed> {
    let len = u.int_in_range(24..=160usize).ok()?;
    let bytes = u.bytes(len.min(u.len())).ok()?.to_vec();
    let case = Case::from_bytes(&bytes);
    let watched = watchdog::watch(h, &case.formula, Some(&bytes));
    let answers = h.answers(&case.formula);
    if watched {
        watchdog::done();
    }
    let outcomes: Vec<&solver::Outcome> = answers
        .iter()
        .filter_map(|(_, a)| a.as_ref().ok())
        .collect();
    if outcomes.len() != answers.len() || outcomes.is_empty() {
        return None;
    }
    let verdict = outcomes[0].verdict;
    if !matches!(verdict, Verdict::Sat | Verdict::Unsat)
        || outcomes.iter().any(|o| o.verdict != verdict)
    {
        return None;
    }
    let witness = if verdict == Verdict::Sat {
        let m = outcomes.iter().find_map(|o| {
            o.model
                .as_ref()
                .filter(|m| crate::eval::check_model(&case.formula, m) == crate::eval::Truth::True)
        })?;
        Some(m.clone())
    } else {
        None
    };
    Some(crate::construct::fusion::Seed {
        formula: case.formula,
        verdict,
        witness,
        origin: format!("a generated {verdict} formula (both solvers)"),
        decided_by: Some(answers.iter().map(|(id, _)| *id).collect()),
    })
}

/// A fusion case: one time in three the first seed is a generated formula decided alike
/// by both solvers ([`generated_seed`]) and the second one is generated too or comes from
/// [`crate::construct::fusion::build`]'s sources; otherwise `fusion::build` alone.
pub fn fusion_case(
    h: &mut Harness,
    u: &mut arbitrary::Unstructured,
) -> arbitrary::Result<crate::construct::Constructed> {
    use crate::construct::fusion;
    if u.int_in_range(0..=2u8)? != 0 {
        return fusion::build(u);
    }
    let s1 = generated_seed(h, u).ok_or(arbitrary::Error::IncorrectFormat)?;
    let s2 = if u.ratio(1, 2)? {
        generated_seed(h, u)
    } else {
        (0..8).find_map(|_| {
            let s = if u.ratio(1, 2).ok()? {
                fusion::family_seed(u).ok()?
            } else {
                fusion::file_seed(u).ok()?
            };
            (s.verdict == s1.verdict).then_some(s)
        })
    }
    .ok_or(arbitrary::Error::IncorrectFormat)?;
    fusion::fuse(u, &s1, &s2)
}

/// One time in three a generated formula decided alike by both solvers
/// ([`generated_seed`]), otherwise one of [`crate::construct::fusion::any_seed`].
fn mixed_seed(
    h: &mut Harness,
    u: &mut arbitrary::Unstructured,
) -> arbitrary::Result<crate::construct::fusion::Seed> {
    if u.int_in_range(0..=2u8)? == 0 {
        generated_seed(h, u).ok_or(arbitrary::Error::IncorrectFormat)
    } else {
        crate::construct::fusion::any_seed(u)
    }
}

/// An SAE case: one time in three the seed is a generated formula decided alike by both
/// solvers ([`generated_seed`]), otherwise one of [`crate::construct::fusion::any_seed`].
pub fn sae_case(
    h: &mut Harness,
    u: &mut arbitrary::Unstructured,
) -> arbitrary::Result<crate::construct::Constructed> {
    let seed = mixed_seed(h, u)?;
    crate::construct::sae::approximate(u, &seed)
}

/// A Janus case: a seed (one time in three a generated formula decided alike by both
/// solvers, else one of [`crate::construct::fusion::any_seed`]) is checked by every solver
/// first; the mutant records which solvers decided it as labelled, so that `unknown` from
/// one of them on the mutant is an `incompleteness` finding.
pub fn janus_case(
    h: &mut Harness,
    u: &mut arbitrary::Unstructured,
) -> arbitrary::Result<crate::construct::Constructed> {
    let seed = mixed_seed(h, u)?;
    // A generated seed was decided by both solvers already: not asked again.
    let decided: Vec<SolverId> = match &seed.decided_by {
        Some(ids) => ids.clone(),
        None => {
            let watched = watchdog::watch(h, &seed.formula, None);
            let answers = h.answers(&seed.formula);
            if watched {
                watchdog::done();
            }
            answers
                .iter()
                .filter(|(_, a)| matches!(a, Ok(o) if o.verdict == seed.verdict))
                .map(|(id, _)| *id)
                .collect()
        }
    };
    let mut c = crate::construct::janus::mutate(u, &seed)?;
    c.decided_seed = decided;
    Ok(c)
}

/// Decodes `data` as an input of the construction target `name` (`fusion` may run the
/// solvers to decide generated seeds): the outer error names an unknown family, the inner
/// one an input the family cannot decode.
pub fn construct_case(
    h: &mut Harness,
    name: &str,
    data: &[u8],
) -> Result<arbitrary::Result<crate::construct::Constructed>, String> {
    let build = crate::construct::family(name)?;
    let mut u = arbitrary::Unstructured::new(data);
    Ok(match name {
        "fusion" => fusion_case(h, &mut u),
        "sae" => sae_case(h, &mut u),
        "janus" => janus_case(h, &mut u),
        _ => build(&mut u),
    })
}

/// The body of the construction targets that may run the solvers while building a case
/// (`fusion`, `sae`: generated seeds): [`construct_case`], judged like the others.
pub fn fuzz_named(name: &str, data: &[u8]) {
    fuzz_with(Selection::Both, |h| {
        let Ok(Ok(c)) = construct_case(h, name, data) else {
            return Vec::new();
        };
        if !witness_usable(&c) {
            return Vec::new();
        }
        h.run_constructed(&c, Some(data)).findings
    })
}

/// Whether a constructed case may run: a witness, if any, must satisfy the formula
/// (unknown: skipped; false: a bug of the construction, which panics with the formula).
pub fn witness_usable(c: &crate::construct::Constructed) -> bool {
    let Some(m) = &c.witness else {
        return true;
    };
    match crate::eval::check_model(&c.formula, m) {
        crate::eval::Truth::True => true,
        crate::eval::Truth::Unknown(..) => false,
        crate::eval::Truth::False(i) => panic!(
            "smtsmith bug: the witness of a {} construction makes assertion {i} false ({})\n{}",
            c.family,
            c.rule,
            crate::smtlib::script(&c.formula, &Default::default())
        ),
    }
}

/// The body of the ground-term target: a ground case, simplified by both solvers and
/// evaluated by ours; panics on any finding.
pub fn fuzz_ground(data: &[u8]) {
    fuzz_with(Selection::Both, |h| {
        let case = Case::ground_from_bytes(data);
        h.run_ground(&case, Some(data)).findings
    })
}

/// The fuzz targets' hang watchdog. A solver that does not check its time limit (cvc5
/// 1.4.0 on some nonlinear real formulas; Z3 4.12.2 on some string formulas) keeps the
/// process in one check until libFuzzer's `-timeout` kills it, and libFuzzer saves only
/// the raw input. Before that, this thread writes a `time-limit` finding with the
/// reproducer: after `SMTSMITH_HANG_SECONDS` (default 30) in one solver; at 1.5 times that,
/// still in the same check, it ends the process (status [`watchdog::HANG_EXIT_CODE`]) —
/// keep libFuzzer's `-timeout` above 1.5 × `SMTSMITH_HANG_SECONDS`.
pub mod watchdog {
    use super::Harness;
    use crate::ir::Formula;
    use crate::solver::{Limits, SolverId};
    use std::path::PathBuf;
    use std::sync::Mutex;
    use std::time::{Duration, Instant};

    struct Case {
        formula: Formula,
        input: Option<Vec<u8>>,
        versions: Vec<(SolverId, String)>,
        limits: Limits,
        reuse: crate::solver::Reuse,
        dir: PathBuf,
        /// The solver running and since when.
        phase: Option<(SolverId, Instant)>,
        reported: bool,
        /// An incremental script, and the action it is at.
        script: Option<(crate::script::Script, usize)>,
    }

    static CURRENT: Mutex<Option<Case>> = Mutex::new(None);
    /// The exit status of a process the watchdog ends (a hung check, finding written).
    pub const HANG_EXIT_CODE: i32 = 71;
    static STARTED: std::sync::Once = std::sync::Once::new();
    static ENABLED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

    /// Turns the watchdog on for this process (fuzz targets do; the CLI does not).
    pub fn enable() {
        ENABLED.store(true, std::sync::atomic::Ordering::Relaxed);
        STARTED.call_once(|| {
            let after = std::env::var("SMTSMITH_HANG_SECONDS")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(30u64);
            std::thread::spawn(move || loop {
                std::thread::sleep(Duration::from_millis(500));
                check(Duration::from_secs(after));
            });
            crate::sys::at_exit(on_exit);
        });
    }

    pub(crate) fn watch(h: &mut Harness, f: &Formula, input: Option<&[u8]>) -> bool {
        if !ENABLED.load(std::sync::atomic::Ordering::Relaxed) {
            return false;
        }
        *CURRENT.lock().unwrap_or_else(|e| e.into_inner()) = Some(Case {
            formula: f.clone(),
            input: input.map(|i| i.to_vec()),
            versions: h.versions.clone(),
            limits: h.limits.clone(),
            reuse: h.reuse,
            dir: h.findings_dir.clone(),
            phase: None,
            reported: false,
            script: None,
        });
        h.on_phase = Some(phase);
        true
    }

    /// [`watch`] for an incremental script (its reproducer is the script's).
    pub(crate) fn watch_script(
        h: &mut Harness,
        s: &crate::script::Script,
        input: Option<&[u8]>,
    ) -> bool {
        if !watch(h, &s.formula, input) {
            return false;
        }
        if let Some(c) = CURRENT.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            c.script = Some((s.clone(), 0));
        }
        true
    }

    /// Records the action a watched script is at.
    pub(crate) fn at_step(i: usize) {
        if let Ok(mut cur) = CURRENT.try_lock() {
            if let Some((_, step)) = cur.as_mut().and_then(|c| c.script.as_mut()) {
                *step = i;
            }
        }
    }

    /// Writes `issue` for the watched case `c` (a script's reproducer: the actions up to
    /// the current one, queries left out).
    fn write_for(
        c: &Case,
        issue: &crate::oracle::Issue,
    ) -> std::io::Result<crate::finding::Written> {
        if let Some((s, step)) = &c.script {
            let ran: Vec<(SolverId, Vec<usize>)> = c
                .versions
                .iter()
                .map(|(id, _)| {
                    (
                        *id,
                        (0..=*step).filter(|i| !s.actions[*i].is_query()).collect(),
                    )
                })
                .collect();
            let ctx = crate::finding::ScriptContext {
                script: s,
                ran: &ran,
                step: *step,
                answers: &[],
                versions: &c.versions,
                limits: &c.limits,
                input: c.input.as_deref(),
            };
            return crate::finding::write_script(&c.dir, issue, &ctx);
        }
        let ctx = crate::finding::Context {
            formula: &c.formula,
            answers: &[],
            versions: &c.versions,
            limits: &c.limits,
            reuse: c.reuse,
            config: None,
            input: c.input.as_deref(),
        };
        crate::finding::write(&c.dir, issue, &ctx)
    }

    /// Runs at process exit (`atexit`): an exit while a solver is inside a call (Z3's
    /// `model_validate` calls `exit(0)` on an invalid model; a solver may also exit on an
    /// internal error) is a finding: `self-check` when the script has the self-checks on,
    /// `crash` otherwise. Written before the process is gone.
    extern "C" fn on_exit() {
        let Ok(cur) = CURRENT.try_lock() else { return };
        let Some(c) = cur.as_ref() else { return };
        let Some((solver, _)) = c.phase else { return };
        if c.reported {
            return;
        }
        let self_checks = c.script.as_ref().is_some_and(|(s, _)| s.setup.self_checks);
        let issue = crate::oracle::Issue {
            class: if self_checks {
                crate::oracle::Class::SelfCheck
            } else {
                crate::oracle::Class::Crash
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
        };
        match write_for(c, &issue) {
            Ok(w) => eprintln!(
                "smtsmith: [{}] {} -> {}",
                issue.class,
                issue.summary,
                w.smt2.display()
            ),
            Err(e) => eprintln!("smtsmith: cannot write finding: {e}\n{}", issue.summary),
        }
    }

    fn phase(p: super::Phase) {
        if let Some(c) = CURRENT.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            c.phase = p.solver().map(|id| (id, Instant::now()));
        }
    }

    pub(crate) fn done() {
        *CURRENT.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    fn check(after: Duration) {
        let mut cur = CURRENT.lock().unwrap_or_else(|e| e.into_inner());
        let Some(c) = cur.as_mut() else { return };
        let Some((solver, since)) = c.phase else {
            return;
        };
        // A check within (or just past) its own time limit is no hang, whatever the
        // threshold was set to.
        let after = after.max(Duration::from_millis(
            u64::from(c.limits.timeout_ms) * 3 / 2,
        ));
        if c.reported && since.elapsed() >= after * 3 / 2 {
            // Still in the same check: end the process here rather than leave it to
            // libFuzzer's -timeout, whose SIGALRM handler can deadlock in malloc when the
            // solver was interrupted inside it (seen in a fusion run: the fork child hung
            // for minutes and the campaign with it). The finding is already on disk.
            eprintln!(
                "smtsmith watchdog: {solver} still in the same check after {} s; exiting (the time-limit finding is written)",
                since.elapsed().as_secs()
            );
            crate::sys::exit_now(HANG_EXIT_CODE);
        }
        if c.reported || since.elapsed() < after {
            return;
        }
        c.reported = true;
        let issue = crate::oracle::Issue {
            class: crate::oracle::Class::TimeLimit,
            blamed: Some(solver),
            summary: format!(
                "{solver} still running {} s into a check with a {} ms time limit",
                since.elapsed().as_secs(),
                c.limits.timeout_ms
            ),
        };
        match write_for(c, &issue) {
            Ok(w) => eprintln!(
                "smtsmith watchdog: [{}] {} -> {}",
                issue.class,
                issue.summary,
                w.smt2.display()
            ),
            Err(e) => eprintln!(
                "smtsmith watchdog: cannot write finding to {}: {e}\n{}\n{}",
                c.dir.display(),
                issue.summary,
                crate::smtlib::script(&c.formula, &Default::default())
            ),
        }
    }
}

/// Runs `body` with this thread's harness for `selection`; findings it returns panic (so
/// libFuzzer saves the input), except known bugs (`known-findings/`) and classes named in
/// `SMTSMITH_QUIET_CLASSES`: those are written to disk and the fuzzer goes on.
fn fuzz_with(selection: Selection, body: impl FnOnce(&mut Harness) -> Vec<(Issue, Written)>) {
    watchdog::enable();
    let findings = HARNESSES.with(|hs| {
        let mut hs = hs.borrow_mut();
        if !hs.iter().any(|(s, _)| *s == selection) {
            let h = Harness::new(selection, default_findings_dir())
                .unwrap_or_else(|e| panic!("cannot start the solvers: {e}"));
            hs.push((selection, Box::leak(Box::new(h))));
        }
        let (_, h) = hs.iter_mut().find(|(s, _)| *s == selection).unwrap();
        let h: &mut Harness = h;
        body(h)
    });
    // E.g. `performance,incompleteness` for a smoke run that must only fail on soundness
    // findings. Read once per process, not once per input.
    static QUIET: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let quiet = QUIET.get_or_init(|| {
        std::env::var("SMTSMITH_QUIET_CLASSES")
            .map(|v| v.split(',').map(|c| c.trim().to_string()).collect())
            .unwrap_or_default()
    });
    let stops = |(issue, written): &&(Issue, Written)| {
        written.known.is_none() && !quiet.iter().any(|q| q == issue.class.dir())
    };
    if findings.iter().any(|f| stops(&f)) {
        panic!("smtsmith finding(s):\n{}", summary(&findings));
    }
    for (issue, written) in &findings {
        if let Some(k) = &written.known {
            eprintln!(
                "smtsmith: known bug ({k}), not stopping: [{}] {}",
                issue.class, issue.summary
            );
        }
    }
}
