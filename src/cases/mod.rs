//! Floor 3, cases beyond one formula and their text: incremental scripts ([`script`]), SMT-LIB
//! printed and read ([`smtlib`]), optimization cases and their exact optimum ([`optimize`]),
//! type-aware mutation of seed scripts ([`mutate`]) and reduction of formulas and scripts
//! ([`reduce`], driven by a caller's predicate). Built on the floors below; runs no solver.

pub mod mutate;
pub mod optimize;
pub mod reduce;
pub mod script;
pub mod smtlib;
