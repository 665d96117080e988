//! Every `SMTSMITH_*` variable a run reads, read in one place: [`Settings::from_env`]. The
//! edges — the fuzz targets' bodies (`harness::targets`) and the command line — read them once
//! and hand the values down; no library module below reads the environment. (Build-time
//! variables, `SMTSMITH_Z3_VERSION` and the library folders, are `build.rs`'s.)

use crate::lang::generate::config::Theories;
use crate::solver::Reuse;
use crate::verdict::construct::strings_sat::{self, Pools};
use std::path::PathBuf;

/// Default resident-size budget (MiB) above which the solvers start over in new contexts;
/// libFuzzer's default `-rss_limit_mb` is 2048.
pub const RSS_BUDGET_MB: u64 = 512;
/// The time budget (seconds) of the reduction of each finding as it is written
/// (`SMTSMITH_REDUCE_SECONDS`; 0 turns reduction off).
pub const REDUCE_SECONDS: u64 = 60;

/// Seconds one solver may spend in one check before the fuzz targets' watchdog ends the
/// process (its `time-limit` finding written before). 6, for the public-bug yardstick's hang
/// tax (docs/lab/defaults-history.md, "The hang tax, corrected"): a stuck call costs its trial this long,
/// and a call flagged stuck (about 4 s into a 2 s check) was not seen to return before 10 s.
pub const HANG_SECONDS: u64 = 6;

/// The percentage of drawn cases that take the plain setup (`SMTSMITH_PLAIN_SHARE`). Chosen
/// by the bug benchmark (docs/lab/defaults-history.md, "`SMTSMITH_PLAIN_SHARE=50`"): over ten trials per
/// cell, Z3 4.8.10.0's `str.is_digit` bug in a median 12 s against 50 s with none, and no
/// index bug the drawn setups reach lost.
pub const PLAIN_SHARE: u8 = 50;

/// A run's settings. `Default` is every variable unset.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// `SMTSMITH_FINDINGS`: where findings are written (else the caller's default).
    pub findings: Option<PathBuf>,
    /// `SMTSMITH_REUSE`: how solvers are reused between cases.
    pub reuse: Reuse,
    /// `SMTSMITH_REUSE=mixed` (the default): each case draws fresh, reset or scope from
    /// its input.
    pub mixed_reuse: bool,
    /// `SMTSMITH_SETUP`: `drawn` (the default): each case draws Z3's solver constructor and
    /// the printing style from its input; `fixed`: Z3's solver for the logic, terms printed
    /// as built.
    pub drawn_setups: bool,
    /// `SMTSMITH_PLAIN_SHARE=P`: with drawn setups, P percent of the cases (drawn from each
    /// case's input) take the plain setup instead — Z3's solver for the logic, reuse mode
    /// `scope`, no front ends, no curated option — the setup in which the bug benchmark's
    /// Z3 4.8.10.0 bugs show soonest (docs/defaults.md). Default [`PLAIN_SHARE`].
    pub plain_share: u8,
    /// `SMTSMITH_PATHS`: `drawn` (the default): a share of the cases also runs through the
    /// solvers' SMT-LIB front ends; `both`: every case; `api`: none.
    pub paths: crate::solver::Paths,
    /// `SMTSMITH_THEORIES`: the theories generated cases may use; `SMTSMITH_THEORY_ODDS`
    /// sets how often the swarm turns each on (`theories.odds`).
    pub theories: Theories,
    /// `SMTSMITH_SEEDS`: labelled seed files for fusion, SAE and Janus (else `seeds/`).
    pub seeds: Option<PathBuf>,
    /// `SMTSMITH_STRING_POOL` and `SMTSMITH_INT_POOL`: the constants `strings_sat` starts
    /// from (else its built-in boundary pools).
    pub pools: Pools,
    /// `SMTSMITH_HANG_SECONDS`: see [`HANG_SECONDS`].
    pub hang_seconds: u64,
    /// `SMTSMITH_RSS_BUDGET_MB`: see [`RSS_BUDGET_MB`].
    pub rss_budget_mb: u64,
    /// `SMTSMITH_REDUCE_SECONDS`: see [`REDUCE_SECONDS`].
    pub reduce_seconds: u64,
    /// `SMTSMITH_QUIET_CLASSES`: finding classes (folder names, or `all`) that the fuzz
    /// targets write without stopping.
    pub quiet_classes: Vec<crate::verdict::oracle::Class>,
    /// `SMTSMITH_FAULT`: a test hook, off by default (see [`crate::solver::z3::Fault`]). At
    /// each check the Z3 backend installs an error handler that does the fault and makes an
    /// ill-sorted call, so that Z3 itself calls the handler from inside that call: the
    /// process exits, or overflows its stack, inside a real Z3 call, as a solver that exits
    /// on an internal error or recurses too deep does, or Z3 reads past a heap buffer (for
    /// a sanitizer inside Z3 to report); the tests of the fuzz targets' exit, fatal-signal
    /// and sanitizer hooks use it.
    pub fault: Option<crate::solver::z3::Fault>,
    /// `SMTSMITH_BITBLAST_SECONDS=S`: cvc5 is not asked when its estimated bit-blasting
    /// time is above S seconds (default [`crate::dialect::facts::BITBLAST_BUDGET_SECONDS`]).
    pub bitblast_seconds: f64,
    /// `SMTSMITH_OPTIONS=catalog`: the `script` target draws a swarm of one to four options
    /// per solver from the solver's whole option space (`smtsmith options`); `curated` (the
    /// default, until the bug benchmark has measured the other): its curated tables.
    pub option_catalog: bool,
    /// `SMTSMITH_EFFORT=F`: the per-check limits (Z3 `rlimit`, cvc5 `rlimit-per`, the time
    /// limit) times F (default 1: [`crate::solver::Limits::default`]).
    pub limits: crate::solver::Limits,
    /// `SMTSMITH_SOLVERS=z3,cvc5`: the solvers the fuzz targets and commands open (their
    /// API paths; default all three, under AddressSanitizer [`default_solvers`]). A solver
    /// left out answers nothing: e.g. the campaigns that measure what a third solver adds
    /// (docs/measurements.md).
    pub solvers: Vec<crate::solver::SolverId>,
    /// `SMTSMITH_PORTFOLIO=TARGET:SHARE,...`: the `portfolio` target's members and their
    /// shares of its inputs (default [`crate::harness::target::PORTFOLIO`]).
    pub portfolio: crate::harness::target::Portfolio,
    /// `SMTSMITH_STATUS_FILE`: where a fuzzing process writes its running counts for the
    /// campaign's status line (`harness::status`; none unless set).
    pub status_file: Option<PathBuf>,
}

/// The solvers opened unless `SMTSMITH_SOLVERS` says otherwise: all of them; in a build
/// under AddressSanitizer those whose profile says their library loads there
/// (`profile::Profile::loads_under_asan`).
pub fn default_solvers() -> Vec<crate::solver::SolverId> {
    crate::solver::SolverId::ALL
        .into_iter()
        .filter(|id| !cfg!(smtsmith_asan) || crate::dialect::profile::of(*id).loads_under_asan)
        .collect()
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            findings: None,
            reuse: Reuse::DEFAULT,
            mixed_reuse: true,
            drawn_setups: true,
            plain_share: PLAIN_SHARE,
            paths: crate::solver::Paths::Drawn,
            theories: Theories::ALL,
            seeds: None,
            pools: Pools::builtin(),
            hang_seconds: HANG_SECONDS,
            rss_budget_mb: RSS_BUDGET_MB,
            reduce_seconds: REDUCE_SECONDS,
            quiet_classes: Vec::new(),
            fault: None,
            bitblast_seconds: crate::dialect::facts::BITBLAST_BUDGET_SECONDS,
            option_catalog: false,
            limits: crate::solver::Limits::default(),
            solvers: default_solvers(),
            portfolio: crate::harness::target::Portfolio::default(),
            status_file: None,
        }
    }
}

impl Settings {
    /// The library's settings, what a harness made by `Harness::new` runs with: every case
    /// in the setup set on the harness (no drawn setup, reuse mode or text path), findings
    /// not reduced; the rest as [`Settings::default`].
    pub fn fixed() -> Settings {
        Settings {
            mixed_reuse: false,
            drawn_setups: false,
            plain_share: 0,
            paths: crate::solver::Paths::Api,
            reduce_seconds: 0,
            ..Settings::default()
        }
    }

    /// Reads every variable; a malformed one is an error that names it and says why. An
    /// empty variable counts as unset.
    pub fn from_env() -> Result<Settings, String> {
        Settings::from_vars(|name| std::env::var(name).ok().filter(|v| !v.trim().is_empty()))
    }

    /// [`Settings::from_env`] over any source of variables (tests give their own).
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Result<Settings, String> {
        let mut s = Settings::default();
        let named = |name: &str, e: String| format!("{name}={:?}: {e}", var(name).unwrap());
        if let Some(v) = var("SMTSMITH_FINDINGS") {
            s.findings = Some(PathBuf::from(v));
        }
        match var("SMTSMITH_REUSE") {
            Some(v) if v.trim() == "mixed" => s.mixed_reuse = true,
            Some(v) => {
                s.mixed_reuse = false;
                s.reuse = v
                    .parse()
                    .map_err(|e: String| named("SMTSMITH_REUSE", format!("{e} or mixed")))?
            }
            None => {}
        }
        match var("SMTSMITH_SETUP").as_deref().map(str::trim) {
            None | Some("drawn") => {}
            Some("fixed") => s.drawn_setups = false,
            Some(_) => return Err(named("SMTSMITH_SETUP", "expected drawn or fixed".into())),
        }
        if let Some(v) = var("SMTSMITH_PLAIN_SHARE") {
            s.plain_share = v
                .trim()
                .parse()
                .ok()
                .filter(|p: &u8| *p <= 100)
                .ok_or_else(|| {
                    named(
                        "SMTSMITH_PLAIN_SHARE",
                        "expected a percentage, 0 to 100".into(),
                    )
                })?;
        }
        if let Some(v) = var("SMTSMITH_PATHS") {
            s.paths = v.trim().parse().map_err(|e| named("SMTSMITH_PATHS", e))?;
        }
        if let Some(v) = var("SMTSMITH_SOLVERS") {
            let mut ids = Vec::new();
            for name in v.split(',').map(str::trim) {
                let id: crate::solver::SolverId =
                    name.parse().map_err(|e| named("SMTSMITH_SOLVERS", e))?;
                if !crate::solver::SolverId::ALL.contains(&id) {
                    return Err(named(
                        "SMTSMITH_SOLVERS",
                        format!("{id} is a text path; name solvers: z3, cvc5, yices"),
                    ));
                }
                ids.push(id);
            }
            s.solvers = ids;
        }
        if let Some(v) = var("SMTSMITH_THEORIES") {
            s.theories = v.parse().map_err(|e| named("SMTSMITH_THEORIES", e))?;
        }
        if let Some(v) = var("SMTSMITH_THEORY_ODDS") {
            s.theories.odds = v.parse().map_err(|e| named("SMTSMITH_THEORY_ODDS", e))?;
        }
        if let Some(v) = var("SMTSMITH_SEEDS") {
            s.seeds = Some(PathBuf::from(v));
        }
        if let Some(v) = var("SMTSMITH_STRING_POOL") {
            s.pools.strings =
                strings_sat::parse_string_pool(&v).map_err(|e| named("SMTSMITH_STRING_POOL", e))?;
        }
        if let Some(v) = var("SMTSMITH_INT_POOL") {
            s.pools.ints =
                strings_sat::parse_int_pool(&v).map_err(|e| named("SMTSMITH_INT_POOL", e))?;
        }
        let number = |name: &str, v: String| {
            v.trim()
                .parse::<u64>()
                .map_err(|_| named(name, "not a whole number".into()))
        };
        if let Some(v) = var("SMTSMITH_EFFORT") {
            let f: f64 = v
                .trim()
                .parse()
                .ok()
                .filter(|f: &f64| *f > 0.0 && *f <= 100.0)
                .ok_or_else(|| named("SMTSMITH_EFFORT", "expected a number in (0, 100]".into()))?;
            s.limits = crate::solver::Limits::scaled(f);
        }
        match var("SMTSMITH_OPTIONS").as_deref().map(str::trim) {
            None | Some("curated") => {}
            Some("catalog") => s.option_catalog = true,
            Some(other) => {
                return Err(named(
                    "SMTSMITH_OPTIONS",
                    format!("expected curated or catalog, got {other:?}"),
                ))
            }
        }
        if let Some(v) = var("SMTSMITH_BITBLAST_SECONDS") {
            s.bitblast_seconds = v
                .trim()
                .parse()
                .ok()
                .filter(|f: &f64| f.is_finite() && *f >= 0.0)
                .ok_or_else(|| {
                    named(
                        "SMTSMITH_BITBLAST_SECONDS",
                        "expected seconds, 0 or more".into(),
                    )
                })?;
        }
        if let Some(v) = var("SMTSMITH_PORTFOLIO") {
            s.portfolio = v.parse().map_err(|e| named("SMTSMITH_PORTFOLIO", e))?;
        }
        if let Some(v) = var("SMTSMITH_STATUS_FILE") {
            s.status_file = Some(PathBuf::from(v));
        }
        if let Some(v) = var("SMTSMITH_HANG_SECONDS") {
            s.hang_seconds = number("SMTSMITH_HANG_SECONDS", v)?;
        }
        if let Some(v) = var("SMTSMITH_RSS_BUDGET_MB") {
            s.rss_budget_mb = number("SMTSMITH_RSS_BUDGET_MB", v)?;
        }
        if let Some(v) = var("SMTSMITH_REDUCE_SECONDS") {
            s.reduce_seconds = number("SMTSMITH_REDUCE_SECONDS", v)?;
        }
        match var("SMTSMITH_FAULT").as_deref().map(str::trim) {
            None => {}
            Some("exit-in-z3-error-handler") => {
                s.fault = Some(crate::solver::z3::Fault::ExitInErrorHandler)
            }
            Some("stack-overflow-in-z3-error-handler") => {
                s.fault = Some(crate::solver::z3::Fault::StackOverflowInErrorHandler)
            }
            Some("heap-overread-in-z3") => {
                s.fault = Some(crate::solver::z3::Fault::HeapOverreadInZ3)
            }
            Some("signed-overflow-in-z3") => {
                s.fault = Some(crate::solver::z3::Fault::SignedOverflowInZ3)
            }
            Some("stuck-in-z3") => s.fault = Some(crate::solver::z3::Fault::StuckInZ3),
            Some("wrong-unsat-under-rewriter-option") => {
                s.fault = Some(crate::solver::z3::Fault::WrongUnsatUnderRewriterOption)
            }
            Some("wrong-optimum") => s.fault = Some(crate::solver::z3::Fault::WrongOptimum),
            Some(_) => {
                return Err(named(
                    "SMTSMITH_FAULT",
                    "the faults are exit-in-z3-error-handler, \
                     stack-overflow-in-z3-error-handler, heap-overread-in-z3, \
                     signed-overflow-in-z3, stuck-in-z3, \
                     wrong-unsat-under-rewriter-option and wrong-optimum"
                        .into(),
                ))
            }
        }
        if let Some(v) = var("SMTSMITH_QUIET_CLASSES") {
            for name in v.split(',').map(str::trim).filter(|n| !n.is_empty()) {
                if name == "all" {
                    s.quiet_classes.extend(crate::verdict::oracle::Class::ALL);
                    continue;
                }
                let class = crate::verdict::oracle::Class::ALL
                    .into_iter()
                    .find(|c| c.dir() == name)
                    .ok_or_else(|| {
                        let known: Vec<&str> = crate::verdict::oracle::Class::ALL
                            .iter()
                            .map(|c| c.dir())
                            .collect();
                        named(
                            "SMTSMITH_QUIET_CLASSES",
                            format!("unknown class {name:?} (known: {})", known.join(", ")),
                        )
                    })?;
                s.quiet_classes.push(class);
            }
        }
        Ok(s)
    }

    /// Hands the settings the constructions read down to them (the seed folder, the string
    /// pools): they are built from fuzzer bytes alone, so they take these once per process.
    /// A later call with other values has no effect.
    pub fn install(&self) {
        crate::verdict::construct::fusion::use_seed_dir(
            self.seeds
                .clone()
                .unwrap_or_else(crate::verdict::construct::fusion::default_seed_dir),
        );
        strings_sat::use_pools(self.pools.clone());
        crate::verdict::construct::fusion::use_opt_in_seeds(self.theories.allowed);
        if let Some(fault) = self.fault {
            crate::solver::z3::inject_fault(fault);
        }
        crate::dialect::facts::set_bitblast_budget(self.bitblast_seconds);
        if self.option_catalog {
            for id in [
                crate::solver::SolverId::Z3,
                crate::solver::SolverId::Cvc5,
                crate::solver::SolverId::Yices,
            ] {
                crate::dialect::options::install_catalog(id, crate::solver::catalog::drawable(id));
            }
        }
    }

    /// The findings folder: `SMTSMITH_FINDINGS`, else `default`.
    pub fn findings_dir(&self, default: impl Into<PathBuf>) -> PathBuf {
        self.findings.clone().unwrap_or_else(|| default.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from(vars: &[(&str, &str)]) -> Result<Settings, String> {
        Settings::from_vars(|n| {
            vars.iter()
                .find(|(k, _)| *k == n)
                .map(|(_, v)| v.to_string())
        })
    }

    #[test]
    fn unset_variables_give_the_defaults() {
        assert_eq!(from(&[]).unwrap(), Settings::default());
    }

    #[test]
    fn every_variable_is_read() {
        let s = from(&[
            ("SMTSMITH_FINDINGS", "/tmp/f"),
            ("SMTSMITH_REUSE", "reset"),
            ("SMTSMITH_THEORIES", "bv"),
            ("SMTSMITH_THEORY_ODDS", "uf=1/2, quantifiers=3/8"),
            ("SMTSMITH_SEEDS", "/tmp/s"),
            ("SMTSMITH_STRING_POOL", r#""" "a""#),
            ("SMTSMITH_INT_POOL", "-1 7"),
            ("SMTSMITH_HANG_SECONDS", "12"),
            ("SMTSMITH_RSS_BUDGET_MB", "900"),
            ("SMTSMITH_REDUCE_SECONDS", "5"),
            ("SMTSMITH_QUIET_CLASSES", "performance, incompleteness"),
            ("SMTSMITH_SETUP", "fixed"),
            ("SMTSMITH_PLAIN_SHARE", "40"),
            ("SMTSMITH_PATHS", "both"),
            ("SMTSMITH_EFFORT", "0.25"),
            ("SMTSMITH_BITBLAST_SECONDS", "3.5"),
            ("SMTSMITH_SOLVERS", "z3, cvc5"),
            ("SMTSMITH_PORTFOLIO", "differential:8,enumerate:8"),
        ])
        .unwrap();
        assert_eq!(s.portfolio.to_string(), "differential:8,enumerate:8");
        assert_eq!(
            s.solvers,
            vec![crate::solver::SolverId::Z3, crate::solver::SolverId::Cvc5]
        );
        assert_eq!(s.bitblast_seconds, 3.5);
        assert_eq!(s.plain_share, 40);
        assert_eq!(s.limits.rlimit_of(crate::solver::SolverId::Z3), 250_000);
        assert_eq!(s.limits.rlimit_of(crate::solver::SolverId::Cvc5), 5_000);
        assert_eq!(s.limits.rlimit_of(crate::solver::SolverId::Yices), 0);
        assert_eq!(s.limits.timeout_ms, 500);
        assert!(!s.mixed_reuse && !s.drawn_setups);
        assert_eq!(s.paths, crate::solver::Paths::Both);
        assert_eq!(s.findings_dir("x"), PathBuf::from("/tmp/f"));
        assert_eq!(s.reuse, Reuse::Reset);
        assert_eq!(
            s.theories.required,
            "bv".parse::<Theories>().unwrap().required
        );
        let odds = s.theories.odds;
        assert_eq!((odds.uf.num, odds.uf.den), (1, 2));
        assert_eq!((odds.quantifiers.num, odds.quantifiers.den), (3, 8));
        assert_eq!(
            odds.ints,
            crate::lang::generate::config::TheoryOdds::DEFAULT.ints
        );
        assert_eq!(s.seeds, Some(PathBuf::from("/tmp/s")));
        assert_eq!(s.pools.strings, vec![vec![], vec![u32::from('a')]]);
        assert_eq!(s.pools.ints, vec![(-1).into(), 7.into()]);
        assert_eq!((s.hang_seconds, s.rss_budget_mb), (12, 900));
        assert_eq!(s.reduce_seconds, 5);
        assert_eq!(
            s.quiet_classes,
            vec![
                crate::verdict::oracle::Class::Performance,
                crate::verdict::oracle::Class::Incompleteness
            ]
        );
    }

    #[test]
    fn all_classes_can_be_quiet() {
        let s = from(&[("SMTSMITH_QUIET_CLASSES", "all")]).unwrap();
        assert_eq!(s.quiet_classes, crate::verdict::oracle::Class::ALL.to_vec());
    }

    #[test]
    fn mixed_reuse_is_a_setting_of_its_own() {
        let s = from(&[("SMTSMITH_REUSE", "mixed")]).unwrap();
        assert!(s.mixed_reuse);
        assert_eq!(s.reuse, Reuse::DEFAULT);
        assert!(!from(&[("SMTSMITH_REUSE", "scope")]).unwrap().mixed_reuse);
    }

    #[test]
    fn a_malformed_variable_is_an_error_naming_it() {
        for (name, value, says) in [
            ("SMTSMITH_REUSE", "sometimes", "unknown reuse mode"),
            ("SMTSMITH_THEORIES", "floats", "floats"),
            ("SMTSMITH_THEORY_ODDS", "ints=0/4", "1 <= NUM <= DEN"),
            ("SMTSMITH_THEORY_ODDS", "ints=5/4", "1 <= NUM <= DEN"),
            ("SMTSMITH_THEORY_ODDS", "floats=1/2", "unknown theory"),
            ("SMTSMITH_THEORY_ODDS", "uneven", "not THEORY=NUM/DEN"),
            ("SMTSMITH_HANG_SECONDS", "ten", "not a whole number"),
            ("SMTSMITH_OPTIONS", "all", "expected curated or catalog"),
            ("SMTSMITH_PORTFOLIO", "differential", "not TARGET:SHARE"),
            (
                "SMTSMITH_PLAIN_SHARE",
                "101",
                "expected a percentage, 0 to 100",
            ),
            ("SMTSMITH_INT_POOL", "1 x", "x"),
            ("SMTSMITH_QUIET_CLASSES", "slow", "unknown class \"slow\""),
            ("SMTSMITH_SETUP", "random", "expected drawn or fixed"),
            ("SMTSMITH_PATHS", "text", "unknown paths"),
            (
                "SMTSMITH_SOLVERS",
                "z3,boolector",
                "unknown solver \"boolector\"",
            ),
            ("SMTSMITH_SOLVERS", "z3-text", "is a text path"),
            ("SMTSMITH_EFFORT", "0", "expected a number in (0, 100]"),
            ("SMTSMITH_EFFORT", "fast", "expected a number in (0, 100]"),
            (
                "SMTSMITH_BITBLAST_SECONDS",
                "-1",
                "expected seconds, 0 or more",
            ),
        ] {
            let e = from(&[(name, value)]).unwrap_err();
            assert!(
                e.starts_with(&format!("{name}={value:?}: ")) && e.contains(says),
                "{e}"
            );
        }
    }
}
