//! Known findings: the bugs reduced and kept in `known-findings/`, each described in
//! `known-findings/index.json` by its reproducer, the classes it shows as, its solver, the
//! releases it affects and the one that fixed it. A finding is known only by evidence, once
//! it is reduced: its reduced key is a known reproducer's and that reproducer, replayed in
//! the finding's setup, makes the same finding ([`matching`], then a replay by the harness);
//! or `smtsmith bisect` puts its fix in the known bug's release ([`fixed_alike`]). Until
//! then a finding is "unsettled". A known finding is written under `findings/known/<class>/`
//! with the evidence in its JSON, listed by `summary`, `triage` and the report, and does not
//! stop a fuzzing process.

use crate::solver::SolverId;
use crate::verdict::oracle::Issue;
use serde::Deserialize;

/// One entry of `known-findings/index.json`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Known {
    /// The reduced reproducer in `known-findings/`.
    pub file: String,
    /// Other reproducers of the same bug.
    #[serde(default)]
    pub also: Vec<String>,
    /// Finding classes the bug shows up as.
    pub classes: Vec<String>,
    pub solver: SolverId,
    /// Releases that have it, checked with their binaries (a version matches a release it
    /// starts with, up to a `.` or `-`: `4.8.7` matches `4.8.7.0`, not `4.8.70`).
    pub versions: Vec<String>,
    /// The first release without it (its binary checked), where one is known.
    #[serde(default)]
    pub fixed_in: Option<String>,
    /// Where the bug comes from: the public issue thread its reproducer was written from,
    /// or the smtsmith run that found it.
    #[serde(default)]
    pub source: Option<String>,
    /// How the release's `z3` binary shows the bug (default: by its first class).
    #[serde(default)]
    pub binary: Option<BinaryShows>,
    /// The theory the bug is in (`fp`, `strings`, `nra`, …), for the yardstick's tables.
    #[serde(default)]
    pub theory: Option<String>,
}

/// How a release's own reader (Z3's and Yices's binaries, cvc5's wheel module) running a
/// bug's reproducer shows the bug (`smtsmith bugs verify`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BinaryShows {
    /// A decided answer contradicts the `(set-info :status …)` before its check.
    Verdicts,
    /// An answer other than the check's status, `unknown` included (an incompleteness, or
    /// an API error the binary turns into `unknown`).
    NotStatus,
    /// `sat` with a model smtsmith's evaluator refutes (or, where smtsmith does not read the
    /// model exactly, that Z3's own `model_validate=true` rejects).
    Model,
    /// Z3's optimizer: the objectives it reports after `(get-objectives)` and its model,
    /// judged by the optimizer's oracle (`oracle::optimum`; a better objective's witness from
    /// the same binary, checked by the evaluator).
    Optimum,
    /// Killed by a signal.
    Signal,
    /// Still running at the probe's time limit.
    Timeout,
    /// An `(error …)` before the first answer.
    Error,
    /// Unsat assumptions that are satisfiable: the reproducer ends with a
    /// `check-sat-assuming` and its `(get-unsat-assumptions)`; the assumptions the binary
    /// names, asserted alone after the assertions in force, are `sat` with a model the
    /// evaluator validates.
    Core,
    /// Only through the C API (an in-process path): the binary does not show it, and only
    /// the harness's replay in a build of the release does.
    ApiOnly,
    /// The binary shows it only past any probe's limits (minutes, gigabytes): not probed.
    TooSlow,
    /// The binary shows it only when its own time limit stops the check, and then in some
    /// runs, as the moment the stop lands decides: not probed (a probe would be a coin toss).
    Stopped,
}

impl Known {
    /// A public bug: its reproducer was written from a public issue thread (its `source`
    /// is the thread's address), not found by smtsmith.
    pub fn is_public(&self) -> bool {
        self.source
            .as_deref()
            .is_some_and(|s| s.starts_with("https://github.com/") && s.contains("/issues/"))
    }

    /// How the binary shows the bug: as the index says, else by its first class.
    pub fn binary_shows(&self) -> BinaryShows {
        if let Some(b) = self.binary {
            return b;
        }
        match self.classes.first().map(String::as_str) {
            Some("crash") => BinaryShows::Signal,
            Some("time-limit" | "performance") => BinaryShows::Timeout,
            Some("api-error" | "self-check") => BinaryShows::Error,
            Some("invalid-model" | "wrong-value") => BinaryShows::Model,
            Some("incompleteness") => BinaryShows::NotStatus,
            Some("invalid-core") => BinaryShows::Core,
            Some("wrong-optimum") => BinaryShows::Optimum,
            _ => BinaryShows::Verdicts,
        }
    }
}

/// The index, compiled in (a fuzzing process needs no files beside it).
pub fn index() -> &'static [Known] {
    static INDEX: std::sync::OnceLock<Vec<Known>> = std::sync::OnceLock::new();
    INDEX.get_or_init(|| {
        serde_json::from_str(include_str!("../../../known-findings/index.json"))
            .expect("known-findings/index.json is valid (tested)")
    })
}

/// The reproducers of `known-findings/` (name, text), compiled in by `build.rs`.
mod files {
    include!(concat!(env!("OUT_DIR"), "/known_findings.rs"));
}

/// The text of the reproducer `name` of `known-findings/`.
pub fn reproducer(name: &str) -> Option<&'static str> {
    files::FILES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
}

/// The reproducers (name, text) of the known bugs of `issue`'s blamed solver and class, each
/// with its entry (a bug with several reproducers comes once per reproducer).
fn reproducers_for(issue: &Issue) -> Vec<(&'static Known, &'static str)> {
    let Some(solver) = issue.blamed.map(SolverId::library) else {
        return Vec::new();
    };
    index()
        .iter()
        .filter(|k| k.solver == solver && k.classes.iter().any(|c| c == issue.class.dir()))
        .flat_map(|k| {
            std::iter::once(&k.file)
                .chain(&k.also)
                .filter_map(move |file| reproducer(file).map(|text| (k, text)))
        })
        .collect()
}

/// Known bugs of `issue`'s solver and class whose reproducer (or one of its `also`), read
/// by smtsmith, has the shape of the reduced formula `f` ([`super::known_shape`]: class,
/// solver, logic, operators, array sorts — whatever setup or message the reproducer shows
/// it with): the candidates a reduced finding is replayed against, with their formulas and
/// texts (the replay decides).
///
/// A reproducer that asks through `check-sat-assuming` is a script's bug, never a formula
/// case's (a formula case assumes nothing): read as a formula, its assumptions would be
/// dropped and its shape would be broader than the bug (an empty formula's shape is that
/// of every reduced finding with no operator left).
pub fn matching(
    issue: &Issue,
    f: &crate::lang::ir::Formula,
) -> Vec<(&'static Known, crate::lang::ir::Formula, &'static str)> {
    let shape = super::known_shape(issue, f);
    reproducers_for(issue)
        .into_iter()
        .filter_map(|(k, text)| {
            let parsed = crate::cases::smtlib::parse::parse_script(text).ok()?;
            let assumes = parsed
                .script
                .actions
                .iter()
                .any(|a| matches!(a, crate::cases::script::Action::CheckSatAssuming(_)));
            let kf = parsed.formula;
            (!assumes && super::known_shape(issue, &kf) == shape).then_some((k, kf, text))
        })
        .collect()
}

/// [`matching`] for a script finding: the known bugs whose reproducer, read as an
/// incremental script, has the reduced key `key` (from the terms it asserts and assumes),
/// with their scripts to replay.
pub fn matching_scripts(
    issue: &Issue,
    key: &str,
) -> Vec<(&'static Known, crate::cases::script::Script)> {
    reproducers_for(issue)
        .into_iter()
        .filter_map(|(k, text)| {
            let s = crate::cases::smtlib::parse::parse_script(text).ok()?.script;
            (super::reduced_key(issue, &s.shape(), text) == key).then_some((k, s))
        })
        .collect()
}

/// Whether `version`, as the library reports it (`Z3 4.8.10.0`, `1.4.0-modified`), is of
/// release `release` (`4.8.10`).
pub fn version_matches(release: &str, version: &str) -> bool {
    let number = version.split_whitespace().last().unwrap_or("");
    number
        .strip_prefix(release)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(['.', '-']))
}

impl Known {
    /// Whether the index lists the release the library reports as `version` as affected.
    pub fn affects(&self, version: &str) -> bool {
        self.versions.iter().any(|r| version_matches(r, version))
    }
}

/// The known bugs whose reproducer has the shape of the reduced formula `f` for `issue` (as
/// [`matching`]) and whose fix release is `fixed_in`: the bisection evidence of a finding
/// that `smtsmith bisect` found fixed in `fixed_in`.
pub fn fixed_alike(
    issue: &Issue,
    f: &crate::lang::ir::Formula,
    fixed_in: &str,
) -> Vec<&'static Known> {
    let mut out: Vec<&'static Known> = Vec::new();
    for (k, _, _) in matching(issue, f) {
        if k.fixed_in.as_deref() == Some(fixed_in) && !out.iter().any(|o| o.file == k.file) {
            out.push(k);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::oracle::Class;

    /// Every entry names reproducers that exist and read, classes that exist, releases,
    /// and a fix release that is not among them.
    #[test]
    fn index_entries_are_complete() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("known-findings");
        assert!(index().len() >= 10);
        for k in index() {
            for f in std::iter::once(&k.file).chain(&k.also) {
                assert!(dir.join(f).is_file(), "{f}");
                // Compiled in, and read by smtsmith: a replay needs its formula.
                let text = reproducer(f).unwrap_or_else(|| panic!("{f} not compiled in"));
                super::super::reproducer_formula(text).unwrap_or_else(|e| panic!("{f}: {e}"));
            }
            for c in &k.classes {
                assert!(Class::ALL.iter().any(|x| x.dir() == c), "{c}");
            }
            assert!(!k.versions.is_empty(), "{}", k.file);
            if let Some(fixed) = &k.fixed_in {
                assert!(
                    !k.affects(fixed),
                    "{}: fixed in a release it affects",
                    k.file
                );
            }
        }
    }

    /// The yardstick's public bugs: at least 60, each named in known-findings/README.md's
    /// table with its theory, and a thread address only where the source is one.
    #[test]
    fn public_bugs_are_listed_with_their_theory() {
        let readme = include_str!("../../../known-findings/README.md");
        let public: Vec<&Known> = index().iter().filter(|k| k.is_public()).collect();
        assert!(public.len() >= 60, "{} public bugs", public.len());
        for k in &public {
            assert!(k.theory.is_some(), "{}: no theory", k.file);
            assert!(
                readme.contains(&format!("| `{}` |", k.file)),
                "{} not in README's table",
                k.file
            );
        }
        let own = index()
            .iter()
            .find(|k| k.file == "z3-4.8.7-re-loop-n-greater-m.smt2")
            .unwrap();
        assert!(!own.is_public(), "found by smtsmith, also reported: own");
    }

    /// The formula of a script.
    fn formula(text: &str) -> crate::lang::ir::Formula {
        crate::cases::smtlib::parse::parse_script(text)
            .unwrap()
            .formula
    }

    /// A reduced finding's shape finds the known bug whose reduced reproducer has it: Z3
    /// 4.8.7's `(> 0 (mod 0 0))` (listed under `also`) is `invalid-model/z3/QF_NIA/mod`; the
    /// same shape blamed on cvc5, or another operator, finds nothing.
    #[test]
    fn reduced_shapes_find_known_reproducers() {
        let issue = Issue {
            class: Class::InvalidModel,
            blamed: Some(SolverId::Z3),
            summary: "z3 says sat, but its model makes assertion 0 false".into(),
        };
        let of = |op: &str| {
            formula(&format!(
                "(set-logic QF_NIA)(declare-const x Int)(assert (> x ({op} x 0)))(check-sat)"
            ))
        };
        let found = matching(&issue, &of("mod"));
        assert_eq!(
            found
                .iter()
                .map(|(k, _, _)| k.file.as_str())
                .collect::<Vec<_>>(),
            ["z3-4.8.7-nested-mod-by-zero-invalid-model.smt2"]
        );
        // Two known bugs have that shape with `div`: the same 4.8.7 bug (by its `also`
        // reproducer of `div` by zero) and Z3Prover/z3#2733 (`div` by zero, 4.8.6–4.8.7).
        let mut div: Vec<&str> = matching(&issue, &of("div"))
            .iter()
            .map(|(k, _, _)| k.file.as_str())
            .collect();
        div.sort_unstable();
        assert_eq!(
            div,
            [
                "z3-4.8.7-lia-div-by-zero-congruence-wrong-sat.smt2",
                "z3-4.8.7-nested-mod-by-zero-invalid-model.smt2"
            ]
        );
        let strings = formula("(declare-const s String)(assert (> (str.len s) 2))(check-sat)");
        assert!(matching(&issue, &strings).is_empty());
        let cvc5 = Issue {
            blamed: Some(SolverId::Cvc5),
            ..issue.clone()
        };
        assert!(matching(&cvc5, &of("mod")).is_empty());
        // A disagreement nobody is blamed for matches no solver's entries.
        let nobody = Issue {
            class: Class::Disagreement,
            blamed: None,
            ..issue
        };
        assert!(matching(&nobody, &of("mod")).is_empty());
    }

    /// An error's shape names no message and no setup: Z3's `fp.roundToIntegral` error on
    /// a Float(3,4) formula met through `push` finds both known bugs of that shape (the
    /// replay's message tells them apart), whatever comparison or classification is around
    /// the term; an error of another operator finds nothing.
    #[test]
    fn an_error_is_matched_by_its_operators_not_its_message() {
        let issue = Issue {
            class: Class::ApiError,
            blamed: Some(SolverId::Z3),
            summary: "z3 API error in Z3_solver_check: invalid extract application".into(),
        };
        let met = formula(
            "(set-logic QF_FP)(declare-fun rm () RoundingMode)(declare-fun x () (_ FloatingPoint 3 4))
             (push 1)(assert (fp.isZero (fp.roundToIntegral rm x)))(check-sat)",
        );
        let files = |issue: &Issue, f: &crate::lang::ir::Formula| -> Vec<&'static str> {
            matching(issue, f)
                .iter()
                .map(|(k, _, _)| k.file.as_str())
                .collect()
        };
        assert_eq!(
            files(&issue, &met),
            [
                "z3-4.8.10-round-to-integral-small-significand-error.smt2",
                "z3-4.8.10-round-to-integral-float-3-4-push-error.smt2"
            ]
        );
        // Another comparison or classification around the term is the same shape.
        let cvc5 = Issue {
            blamed: Some(SolverId::Cvc5),
            summary: "cvc5 API error in cvc5_check_sat: resulting bit-vector size is too large"
                .into(),
            ..issue.clone()
        };
        for around in ["fp.isSubnormal", "fp.isZero"] {
            let g = formula(&format!(
                "(set-logic QF_FP)(declare-fun x () (_ FloatingPoint 3 4))
                 (assert ({around} (fp.roundToIntegral RNE x)))(check-sat)"
            ));
            assert_eq!(
                files(&cvc5, &g),
                ["cvc5-1.4.2-fp-exp-round-to-integral-small-format-error.smt2"],
                "{around}"
            );
        }
        let other = formula(
            "(set-logic QF_FP)(declare-fun x () (_ FloatingPoint 3 4))(assert (fp.isNaN (fp.sqrt RNE x)))(check-sat)",
        );
        assert!(matching(&issue, &other).is_empty());
    }

    /// Z3Prover/z3#8045 with other assumptions beside `false`: the key six reduced `script`
    /// findings of a run on Z3 4.15.4.0 got (`smtsmith run --incremental --count 4000 --seed
    /// 400`) finds the bug by its `also` reproducer; the key of the bare `(false)` reproducer
    /// still finds it by its own.
    #[test]
    fn a_core_that_omits_false_among_other_assumptions_is_the_known_bug() {
        let issue = Issue {
            class: Class::InvalidCore,
            blamed: Some(SolverId::Z3),
            summary: "z3 says unsat with 0 unsat assumption(s)".into(),
        };
        for (key, file) in [
            (
                "invalid-core/z3/QF_UF/not [assumes false]",
                "z3-4.15.4-unsat-assumptions-omit-false.smt2",
            ),
            (
                "invalid-core/z3/QF_UF/ [assumes false]",
                "z3-4.15.4-unsat-assumptions-omit-false.smt2",
            ),
        ] {
            let found: Vec<&str> = matching_scripts(&issue, key)
                .iter()
                .map(|(k, _)| k.file.as_str())
                .collect();
            assert_eq!(found, [file], "{key}");
        }
    }

    #[test]
    fn releases_match_by_their_numbers() {
        assert!(version_matches("4.8.7", "Z3 4.8.7.0"));
        assert!(version_matches("1.4.0", "1.4.0-modified"));
        assert!(!version_matches("4.8.7", "4.8.70"));
        assert!(!version_matches("4.8.7", "4.8.8.0"));
    }
}
