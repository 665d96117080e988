//! Floor 5, verdicts and findings: formulas whose verdict is known by construction
//! ([`construct`]), the oracles that turn the solvers' answers into issues ([`oracle`]), the
//! findings written to disk with their keys, triage and drafts ([`finding`]) and sanitizer
//! reports read from their text ([`sanitizer`]). Built on the solver floor and below.

pub mod construct;
pub mod finding;
pub mod oracle;
pub(crate) mod sanitizer;
