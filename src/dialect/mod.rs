//! Floor 2, the solvers as data: their names ([`solver_id`]), their option catalogs and the
//! rule that keeps an option safe ([`options`]), what smtsmith needs to know of each outside
//! its backend ([`profile`]: limits, self-checks, binaries, pinned releases) and their
//! documented behaviours and limitations ([`facts`]). Built on [`crate::lang`] only.

pub mod facts;
pub mod options;
pub mod profile;
pub mod solver_id;
