//! Reducing the findings that end or stall the process that runs them — `crash` (a solver
//! aborts or dies inside a call) and `time-limit` (a solver call nothing stops) — with each
//! candidate in a child process (`smtsmith isolated-case`): an abort ends the child, not the
//! reducer, and a call that ignores its limit is left behind with its child.
//!
//! The child runs the candidate on the finding's solver path only, in the finding's setup
//! and with its limits, on new solvers (a new process), and tells what it saw: the answer
//! (exit 0, one `answered` line), a call [`crate::solver::interrupt::stuck`] past its limit
//! (the watchdog's own test; exit [`STUCK_EXIT_CODE`]), or nothing, having died. The parent
//! compares that with what the original formula does in a child: a `time-limit` candidate
//! holds when it is stuck too; a `crash` candidate when it dies of the same signal (or exit
//! status) with the same first lines on stderr (the solver's own message: cvc5's `Check
//! failure`, Z3's `ASSERTION VIOLATION`), so that a reduction does not slide from one crash
//! to another, and the reduced key names the message (`crash/cvc5/...d_modelBuiltSuccess`).

use super::{Harness, Selection};
use crate::lang::ir::Formula;
use crate::solver::{CaseSetup, Limits, SolverId};
use crate::verdict::oracle::{Class, Issue};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The exit status of `smtsmith isolated-case` when its solver call is stuck past its limit.
pub const STUCK_EXIT_CODE: i32 = 75;

/// What the child is told to run: the solver path, its setup and its limits (the candidate
/// formula is the SMT-LIB file beside it).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct CaseFile {
    pub solver: SolverId,
    pub setup: CaseSetup,
    pub limits: Limits,
    /// The candidate is an incremental script (it sets its own options; `setup` is unused).
    #[serde(default)]
    pub script: bool,
}

/// What a child did with a candidate.
#[derive(Clone, Debug, PartialEq)]
pub enum Seen {
    /// The call returned (the answer as a word: `sat`, `unknown (timeout)`, an error).
    Answered(String),
    /// The call was still running past its limit, as the watchdog judges it.
    Stuck { seconds: f64 },
    /// The child died of `signal` inside the call; `message`: the first lines it printed.
    Died { signal: i32, message: String },
    /// The child exited with `code` inside the call, before answering.
    Exited { code: i32, message: String },
    /// A sanitizer reported an error inside the call and ended the child (a build with one:
    /// `scripts/build-z3-instrumented.sh asan`); the same finding again when its kind and
    /// top frames are ([`crate::verdict::sanitizer::Report::words`]), whatever its exit status.
    Sanitized(crate::verdict::sanitizer::Report),
    /// The parent killed the child at the candidate's time budget.
    Overran { seconds: f64 },
    /// The candidate cannot be read back (a reducer's candidate smtsmith does not print).
    Unreadable(String),
}

impl Seen {
    /// Whether `self`, seen on a candidate, is the finding `original` (seen on the finding's
    /// formula) again.
    pub fn same_as(&self, original: &Seen) -> bool {
        match (original, self) {
            (
                Seen::Stuck { .. } | Seen::Overran { .. },
                Seen::Stuck { .. } | Seen::Overran { .. },
            ) => true,
            (
                Seen::Died { signal, message },
                Seen::Died {
                    signal: s,
                    message: m,
                },
            ) => signal == s && message == m,
            (
                Seen::Exited { code, message },
                Seen::Exited {
                    code: c,
                    message: m,
                },
            ) => code == c && message == m,
            (Seen::Sanitized(r), Seen::Sanitized(s)) => r.tool == s.tool && r.words() == s.words(),
            _ => false,
        }
    }

    /// Whether this is a finding of class `class` at all.
    fn is(&self, class: Class) -> bool {
        match class {
            Class::TimeLimit => matches!(self, Seen::Stuck { .. } | Seen::Overran { .. }),
            Class::Crash => matches!(
                self,
                Seen::Died { .. } | Seen::Exited { .. } | Seen::Sanitized(_)
            ),
            _ => false,
        }
    }

    /// The finding this makes on `solver` under `limits` (for `Stuck`, `Died`, `Exited`).
    fn issue(&self, solver: SolverId, limits: &Limits) -> Option<Issue> {
        Some(match self {
            Seen::Stuck { seconds } | Seen::Overran { seconds } => {
                let mut i = crate::verdict::oracle::process::still_running(
                    solver,
                    *seconds,
                    limits.timeout_ms,
                    false,
                );
                i.summary
                    .push_str(" (in a new process, with nothing else in it)");
                i
            }
            Seen::Died { signal, message } => crate::verdict::oracle::process::with_message(
                crate::verdict::oracle::process::died_inside(solver, &format!("signal {signal}")),
                message,
            ),
            Seen::Exited { code, message } => {
                let mut i = crate::verdict::oracle::process::exited_inside(solver, false);
                i.summary.push_str(&format!(" (status {code})"));
                crate::verdict::oracle::process::with_message(i, message)
            }
            Seen::Sanitized(r) => crate::verdict::oracle::process::sanitizer_report(solver, r),
            _ => return None,
        })
    }

    fn describe(&self) -> String {
        match self {
            Seen::Answered(a) => format!("answered {a}"),
            Seen::Stuck { seconds } => format!("still in the call {seconds:.1} s into it"),
            Seen::Died { signal, message } => format!("died of signal {signal} ({message})"),
            Seen::Exited { code, message } => format!("exited with status {code} ({message})"),
            Seen::Sanitized(r) => format!("reported by {}: {}", r.tool, r.words()),
            Seen::Overran { seconds } => format!("killed at its budget after {seconds:.1} s"),
            Seen::Unreadable(e) => format!("unreadable: {e}"),
        }
    }
}

/// The solver's own words on stderr: its first three lines that are not smtsmith's or a
/// warning (cvc5: `Fatal failure within <function> at <file:line>`, `Check failure`, the
/// condition; Z3: `ASSERTION VIOLATION`, `File:`, `Line:`), joined. Rust's runtime's report
/// of a stack overflow (`thread 'main' (23538) has overflowed its stack`, `fatal runtime
/// error: stack overflow`) is not the solver's words: it says only how the process ended,
/// as a segmentation fault does, and would give every overflow one key whatever its cause.
pub fn crash_message(stderr: &str) -> String {
    let lines: Vec<&str> = stderr
        .lines()
        .map(str::trim)
        .filter(|l| {
            !l.is_empty()
                && !l.starts_with("smtsmith")
                && !l.starts_with("WARNING")
                && !l.starts_with("==")
                && !rust_overflow_report(l)
        })
        .take(3)
        .collect();
    let mut m = lines.join(" / ");
    if m.len() > 400 {
        let mut end = 400;
        while !m.is_char_boundary(end) {
            end -= 1;
        }
        m.truncate(end);
    }
    m
}

/// Whether `line` is Rust's runtime reporting a stack overflow.
fn rust_overflow_report(line: &str) -> bool {
    let overflowed = line.starts_with("thread '") && line.ends_with("has overflowed its stack");
    overflowed || line.starts_with("fatal runtime error: stack overflow")
}

/// The child's side (`smtsmith isolated-case --case CASE.json FILE`): runs `candidate` as
/// `case` says and reports on stdout; returns the exit status (0: answered). A stuck call
/// ends the process from a watching thread with [`STUCK_EXIT_CODE`].
pub fn child(
    case: &Path,
    candidate: &Path,
    settings: &crate::harness::settings::Settings,
) -> Result<i32, String> {
    let c: CaseFile = serde_json::from_str(
        &std::fs::read_to_string(case).map_err(|e| format!("{}: {e}", case.display()))?,
    )
    .map_err(|e| format!("{}: {e}", case.display()))?;
    let text =
        std::fs::read_to_string(candidate).map_err(|e| format!("{}: {e}", candidate.display()))?;
    let parsed = match crate::cases::smtlib::parse::parse_script(&text) {
        Ok(p) => p,
        Err(e) => {
            println!("unreadable {e}");
            return Ok(0);
        }
    };
    // What a script's run writes (its judged findings) goes to a folder of its own, which
    // the parent removes: the child reports how the call ended, nothing else.
    let dir = candidate.with_extension("findings");
    let mut h = Harness::with_settings(Selection::Only(c.solver.library()), &dir, settings)
        .map_err(|e| format!("the solver does not start: {e}"))?;
    h.settings.limits = c.limits;
    h.settings.reduce_seconds = 0;
    h.set_setup(c.setup)
        .map_err(|e| format!("the setup's text path does not start: {e}"))?;
    h.case.paths = Some(vec![c.solver]);
    std::thread::Builder::new()
        .name("smtsmith-stuck".into())
        .spawn(|| loop {
            std::thread::sleep(Duration::from_millis(50));
            if let Some((_, _, _, ran)) = crate::solver::interrupt::stuck() {
                use std::io::Write;
                let mut out = std::io::stdout().lock();
                let _ = writeln!(out, "stuck {:.2}", ran.as_secs_f64());
                let _ = out.flush();
                crate::solver::sys::exit_now(STUCK_EXIT_CODE);
            }
        })
        .map_err(|e| e.to_string())?;
    if c.script {
        let report = h.run_script(&parsed.script, None);
        let verdicts: Vec<String> = report
            .verdicts()
            .iter()
            .map(|check| {
                check
                    .iter()
                    .map(|(id, v)| format!("{id}:{v:?}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "answered {}", verdicts.join(", "));
        let _ = out.flush();
        crate::solver::sys::exit_now(0)
    }
    let answers = h.answers(&parsed.formula);
    let words: Vec<String> = answers
        .iter()
        .map(|(id, a)| match a {
            Ok(o) => format!(
                "{id}:{:?}{}",
                o.verdict,
                o.reason
                    .as_deref()
                    .map(|r| format!(" ({r})"))
                    .unwrap_or_default()
            ),
            Err(e) => format!("{id}:error ({e})"),
        })
        .collect();
    {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "answered {}", words.join(", "));
        let _ = out.flush();
    }
    // Not through the solvers' teardown: what happens there is not the call's.
    crate::solver::sys::exit_now(0)
}

/// Runs candidates of one finding in children.
pub struct Runner {
    exe: PathBuf,
    /// `<hash>.candidate.smt2`, `.candidate.json`, `.candidate.out`, `.candidate.err`, and
    /// the folder a script child writes its judged findings to.
    files: [PathBuf; 5],
    pub solver: SolverId,
    pub limits: Limits,
    pub versions: Vec<(SolverId, String)>,
    /// Each child's time budget.
    pub budget: Duration,
    pub runs: u32,
}

impl Runner {
    /// A runner for the finding reproduced by `smt2` (its candidates' files go beside it),
    /// blamed on `solver`, with `limits`; `exe`: smtsmith's binary.
    pub fn new(
        exe: &Path,
        smt2: &Path,
        solver: SolverId,
        limits: Limits,
        versions: Vec<(SolverId, String)>,
    ) -> Runner {
        let budget =
            Duration::from_millis(u64::from(limits.timeout_ms) * 3) + Duration::from_secs(10);
        Runner {
            exe: exe.to_path_buf(),
            files: [
                "candidate.smt2",
                "candidate.json",
                "candidate.out",
                "candidate.err",
                "candidate.findings",
            ]
            .map(|e| smt2.with_extension(e)),
            solver,
            limits,
            versions,
            budget,
            runs: 0,
        }
    }

    /// Runs `f` in `setup` in a child; what it did.
    pub fn observe(
        &mut self,
        f: &Formula,
        setup: CaseSetup,
        issue: &Issue,
    ) -> std::io::Result<Seen> {
        let ctx = crate::verdict::finding::Context::new(f, &self.versions, &self.limits, setup);
        let text = crate::verdict::finding::reproducer(issue, &ctx);
        self.observe_text(&text, setup, false)
    }

    /// Runs the incremental script `s` (its actions in order, with its own options) in a
    /// child; what it did.
    pub fn observe_script(&mut self, s: &crate::cases::script::Script) -> std::io::Result<Seen> {
        let all: Vec<usize> = (0..s.actions.len()).collect();
        let text = crate::cases::smtlib::scripts::print(
            s,
            &crate::cases::smtlib::scripts::Print {
                comments: Vec::new(),
                solver: self.solver,
                ran: &all,
                aliases: false,
            },
        );
        self.observe_text(&text, CaseSetup::default(), true)
    }

    /// [`Runner::observe`] of an SMT-LIB text (`script`: read and run as an incremental
    /// script).
    pub fn observe_text(
        &mut self,
        text: &str,
        setup: CaseSetup,
        script: bool,
    ) -> std::io::Result<Seen> {
        let [smt2, case, out, err, _] = &self.files;
        std::fs::write(smt2, text)?;
        let c = CaseFile {
            solver: self.solver,
            setup,
            limits: self.limits.clone(),
            script,
        };
        std::fs::write(
            case,
            serde_json::to_string(&c).map_err(std::io::Error::other)?,
        )?;
        self.runs += 1;
        let start = Instant::now();
        let mut child = std::process::Command::new(&self.exe)
            .arg("isolated-case")
            .arg("--case")
            .arg(case)
            .arg(smt2)
            .stdin(std::process::Stdio::null())
            .stdout(std::fs::File::create(out)?)
            .stderr(std::fs::File::create(err)?)
            .spawn()?;
        let status = loop {
            if let Some(s) = child.try_wait()? {
                break Some(s);
            }
            if start.elapsed() > self.budget {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let seconds = start.elapsed().as_secs_f64();
        let stdout = std::fs::read_to_string(out).unwrap_or_default();
        let stderr = String::from_utf8_lossy(&std::fs::read(err).unwrap_or_default()).into_owned();
        let Some(status) = status else {
            return Ok(Seen::Overran { seconds });
        };
        use std::os::unix::process::ExitStatusExt;
        let line = |word: &str| {
            stdout
                .lines()
                .find_map(|l| l.strip_prefix(word).map(|r| r.trim().to_string()))
        };
        if let Some(e) = line("unreadable") {
            return Ok(Seen::Unreadable(e));
        }
        if let Some(a) = line("answered") {
            return Ok(Seen::Answered(a));
        }
        if let Some(s) = line("stuck") {
            return Ok(Seen::Stuck {
                seconds: s.parse().unwrap_or(seconds),
            });
        }
        if let Some(report) = crate::verdict::sanitizer::Report::parse(&stderr) {
            return Ok(Seen::Sanitized(report));
        }
        let message = crash_message(&stderr);
        Ok(match (status.signal(), status.code()) {
            (Some(signal), _) => Seen::Died { signal, message },
            (None, Some(code)) => Seen::Exited { code, message },
            (None, None) => Seen::Answered("no status".into()),
        })
    }

    fn clean(&self) {
        for f in &self.files {
            let _ = std::fs::remove_file(f);
        }
        let _ = std::fs::remove_dir_all(&self.files[4]);
    }
}

/// Whether `smtsmith reduce` reduces the finding `v` in children: findings (of formulas or
/// incremental scripts) of the classes that end or stall a process.
pub fn reduces(v: &crate::verdict::finding::FindingRecord) -> bool {
    matches!(v.class.as_str(), "crash" | "time-limit")
}

/// `smtsmith reduce` of a `crash` or `time-limit` finding (JSON `json`, reproducer beside
/// it), each candidate in a child process run by `exe` (smtsmith's binary): the original
/// must do the same in a new process first; then the formula shrinks and the setup gets
/// plainer while candidates do what it did; the reduced form is written, keyed and settled
/// against the known bugs of its class (their reproducers replayed in children too).
pub fn reduce_file(
    exe: &Path,
    json: &Path,
    budget: Duration,
    settings: &crate::harness::settings::Settings,
) -> Result<(crate::verdict::finding::Written, super::ReductionStats), super::ReduceFileError> {
    use super::ReduceFileError as E;
    let start = Instant::now();
    let unreadable = |e: String| E::Unreadable(format!("{}: {e}", json.display()));
    let v = crate::verdict::finding::FindingRecord::open(json)
        .map_err(|e| E::Unreadable(e.to_string()))?;
    if !reduces(&v) {
        return Err(E::Unsupported(
            "only findings of class crash or time-limit are reduced in child processes".into(),
        ));
    }
    let class = if v.class == "crash" {
        Class::Crash
    } else {
        Class::TimeLimit
    };
    let solver: SolverId = v
        .blamed
        .ok_or_else(|| unreadable("no blamed solver".into()))?;
    let setup: CaseSetup = v.case_setup();
    let limits: Limits = v.limits.clone();
    let smt2 = json.with_extension("smt2");
    let text = std::fs::read_to_string(&smt2)
        .map_err(|e| E::Unreadable(format!("{}: {e}", smt2.display())))?;
    let parsed = crate::cases::smtlib::parse::parse_script(&text)
        .map_err(|e| E::Unreadable(format!("{}: {e}", smt2.display())))?;
    let versions = Harness::with_settings(Selection::Only(solver.library()), ".", settings)
        .map_err(|e| E::Unreadable(format!("the solvers do not start: {e}")))?
        .versions()
        .to_vec();
    let original_issue = Issue {
        class,
        blamed: Some(solver),
        summary: v.summary.clone(),
    };
    let mut runner = Runner::new(exe, &smt2, solver, limits.clone(), versions.clone());
    let original = Original {
        json,
        smt2: &smt2,
        class,
        solver,
        limits: &limits,
        versions: &versions,
    };
    let result = if v.is_script() {
        reduce_script(&mut runner, &original, &parsed.script, budget)
    } else {
        let deadline = start + budget;
        reduce_formula(
            &mut runner,
            &original,
            &parsed.formula,
            setup,
            &original_issue,
            (start, deadline),
        )
    };
    runner.clean();
    result
}

/// [`reduce_file`] of a finding on one formula `f` in `setup`: the setup made plainer, then
/// the formula reduced, each candidate judged in a child process, between `times`' start
/// and deadline.
fn reduce_formula(
    runner: &mut Runner,
    original: &Original,
    f: &Formula,
    setup: CaseSetup,
    original_issue: &Issue,
    (start, deadline): (Instant, Instant),
) -> Result<(crate::verdict::finding::Written, super::ReductionStats), super::ReduceFileError> {
    use super::ReduceFileError as E;
    let io = |e: std::io::Error| E::Unreadable(format!("cannot run a child: {e}"));
    let (smt2, json, class, solver, limits, versions) = (
        original.smt2,
        original.json,
        original.class,
        original.solver,
        original.limits,
        original.versions,
    );
    let first = runner.observe(f, setup, original_issue).map_err(io)?;
    if !first.is(class) {
        return Err(E::NotReproduced(format!(
            "{}: in a new process, with its setup and limits, {solver} {} (the finding was a {class}); it does not replay in a new process",
            smt2.display(),
            first.describe()
        )));
    }
    // The setup first: a handful of children, each of which can drop an option the key
    // would otherwise name, where the formula's steps can take the whole budget (and
    // a plainer setup often makes each of those children quicker).
    let (mut tests, mut kept) = (0, 0);
    let mut plain = setup;
    for plainer in super::reduction::plainer_setups(original_issue) {
        if Instant::now() >= deadline {
            break;
        }
        let candidate = plainer(plain);
        if candidate == plain {
            continue;
        }
        tests += 1;
        if runner
            .observe(f, candidate, original_issue)
            .is_ok_and(|s| s.same_as(&first))
        {
            kept += 1;
            plain = candidate;
        }
    }
    let reduced = crate::cases::reduce::reduce(
        f,
        &mut |g| {
            Instant::now() < deadline
                && runner
                    .observe(g, plain, original_issue)
                    .is_ok_and(|s| s.same_as(&first))
        },
        deadline.saturating_duration_since(Instant::now()),
    );
    let g = reduced.formula;
    tests += reduced.tests;
    kept += reduced.kept;
    // Once more, as what is written: the reduced form in its setup.
    let confirmed = runner.observe(&g, plain, original_issue).map_err(io)?;
    if !confirmed.same_as(&first) {
        return Err(E::NotReproduced(format!(
            "the reduced form ({} nodes) {} when run once more in a new process, not what the original did ({})",
            crate::cases::reduce::size(&g),
            confirmed.describe(),
            first.describe()
        )));
    }
    let issue = confirmed
        .issue(solver, limits)
        .expect("a crash or time-limit seen");
    let stats = super::ReductionStats {
        original_nodes: Some(crate::cases::reduce::size(f)),
        nodes: Some(crate::cases::reduce::size(&g)),
        original_assertions: f.asserts.len(),
        assertions: g.asserts.len(),
        tests,
        kept,
        seconds: start.elapsed().as_secs_f64(),
        exhausted: reduced.exhausted || Instant::now() >= deadline,
        already_minimal: crate::cases::reduce::size(&g) == crate::cases::reduce::size(f)
            && g.asserts.len() == f.asserts.len(),
        ..Default::default()
    };
    let mut written = crate::verdict::finding::Written {
        smt2: smt2.to_path_buf(),
        json: json.to_path_buf(),
        known: None,
        reduced: None,
        again: false,
    };
    let ctx = crate::verdict::finding::Context::new(&g, versions, limits, plain);
    let cannot = |e: std::io::Error| E::Unreadable(format!("cannot write the reduced form: {e}"));
    crate::verdict::finding::write_reduced(&mut written, &issue, &ctx, &stats).map_err(cannot)?;
    if let (Seen::Sanitized(report), Some(reduced)) = (&confirmed, &written.reduced) {
        crate::verdict::finding::attach_sanitizer_report(&written.json, reduced, report)
            .map_err(cannot)?;
    }
    // Known by the same evidence as other findings: a known reproducer of its shape,
    // replayed (here in a child) in this finding's setup, does the same.
    let known = crate::verdict::finding::known::matching(&issue, &g)
        .into_iter()
        .find(|(_, k, _)| {
            runner
                .observe(k, plain, &issue)
                .is_ok_and(|s| s.same_as(&first))
        })
        .map(|(k, _, _)| k);
    settle(&mut written, known, &ctx.version_of(solver)).map_err(cannot)?;
    Ok((written, stats))
}

/// The finding being reduced.
struct Original<'a> {
    json: &'a Path,
    smt2: &'a Path,
    class: Class,
    solver: SolverId,
    limits: &'a Limits,
    versions: &'a [(SolverId, String)],
}

/// [`reduce_file`] of an incremental script's finding: the script shrinks
/// ([`crate::cases::reduce::reduce_script`]) while a child running it does what the original did.
fn reduce_script(
    runner: &mut Runner,
    o: &Original,
    s: &crate::cases::script::Script,
    budget: Duration,
) -> Result<(crate::verdict::finding::Written, super::ReductionStats), super::ReduceFileError> {
    use super::ReduceFileError as E;
    let start = Instant::now();
    let deadline = start + budget;
    let io = |e: std::io::Error| E::Unreadable(format!("cannot run a child: {e}"));
    let first = runner.observe_script(s).map_err(io)?;
    if !first.is(o.class) {
        return Err(E::NotReproduced(format!(
            "{}: in a new process, with its limits, {} {} (the finding was a {}); it does not replay in a new process",
            o.smt2.display(),
            o.solver,
            first.describe(),
            o.class
        )));
    }
    let out = crate::cases::reduce::reduce_script(
        s,
        &mut |c| {
            Instant::now() < deadline && runner.observe_script(c).is_ok_and(|x| x.same_as(&first))
        },
        budget,
    );
    let g = out.script;
    let confirmed = runner.observe_script(&g).map_err(io)?;
    if !confirmed.same_as(&first) {
        return Err(E::NotReproduced(format!(
            "the reduced script ({} actions) {} when run once more in a new process, not what the original did ({})",
            g.actions.len(),
            confirmed.describe(),
            first.describe()
        )));
    }
    let issue = confirmed
        .issue(o.solver, o.limits)
        .expect("a crash or time-limit seen");
    let (before, after) = (s.shape(), g.shape());
    let stats = super::ReductionStats {
        original_nodes: Some(crate::cases::reduce::size(&before)),
        nodes: Some(crate::cases::reduce::size(&after)),
        original_actions: Some(s.actions.len()),
        actions: Some(g.actions.len()),
        original_assertions: before.asserts.len(),
        assertions: after.asserts.len(),
        tests: out.tests,
        kept: out.kept,
        seconds: start.elapsed().as_secs_f64(),
        exhausted: out.exhausted || Instant::now() >= deadline,
        already_minimal: g.actions.len() == s.actions.len()
            && crate::cases::reduce::size(&after) == crate::cases::reduce::size(&before),
        reducer: None,
    };
    let ran = vec![(o.solver, (0..g.actions.len()).collect::<Vec<usize>>())];
    let ctx = crate::verdict::finding::ScriptContext {
        script: &g,
        ran: &ran,
        step: g.actions.len().saturating_sub(1),
        answers: &[],
        versions: o.versions,
        limits: o.limits,
        input: None,
        stopped_at_limit: false,
    };
    let mut written = crate::verdict::finding::Written {
        smt2: o.smt2.to_path_buf(),
        json: o.json.to_path_buf(),
        known: None,
        reduced: None,
        again: false,
    };
    let cannot = |e: std::io::Error| E::Unreadable(format!("cannot write the reduced form: {e}"));
    let key = crate::verdict::finding::write_reduced_script(&mut written, &issue, &ctx, &stats)
        .map_err(cannot)?;
    let known = crate::verdict::finding::known::matching_scripts(&issue, &key)
        .into_iter()
        .find(|(_, k)| runner.observe_script(k).is_ok_and(|x| x.same_as(&first)))
        .map(|(k, _)| k);
    let version = o
        .versions
        .iter()
        .find(|(id, _)| *id == o.solver)
        .map(|(_, v)| v.clone())
        .unwrap_or_default();
    settle(&mut written, known, &version).map_err(cannot)?;
    Ok((written, stats))
}

/// Marks a reduced finding by the known bug whose reproducer did the same in a child, or
/// `new`.
fn settle(
    written: &mut crate::verdict::finding::Written,
    known: Option<&'static crate::verdict::finding::known::Known>,
    version: &str,
) -> std::io::Result<()> {
    match known {
        Some(k) => crate::verdict::finding::mark_by_replay(
            written,
            k,
            version,
            &format!(
                "known-findings/{} has this finding's shape, and its reproducer, run in a new process in this finding's setup with {{version}}, does the same",
                k.file
            ),
        ),
        None => crate::verdict::finding::mark_status(
            written,
            crate::verdict::finding::Status::New,
            "reduced in child processes; no known bug's reproducer of its shape does the same in a new process in its setup",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crash_message_is_the_solvers_first_lines_without_smtsmiths() {
        let stderr = "smtsmith: interrupting z3 in check after 3.00 s\nWARNING: auto config\n\
                      Fatal failure within void cvc5::internal::theory::ModelManager::postProcessModel(bool) at /project/src/theory/model_manager.cpp:149\n\
                      Check failure\n\n  d_modelBuiltSuccess\nmore\n";
        assert_eq!(
            crash_message(stderr),
            "Fatal failure within void cvc5::internal::theory::ModelManager::postProcessModel(bool) at /project/src/theory/model_manager.cpp:149 / Check failure / d_modelBuiltSuccess"
        );
        assert_eq!(crash_message("smtsmith: x\n"), "");
        // Two processes whose stacks overflowed say the same: nothing of the solver's.
        let overflow = |id: u32| {
            format!("\nthread 'main' ({id}) has overflowed its stack\nfatal runtime error: stack overflow, aborting\n")
        };
        assert_eq!(crash_message(&overflow(23538)), "");
        assert_eq!(crash_message(&overflow(23538)), crash_message(&overflow(7)));
        assert_eq!(crash_message("thread 'main' (x) y"), "thread 'main' (x) y");
    }

    #[test]
    fn a_crash_candidate_holds_only_with_the_same_signal_and_message() {
        let abort = |m: &str| Seen::Died {
            signal: 6,
            message: m.into(),
        };
        let original = abort("Check failure / d_modelBuiltSuccess");
        assert!(abort("Check failure / d_modelBuiltSuccess").same_as(&original));
        assert!(!abort("Check failure / other").same_as(&original));
        assert!(!Seen::Died {
            signal: 11,
            message: "Check failure / d_modelBuiltSuccess".into()
        }
        .same_as(&original));
        assert!(!Seen::Answered("cvc5:Sat".into()).same_as(&original));
        assert!(!Seen::Stuck { seconds: 5.0 }.same_as(&original));
        // A time-limit finding holds while the call is stuck or the child overran.
        let stuck = Seen::Stuck { seconds: 4.0 };
        assert!(Seen::Overran { seconds: 16.0 }.same_as(&stuck));
        assert!(!Seen::Answered("z3:Unknown (timeout)".into()).same_as(&stuck));
        assert!(!original.same_as(&stuck));
    }
}
