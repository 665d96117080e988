//! `smtsmith check`: real SMT-LIB scripts through every applicable oracle (both solvers'
//! verdicts compared, models validated by the evaluator), one report per file, and a
//! per-logic conformance summary (parsed, decided by both solvers, verdicts against the
//! expected status).

use crate::cases::smtlib::parse::{parse_script, parse_script_with, ErrorKind, Reading};
use crate::harness::Harness;
use crate::solver::{SolverId, Verdict};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How `check` meets the solvers with each file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SetupMode {
    /// Every path and setup that can disagree ([`crate::harness::EVERY_PATH`]), each answer
    /// reported.
    #[default]
    Every,
    /// One setup drawn from the file's bytes, as a fuzz case draws it from its input.
    Drawn,
}

impl SetupMode {
    pub fn name(self) -> &'static str {
        match self {
            SetupMode::Every => "every",
            SetupMode::Drawn => "drawn",
        }
    }
}

impl std::str::FromStr for SetupMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "every" => Ok(SetupMode::Every),
            "drawn" => Ok(SetupMode::Drawn),
            _ => Err(format!("unknown setup mode {s:?} (every or drawn)")),
        }
    }
}

/// One path's answer to a file in one setup.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct PathAnswer {
    pub solver: SolverId,
    /// The setup, as [`crate::harness::EVERY_PATH`] names it (`push`, `fresh`, `general
    /// push`, …; the text paths `printed` or `file`; for an incremental script `lockstep`
    /// and `file`).
    pub setup: String,
    /// `sat`, `unsat`, `unknown` or `error`.
    pub verdict: String,
}

/// What happened to one file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FileReport {
    pub path: PathBuf,
    /// From `set-logic` (or, where the script does not parse, the text after `set-logic`).
    pub logic: String,
    /// The expected verdict: `(set-info :status ...)`, else a `sat`/`unsat` folder in the path.
    pub expected: Option<Verdict>,
    /// Set when the script was not run: why (it could not be read, or asks nothing).
    pub error: Option<String>,
    /// Why it was not run, when `error` is set: `malformed`, `unsupported`, `no-check-sat`,
    /// `unreadable`, or `internal` (smtsmith's own failure).
    pub error_kind: Option<String>,
    /// Each solver's verdict (`error` for an API error); for an incremental script, its
    /// verdicts at the checks that ran, comma-separated. With every path
    /// ([`SetupMode::Every`]) the verdict of its C API inside `push` (the first setup).
    pub verdicts: Vec<(SolverId, String)>,
    /// With [`SetupMode::Every`]: every path's answer, by path and setup.
    #[serde(default)]
    pub paths: Vec<PathAnswer>,
    /// The script ran as an incremental script (more than one query, or queries a single
    /// formula does not answer: cores, assumptions, scopes popped).
    #[serde(default)]
    pub incremental: bool,
    /// Per check of an incremental script, the status the file states before it.
    #[serde(default)]
    pub expected_per_check: Vec<Option<Verdict>>,
    /// What was read leniently or left out (`parse::Script::notes`).
    #[serde(default)]
    pub notes: Vec<String>,
    /// Classes of the findings written for this file, with their reproducers.
    pub findings: Vec<(String, PathBuf)>,
    /// A solver decided the opposite of `expected` (the other oracles judge whether it is
    /// a bug; a label is strong evidence, not proof).
    pub against_expected: Vec<SolverId>,
    /// Answers a limitation the solver documents gave (unknown, an unsupported operator, a
    /// skipped setup: `crate::dialect::facts::LIMITATIONS`), each named once.
    #[serde(default)]
    pub limitations: Vec<String>,
    pub millis: f64,
}

impl FileReport {
    /// Nothing known yet but the path and what it says about the expected verdict.
    fn new(path: &Path) -> FileReport {
        FileReport {
            path: path.to_path_buf(),
            logic: "?".into(),
            expected: expected_from_path(path),
            error: None,
            error_kind: None,
            verdicts: Vec::new(),
            paths: Vec::new(),
            incremental: false,
            expected_per_check: Vec::new(),
            notes: Vec::new(),
            findings: Vec::new(),
            against_expected: Vec::new(),
            limitations: Vec::new(),
            millis: 0.0,
        }
    }

    /// The script was read (it parsed; perhaps with no `check-sat` to run).
    pub fn parsed(&self) -> bool {
        self.error.is_none() || self.error_kind.as_deref() == Some(NO_CHECK_SAT)
    }

    /// The script ran through the solvers.
    pub fn ran(&self) -> bool {
        self.error.is_none()
    }

    /// Every solver answered sat or unsat (at every check).
    pub fn decided_by_all(&self) -> bool {
        self.ran()
            && !self.verdicts.is_empty()
            && self
                .verdicts
                .iter()
                .all(|(_, v)| v.split(',').all(|v| v == "sat" || v == "unsat"))
    }

    /// Some solver answered sat or unsat (at some check).
    pub fn decided_by_some(&self) -> bool {
        self.verdicts
            .iter()
            .any(|(_, v)| v.split(',').any(|v| v == "sat" || v == "unsat"))
    }

    /// Whether the file states an expected verdict (for some check).
    pub fn has_expected(&self) -> bool {
        self.expected.is_some() || self.expected_per_check.iter().any(Option::is_some)
    }

    /// Each solver's answers over its paths: `z3=sat[6]` where all six paths agree, else
    /// each verdict with the paths that gave it (`z3=sat[fresh,printed] unsat[push]`).
    fn paths_by_solver(&self) -> Vec<String> {
        let mut out = Vec::new();
        for lib in SolverId::ALL {
            let mine: Vec<&PathAnswer> = self
                .paths
                .iter()
                .filter(|p| p.solver.library() == lib)
                .collect();
            let mut verdicts: Vec<&str> = mine.iter().map(|p| p.verdict.as_str()).collect();
            verdicts.dedup();
            verdicts.sort();
            verdicts.dedup();
            match verdicts[..] {
                [] => {}
                [one] => out.push(format!("{lib}={one}[{}]", mine.len())),
                _ => {
                    let groups: Vec<String> = verdicts
                        .iter()
                        .map(|v| {
                            let at: Vec<String> = mine
                                .iter()
                                .filter(|p| p.verdict == *v)
                                .map(|p| p.setup.replace(' ', "-"))
                                .collect();
                            format!("{v}[{}]", at.join(","))
                        })
                        .collect();
                    out.push(format!("{lib}={}", groups.join(" ")));
                }
            }
        }
        out
    }

    /// One line: path, verdicts, time, findings or ok.
    pub fn line(&self) -> String {
        let mut s = format!("{}  ", self.path.display());
        if let Some(e) = &self.error {
            if self.error_kind.as_deref() == Some(NO_CHECK_SAT) {
                s.push_str(e);
            } else {
                s.push_str(&format!("not run: {e}"));
            }
            return s;
        }
        let v: Vec<String> = if self.paths.is_empty() {
            self.verdicts
                .iter()
                .map(|(id, v)| format!("{id}={v}"))
                .collect()
        } else {
            self.paths_by_solver()
        };
        s.push_str(&v.join(" "));
        s.push_str(&format!("  {:.1} ms  ", self.millis));
        if self.findings.is_empty() {
            s.push_str("ok");
        } else {
            let f: Vec<String> = self
                .findings
                .iter()
                .map(|(c, p)| format!("{c} -> {}", p.display()))
                .collect();
            s.push_str(&f.join(", "));
        }
        for n in &self.notes {
            s.push_str(&format!("\n  note: {n}"));
        }
        for l in &self.limitations {
            s.push_str(&format!("\n  documented limitation: {l}"));
        }
        if self.incremental && !self.against_expected.is_empty() {
            let who: Vec<String> = self
                .against_expected
                .iter()
                .map(|s| s.to_string())
                .collect();
            let expected: Vec<String> = self
                .expected_per_check
                .iter()
                .map(|e| e.map_or("-".to_string(), |e| e.to_string()))
                .collect();
            s.push_str(&format!(
                "  (expected {}; {} said otherwise)",
                expected.join(","),
                who.join(", ")
            ));
        } else if let Some(e) = self.expected {
            if !self.against_expected.is_empty() {
                let who: Vec<String> = self
                    .against_expected
                    .iter()
                    .map(|s| s.to_string())
                    .collect();
                s.push_str(&format!(
                    "  (expected {e}; {} said otherwise)",
                    who.join(", ")
                ));
            }
        }
        s
    }
}

/// `error_kind` of a script without `check-sat`.
pub const NO_CHECK_SAT: &str = "no-check-sat";

/// The `.smt2` files named, with folders searched recursively, in path order. A path that
/// does not exist is an error naming it (not a file reported as unreadable later).
pub fn collect_files(paths: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    fn walk(p: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
        if p.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(p)?
                .map(|e| e.map(|e| e.path()))
                .collect::<Result<_, _>>()?;
            entries.sort();
            for e in entries {
                if e.is_dir() || e.extension().is_some_and(|x| x == "smt2") {
                    walk(&e, out)?;
                }
            }
        } else {
            out.push(p.to_path_buf());
        }
        Ok(())
    }
    let mut out = Vec::new();
    for p in paths {
        if !p.exists() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("{}: no such file or folder", p.display()),
            ));
        }
        walk(p, &mut out)
            .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", p.display())))?;
    }
    Ok(out)
}

/// The expected verdict a path states with a `sat` or `unsat` folder.
fn expected_from_path(path: &Path) -> Option<Verdict> {
    path.parent()?
        .components()
        .rev()
        .find_map(|c| match c.as_os_str().to_str()? {
            "sat" => Some(Verdict::Sat),
            "unsat" => Some(Verdict::Unsat),
            _ => None,
        })
}

fn logic_in_text(text: &str) -> Option<String> {
    let i = text.find("(set-logic")? + "(set-logic".len();
    let rest = text[i..].trim_start();
    let end = rest.find(|c: char| c == ')' || c.is_whitespace())?;
    Some(rest[..end].to_string())
}

/// Parses `path` and, when it parses, runs it through `h` (findings are written by the
/// harness before this returns): a script of one query as a formula, through every path
/// and setup of [`EVERY_PATH`] or one drawn setup as `mode` says, any other in lockstep as
/// an incremental script, judged at every step.
pub fn check_file(h: &mut Harness, path: &Path, reading: Reading, mode: SetupMode) -> FileReport {
    let start = Instant::now();
    let mut report = FileReport::new(path);
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            report.error = Some(format!("cannot read: {e}"));
            report.error_kind = Some("unreadable".into());
            return report;
        }
    };
    let text = match crate::cases::smtlib::parse::text_of(&bytes) {
        Ok(t) => t,
        Err(e) => {
            report.error = Some(e.to_string());
            report.error_kind = Some("malformed".into());
            return report;
        }
    };
    if let Some(l) = logic_in_text(text) {
        report.logic = l;
    }
    let script = match parse_script_with(text, reading) {
        Ok(s) => s,
        Err(e) => {
            report.error_kind = Some(
                match e.kind {
                    ErrorKind::Unsupported => "unsupported",
                    ErrorKind::Malformed => "malformed",
                }
                .into(),
            );
            report.error = Some(e.to_string());
            return report;
        }
    };
    if let Some(l) = &script.logic {
        report.logic = l.clone();
    }
    if let Some(s) = script.status.filter(|s| *s != Verdict::Unknown) {
        report.expected = Some(s);
    }
    report.notes = script.notes.clone();
    if !script.check_sat {
        report.error = Some("no check-sat: the script asks nothing, no verdict".into());
        report.error_kind = Some(NO_CHECK_SAT.into());
        return report;
    }
    if !script.single_query() {
        check_incremental(h, &script, text, mode, &mut report);
        report.millis = start.elapsed().as_secs_f64() * 1e3;
        return report;
    }
    match mode {
        SetupMode::Drawn => {
            let run = h.run(&script.formula, None, Some(&bytes));
            note_answers(&mut report, &run.answers);
            report.findings = written(&run.findings);
        }
        SetupMode::Every => check_every_path(h, &script.formula, text, &mut report),
    }
    report.millis = start.elapsed().as_secs_f64() * 1e3;
    report
}

/// Each answer's verdict in `report.verdicts` (a solver deciding against the expected
/// verdict noted).
fn note_answers(report: &mut FileReport, answers: &[(SolverId, crate::verdict::oracle::Answer)]) {
    for (id, a) in answers {
        let v = verdict_name(a);
        if let (Ok(o), Some(e)) = (a, report.expected) {
            if o.verdict != Verdict::Unknown
                && o.verdict != e
                && !report.against_expected.contains(id)
            {
                report.against_expected.push(*id);
            }
        }
        report.verdicts.push((*id, v));
    }
}

fn verdict_name(a: &crate::verdict::oracle::Answer) -> String {
    match a {
        Ok(o) => o.verdict.to_string(),
        Err(_) => "error".to_string(),
    }
}

/// The findings as (class, reproducer) pairs.
fn written(
    findings: &[(
        crate::verdict::oracle::Issue,
        crate::verdict::finding::Written,
    )],
) -> Vec<(String, PathBuf)> {
    findings
        .iter()
        .map(|(i, w)| (i.class.to_string(), w.smt2.clone()))
        .collect()
}

/// Runs the single-query script `f` (read from `text`) through every path and setup
/// ([`Harness::run_every_path`]: the front ends also on the file's own text), each judged
/// by every oracle, then the answers across setups ([`Harness::judge_every_path`]).
fn check_every_path(
    h: &mut Harness,
    f: &crate::lang::ir::Formula,
    text: &str,
    report: &mut FileReport,
) {
    let own = crate::cases::smtlib::source::before_first_check(text);
    if let Err(why) = &own {
        report.notes.push(format!(
            "the front ends did not run the file's own text: {why}"
        ));
    }
    let source = own.as_deref().ok();
    let every = h.run_every_path(f, source);
    report.notes.extend(every.notes.iter().cloned());
    for (k, (plan, run)) in every.runs.iter().enumerate() {
        if k == 0 {
            note_answers(report, &run.answers);
        } else {
            // Later setups only add a solver's disagreement with the expected verdict.
            let mut extra = FileReport::new(&report.path);
            extra.expected = report.expected;
            note_answers(&mut extra, &run.answers);
            for id in extra.against_expected {
                if !report.against_expected.contains(&id.library()) {
                    report.against_expected.push(id.library());
                }
            }
        }
        for (id, a) in &run.answers {
            report.paths.push(PathAnswer {
                solver: *id,
                setup: crate::harness::EVERY_PATH[*plan].label(*id),
                verdict: verdict_name(a),
            });
        }
        for f in written(&run.findings) {
            // The same finding from several setups is one file.
            if !report.findings.contains(&f) {
                report.findings.push(f);
            }
        }
    }
    let across = h.judge_every_path(f, &every, source);
    report.findings.extend(written(&across));
}

/// Runs an incremental script in lockstep ([`Harness::run_script`]): the verdicts of each
/// check against the status the file states before it. With every path, the file's own
/// text also runs through both front ends: a check that a solver answers sat through one
/// path and unsat through the other is a `path-disagreement`.
fn check_incremental(
    h: &mut Harness,
    script: &crate::cases::smtlib::parse::Script,
    text: &str,
    mode: SetupMode,
    report: &mut FileReport,
) {
    report.incremental = true;
    report.expected_per_check = script.expected.clone();
    if report.expected_per_check.iter().all(Option::is_none) {
        report.expected = None;
    }
    let run = h.run_script(&script.script, None);
    if let Some(why) = &run.skipped {
        report.notes.push(format!("not judged: {why}"));
    }
    let mut per_solver: Vec<(SolverId, Vec<String>)> = Vec::new();
    for (k, check) in run.verdicts().iter().enumerate() {
        let expected = script.expected.get(k).copied().flatten();
        for (id, v) in check {
            if let Some(e) = expected.filter(|e| *e != Verdict::Unknown) {
                if *v != Verdict::Unknown && *v != e && !report.against_expected.contains(id) {
                    report.against_expected.push(*id);
                }
            }
            match per_solver.iter_mut().find(|(s, _)| s == id) {
                Some((_, vs)) => vs.push(v.to_string()),
                None => per_solver.push((*id, vec![v.to_string()])),
            }
        }
    }
    report.verdicts = per_solver
        .into_iter()
        .map(|(id, vs)| (id, vs.join(",")))
        .collect();
    report.findings = written(&run.findings);
    if mode == SetupMode::Every {
        let api = run.verdicts();
        let judged: Vec<SolverId> = run
            .findings
            .iter()
            .filter_map(|(i, _)| i.blamed.map(SolverId::library))
            .collect();
        for (id, v) in &report.verdicts.clone() {
            report.paths.push(PathAnswer {
                solver: *id,
                setup: "lockstep".into(),
                verdict: v.clone(),
            });
        }
        for (id, out) in h.run_text(text, &script.script.shape()) {
            let answers = match out {
                Ok(out) => check_answers(&out),
                Err(e) => {
                    report
                        .notes
                        .push(format!("{id} did not run the file's own text: {e}"));
                    report.paths.push(PathAnswer {
                        solver: id,
                        setup: "file".into(),
                        verdict: "error".into(),
                    });
                    continue;
                }
            };
            let names: Vec<String> = answers.iter().map(|v| v.to_string()).collect();
            report.paths.push(PathAnswer {
                solver: id,
                setup: "file".into(),
                verdict: names.join(","),
            });
            let lib = id.library();
            if judged.contains(&lib) {
                continue;
            }
            let split = api
                .iter()
                .zip(&answers)
                .enumerate()
                .find_map(|(k, (check, own))| {
                    let theirs = check.iter().find(|(s, _)| *s == lib)?.1;
                    let decided = |v: Verdict| v != Verdict::Unknown;
                    (decided(theirs) && decided(*own) && theirs != *own)
                        .then_some((k, theirs, *own))
                });
            let Some((k, theirs, own)) = split else {
                continue;
            };
            let issue = crate::verdict::oracle::Issue {
                class: crate::verdict::oracle::Class::PathDisagreement,
                blamed: Some(lib),
                summary: format!(
                    "{lib} says {theirs} at check {} through its C API (the script in lockstep) and {own} through its SMT-LIB front end on the file's own text; no model validated",
                    k + 1
                ),
            };
            let ctx = h
                .context(&script.formula, Default::default())
                .with_source(Some(text));
            let (issue, w) = crate::verdict::finding::record(
                &h.output.dir,
                issue,
                crate::verdict::finding::Subject::Formula(&ctx),
            );
            report.findings.push((issue.class.to_string(), w.smt2));
        }
    }
}

/// The answers of the checks in a front end's output, in order: its top-level `sat`,
/// `unsat` and `unknown` (other output — values, errors, echoes — skipped).
fn check_answers(out: &str) -> Vec<Verdict> {
    let answer = |a: &str| match a {
        "sat" => Some(Verdict::Sat),
        "unsat" => Some(Verdict::Unsat),
        "unknown" => Some(Verdict::Unknown),
        _ => None,
    };
    match crate::cases::smtlib::sexp::Sx::parse_all(out) {
        Some(items) => items
            .iter()
            .filter_map(|x| match x {
                crate::cases::smtlib::sexp::Sx::Atom(a) => answer(a),
                _ => None,
            })
            .collect(),
        None => out.lines().filter_map(|l| answer(l.trim())).collect(),
    }
}

/// The worker side of `smtsmith check`: reads one path per line, checks it, and reports
/// on stdout, one line each: `start PATH`, `phase NAME` (before each solver and before
/// the oracles), `report JSON`. Separate from the supervisor so that a solver that hangs
/// past its time limit or kills the process costs one file, not the run.
pub fn worker(
    h: &mut Harness,
    input: impl BufRead,
    reading: Reading,
    mode: SetupMode,
) -> std::io::Result<()> {
    fn phase(p: crate::harness::Phase) {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "phase\t{p}");
        let _ = out.flush();
    }
    h.on_phase = Some(phase);
    for line in input.lines() {
        let path = PathBuf::from(line?);
        {
            let mut out = std::io::stdout().lock();
            writeln!(out, "start\t{}", path.display())?;
            out.flush()?;
        }
        let before = crate::dialect::facts::limitation_counts();
        let mut r = check_file(h, &path, reading, mode);
        for (l, n) in crate::dialect::facts::limitation_counts() {
            let was = before
                .iter()
                .find(|(b, _)| std::ptr::eq(*b, l))
                .map_or(0, |(_, m)| *m);
            if n > was {
                r.limitations
                    .push(format!("{} {}: \"{}\"", l.solver, n - was, l.message));
            }
        }
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "report\t{}",
            serde_json::to_string(&r).expect("reports serialize")
        )?;
        out.flush()?;
    }
    Ok(())
}

/// How the supervisor starts a worker, what it calls a hang, and where findings go.
pub struct Supervisor {
    /// Starts `smtsmith check --worker ...` (stdin and stdout are piped by the supervisor).
    pub worker: Box<dyn Fn() -> std::process::Command>,
    /// A solver phase longer than this is a hang: the worker is killed, the file gets a
    /// `time-limit` finding, and a new worker goes on with the next file.
    pub hang_after: Duration,
    pub findings_dir: PathBuf,
    pub versions: Vec<(SolverId, String)>,
    pub limits: crate::solver::Limits,
    /// The `smtsmith` binary, whose `solve` runs cvc5's front end when a hang is settled
    /// ([`crate::harness::settle::settle_time_limit`]) and whose `isolated-case` runs the candidates
    /// of a crash's reduction ([`crate::harness::isolated::reduce_file`]).
    pub exe: PathBuf,
    /// The run's settings (the workers' reuse mode, recorded in the findings the supervisor
    /// writes; the reduction budget).
    pub settings: crate::harness::settings::Settings,
}

enum Event {
    Line(String),
    Exit,
}

impl Supervisor {
    /// Checks every file in worker processes; `each` sees every report as it arrives.
    pub fn run(
        &self,
        files: &[PathBuf],
        mut each: impl FnMut(&FileReport),
    ) -> std::io::Result<Vec<FileReport>> {
        use std::process::Stdio;
        let mut reports = Vec::new();
        let mut next = 0;
        while next < files.len() {
            let mut child = (self.worker)()
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()?;
            let mut stdin = child.stdin.take().expect("piped");
            let stdout = child.stdout.take().expect("piped");
            let stderr = WorkerStderr::pass_on(child.stderr.take().expect("piped"));
            let (tx, rx) = std::sync::mpsc::channel();
            let feed: Vec<PathBuf> = files[next..].to_vec();
            std::thread::spawn(move || {
                for p in feed {
                    if writeln!(stdin, "{}", p.display()).is_err() {
                        break;
                    }
                }
            });
            std::thread::spawn(move || {
                for line in std::io::BufReader::new(stdout).lines() {
                    match line {
                        Ok(l) => {
                            if tx.send(Event::Line(l)).is_err() {
                                return;
                            }
                        }
                        Err(_) => break,
                    }
                }
                let _ = tx.send(Event::Exit);
            });
            let mut phase: Option<(String, Instant)> = None;
            loop {
                let wait = match &phase {
                    Some((p, t)) if p != "oracles" => self.hang_after.saturating_sub(t.elapsed()),
                    // Parsing and our oracles: a hang there is ours; wait longer.
                    _ => self.hang_after * 4,
                };
                match rx.recv_timeout(wait) {
                    Ok(Event::Line(l)) => {
                        let (kind, rest) = l.split_once('\t').unwrap_or((l.as_str(), ""));
                        match kind {
                            "start" => phase = Some(("parse".into(), Instant::now())),
                            "phase" => phase = Some((rest.to_string(), Instant::now())),
                            "report" => {
                                let r: FileReport = serde_json::from_str(rest)
                                    .map_err(|e| std::io::Error::other(e.to_string()))?;
                                each(&r);
                                reports.push(r);
                                next += 1;
                                phase = None;
                            }
                            _ => {}
                        }
                    }
                    Ok(Event::Exit) | Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                        let status = child.wait().ok();
                        if next < files.len() {
                            let what = phase.as_ref().map(|(p, _)| p.clone());
                            let report = stderr.sanitizer_report();
                            let r = self.lost(&files[next], what, Lost::Died(status, report));
                            each(&r);
                            reports.push(r);
                            next += 1;
                        }
                        break;
                    }
                    Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                        let _ = child.kill();
                        let _ = child.wait();
                        let (p, t) = phase
                            .clone()
                            .unwrap_or_else(|| ("?".into(), Instant::now()));
                        let r = self.lost(&files[next], Some(p), Lost::Hung(t.elapsed()));
                        each(&r);
                        reports.push(r);
                        next += 1;
                        break;
                    }
                }
            }
        }
        Ok(reports)
    }

    /// The report (and, when a solver is to blame, the finding) of a file whose worker
    /// hung or died.
    fn lost(&self, path: &Path, phase: Option<String>, how: Lost) -> FileReport {
        let mut r = FileReport::new(path);
        let text = std::fs::read_to_string(path).unwrap_or_default();
        if let Some(l) = logic_in_text(&text) {
            r.logic = l;
        }
        let solver = phase
            .as_deref()
            .and_then(|p| p.parse::<crate::harness::Phase>().ok())
            .and_then(crate::harness::Phase::solver);
        r.millis = match how {
            Lost::Hung(t) => t.as_secs_f64() * 1e3,
            Lost::Died(..) => 0.0,
        };
        let status = |s: &Option<std::process::ExitStatus>| {
            s.map_or("unknown status".to_string(), describe_status)
        };
        let Some(solver) = solver else {
            // Not inside a solver: smtsmith's own failure, reported as an error, no finding.
            let during = phase.as_deref().unwrap_or("?");
            r.error = Some(match &how {
                Lost::Hung(t) => format!(
                    "smtsmith itself: still in {during} after {:.0} s (killed; please report)",
                    t.as_secs_f64()
                ),
                Lost::Died(s, report) => format!(
                    "smtsmith itself: the process died in {during}: {}{} (please report)",
                    status(s),
                    report
                        .as_ref()
                        .map(|r| format!("; {}: {}", r.tool, r.words()))
                        .unwrap_or_default()
                ),
            });
            r.error_kind = Some("internal".into());
            return r;
        };
        let issue = match &how {
            Lost::Hung(t) => crate::verdict::oracle::process::still_running(
                solver,
                t.as_secs_f64(),
                self.limits.timeout_ms,
                true,
            ),
            Lost::Died(_, Some(report)) => {
                crate::verdict::oracle::process::sanitizer_report(solver, report)
            }
            Lost::Died(s, None) => crate::verdict::oracle::process::died_inside(solver, &status(s)),
        };
        let class = issue.class;
        r.verdicts.push((solver, class.to_string()));
        if let Ok(script) = parse_script(&text) {
            let setup = crate::solver::CaseSetup {
                reuse: self.settings.reuse,
                ..Default::default()
            };
            let ctx = crate::verdict::finding::Context::new(
                &script.formula,
                &self.versions,
                &self.limits,
                setup,
            )
            .with_input(Some(text.as_bytes()));
            let (_, w) = crate::verdict::finding::record(
                &self.findings_dir,
                issue,
                crate::verdict::finding::Subject::Formula(&ctx),
            );
            if let Lost::Died(_, Some(report)) = &how {
                if let Err(e) =
                    crate::verdict::finding::attach_sanitizer_report(&w.json, &w.smt2, report)
                {
                    r.notes
                        .push(format!("the sanitizer's report is not in the finding: {e}"));
                }
            }
            // A hang: does the solver's own front end stop at its own limit?
            let (class, smt2) = match class {
                crate::verdict::oracle::Class::TimeLimit => {
                    match crate::harness::settle::settle_time_limit(&w.json, &self.exe) {
                        Ok(crate::harness::settle::TimeLimit::Performance(_, moved)) => (
                            crate::verdict::oracle::Class::Performance,
                            moved.with_extension("smt2"),
                        ),
                        Ok(crate::harness::settle::TimeLimit::Ignored(_)) => (class, w.smt2),
                        Err(e) => {
                            r.notes.push(format!("the hang is not settled: {e}"));
                            (class, w.smt2)
                        }
                    }
                }
                // A crash: reduced with each candidate in a child (so that it ends the
                // child, not this process) and settled against the known bugs there.
                crate::verdict::oracle::Class::Crash => {
                    let budget = Duration::from_secs(self.settings.reduce_seconds);
                    match crate::harness::isolated::reduce_file(
                        &self.exe,
                        &w.json,
                        budget,
                        &self.settings,
                    ) {
                        Ok((reduced, _)) => (class, reduced.smt2),
                        Err(e) => {
                            r.notes.push(format!("the crash is not reduced: {e}"));
                            (class, w.smt2)
                        }
                    }
                }
                _ => (class, w.smt2),
            };
            r.findings.push((class.to_string(), smt2));
        }
        r
    }
}

enum Lost {
    Hung(Duration),
    /// With the sanitizer's report the worker printed as it died, if it printed one.
    Died(
        Option<std::process::ExitStatus>,
        Option<crate::verdict::sanitizer::Report>,
    ),
}

/// A worker's standard error, passed on to ours as it comes and its end kept: a worker built
/// with a sanitizer prints the sanitizer's report there as it dies.
struct WorkerStderr {
    tail: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
    reader: std::thread::JoinHandle<()>,
}

impl WorkerStderr {
    /// How much of the end is kept: a report with its allocation and free stacks is a few KB.
    const KEPT: usize = 1 << 20;

    fn pass_on(mut from: std::process::ChildStderr) -> WorkerStderr {
        let tail = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let kept = tail.clone();
        let reader = std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = std::io::Read::read(&mut from, &mut buf) {
                if n == 0 {
                    break;
                }
                let _ = std::io::stderr().write_all(&buf[..n]);
                let mut tail = kept.lock().unwrap_or_else(|e| e.into_inner());
                tail.extend_from_slice(&buf[..n]);
                if tail.len() > 2 * Self::KEPT {
                    let cut = tail.len() - Self::KEPT;
                    tail.drain(..cut);
                }
            }
        });
        WorkerStderr { tail, reader }
    }

    /// The sanitizer report the dead worker printed. Its standard error ends when the
    /// process does (unless a child of it holds the pipe: then after at most 2 s).
    fn sanitizer_report(&self) -> Option<crate::verdict::sanitizer::Report> {
        let until = Instant::now() + Duration::from_secs(2);
        while !self.reader.is_finished() && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(10));
        }
        let tail = self.tail.lock().unwrap_or_else(|e| e.into_inner());
        crate::verdict::sanitizer::Report::parse(&String::from_utf8_lossy(&tail))
    }
}

fn describe_status(s: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (s.code(), s.signal()) {
        (_, Some(sig)) => format!("signal {sig}"),
        (Some(c), _) => format!("exit status {c}"),
        _ => s.to_string(),
    }
}

/// The exit status of `smtsmith check` over its reports (documented in `--help` and the
/// README): 1 if any finding; else 3 if any file is malformed or unreadable; else 4 if any
/// is unsupported; else 0 (files without `check-sat` count as checked).
pub fn exit_status(reports: &[FileReport]) -> u8 {
    if reports.iter().any(|r| !r.findings.is_empty()) {
        1
    } else if reports.iter().any(|r| {
        matches!(
            r.error_kind.as_deref(),
            Some("malformed" | "unreadable" | "internal")
        )
    }) {
        3
    } else if reports
        .iter()
        .any(|r| r.error_kind.as_deref() == Some("unsupported"))
    {
        4
    } else {
        0
    }
}

/// Counts per logic.
#[derive(Clone, Debug, Default, Serialize)]
pub struct LogicRow {
    pub files: usize,
    pub parsed: usize,
    pub unsupported: usize,
    /// Malformed, unreadable, or lost to smtsmith's own failure.
    pub malformed: usize,
    pub no_check_sat: usize,
    /// Both solvers answered sat or unsat.
    pub decided_by_all: usize,
    /// Files with an expected verdict and at least one decided solver verdict, all of
    /// which equal it.
    pub match_expected: usize,
    /// Files where a decided verdict differs from the expected one.
    pub against_expected: usize,
    pub with_findings: usize,
}

/// The per-logic table over a set of reports.
pub fn summarize(reports: &[FileReport]) -> BTreeMap<String, LogicRow> {
    let mut rows: BTreeMap<String, LogicRow> = BTreeMap::new();
    for r in reports {
        let row = rows.entry(r.logic.clone()).or_default();
        row.files += 1;
        if r.parsed() {
            row.parsed += 1;
        }
        match r.error_kind.as_deref() {
            None => {}
            Some("unsupported") => row.unsupported += 1,
            Some(NO_CHECK_SAT) => row.no_check_sat += 1,
            Some(_) => row.malformed += 1,
        }
        if r.decided_by_all() {
            row.decided_by_all += 1;
        }
        if r.has_expected() && r.decided_by_some() {
            if r.against_expected.is_empty() {
                row.match_expected += 1;
            } else {
                row.against_expected += 1;
            }
        }
        if !r.findings.is_empty() {
            row.with_findings += 1;
        }
    }
    rows
}

/// The table's columns.
const COLUMNS: [&str; 11] = [
    "logic",
    "files",
    "parsed",
    "%",
    "unsupported",
    "malformed",
    "no-check-sat",
    "decided",
    "=expected",
    "!=expected",
    "findings",
];

/// The table's rows as cells (one per logic, then the total).
fn cells(rows: &BTreeMap<String, LogicRow>) -> Vec<Vec<String>> {
    let mut total = LogicRow::default();
    let line = |name: &str, r: &LogicRow| {
        vec![
            name.to_string(),
            r.files.to_string(),
            r.parsed.to_string(),
            format!("{:.1}%", 100.0 * r.parsed as f64 / r.files.max(1) as f64),
            r.unsupported.to_string(),
            r.malformed.to_string(),
            r.no_check_sat.to_string(),
            r.decided_by_all.to_string(),
            r.match_expected.to_string(),
            r.against_expected.to_string(),
            r.with_findings.to_string(),
        ]
    };
    let mut out = Vec::new();
    for (name, r) in rows {
        out.push(line(name, r));
        total.files += r.files;
        total.parsed += r.parsed;
        total.unsupported += r.unsupported;
        total.malformed += r.malformed;
        total.no_check_sat += r.no_check_sat;
        total.decided_by_all += r.decided_by_all;
        total.match_expected += r.match_expected;
        total.against_expected += r.against_expected;
        total.with_findings += r.with_findings;
    }
    out.push(line("total", &total));
    out
}

/// The table as aligned text, with a total row.
pub fn table(rows: &BTreeMap<String, LogicRow>) -> String {
    let body = cells(rows);
    let width = |k: usize| {
        body.iter()
            .map(|r| r[k].len())
            .chain([COLUMNS[k].len()])
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..COLUMNS.len()).map(width).collect();
    let render = |cells: &[String]| {
        let mut l = format!("{:<w$}", cells[0], w = widths[0]);
        for (c, w) in cells.iter().zip(&widths).skip(1) {
            l.push_str(&format!(" {c:>w$}"));
        }
        l.push('\n');
        l
    };
    let header: Vec<String> = COLUMNS.iter().map(|c| c.to_string()).collect();
    let mut out = render(&header);
    for r in &body {
        out.push_str(&render(r));
    }
    out
}

/// The table as Markdown.
pub fn markdown(rows: &BTreeMap<String, LogicRow>) -> String {
    let mut out = format!("| {} |\n|---|", COLUMNS.join(" | "));
    out.push_str(&"---:|".repeat(COLUMNS.len() - 1));
    out.push('\n');
    for r in cells(rows) {
        out.push_str(&format!("| {} |\n", r.join(" | ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_verdicts_and_logics_are_read_from_paths_and_text() {
        assert_eq!(
            expected_from_path(Path::new("seeds/QF_LIA/unsat/a.smt2")),
            Some(Verdict::Unsat)
        );
        assert_eq!(expected_from_path(Path::new("x/a.smt2")), None);
        assert_eq!(
            logic_in_text("; c\n(set-logic  QF_FP)\n(declare-const x Float32)"),
            Some("QF_FP".into())
        );
    }
}
