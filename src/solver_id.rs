//! The solvers smtsmith drives, by name. A base module (it depends on nothing), so that the
//! modules that key facts, options and scripts by solver need not depend on the solver
//! backends.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SolverId {
    Z3,
    Cvc5,
}

impl SolverId {
    pub const ALL: [SolverId; 2] = [SolverId::Z3, SolverId::Cvc5];
}

impl std::str::FromStr for SolverId {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        SolverId::ALL
            .into_iter()
            .find(|id| id.to_string() == s)
            .ok_or_else(|| format!("unknown solver {s:?} (z3 or cvc5)"))
    }
}

impl fmt::Display for SolverId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SolverId::Z3 => "z3",
            SolverId::Cvc5 => "cvc5",
        })
    }
}
