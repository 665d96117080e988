//! One fuzz iteration end to end: run a formula on the selected solvers, apply the oracles,
//! write every finding to disk. Fuzz targets and the CLI are thin wrappers around this.

use crate::lang::generate::Case;
use crate::lang::ir::Formula;
use crate::solver::{self, Solver, SolverError, SolverId};
use crate::verdict::finding::{self, Written};
use crate::verdict::oracle::{self, Answer, Issue, ModelCheck};
use std::path::PathBuf;
use std::time::{Duration, Instant};

pub mod bisect;
pub mod isolated;
pub mod optimize;
mod paths;
mod reduction;
mod seeded;
pub mod session;
pub mod settings;
pub mod settle;
pub(crate) mod status;
pub(crate) mod target;
mod targets;
pub mod watchdog;
pub mod wheel;

pub use crate::harness::target::{Portfolio, Target, PORTFOLIO};
pub use paths::{EveryPath, PathSetup, EVERY_PATH};
pub use reduction::{
    reduce_file, reproducer_formula, FileError as ReduceFileError, Reduction,
    Stats as ReductionStats, WrittenFinding,
};
pub use seeded::{
    construct_case, fusion_case, generated_seed, janus_case, sae_case, witness_usable,
};
pub use targets::{
    fuzz_constructed, fuzz_ground, fuzz_incremental, fuzz_named, fuzz_one, fuzz_script, Decoding,
};

/// The judge of `ground-term` findings: the formula's closed applications simplified by
/// each solver's rewriter ([`Harness::ground_values`]) against the evaluator
/// ([`oracle::judge_ground`]); the checks' answers play no part. Reductions and replays of
/// known reproducers judge ground-term candidates by it.
pub const GROUND_JUDGE: Judge<'static> = &|h, g, _| {
    let (observation, _) = h.ground_values(g);
    oracle::Verdicts {
        findings: oracle::judge_ground(g, &observation)
            .issues
            .into_iter()
            .map(|(issue, _)| issue)
            .collect(),
        model_checks: Vec::new(),
    }
};

/// The oracles applied to one case's answers.
pub type Judge<'a> = &'a dyn Fn(&mut Harness, &Formula, &[(SolverId, Answer)]) -> oracle::Verdicts;

/// Which solvers a target runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// Every solver the settings open.
    All,
    Only(SolverId),
}

impl std::str::FromStr for Selection {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            // `both` is the name of the days of two solvers.
            "all" | "both" => Ok(Selection::All),
            s => s.parse().map(Selection::Only).map_err(|_| {
                format!("unknown solver selection {s:?} (expected all, z3, cvc5 or yices)")
            }),
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
    /// How the solvers were reused for this case (recorded in its findings).
    pub reuse: solver::Reuse,
    /// How the case met the solvers (recorded in its findings).
    pub setup: solver::CaseSetup,
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
    /// Reducing findings (after writing them).
    pub reduce_time: Duration,
    pub total_time: Duration,
    /// Whether the findings were made again by a second run in a new Z3 context and cvc5
    /// term manager (`None`: no finding, no second run).
    pub reproduced_anew: Option<bool>,
}

/// Appended to the summary of a finding that a second run in new contexts did not make.
pub const NOT_REPRODUCED_ANEW: &str = " (not reproduced in a new Z3 context and cvc5 term manager: it depends on earlier cases of this process and may not replay in a new one)";

impl Report {
    /// Solver `id`'s verdict in this case (`None`: it was not asked, or its call failed).
    pub fn verdict(&self, id: SolverId) -> Option<solver::Verdict> {
        self.answers
            .iter()
            .find(|(s, _)| *s == id)
            .and_then(|(_, a)| a.as_ref().ok())
            .map(|o| o.verdict)
    }

    /// One line per finding, for panics and the CLI.
    pub fn summary(&self) -> String {
        summary(&self.findings)
    }

    /// A report of no answers, in `setup`.
    pub(crate) fn empty(setup: solver::CaseSetup) -> Report {
        Report {
            reuse: setup.reuse,
            setup,
            answers: Vec::new(),
            model_checks: Vec::new(),
            findings: Vec::new(),
            solver_time: Duration::ZERO,
            phases: Default::default(),
            oracle_time: Duration::ZERO,
            write_time: Duration::ZERO,
            reduce_time: Duration::ZERO,
            total_time: Duration::ZERO,
            reproduced_anew: None,
        }
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
    solvers: Solvers,
    /// The run's settings, one value as the edges read them ([`crate::harness::settings::Settings`]):
    /// the setups drawn, the limits, the memory budget, the reduction's budget.
    pub settings: crate::harness::settings::Settings,
    /// The current case: its setup and what it asks of the solvers.
    case: CaseState,
    /// Where findings go, and whether they are written.
    pub output: Output,
    /// Called before each solver call and before the oracles run (the watchdog and
    /// `smtsmith check`'s worker follow the case with it, to know whom to blame for a hang or
    /// a crash).
    pub on_phase: Option<fn(Phase)>,
    /// Cases run, for the periodic memory check.
    cases: u64,
}

/// The solvers a harness opened: their C-API paths, their SMT-LIB front ends (opened when a
/// case first asks for them) and the versions of both.
struct Solvers {
    api: Vec<Box<dyn Solver>>,
    text: Vec<Box<dyn Solver>>,
    versions: Vec<(SolverId, String)>,
}

impl Solvers {
    /// Every path opened: the API paths, then the front ends.
    fn all_mut(&mut self) -> impl Iterator<Item = &mut Box<dyn Solver>> {
        self.api.iter_mut().chain(self.text.iter_mut())
    }
}

/// How the current case meets the solvers.
struct CaseState {
    setup: solver::CaseSetup,
    /// The case asks for unsat cores.
    cores_asked: bool,
    /// The paths the case runs, of those the setup opens (`None`: all; `smtsmith check`
    /// asks some setups of one solver only).
    paths: Option<Vec<SolverId>>,
    /// A script's own text, which the text paths run instead of the printed formula
    /// ([`Harness::set_source`]).
    source: Option<std::sync::Arc<str>>,
}

/// Where a harness writes its findings.
pub struct Output {
    pub dir: PathBuf,
    /// Findings are written (off while a reduction judges its candidates).
    pub write: bool,
    /// Where each reduction candidate is written before it runs (`smtsmith reduce`: the
    /// candidate a solver crashed on stays there).
    pub candidate_file: Option<PathBuf>,
}

impl Harness {
    /// A harness with the library's settings ([`crate::harness::settings::Settings::fixed`]: no
    /// `SMTSMITH_*` variable is read, setups not drawn, findings not reduced).
    pub fn new(
        selection: Selection,
        findings_dir: impl Into<PathBuf>,
    ) -> Result<Self, SolverError> {
        Self::with_reuse(selection, findings_dir, solver::Reuse::DEFAULT)
    }

    /// A harness as `settings` say: what the edges — the fuzz targets and the command line
    /// — make.
    pub fn with_settings(
        selection: Selection,
        findings_dir: impl Into<PathBuf>,
        settings: &crate::harness::settings::Settings,
    ) -> Result<Self, SolverError> {
        let api: Vec<Box<dyn Solver>> = settings
            .solvers
            .iter()
            .filter(|id| selection == Selection::All || selection == Selection::Only(**id))
            .map(|id| solver::open(*id, settings.reuse))
            .collect::<Result<_, _>>()?;
        let versions = api.iter().map(|s| (s.id(), s.version())).collect();
        Ok(Harness {
            solvers: Solvers {
                api,
                text: Vec::new(),
                versions,
            },
            settings: settings.clone(),
            case: CaseState {
                setup: solver::CaseSetup {
                    reuse: settings.reuse,
                    ..Default::default()
                },
                cores_asked: false,
                paths: None,
                source: None,
            },
            output: Output {
                dir: findings_dir.into(),
                write: true,
                candidate_file: None,
            },
            on_phase: None,
            cases: 0,
        })
    }

    /// A harness with the library's settings whose solvers reuse state between cases as
    /// `reuse` says.
    pub fn with_reuse(
        selection: Selection,
        findings_dir: impl Into<PathBuf>,
        reuse: solver::Reuse,
    ) -> Result<Self, SolverError> {
        let settings = crate::harness::settings::Settings {
            reuse,
            ..crate::harness::settings::Settings::fixed()
        };
        Self::with_settings(selection, findings_dir, &settings)
    }

    /// Each finding is reduced as it is written, within this time (`None`: not reduced).
    pub fn reduce_budget(&self) -> Option<Duration> {
        (self.settings.reduce_seconds > 0)
            .then(|| Duration::from_secs(self.settings.reduce_seconds))
    }

    /// A finding's context on `f` in `setup`, with this harness's versions and limits.
    pub(crate) fn context<'a>(
        &'a self,
        f: &'a Formula,
        setup: solver::CaseSetup,
    ) -> finding::Context<'a> {
        finding::Context::new(f, &self.solvers.versions, &self.settings.limits, setup)
    }

    pub fn solvers_mut(&mut self) -> &mut [Box<dyn Solver>] {
        &mut self.solvers.api
    }

    pub fn versions(&self) -> &[(SolverId, String)] {
        &self.solvers.versions
    }

    pub fn reuse(&self) -> solver::Reuse {
        self.case.setup.reuse
    }

    /// How the current case meets the solvers.
    pub fn setup(&self) -> &solver::CaseSetup {
        &self.case.setup
    }

    /// From the next case on, every solver reuses state as `reuse` says.
    pub fn set_reuse(&mut self, reuse: solver::Reuse) {
        self.set_setup(solver::CaseSetup {
            reuse,
            ..self.case.setup
        })
        .expect("no text path asked for");
    }

    /// From the next case on, the cases meet the solvers as `setup` says (the text paths
    /// are opened the first time a setup asks for them).
    pub fn set_setup(&mut self, setup: solver::CaseSetup) -> Result<(), SolverError> {
        if setup.text && self.solvers.text.is_empty() {
            for text in self.solvers.api.iter().filter_map(|s| s.id().text()) {
                let mut t = solver::open(text, setup.reuse)?;
                t.set_unsat_cores(false);
                self.solvers.versions.push((t.id(), t.version()));
                self.solvers.text.push(t);
            }
        }
        self.case.setup.reuse = setup.reuse;
        self.case.setup = setup;
        for s in self.solvers.all_mut() {
            s.set_setup(&setup);
        }
        Ok(())
    }

    /// The solvers the current case runs: the API paths, and the text paths where the
    /// setup says, of those [`Harness::case_paths`] lets run.
    fn case_solvers(&mut self) -> impl Iterator<Item = &mut Box<dyn Solver>> {
        let text = if self.case.setup.text {
            &mut self.solvers.text[..]
        } else {
            &mut []
        };
        let paths = self.case.paths.clone();
        self.solvers
            .api
            .iter_mut()
            .chain(text.iter_mut())
            .filter(move |s| paths.as_ref().is_none_or(|p| p.contains(&s.id())))
    }

    /// From the next case on, the text paths run `text` — a script's own commands before
    /// its first check ([`crate::cases::smtlib::source::before_first_check`]) — instead of the
    /// printed formula, which must be that script's (opening the text paths if needed); a
    /// finding's reproducer is then that text. `None`: they print the formula again.
    pub fn set_source(&mut self, text: Option<&str>) -> Result<(), SolverError> {
        let text: Option<std::sync::Arc<str>> = text.map(std::sync::Arc::from);
        if text.is_some() && self.solvers.text.is_empty() {
            let setup = solver::CaseSetup {
                text: true,
                ..self.case.setup
            };
            self.set_setup(setup)?;
        }
        for t in self.solvers.text.iter_mut() {
            t.set_source(text.clone());
        }
        self.case.source = text;
        Ok(())
    }

    /// The script text the text paths run, if any ([`Harness::set_source`]).
    pub fn source(&self) -> Option<&str> {
        self.case.source.as_deref()
    }

    /// Runs the whole script `text` through each solver's SMT-LIB front end (opening them
    /// if needed), each on a new state under this harness's limits: what each printed.
    pub fn run_text(
        &mut self,
        text: &str,
        f: &Formula,
    ) -> Vec<(SolverId, Result<String, SolverError>)> {
        if self.solvers.text.is_empty() {
            let setup = solver::CaseSetup {
                text: true,
                ..self.case.setup
            };
            if let Err(e) = self.set_setup(setup) {
                return vec![(e.solver, Err(e))];
            }
        }
        let limits = self.settings.limits.clone();
        let on_phase = self.on_phase;
        let out = self
            .solvers
            .text
            .iter_mut()
            .filter_map(|s| {
                if let Some(report) = on_phase {
                    report(Phase::Solver(s.id()));
                }
                s.run_text(text, f, &limits).map(|r| (s.id(), r))
            })
            .collect();
        if let Some(report) = on_phase {
            report(Phase::Oracles);
        }
        out
    }

    /// Asks every solver (both paths) for unsat cores, or stops asking.
    fn set_unsat_cores(&mut self, on: bool) {
        self.case.cores_asked = on;
        for s in self.solvers.all_mut() {
            s.set_unsat_cores(on);
        }
    }

    /// The next call runs as a new process would: on new solvers, in new contexts (the Z3
    /// context and cvc5 term manager are recycled too, not only the kept solvers).
    pub(crate) fn start_anew(&mut self) {
        self.forget();
        for s in self.solvers.all_mut() {
            s.recycle_soon();
        }
    }

    /// Drops the solvers kept between cases: the next case starts on new ones.
    pub fn forget(&mut self) {
        for s in self.solvers.all_mut() {
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
                if rss > self.settings.rss_budget_mb {
                    for s in self.solvers.all_mut() {
                        s.recycle_soon();
                    }
                }
            }
        }
    }

    /// Runs every solver on `f` and returns their answers (no oracle, nothing written).
    pub fn answers(&mut self, f: &Formula) -> Vec<(SolverId, Answer)> {
        self.watch_memory();
        let limits = self.settings.limits.clone();
        let on_phase = self.on_phase;
        self.case_solvers()
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
        config: Option<&crate::lang::generate::Config>,
        input: Option<&[u8]>,
    ) -> Report {
        self.run_judged(f, config, input, &|_, f, a| oracle::judge(f, a))
    }

    /// Runs a formula of known verdict (`crate::verdict::construct`): every oracle of [`Self::run`],
    /// and a verdict contrary to the construction is a `construction` finding.
    pub fn run_constructed(
        &mut self,
        c: &crate::verdict::construct::Constructed,
        input: Option<&[u8]>,
    ) -> Report {
        let cores = c.core.is_some();
        if cores {
            self.set_unsat_cores(true);
        }
        // A reduced formula keeps the construction's verdict only by evidence (the witness,
        // or the solvers' answers), and its cores are not checked: the expected core names
        // assertions of the original.
        let report = self.run_judged_reducing(
            &c.formula,
            None,
            input,
            &|h, _, a| {
                let mut v = oracle::judge_constructed(c, a);
                v.findings.extend(h.check_cores(c, a, input));
                v
            },
            &|_, g, a| oracle::judge_constructed_reduced(c, g, a),
        );
        if cores {
            self.set_unsat_cores(false);
        }
        report
    }

    /// [`oracle::judge_constructed_core`] with this harness's solvers (watched) for its
    /// re-checks.
    pub fn check_cores(
        &mut self,
        c: &crate::verdict::construct::Constructed,
        answers: &[(SolverId, Answer)],
        input: Option<&[u8]>,
    ) -> Vec<Issue> {
        oracle::judge_constructed_core(c, answers, |sub| {
            let watched = watchdog::watch(self, sub, input);
            let again = self.answers(sub);
            if watched {
                watchdog::done();
            }
            again
        })
    }

    /// The setup of the case with fuzzer input `input`, drawn from it: the reuse mode where
    /// it is mixed, Z3's solver, the printing style and the curated options where the
    /// harness draws setups, the
    /// text paths as `paths` says. A case asking for unsat cores keeps Z3's solver for the
    /// logic (a tactic's solver reads no core).
    fn draw_setup(&mut self, input: &[u8]) {
        let draw = solver::SetupDraw {
            drawn: self.settings.drawn_setups,
            mixed_reuse: self.settings.mixed_reuse,
            reuse: self.case.setup.reuse,
            paths: self.settings.paths,
            plain_share: self.settings.plain_share,
        };
        let Some(mut setup) = draw.setup_of(input) else {
            // Nothing is drawn: the setup stays as set.
            return;
        };
        if self.case.cores_asked {
            setup.z3_solver = solver::Z3Solver::ForLogic;
        }
        if setup == self.case.setup {
            return;
        }
        if let Err(e) = self.set_setup(setup) {
            // A front end that cannot start is a finding of its own elsewhere; the case
            // runs on the API paths.
            eprintln!("smtsmith: text paths unavailable: {e}");
            setup.text = false;
            self.set_setup(setup).expect("no text path asked for");
        }
    }

    /// A formula Z3's C API refuses (a one-bit significand) reaches Z3 only through its
    /// front end: such a case takes the front ends whatever the setup drew (unless
    /// `SMTSMITH_PATHS=api`), or Z3 would never be asked. Returns the setup it replaced.
    fn front_ends_for_what_an_api_refuses(&mut self, f: &Formula) -> Option<solver::CaseSetup> {
        if self.case.setup.text
            || self.settings.paths == solver::Paths::Api
            || !crate::dialect::facts::z3_api_refuses(f)
            || !self.solvers.api.iter().any(|s| s.id() == SolverId::Z3)
        {
            return None;
        }
        let drawn = self.case.setup;
        let setup = solver::CaseSetup {
            text: true,
            ..drawn
        };
        match self.set_setup(setup) {
            Ok(()) => Some(drawn),
            Err(e) => {
                eprintln!("smtsmith: text paths unavailable: {e}");
                self.set_setup(drawn).expect("no text path asked for");
                None
            }
        }
    }

    /// Runs `f` on the solvers and judges the answers with `judge`; findings are confirmed
    /// by a second run in new contexts (or marked [`NOT_REPRODUCED_ANEW`]) and written.
    pub fn run_judged(
        &mut self,
        f: &Formula,
        config: Option<&crate::lang::generate::Config>,
        input: Option<&[u8]>,
        judge: Judge,
    ) -> Report {
        self.run_judged_reducing(f, config, input, judge, judge)
    }

    /// [`Self::run_judged`], with `reduce_judge` judging the reduced forms of its findings
    /// (candidates are formulas other than `f`). The steps of one case, in order: run the
    /// solvers, judge their answers, confirm the findings in new contexts, write them,
    /// reduce them.
    pub fn run_judged_reducing(
        &mut self,
        f: &Formula,
        config: Option<&crate::lang::generate::Config>,
        input: Option<&[u8]>,
        judge: Judge,
        reduce_judge: Judge,
    ) -> Report {
        let start = Instant::now();
        let mut report = Report::empty(self.case.setup);
        if let Some(input) = input {
            self.draw_setup(input);
        }
        let drawn = self.front_ends_for_what_an_api_refuses(f);
        let answers = self.run_solvers(f, input, &mut report);
        let t = Instant::now();
        if let Some(on_phase) = self.on_phase {
            on_phase(Phase::Oracles);
        }
        let verdicts = judge(self, f, &answers);
        let (answers, verdicts) = self.confirm_case_anew(f, judge, answers, verdicts, &mut report);
        report.oracle_time = t.elapsed();
        let t = Instant::now();
        if !verdicts.findings.is_empty() {
            // Built only for findings: a context computes the formula's signature.
            let ctx = self
                .context(f, self.case.setup)
                .with_answers(&answers)
                .with_config(config)
                .with_input(input)
                .with_source(self.case.source.as_deref());
            report.findings = verdicts
                .findings
                .into_iter()
                .map(|issue| {
                    finding::record(&self.output.dir, issue, finding::Subject::Formula(&ctx))
                })
                .collect();
        }
        report.write_time = t.elapsed();
        let t = Instant::now();
        if report.reproduced_anew == Some(true) {
            self.reduce_findings(f, &mut report.findings, reduce_judge, config, input);
        }
        report.reduce_time = t.elapsed();
        report.answers = answers;
        report.model_checks = verdicts.model_checks;
        report.total_time = start.elapsed();
        report.reuse = self.case.setup.reuse;
        report.setup = self.case.setup;
        if let Some(drawn) = drawn {
            // The next case starts from the setup as drawn or set, not from this one's.
            if let Err(e) = self.set_setup(drawn) {
                eprintln!("smtsmith: cannot restore the setup: {e}");
            }
        }
        report
    }

    /// The case's first step: every path the case runs answers `f` (watched), and the
    /// solvers' time goes into `report`.
    fn run_solvers(
        &mut self,
        f: &Formula,
        input: Option<&[u8]>,
        report: &mut Report,
    ) -> Vec<(SolverId, Answer)> {
        let watched = watchdog::watch(self, f, input);
        let answers = self.answers(f);
        if watched {
            watchdog::done();
        }
        for o in answers.iter().filter_map(|(_, a)| a.as_ref().ok()) {
            report.solver_time += o.time;
            report.phases += o.phases;
        }
        answers
    }

    /// A finding may depend on what earlier cases left in the process: in kept solvers,
    /// and (whatever the reuse mode) in the Z3 context and cvc5 term manager every solver
    /// shares. With findings, the case runs again on new solvers in a new context and term
    /// manager, as a new process would: the answers and verdicts returned are that run's
    /// when it shows the same classes; otherwise the first run's, each finding marked
    /// [`NOT_REPRODUCED_ANEW`].
    fn confirm_case_anew(
        &mut self,
        f: &Formula,
        judge: Judge,
        answers: Vec<(SolverId, Answer)>,
        mut verdicts: oracle::Verdicts,
        report: &mut Report,
    ) -> (Vec<(SolverId, Answer)>, oracle::Verdicts) {
        if verdicts.findings.is_empty() {
            return (answers, verdicts);
        }
        self.start_anew();
        let again = self.answers(f);
        let rejudged = judge(self, f, &again);
        let classes = |v: &oracle::Verdicts| {
            let mut c: Vec<String> = v.findings.iter().map(|i| i.class.to_string()).collect();
            c.sort();
            c
        };
        let same = classes(&rejudged) == classes(&verdicts);
        report.reproduced_anew = Some(same);
        if same {
            return (again, rejudged);
        }
        for issue in verdicts.findings.iter_mut() {
            issue.summary.push_str(NOT_REPRODUCED_ANEW);
        }
        (answers, verdicts)
    }

    /// The case's last step, where the harness reduces findings: each written finding
    /// reduced and settled once. Two issues of one class on one formula (an API error
    /// through a solver's C API and through its front end) are one finding file: the
    /// second issue takes where the first ended up (`known/` once settled).
    fn reduce_findings(
        &mut self,
        f: &Formula,
        findings: &mut [(Issue, Written)],
        judge: Judge,
        config: Option<&crate::lang::generate::Config>,
        input: Option<&[u8]>,
    ) {
        let Some(budget) = self.reduce_budget() else {
            return;
        };
        let mut done: Vec<(PathBuf, Written)> = Vec::new();
        for (issue, written) in findings.iter_mut() {
            if written.again {
                // Reduced or settled when an earlier setup or case wrote it.
                continue;
            }
            if let Some((_, settled)) = done.iter().find(|(p, _)| *p == written.smt2) {
                *written = settled.clone();
                continue;
            }
            let original = written.smt2.clone();
            if self.case.source.is_some() {
                // The reducer changes the formula, which the text paths would then print
                // instead of running the file: the finding is about the file as written.
                let _ = finding::write_not_reduced(written, finding::NOT_REDUCED_OWN_TEXT);
            } else if issue.class.reduced_as_written() {
                self.reduce_written(f, issue, written, judge, budget, config, input);
            }
            done.push((original, written.clone()));
        }
    }
}

impl Harness {
    /// Reduces the written finding `issue` on `f` and writes its reduced form beside it
    /// (or notes in its JSON why there is none).
    #[allow(clippy::too_many_arguments)]
    fn reduce_written(
        &mut self,
        f: &Formula,
        issue: &Issue,
        written: &mut Written,
        judge: Judge,
        budget: Duration,
        config: Option<&crate::lang::generate::Config>,
        input: Option<&[u8]>,
    ) {
        let result = match self.reduce_finding(f, issue, judge, budget) {
            Ok(r) => {
                let ctx = self
                    .context(&r.formula, r.setup)
                    .with_answers(&r.answers)
                    .with_config(config)
                    .with_input(input);
                finding::write_reduced(written, &r.issue, &ctx, &r.stats)
                    .and_then(|_| self.settle(written, &r, judge))
            }
            Err(why) => finding::write_not_reduced(written, &why)
                .and_then(|_| self.settle_unreduced(written, f, issue, judge)),
        };
        if let Err(e) = result {
            eprintln!(
                "smtsmith: cannot write the reduced form of {}: {e}",
                written.smt2.display()
            );
        }
    }

    /// What the ground-term oracle observes on `f`: its closed applications, the
    /// evaluator's value of each, and each solver's simplified values (or its API error).
    pub fn ground_values(&mut self, f: &Formula) -> (oracle::GroundObservation, Duration) {
        self.watch_memory();
        let roots = closed_applications(f);
        let model = crate::lang::eval::Model::default();
        let mut ev = crate::lang::eval::Evaluator::new(f, &model);
        let expected = roots.iter().map(|r| ev.eval(*r).ok()).collect();
        let mut solver_time = Duration::ZERO;
        let mut values = Vec::new();
        for s in self.solvers.api.iter_mut() {
            if crate::dialect::facts::skip_reason(s.id(), f).is_some() {
                continue;
            }
            let t = Instant::now();
            let simplified = s.simplify(f, &roots).map_err(|e| e.to_string());
            solver_time += t.elapsed();
            // An error on a format the solver documents as partly supported is that limit,
            // not an API error: the solver's values are judged only when it gives them.
            if simplified.is_err() && crate::dialect::facts::partial_support(s.id(), f).is_some() {
                continue;
            }
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
                    let mut g = crate::lang::ir::Formula {
                        asserts: Vec::new(),
                        ..f.clone()
                    };
                    let v = g.lit(value.clone());
                    let ne = g
                        .app(crate::lang::ir::Op::Distinct, vec![*root, v])
                        .expect("a term and its value have one sort");
                    g.assert(ne).expect("distinct is Boolean");
                    g
                }
                None => f.clone(),
            };
            let answers = self.answers(&g);
            let ctx = self
                .context(&g, self.case.setup)
                .with_answers(&answers)
                .with_config(Some(&case.config))
                .with_input(input);
            let (issue, mut written) =
                finding::record(&self.output.dir, issue, finding::Subject::Formula(&ctx));
            if let Some(budget) = self.reduce_budget().filter(|_| !written.again) {
                self.reduce_written(
                    &g,
                    &issue,
                    &mut written,
                    GROUND_JUDGE,
                    budget,
                    Some(&case.config),
                    input,
                );
            }
            report.findings.push((issue, written));
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
pub(crate) fn closed_applications(f: &Formula) -> Vec<crate::lang::ir::NodeId> {
    use crate::lang::ir::{NodeKind, Sort};
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

/// Where the fuzz targets write findings without `SMTSMITH_FINDINGS`: `findings/` at the top
/// of the smtsmith checkout, or, where that checkout does not exist (a fuzz target run on
/// another machine, e.g. by OSS-Fuzz), `findings/` in the current folder.
pub fn default_findings_dir() -> PathBuf {
    let checkout = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    if checkout.is_dir() {
        checkout.join("findings")
    } else {
        PathBuf::from("findings")
    }
}
