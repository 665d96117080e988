//! Ground truth by construction against the real solvers.

use arbitrary::Unstructured;
use smtsmith::construct::strings_sat;
use smtsmith::generate::seeded_bytes;
use smtsmith::harness::{Harness, Selection};
use smtsmith::oracle::Class;
use smtsmith::solver::Verdict;

/// The `construction` oracle fires on real answers contrary to the claimed verdict and stays
/// quiet on the true one: constructed sat cases are run once with their claim (sat, proven
/// by the evaluator on the witness) and once with the claim corrupted to unsat; every
/// solver that answers sat is then flagged, and only then.
#[test]
fn construction_oracle_fires_on_contrary_verdicts_only() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = Harness::new(Selection::Both, dir.path()).unwrap();
    let (mut sat_answers, mut flagged) = (0, 0);
    for seed in 0..60 {
        let bytes = seeded_bytes(seed, 96);
        let c = strings_sat::build(&mut Unstructured::new(&bytes)).unwrap();
        assert_eq!(strings_sat::witness_holds(&c), smtsmith::eval::Truth::True);
        let r = h.run_constructed(&c, None);
        let construction: Vec<_> = r
            .findings
            .iter()
            .filter(|(i, _)| i.class == Class::Construction)
            .collect();
        // Against the true claim only an unsat answer may be flagged.
        for (i, _) in &construction {
            let id = i.blamed.unwrap();
            let a = r.answers.iter().find(|(s, _)| *s == id).unwrap();
            assert_eq!(
                a.1.as_ref().unwrap().verdict,
                Verdict::Unsat,
                "{}",
                i.summary
            );
        }
        let sats = r
            .answers
            .iter()
            .filter(|(_, a)| matches!(a, Ok(o) if o.verdict == Verdict::Sat))
            .count();
        sat_answers += sats;
        let mut wrong = c.clone();
        wrong.expected = Verdict::Unsat;
        let r2 = h.run_constructed(&wrong, None);
        let fired = r2
            .findings
            .iter()
            .filter(|(i, _)| i.class == Class::Construction)
            .count();
        let sats2 = r2
            .answers
            .iter()
            .filter(|(_, a)| matches!(a, Ok(o) if o.verdict == Verdict::Sat))
            .count();
        assert_eq!(fired, sats2, "seed {seed}: one finding per sat answer");
        flagged += fired;
    }
    eprintln!(
        "{sat_answers} sat answers on the true claim; {flagged} flagged against the corrupted one"
    );
    assert!(flagged > 60, "too few decided cases: {flagged}");
}
