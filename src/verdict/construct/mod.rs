//! Ground truth by construction (issue 5): formulas whose verdict is known before any
//! solver sees them. Each family decodes its free choices from the fuzzer's bytes and
//! returns the formula with the expected verdict, the rule it applied and, on the sat side,
//! a witness model that the evaluator confirms.

pub mod fusion;
pub(crate) mod janus;
pub mod regex;
pub mod sae;
pub mod strings_sat;
pub mod strings_unsat;

use crate::lang::eval::Model;
use crate::lang::ir::Formula;
use crate::solver::Verdict;

/// A formula with a verdict known by construction.
#[derive(Clone, Debug)]
pub struct Constructed {
    pub formula: Formula,
    pub expected: Verdict,
    /// For `Sat`: values of the declarations that satisfy every assertion.
    pub witness: Option<Model>,
    /// For `Unsat`: the indices of the assertions that form the unsat core by construction
    /// (the others are noise); solvers' cores are checked against it.
    pub core: Option<Vec<usize>>,
    /// Solvers that decided the seed this formula was derived from (as its verdict), for
    /// the incompleteness oracle (Janus): `unknown` from one of them on this formula, not
    /// caused by a limit, is an `incompleteness` finding. Empty elsewhere.
    pub decided_seed: Vec<crate::solver::SolverId>,
    /// The family (`strings-sat`, ...).
    pub family: &'static str,
    /// The rule applied, in words (operations, abstraction), for the finding's summary.
    pub rule: String,
}

/// A family's builder: decodes a formula of known verdict from the fuzzer's bytes.
pub type Build = fn(&mut arbitrary::Unstructured) -> arbitrary::Result<Constructed>;

/// Every family, by the name of its fuzz target.
pub const FAMILIES: &[(&str, Build)] = &[
    ("strings_sat", strings_sat::build),
    ("strings_unsat", strings_unsat::build),
    ("regex", regex::build),
    ("fusion", fusion::build),
    ("sae", sae::build),
    ("janus", janus::build),
];

/// The family of fuzz target `name`, or an error that lists them.
pub fn family(name: &str) -> Result<Build, String> {
    FAMILIES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, b)| *b)
        .ok_or_else(|| {
            let names: Vec<&str> = FAMILIES.iter().map(|(n, _)| *n).collect();
            format!("unknown construction {name:?}; known: {}", names.join(", "))
        })
}
