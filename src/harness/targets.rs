//! The fuzz targets' bodies: one [`Target`] per file of `fuzz/fuzz_targets/`, each decoding
//! its input, running it on this thread's harness and turning findings into the panic that
//! makes libFuzzer keep the input. `smtsmith run-target` runs the same bodies.

use super::seeded::{construct_case, witness_usable};
use super::{default_findings_dir, summary, watchdog, Harness, Selection};
use crate::finding::Written;
use crate::generate::Case;
use crate::oracle::Issue;
use crate::settings::Settings;
use crate::solver::SolverId;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    Optimize,
    Enumerate,
    Portfolio,
}

/// The `portfolio` target's members and their shares of its inputs, in sixteenths (the
/// input's first byte picks one, the rest is that member's input). Each member is the
/// target the reach audit names as the likeliest to make the most public bugs of the index
/// (docs/reach.md, "The portfolio"), `enumerate` (the only one of them with every ingredient
/// of the FloatingPoint public bugs) the largest share.
pub const PORTFOLIO: [(Target, u8); 8] = [
    (Target::Enumerate, 4),
    (Target::Script, 3),
    (Target::Janus, 2),
    (Target::Fusion, 2),
    (Target::GroundTerms, 2),
    (Target::StringsSat, 1),
    (Target::StringsUnsat, 1),
    (Target::Differential, 1),
];

/// The `portfolio` target's members and their shares (`SMTSMITH_PORTFOLIO`, e.g.
/// `differential:8,enumerate:8`; default [`PORTFOLIO`]): the input's first byte modulo the
/// shares' sum picks a member, so the shares add up to at most 256 and each is at least 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Portfolio(Vec<(Target, u8)>);

impl Portfolio {
    pub fn members(&self) -> &[(Target, u8)] {
        &self.0
    }
}

impl Default for Portfolio {
    fn default() -> Self {
        Portfolio(PORTFOLIO.to_vec())
    }
}

impl std::fmt::Display for Portfolio {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self
            .0
            .iter()
            .map(|(t, share)| format!("{}:{share}", t.name()))
            .collect();
        f.write_str(&parts.join(","))
    }
}

impl std::str::FromStr for Portfolio {
    type Err = String;
    fn from_str(s: &str) -> Result<Portfolio, String> {
        let mut members: Vec<(Target, u8)> = Vec::new();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, share) = part
                .split_once(':')
                .ok_or_else(|| format!("{part:?} is not TARGET:SHARE"))?;
            let target: Target = name.trim().parse()?;
            if target == Target::Portfolio {
                return Err("a portfolio cannot be its own member".into());
            }
            if members.iter().any(|(t, _)| *t == target) {
                return Err(format!("{} is named twice", target.name()));
            }
            let share: u8 = share
                .trim()
                .parse()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| format!("{part:?}: the share is a whole number, 1 to 255"))?;
            members.push((target, share));
        }
        if members.is_empty() {
            return Err("no member: expected TARGET:SHARE[,TARGET:SHARE...]".into());
        }
        let total: u32 = members.iter().map(|(_, share)| u32::from(*share)).sum();
        if total > 256 {
            return Err(format!(
                "the shares add up to {total}; one input byte picks the member, so at most 256"
            ));
        }
        Ok(Portfolio(members))
    }
}

impl Target {
    pub const ALL: [Target; 15] = [
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
        Target::Optimize,
        Target::Enumerate,
        Target::Portfolio,
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
            Target::Optimize => "optimize",
            Target::Enumerate => "enumerate",
            Target::Portfolio => "portfolio",
        }
    }

    /// The target that runs `data` and its input: a `portfolio` input's member, picked by
    /// its first byte among the members `SMTSMITH_PORTFOLIO` names (else [`PORTFOLIO`]),
    /// and the bytes after it; any other target, itself and `data`.
    pub fn resolve(self, data: &[u8]) -> (Target, &[u8]) {
        self.resolve_in(&settings().portfolio, data)
    }

    /// [`Target::resolve`] with the portfolio's members given.
    pub fn resolve_in<'a>(self, portfolio: &Portfolio, data: &'a [u8]) -> (Target, &'a [u8]) {
        if self != Target::Portfolio {
            return (self, data);
        }
        let members = portfolio.members();
        let total: u32 = members.iter().map(|(_, share)| u32::from(*share)).sum();
        let mut pick = u32::from(data.first().copied().unwrap_or(0)) % total;
        let rest = data.get(1..).unwrap_or(&[]);
        for (member, share) in members {
            if pick < u32::from(*share) {
                return (*member, rest);
            }
            pick -= u32::from(*share);
        }
        unreachable!("the pick is below the shares' sum")
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
        use crate::construct as c;
        let (this, data) = self.resolve(data);
        // Its findings name the target that made them (a portfolio's member): the input they
        // record is that target's.
        crate::finding::set_fuzz_target(this.name());
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
    /// An optimization case (`crate::optimize`): Z3's optimizer, judged exactly.
    Optimization,
    /// A small formula of an enumerated grammar (`generate::enumerate`), on every solver.
    Enumerated,
    /// One of [`PORTFOLIO`]'s targets, picked by the first byte ([`Target::resolve`]).
    Portfolio,
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
        let case = Case::from_bytes_in(data, &settings().theories);
        h.run_case(&case, Some(data)).findings
    })
}

/// The body of the `enumerate` target: the input picks a small grammar, a size and an
/// index, and the formula there runs on every solver through every oracle.
pub fn fuzz_enumerated(data: &[u8]) {
    let Some(e) = crate::generate::enumerate::Enumerated::from_bytes(data, &settings().theories)
    else {
        return;
    };
    fuzz_with(Selection::All, |h| {
        h.run(&e.formula, None, Some(data)).findings
    })
}

/// The body of the seed-mutation target: the input is an SMT-LIB script (a seed or a
/// mutant from [`crate::mutate`]); it is parsed and run through every oracle on both
/// solvers (an incremental script in lockstep, judged at every step). Text that does not parse stands for the formula generated from its bytes, as
/// in the custom mutator, so every input is a test.
pub fn fuzz_script(data: &[u8]) {
    fuzz_with(Selection::All, |h| match crate::mutate::seed_of(data) {
        crate::mutate::Seed::Formula(f) => h.run(&f, None, Some(data)).findings,
        crate::mutate::Seed::Script(s) => h.run_script(&s, Some(data)).findings,
    })
}

/// The body of the `script` target: an incremental script decoded from the input, run in
/// lockstep on every solver and judged at every step.
pub fn fuzz_incremental(data: &[u8]) {
    fuzz_with(Selection::All, |h| {
        let s = crate::script::Script::from_bytes_in(data, &settings().theories);
        h.run_script(&s, Some(data)).findings
    })
}

/// The body of the `optimize` target: an optimization case decoded from the input, given to
/// Z3's optimizer through its C API and its front end, each answer judged exactly.
pub fn fuzz_optimize(data: &[u8]) {
    let Some(case) =
        crate::optimize::OptCase::from_bytes(data, crate::solver::catalog::optimizer_drawable())
    else {
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
    build: fn(&mut arbitrary::Unstructured) -> arbitrary::Result<crate::construct::Constructed>,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_portfolio_is_read_from_its_members_and_shares() {
        let p: Portfolio = "differential:8, enumerate:8".parse().unwrap();
        assert_eq!(
            p.members(),
            &[(Target::Differential, 8), (Target::Enumerate, 8)]
        );
        assert_eq!(p.to_string(), "differential:8,enumerate:8");
        assert_eq!(
            Portfolio::default().to_string().parse::<Portfolio>(),
            Ok(Portfolio::default())
        );
        // Half the first bytes pick each member; the member reads the bytes after the first.
        let picks: Vec<Target> = (0..=255u8)
            .map(|b| Target::Portfolio.resolve_in(&p, &[b, 1]).0)
            .collect();
        let differential = picks.iter().filter(|t| **t == Target::Differential).count();
        assert_eq!(differential, 128);
        assert_eq!(
            Target::Portfolio.resolve_in(&p, &[8, 1]),
            (Target::Enumerate, &[1][..])
        );
        for (spec, says) in [
            ("differential", "not TARGET:SHARE"),
            ("differential:0", "1 to 255"),
            ("differential:1,differential:2", "named twice"),
            ("portfolio:1", "its own member"),
            ("fuzzy:1", "unknown fuzz target"),
            ("differential:200,enumerate:100", "at most 256"),
            (" , ", "no member"),
        ] {
            let e = spec.parse::<Portfolio>().unwrap_err();
            assert!(e.contains(says), "{spec}: {e}");
        }
    }

    /// Every first byte picks a member, each member as often as its share says, and the
    /// member reads the bytes after the first; any other target reads the input itself.
    #[test]
    fn a_portfolio_input_picks_its_member_by_the_first_byte() {
        let mut picked = std::collections::HashMap::new();
        for b in 0..=255u8 {
            let data = [b, 7, 9];
            let (member, rest) = Target::Portfolio.resolve_in(&Portfolio::default(), &data);
            assert_ne!(member, Target::Portfolio);
            assert_eq!(rest, &[7, 9]);
            *picked.entry(member).or_insert(0u32) += 1;
        }
        let total: u32 = PORTFOLIO.iter().map(|(_, s)| u32::from(*s)).sum();
        assert_eq!(total, 16);
        for (member, share) in PORTFOLIO {
            // 256 bytes over 16 sixteenths: 16 bytes per sixteenth.
            assert_eq!(picked[&member], 16 * u32::from(share), "{}", member.name());
        }
        assert_eq!(
            Target::Portfolio.resolve_in(&Portfolio::default(), &[]),
            (Target::Enumerate, &[][..])
        );
        assert_eq!(
            Target::Script.resolve(&[1, 2]),
            (Target::Script, &[1, 2][..])
        );
    }
}
