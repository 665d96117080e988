//! Floor 7, the tools around campaigns: `smtsmith check` on real files ([`check`]), the HTML
//! report ([`report`]), the bug benchmark ([`bugbench`]) and its statistics ([`stats`]), the
//! reach audit ([`reach`]) and the benchmark of where a fuzz iteration's time goes ([`bench`]).
//! The top floor: nothing below depends on it.

pub mod bench;
pub mod bugbench;
pub mod check;
pub mod reach;
pub mod report;
pub(crate) mod stats;
pub mod status;
