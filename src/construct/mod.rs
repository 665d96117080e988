//! Ground truth by construction (issue 5): formulas whose verdict is known before any
//! solver sees them. Each family decodes its free choices from the fuzzer's bytes and
//! returns the formula with the expected verdict, the rule it applied and, on the sat side,
//! a witness model that the evaluator confirms.

pub mod strings_sat;

use crate::eval::Model;
use crate::ir::Formula;
use crate::solver::Verdict;

/// A formula with a verdict known by construction.
#[derive(Clone, Debug)]
pub struct Constructed {
    pub formula: Formula,
    pub expected: Verdict,
    /// For `Sat`: values of the declarations that satisfy every assertion.
    pub witness: Option<Model>,
    /// The family (`strings-sat`, ...).
    pub family: &'static str,
    /// The rule applied, in words (operations, abstraction), for the finding's summary.
    pub rule: String,
}
