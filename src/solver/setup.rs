//! How one case meets the solvers: the reuse mode, the constructor of Z3's solver, whether
//! the printed case also runs through the solvers' SMT-LIB front ends, and how it is
//! printed. Drawn per case from a hash of the fuzzer input (the swarm: the same input
//! replays with the same setup, and its decoding is untouched) and recorded in findings.

use super::Reuse;
use crate::smtlib::{PrintStyle, Shape};
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
    /// ([`crate::facts::z3_tactic`]; the binary's `(check-sat-using TACTIC)`).
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
            Z3Solver::Tactic(k) => Some(crate::facts::z3_tactic(logic, k).to_string()),
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
pub struct CaseSetup {
    pub reuse: Reuse,
    pub z3_solver: Z3Solver,
    /// The printed case also runs through `z3-text` and `cvc5-text`.
    pub text: bool,
    /// How the text paths and the reproducer print the case.
    pub print: PrintStyle,
    /// A curated option of Z3 ([`crate::options::nth`] of its table) set on its solvers
    /// for the case's check, if any.
    pub z3_option: Option<u16>,
    /// The same for cvc5.
    pub cvc5_option: Option<u16>,
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
        let mut option = || (d.below(4) == 0).then(|| d.below(1 << 16) as u16);
        let (z3_option, cvc5_option) = (option(), option());
        CaseSetup {
            reuse,
            z3_solver,
            text,
            print,
            z3_option,
            cvc5_option,
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

    /// The curated options `solver` (either path) runs the case's check with.
    pub fn options_of(&self, solver: super::SolverId) -> Vec<(String, String)> {
        let k = match solver.library() {
            super::SolverId::Z3 => self.z3_option,
            super::SolverId::Cvc5 => self.cvc5_option,
            _ => None,
        };
        k.map(|k| crate::options::nth(crate::options::table(solver), k))
            .map(|(n, v)| vec![(n.to_string(), v.to_string())])
            .unwrap_or_default()
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
            .map(|seed| crate::generate::seeded_bytes(seed, 40))
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
