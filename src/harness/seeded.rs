//! The metamorphic constructions whose seeds the solvers decide first (fusion, SAE and
//! Janus over generated formulas): they need the harness's solvers, so they live here, next
//! to it, and call into `crate::verdict::construct` for the constructions themselves.

use super::{watchdog, Harness};
use crate::lang::generate::Case;
use crate::solver::{self, SolverId, Verdict};

/// A fusion seed from a generated formula (bytes drawn from `u`): every solver decides it
/// alike, and a sat one only with a model the evaluator validates (that model is its
/// witness). `None` otherwise. Findings on the generated formula itself are not reported
/// here (the `differential` target looks for those).
pub fn generated_seed(
    h: &mut Harness,
    u: &mut arbitrary::Unstructured,
) -> Option<crate::verdict::construct::fusion::Seed> {
    let len = u.int_in_range(24..=160usize).ok()?;
    let bytes = u.bytes(len.min(u.len())).ok()?.to_vec();
    let case = Case::from_bytes_in(&bytes, &h.settings.theories);
    let watched = watchdog::watch(h, &case.formula, Some(&bytes));
    let answers = h.answers(&case.formula);
    if watched {
        watchdog::done();
    }
    let outcomes: Vec<&solver::Outcome> = answers
        .iter()
        .filter_map(|(_, a)| a.as_ref().ok())
        .collect();
    if outcomes.len() != answers.len() || outcomes.is_empty() {
        return None;
    }
    let verdict = outcomes[0].verdict;
    if !matches!(verdict, Verdict::Sat | Verdict::Unsat)
        || outcomes.iter().any(|o| o.verdict != verdict)
    {
        return None;
    }
    let witness = if verdict == Verdict::Sat {
        let m = outcomes.iter().find_map(|o| {
            o.model.as_ref().filter(|m| {
                crate::lang::eval::check_model(&case.formula, m) == crate::lang::eval::Truth::True
            })
        })?;
        Some(m.clone())
    } else {
        None
    };
    Some(crate::verdict::construct::fusion::Seed {
        formula: case.formula,
        verdict,
        witness,
        origin: format!("a generated {verdict} formula (every solver)"),
        decided_by: Some(answers.iter().map(|(id, _)| *id).collect()),
    })
}

/// A fusion case: one time in three the first seed is a generated formula decided alike
/// by every solver ([`generated_seed`]) and the second one is generated too or comes from
/// [`crate::verdict::construct::fusion::build`]'s sources; otherwise `fusion::build` alone.
pub fn fusion_case(
    h: &mut Harness,
    u: &mut arbitrary::Unstructured,
) -> arbitrary::Result<crate::verdict::construct::Constructed> {
    use crate::verdict::construct::fusion;
    if u.int_in_range(0..=2u8)? != 0 {
        return fusion::build(u);
    }
    let s1 = generated_seed(h, u).ok_or(arbitrary::Error::IncorrectFormat)?;
    let s2 = if u.ratio(1, 2)? {
        generated_seed(h, u)
    } else {
        (0..8).find_map(|_| {
            let s = if u.ratio(1, 2).ok()? {
                fusion::family_seed(u).ok()?
            } else {
                fusion::file_seed(u).ok()?
            };
            (s.verdict == s1.verdict).then_some(s)
        })
    }
    .ok_or(arbitrary::Error::IncorrectFormat)?;
    fusion::fuse(u, &s1, &s2)
}

/// One time in three a generated formula decided alike by every solver
/// ([`generated_seed`]), otherwise one of [`crate::verdict::construct::fusion::any_seed`].
fn mixed_seed(
    h: &mut Harness,
    u: &mut arbitrary::Unstructured,
) -> arbitrary::Result<crate::verdict::construct::fusion::Seed> {
    if u.int_in_range(0..=2u8)? == 0 {
        generated_seed(h, u).ok_or(arbitrary::Error::IncorrectFormat)
    } else {
        crate::verdict::construct::fusion::any_seed(u)
    }
}

/// An SAE case: one time in three the seed is a generated formula decided alike by both
/// solvers ([`generated_seed`]), otherwise one of [`crate::verdict::construct::fusion::any_seed`].
pub fn sae_case(
    h: &mut Harness,
    u: &mut arbitrary::Unstructured,
) -> arbitrary::Result<crate::verdict::construct::Constructed> {
    let seed = mixed_seed(h, u)?;
    crate::verdict::construct::sae::approximate(u, &seed)
}

/// A Janus case: a seed (one time in three a generated formula decided alike by both
/// solvers, else one of [`crate::verdict::construct::fusion::any_seed`]) is checked by every solver
/// first; the mutant records which solvers decided it as labelled, so that `unknown` from
/// one of them on the mutant is an `incompleteness` finding.
pub fn janus_case(
    h: &mut Harness,
    u: &mut arbitrary::Unstructured,
) -> arbitrary::Result<crate::verdict::construct::Constructed> {
    let seed = mixed_seed(h, u)?;
    // A generated seed was decided by every solver already: not asked again.
    let decided: Vec<SolverId> = match &seed.decided_by {
        Some(ids) => ids.clone(),
        None => {
            let watched = watchdog::watch(h, &seed.formula, None);
            let answers = h.answers(&seed.formula);
            if watched {
                watchdog::done();
            }
            answers
                .iter()
                .filter(|(_, a)| matches!(a, Ok(o) if o.verdict == seed.verdict))
                .map(|(id, _)| *id)
                .collect()
        }
    };
    let mut c = crate::verdict::construct::janus::mutate(u, &seed)?;
    c.decided_seed = decided;
    Ok(c)
}

/// Decodes `data` as an input of the construction target `name` (`fusion` may run the
/// solvers to decide generated seeds): the outer error names an unknown family, the inner
/// one an input the family cannot decode.
pub fn construct_case(
    h: &mut Harness,
    name: &str,
    data: &[u8],
) -> Result<arbitrary::Result<crate::verdict::construct::Constructed>, String> {
    let build = crate::verdict::construct::family(name)?;
    let mut u = arbitrary::Unstructured::new(data);
    Ok(match name {
        "fusion" => fusion_case(h, &mut u),
        "sae" => sae_case(h, &mut u),
        "janus" => janus_case(h, &mut u),
        _ => build(&mut u),
    })
}

/// Whether a constructed case may run: a witness, if any, must satisfy the formula
/// (unknown: skipped; false: a bug of the construction, which panics with the formula).
pub fn witness_usable(c: &crate::verdict::construct::Constructed) -> bool {
    let Some(m) = &c.witness else {
        return true;
    };
    match crate::lang::eval::check_model(&c.formula, m) {
        crate::lang::eval::Truth::True => true,
        crate::lang::eval::Truth::Unknown(..) => false,
        crate::lang::eval::Truth::False(i) => panic!(
            "smtsmith bug: the witness of a {} construction makes assertion {i} false ({})\n{}",
            c.family,
            c.rule,
            crate::cases::smtlib::script(&c.formula, &Default::default())
        ),
    }
}
