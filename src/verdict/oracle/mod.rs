//! Oracles: turn the solvers' answers to one formula into findings.
//!
//! - API error: a solver's API rejected a call on a well-sorted formula.
//! - Invalid model: after `sat`, the evaluator finds an assertion false under the model.
//! - Wrong unsat: one solver says `unsat` while the other's `sat` model is validated by
//!   the evaluator (a refutation soundness bug of the `unsat` solver, proven).
//! - Disagreement: `sat` against `unsat` where no model could be validated (the evaluator
//!   answered unknown, e.g. division by zero, or the model itself is invalid): which solver
//!   is wrong is not established.
//!
//! `unknown` never produces a finding here; an evaluator `Unknown` is never a finding.

use crate::lang::eval::{check_model, Truth};
use crate::lang::ir::{Formula, NodeId, Value};
use crate::solver::{Outcome, SolverError, SolverId, Verdict};
use serde::{Deserialize, Serialize};
use std::fmt;

pub mod optimum;
pub mod process;
pub(crate) mod script;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    WrongUnsat,
    Disagreement,
    InvalidModel,
    ApiError,
    /// A solver's rewriter simplifies a ground term to a value other than the evaluator's.
    GroundTerm,
    /// A solver ran far past its time limit (it does not check it; performance class,
    /// never mixed with soundness). Found by `smtsmith check`'s watchdog.
    TimeLimit,
    /// The process died inside a solver (signal or abort). Found by `smtsmith check`,
    /// which runs the scripts in a worker process, and by the fuzz targets' fatal-signal
    /// hook (`harness::watchdog`).
    Crash,
    /// A verdict contrary to a formula's construction (`crate::verdict::construct`): unsat on a
    /// formula sat by construction (its witness model checked by the evaluator), or sat on
    /// one unsat by construction. The summary names the family and the rule.
    Construction,
    /// After `unsat`, the solver's unsat core is satisfiable: the core's assertions alone
    /// have a model (found by a solver, checked by the evaluator). Cores are asked for on
    /// formulas unsat by construction whose expected core is known; a core missing part of
    /// it is re-checked alone.
    InvalidCore,
    /// A solver decided a formula and answers `unknown` (for a reason other than a time,
    /// resource or memory limit, or a documented unsupported feature) on a weakening (sat)
    /// or strengthening (unsat) of it (Janus).
    Incompleteness,
    /// A `get-value` answer that differs from the value the evaluator computes for the term
    /// under the same solver's model (its constants' values, read right before).
    WrongValue,
    /// One solver decides a check while the other runs out of its resource or time limit,
    /// and still does with ten times the limit (performance, never mixed with soundness).
    Performance,
    /// A solver's own check failed (Z3 `model_validate`, cvc5 `check-models` /
    /// `check-unsat-cores`): an error (or, for Z3, the process ending) that the same
    /// script does not produce without the self-check options.
    SelfCheck,
    /// One solver answers `sat` through one path (its C API, its SMT-LIB front end) and
    /// `unsat` through the other on the same formula: blamed on that solver (which path is
    /// wrong, the summary says where a model validates).
    PathDisagreement,
    /// Z3's optimizer reports an optimum that is not one: its own model gives the
    /// objective another value, or a plain solver's model (checked by the evaluator)
    /// satisfies the hard constraints with a better objective (`crate::cases::optimize`).
    WrongOptimum,
}

impl Class {
    /// Whether a finding of this class is reduced as it is written: not the performance
    /// classes (every candidate would cost up to ten times the limit, or a hang) nor a crash
    /// (the process is ending).
    pub fn reduced_as_written(self) -> bool {
        !matches!(self, Class::TimeLimit | Class::Performance | Class::Crash)
    }

    /// Folder name under `findings/`.
    pub fn dir(self) -> &'static str {
        match self {
            Class::WrongUnsat => "wrong-unsat",
            Class::Disagreement => "disagreement",
            Class::InvalidModel => "invalid-model",
            Class::ApiError => "api-error",
            Class::GroundTerm => "ground-term",
            Class::TimeLimit => "time-limit",
            Class::Crash => "crash",
            Class::Construction => "construction",
            Class::InvalidCore => "invalid-core",
            Class::Incompleteness => "incompleteness",
            Class::WrongValue => "wrong-value",
            Class::Performance => "performance",
            Class::SelfCheck => "self-check",
            Class::PathDisagreement => "path-disagreement",
            Class::WrongOptimum => "wrong-optimum",
        }
    }
}

impl Class {
    /// Every class.
    pub const ALL: [Class; 15] = [
        Class::WrongUnsat,
        Class::Disagreement,
        Class::InvalidModel,
        Class::ApiError,
        Class::GroundTerm,
        Class::TimeLimit,
        Class::Crash,
        Class::Construction,
        Class::InvalidCore,
        Class::Incompleteness,
        Class::WrongValue,
        Class::Performance,
        Class::SelfCheck,
        Class::PathDisagreement,
        Class::WrongOptimum,
    ];
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.dir())
    }
}

/// One solver's answer, or the API error that replaced it.
pub type Answer = Result<Outcome, SolverError>;

/// The evaluator's judgement of one solver's model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelCheck {
    pub solver: SolverId,
    pub truth: Truth,
}

/// What an oracle concluded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdicts {
    pub findings: Vec<Issue>,
    pub model_checks: Vec<ModelCheck>,
}

/// A problem found in the answers (before it is written to disk).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Issue {
    pub class: Class,
    /// The solver shown to be wrong, when the evidence establishes it.
    pub blamed: Option<SolverId>,
    pub summary: String,
}

impl Issue {
    /// Whether `other` is the same finding for reduction and matching: same class, same
    /// blamed solver and path, and for errors (api-error, self-check, crash) the same
    /// normalized message ([`normalize`]): a different error met on the way is another bug.
    pub fn same_finding(&self, other: &Issue) -> bool {
        self.class == other.class
            && self.blamed == other.blamed
            && (!matches!(
                self.class,
                Class::ApiError | Class::SelfCheck | Class::Crash
            ) || normalize(&self.summary) == normalize(&other.summary))
    }
}

/// Applies every oracle to the answers of the solvers to `f`.
/// [`judge`], and a verdict contrary to the construction `c` is a `construction` finding.
pub fn judge_constructed(
    c: &crate::verdict::construct::Constructed,
    answers: &[(SolverId, Answer)],
) -> Verdicts {
    let mut v = judge(&c.formula, answers);
    for (id, a) in answers {
        if let Ok(o) = a {
            let reason = o.reason.as_deref().unwrap_or("");
            if o.verdict == Verdict::Unknown
                && c.decided_seed.contains(id)
                && !is_limit_or_unsupported(reason)
                && !crate::dialect::facts::documented_incomplete(*id, &c.formula)
            {
                v.findings.push(Issue {
                    class: Class::Incompleteness,
                    blamed: Some(*id),
                    summary: format!(
                        "{id} decided the seed ({}) but answers unknown ({reason}) on its {} ({}: {})",
                        c.expected,
                        if c.expected == Verdict::Sat { "weakening" } else { "strengthening" },
                        c.family,
                        c.rule
                    ),
                });
            }
        }
    }
    for (id, a) in answers {
        let Ok(o) = a else { continue };
        let contrary = matches!(
            (c.expected, o.verdict),
            (Verdict::Sat, Verdict::Unsat) | (Verdict::Unsat, Verdict::Sat)
        );
        if contrary {
            let why = match c.expected {
                Verdict::Sat => "its witness satisfies every assertion (checked by the evaluator)",
                _ => "its assertions contradict each other by the rule",
            };
            v.findings.push(Issue {
                class: Class::Construction,
                blamed: Some(*id),
                summary: format!(
                    "{id} says {}, but the formula is {} by construction ({}: {}); {why}",
                    o.verdict, c.expected, c.family, c.rule
                ),
            });
        }
    }
    v
}

/// [`judge_constructed`] on `f`, a reduced form of `c`'s formula, where `f` keeps the
/// construction's verdict by evidence: sat when `c`'s witness (by declaration name)
/// satisfies every assertion of `f` (the evaluator), unsat when some solver answers unsat
/// and no solver's model satisfies `f` (the evaluator). Elsewhere the construction says
/// nothing about `f` and only [`judge`]'s oracles apply.
pub fn judge_constructed_reduced(
    c: &crate::verdict::construct::Constructed,
    f: &Formula,
    answers: &[(SolverId, Answer)],
) -> Verdicts {
    let kept = match c.expected {
        Verdict::Sat => c.witness.as_ref().is_some_and(|w| {
            let m = crate::lang::eval::Model {
                values: f
                    .decls
                    .iter()
                    .map(|d| {
                        let k = c.formula.decls.iter().position(|e| e == d)?;
                        w.values.get(k).cloned().flatten()
                    })
                    .collect(),
                ..Default::default()
            };
            f.decls.iter().all(|d| d.args.is_empty()) && check_model(f, &m) == Truth::True
        }),
        _ => {
            let some_unsat = answers
                .iter()
                .any(|(_, a)| matches!(a, Ok(o) if o.verdict == Verdict::Unsat));
            let some_model_holds = answers.iter().any(|(_, a)| {
                matches!(a, Ok(o) if o.model.as_ref().is_some_and(|m| check_model(f, m) == Truth::True))
            });
            some_unsat && !some_model_holds
        }
    };
    if !kept {
        return judge(f, answers);
    }
    let reduced = crate::verdict::construct::Constructed {
        formula: f.clone(),
        witness: None,
        core: None,
        ..c.clone()
    };
    judge_constructed(&reduced, answers)
}

/// The unsat-core oracle for a formula unsat by construction with a known core: a solver's
/// core that contains the whole expected core is unsat by construction; one that misses
/// part of it is re-checked alone by every solver (`recheck`), and a model of it that the
/// evaluator validates makes it an `invalid-core` finding (the solver's core is
/// satisfiable).
pub fn judge_constructed_core(
    c: &crate::verdict::construct::Constructed,
    answers: &[(SolverId, Answer)],
    mut recheck: impl FnMut(&Formula) -> Vec<(SolverId, Answer)>,
) -> Vec<Issue> {
    let Some(expected) = &c.core else {
        return Vec::new();
    };
    let names = |ks: &[usize]| {
        ks.iter()
            .map(|k| format!("a{k}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut issues = Vec::new();
    for (id, a) in answers {
        let Ok(o) = a else { continue };
        let (Verdict::Unsat, Some(core)) = (o.verdict, &o.core) else {
            continue;
        };
        if expected.iter().all(|k| core.contains(k)) {
            continue;
        }
        let mut sub = c.formula.clone();
        sub.asserts = core.iter().map(|k| c.formula.asserts[*k]).collect();
        if let Some(other) = script::satisfied_by(&sub, &recheck(&sub)) {
            issues.push(Issue {
                class: Class::InvalidCore,
                blamed: Some(*id),
                summary: format!(
                    "{id} says unsat with core ({}), but those assertions alone are sat: {other}'s model of them is validated by the evaluator; the construction's core is ({}) ({}: {})",
                    names(core),
                    names(expected),
                    c.family,
                    c.rule
                ),
            });
        }
    }
    issues
}

/// The decidable fragment a quantifier-free formula belongs to, where it belongs to one
/// of those the incompleteness oracle holds solvers to: linear integer/real arithmetic,
/// bit-vectors, arrays, uninterpreted functions, and strings whose every string constant
/// has an asserted upper bound on its length (`(<= (str.len x) n)` or `(< (str.len x) n)`
/// with a numeral `n`; no function of string sort, no array with string elements, no
/// `str.from_int` — so that every string term's length is bounded). `None`: quantified,
/// nonlinear, or strings without such bounds.
pub fn decidable_fragment(f: &Formula) -> Option<String> {
    use crate::lang::ir::{NodeKind, Op, Sort, Value};
    let sig = f.signature();
    // Sequences: no solver claims a decision procedure (Z3's seq theory does not axiomatize
    // `replace_all` and answers unknown, Z3Prover/z3#9928).
    if sig.quantifiers || sig.nonlinear || sig.seq {
        return None;
    }
    if sig.strings {
        // Where a string's length is not bounded by the bounds on the constants: a function
        // of string sort, an array with string elements, `str.from_int` of an unbounded
        // integer (the final campaign found Z3 unknown on such a formula: not the fragment).
        fn holds_strings(s: &Sort) -> bool {
            match s {
                Sort::String => true,
                Sort::Array(_, e) => holds_strings(e),
                _ => false,
            }
        }
        if f.decls.iter().any(|d| {
            (!d.args.is_empty() && (d.sort == Sort::String || d.args.contains(&Sort::String)))
                || matches!(&d.sort, Sort::Array(..) if holds_strings(&d.sort))
        }) || sig.ops.contains(&Op::StrFromInt)
        {
            return None;
        }
        let bounded = |d: usize| {
            f.asserts.iter().any(|a| match &f.node(*a).kind {
                NodeKind::App(Op::Le | Op::Lt, _, args) if args.len() == 2 => {
                    let len_of_d = matches!(&f.node(args[0]).kind,
                        NodeKind::App(Op::StrLen, _, x)
                            if matches!(f.node(x[0]).kind, NodeKind::Const(c) if c.0 as usize == d));
                    len_of_d && matches!(f.node(args[1]).kind, NodeKind::Lit(Value::Int(_)))
                }
                _ => false,
            })
        };
        let used = f.reachable_postorder();
        let strings_used: Vec<usize> = used
            .iter()
            .filter_map(|id| match f.node(*id).kind {
                NodeKind::Const(d) if f.decls[d.0 as usize].sort == Sort::String => {
                    Some(d.0 as usize)
                }
                _ => None,
            })
            .collect();
        if !strings_used.into_iter().all(bounded) {
            return None;
        }
    }
    Some(sig.logic())
}

/// Whether an `unknown`'s reason is a resource, time or memory limit (what the
/// performance oracle confirms with a larger limit).
pub fn is_limit(reason: &str) -> bool {
    crate::solver::is_limit_reason(reason)
}

/// Whether an `unknown`'s reason is a limit (time, resources, memory, cancellation) or a
/// feature smtsmith or the solver documents as unsupported — not an incompleteness.
pub fn is_limit_or_unsupported(reason: &str) -> bool {
    is_limit(reason)
        || ["skipped", "unsupported"]
            .iter()
            .any(|m| reason.contains(m))
}

/// The experimental options of its solver that `issue` on `f` needs (empty for most): cvc5's
/// `fp-exp` and `arrays-exp`, which smtsmith sets where a formula's sorts or constant arrays
/// need them ([`crate::dialect::facts::formula_options`]), where cvc5 is blamed or no one is. Such a
/// finding is written like any other, marked with them: cvc5's developers take reports of
/// experimental options only as such ("Please do not submit issues you encounter with
/// `--fp-exp`", cvc5/cvc5#3623, 2020; later ones are filed under the `experimental` label,
/// e.g. cvc5/cvc5#12760), and rank them after the core usage model's. A finding blamed on
/// another solver needs none: cvc5's answers there are a second opinion.
pub fn experimental_options(f: &Formula, issue: &Issue) -> Vec<&'static str> {
    let cvc5_or_no_one = issue.blamed.is_none_or(|id| id.library() == SolverId::Cvc5);
    if !cvc5_or_no_one {
        return Vec::new();
    }
    crate::dialect::facts::formula_options(SolverId::Cvc5, f)
        .into_iter()
        .filter(|(name, _)| crate::dialect::facts::cvc5_option_is_experimental(name))
        .map(|(name, _)| name)
        .collect()
}

pub fn judge(f: &Formula, answers: &[(SolverId, Answer)]) -> Verdicts {
    let mut findings = Vec::new();
    let mut model_checks = Vec::new();
    for (id, answer) in answers {
        match answer {
            Err(e) => findings.push(Issue {
                class: Class::ApiError,
                blamed: Some(*id),
                summary: e.to_string(),
            }),
            Ok(o) if o.verdict == Verdict::Sat => {
                let truth = match &o.model {
                    Some(m) => check_model(f, m),
                    None => continue,
                };
                if let Truth::False(i) = truth {
                    findings.push(Issue {
                        class: Class::InvalidModel,
                        blamed: Some(*id),
                        summary: format!("{id} says sat, but its model makes assertion {i} false"),
                    });
                }
                model_checks.push(ModelCheck { solver: *id, truth });
            }
            Ok(_) => {}
        }
    }
    let verdict = |want: Verdict| {
        answers
            .iter()
            .filter(move |(_, a)| matches!(a, Ok(o) if o.verdict == want))
            .map(|(id, _)| *id)
    };
    let sat: Vec<SolverId> = verdict(Verdict::Sat).collect();
    let unsat: Vec<SolverId> = verdict(Verdict::Unsat).collect();
    let validated: Vec<SolverId> = model_checks
        .iter()
        .filter(|c| c.truth == Truth::True)
        .map(|c| c.solver)
        .collect();
    // A solver whose two paths disagree: one path-disagreement finding for it, and its
    // unsat path is not blamed again below (its sat path still witnesses against others).
    let mut split = Vec::new();
    for lib in SolverId::ALL {
        let sat_path = sat.iter().find(|id| id.library() == lib);
        let unsat_path = unsat.iter().find(|id| id.library() == lib);
        if let (Some(s), Some(u)) = (sat_path, unsat_path) {
            split.push(lib);
            let evidence = if validated.contains(s) {
                format!("{s}'s model satisfies every assertion (checked by the evaluator)")
            } else if let Some(w) = validated.first() {
                format!("{w}'s model satisfies every assertion (checked by the evaluator)")
            } else {
                "no model validated".to_string()
            };
            findings.push(Issue {
                class: Class::PathDisagreement,
                blamed: Some(lib),
                summary: format!(
                    "{lib} says sat through {} and unsat through {}; {evidence}",
                    path_name(*s),
                    path_name(*u)
                ),
            });
        }
    }
    let unsat: Vec<SolverId> = unsat
        .into_iter()
        .filter(|id| !split.contains(&id.library()))
        .collect();
    if !sat.is_empty() && !unsat.is_empty() {
        let names = |v: &[SolverId]| {
            v.iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        // A sat answer whose own model is false is that solver's invalid-model finding; where
        // every sat answer is one, the unsat side is not suspected by anything.
        let refuted = |id: &SolverId| {
            model_checks
                .iter()
                .any(|c| c.solver == *id && matches!(c.truth, Truth::False(_)))
        };
        if let Some(witness) = validated.first() {
            for wrong in &unsat {
                findings.push(Issue {
                    class: Class::WrongUnsat,
                    blamed: Some(*wrong),
                    summary: format!("{wrong} says unsat, but {witness}'s model satisfies every assertion (checked by the evaluator)"),
                });
            }
        } else if !sat.iter().all(refuted) {
            let (blamed, majority) = match odd_one_out(&sat, &unsat, refuted) {
                Some((odd, others)) => (
                    Some(odd),
                    format!(
                        "; blamed by majority: {odd} alone against {} solvers ({})",
                        others.len(),
                        others
                            .iter()
                            .map(|s| s.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ),
                None => (None, String::new()),
            };
            findings.push(Issue {
                class: Class::Disagreement,
                blamed,
                summary: format!(
                    "sat ({}) vs unsat ({}), no model validated{majority}",
                    names(&sat),
                    names(&unsat)
                ),
            });
        }
    }
    Verdicts {
        findings,
        model_checks,
    }
}

/// Where one solver stands alone against at least two others on a sat/unsat disagreement
/// no model decides: that solver (its library) and the others. Solvers count once each
/// (its paths agree: a solver whose paths split is judged apart), and a sat answer whose
/// model the evaluator refutes (`refuted`) does not count for sat (it is its own finding).
fn odd_one_out(
    sat: &[SolverId],
    unsat: &[SolverId],
    refuted: impl Fn(&SolverId) -> bool,
) -> Option<(SolverId, Vec<SolverId>)> {
    let libraries = |ids: &mut dyn Iterator<Item = &SolverId>| {
        let mut v: Vec<SolverId> = ids.map(|id| id.library()).collect();
        v.sort();
        v.dedup();
        v
    };
    let sat = libraries(&mut sat.iter().filter(|id| !refuted(id)));
    let unsat = libraries(&mut unsat.iter());
    if sat.iter().any(|l| unsat.contains(l)) {
        return None;
    }
    match (&sat[..], &unsat[..]) {
        ([odd], others) | (others, [odd]) if others.len() >= 2 => Some((*odd, others.to_vec())),
        _ => None,
    }
}

/// One path's answer to one formula, in one of several setups the same formula ran in
/// (`smtsmith check` runs each file through every path and setup that can disagree).
#[derive(Clone, Debug)]
pub struct Observed {
    /// The path and setup, as reports name it (`z3 push`, `z3-text file`).
    pub label: String,
    pub solver: SolverId,
    pub verdict: Option<Verdict>,
    /// The evaluator's judgement of its model, after sat.
    pub truth: Option<Truth>,
    /// Which run (setup) it belongs to, for the finding's reproducer.
    pub run: usize,
}

/// What the answers of one formula across setups show that no single run did, for each
/// solver that no run has a finding of yet (`judged`: the solvers that have one, which is
/// then the finding that counts): a solver that says sat on some paths and unsat on others
/// is a `path-disagreement` (unless its sat model is invalid: that run's `invalid-model`
/// is the finding), named with the evidence (a model the evaluator validates, or none);
/// one that says unsat where another solver's model validates, in a run the other did not
/// take part in, is `wrong-unsat`. Each issue comes with the run its reproducer is made
/// from: the wrong side's (the unsat side, unless no model validates; then the sat side).
pub fn judge_across_setups(seen: &[Observed], judged: &[SolverId]) -> Vec<(Issue, usize)> {
    let mut out = Vec::new();
    let validated: Vec<&Observed> = seen
        .iter()
        .filter(|o| o.verdict == Some(Verdict::Sat) && o.truth == Some(Truth::True))
        .collect();
    for lib in SolverId::ALL {
        if judged.contains(&lib) {
            continue;
        }
        let of = |v: Verdict| -> Vec<&Observed> {
            seen.iter()
                .filter(|o| o.solver.library() == lib && o.verdict == Some(v))
                .collect()
        };
        let (sat, unsat) = (of(Verdict::Sat), of(Verdict::Unsat));
        let labels = |v: &[&Observed]| {
            v.iter()
                .map(|o| o.label.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let Some(first_unsat) = unsat.first() else {
            continue;
        };
        if !sat.is_empty() {
            if sat.iter().any(|o| matches!(o.truth, Some(Truth::False(_)))) {
                continue;
            }
            let own = sat.iter().find(|o| o.truth == Some(Truth::True));
            let (evidence, run) = match own.or(validated.first()) {
                Some(w) => (
                    format!(
                        "{}'s model satisfies every assertion (checked by the evaluator)",
                        w.label
                    ),
                    first_unsat.run,
                ),
                None => ("no model validated".to_string(), first_unsat.run),
            };
            out.push((
                Issue {
                    class: Class::PathDisagreement,
                    blamed: Some(lib),
                    summary: format!(
                        "{lib} says sat through {} and unsat through {}; {evidence}",
                        labels(&sat),
                        labels(&unsat)
                    ),
                },
                run,
            ));
        } else if let Some(w) = validated.iter().find(|o| o.solver.library() != lib) {
            out.push((
                Issue {
                    class: Class::WrongUnsat,
                    blamed: Some(first_unsat.solver),
                    summary: format!(
                        "{lib} says unsat through {}, but {}'s model satisfies every assertion (checked by the evaluator)",
                        labels(&unsat),
                        w.label
                    ),
                },
                first_unsat.run,
            ));
        }
    }
    out
}

/// Whom a disagreement that no model decides blames, and the evidence that decided it (or
/// why none did), as its JSON records it (`blame`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Blame {
    pub solver: Option<SolverId>,
    /// What decided it: `paths` (one solver's own paths disagree), `releases` (one solver's
    /// answer differs across its releases); `None`: nothing did.
    pub by: Option<String>,
    pub evidence: String,
}

/// Whom the answers of one formula across setups ([`Observed`]) blame for a disagreement:
/// the one solver whose own paths say both sat and unsat (the other's paths agree); nobody
/// where no solver's paths split, or both do — the evidence says which.
pub fn blame_by_paths(seen: &[Observed]) -> Blame {
    let answers = |lib: SolverId, v: Verdict| -> Vec<&str> {
        seen.iter()
            .filter(|o| o.solver.library() == lib && o.verdict == Some(v))
            .map(|o| o.label.as_str())
            .collect()
    };
    let split: Vec<SolverId> = SolverId::ALL
        .into_iter()
        .filter(|lib| {
            !answers(*lib, Verdict::Sat).is_empty() && !answers(*lib, Verdict::Unsat).is_empty()
        })
        .collect();
    let tally = |lib: SolverId| {
        let parts: Vec<String> = [Verdict::Sat, Verdict::Unsat, Verdict::Unknown]
            .into_iter()
            .map(|v| (v, answers(lib, v).len()))
            .filter(|(_, n)| *n > 0)
            .map(|(v, n)| format!("{v} on {n} path(s)"))
            .collect();
        format!("{lib} {}", parts.join(", "))
    };
    match split[..] {
        [lib] => Blame {
            solver: Some(lib),
            by: Some("paths".into()),
            evidence: format!(
                "{lib}'s own paths disagree: sat through {}, unsat through {}; {}",
                answers(lib, Verdict::Sat).join(", "),
                answers(lib, Verdict::Unsat).join(", "),
                SolverId::ALL
                    .into_iter()
                    .filter(|o| *o != lib)
                    .map(tally)
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        },
        [] => Blame {
            solver: None,
            by: None,
            evidence: format!(
                "none: each solver's paths agree ({}) and no model validated",
                SolverId::ALL
                    .into_iter()
                    .map(tally)
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        },
        _ => Blame {
            solver: None,
            by: None,
            evidence: format!(
                "none: both solvers' paths disagree ({})",
                SolverId::ALL
                    .into_iter()
                    .map(tally)
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        },
    }
}

/// How a path is named in summaries.
fn path_name(id: SolverId) -> &'static str {
    match id.path() {
        crate::dialect::solver_id::Path::Api => "its C API",
        crate::dialect::solver_id::Path::Text => "its SMT-LIB front end",
    }
}

/// What the ground-term oracle sees: closed terms, the evaluator's value of each (`None`:
/// unspecified by SMT-LIB), and per solver the value its rewriter simplified each to
/// (`None`: not a value) or its API error.
pub struct GroundObservation {
    pub roots: Vec<NodeId>,
    pub expected: Vec<Option<Value>>,
    pub values: Vec<(SolverId, SimplifiedValues)>,
}

/// One solver's simplified value of each term (`None`: not a value), or its API error.
pub type SimplifiedValues = Result<Vec<Option<Value>>, String>;

/// The ground-term oracle's judgement: issues, each with the term and the evaluator's value
/// (the reproducer asserts they differ), and counts of (term, solver) pairs.
#[derive(Default)]
pub struct GroundVerdict {
    pub issues: Vec<(Issue, Option<(NodeId, Value)>)>,
    pub agreed: usize,
    pub unsimplified: usize,
    pub unspecified: usize,
}

/// A solver's value other than the evaluator's is a `ground-term` issue (one per solver),
/// blamed on no solver when every solver reached that same value (then the evaluator is
/// the suspect); an API error is an `api-error` issue.
pub fn judge_ground(f: &Formula, o: &GroundObservation) -> GroundVerdict {
    let mut v = GroundVerdict::default();
    for (id, values) in &o.values {
        let values = match values {
            Ok(values) => values,
            Err(e) => {
                v.issues.push((
                    Issue {
                        class: Class::ApiError,
                        blamed: Some(*id),
                        summary: e.clone(),
                    },
                    None,
                ));
                continue;
            }
        };
        for ((root, want), got) in o.roots.iter().zip(&o.expected).zip(values) {
            match (want, got) {
                (Some(w), Some(g)) if w != g => {
                    let mut g_text = crate::cases::smtlib::value(g);
                    if g_text.len() > 200 {
                        g_text.truncate(200);
                    }
                    v.issues.push((
                        Issue {
                            class: Class::GroundTerm,
                            blamed: Some(*id),
                            summary: format!(
                                "{id} simplifies {} to {g_text}; the evaluator says {}",
                                crate::cases::smtlib::term(f, *root),
                                crate::cases::smtlib::value(w)
                            ),
                        },
                        Some((*root, w.clone())),
                    ));
                    break; // one finding per solver and case
                }
                (Some(_), Some(_)) => v.agreed += 1,
                (Some(_), None) => v.unsimplified += 1,
                (None, _) => v.unspecified += 1,
            }
        }
    }
    // Every solver reaching one value the evaluator disputes points at the evaluator.
    let answered: Vec<&Vec<Option<Value>>> = o
        .values
        .iter()
        .filter_map(|(_, r)| r.as_ref().ok())
        .collect();
    for (issue, witness) in v.issues.iter_mut() {
        let Some((root, _)) = witness else { continue };
        let k = o
            .roots
            .iter()
            .position(|r| r == root)
            .expect("a checked root");
        let first = answered.first().and_then(|vals| vals[k].clone());
        if answered.len() > 1
            && answered
                .iter()
                .all(|vals| vals[k].is_some() && vals[k] == first)
        {
            issue.blamed = None;
            issue
                .summary
                .push_str(" (every solver gives that value: suspect smtsmith's evaluator)");
        }
    }
    v
}

/// An error message with what varies between occurrences of one bug taken out: numbers,
/// string literals, bit-vector literals, symbols with digits (`x3`, `a12`), whitespace
/// runs; cut at 160 characters. Words naming a solver (`cvc5`, `cvc5_check_sat`, `Z3_mk_eq`)
/// are kept as written.
pub fn normalize(message: &str) -> String {
    let mut out = String::new();
    let mut chars = message.chars().peekable();
    let mut in_word = false;
    while let Some(c) = chars.next() {
        let word_start = !in_word && (c.is_ascii_alphabetic() || c == '_');
        in_word = c.is_ascii_alphanumeric() || c == '_';
        if word_start {
            let rest: String = chars.clone().take(3).collect();
            let starts = |name: &str| format!("{c}{rest}").to_ascii_lowercase().starts_with(name);
            if starts("cvc5") || starts("z3") {
                out.push(c);
                while let Some(d) = chars.next_if(|d| d.is_ascii_alphanumeric() || *d == '_') {
                    out.push(d);
                }
                continue;
            }
        }
        match c {
            '"' => {
                for d in chars.by_ref() {
                    if d == '"' {
                        break;
                    }
                }
                out.push('S');
            }
            '#' if matches!(chars.peek(), Some('b' | 'x')) => {
                chars.next();
                while chars.peek().is_some_and(|d| d.is_ascii_hexdigit()) {
                    chars.next();
                }
                out.push('H');
            }
            c if c.is_ascii_digit() => {
                while chars
                    .peek()
                    .is_some_and(|d| d.is_ascii_digit() || *d == '.')
                {
                    chars.next();
                }
                out.push('N');
            }
            c if c.is_whitespace() => {
                while chars.peek().is_some_and(|d| d.is_whitespace()) {
                    chars.next();
                }
                out.push(' ');
            }
            c => out.push(c),
        }
    }
    out.trim().chars().take(160).collect()
}

#[cfg(test)]
mod tests {
    //! Pure logic of the oracle over hand-made answers; the tests that make each class fire
    //! on real solver answers are in `tests/it/oracles.rs`.
    use super::*;
    use crate::lang::eval::Model;
    use crate::lang::ir::{Op, Sort, Value};
    use std::time::Duration;

    fn formula() -> Formula {
        // x > 0
        let mut f = Formula::default();
        let x = f.declare("x", Sort::Int);
        let x = f.constant(x);
        let zero = f.lit(Value::Int(0.into()));
        let gt = f.app(Op::Gt, vec![x, zero]).unwrap();
        f.assert(gt).unwrap();
        f
    }

    fn answer(v: Verdict, x: Option<i64>) -> Answer {
        Ok(Outcome {
            verdict: v,
            reason: None,
            model: x.map(|x| Model {
                values: vec![Some(Value::Int(x.into()))],
                ..Default::default()
            }),
            time: Duration::ZERO,
            phases: Default::default(),
            core: None,
        })
    }

    #[test]
    fn validated_model_blames_the_unsat_solver() {
        let f = formula();
        let v = judge(
            &f,
            &[
                (SolverId::Z3, answer(Verdict::Sat, Some(5))),
                (SolverId::Cvc5, answer(Verdict::Unsat, None)),
            ],
        );
        assert_eq!(v.findings.len(), 1);
        assert_eq!(v.findings[0].class, Class::WrongUnsat);
        assert_eq!(v.findings[0].blamed, Some(SolverId::Cvc5));
    }

    #[test]
    fn invalid_model_and_unproven_disagreement() {
        let f = formula();
        // The sat side's own model is false: that invalid model is the finding, counted
        // once (no disagreement beside it).
        let v = judge(
            &f,
            &[
                (SolverId::Z3, answer(Verdict::Sat, Some(0))),
                (SolverId::Cvc5, answer(Verdict::Unsat, None)),
            ],
        );
        let classes: Vec<Class> = v.findings.iter().map(|i| i.class).collect();
        assert_eq!(classes, vec![Class::InvalidModel]);
        // No model to judge: a disagreement that blames nobody.
        let v = judge(
            &f,
            &[
                (SolverId::Z3, answer(Verdict::Sat, None)),
                (SolverId::Cvc5, answer(Verdict::Unsat, None)),
            ],
        );
        let d: Vec<(Class, Option<SolverId>)> =
            v.findings.iter().map(|i| (i.class, i.blamed)).collect();
        assert_eq!(d, vec![(Class::Disagreement, None)]);
    }

    /// Three solvers, no model decides: the one alone against two others is blamed, on
    /// either side; two against none (one solver unknown) or a model the evaluator refutes
    /// on the majority's side blames no one by majority.
    #[test]
    fn two_against_one_blames_the_odd_one_out() {
        let f = formula();
        let blamed = |answers: &[(SolverId, Answer)]| -> Vec<(Class, Option<SolverId>)> {
            judge(&f, answers)
                .findings
                .iter()
                .map(|i| (i.class, i.blamed))
                .collect()
        };
        let d = |s| vec![(Class::Disagreement, s)];
        assert_eq!(
            blamed(&[
                (SolverId::Z3, answer(Verdict::Sat, None)),
                (SolverId::Cvc5, answer(Verdict::Unsat, None)),
                (SolverId::Yices, answer(Verdict::Unsat, None)),
            ]),
            d(Some(SolverId::Z3))
        );
        let v = judge(
            &f,
            &[
                (SolverId::Z3, answer(Verdict::Sat, None)),
                (SolverId::Cvc5, answer(Verdict::Sat, None)),
                (SolverId::Yices, answer(Verdict::Unsat, None)),
            ],
        );
        assert_eq!(v.findings[0].blamed, Some(SolverId::Yices));
        assert!(
            v.findings[0]
                .summary
                .contains("blamed by majority: yices alone against 2 solvers (z3, cvc5)"),
            "{}",
            v.findings[0].summary
        );
        // One solver says nothing: one against one.
        assert_eq!(
            blamed(&[
                (SolverId::Z3, answer(Verdict::Sat, None)),
                (SolverId::Cvc5, answer(Verdict::Unknown, None)),
                (SolverId::Yices, answer(Verdict::Unsat, None)),
            ]),
            d(None)
        );
        // A refuted sat model does not count for the majority: cvc5's invalid model is its
        // finding, and z3 against yices stays undecided.
        assert_eq!(
            blamed(&[
                (SolverId::Z3, answer(Verdict::Sat, None)),
                (SolverId::Cvc5, answer(Verdict::Sat, Some(0))),
                (SolverId::Yices, answer(Verdict::Unsat, None)),
            ]),
            vec![
                (Class::InvalidModel, Some(SolverId::Cvc5)),
                (Class::Disagreement, None)
            ]
        );
        // Two paths of one solver are one voice.
        assert_eq!(
            blamed(&[
                (SolverId::Z3, answer(Verdict::Sat, None)),
                (SolverId::Z3Text, answer(Verdict::Sat, None)),
                (SolverId::Cvc5, answer(Verdict::Unsat, None)),
            ]),
            d(None)
        );
    }

    /// Answers across setups: a solver whose own paths split is blamed (and its
    /// path-disagreement made where no run had a finding of it), with the validated model as
    /// evidence; an unsat where another solver's model validates in another setup is a
    /// wrong-unsat; a solver already judged in a run gets nothing more.
    #[test]
    fn answers_across_setups_blame_the_solver_that_disagrees_with_itself() {
        let seen = |v: &[(SolverId, &str, Option<Verdict>, Option<Truth>)]| -> Vec<Observed> {
            v.iter()
                .enumerate()
                .map(|(k, (id, label, verdict, truth))| Observed {
                    label: format!("{} {label}", id.library()),
                    solver: *id,
                    verdict: *verdict,
                    truth: truth.clone(),
                    run: k,
                })
                .collect()
        };
        let split = seen(&[
            (SolverId::Z3, "push", Some(Verdict::Unsat), None),
            (SolverId::Cvc5, "push", Some(Verdict::Sat), None),
            (SolverId::Z3, "fresh", Some(Verdict::Sat), Some(Truth::True)),
            (SolverId::Cvc5, "fresh", Some(Verdict::Sat), None),
        ]);
        let blame = blame_by_paths(&split);
        assert_eq!(blame.solver, Some(SolverId::Z3));
        assert_eq!(blame.by.as_deref(), Some("paths"));
        assert!(
            blame.evidence.contains("unsat through z3 push"),
            "{}",
            blame.evidence
        );
        let found = judge_across_setups(&split, &[]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0.class, Class::PathDisagreement);
        assert_eq!(found[0].0.blamed, Some(SolverId::Z3));
        // The reproducer comes from the wrong (unsat) side's run.
        assert_eq!(found[0].1, 0);
        assert!(judge_across_setups(&split, &[SolverId::Z3]).is_empty());
        // An unsat of Z3's general solver against cvc5's validated model elsewhere.
        let general = seen(&[
            (SolverId::Z3, "general fresh", Some(Verdict::Unsat), None),
            (
                SolverId::Cvc5,
                "fresh",
                Some(Verdict::Sat),
                Some(Truth::True),
            ),
            (SolverId::Z3, "fresh", Some(Verdict::Unknown), None),
        ]);
        let found = judge_across_setups(&general, &[]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0.class, Class::WrongUnsat);
        // Paths that agree settle nothing, and say so.
        let agree = seen(&[
            (SolverId::Z3, "push", Some(Verdict::Unsat), None),
            (SolverId::Cvc5, "push", Some(Verdict::Sat), None),
        ]);
        let blame = blame_by_paths(&agree);
        assert_eq!(blame.solver, None);
        assert!(blame.evidence.starts_with("none:"), "{}", blame.evidence);
        assert!(judge_across_setups(&agree, &[]).is_empty());
    }

    /// The incompleteness oracle: unknown for an incompleteness reason from a solver that
    /// decided the seed fires; a limit, or a solver that did not decide the seed, does not.
    /// Sequences are outside the fragments the incompleteness oracle holds solvers to: Z3
    /// documents `seq.replace_all` as not axiomatized (Z3Prover/z3#9928).
    #[test]
    fn sequences_are_no_decidable_fragment() {
        use crate::lang::ir::{Op, Sort};
        let mut f = Formula::default();
        let d = f.declare("q", Sort::seq(Sort::Int));
        let q = f.constant(d);
        let len = f.app(Op::SeqLen, vec![q]).unwrap();
        let zero = f.lit(Value::Int(0.into()));
        let eq = f.app(Op::Eq, vec![len, zero]).unwrap();
        f.assert(eq).unwrap();
        assert_eq!(decidable_fragment(&f), None);
        let mut g = Formula::default();
        let d = g.declare("i", Sort::Int);
        let i = g.constant(d);
        let zero = g.lit(Value::Int(0.into()));
        let eq = g.app(Op::Eq, vec![i, zero]).unwrap();
        g.assert(eq).unwrap();
        assert_eq!(decidable_fragment(&g).as_deref(), Some("QF_LIA"));
    }

    #[test]
    fn incompleteness_needs_a_decided_seed_and_a_non_limit_reason() {
        let c = crate::verdict::construct::Constructed {
            formula: formula(),
            expected: Verdict::Sat,
            witness: None,
            core: None,
            decided_seed: vec![SolverId::Z3],
            family: "janus",
            rule: "test".into(),
        };
        let unknown = |why: &str| {
            Ok(Outcome {
                verdict: Verdict::Unknown,
                reason: Some(why.into()),
                model: None,
                time: Duration::ZERO,
                phases: Default::default(),
                core: None,
            })
        };
        let fired = |id: SolverId, why: &str| {
            judge_constructed(&c, &[(id, unknown(why))])
                .findings
                .iter()
                .filter(|i| i.class == Class::Incompleteness)
                .count()
        };
        assert_eq!(fired(SolverId::Z3, "(incomplete (theory seq))"), 1);
        assert_eq!(fired(SolverId::Z3, "canceled"), 0);
        assert_eq!(fired(SolverId::Z3, "max. resource limit exceeded"), 0);
        assert_eq!(fired(SolverId::Cvc5, "INCOMPLETE"), 0);
        // An operator Z3's maintainers call unsupported (str.replace_re): expected unknown.
        let mut g = Formula::default();
        let s = g.lit(Value::str("1"));
        let r = g.app(Op::StrToRe, vec![s]).unwrap();
        let rep = g.app(Op::StrReplaceRe, vec![s, r, s]).unwrap();
        let eq = g.app(Op::Eq, vec![rep, s]).unwrap();
        g.assert(eq).unwrap();
        let c2 = crate::verdict::construct::Constructed {
            formula: g,
            ..c.clone()
        };
        let v = judge_constructed(&c2, &[(SolverId::Z3, unknown("(incomplete (theory seq))"))]);
        assert!(v.findings.is_empty());
    }

    #[test]
    fn agreement_and_unknown_are_quiet() {
        let f = formula();
        let v = judge(
            &f,
            &[
                (SolverId::Z3, answer(Verdict::Sat, Some(1))),
                (SolverId::Cvc5, answer(Verdict::Sat, Some(2))),
            ],
        );
        assert!(v.findings.is_empty());
        let v = judge(
            &f,
            &[
                (SolverId::Z3, answer(Verdict::Unknown, None)),
                (SolverId::Cvc5, answer(Verdict::Unsat, None)),
            ],
        );
        assert!(v.findings.is_empty());
    }
}
