//! The fuzz targets' bodies: one [`Target`] per file of `fuzz/fuzz_targets/`, each decoding
//! its input, running it on this thread's harness and turning findings into the panic that
//! makes libFuzzer keep the input. `smtsmith run-target` runs the same bodies.

use super::seeded::{construct_case, witness_usable};
use super::{default_findings_dir, summary, watchdog, Harness, Selection};
use crate::harness::settings::Settings;
use crate::harness::target::Target;
use crate::lang::generate::Case;
use crate::solver::SolverId;
use crate::verdict::finding::Written;
use crate::verdict::oracle::Issue;

thread_local! {
    /// Leaked on purpose: never dropped at thread exit. At process exit the C++ runtime
    /// destroys cvc5's thread-local error state before Rust's thread-local destructors run;
    /// deleting a cvc5 solver after that writes to the freed string (valgrind: invalid
    /// write in `cvc5_capi_reset_error` from `cvc5_delete`) and corrupted the heap, so that
    /// fuzzing processes died at exit ("corrupted double-linked list" in the term manager's
    /// destructor). The process's memory goes back to the system anyway.
    static HARNESSES: std::cell::RefCell<Vec<(Selection, &'static mut Harness)>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Target {
    /// The target that runs `data` and its input: a `portfolio` input's member, picked by
    /// its first byte among the members `SMTSMITH_PORTFOLIO` names (else [`PORTFOLIO`]),
    /// and the bytes after it; any other target, itself and `data`.
    pub fn resolve(self, data: &[u8]) -> (Target, &[u8]) {
        self.resolve_in(&settings().portfolio, data)
    }

    /// How the target reads its input and on which solvers: what its body runs and what
    /// `smtsmith replay --target` replays.
    pub fn decoding(self) -> Decoding {
        match self {
            Target::Differential => Decoding::Generated(Selection::All),
            Target::ModelZ3 => Decoding::Generated(Selection::Only(SolverId::Z3)),
            Target::ModelCvc5 => Decoding::Generated(Selection::Only(SolverId::Cvc5)),
            Target::GroundTerms => Decoding::Ground,
            Target::StringsSat
            | Target::StringsUnsat
            | Target::Regex
            | Target::Fusion
            | Target::Sae
            | Target::Janus => Decoding::Construction(self.name()),
            Target::Script => Decoding::Incremental,
            Target::SeedMutation => Decoding::SmtLib,
            Target::Optimize => Decoding::Optimization,
            Target::Enumerate => Decoding::Enumerated,
            Target::Portfolio => Decoding::Portfolio,
        }
    }

    /// The target's body on one input: decode, run, judge, write findings; panics on a
    /// finding that is not a known bug (so libFuzzer saves the input).
    pub fn fuzz(self, data: &[u8]) {
        use crate::verdict::construct as c;
        let (this, data) = self.resolve(data);
        // Its findings name the target that made them (a portfolio's member): the input they
        // record is that target's.
        crate::verdict::finding::set_fuzz_target(this.name());
        super::status::count_input(this);
        match (this, this.decoding()) {
            (_, Decoding::Generated(selection)) => fuzz_one(selection, data),
            (_, Decoding::Ground) => fuzz_ground(data),
            (_, Decoding::Incremental) => fuzz_incremental(data),
            (_, Decoding::SmtLib) => fuzz_script(data),
            (_, Decoding::Optimization) => fuzz_optimize(data),
            (_, Decoding::Enumerated) => fuzz_enumerated(data),
            (_, Decoding::Portfolio) => unreachable!("resolved to a member above"),
            // The families that need no solver to build a case decode before any starts.
            (Target::StringsSat, _) => fuzz_constructed(data, c::strings_sat::build),
            (Target::StringsUnsat, _) => fuzz_constructed(data, c::strings_unsat::build),
            (Target::Regex, _) => fuzz_constructed(data, c::regex::build),
            (_, Decoding::Construction(name)) => fuzz_named(name, data),
        }
    }
}

/// How a fuzz target reads its input ([`Target::decoding`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoding {
    /// A generated formula (`generate`), run on these solvers.
    Generated(Selection),
    /// A ground case: closed terms simplified by the solvers.
    Ground,
    /// A construction family's case (`construct`), judged against its claim.
    Construction(&'static str),
    /// An incremental script (`script`), run in lockstep.
    Incremental,
    /// SMT-LIB text (the `seed_mutation` target), parsed.
    SmtLib,
    /// An optimization case (`crate::cases::optimize`): Z3's optimizer, judged exactly.
    Optimization,
    /// A small formula of an enumerated grammar (`generate::enumerate`), on every solver.
    Enumerated,
    /// One of [`PORTFOLIO`]'s targets, picked by the first byte ([`Target::resolve`]).
    Portfolio,
}

/// The body of every generative fuzz target: decode, run, judge, write findings; then
/// panic (so libFuzzer saves the input) if there was any. Solvers are created once per
/// thread and reused.
pub fn fuzz_one(selection: Selection, data: &[u8]) {
    fuzz_with(selection, |h| {
        let case = Case::from_bytes_in(data, &settings().theories);
        h.run_case(&case, Some(data)).findings
    })
}

/// The body of the `enumerate` target: the input picks a small grammar, a size and an
/// index, and the formula there runs on every solver through every oracle.
pub fn fuzz_enumerated(data: &[u8]) {
    let Some(e) =
        crate::lang::generate::enumerate::Enumerated::from_bytes(data, &settings().theories)
    else {
        return;
    };
    fuzz_with(Selection::All, |h| {
        h.run(&e.formula, None, Some(data)).findings
    })
}

/// The body of the seed-mutation target: the input is an SMT-LIB script (a seed or a
/// mutant from [`crate::cases::mutate`]); it is parsed and run through every oracle on both
/// solvers (an incremental script in lockstep, judged at every step). Text that does not parse stands for the formula generated from its bytes, as
/// in the custom mutator, so every input is a test.
pub fn fuzz_script(data: &[u8]) {
    fuzz_with(Selection::All, |h| {
        match crate::cases::mutate::seed_of(data) {
            crate::cases::mutate::Seed::Formula(f) => h.run(&f, None, Some(data)).findings,
            crate::cases::mutate::Seed::Script(s) => h.run_script(&s, Some(data)).findings,
        }
    })
}

/// The body of the `script` target: an incremental script decoded from the input, run in
/// lockstep on every solver and judged at every step.
pub fn fuzz_incremental(data: &[u8]) {
    fuzz_with(Selection::All, |h| {
        let s = crate::cases::script::Script::from_bytes_in(data, &settings().theories);
        h.run_script(&s, Some(data)).findings
    })
}

/// The body of the `optimize` target: an optimization case decoded from the input, given to
/// Z3's optimizer through its C API and its front end, each answer judged exactly.
pub fn fuzz_optimize(data: &[u8]) {
    let Some(case) = crate::cases::optimize::OptCase::from_bytes(
        data,
        crate::solver::catalog::optimizer_drawable(),
    ) else {
        return;
    };
    fuzz_with(Selection::All, |h| {
        super::optimize::run_case(h, &case, Some(data))
    })
}

/// The body of the construction targets: `build` decodes a formula of known verdict from
/// the input; a case whose claim the evaluator does not confirm is skipped (unknown) or is
/// a bug of the construction (false: panics with the formula).
pub fn fuzz_constructed(
    data: &[u8],
    build: fn(
        &mut arbitrary::Unstructured,
    ) -> arbitrary::Result<crate::verdict::construct::Constructed>,
) {
    let Ok(c) = build(&mut arbitrary::Unstructured::new(data)) else {
        return;
    };
    if !witness_usable(&c) {
        return;
    }
    fuzz_with(Selection::All, |h| {
        h.run_constructed(&c, Some(data)).findings
    })
}

/// The body of the construction targets that may run the solvers while building a case
/// (`fusion`, `sae`: generated seeds): [`construct_case`], judged like the others.
pub fn fuzz_named(name: &str, data: &[u8]) {
    fuzz_with(Selection::All, |h| {
        let Ok(Ok(c)) = construct_case(h, name, data) else {
            return Vec::new();
        };
        if !witness_usable(&c) {
            return Vec::new();
        }
        h.run_constructed(&c, Some(data)).findings
    })
}

/// The body of the ground-term target: a ground case, simplified by every solver and
/// evaluated by ours; panics on any finding.
pub fn fuzz_ground(data: &[u8]) {
    fuzz_with(Selection::All, |h| {
        let case = Case::ground_from_bytes_in(data, &settings().theories);
        h.run_ground(&case, Some(data)).findings
    })
}

/// The settings of this fuzzing process: the `SMTSMITH_*` variables, read at its first input
/// (a malformed one stops it with the reason), the constructions' share handed down.
pub fn settings() -> &'static Settings {
    static SETTINGS: std::sync::OnceLock<Settings> = std::sync::OnceLock::new();
    SETTINGS.get_or_init(|| {
        let s = Settings::from_env().unwrap_or_else(|e| panic!("smtsmith: {e}"));
        s.install();
        s
    })
}

/// Runs `body` with this thread's harness for `selection`; findings it returns panic (so
/// libFuzzer saves the input), except known bugs (`known-findings/`) and classes named in
/// `SMTSMITH_QUIET_CLASSES`: those are written to disk and the fuzzer goes on.
fn fuzz_with(selection: Selection, body: impl FnOnce(&mut Harness) -> Vec<(Issue, Written)>) {
    let settings = settings();
    watchdog::enable(std::time::Duration::from_secs(settings.hang_seconds));
    if let Some(path) = &settings.status_file {
        super::status::write_to(path);
    }
    let findings = HARNESSES.with(|hs| {
        let mut hs = hs.borrow_mut();
        if !hs.iter().any(|(s, _)| *s == selection) {
            let dir = settings.findings_dir(default_findings_dir());
            let h = Harness::with_settings(selection, dir, settings)
                .unwrap_or_else(|e| panic!("cannot start the solvers: {e}"));
            hs.push((selection, Box::leak(Box::new(h))));
        }
        let (_, h) = hs.iter_mut().find(|(s, _)| *s == selection).unwrap();
        let h: &mut Harness = h;
        body(h)
    });
    // E.g. `performance,incompleteness` for a smoke run that must only fail on soundness
    // findings.
    let stops = |(issue, written): &&(Issue, Written)| {
        written.known.is_none() && !settings.quiet_classes.contains(&issue.class)
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
