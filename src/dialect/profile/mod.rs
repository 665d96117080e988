//! Each solver's profile: what smtsmith needs to know about a solver outside its backend's
//! code — its deterministic resource limit per check, its curated options, its self-check
//! options, its binary's command line for reproducers, how often its context is recycled,
//! which logics it takes, its pinned releases. One file per solver (`profile/z3.rs`, ...)
//! holds its `PROFILE`; [`of`] is the one registration of them. Below the solver backends
//! (which read their profiles) and above nothing but the IR and the option tables, so
//! that `facts`, `script` and `options`' users can ask it too.

pub(crate) mod cvc5;
pub mod yices;
pub(crate) mod z3;

use crate::dialect::solver_id::SolverId;
use std::collections::BTreeMap;

/// What smtsmith knows about one solver outside its backend (see the module).
#[derive(Debug)]
pub struct Profile {
    /// Its deterministic per-check resource limit, where it has one (Yices has none: only
    /// the time limit bounds its checks).
    pub rlimit: Option<ResourceLimit>,
    /// Its curated options ([`crate::dialect::options::Spec`]s): one may be drawn for a case.
    pub options: &'static [crate::dialect::options::Spec],
    /// Its self-check options (SMT-LIB names), without and with unsat cores produced.
    pub self_checks: [&'static [(&'static str, &'static str)]; 2],
    /// Its binary's name in reproducer lines.
    pub binary: &'static str,
    /// Whether its binary needs `--incremental` for a script with several checks or
    /// `push` (Z3's binary is always incremental; Yices's reproducers always push).
    pub binary_incremental_flag: IncrementalFlag,
    /// How its binary takes an option on the command line.
    pub binary_flags: FlagStyle,
    /// The prefix its binary's front end reads its own options under in `set-option`
    /// (Yices 2.6.5's `yices-smt2` answers `unsupported` to `:branching` and takes
    /// `:yices-branching`; Z3 and cvc5 read their own names).
    pub set_option_prefix: &'static str,
    /// Options its binary takes only on its command line (`yices-smt2 --mcsat`; in a script
    /// `:mcsat` is `unsupported`).
    pub command_line_only: &'static [&'static str],
    /// Its binary's flag for a time limit per check of so many milliseconds.
    pub binary_time_limit: fn(u32) -> String,
    /// The C API call that stops a running check from another thread (`None`: its API has
    /// none, and a call past its limit runs until it returns or the watchdog ends the
    /// process).
    pub interrupt: Option<&'static str>,
    /// Whether its front end takes only names (and their negations) as `check-sat-assuming`
    /// assumptions, not `true` or `false` (Yices 2.6.5: `undefined term false`): its
    /// reproducers then define a name for the constant.
    pub binary_assumptions_are_names: bool,
    /// Cases between two recycles of its context (what `facts::recycle_every` gives).
    pub recycle_every: u32,
    /// Whether its library can be loaded in a process under AddressSanitizer (Yices's cannot:
    /// it is opened with `RTLD_DEEPBIND`, which the sanitizer's runtime refuses); the default
    /// solvers of such a build are those that can (`settings::default_solvers`).
    pub loads_under_asan: bool,
    /// Why a formula is outside the logics it takes (`None`: it takes it); such a formula
    /// is not given to it at all (what `facts::outside_logics` gives).
    pub outside_logics: fn(&crate::lang::ir::Formula) -> Option<String>,
    /// Its releases: the PyPI package of its wheels and the table of pinned ones (version,
    /// wheel file, sha256; `vendor/*.sha256`, which build.rs reads too), for bisection.
    pub wheels: (&'static str, &'static str),
}

/// A solver's options as its binary reads them ([`Profile::binary_options`]).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct BinaryOptions {
    /// `set-option` pairs, keyed as its front end reads them.
    pub script: Vec<(String, String)>,
    /// Those it takes only on its command line, by their own names.
    pub command_line: Vec<(String, String)>,
}

impl BinaryOptions {
    /// The command-line options as [`Profile::binary_command`] takes them.
    pub fn command_line_pairs(&self) -> Vec<(&str, &str)> {
        self.command_line
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect()
    }
}

/// How a binary takes an option on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FlagStyle {
    /// `--name` for `true`, else `--name=value` (cvc5, Yices).
    DoubleDash,
    /// `name=value` (Z3).
    KeyValue,
}

/// A resource limit: the option that sets it (as the binary takes it) and its default.
#[derive(Debug, Clone, Copy)]
pub struct ResourceLimit {
    pub option: &'static str,
    pub default: u64,
}

/// When a solver's binary is given `--incremental`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IncrementalFlag {
    /// Never: the binary is incremental by default (Z3).
    Never,
    /// For incremental scripts (cvc5).
    WhenIncremental,
    /// Always: a reproducer may push (Yices).
    Always,
}

/// The profile of `id`'s solver (of its library: `z3-text` is Z3's).
pub fn of(id: SolverId) -> &'static Profile {
    // Exhaustive: a new solver does not compile until it is registered here.
    match id {
        SolverId::Z3 | SolverId::Z3Text => &z3::PROFILE,
        SolverId::Cvc5 | SolverId::Cvc5Text => &cvc5::PROFILE,
        SolverId::Yices => &yices::PROFILE,
    }
}

impl Profile {
    /// The command line of its binary on `FILE.smt2` with `options`, incremental where the
    /// script needs it.
    pub fn binary_command(&self, options: &[(&str, &str)], incremental: bool) -> String {
        let flag = match self.binary_incremental_flag {
            IncrementalFlag::Never => false,
            IncrementalFlag::WhenIncremental => incremental,
            IncrementalFlag::Always => true,
        };
        let mut out = format!("{} ", self.binary);
        if flag {
            out.push_str("--incremental ");
        }
        for (k, v) in options {
            out.push_str(&match (self.binary_flags, *v) {
                (FlagStyle::KeyValue, _) => format!("{k}={v} "),
                (FlagStyle::DoubleDash, "true") => format!("--{k} "),
                (FlagStyle::DoubleDash, _) => format!("--{k}={v} "),
            });
        }
        out.push_str("FILE.smt2");
        out
    }

    /// `options` as its binary reads them: the `set-option` pairs under its front end's
    /// keys, and those its binary takes only on its command line.
    pub fn binary_options(
        &self,
        options: impl IntoIterator<Item = (String, String)>,
    ) -> BinaryOptions {
        let (command_line, script): (Vec<_>, Vec<_>) = options
            .into_iter()
            .partition(|(k, _)| self.command_line_only.contains(&k.as_str()));
        BinaryOptions {
            script: script
                .into_iter()
                .map(|(k, v)| (self.set_option_key(&k), v))
                .collect(),
            command_line,
        }
    }

    /// The `set-option` keyword under which its binary's front end reads option `name`.
    pub fn set_option_key(&self, name: &str) -> String {
        format!("{}{name}", self.set_option_prefix)
    }

    /// The option named by `set-option` keyword `key`, where the keyword carries this
    /// solver's prefix (none for a solver without one).
    pub fn option_of_key<'k>(&self, key: &'k str) -> Option<&'k str> {
        if self.set_option_prefix.is_empty() {
            return None;
        }
        key.strip_prefix(self.set_option_prefix)
    }
}

/// Each solver's default resource limit per check, from its profile.
pub fn default_rlimits() -> BTreeMap<SolverId, u64> {
    SolverId::ALL
        .into_iter()
        .filter_map(|id| of(id).rlimit.map(|r| (id, r.default)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The profiles say what the reproducer lines said by hand before them.
    #[test]
    fn binary_command_lines_come_from_the_profiles() {
        let cmd = |id, options: &[(&str, &str)], inc| of(id).binary_command(options, inc);
        assert_eq!(cmd(SolverId::Z3, &[], true), "z3 FILE.smt2");
        assert_eq!(
            cmd(SolverId::Cvc5, &[("arrays-exp", "true")], true),
            "cvc5 --incremental --arrays-exp FILE.smt2"
        );
        assert_eq!(cmd(SolverId::Cvc5Text, &[], false), "cvc5 FILE.smt2");
        assert_eq!(
            cmd(SolverId::Yices, &[("mcsat", "true")], false),
            "yices-smt2 --incremental --mcsat FILE.smt2"
        );
        assert_eq!(
            crate::dialect::facts::timed_command(SolverId::Yices, 2500),
            "yices-smt2 --timeout=3 FILE.smt2"
        );
        assert_eq!(
            crate::dialect::facts::timed_command(SolverId::Z3Text, 2000),
            "z3 -t:2000 FILE.smt2"
        );
        assert_eq!(
            crate::solver::Limits::default().describe(),
            "z3 rlimit 1000000, cvc5 rlimit-per 20000, 2000 ms per check"
        );
    }
}
