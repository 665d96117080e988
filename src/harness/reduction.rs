//! Reducing a finding in the process that found it: the formula shrinks ([`crate::cases::reduce`])
//! while re-running the case on the same solvers, in the same setup, and judging it with the
//! same oracle makes the same finding ([`Issue::same_finding`]); then the setup itself is
//! made plainer where the finding does not need it (no curated option, Z3's solver for the
//! logic, no text path, a new solver per case, the plain printing style); last, the reduced
//! case runs once more in new contexts, as a new process would, and must make the finding
//! again.
//!
//! Each candidate runs under the hang/crash watchdog where it is on (fuzz targets, `smtsmith
//! reduce`): a solver that crashes or hangs on a candidate leaves a finding of its own, after
//! the original finding is on disk.

use super::{Harness, Judge};
use crate::lang::ir::Formula;
use crate::solver::{CaseSetup, Reuse, SolverId, Z3Solver};
use crate::verdict::oracle::{Answer, Issue};
use std::time::{Duration, Instant};

/// A reduced finding.
pub struct Reduction {
    pub formula: Formula,
    /// The plainest setup in which the finding holds.
    pub setup: CaseSetup,
    /// The answers of the confirming run (new contexts).
    pub answers: Vec<(SolverId, Answer)>,
    /// The finding as the confirming run made it (its summary speaks of the reduced form).
    pub issue: Issue,
    pub stats: Stats,
}

impl Reduction {
    /// The reduced case as a finding's context (for its reproducer), with the linked
    /// solvers' `versions` and the `limits` it ran under.
    pub fn context<'a>(
        &'a self,
        versions: &'a [(SolverId, String)],
        limits: &'a crate::solver::Limits,
    ) -> crate::verdict::finding::Context<'a> {
        crate::verdict::finding::Context::new(&self.formula, versions, limits, self.setup)
            .with_answers(&self.answers)
    }
}

/// What a reduction cost and achieved (the type its finding's record keeps).
pub use crate::verdict::finding::record::ReductionStats as Stats;

impl Harness {
    /// Re-runs `f` in the current setup and judges it; the finding among the judge's that
    /// is `issue`'s, with the answers.
    fn same_finding(
        &mut self,
        f: &Formula,
        issue: &Issue,
        judge: Judge,
    ) -> Option<(Vec<(SolverId, Answer)>, Issue)> {
        // A candidate on which a solver crashes or hangs is a finding of its own (the
        // watchdog writes it where it is on); where a crash leaves no time for that, the
        // candidate is on disk already.
        if let Some(path) = &self.output.candidate_file {
            let ctx = self.context(f, self.case.setup);
            let _ = std::fs::write(path, crate::verdict::finding::reproducer(issue, &ctx));
        }
        // Each candidate starts on new solvers (in the same context), as the finding did in
        // the run that confirmed it: a kept solver's history would let a candidate show a
        // finding that no new process makes.
        if self.case.setup.reuse.keeps_solvers() {
            self.forget();
        }
        let watched = super::watchdog::watch(self, f, None);
        let answers = self.answers(f);
        if watched {
            super::watchdog::done();
        }
        let found = judge(self, f, &answers)
            .findings
            .into_iter()
            .find(|i| i.same_finding(issue))?;
        Some((answers, found))
    }

    /// Reduces the finding `issue`, made on `f` in the current setup and judged by `judge`,
    /// within `budget`. The harness's setup is restored afterwards. `Err` says why there is
    /// no reduced form (the finding did not hold again in new contexts).
    pub fn reduce_finding(
        &mut self,
        f: &Formula,
        issue: &Issue,
        judge: Judge,
        budget: Duration,
    ) -> Result<Reduction, String> {
        let start = Instant::now();
        let saved = self.case.setup;
        let result = self.reduce_in_setup(f, issue, judge, budget);
        if let Err(e) = self.set_setup(saved) {
            eprintln!("smtsmith: cannot restore the setup after a reduction: {e}");
        }
        result.map(|mut r| {
            r.stats.seconds = start.elapsed().as_secs_f64();
            r
        })
    }

    fn reduce_in_setup(
        &mut self,
        f: &Formula,
        issue: &Issue,
        judge: Judge,
        budget: Duration,
    ) -> Result<Reduction, String> {
        let deadline = Instant::now() + budget;
        let original = self.case.setup;
        let outcome = crate::cases::reduce::reduce(
            f,
            &mut |g| self.same_finding(g, issue, judge).is_some(),
            budget,
        );
        let g = outcome.formula;
        let mut tests = outcome.tests;
        let mut kept = outcome.kept;
        // The setup, one dimension at a time towards the plainest.
        for plainer in plainer_setups(issue) {
            if Instant::now() >= deadline {
                break;
            }
            let candidate = plainer(self.case.setup);
            if candidate == self.case.setup {
                continue;
            }
            let before = self.case.setup;
            if self.set_setup(candidate).is_err() {
                continue;
            }
            tests += 1;
            if self.same_finding(&g, issue, judge).is_some() {
                kept += 1;
            } else {
                self.set_setup(before).map_err(|e| e.to_string())?;
            }
        }
        // As a new process would: new solvers in new contexts, in the plainest setup found;
        // where that does not make it, in the setup that made the finding (its reuse mode and
        // solver kind), where the finding was confirmed before it was reduced.
        let mut confirmed = self.confirm_anew(&g, issue, judge);
        if confirmed.is_none() && self.case.setup != original {
            self.set_setup(original).map_err(|e| e.to_string())?;
            confirmed = self.confirm_anew(&g, issue, judge);
        }
        let Some((answers, found)) = confirmed else {
            return Err(format!(
                "the reduced form ({} nodes) did not make the finding again in new contexts, in the plainest setup nor in the finding's own",
                crate::cases::reduce::size(&g)
            ));
        };
        Ok(Reduction {
            stats: Stats {
                original_nodes: Some(crate::cases::reduce::size(f)),
                nodes: Some(crate::cases::reduce::size(&g)),
                original_assertions: f.asserts.len(),
                assertions: g.asserts.len(),
                tests,
                kept,
                seconds: 0.0,
                exhausted: outcome.exhausted || Instant::now() >= deadline,
                already_minimal: crate::cases::reduce::size(&g) == crate::cases::reduce::size(f)
                    && g.asserts.len() == f.asserts.len(),
                ..Default::default()
            },
            setup: self.case.setup,
            formula: g,
            answers,
            issue: found,
        })
    }
}

impl Harness {
    /// Runs `g` on new solvers in new contexts (as a new process would) and judges it: the
    /// finding `issue` again, if it makes it.
    fn confirm_anew(
        &mut self,
        g: &Formula,
        issue: &Issue,
        judge: Judge,
    ) -> Option<(Vec<(SolverId, Answer)>, Issue)> {
        self.start_anew();
        self.same_finding(g, issue, judge)
    }

    /// Settles the reduced finding `r` (written as `written`): a disagreement that blames
    /// nobody gets the blame the answers of every path give
    /// ([`crate::verdict::oracle::blame_by_paths`]); then its status by evidence — `known` where a
    /// known reproducer of its shape, replayed in its setup or the reproducer's own, makes
    /// the same finding on a release the index lists for that bug ([`Self::known_by_replay`]);
    /// `regression` where it does so on another release; else `new`.
    pub(crate) fn settle(
        &mut self,
        written: &mut crate::verdict::finding::Written,
        r: &Reduction,
        judge: Judge,
    ) -> std::io::Result<()> {
        use crate::verdict::finding::mark_status;
        let mut blamed = r.issue.blamed;
        if r.issue.class == crate::verdict::oracle::Class::Disagreement && blamed.is_none() {
            let seen = self.observe_every_path(&r.formula);
            let blame = crate::verdict::oracle::blame_by_paths(&seen);
            crate::verdict::finding::write_blame(written, &blame)?;
            blamed = blame.solver;
        }
        confirm_by_binary(written, r, blamed)?;
        let Some((k, how)) = self.known_by_replay(r, judge) else {
            return mark_status(
                written,
                crate::verdict::finding::Status::New,
                "reduced; no known bug of its class and solver with its shape (logic, operators, array sorts) makes the same finding when its reproducer is replayed, in this finding's setup or in the reproducer's own",
            );
        };
        crate::verdict::finding::mark_by_replay(written, k, &self.blamed_version(&r.issue), &how)
    }

    /// The linked release of the solver `issue` blames (empty when it blames none).
    fn blamed_version(&self, issue: &Issue) -> String {
        issue
            .blamed
            .and_then(|b| self.solvers.versions.iter().find(|(id, _)| *id == b))
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    }

    /// Settles a finding whose reduced form did not make it again in new contexts (a form
    /// that shows only after the reducer's other candidates ran in the same context): the
    /// finding as written, `f` in the current setup, is `known` where a known reproducer of
    /// *its* shape — every operator of the unreduced formula, stricter than a reduced one's
    /// — replayed as [`Self::known_by_replay`] does, makes the same finding; otherwise its
    /// status is left as it was (unsettled).
    pub(crate) fn settle_unreduced(
        &mut self,
        written: &mut crate::verdict::finding::Written,
        f: &Formula,
        issue: &Issue,
        judge: Judge,
    ) -> std::io::Result<()> {
        let as_written = Reduction {
            formula: f.clone(),
            setup: self.case.setup,
            answers: Vec::new(),
            issue: issue.clone(),
            stats: Stats::default(),
        };
        let Some((k, how)) = self.known_by_replay(&as_written, judge) else {
            return Ok(());
        };
        crate::verdict::finding::mark_by_replay(
            written,
            k,
            &self.blamed_version(issue),
            &format!("{how} (matched unreduced: its reduced form did not make the finding again in new contexts)"),
        )
    }

    /// The known bug the reduced finding `r` is, and how its replay showed it: a known
    /// reproducer of its class and solver with its shape ([`crate::verdict::finding::known_shape`])
    /// that, run in `r`'s setup or in the setup its own text asks for (`push` or none, no
    /// option drawn) and judged by `judge`, makes a finding of `r`'s class blamed on the same
    /// solver and path — for an error, with the same normalized message: Z3's
    /// `fp.roundToIntegral` errors on Float(3,3) ("invalid zero_extend application") and on
    /// Float(3,4) ("invalid extract application") have one shape but are two bugs, fixed in
    /// 4.12.5.0 and 5.3.0.0 (the release binaries).
    pub fn known_by_replay(
        &mut self,
        r: &Reduction,
        judge: Judge,
    ) -> Option<(&'static crate::verdict::finding::known::Known, String)> {
        let candidates = crate::verdict::finding::known::matching(&r.issue, &r.formula);
        if candidates.is_empty() {
            return None;
        }
        let saved = self.case.setup;
        let mut found = None;
        'candidates: for (k, f, text) in candidates {
            let own = CaseSetup {
                reuse: if text.contains("(push") {
                    Reuse::Scope
                } else {
                    Reuse::Fresh
                },
                options: Default::default(),
                ..r.setup
            };
            let setups = [(r.setup, "this finding's setup"), (own, "its own setup")];
            // Its own setup is often the finding's: one replay then.
            let distinct = if own == r.setup { 1 } else { 2 };
            for (setup, which) in setups.into_iter().take(distinct) {
                if self.set_setup(setup).is_err() {
                    continue;
                }
                if self.same_finding(&f, &r.issue, judge).is_some() {
                    found = Some((
                        k,
                        format!("known-findings/{} has this finding's shape, and its reproducer, run in {which} with {{version}}, makes the same finding", k.file),
                    ));
                    break 'candidates;
                }
            }
        }
        if let Err(e) = self.set_setup(saved) {
            eprintln!("smtsmith: cannot restore the setup after a replay: {e}");
        }
        found
    }

    /// The first of `candidates` (known bugs with their reproducers' formulas) whose formula,
    /// run in `r`'s setup and judged by `judge`, makes `r`'s finding.
    pub fn replay_known<K>(
        &mut self,
        r: &Reduction,
        candidates: Vec<(K, Formula)>,
        judge: Judge,
    ) -> Option<K> {
        if candidates.is_empty() {
            return None;
        }
        let saved = self.case.setup;
        self.set_setup(r.setup).ok()?;
        let found = candidates
            .into_iter()
            .find(|(_, f)| self.same_finding(f, &r.issue, judge).is_some())
            .map(|(k, _)| k);
        if let Err(e) = self.set_setup(saved) {
            eprintln!("smtsmith: cannot restore the setup after a replay: {e}");
        }
        found
    }
}

/// Where the linked release has a binary (Z3's), runs the reduced reproducer of `r` (a
/// finding blamed, or settled, on Z3's path `blamed`; written as `written`) in it and
/// records in the JSON what it shows (`binary`: the command and the probe, judged as
/// bisection judges a release): the evidence outside smtsmith's process that the finding is
/// the solver's.
fn confirm_by_binary(
    written: &crate::verdict::finding::Written,
    r: &Reduction,
    blamed: Option<SolverId>,
) -> std::io::Result<()> {
    let (Some(blamed), Some(reduced)) = (blamed, written.reduced.as_ref()) else {
        return Ok(());
    };
    if blamed.library() != SolverId::Z3 {
        return Ok(());
    }
    let Some(bin) = crate::solver::z3::binary() else {
        return Ok(());
    };
    let text = std::fs::read_to_string(reduced)?;
    let verdict = r
        .answers
        .iter()
        .find(|(id, _)| *id == blamed)
        .and_then(|(_, a)| a.as_ref().ok().map(|o| o.verdict));
    let expect = crate::harness::bisect::Expect {
        class: r.issue.class,
        verdict,
        formula: r.formula.clone(),
    };
    let probe = crate::harness::bisect::probe(&bin, &text, &expect, Duration::from_secs(30));
    crate::verdict::finding::write_binary_probe(written, "z3 FILE.reduced.smt2", &probe)
}

/// The setup simplifications tried after the formula's, in order: each removes one thing
/// a reproducer would otherwise need (the blamed solver's option, a tactic, the text paths,
/// `push`, a printing style). The text paths stay where the finding is about them.
pub(super) fn plainer_setups(issue: &Issue) -> Vec<fn(CaseSetup) -> CaseSetup> {
    let text_needed = issue
        .blamed
        .is_some_and(|b| b.path() == crate::dialect::solver_id::Path::Text)
        || issue.class == crate::verdict::oracle::Class::PathDisagreement;
    let mut out: Vec<fn(CaseSetup) -> CaseSetup> = vec![
        |s| CaseSetup {
            options: Default::default(),
            ..s
        },
        |s| CaseSetup {
            options: s.options.with(SolverId::Z3, None),
            ..s
        },
        |s| CaseSetup {
            options: s.options.with(SolverId::Cvc5, None),
            ..s
        },
        // A swarm of the option space, one option at a time (no change where the solver's
        // option is a curated one: its number names one option).
        drop_swarm_option::<0, 0>,
        drop_swarm_option::<0, 1>,
        drop_swarm_option::<0, 2>,
        drop_swarm_option::<0, 3>,
        drop_swarm_option::<1, 0>,
        drop_swarm_option::<1, 1>,
        drop_swarm_option::<1, 2>,
        drop_swarm_option::<1, 3>,
        |s| CaseSetup {
            z3_solver: Z3Solver::ForLogic,
            ..s
        },
        |s| CaseSetup {
            reuse: Reuse::Fresh,
            ..s
        },
        |s| CaseSetup {
            print: Default::default(),
            ..s
        },
    ];
    if !text_needed {
        out.insert(3, |s| CaseSetup { text: false, ..s });
    }
    out
}

/// `s` without option `I` of solver `S`'s swarm (S 0: Z3, 1: cvc5; see
/// [`crate::dialect::options::swarm_of`]); `s` itself where that solver has no catalog installed.
fn drop_swarm_option<const S: usize, const I: u16>(s: CaseSetup) -> CaseSetup {
    let id = [SolverId::Z3, SolverId::Cvc5][S];
    if crate::dialect::options::catalog(id).is_empty() {
        return s;
    }
    CaseSetup {
        options: s
            .options
            .with(id, s.options.of(id).map(|k| k | (1 << (12 + I)))),
        ..s
    }
}

/// Why `smtsmith reduce` made no reduced form of a written finding.
#[derive(Debug)]
pub enum FileError {
    /// The finding's files cannot be read (missing, not JSON, reproducer not SMT-LIB).
    Unreadable(String),
    /// Its class or mode is not reduced from its files (the message says why).
    Unsupported(String),
    /// Running it again in this process does not make the same finding.
    NotReproduced(String),
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileError::Unreadable(m) | FileError::Unsupported(m) | FileError::NotReproduced(m) => {
                f.write_str(m)
            }
        }
    }
}

pub use crate::verdict::finding::reproducer_formula;

/// A written formula finding, loaded to run again: its issue, its original formula (read
/// from `<hash>.smt2`), and a harness in the setup and with the limits it records.
pub struct WrittenFinding {
    pub smt2: std::path::PathBuf,
    pub metadata: crate::verdict::finding::FindingRecord,
    pub issue: Issue,
    pub formula: Formula,
    pub harness: Harness,
    /// Solvers whose linked release is not the one the finding records.
    pub mismatch: Vec<String>,
}

impl WrittenFinding {
    /// Loads the finding whose metadata is `json`; `Unsupported` for the classes and modes
    /// that are not judged from their files.
    pub fn open(
        json: &std::path::Path,
        settings: &crate::harness::settings::Settings,
    ) -> Result<WrittenFinding, FileError> {
        use crate::verdict::oracle::Class;
        let unreadable = |e: String| FileError::Unreadable(format!("{}: {e}", json.display()));
        let v = crate::verdict::finding::FindingRecord::open(json)
            .map_err(|e| FileError::Unreadable(e.to_string()))?;
        if v.is_script() {
            return Err(FileError::Unsupported(
                "an incremental-script finding: scripts are reduced as they are written (`smtsmith reduce` reads formula findings)".into(),
            ));
        }
        let class = Class::ALL
            .into_iter()
            .find(|c| c.dir() == v.class)
            .ok_or_else(|| unreadable(format!("unknown class {:?}", v.class)))?;
        let not_here = match class {
            Class::Crash | Class::TimeLimit => Some("a crash or hang ends the process that runs it"),
            Class::Performance => Some("it is judged with ten times the limits, by `smtsmith check`"),
            Class::InvalidCore | Class::Construction | Class::Incompleteness => {
                Some("its judge needs the construction (witness, expected core), which the JSON does not record; such findings are reduced as they are written")
            }
            Class::WrongValue | Class::SelfCheck => Some("it comes from an incremental script"),
            _ => None,
        };
        if let Some(why) = not_here {
            return Err(FileError::Unsupported(format!(
                "{class} findings are not judged from their files: {why}"
            )));
        }
        let issue = Issue {
            class,
            blamed: v.blamed,
            summary: v.summary.clone(),
        };
        let setup: CaseSetup = v.case_setup();
        let limits = v.limits.clone();
        let smt2 = json.with_extension("smt2");
        let text = std::fs::read_to_string(&smt2)
            .map_err(|e| FileError::Unreadable(format!("{}: {e}", smt2.display())))?;
        let formula = reproducer_formula(&text)
            .map_err(|e| FileError::Unreadable(format!("{}: {e}", smt2.display())))?;
        let dir = json
            .parent()
            .and_then(|p| p.parent())
            .unwrap_or(std::path::Path::new("."));
        let mut harness = Harness::with_settings(super::Selection::All, dir, settings)
            .map_err(|e| FileError::Unreadable(format!("the solvers do not start: {e}")))?;
        harness.settings.limits = limits;
        harness.set_setup(setup).map_err(|e| {
            FileError::Unreadable(format!("the setup's text paths do not start: {e}"))
        })?;
        // The finding was made by the releases it records; another release may not make it.
        let mismatch: Vec<String> = v
            .solvers
            .iter()
            .filter_map(|s| {
                let (id, recorded) = (s.solver, &s.version);
                let linked = harness.versions().iter().find(|(i, _)| *i == id)?.1.clone();
                (linked != *recorded).then(|| format!("{id}: made by {recorded}, linked {linked}"))
            })
            .collect();
        Ok(WrittenFinding {
            smt2,
            metadata: v,
            issue,
            formula,
            harness,
            mismatch,
        })
    }

    /// The judge of formula findings read from files.
    pub const JUDGE: Judge<'static> = &|_, g, a| crate::verdict::oracle::judge(g, a);

    /// The judge of this finding: the solvers' rewriters for a `ground-term` finding
    /// ([`super::GROUND_JUDGE`]), else the checks' oracles ([`Self::JUDGE`]).
    pub fn judge(&self) -> Judge<'static> {
        if self.issue.class == crate::verdict::oracle::Class::GroundTerm {
            super::GROUND_JUDGE
        } else {
            Self::JUDGE
        }
    }

    /// Whether `f` makes this finding (run in its setup, judged by [`Self::judge`]).
    pub fn holds_on(&mut self, f: &Formula) -> bool {
        let judge = self.judge();
        self.harness.same_finding(f, &self.issue, judge).is_some()
    }

    /// Checks that the original formula makes the finding again in this process.
    pub fn check_reproduces(&mut self) -> Result<(), FileError> {
        let f = self.formula.clone();
        if self.holds_on(&f) {
            return Ok(());
        }
        let hint = if self.mismatch.is_empty() {
            String::new()
        } else {
            format!(
                " (other releases than the finding's: {}; build with SMTSMITH_Z3_VERSION, see README)",
                self.mismatch.join("; ")
            )
        };
        Err(FileError::NotReproduced(format!(
            "{}: running its reproducer in the recorded setup does not make the {} finding again{hint}",
            self.smt2.display(),
            self.issue.class
        )))
    }
}

/// `smtsmith reduce`: reduces the written finding whose metadata is `json` (its original
/// reproducer `<hash>.smt2` beside it, in the setup and with the limits it records) with
/// the linked solvers, and writes `<hash>.reduced.smt2` and the JSON's `reduced` part as a
/// fuzzing process does.
pub fn reduce_file(
    json: &std::path::Path,
    budget: Duration,
    settings: &crate::harness::settings::Settings,
) -> Result<(crate::verdict::finding::Written, Stats), FileError> {
    let mut w = WrittenFinding::open(json, settings)?;
    w.check_reproduces()?;
    let (f, issue, judge) = (w.formula.clone(), w.issue.clone(), w.judge());
    let v = &w.metadata;
    let smt2 = w.smt2.clone();
    let h = &mut w.harness;
    let candidate = smt2.with_extension("candidate.smt2");
    h.output.candidate_file = Some(candidate.clone());
    let r = h.reduce_finding(&f, &issue, judge, budget);
    h.output.candidate_file = None;
    let _ = std::fs::remove_file(&candidate);
    let r = r.map_err(FileError::NotReproduced)?;
    let mut written = crate::verdict::finding::Written {
        smt2,
        json: json.to_path_buf(),
        known: v.known.clone(),
        reduced: None,
        again: false,
    };
    let versions = h.versions().to_vec();
    let ctx = r.context(&versions, &h.settings.limits);
    let cannot =
        |e: std::io::Error| FileError::Unreadable(format!("cannot write the reduced form: {e}"));
    crate::verdict::finding::write_reduced(&mut written, &r.issue, &ctx, &r.stats)
        .map_err(cannot)?;
    h.settle(&mut written, &r, judge).map_err(cannot)?;
    Ok((written, r.stats))
}
