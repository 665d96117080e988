//! The paths into the solvers smtsmith drives, by name. A base module (it depends on
//! nothing), so that the modules that key facts, options and scripts by solver need not
//! depend on the solver backends.
//!
//! Each solver library is reached two ways: through its C API, terms built one by one
//! (`z3`, `cvc5`), and through its own SMT-LIB front end run in-process on the printed
//! case (`z3-text`: `Z3_eval_smtlib2_string`; `cvc5-text`: cvc5's parser library). Yices's
//! library has no SMT-LIB front end: `yices` is its C API only. A finding blames a path;
//! facts about a solver hold for all of its paths.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum SolverId {
    #[serde(rename = "z3")]
    Z3,
    #[serde(rename = "cvc5")]
    Cvc5,
    #[serde(rename = "z3-text")]
    Z3Text,
    #[serde(rename = "cvc5-text")]
    Cvc5Text,
    #[serde(rename = "yices")]
    Yices,
}

/// How a path reaches its solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Path {
    /// The C API: terms built one by one.
    Api,
    /// The solver's SMT-LIB front end, in-process, on the printed case.
    Text,
}

impl SolverId {
    /// The solvers, each through its API (what "the solvers" means everywhere).
    pub const ALL: [SolverId; 3] = [SolverId::Z3, SolverId::Cvc5, SolverId::Yices];
    /// The solvers' SMT-LIB front ends (Z3's and cvc5's: Yices's library has none).
    pub const TEXT: [SolverId; 2] = [SolverId::Z3Text, SolverId::Cvc5Text];
    /// Every path.
    pub const EVERY: [SolverId; 5] = [
        SolverId::Z3,
        SolverId::Cvc5,
        SolverId::Yices,
        SolverId::Z3Text,
        SolverId::Cvc5Text,
    ];

    /// The solver this path runs (its API path): `z3` for `z3-text`.
    pub fn library(self) -> SolverId {
        match self {
            SolverId::Z3 | SolverId::Z3Text => SolverId::Z3,
            SolverId::Cvc5 | SolverId::Cvc5Text => SolverId::Cvc5,
            SolverId::Yices => SolverId::Yices,
        }
    }

    pub fn path(self) -> Path {
        match self {
            SolverId::Z3 | SolverId::Cvc5 | SolverId::Yices => Path::Api,
            SolverId::Z3Text | SolverId::Cvc5Text => Path::Text,
        }
    }

    /// The solver's front end (its text path): `z3-text` for `z3`; `None` for Yices.
    pub fn text(self) -> Option<SolverId> {
        match self.library() {
            SolverId::Z3 => Some(SolverId::Z3Text),
            SolverId::Cvc5 => Some(SolverId::Cvc5Text),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            SolverId::Z3 => "z3",
            SolverId::Cvc5 => "cvc5",
            SolverId::Z3Text => "z3-text",
            SolverId::Cvc5Text => "cvc5-text",
            SolverId::Yices => "yices",
        }
    }
}

impl std::str::FromStr for SolverId {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        SolverId::EVERY
            .into_iter()
            .find(|id| id.name() == s)
            .ok_or_else(|| format!("unknown solver {s:?} (z3, cvc5, yices, z3-text or cvc5-text)"))
    }
}

impl fmt::Display for SolverId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
