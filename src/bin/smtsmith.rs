//! The `smtsmith` command line: generate scripts, replay fuzzer inputs, summarize findings,
//! and run scripts through the linked solvers' own SMT-LIB front ends.

use clap::{Parser, Subcommand};
use smtsmith::generate::{seeded_bytes, Case, Theories};
use smtsmith::harness::{Harness, Selection};
use smtsmith::smtlib::{self, ScriptOptions};
use smtsmith::solver::{cvc5, z3};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "smtsmith",
    version,
    about = "In-process fuzzing harness for SMT solvers (Z3 and cvc5)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum BugsAction {
    /// Probe each Z3 bug's reproducer with the `z3` binary of every release the index says
    /// it affects (it must show the bug) and of its fix release (it must not), fetching the
    /// wheels into vendor/solvers/. One line per probe; exit status 0 when every probe
    /// agrees with the index, 1 otherwise.
    Verify {
        /// Only the bugs whose reproducer's file name contains this.
        #[arg(long)]
        only: Option<String>,
        /// Time limit of one probe, in seconds (a time-limit bug is one still running then).
        #[arg(long, default_value_t = 10)]
        timeout: u64,
        /// One JSON object per probe instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Read the trials `scripts/bug-bench.sh` ran under DIR: per cell (Z3 release, fuzz
    /// target), the bugs triggered per trial and each bug's time to trigger (median over
    /// the trials, a trial that never triggered it counting as never, and its spread).
    Results {
        dir: PathBuf,
        /// Also write the table as Markdown here (for docs/).
        #[arg(long)]
        markdown: Option<PathBuf>,
        /// Also write an HTML page with each cell's survival plot here.
        #[arg(long)]
        html: Option<PathBuf>,
        /// The cells as JSON instead of text.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
enum Command {
    /// Write generated formulas as SMT-LIB scripts.
    Gen {
        /// Number of scripts.
        #[arg(long, default_value_t = 10)]
        count: u64,
        /// First seed (script i uses seed S+i).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Output folder (created if missing).
        #[arg(long)]
        out: PathBuf,
        /// Bytes of pseudo-random input per script (more bytes, larger formulas).
        #[arg(long, default_value_t = 256)]
        bytes: usize,
        /// Theories the cases may use, comma-separated: ints, reals, bv, strings, arrays,
        /// uf, quantifiers, all (default: $SMTSMITH_THEORIES or all). A fuzzer input
        /// replays only under the theories it was found with.
        #[arg(long)]
        theories: Option<Theories>,
        /// Instead of seeded bytes, decode every file of this folder (a libFuzzer corpus);
        /// script `NAME.smt2` for input `NAME`. `--count`, `--seed`, `--bytes` are ignored.
        #[arg(long)]
        inputs: Option<PathBuf>,
        /// Write incremental scripts (the `script` target's cases: push/pop, assumptions,
        /// get-value, cores, solver options): `NAME.smt2` with Z3's options,
        /// `NAME.cvc5.smt2` with cvc5's.
        #[arg(long)]
        incremental: bool,
        /// Write a construction family's formulas (strings_sat, strings_unsat, regex,
        /// fusion, sae, janus), their verdict by construction in a comment and in
        /// `set-info :status`. fusion, sae and janus start the solvers to pick seeds.
        #[arg(long, conflicts_with = "incremental")]
        construct: Option<String>,
    },
    /// Decode a libFuzzer input (crash artifact or corpus entry), print its script, re-run the
    /// oracles; exits with status 1 if it still produces a finding.
    Replay {
        /// The input file.
        artifact: PathBuf,
        /// Which solvers to run: both, z3 or cvc5.
        #[arg(long, default_value = "both")]
        solver: Selection,
        /// Where findings are written (default: $SMTSMITH_FINDINGS or ./findings).
        #[arg(long)]
        findings: Option<PathBuf>,
        /// Ground-term mode (the `ground_terms` target): literals only; every closed term
        /// is simplified by both solvers and compared with the evaluator.
        #[arg(long)]
        ground: bool,
        /// The input is an SMT-LIB script (the `seed_mutation` target): parsed, not decoded,
        /// and run as that target runs it (its resource limits, every oracle).
        #[arg(long, conflicts_with = "ground")]
        script: bool,
        /// The input is one of a construction target's (`strings_sat`, `strings_unsat`, …):
        /// decoded by that family and judged against its claim.
        #[arg(long, conflicts_with_all = ["ground", "script"])]
        construct: Option<String>,
        /// The input is one of the `script` target's (an incremental script), or the
        /// `.json` of a script finding (its recorded input is replayed).
        #[arg(long, conflicts_with_all = ["ground", "script", "construct"])]
        incremental: bool,
        /// The fuzz target the input is from (differential, model_z3, …, seed_mutation):
        /// replayed as that target decodes and runs it (sets --solver, --ground, --script,
        /// --construct or --incremental accordingly).
        #[arg(long, conflicts_with_all = ["ground", "script", "construct", "incremental", "solver"])]
        target: Option<smtsmith::harness::Target>,
        /// Theories the cases may use, comma-separated: ints, reals, bv, strings, arrays,
        /// uf, quantifiers, all (default: $SMTSMITH_THEORIES or all). A fuzzer input
        /// replays only under the theories it was found with.
        #[arg(long)]
        theories: Option<Theories>,
    },
    /// Count the findings in a folder by class and print one reproducer per de-duplication key.
    Summary {
        /// The findings folder.
        #[arg(default_value = "findings")]
        dir: PathBuf,
    },
    /// Reduce written findings with the linked solvers (in-process, one run of the case per
    /// step): each FINDING.json (or every finding under a folder that has no reduced form
    /// yet) gets `<hash>.reduced.smt2` beside it and the reduced key in its JSON. Exit
    /// status 0: all reduced; 3: some did not make their finding again (another release
    /// linked, a finding that depended on the process) or are of a class not reduced from
    /// files; 2: unreadable input.
    Reduce {
        /// Findings' JSON files or findings folders.
        #[arg(required = true)]
        findings: Vec<PathBuf>,
        /// Time budget per finding, in seconds.
        #[arg(long, default_value_t = smtsmith::settings::REDUCE_SECONDS)]
        budget: u64,
        /// Reduce again findings that have a reduced form.
        #[arg(long)]
        again: bool,
    },
    /// Whether CANDIDATE (an SMT-LIB file) makes the same finding as FINDING.json (same
    /// class, blamed solver and path, normalized message for errors), run with the linked
    /// solvers in the setup the finding records: exit status 0 if it does, 1 if not, 2 on
    /// unreadable input. The interestingness test of external reducers (ddSMT).
    Judge {
        /// The finding's JSON.
        #[arg(long)]
        finding: PathBuf,
        /// The candidate SMT-LIB file.
        candidate: PathBuf,
    },
    /// Print the size of SMT-LIB files as reductions count it: term nodes reachable from the
    /// assertions, assertions, and the bytes of the formula as smtsmith prints it
    /// (declarations, logic, assertions, check-sat; tab-separated, one line per file).
    Size {
        /// SMT-LIB files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Bisect Z3 findings over the pinned releases (vendor/z3-solver.sha256): the reduced
    /// reproducer (the original where there is none) runs in each probed release's `z3`
    /// binary (its wheel fetched once into vendor/solvers/), judged against the finding's
    /// class; the first bad / last good releases before the finding's release and the last
    /// bad / first good after it are recorded in the JSON (`bisect`) and shown by `triage`.
    /// Exit status 0: all bisected; 3: some do not replay with their own release's binary
    /// or are not Z3's; 2: unreadable input.
    Bisect {
        /// Findings' JSON files or findings folders.
        #[arg(required = true)]
        findings: Vec<PathBuf>,
        /// Time limit of one replay, in seconds.
        #[arg(long, default_value_t = 60)]
        timeout: u64,
    },
    /// The bug benchmark: the known bugs of known-findings/index.json as the targets of
    /// time-to-bug trials (docs/usage.md, "The bug benchmark").
    Bugs {
        #[command(subcommand)]
        action: BugsAction,
    },
    /// Settle written findings by evidence gathered outside the process that made them: a
    /// `time-limit` finding runs again in the solver's own front end, a separate process
    /// with the solver's own time limit (`z3 -t:LIMIT`; cvc5's front end through `smtsmith
    /// solve`): where that overruns too, the solver ignores its time limit (both figures in
    /// the finding); where it stops in time, the finding becomes a `performance` finding
    /// with the ratio of the in-process time to the limit. One line per finding; exit
    /// status 0 (2: unreadable input).
    Settle {
        /// Findings' JSON files or findings folders.
        #[arg(required = true)]
        findings: Vec<PathBuf>,
    },
    /// Group the findings in a folder by de-duplication key (class, solver, logic and
    /// operators, normalized error message) and print a table: class × solver × logic,
    /// count, one representative reproducer per key. Optionally also as Markdown / JSON.
    Triage {
        /// The findings folder.
        #[arg(default_value = "findings")]
        dir: PathBuf,
        /// Write the table as Markdown here.
        #[arg(long)]
        markdown: Option<PathBuf>,
        /// Write the table as JSON here.
        #[arg(long)]
        json: Option<PathBuf>,
    },
    /// Run an SMT-LIB script with a linked solver's own front end (z3: the release's
    /// binary; cvc5: libcvc5parser, the front end of the cvc5 binary) and print its output.
    Solve {
        /// z3 or cvc5.
        #[arg(long)]
        solver: String,
        /// Time limit per check in milliseconds (0: none); a check that hits it prints unknown.
        #[arg(long, default_value_t = 60_000)]
        timeout_ms: u32,
        /// The SMT-LIB script.
        file: PathBuf,
    },
    /// Run generated cases from seeded random bytes (no coverage feedback; libFuzzer is the
    /// main driver, see README) and print verdict and finding counts.
    Run {
        #[command(flatten)]
        seeded: Seeded,
        /// Which solvers to run: both, z3 or cvc5.
        #[arg(long, default_value = "both")]
        solver: Selection,
        /// Where findings are written (default: $SMTSMITH_FINDINGS or ./findings).
        #[arg(long)]
        findings: Option<PathBuf>,
        /// Print the seed of every case on which a solver took longer than this (ms).
        #[arg(long)]
        slow_ms: Option<u64>,
        /// Ground-term mode (the `ground_terms` target): literals only; every closed term
        /// is simplified by both solvers and compared with the evaluator.
        #[arg(long)]
        ground: bool,
        /// Run a construction family's cases (`strings_sat`, `strings_unsat`, …) instead of
        /// generated formulas: each judged against its verdict by construction.
        #[arg(long, conflicts_with = "ground")]
        construct: Option<String>,
        /// Run incremental scripts (the `script` target: declare, assert, push/pop, checks
        /// with assumptions, get-value, cores, reset-assertions; solver options and
        /// self-checks from the swarm) in lockstep on both solvers.
        #[arg(long, conflicts_with_all = ["ground", "construct"])]
        incremental: bool,
        /// Theories the cases may use, comma-separated: ints, reals, bv, strings, arrays,
        /// uf, quantifiers, all (default: $SMTSMITH_THEORIES or all). A fuzzer input
        /// replays only under the theories it was found with.
        #[arg(long)]
        theories: Option<Theories>,
    },
    /// Where the time of the `differential` target's body goes, on a fixed corpus of
    /// seeded inputs, for each solver-reuse mode (a measurement, not a test); with
    /// `--target seed_mutation --inputs DIR`, that of `seed_mutation` on SMT-LIB inputs:
    /// time per part, verdicts and unknown reasons, decided checks by time taken, and time by
    /// each drawn part of the setup (limits: `SMTSMITH_EFFORT`).
    Bench {
        #[command(flatten)]
        seeded: Seeded,
        /// Theories the cases may use, comma-separated: ints, reals, bv, strings, arrays,
        /// uf, quantifiers, all (default: $SMTSMITH_THEORIES or all). A fuzzer input
        /// replays only under the theories it was found with.
        #[arg(long)]
        theories: Option<Theories>,
        /// Reuse modes to measure, comma-separated (fresh, solver, reset, scope; default all).
        #[arg(long, value_delimiter = ',')]
        reuse: Vec<smtsmith::solver::Reuse>,
        /// Measure each setup instead (reuse modes, Z3's solver constructors, the text paths,
        /// the drawn default): cases per second and each path's time.
        #[arg(long, conflicts_with = "reuse")]
        setups: bool,
        /// Inputs run before timing starts (first-call costs of the libraries).
        #[arg(long, default_value_t = 50)]
        warmup: u64,
        /// Use the files of this folder (a libFuzzer corpus) as the inputs, in name order,
        /// instead of seeded bytes (`--count`, `--seed`, `--bytes` are ignored).
        #[arg(long)]
        inputs: Option<PathBuf>,
        /// Write each case's time (ms, one line per input, in order) of the last mode here.
        #[arg(long)]
        per_case: Option<PathBuf>,
        /// The fuzz target whose body runs: differential (generated formulas) or
        /// seed_mutation (SMT-LIB inputs: give them with --inputs, e.g. a seed_mutation corpus).
        #[arg(long, default_value = "differential")]
        target: smtsmith::harness::Target,
    },
    /// Run real SMT-LIB scripts (files, or folders searched for `.smt2`) through every
    /// applicable oracle with both solvers: one line per file (verdicts, time, finding
    /// classes or ok), then a per-logic summary.
    #[command(after_help = CHECK_EXIT_CODES)]
    Check {
        /// SMT-LIB files, or folders searched recursively for `.smt2` files.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// A solver still in one check this many seconds after it began is killed with its
        /// worker process and reported as a `time-limit` finding.
        #[arg(long, default_value_t = 60)]
        hang_seconds: u64,
        /// One JSON object per file (JSON Lines), then one with the per-logic summary.
        #[arg(long)]
        json: bool,
        /// Which solvers to run: both, z3 or cvc5.
        #[arg(long, default_value = "both")]
        solver: Selection,
        /// Where findings are written (default: $SMTSMITH_FINDINGS or ./findings).
        #[arg(long)]
        findings: Option<PathBuf>,
        /// Time limit per solver and file in milliseconds (no resource limit besides it).
        #[arg(long, default_value_t = 5_000)]
        timeout_ms: u32,
        /// Also write the summary as Markdown to this file.
        #[arg(long)]
        markdown: Option<PathBuf>,
        /// Read SMT-LIB 2.6 as written only: no SMT-LIB 2.5 names, unary forms, `-5`
        /// numerals or operators outside the declared logic (read by default, each use
        /// noted under the file's line; docs/smtlib-input.md).
        #[arg(long)]
        strict: bool,
        /// How each file meets the solvers: `every` (the default) runs a script of one
        /// query through every path and setup that can disagree — each solver's C API inside
        /// `push` and on a fresh solver, Z3's general solver both ways, both front ends on
        /// smtsmith's printed form and on the file's own text — and reports each answer (a
        /// solver whose paths disagree is a `path-disagreement`); `drawn` draws one setup
        /// from the file's bytes, as a fuzz case draws one from its input.
        #[arg(long, default_value = "every")]
        setup: smtsmith::check::SetupMode,
    },
    /// Build the corpus of the `seed_mutation` fuzz target from SMT-LIB scripts (files, or
    /// folders searched for `.smt2`): every script that parses is written, as smtsmith
    /// prints it, to OUT (named by its content); the others are listed with the reason.
    SeedCorpus {
        /// SMT-LIB files, or folders searched recursively for `.smt2` files.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The corpus folder to write (created if missing), e.g. fuzz/corpus/seed_mutation.
        #[arg(long)]
        out: PathBuf,
        /// Skip scripts longer than this once printed (libFuzzer's -max_len).
        #[arg(long, default_value_t = 32_768)]
        max_len: usize,
    },
    /// Write a self-contained HTML report of a campaign: the findings grouped by
    /// de-duplication key, linking each representative reproducer, and plots of coverage and
    /// inputs per second over time from a libFuzzer log (scripts/campaign.sh keeps one).
    Report {
        /// The findings folder.
        #[arg(default_value = "findings")]
        dir: PathBuf,
        /// A libFuzzer log (its status lines are plotted).
        #[arg(long)]
        log: Option<PathBuf>,
        /// Where to write the page (default: DIR/report.html).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Run one input through a fuzz target's body exactly as the fuzz target does (its
    /// decoding, oracles, watchdog and findings), without libFuzzer or a nightly toolchain.
    /// Exit status: 0 no finding (or only known bugs), 1 a finding, 71 the watchdog ended
    /// a solver check that ran far past its time limit (finding written).
    RunTarget {
        /// The fuzz target: differential, model_z3, model_cvc5, ground_terms, strings_sat,
        /// strings_unsat, regex, fusion, sae, janus, script, seed_mutation.
        target: smtsmith::harness::Target,
        /// The input file (a libFuzzer corpus entry or artifact).
        input: PathBuf,
    },
    /// Print the linked solver versions.
    Versions,
    /// Internal (`check`'s worker process): checks the paths read from stdin, reports on
    /// stdout.
    #[command(hide = true)]
    CheckWorker {
        #[arg(long)]
        solver: Selection,
        #[arg(long)]
        findings: PathBuf,
        #[arg(long)]
        timeout_ms: u32,
        #[arg(long)]
        strict: bool,
        #[arg(long)]
        setup: smtsmith::check::SetupMode,
    },
}

/// `smtsmith check --help`: what the exit status says.
const CHECK_EXIT_CODES: &str = "\
Exit status:
  0  every file checked (or had no check-sat), no finding
  1  at least one finding (written under --findings)
  2  bad invocation: a path that does not exist, no .smt2 file found, unwritable output
  3  no finding, but some file is malformed (syntax or sort error, not text, unreadable)
  4  no finding, nothing malformed, but some file uses a construct smtsmith does not support";

/// A progress bar over `len` items on stderr (drawn only where stderr is a terminal, and
/// never with `hidden`: machine-readable output); lines printed through `suspend` stay
/// above it.
struct Progress(indicatif::ProgressBar);

impl Progress {
    fn new(len: u64, hidden: bool) -> Progress {
        if hidden {
            return Progress(indicatif::ProgressBar::hidden());
        }
        let bar = indicatif::ProgressBar::new(len);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:30} {pos}/{len} ({per_sec}), {elapsed} elapsed, about {eta} left",
            )
            .expect("a valid template"),
        );
        Progress(bar)
    }

    fn suspend(&self, f: impl FnOnce()) {
        self.0.suspend(f)
    }

    fn inc(&self) {
        self.0.inc(1)
    }

    fn set(&self, done: u64) {
        self.0.set_position(done)
    }

    fn finish(&self) {
        self.0.finish_and_clear()
    }
}

/// `smtsmith check`'s limits: the time limit alone (no resource limits), so that a file's
/// verdicts are those of the solvers' binaries with the same time limit.
fn check_limits(timeout_ms: u32) -> smtsmith::solver::Limits {
    smtsmith::solver::Limits {
        z3_rlimit: 0,
        cvc5_rlimit: 0,
        timeout_ms,
    }
}

/// Cases from seeded pseudo-random bytes: case i uses seed S+i.
#[derive(clap::Args)]
struct Seeded {
    /// Number of cases.
    #[arg(long, default_value_t = 1000)]
    count: u64,
    /// First seed (case i uses seed S+i): the same seed gives the same cases.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Bytes of input per case (more bytes, larger formulas).
    #[arg(long, default_value_t = 256)]
    bytes: usize,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match smtsmith::settings::Settings::from_env() {
        Ok(s) => {
            s.install();
            let _ = SETTINGS.set(s);
        }
        Err(e) => {
            eprintln!("smtsmith: {e}");
            return ExitCode::from(2);
        }
    }
    // The commands that run cases say how many answers a documented limitation gave.
    let runs_cases = matches!(cli.command, Command::Run { .. } | Command::Replay { .. });
    let code = match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("smtsmith: {e}");
            return ExitCode::from(2);
        }
    };
    if runs_cases {
        println!("{}", smtsmith::facts::limitation_summary());
    }
    code
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
    let mut stats = std::collections::BTreeMap::<String, u64>::new();
    let start = std::time::Instant::now();
    let mut solver_time = std::time::Duration::ZERO;
    let mut found = 0;
    let progress = Progress::new(count, false);
    for i in 0..count {
        progress.set(i);
        let input = seeded_bytes(seed.wrapping_add(i), bytes);
        let s = smtsmith::script::Script::from_bytes_in(&input, theories);
        *stats.entry("actions in the scripts".into()).or_default() += s.actions.len() as u64;
        let r = h.run_script(&s, Some(&input));
        solver_time += r.solver_time;
        if let Some(why) = &r.skipped {
            let why = why.split(':').take(3).collect::<Vec<_>>().join(":");
            *stats.entry(format!("skipped: {why}")).or_default() += 1;
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
                *stats.entry(format!("{id} {what}")).or_default() += 1;
            }
        }
        for (id, t) in &r.model_checks {
            *stats
                .entry(format!("{id} model {t:?}").chars().take(60).collect())
                .or_default() += 1;
        }
        for (issue, w) in &r.findings {
            found += 1;
            progress.suspend(|| {
                println!(
                    "[{}] seed {} {} -> {}",
                    issue.class,
                    seed.wrapping_add(i),
                    issue.summary,
                    w.smt2.display()
                )
            });
        }
    }
    progress.finish();
    let total = start.elapsed();
    for (k, v) in &stats {
        println!("{v:>8}  {k}");
    }
    println!(
        "{count} scripts in {:.1} s ({:.1}/s), {:.0}% of the time inside the solvers, {found} finding(s)",
        total.as_secs_f64(),
        count as f64 / total.as_secs_f64(),
        100.0 * solver_time.as_secs_f64() / total.as_secs_f64().max(1e-9)
    );
    Ok(if found > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
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
    for i in 0..count {
        progress.set(i);
        let input = seeded_bytes(seed.wrapping_add(i), bytes);
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

/// `smtsmith replay --ground`.
fn replay_ground(
    input: &[u8],
    theories: Option<Theories>,
    solver: Selection,
    dir: PathBuf,
) -> Result<ExitCode, String> {
    let case = Case::ground_from_bytes_in(input, &resolve(theories));
    print!(
        "{}",
        smtlib::script(&case.formula, &ScriptOptions::default())
    );
    let mut h = Harness::with_settings(solver, dir, settings()).map_err(|e| e.to_string())?;
    let r = h.run_ground(&case, Some(input));
    println!(
        "; {} closed terms, {} values agree, {} not simplified, {} unspecified",
        r.terms, r.agreed, r.unsimplified, r.unspecified
    );
    if r.findings.is_empty() {
        println!("; no finding");
        Ok(ExitCode::SUCCESS)
    } else {
        for l in r.summary().lines() {
            println!("; {l}");
        }
        Ok(ExitCode::from(1))
    }
}

/// Prints one `finding [...]` line per finding; returns how many.
fn print_findings(findings: &[(smtsmith::oracle::Issue, smtsmith::finding::Written)]) -> usize {
    for l in smtsmith::harness::summary(findings).lines() {
        println!("finding {l}");
    }
    findings.len()
}

/// `--theories`, else `SMTSMITH_THEORIES`, else all.
fn resolve(flag: Option<Theories>) -> Theories {
    flag.unwrap_or(settings().theories)
}

/// The `SMTSMITH_*` settings, read once in `main`.
static SETTINGS: std::sync::OnceLock<smtsmith::settings::Settings> = std::sync::OnceLock::new();

/// `smtsmith reduce`.
fn reduce_findings(
    paths: &[PathBuf],
    budget: std::time::Duration,
    again: bool,
) -> Result<ExitCode, String> {
    use smtsmith::harness::ReduceFileError;
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            files.extend(
                walk_json(p)
                    .map_err(|e| format!("{}: {e}", p.display()))?
                    .into_iter()
                    .filter(|j| again || !j.with_extension("reduced.smt2").exists()),
            );
        } else {
            files.push(p.clone());
        }
    }
    let (mut reduced, mut not) = (0, 0);
    if files.len() > 1 {
        // One process per finding: a solver that crashes on a candidate ends only that
        // finding's reduction (and, through the watchdog, leaves a crash finding).
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        for json in &files {
            let status = std::process::Command::new(&exe)
                .arg("reduce")
                .arg("--again")
                .arg("--budget")
                .arg(budget.as_secs().to_string())
                .arg(json)
                .status()
                .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
            use std::os::unix::process::ExitStatusExt;
            match (status.code(), status.signal()) {
                (Some(0), _) => reduced += 1,
                (Some(2), _) => return Err(format!("{}: unreadable", json.display())),
                (_, Some(sig)) => {
                    not += 1;
                    println!(
                        "{}: not reduced: the process ended by signal {sig} while reducing: a solver crashed on the candidate {} (a crash finding, if the process could write one, is under the findings folder)",
                        json.display(),
                        json.with_extension("candidate.smt2").display()
                    );
                }
                _ => not += 1,
            }
        }
        println!("{reduced} reduced, {not} not reduced");
        return Ok(if not > 0 {
            ExitCode::from(3)
        } else {
            ExitCode::SUCCESS
        });
    }
    // A crash inside a solver on a candidate is written as a crash finding.
    smtsmith::harness::watchdog::enable(std::time::Duration::from_secs(settings().hang_seconds));
    for json in &files {
        match smtsmith::harness::reduce_file(json, budget, settings()) {
            Ok((w, s)) => {
                reduced += 1;
                println!(
                    "{}: {} -> {} nodes, {} -> {} assertions, {} tests in {:.1} s{}\n  {}",
                    json.display(),
                    s.original_nodes,
                    s.nodes,
                    s.original_assertions,
                    s.assertions,
                    s.tests,
                    s.seconds,
                    if s.exhausted {
                        " (budget ended it)"
                    } else {
                        ""
                    },
                    w.reduced
                        .map(|p| p.display().to_string())
                        .unwrap_or_default()
                );
            }
            Err(e @ ReduceFileError::Unreadable(_)) => return Err(e.to_string()),
            Err(e) => {
                not += 1;
                println!("{}: not reduced: {e}", json.display());
            }
        }
    }
    println!("{reduced} reduced, {not} not reduced");
    Ok(if not > 0 {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    })
}

/// Every finding's JSON under `dir` (`<class>/<hash>.json`, `known/<class>/<hash>.json`).
fn walk_json(dir: &std::path::Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir)? {
        let p = e?.path();
        if p.is_dir() {
            out.extend(walk_json(&p)?);
        } else if p.extension().and_then(|e| e.to_str()) == Some("json") {
            out.push(p);
        }
    }
    out.sort();
    Ok(out)
}

fn settings() -> &'static smtsmith::settings::Settings {
    SETTINGS.get().expect("main reads the settings first")
}

/// The regular files of a folder, in name order.
fn corpus_files(dir: &PathBuf) -> Result<Vec<PathBuf>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    Ok(files)
}

fn read(path: &PathBuf) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    match cli.command {
        Command::Gen {
            count,
            seed,
            out,
            bytes,
            theories,
            inputs,
            incremental,
            construct,
        } => {
            let theories = resolve(theories);
            if let Some(name) = &construct {
                smtsmith::construct::family(name)?;
            }
            std::fs::create_dir_all(&out)
                .map_err(|e| format!("cannot create {}: {e}", out.display()))?;
            // (name, input, how it was made) of every case to write.
            let cases: Vec<(String, Vec<u8>, String)> = match &inputs {
                Some(dir) => corpus_files(dir)?
                    .iter()
                    .map(|path| {
                        let name = path.file_name().unwrap().to_string_lossy().into_owned();
                        let how = format!("--inputs {}: {name}", dir.display());
                        Ok((name, read(path)?, how))
                    })
                    .collect::<Result<_, String>>()?,
                None => (0..count)
                    .map(|i| {
                        let s = seed.wrapping_add(i);
                        (
                            format!("gen-{s}"),
                            seeded_bytes(s, bytes),
                            format!("--seed {s} --bytes {bytes}"),
                        )
                    })
                    .collect(),
            };
            let kind = if incremental {
                " --incremental".to_string()
            } else if let Some(name) = &construct {
                format!(" --construct {name}")
            } else {
                String::new()
            };
            let mut harness = None;
            let progress = Progress::new(cases.len() as u64, false);
            let (mut written, mut undecodable) = (0, 0);
            let write = |path: PathBuf, text: String| {
                std::fs::write(&path, text)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))
            };
            for (name, input, how) in &cases {
                progress.inc();
                let comment = format!("smtsmith gen{kind} {how} --theories {theories}");
                if incremental {
                    let s = smtsmith::script::Script::from_bytes_in(input, &theories);
                    let all: Vec<usize> = (0..s.actions.len()).collect();
                    for (solver, suffix) in [
                        (smtsmith::solver::SolverId::Z3, ""),
                        (smtsmith::solver::SolverId::Cvc5, ".cvc5"),
                    ] {
                        let print = smtsmith::smtlib::scripts::Print {
                            comments: vec![
                                comment.clone(),
                                format!("{solver}'s options; the fuzz target runs a query (get-value, get-unsat-core, get-unsat-assumptions) only after the answer it needs, this file has them all"),
                            ],
                            solver,
                            ran: &all,
                            // Read back by smtsmith (and the newer releases' binaries).
                            aliases: false,
                        };
                        write(
                            out.join(format!("{name}{suffix}.smt2")),
                            smtsmith::smtlib::scripts::print(&s, &print),
                        )?;
                    }
                } else if let Some(family) = &construct {
                    let h = match harness.as_mut() {
                        Some(h) => h,
                        None => harness.insert(
                            Harness::with_settings(
                                Selection::Both,
                                settings().findings_dir("findings"),
                                settings(),
                            )
                            .map_err(|e| e.to_string())?,
                        ),
                    };
                    let Ok(c) = smtsmith::harness::construct_case(h, family, input)? else {
                        undecodable += 1;
                        continue;
                    };
                    let text = smtlib::script(
                        &c.formula,
                        &ScriptOptions {
                            comments: vec![
                                comment,
                                format!("{} by construction: {}: {}", c.expected, c.family, c.rule),
                            ],
                            status: Some(c.expected),
                            ..Default::default()
                        },
                    );
                    write(out.join(format!("{name}.smt2")), text)?;
                } else {
                    let case = Case::from_bytes_in(input, &theories);
                    let text = smtlib::script(
                        &case.formula,
                        &ScriptOptions {
                            comments: vec![comment],
                            ..Default::default()
                        },
                    );
                    write(out.join(format!("{name}.smt2")), text)?;
                }
                written += 1;
            }
            progress.finish();
            println!("wrote {written} cases to {}", out.display());
            if undecodable > 0 {
                println!("{undecodable} input(s) do not decode to a {kind} case (too short or rejected by the family)", kind = construct.as_deref().unwrap_or(""));
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::CheckWorker {
            solver,
            findings,
            timeout_ms,
            strict,
            setup,
        } => {
            let mut h =
                Harness::with_settings(solver, &findings, settings()).map_err(|e| e.to_string())?;
            h.limits = check_limits(timeout_ms);
            let reading = if strict {
                smtlib::parse::Reading::Strict
            } else {
                smtlib::parse::Reading::Lenient
            };
            smtsmith::check::worker(&mut h, std::io::stdin().lock(), reading, setup)
                .map_err(|e| e.to_string())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Check {
            paths,
            hang_seconds,
            json,
            solver,
            findings,
            timeout_ms,
            markdown,
            strict,
            setup,
        } => {
            use smtsmith::check;
            let dir = findings.unwrap_or_else(|| settings().findings_dir("findings"));
            let files = check::collect_files(&paths).map_err(|e| e.to_string())?;
            if files.is_empty() {
                let named: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
                return Err(format!(
                    "no .smt2 file in {}: nothing to check",
                    named.join(", ")
                ));
            }
            let limits = check_limits(timeout_ms);
            let h = Harness::with_settings(solver, &dir, settings()).map_err(|e| e.to_string())?;
            let versions = h.versions().to_vec();
            drop(h);
            let exe = std::env::current_exe().map_err(|e| e.to_string())?;
            let selection = match solver {
                Selection::Both => "both".to_string(),
                Selection::Only(id) => id.to_string(),
            };
            let worker_dir = dir.clone();
            let settle_exe = exe.clone();
            let supervisor = check::Supervisor {
                worker: Box::new(move || {
                    let mut c = std::process::Command::new(&exe);
                    c.args(["check-worker", "--solver", &selection])
                        .arg("--timeout-ms")
                        .arg(timeout_ms.to_string())
                        .arg("--findings")
                        .arg(&worker_dir);
                    if strict {
                        c.arg("--strict");
                    }
                    c.arg("--setup").arg(setup.name());
                    c
                }),
                hang_after: std::time::Duration::from_secs(hang_seconds),
                reuse: settings().reuse,
                findings_dir: dir,
                versions,
                limits,
                exe: settle_exe,
            };
            let progress = Progress::new(files.len() as u64, json);
            let reports = supervisor
                .run(&files, |r| {
                    progress.suspend(|| {
                        if json {
                            println!("{}", serde_json::to_string(r).expect("reports serialize"));
                        } else {
                            println!("{}", r.line());
                        }
                    });
                    progress.inc();
                })
                .map_err(|e| e.to_string())?;
            progress.finish();
            let rows = check::summarize(&reports);
            let limited = reports.iter().filter(|r| !r.limitations.is_empty()).count();
            if json {
                let summary = serde_json::json!({ "summary": rows, "files_with_documented_limitations": limited });
                println!("{summary}");
            } else {
                println!("\n{}", check::table(&rows));
                println!("files answered in part by a documented limitation: {limited}");
            }
            if let Some(md) = markdown {
                std::fs::write(&md, check::markdown(&rows))
                    .map_err(|e| format!("cannot write {}: {e}", md.display()))?;
            }
            Ok(ExitCode::from(check::exit_status(&reports)))
        }
        Command::SeedCorpus {
            paths,
            out,
            max_len,
        } => {
            use sha2::{Digest, Sha256};
            let files = smtsmith::check::collect_files(&paths).map_err(|e| e.to_string())?;
            std::fs::create_dir_all(&out)
                .map_err(|e| format!("cannot create {}: {e}", out.display()))?;
            let (mut written, mut skipped) = (0, 0);
            let progress = Progress::new(files.len() as u64, false);
            for path in &files {
                progress.inc();
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                match smtlib::parse::parse_script(&text) {
                    Ok(s) if !s.check_sat => {
                        progress.suspend(|| {
                            println!("skipped {}: no check-sat (asks nothing)", path.display())
                        });
                        skipped += 1;
                    }
                    Ok(s) => {
                        let printed = smtsmith::mutate::seed_of_script(s).print();
                        if printed.len() > max_len {
                            progress.suspend(|| {
                                println!(
                                    "skipped {}: {} bytes printed",
                                    path.display(),
                                    printed.len()
                                )
                            });
                            skipped += 1;
                            continue;
                        }
                        let name =
                            smtsmith::finding::hex(&Sha256::digest(printed.as_bytes())[..10]);
                        let dest = out.join(name);
                        std::fs::write(&dest, printed)
                            .map_err(|e| format!("cannot write {}: {e}", dest.display()))?;
                        written += 1;
                    }
                    Err(e) => {
                        progress.suspend(|| println!("skipped {}: {e}", path.display()));
                        skipped += 1;
                    }
                }
            }
            progress.finish();
            println!(
                "wrote {written} seed scripts to {} ({skipped} skipped)",
                out.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Replay {
            artifact,
            solver,
            findings,
            theories,
            ground,
            script,
            construct,
            incremental,
            target,
        } => {
            use smtsmith::harness::Decoding;
            let (mut solver, mut ground, mut script, mut construct, mut incremental) =
                (solver, ground, script, construct, incremental);
            match target.map(smtsmith::harness::Target::decoding) {
                Some(Decoding::Generated(s)) => solver = s,
                Some(Decoding::Ground) => ground = true,
                Some(Decoding::Construction(name)) => construct = Some(name.to_string()),
                Some(Decoding::Incremental) => incremental = true,
                Some(Decoding::SmtLib) => script = true,
                None => {}
            }
            let mut input = read(&artifact)?;
            // A finding's metadata: replay the fuzzer input it records.
            let meta = (artifact.extension().and_then(|e| e.to_str()) == Some("json"))
                .then(|| serde_json::from_slice::<serde_json::Value>(&input).ok())
                .flatten();
            if let Some(meta) = &meta {
                let hex = meta["input_hex"]
                    .as_str()
                    .ok_or("this finding records no fuzzer input (replay its .smt2 with the solver binaries)")?;
                input = (0..hex.len() / 2)
                    .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16))
                    .collect::<Result<_, _>>()
                    .map_err(|e| format!("input_hex: {e}"))?;
            }
            let incremental = incremental
                || meta
                    .as_ref()
                    .is_some_and(|m| m["mode"].as_str() == Some("script"));
            // A `seed_mutation` input that is an incremental script runs as one.
            let seeded_script = match script.then(|| smtsmith::mutate::seed_of(&input)) {
                Some(smtsmith::mutate::Seed::Script(s)) => Some(s),
                _ => None,
            };
            if incremental || seeded_script.is_some() {
                let dir = findings.unwrap_or_else(|| settings().findings_dir("findings"));
                let mut h =
                    Harness::with_settings(solver, dir, settings()).map_err(|e| e.to_string())?;
                let s = match seeded_script {
                    Some(s) => s,
                    None => smtsmith::script::Script::from_bytes_in(&input, &resolve(theories)),
                };
                let all: Vec<usize> = (0..s.actions.len()).collect();
                print!(
                    "{}",
                    smtsmith::smtlib::scripts::print(
                        &s,
                        &smtsmith::smtlib::scripts::Print {
                            comments: vec!["the whole script (with Z3's options; queries run only after the answer they need)".into()],
                            solver: smtsmith::solver::SolverId::Z3,
                            ran: &all,
                            aliases: smtsmith::facts::reproducer_needs_aliases(
                                smtsmith::solver::SolverId::Z3,
                                h.versions(),
                            ),
                        }
                    )
                );
                let report = h.run_script(&s, Some(&input));
                for (n, step) in report.steps.iter().enumerate() {
                    for (id, r) in step {
                        if let Some(Ok(smtsmith::solver::Response::Check(o))) = r {
                            println!(
                                "; step {n}: {id}: {}{}",
                                o.verdict,
                                o.reason
                                    .as_ref()
                                    .map(|r| format!(" ({r})"))
                                    .unwrap_or_default()
                            );
                        }
                    }
                }
                if let Some(why) = &report.skipped {
                    println!("; skipped: {why}");
                }
                return Ok(if report.findings.is_empty() {
                    println!("; no finding");
                    ExitCode::SUCCESS
                } else {
                    for l in report.summary().lines() {
                        println!("; {l}");
                    }
                    ExitCode::from(1)
                });
            }
            let mut harness = None;
            let constructed = match &construct {
                Some(name) => {
                    let dir = findings
                        .clone()
                        .unwrap_or_else(|| settings().findings_dir("findings"));
                    let h = harness.insert(
                        Harness::with_settings(solver, dir, settings())
                            .map_err(|e| e.to_string())?,
                    );
                    Some(
                        smtsmith::harness::construct_case(h, name, &input)?
                            .map_err(|e| format!("{name} cannot decode this input: {e}"))?,
                    )
                }
                None => None,
            };
            if ground {
                let dir = findings.unwrap_or_else(|| settings().findings_dir("findings"));
                return replay_ground(&input, theories, solver, dir);
            }
            let case = if let Some(c) = &constructed {
                println!("; {} by construction: {}: {}", c.expected, c.family, c.rule);
                Case {
                    config: Default::default(),
                    formula: c.formula.clone(),
                }
            } else if script {
                Case {
                    config: Default::default(),
                    formula: smtsmith::mutate::formula_of(&input),
                }
            } else {
                Case::from_bytes_in(&input, &resolve(theories))
            };
            print!(
                "{}",
                smtlib::script(&case.formula, &ScriptOptions::default())
            );
            let mut h = match harness {
                Some(h) => h,
                None => {
                    let dir = findings.unwrap_or_else(|| settings().findings_dir("findings"));
                    Harness::with_settings(solver, dir, settings()).map_err(|e| e.to_string())?
                }
            };
            let report = if let Some(c) = &constructed {
                h.run_constructed(c, Some(&input))
            } else if script {
                h.run(&case.formula, None, Some(&input))
            } else {
                h.run_case(&case, Some(&input))
            };
            for (id, a) in &report.answers {
                match a {
                    Ok(o) => println!(
                        "; {id}: {}{}",
                        o.verdict,
                        o.reason
                            .as_ref()
                            .map(|r| format!(" ({r})"))
                            .unwrap_or_default()
                    ),
                    Err(e) => println!("; {id}: {e}"),
                }
            }
            for c in &report.model_checks {
                println!("; {} model: {:?}", c.solver, c.truth);
            }
            if report.findings.is_empty() {
                println!("; no finding");
                Ok(ExitCode::SUCCESS)
            } else {
                println!(
                    "{}",
                    report
                        .summary()
                        .lines()
                        .map(|l| format!("; {l}"))
                        .collect::<Vec<_>>()
                        .join("\n")
                );
                Ok(ExitCode::from(1))
            }
        }
        Command::Report { dir, log, out } => {
            let out = out.unwrap_or_else(|| dir.join("report.html"));
            let log = match &log {
                Some(p) => Some(String::from_utf8_lossy(&read(p)?).into_owned()),
                None => None,
            };
            let page_dir = out.parent().map(PathBuf::from).unwrap_or_default();
            let page = smtsmith::report::html(&dir, log.as_deref(), &page_dir)
                .map_err(|e| format!("{}: {e}", dir.display()))?;
            if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
                std::fs::create_dir_all(parent)
                    .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
            }
            std::fs::write(&out, page)
                .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
            println!("wrote {}", out.display());
            Ok(ExitCode::SUCCESS)
        }
        Command::RunTarget { target, input } => {
            let data = read(&input)?;
            // A finding panics (the fuzz target's way to make libFuzzer keep the input);
            // its text is already printed by the panic hook.
            match std::panic::catch_unwind(|| target.fuzz(&data)) {
                Ok(()) => {
                    println!("no finding");
                    Ok(ExitCode::SUCCESS)
                }
                Err(_) => Ok(ExitCode::from(1)),
            }
        }
        Command::Summary { dir } => {
            print!(
                "{}",
                smtsmith::finding::summary(&dir).map_err(|e| format!("{}: {e}", dir.display()))?
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Solve {
            solver,
            timeout_ms,
            file,
        } => {
            let text = String::from_utf8(read(&file)?)
                .map_err(|_| format!("{} is not UTF-8", file.display()))?;
            let out = match solver.as_str() {
                "z3" => z3::run_binary(&text, timeout_ms).map_err(|e| e.to_string())?,
                "cvc5" => cvc5::run_script(&text, timeout_ms).map_err(|e| e.to_string())?,
                other => return Err(format!("unknown solver {other:?} (expected z3 or cvc5)")),
            };
            print!("{out}");
            Ok(ExitCode::SUCCESS)
        }
        Command::Reduce {
            findings,
            budget,
            again,
        } => reduce_findings(&findings, std::time::Duration::from_secs(budget), again),
        Command::Judge { finding, candidate } => {
            let mut w = smtsmith::harness::WrittenFinding::open(&finding, settings())
                .map_err(|e| e.to_string())?;
            let text = String::from_utf8(read(&candidate)?)
                .map_err(|_| format!("{} is not UTF-8", candidate.display()))?;
            // A candidate smtsmith cannot read is not the finding (an external reducer
            // makes many).
            let same = smtsmith::harness::reproducer_formula(&text)
                .map(|f| w.holds_on(&f))
                .unwrap_or(false);
            Ok(if same {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Command::Size { files } => {
            for file in &files {
                let text = String::from_utf8(read(file)?)
                    .map_err(|_| format!("{} is not UTF-8", file.display()))?;
                let f = smtsmith::harness::reproducer_formula(&text)
                    .map_err(|e| format!("{}: {e}", file.display()))?;
                // Bytes of the formula as smtsmith prints it (declarations, logic,
                // assertions, check-sat): the same measure whatever else the file holds.
                let bytes = smtsmith::smtlib::script(&f, &Default::default()).len();
                println!(
                    "{}\t{}\t{}\t{bytes}",
                    file.display(),
                    smtsmith::reduce::size(&f),
                    f.asserts.len()
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Bugs { action } => bugs(action),
        Command::Bisect { findings, timeout } => {
            let store = solver_store();
            let mut files = Vec::new();
            for p in &findings {
                if p.is_dir() {
                    files.extend(walk_json(p).map_err(|e| format!("{}: {e}", p.display()))?);
                } else {
                    files.push(p.clone());
                }
            }
            let mut not = 0;
            for json in &files {
                match smtsmith::bisect::bisect_file(
                    json,
                    &store,
                    std::time::Duration::from_secs(timeout),
                ) {
                    Ok(b) => {
                        if b.first_bad.is_none() {
                            not += 1;
                        }
                        println!(
                            "{}: {} ({} probes)",
                            json.display(),
                            b.range(),
                            b.probes.len()
                        );
                    }
                    Err(e) => {
                        not += 1;
                        println!("{}: not bisected: {e}", json.display());
                    }
                }
            }
            Ok(if not > 0 {
                ExitCode::from(3)
            } else {
                ExitCode::SUCCESS
            })
        }
        Command::Settle { findings } => {
            let exe = std::env::current_exe().map_err(|e| e.to_string())?;
            let mut files = Vec::new();
            for p in &findings {
                if p.is_dir() {
                    files.extend(walk_json(p).map_err(|e| format!("{}: {e}", p.display()))?);
                } else if p.is_file() {
                    files.push(p.clone());
                } else {
                    return Err(format!("{}: no such file or folder", p.display()));
                }
            }
            // Time-limit findings not settled yet (a settled one records its front end's run).
            let unsettled = |j: &PathBuf| {
                std::fs::read_to_string(j)
                    .ok()
                    .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
                    .is_some_and(|v| v["class"] == "time-limit" && v["time_limit"].is_null())
            };
            for json in files.iter().filter(|j| unsettled(j)) {
                match smtsmith::settle::settle_time_limit(json, &exe) {
                    Ok(smtsmith::settle::TimeLimit::Ignored(r)) => println!(
                        "{}: ignores its time limit: its own front end too ({}: {} after {:.1} s)",
                        json.display(),
                        r.command,
                        r.answer,
                        r.seconds
                    ),
                    Ok(smtsmith::settle::TimeLimit::Performance(r, moved)) => println!(
                        "{}: performance: its own front end stops in time ({}: {} after {:.1} s) -> {}",
                        json.display(),
                        r.command,
                        r.answer,
                        r.seconds,
                        moved.display()
                    ),
                    Err(e) => println!("{}: not settled: {e}", json.display()),
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Triage {
            dir,
            markdown,
            json,
        } => {
            let t =
                smtsmith::finding::triage(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            print!("{}", t.text());
            if let Some(p) = markdown {
                std::fs::write(&p, t.markdown()).map_err(|e| format!("{}: {e}", p.display()))?;
            }
            if let Some(p) = json {
                std::fs::write(&p, serde_json::to_string_pretty(&t).unwrap())
                    .map_err(|e| format!("{}: {e}", p.display()))?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Run {
            seeded: Seeded { count, seed, bytes },
            solver,
            findings,
            slow_ms,
            theories,
            ground,
            construct,
            incremental,
        } => {
            if incremental {
                let theories = resolve(theories);
                let dir = findings.unwrap_or_else(|| settings().findings_dir("findings"));
                let mut h =
                    Harness::with_settings(solver, dir, settings()).map_err(|e| e.to_string())?;
                return run_incremental(&mut h, count, seed, bytes, &theories);
            }
            if let Some(name) = &construct {
                // The name is checked before any case runs.
                smtsmith::construct::family(name)?;
            }
            let theories = resolve(theories);
            let dir = findings.unwrap_or_else(|| settings().findings_dir("findings"));
            let mut h =
                Harness::with_settings(solver, dir, settings()).map_err(|e| e.to_string())?;
            if ground {
                return run_ground(&mut h, count, seed, bytes, &theories);
            }
            let mut stats = std::collections::BTreeMap::<String, u64>::new();
            let start = std::time::Instant::now();
            let mut solver_time = std::time::Duration::ZERO;
            let mut found = 0;
            let progress = Progress::new(count, false);
            for i in 0..count {
                progress.set(i);
                let input = seeded_bytes(seed.wrapping_add(i), bytes);
                let report = match &construct {
                    Some(name) => {
                        let Ok(c) = smtsmith::harness::construct_case(&mut h, name, &input)? else {
                            continue;
                        };
                        *stats.entry(format!("expected {}", c.expected)).or_default() += 1;
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
                                        *stats.entry(format!("{id} {what}")).or_default() += 1;
                                    }
                                }
                            }
                        }
                        r
                    }
                    None => h.run_case(&Case::from_bytes_in(&input, &theories), Some(&input)),
                };
                solver_time += report.solver_time;
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
                            progress.suspend(|| {
                                println!(
                                    "slow: seed {} {id} {v} {} ms",
                                    seed.wrapping_add(i),
                                    o.time.as_millis()
                                )
                            });
                        }
                    }
                    *stats.entry(format!("{id} {v}")).or_default() += 1;
                }
                for c in &report.model_checks {
                    let t = match &c.truth {
                        smtsmith::eval::Truth::True => "valid".to_string(),
                        smtsmith::eval::Truth::False(_) => "INVALID".to_string(),
                        // The reason without the constant's name, so that counts group.
                        smtsmith::eval::Truth::Unknown(_, why) => {
                            format!("unknown ({})", why.0.split(" for ").next().unwrap_or(""))
                        }
                    };
                    *stats.entry(format!("{} model {t}", c.solver)).or_default() += 1;
                }
                progress.suspend(|| found += print_findings(&report.findings));
            }
            progress.finish();
            let secs = start.elapsed().as_secs_f64();
            for (k, n) in &stats {
                println!("{n:>8}  {k}");
            }
            println!(
                "{count} cases in {secs:.1} s ({:.0}/s), {:.0}% of the time inside the solvers, {found} finding(s)",
                count as f64 / secs,
                100.0 * solver_time.as_secs_f64() / secs
            );
            Ok(if found > 0 {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
        Command::Bench {
            seeded: Seeded { count, seed, bytes },
            theories,
            reuse,
            setups,
            warmup,
            inputs,
            per_case,
            target,
        } => {
            let theories = resolve(theories);
            if !smtsmith::bench::PROFILED.contains(&target) {
                return Err(format!(
                    "bench profiles differential and seed_mutation, not {}",
                    target.name()
                ));
            }
            if target == smtsmith::harness::Target::SeedMutation && inputs.is_none() {
                return Err(
                    "--target seed_mutation runs SMT-LIB inputs: give them with --inputs DIR"
                        .into(),
                );
            }
            let modes = if reuse.is_empty() {
                smtsmith::solver::Reuse::ALL.to_vec()
            } else {
                reuse
            };
            let (inputs, what) = match &inputs {
                Some(dir) => (
                    corpus_files(dir)?
                        .iter()
                        .map(read)
                        .collect::<Result<Vec<_>, _>>()?,
                    format!("the files of {}", dir.display()),
                ),
                None => (
                    smtsmith::bench::corpus(seed, count, bytes),
                    format!("{count} inputs of {bytes} bytes from seed {seed}"),
                ),
            };
            let warm = smtsmith::bench::corpus(seed.wrapping_add(1 << 32), warmup, 64);
            let dir = std::env::temp_dir().join(format!("smtsmith-bench-{}", std::process::id()));
            println!(
                "{what}, theories {theories}; findings (if any) in {}",
                dir.display()
            );
            // Warmed up on generated cases (the libraries' first-call costs), then timed.
            let measure = |mut h: Harness| {
                use smtsmith::bench::profile;
                use smtsmith::harness::Target;
                h.limits = settings().limits.clone();
                profile(&mut h, &warm, &theories, Target::Differential);
                profile(&mut h, &inputs, &theories, target)
            };
            if setups {
                for (name, setup) in smtsmith::bench::setups() {
                    let p = measure(smtsmith::bench::harness_for(setup, &dir));
                    println!("setup {name}: {} finding(s)", p.findings);
                    print!("{}", p.table());
                }
                return Ok(ExitCode::SUCCESS);
            }
            for mode in modes {
                let p = measure(smtsmith::bench::harness(mode, &dir));
                println!("reuse {mode}: {} finding(s)", p.findings);
                print!("{}", p.table());
                if let Some(path) = &per_case {
                    let text: String = p
                        .per_case
                        .iter()
                        .map(|d| format!("{:.3}\n", d.as_secs_f64() * 1e3))
                        .collect();
                    std::fs::write(path, text)
                        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Versions => {
            let h = Harness::with_settings(Selection::Both, "findings", settings())
                .map_err(|e| e.to_string())?;
            for (id, v) in h.versions() {
                println!("{id} {v}");
            }
            println!(
                "z3 binary: {}",
                z3::binary()
                    .map(|p| p.display().to_string())
                    .unwrap_or_else(|| "none".into())
            );
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Where release wheels are fetched to: the checkout's `vendor/solvers/` (the working
/// directory's where the binary was built elsewhere).
fn solver_store() -> PathBuf {
    let store = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("vendor/solvers");
    if store.parent().is_some_and(|p| p.is_dir()) {
        store
    } else {
        PathBuf::from("vendor/solvers")
    }
}

/// `smtsmith bugs`.
fn bugs(action: BugsAction) -> Result<ExitCode, String> {
    use smtsmith::bugbench;
    match action {
        BugsAction::Verify {
            only,
            timeout,
            json,
        } => {
            let rows = bugbench::verify(
                &solver_store(),
                std::time::Duration::from_secs(timeout),
                only.as_deref(),
            )?;
            for r in &rows {
                if json {
                    println!("{}", serde_json::to_string(r).unwrap());
                } else {
                    println!(
                        "{} {:<10} {:<9} {:<50} {:?}",
                        if r.ok { "ok " } else { "BAD" },
                        r.release,
                        format!("{:?}", r.role).to_lowercase(),
                        r.file,
                        r.probe
                    );
                }
            }
            let bad = rows.iter().filter(|r| !r.ok).count();
            eprintln!(
                "{} probes of {} bugs: {} agree with the index, {bad} do not",
                rows.len(),
                rows.iter()
                    .map(|r| r.file.as_str())
                    .collect::<std::collections::BTreeSet<_>>()
                    .len(),
                rows.len() - bad
            );
            Ok(if bad == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        BugsAction::Results {
            dir,
            markdown,
            html,
            json,
        } => {
            let trials = bugbench::results(&dir)?;
            let cells = bugbench::cells(&trials);
            if json {
                println!("{}", serde_json::to_string_pretty(&cells).unwrap());
            } else {
                print!("{}", bugbench::table(&cells));
            }
            if let Some(md) = markdown {
                std::fs::write(&md, bugbench::table(&cells))
                    .map_err(|e| format!("{}: {e}", md.display()))?;
            }
            if let Some(out) = html {
                std::fs::write(&out, bugbench::html(&cells))
                    .map_err(|e| format!("{}: {e}", out.display()))?;
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// Every visible argument of every subcommand says what it is for.
    #[test]
    fn every_argument_has_a_description() {
        let cli = Cli::command();
        let mut checked = 0;
        for sub in cli.get_subcommands().filter(|s| !s.is_hide_set()) {
            assert!(
                sub.get_about().is_some(),
                "{} has no description",
                sub.get_name()
            );
            for arg in sub.get_arguments().filter(|a| !a.is_hide_set()) {
                let id = arg.get_id().as_str();
                if id == "help" || id == "version" {
                    continue;
                }
                assert!(
                    arg.get_help().is_some(),
                    "smtsmith {} --{id} has no description",
                    sub.get_name()
                );
                checked += 1;
            }
        }
        assert!(checked > 40, "{checked}");
        cli.debug_assert();
    }
}
