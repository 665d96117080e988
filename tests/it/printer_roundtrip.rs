//! The printed script of a generated formula, read back by each solver's own SMT-LIB front
//! end (Z3: the release's `z3` binary; cvc5: libcvc5parser, the front end of its binary;
//! Yices: the wheel's `yices-smt2` binary), gives the same verdict as the in-process API path. Ground truth: the solvers themselves,
//! through two independent routes; a difference is a printer or backend bug of ours.

use smtsmith::cases::smtlib::{self, ScriptOptions};
use smtsmith::harness::{Harness, Selection};
use smtsmith::lang::generate::{seeded_bytes, Case, Theories};
use smtsmith::solver::{cvc5, yices, z3, SolverId, Verdict};

fn parse_verdict(out: &str) -> Option<Verdict> {
    match out.lines().map(str::trim).find(|l| !l.is_empty())? {
        "sat" => Some(Verdict::Sat),
        "unsat" => Some(Verdict::Unsat),
        "unknown" | "timeout" => Some(Verdict::Unknown),
        _ => None,
    }
}

#[test]
fn scripts_give_the_api_verdict_in_both_front_ends() {
    assert!(
        z3::binary().is_some(),
        "no z3 binary next to the linked library (a custom SMTSMITH_Z3_LIB_DIR needs SMTSMITH_Z3_BIN)"
    );
    let findings = tempfile::tempdir().unwrap();
    let mut h = Harness::new(Selection::All, findings.path()).unwrap();
    // Every theory alone and mixed: each subset's scripts must be accepted by both front
    // ends (no error output) and give the API's verdict.
    for subset in [
        "ints",
        "reals",
        "bv",
        "strings",
        "arrays",
        "arrays,bv",
        "strings,bv,reals",
        "quantifiers,ints,bv",
        "uf,ints,bv",
        "seq,bv,strings",
        "all",
    ] {
        let theories: Theories = subset.parse().unwrap();
        let compared = roundtrip(&mut h, &theories, 40);
        assert!(
            compared[0] > 20 && compared[1] > 20,
            "{subset}: compared {compared:?}"
        );
        // Yices takes the quantifier-free arithmetic, bit-vector and UF subsets.
        if ["ints", "reals", "bv", "uf,ints,bv"].contains(&subset) {
            let yices = compared[SolverId::Yices as usize];
            assert!(yices > 20, "{subset}: yices compared {yices}");
        }
    }
}

/// Checks `count` generated scripts over `theories`; returns how many verdicts were
/// compared per solver.
fn roundtrip(h: &mut Harness, theories: &Theories, count: u64) -> [usize; 5] {
    let mut compared = [0usize; 5];
    for seed in 0..count {
        let case = Case::from_bytes_in(&seeded_bytes(seed, 220), theories);
        let script = smtlib::script(&case.formula, &ScriptOptions::default());
        for (id, answer) in h.answers(&case.formula) {
            let api = answer
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"))
                .verdict;
            if api == Verdict::Unknown {
                continue;
            }
            let out = match id {
                SolverId::Z3 | SolverId::Z3Text => {
                    z3::run_binary(&script, 10_000).expect("z3 binary runs")
                }
                SolverId::Cvc5 | SolverId::Cvc5Text => cvc5::run_script(&script, 10_000)
                    .unwrap_or_else(|e| {
                        panic!("seed {seed}: cvc5 rejects the script: {e}\n{script}")
                    }),
                SolverId::Yices => yices::run_binary(&script, 10_000).expect("yices-smt2 runs"),
            };
            assert!(
                !out.contains("error"),
                "seed {seed} ({theories}): {id} reports {out:?} for\n{script}"
            );
            let text = parse_verdict(&out).unwrap_or_else(|| {
                panic!("seed {seed} ({theories}): {id} printed {out:?} for\n{script}")
            });
            if text == Verdict::Unknown {
                continue;
            }
            assert_eq!(
                text, api,
                "seed {seed} ({theories}): {id} script vs API\n{script}"
            );
            compared[id as usize] += 1;
        }
    }
    compared
}
