//! How one case meets the solvers: the reuse mode, the constructor of Z3's solver, whether
//! the printed case also runs through the solvers' SMT-LIB front ends, and how it is
//! printed. Drawn per case from a hash of the fuzzer input (the swarm: the same input
//! replays with the same setup, and its decoding is untouched) and recorded in findings.

use super::{Reuse, SolverId};
use crate::cases::smtlib::{PrintStyle, Shape};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which of Z3's constructors makes the solver of a one-shot check (API path).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Z3Solver {
    /// `Z3_mk_solver_for_logic` (the logic's tactic first, as the binary with `set-logic`).
    #[default]
    ForLogic,
    /// `Z3_mk_solver`: the general combined solver.
    General,
    /// `Z3_mk_simple_solver`: the SMT core without preprocessing tactics (the binary's
    /// `(check-sat-using smt)`).
    Simple,
    /// `Z3_mk_solver_from_tactic` over tactic `k` of the formula's logic
    /// ([`crate::dialect::facts::z3_tactic`]; the binary's `(check-sat-using TACTIC)`).
    Tactic(u8),
}

impl fmt::Display for Z3Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Z3Solver::ForLogic => f.write_str("for-logic"),
            Z3Solver::General => f.write_str("general"),
            Z3Solver::Simple => f.write_str("simple"),
            Z3Solver::Tactic(k) => write!(f, "tactic-{k}"),
        }
    }
}

impl Z3Solver {
    /// The tactic the z3 binary applies to reproduce a check of this solver on a formula of
    /// `logic` (`None`: a plain `check-sat`).
    pub fn check_sat_using(self, logic: &str) -> Option<String> {
        match self {
            Z3Solver::ForLogic | Z3Solver::General => None,
            Z3Solver::Simple => Some("smt".into()),
            Z3Solver::Tactic(k) => Some(crate::dialect::facts::z3_tactic(logic, k).to_string()),
        }
    }
}

/// Whether a case's printed form also runs through the solvers' SMT-LIB front ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Paths {
    /// The C APIs only.
    Api,
    /// The C APIs and the front ends, on every case.
    Both,
    /// Per case, drawn: the front ends run on [`CaseSetup::TEXT_SHARE`] of the cases.
    Drawn,
}

impl std::str::FromStr for Paths {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "api" => Ok(Paths::Api),
            "both" => Ok(Paths::Both),
            "drawn" => Ok(Paths::Drawn),
            _ => Err(format!("unknown paths {s:?} (api, both or drawn)")),
        }
    }
}

/// How one case meets the solvers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "CaseSetupRecord")]
pub struct CaseSetup {
    pub reuse: Reuse,
    pub z3_solver: Z3Solver,
    /// The printed case also runs through `z3-text` and `cvc5-text`.
    pub text: bool,
    /// How the text paths and the reproducer print the case.
    pub print: PrintStyle,
    /// The curated option each solver's solvers are set for the case's check, if any.
    pub options: CaseOptions,
}

/// A curated option per solver: option `k` ([`crate::dialect::options::nth`]) of its profile's
/// table, by solver (both paths of a solver share it). Recorded as `{"z3": k, ...}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CaseOptions([Option<u16>; SolverId::ALL.len()]);

impl CaseOptions {
    fn slot(id: SolverId) -> usize {
        SolverId::ALL
            .iter()
            .position(|s| *s == id.library())
            .expect("every library is in ALL")
    }

    /// `id`'s option number, if any.
    pub fn of(&self, id: SolverId) -> Option<u16> {
        self.0[Self::slot(id)]
    }

    /// No solver has an option.
    pub const EMPTY: CaseOptions = CaseOptions([None; SolverId::ALL.len()]);

    /// `self` with `id`'s option set to `k`.
    pub fn with(mut self, id: SolverId, k: Option<u16>) -> CaseOptions {
        self.0[Self::slot(id)] = k;
        self
    }

    /// Whether no solver has an option.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(Option::is_none)
    }
}

impl Serialize for CaseOptions {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let map: std::collections::BTreeMap<SolverId, u16> = SolverId::ALL
            .into_iter()
            .filter_map(|id| self.of(id).map(|k| (id, k)))
            .collect();
        map.serialize(s)
    }
}

impl<'de> Deserialize<'de> for CaseOptions {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map = std::collections::BTreeMap::<SolverId, u16>::deserialize(d)?;
        Ok(map
            .into_iter()
            .fold(CaseOptions::default(), |o, (id, k)| o.with(id, Some(k))))
    }
}

/// [`CaseSetup`] as findings record it: this shape, or that of findings written before the
/// profiles (`z3_option`, `cvc5_option`), which still read.
#[derive(Deserialize)]
struct CaseSetupRecord {
    reuse: Reuse,
    z3_solver: Z3Solver,
    text: bool,
    print: PrintStyle,
    #[serde(default)]
    options: CaseOptions,
    #[serde(default)]
    z3_option: Option<u16>,
    #[serde(default)]
    cvc5_option: Option<u16>,
}

impl From<CaseSetupRecord> for CaseSetup {
    fn from(r: CaseSetupRecord) -> CaseSetup {
        let mut options = r.options;
        for (id, old) in [(SolverId::Z3, r.z3_option), (SolverId::Cvc5, r.cvc5_option)] {
            if old.is_some() {
                options = options.with(id, old);
            }
        }
        CaseSetup {
            reuse: r.reuse,
            z3_solver: r.z3_solver,
            text: r.text,
            print: r.print,
            options,
        }
    }
}

impl Default for Reuse {
    fn default() -> Self {
        Reuse::DEFAULT
    }
}

/// A stream of draws from one input's hash (FNV-1a, then SplitMix64 steps).
struct Draws(u64);

impl Draws {
    fn of(input: &[u8]) -> Self {
        Draws(input.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3)
        }))
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// One of `n`.
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn coin(&mut self) -> bool {
        self.below(2) == 1
    }
}

impl CaseSetup {
    /// One case in this many runs the text paths under [`Paths::Drawn`] (each such case
    /// costs about twice as much).
    pub const TEXT_SHARE: u64 = 8;

    /// The setup a case with fuzzer input `input` draws (the text paths as `paths` says;
    /// the harness keeps what its settings do not let vary).
    pub fn drawn(input: &[u8], paths: Paths) -> CaseSetup {
        // The shares are measured choices (docs/measurements.md, "Setups and paths"): on Z3
        // 4.8.7 the incremental engine behind `scope` and Z3's solver for the logic found
        // three bugs in ten minutes where an even draw over every setup found one (a crash
        // only a tactic's solver reaches) at a fifth of the inputs per second; Z3's general
        // and simple solvers kept inside push/pop check ten times slower.
        let mut d = Draws::of(input);
        // The first draw is the reuse mode (`Reuse::drawn_for`): scope one half, reset and
        // fresh one quarter each.
        let reuse = [Reuse::Scope, Reuse::Scope, Reuse::Reset, Reuse::Fresh][(d.0 % 4) as usize];
        let z3_solver = match d.below(16) {
            0..=9 => Z3Solver::ForLogic,
            10 => Z3Solver::General,
            11 => Z3Solver::Simple,
            _ => Z3Solver::Tactic(d.below(u64::from(u8::MAX)) as u8),
        };
        let text = match paths {
            Paths::Api => false,
            Paths::Both => true,
            Paths::Drawn => d.below(Self::TEXT_SHARE) == 0,
        };
        let shape = [Shape::AsBuilt, Shape::Flat, Shape::Binary][d.below(3) as usize];
        let print = PrintStyle {
            shape,
            lets: d.coin(),
            named: d.coin(),
            negative_literals: d.coin(),
            aliases: d.coin(),
        };
        // One curated option in four cases per solver that has a table, drawn in the order
        // of `SolverId::ALL` (a solver with none draws nothing: the draws of the others
        // stay those of inputs recorded before it).
        let mut options = CaseOptions::default();
        for id in SolverId::ALL {
            // (Yices has no curated table: it draws here only with the option space on.)
            if !crate::dialect::profile::of(id).options.is_empty()
                || !crate::dialect::options::catalog(id).is_empty()
            {
                let k = (d.below(4) == 0).then(|| d.below(1 << 16) as u16);
                options = options.with(id, k);
            }
        }
        CaseSetup {
            reuse,
            z3_solver,
            text,
            print,
            options,
        }
    }

    /// Whether the case with fuzzer input `input` takes the plain setup
    /// ([`CaseSetup::plain`]) where `percent` of the cases do: a draw of its own, so that the
    /// other cases draw as [`CaseSetup::drawn`] does.
    pub fn plain_drawn(input: &[u8], percent: u8) -> bool {
        let mut d = Draws::of(input);
        // Not the first draws of `drawn` (the reuse mode and Z3's solver).
        d.0 ^= 0x5d58_39a1_b3c2_4f17;
        d.below(100) < u64::from(percent)
    }

    /// The plain setup: Z3's solver for the logic, reuse mode `scope`, the API paths, no
    /// curated option, terms printed as built (`SMTSMITH_SETUP=fixed SMTSMITH_REUSE=scope
    /// SMTSMITH_PATHS=api`).
    pub fn plain() -> CaseSetup {
        CaseSetup {
            reuse: Reuse::Scope,
            ..Default::default()
        }
    }

    /// The options `solver` (either path) runs the case's check with: the curated option
    /// the case's number picks, or, with the option space on (`SMTSMITH_OPTIONS=catalog`),
    /// the swarm of the solver's catalog it stands for ([`crate::dialect::options::swarm_of`]).
    pub fn options_of(&self, solver: SolverId) -> Vec<(String, String)> {
        let catalog = crate::dialect::options::catalog(solver.library());
        if !catalog.is_empty() {
            return self
                .options
                .of(solver)
                .map(|k| crate::dialect::options::swarm_of(catalog, k))
                .unwrap_or_default();
        }
        self.options
            .of(solver)
            .map(|k| crate::dialect::options::nth(crate::dialect::profile::of(solver).options, k))
            .map(|(n, v)| vec![(n.to_string(), v.to_string())])
            .unwrap_or_default()
    }
}

/// How a harness draws each case's setup from its fuzzer input (the settings
/// `SMTSMITH_SETUP`, `SMTSMITH_REUSE`, `SMTSMITH_PATHS`, `SMTSMITH_PLAIN_SHARE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetupDraw {
    /// Z3's solver, the printing style and the curated options are drawn per case.
    pub drawn: bool,
    /// The reuse mode is drawn per case (else `reuse`).
    pub mixed_reuse: bool,
    pub reuse: Reuse,
    pub paths: Paths,
    /// With `drawn`, the percentage of cases that take the plain setup.
    pub plain_share: u8,
}

impl Default for SetupDraw {
    /// The defaults of a fuzzing process (docs/defaults.md).
    fn default() -> Self {
        SetupDraw {
            drawn: true,
            mixed_reuse: true,
            reuse: Reuse::Scope,
            paths: Paths::Drawn,
            plain_share: 50,
        }
    }
}

impl SetupDraw {
    /// The setup of the case with fuzzer input `input` (`None`: nothing is drawn, the
    /// setup stays as the harness set it).
    pub fn setup_of(&self, input: &[u8]) -> Option<CaseSetup> {
        if !self.mixed_reuse && !self.drawn && self.paths == Paths::Api {
            return None;
        }
        let plain =
            self.drawn && self.plain_share > 0 && CaseSetup::plain_drawn(input, self.plain_share);
        if plain {
            return Some(CaseSetup::plain());
        }
        let drawn = CaseSetup::drawn(input, self.paths);
        let mut setup = CaseSetup {
            reuse: if self.mixed_reuse {
                drawn.reuse
            } else {
                self.reuse
            },
            text: drawn.text,
            ..Default::default()
        };
        if self.drawn {
            setup.z3_solver = drawn.z3_solver;
            setup.print = drawn.print;
            setup.options = drawn.options;
        }
        Some(setup)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `plain_drawn` takes about its share of the cases, none at 0 and all at 100, and the
    /// cases it leaves draw every setup as before.
    #[test]
    fn the_plain_share_is_drawn_per_input() {
        let inputs: Vec<Vec<u8>> = (0..2000u64)
            .map(|seed| crate::lang::generate::seeded_bytes(seed, 40))
            .collect();
        let count = |p| {
            inputs
                .iter()
                .filter(|i| CaseSetup::plain_drawn(i, p))
                .count()
        };
        assert_eq!(count(0), 0);
        assert_eq!(count(100), inputs.len());
        let half = count(50);
        assert!((900..=1100).contains(&half), "{half}");
        // Not the same draw as the reuse mode: plain cases still drew every mode.
        let modes: std::collections::BTreeSet<String> = inputs
            .iter()
            .filter(|i| CaseSetup::plain_drawn(i, 50))
            .map(|i| CaseSetup::drawn(i, Paths::Drawn).reuse.to_string())
            .collect();
        assert_eq!(modes.len(), 3, "{modes:?}");
        assert_eq!(CaseSetup::plain().reuse, Reuse::Scope);
        assert!(!CaseSetup::plain().text);
    }
}
