//! A finding's JSON (`<class>/<hash>.json`), read and written as one typed record: every
//! reader outside this module goes through [`FindingRecord`], and the steps that settle a
//! finding (reduction, blame, replay, bisection, the time-limit runs) change it through
//! [`FindingRecord::update`]. Fields this build does not know (written by another version of
//! smtsmith) are kept as they were ([`FindingRecord::other`]); every field has a default, so
//! findings written before a field existed still read.

use crate::solver::{CaseSetup, Limits, SolverId, Verdict};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Where a finding stands ([`FindingRecord::status`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Written, not yet reduced and matched against the known bugs.
    #[default]
    Unsettled,
    /// Reduced, and no known bug's reproducer makes the same finding.
    New,
    /// A known bug, by replay or bisection (`known`, `known_by`).
    Known,
    /// A known bug's reproducer makes it on a release its index entry does not list.
    Regression,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Unsettled => "unsettled",
            Status::New => "new",
            Status::Known => "known",
            Status::Regression => "regression",
        }
    }
}

/// What a finding is about ([`FindingRecord::mode`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// An incremental script (`smtsmith replay --incremental`); a finding without a mode is
    /// about one formula.
    Script,
}

/// One solver's part of a finding: its release, answer, model and time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolverRecord {
    pub solver: SolverId,
    #[serde(default)]
    pub version: String,
    #[serde(default)]
    pub verdict: Option<Verdict>,
    #[serde(default)]
    pub reason: Option<String>,
    #[serde(default)]
    pub error: Option<String>,
    /// Model values as SMT-LIB terms (`null` where not representable exactly).
    #[serde(default)]
    pub model: Option<Vec<(String, Option<String>)>>,
    #[serde(default)]
    pub time_ms: f64,
}

/// The reduced form of a finding (`reduced`): its file and what the reduced case showed, or
/// why there is none (`error`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Reduced {
    /// `<hash>.reduced.smt2`, beside the finding.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original_bytes: Option<u64>,
    /// Why the finding has no reduced form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    /// The reduced formula's logic (a formula finding's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logic: Option<String>,
    /// The solvers' answers on the reduced formula (a formula finding's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub solvers: Vec<SolverRecord>,
    /// What the reduction cost and achieved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stats: Option<Stats>,
    /// The rest (the reduced case's setup, operators and options, a script's step and
    /// answers), kept as written.
    #[serde(flatten)]
    pub other: serde_json::Map<String, serde_json::Value>,
}

/// The reduction's statistics as written: typed, or (a record of another version whose
/// statistics have another shape) kept as they were.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Stats {
    Typed(ReductionStats),
    Other(serde_json::Value),
}

impl Stats {
    /// The typed statistics (`None`: written by another version in another shape).
    pub fn typed(&self) -> Option<&ReductionStats> {
        match self {
            Stats::Typed(t) => Some(t),
            Stats::Other(_) => None,
        }
    }
}

/// What a reduction cost and achieved: a formula's reduction counts term nodes, a script's
/// its actions; both count assertions.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ReductionStats {
    /// Who reduced it, when not smtsmith's reducer of formulas and scripts (`smtsmith
    /// optimize`: the optimizer's cases).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reducer: Option<String>,
    /// Term nodes reachable from the assertions, before and after.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original_nodes: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<usize>,
    /// A script's actions, before and after.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original_actions: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actions: Option<usize>,
    pub original_assertions: usize,
    pub assertions: usize,
    /// Candidates judged (each one run of the case on the solvers) and kept.
    #[serde(default)]
    pub tests: u32,
    #[serde(default)]
    pub kept: u32,
    pub seconds: f64,
    /// The budget ended the reduction before a fixpoint.
    #[serde(default)]
    pub exhausted: bool,
    /// No smaller form made the finding: the reduced form is the original formula (its
    /// setup perhaps plainer), confirmed anew, not an error.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub already_minimal: bool,
}

/// A sanitizer's report as a finding keeps it: the tool, the kind of error, the frames its
/// key reads (smtsmith's and the runtime's left out) and the first frames of the stack.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SanitizerRecord {
    #[serde(default)]
    pub tool: String,
    #[serde(default)]
    pub kind: String,
    #[serde(default)]
    pub key_frames: Vec<String>,
    #[serde(default)]
    pub frames: Vec<crate::verdict::sanitizer::Frame>,
    /// Where UndefinedBehaviorSanitizer found the undefined behaviour (`mpz.cpp:123:9`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
}

/// A bisection's result as recorded (`bisect`): the blamed solver, the affected range, and
/// the probes (what `smtsmith bisect` found).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BisectRecord {
    #[serde(default)]
    pub solver: String,
    /// The affected releases, as `bisect` words them.
    #[serde(default)]
    pub range: String,
    /// The newest pinned release that shows the finding (none: it did not replay).
    #[serde(default)]
    pub last_bad: Option<String>,
    /// The first release after [`BisectRecord::last_bad`] that does not.
    #[serde(default)]
    pub first_good_after: Option<String>,
    #[serde(flatten)]
    pub other: serde_json::Map<String, serde_json::Value>,
}

/// What the blamed solver's binary showed on the reduced reproducer (`binary`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BinaryRecord {
    /// The command line it ran.
    #[serde(default)]
    pub command: String,
    /// What it showed (written `{"bad": "…"}`, `{"good": "…"}` or `{"undecided": "…"}`).
    #[serde(default)]
    pub probe: Option<Probe>,
}

/// What a release's binary did with the reproducer (bisection's and the bug index's probe).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Probe {
    /// It shows the finding.
    Bad(String),
    /// It answers without showing it.
    Good(String),
    /// Neither: it cannot read the reproducer, or its answer does not decide (a model the
    /// evaluator cannot judge, `unknown`).
    Undecided(String),
}

/// What the solver's own front end did with a reproducer under its own time limit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FrontEndRun {
    pub command: String,
    pub seconds: f64,
    /// Its first answer (`sat`, `unsat`, `unknown`), or how it ended.
    pub answer: String,
    /// Killed at the cap.
    pub killed: bool,
}

/// A finding's JSON.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct FindingRecord {
    /// The finding class's folder name (`wrong-unsat`, `crash`, …).
    #[serde(default)]
    pub class: String,
    /// The class it was written as, where settling changed it (`time-limit` found to be
    /// `performance`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original_class: Option<String>,
    #[serde(default)]
    pub blamed: Option<SolverId>,
    #[serde(default)]
    pub summary: String,
    /// The de-duplication key (the reduced form's once reduced).
    #[serde(default)]
    pub key: String,
    /// The key before reduction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original_key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<Mode>,
    #[serde(default)]
    pub logic: String,
    #[serde(default)]
    pub operators: Vec<String>,
    /// Each solver's answer (a formula finding).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub solvers: Vec<SolverRecord>,
    #[serde(default)]
    pub limits: Limits,
    /// How a formula finding's case reused solver state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reuse: Option<crate::solver::Reuse>,
    /// How the case met the solvers: a [`CaseSetup`] for a formula finding, a
    /// [`crate::cases::script::Setup`] for a script's ([`FindingRecord::case_setup`],
    /// [`FindingRecord::script_setup`]).
    #[serde(default)]
    pub setup: serde_json::Value,
    /// The tactic of Z3's solver (the setup's Z3 solver is a tactic solver or the simple one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub z3_tactic: Option<String>,
    /// The curated options each solver checked with (the setup's drawn ones, by name).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<(SolverId, Vec<(String, String)>)>,
    /// The generator's swarm configuration, when the formula was generated: kept as written
    /// (its fields change between versions, and no reader needs them typed; an old
    /// configuration must not make the whole finding unreadable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<serde_json::Value>,
    /// The blamed solver's experimental options the finding needs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub experimental: Vec<String>,
    /// The fuzzer input (hex), when the case came from one.
    #[serde(default)]
    pub input_hex: Option<String>,
    /// The fuzz target that reads `input_hex` back (`smtsmith replay --target`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fuzz_target: Option<String>,
    /// The text paths ran the script's own text, which the reproducer is.
    #[serde(default)]
    pub own_text: bool,
    #[serde(default)]
    pub status: Status,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status_evidence: Option<String>,
    /// The known bug's reproducer in `known-findings/`, and the evidence that it is it.
    #[serde(default)]
    pub known: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub known_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reduced: Option<Reduced>,
    /// Whom the evidence blames for a disagreement.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blame: Option<crate::verdict::oracle::Blame>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bisect: Option<BisectRecord>,
    /// The blamed solver's binary on the reduced reproducer: the command and the probe.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub binary: Option<BinaryRecord>,
    /// A crash that came while the solver wound down a check smtsmith had stopped at its
    /// time limit: its reproducer shows the bug only under a time limit.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stopped_at_limit: bool,
    /// A sanitizer's report (tool, kind, frames).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sanitizer: Option<SanitizerRecord>,
    /// A `time-limit` finding's median run in a fresh process (`smtsmith settle`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_limit: Option<FrontEndRun>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_limit_runs_seconds: Option<Vec<f64>>,
    /// A script finding's action at which it was made, its number of actions, each
    /// solver's answer there, and its solvers and releases.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actions: Option<usize>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub answers: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub versions: Vec<(SolverId, String)>,
    /// A script finding's reproducer per solver (each sets its solver's options).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reproducers: Vec<(SolverId, std::path::PathBuf)>,
    /// How the linked Z3 was built when it is no release's wheel ([`super::z3_build`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub z3_build: Option<String>,
    /// The smtsmith version that wrote the finding.
    #[serde(default)]
    pub smtsmith: String,
    /// Fields this build does not name (the configuration, the script's steps and
    /// reproducers, the build), kept as written.
    #[serde(flatten)]
    pub other: serde_json::Map<String, serde_json::Value>,
}

impl FindingRecord {
    /// Reads the finding's JSON at `path`.
    pub fn open(path: &Path) -> std::io::Result<FindingRecord> {
        let text = std::fs::read_to_string(path)?;
        serde_json::from_str(&text).map_err(|e| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("{}: not a finding's JSON: {e}", path.display()),
            )
        })
    }

    /// Writes the record to `path` (synced, as every finding file).
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        super::write_synced(path, text.as_bytes())
    }

    /// Reads the finding at `path`, changes it with `change` and writes it back.
    pub fn update<T>(
        path: &Path,
        change: impl FnOnce(&mut FindingRecord) -> T,
    ) -> std::io::Result<T> {
        let mut r = FindingRecord::open(path)?;
        let out = change(&mut r);
        r.save(path)?;
        Ok(out)
    }

    pub fn is_script(&self) -> bool {
        self.mode == Some(Mode::Script)
    }

    /// A formula finding's setup (the default where it recorded none or another shape).
    pub fn case_setup(&self) -> CaseSetup {
        serde_json::from_value(self.setup.clone()).unwrap_or_default()
    }

    /// A script finding's setup.
    pub fn script_setup(&self) -> Option<crate::cases::script::Setup> {
        serde_json::from_value(self.setup.clone()).ok()
    }

    /// The reduced reproducer's file name, where the finding has one.
    pub fn reduced_file(&self) -> Option<&str> {
        self.reduced.as_ref().and_then(|r| r.file.as_deref())
    }

    /// The command line of the blamed solver's binary on the reduced reproducer, where it
    /// was run ([`super::write_binary_probe`]).
    pub fn binary_command(&self) -> Option<String> {
        self.binary.as_ref().map(|b| b.command.clone())
    }

    /// What that binary did with it, in words (`bad: …`, `good: …`, `undecided: …`).
    pub fn binary_probe_text(&self) -> Option<String> {
        Some(match self.binary.as_ref()?.probe.as_ref()? {
            Probe::Bad(what) => format!("bad: {what}"),
            Probe::Good(what) => format!("good: {what}"),
            Probe::Undecided(what) => format!("undecided: {what}"),
        })
    }

    /// The release of `solver` the finding recorded.
    pub fn version_of(&self, solver: SolverId) -> Option<&str> {
        self.solvers
            .iter()
            .find(|s| s.solver == solver)
            .map(|s| s.version.as_str())
            .or_else(|| {
                self.versions
                    .iter()
                    .find(|(s, _)| *s == solver)
                    .map(|(_, v)| v.as_str())
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a reader needs comes back as the type it was written as, and a field this build
    /// does not name survives a read and a write unchanged.
    #[test]
    fn a_record_reads_back_as_written_and_keeps_unknown_fields() {
        let text = r#"{
            "class": "wrong-unsat", "blamed": "z3", "summary": "s", "key": "k",
            "logic": "QF_LIA", "operators": ["and"], "status": "unsettled",
            "solvers": [{"solver": "z3", "version": "4.8.7.0", "verdict": "unsat",
                         "reason": null, "error": null, "model": null, "time_ms": 1.5}],
            "limits": {"rlimit": {"z3": 7, "cvc5": 8}, "timeout_ms": 2000},
            "setup": {}, "config": {"max_depth": "an older shape"}, "future_field": [1, 2]
        }"#;
        let r: FindingRecord = serde_json::from_str(text).unwrap();
        assert_eq!(r.blamed, Some(SolverId::Z3));
        assert_eq!(r.status, Status::Unsettled);
        assert_eq!(r.version_of(SolverId::Z3), Some("4.8.7.0"));
        assert_eq!(r.solvers[0].verdict, Some(Verdict::Unsat));
        assert_eq!(r.limits.timeout_ms, 2000);
        assert!(!r.is_script());
        let again: serde_json::Value = serde_json::to_value(&r).unwrap();
        assert_eq!(again["future_field"], serde_json::json!([1, 2]));
        assert_eq!(again["config"]["max_depth"], "an older shape");
        let back: FindingRecord = serde_json::from_value(again).unwrap();
        assert_eq!(back, r);
    }

    /// A finding written before most fields existed (class, summary and key only) still
    /// reads, with defaults where it says nothing.
    #[test]
    fn an_old_finding_reads_with_defaults() {
        let r: FindingRecord =
            serde_json::from_str(r#"{"class": "crash", "summary": "s", "key": "k"}"#).unwrap();
        assert_eq!(r.status, Status::Unsettled);
        assert_eq!(r.blamed, None);
        assert!(r.reduced.is_none() && r.known.is_none());
        assert_eq!(r.case_setup(), CaseSetup::default());
    }

    /// A reduction's statistics read back typed; an optimizer finding written before they
    /// were typed (its assertions as a pair) reads too, kept as it was.
    #[test]
    fn reduction_stats_read_back_typed_and_old_shapes_are_kept() {
        let typed = r#"{"class": "crash", "summary": "s", "key": "k", "reduced": {"file": "x",
            "stats": {"original_nodes": 9, "nodes": 3, "original_assertions": 2,
                      "assertions": 1, "tests": 4, "kept": 2, "seconds": 0.5,
                      "exhausted": false}}}"#;
        let r: FindingRecord = serde_json::from_str(typed).unwrap();
        let stats = r.reduced.as_ref().unwrap().stats.as_ref().unwrap();
        let t = stats.typed().expect("typed");
        assert_eq!((t.nodes, t.assertions, t.tests), (Some(3), 1, 4));
        assert_eq!(t.actions, None);
        let old = r#"{"class": "wrong-optimum", "summary": "s", "key": "k", "reduced": {
            "stats": {"reducer": "smtsmith optimize", "seconds": 1.0, "assertions": [3, 1]}}}"#;
        let r: FindingRecord = serde_json::from_str(old).unwrap();
        let stats = r.reduced.as_ref().unwrap().stats.as_ref().unwrap();
        assert!(stats.typed().is_none());
        let again = serde_json::to_value(&r).unwrap();
        assert_eq!(
            again["reduced"]["stats"]["assertions"],
            serde_json::json!([3, 1])
        );
    }
}
