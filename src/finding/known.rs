//! Known findings: the bugs reduced and kept in `known-findings/`, each described in
//! `known-findings/index.json` by what identifies it (class, solver, affected releases,
//! and a message, logic or operator). A new finding that matches one is written under
//! `findings/known/<class>/` with the name of the known reproducer, counted and shown as
//! known, and does not stop a fuzzing process.

use crate::oracle::Issue;
use crate::solver::SolverId;
use serde::Deserialize;

/// One entry of `known-findings/index.json`.
#[derive(Clone, Debug, Deserialize)]
pub struct Known {
    /// The reduced reproducer in `known-findings/`.
    pub file: String,
    /// Other reproducers of the same bug.
    #[serde(default)]
    pub also: Vec<String>,
    /// Finding classes the bug shows up as.
    pub classes: Vec<String>,
    pub solver: SolverId,
    /// Releases that have it (a version matches a release it starts with, up to a `.` or
    /// `-`: `4.8.7` matches `4.8.7.0`, not `4.8.70`).
    pub versions: Vec<String>,
    #[serde(default)]
    pub summary_contains: Option<String>,
    /// The formula's logic is one of these.
    #[serde(default)]
    pub logics: Vec<String>,
    /// The formula uses one of these operators.
    #[serde(default)]
    pub any_op: Vec<String>,
}

/// The index, compiled in (a fuzzing process needs no files beside it).
pub fn index() -> &'static [Known] {
    static INDEX: std::sync::OnceLock<Vec<Known>> = std::sync::OnceLock::new();
    INDEX.get_or_init(|| {
        serde_json::from_str(include_str!("../../known-findings/index.json"))
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

/// Known bugs of `issue`'s solver and class whose reproducer (or one of its `also`), read
/// by smtsmith, has the
/// reduced key `key` ([`super::reduced_key`]) for `issue`: the candidates a reduced finding
/// is replayed against, with their formulas (a bug with several matching reproducers comes
/// once per reproducer).
pub fn matching(issue: &Issue, key: &str) -> Vec<(&'static Known, crate::ir::Formula)> {
    let Some(solver) = issue.blamed.map(SolverId::library) else {
        return Vec::new();
    };
    index()
        .iter()
        .filter(|k| k.solver == solver && k.classes.iter().any(|c| c == issue.class.dir()))
        .flat_map(|k| {
            std::iter::once(&k.file)
                .chain(&k.also)
                .filter_map(move |file| {
                    let text = reproducer(file)?;
                    let f = super::reproducer_formula(text).ok()?;
                    (super::reduced_key(issue, &f, text) == key).then_some((k, f))
                })
        })
        .collect()
}

/// Whether `version`, as the library reports it (`Z3 4.8.10.0`, `1.4.0-modified`), is of
/// release `release` (`4.8.10`).
fn version_matches(release: &str, version: &str) -> bool {
    let number = version.split_whitespace().last().unwrap_or("");
    number
        .strip_prefix(release)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(['.', '-']))
}

/// The known finding `issue` is, if any: on a formula of `logic` using `ops`, with the
/// blamed solver at `version`.
pub fn recognise(
    issue: &Issue,
    version: &str,
    logic: &str,
    ops: &[&str],
) -> Option<&'static Known> {
    // A bug of a solver is known whichever of its paths shows it.
    let solver = issue.blamed?.library();
    index().iter().find(|k| {
        k.solver == solver
            && k.classes.iter().any(|c| c == issue.class.dir())
            && k.versions.iter().any(|r| version_matches(r, version))
            && k.summary_contains
                .as_ref()
                .is_none_or(|m| issue.summary.contains(m.as_str()))
            && (k.logics.is_empty() || k.logics.iter().any(|l| l == logic))
            && (k.any_op.is_empty() || k.any_op.iter().any(|o| ops.contains(&o.as_str())))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::Class;

    /// Every entry names reproducers that exist, classes that exist, and at least one
    /// distinguishing condition besides class and solver.
    #[test]
    fn index_entries_are_complete() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("known-findings");
        assert!(index().len() >= 10);
        for k in index() {
            for f in std::iter::once(&k.file).chain(&k.also) {
                assert!(dir.join(f).is_file(), "{f}");
            }
            // Compiled in for replays.
            assert!(reproducer(&k.file).is_some(), "{}", k.file);
            for c in &k.classes {
                assert!(Class::ALL.iter().any(|x| x.dir() == c), "{c}");
            }
            assert!(
                k.summary_contains.is_some() || !k.logics.is_empty() || !k.any_op.is_empty(),
                "{}",
                k.file
            );
        }
    }

    /// A reduced finding's key finds the known bug whose reduced reproducer has it: Z3
    /// 4.8.7's `(> 0 (mod 0 0))` (listed under `also`) is `invalid-model/z3/QF_NIA/mod`.
    #[test]
    fn reduced_keys_find_known_reproducers() {
        let issue = Issue {
            class: Class::InvalidModel,
            blamed: Some(SolverId::Z3),
            summary: "z3 says sat, but its model makes assertion 0 false".into(),
        };
        let found = matching(&issue, "invalid-model/z3/QF_NIA/mod");
        assert_eq!(
            found.len(),
            1,
            "{:?}",
            found.iter().map(|(k, _)| &k.file).collect::<Vec<_>>()
        );
        assert_eq!(
            found[0].0.file,
            "z3-4.8.7-nested-mod-by-zero-invalid-model.smt2"
        );
        assert!(matching(&issue, "invalid-model/z3/QF_NIA/div").len() == 1);
        assert!(matching(&issue, "invalid-model/z3/QF_NIA/str.len").is_empty());
        let cvc5 = Issue {
            blamed: Some(SolverId::Cvc5),
            ..issue
        };
        assert!(matching(&cvc5, "invalid-model/cvc5/QF_NIA/mod").is_empty());
    }

    #[test]
    fn recognised_by_class_solver_release_and_condition() {
        let issue = |class, solver, summary: &str| Issue {
            class,
            blamed: Some(solver),
            summary: summary.into(),
        };
        let no_model = issue(
            Class::ApiError,
            SolverId::Cvc5,
            "cvc5 API error in cvc5_get_value: Cannot get-value since model is not available.",
        );
        let k = recognise(&no_model, "1.4.0-modified", "QF_AUFLIA", &["select"]).unwrap();
        assert_eq!(k.file, "cvc5-1.4.0-no-model-after-sat-UF-arrays.smt2");
        // Another release, solver, class or message: not that bug.
        assert!(recognise(&no_model, "1.4.1", "QF_AUFLIA", &[]).is_none());
        let other = issue(Class::ApiError, SolverId::Z3, &no_model.summary);
        assert!(recognise(&other, "1.4.0", "QF_AUFLIA", &[]).is_none());
        let other = issue(Class::ApiError, SolverId::Cvc5, "cvc5 API error: other");
        assert!(recognise(&other, "1.4.0", "QF_AUFLIA", &[]).is_none());
        // By operator: Z3 4.8.7's re.loop bug, not on 4.8.70 (no such release) or 4.8.8.
        let d = issue(Class::Disagreement, SolverId::Z3, "z3 sat, cvc5 unsat");
        assert!(recognise(&d, "4.8.7.0", "QF_S", &["re.loop", "str.in_re"]).is_some());
        // As Z3 reports its version, and through its front end.
        assert!(recognise(&d, "Z3 4.8.7.0", "QF_S", &["re.loop"]).is_some());
        let text = issue(Class::Disagreement, SolverId::Z3Text, "z3-text sat");
        assert!(recognise(&text, "Z3 4.8.7.0", "QF_S", &["re.loop"]).is_some());
        assert!(recognise(&d, "4.8.70", "QF_S", &["re.loop"]).is_none());
        assert!(recognise(&d, "4.8.8.0", "QF_S", &["re.loop"]).is_none());
        assert!(recognise(&d, "4.8.7.0", "QF_S", &["str.in_re"]).is_none());
        // By logic.
        let t = issue(Class::TimeLimit, SolverId::Cvc5, "cvc5 still running");
        assert!(recognise(&t, "1.4.0", "QF_NRA", &[]).is_some());
        assert!(recognise(&t, "1.4.0", "QF_LIA", &[]).is_none());
        // Nobody blamed: nothing to recognise.
        let none = Issue { blamed: None, ..t };
        assert!(recognise(&none, "1.4.0", "QF_NRA", &[]).is_none());
    }
}
