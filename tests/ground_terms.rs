//! Every operator of the table, applied to boundary and random literal arguments, is
//! evaluated by the reference evaluator; then `(distinct term value)` must be unsat in both
//! solvers. Ground truth: two independent solvers; a failure names the operator, the
//! arguments, what the evaluator said, and the solver that disagrees.

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use smtsmith::eval::apply_indexed;
use smtsmith::generate::seeded_bytes;
use smtsmith::harness::{Harness, Selection};
use smtsmith::ir::{result_sort, Domain, Formula, Idx, Op, Rule, Sort, Value, OPS};
use smtsmith::smtlib;
use smtsmith::solver::Verdict;

struct Rng(Vec<u8>, usize);

impl Rng {
    fn byte(&mut self) -> u8 {
        self.1 += 1;
        self.0[self.1 % self.0.len()]
    }
    fn below(&mut self, n: u32) -> u32 {
        u32::from(self.byte()) % n.max(1)
    }
}

fn value(sort: &Sort, r: &mut Rng) -> Value {
    match sort {
        Sort::Bool => Value::Bool(r.byte() & 1 == 1),
        Sort::Int => {
            let pool = [
                "0",
                "1",
                "-1",
                "2",
                "-7",
                "7",
                "13",
                "-13",
                "18446744073709551617",
                "-9223372036854775809",
            ];
            Value::Int(
                pool[r.below(pool.len() as u32) as usize]
                    .parse::<BigInt>()
                    .unwrap(),
            )
        }
        Sort::Real => {
            let pool = [
                (0, 1),
                (1, 1),
                (-1, 1),
                (1, 2),
                (-3, 2),
                (7, 3),
                (-7, 3),
                (5, 1),
                (1, 10),
            ];
            let (n, d) = pool[r.below(pool.len() as u32) as usize];
            Value::Real(BigRational::new(n.into(), d.into()))
        }
        Sort::BitVec(w) => {
            let one = BigUint::from(1u8);
            let v = match r.below(6) {
                0 => BigUint::from(0u8),
                1 => one.clone(),
                2 => (&one << *w) - 1u8,
                3 => &one << (*w - 1),
                4 => (&one << (*w - 1)) - 1u8,
                _ => BigUint::from_bytes_le(
                    &(0..w.div_ceil(8)).map(|_| r.byte()).collect::<Vec<_>>(),
                ),
            };
            Value::bv(*w, v)
        }
    }
}

const WIDTHS: [u32; 6] = [1, 2, 3, 8, 13, 64];

/// Indices and argument sorts for one application of `op`.
fn plan(op: Op, r: &mut Rng) -> (Idx, Vec<Sort>) {
    let info = op.info();
    let w = WIDTHS[r.below(WIDTHS.len() as u32) as usize];
    let bv = Sort::BitVec;
    match info.rule {
        Rule::Concat => ([0, 0], vec![bv(w), bv(WIDTHS[r.below(6) as usize])]),
        Rule::Extract => {
            let i = r.below(w);
            let j = r.below(i + 1);
            ([i, j], vec![bv(w)])
        }
        Rule::Extend => ([r.below(5), 0], vec![bv(w)]),
        Rule::Repeat => ([1 + r.below(3), 0], vec![bv(w)]),
        Rule::Int2Bv => ([w, 0], vec![Sort::Int]),
        Rule::Uniform => {
            let t = match info.domain {
                Domain::None => None,
                Domain::Any => {
                    Some([Sort::Bool, Sort::Int, Sort::Real, bv(w)][r.below(4) as usize].clone())
                }
                Domain::Numeric => Some(if r.byte() & 1 == 0 {
                    Sort::Int
                } else {
                    Sort::Real
                }),
                Domain::BitVec => Some(bv(w)),
            };
            let arity = info.min_arity
                + if info.is_variadic() {
                    r.below(2) as usize
                } else {
                    0
                };
            let idx = if info.indices > 0 {
                [r.below(2 * w + 1), 0]
            } else {
                [0, 0]
            };
            (idx, info.arg_sorts(arity, t.as_ref()))
        }
    }
}

#[test]
fn every_operator_agrees_with_both_solvers_on_literals() {
    let mut h = Harness::new(
        Selection::Both,
        std::env::temp_dir().join("smtsmith-ground-tests"),
    )
    .unwrap();
    let mut r = Rng(seeded_bytes(2026, 4096), 0);
    let mut checked = 0;
    let mut unspecified = 0;
    for info in OPS {
        // Each operator in batches: one formula asserting that some term differs from the
        // evaluator's value; unsat means the evaluator agrees on every term of the batch.
        for _batch in 0..3 {
            let mut f = Formula::default();
            let mut disjuncts = Vec::new();
            let mut shown = Vec::new();
            for _ in 0..12 {
                let (idx, sorts) = plan(info.op, &mut r);
                let vals: Vec<Value> = sorts.iter().map(|s| value(s, &mut r)).collect();
                assert!(
                    result_sort(info.op, idx, &sorts).is_ok(),
                    "{} {idx:?} {sorts:?}",
                    info.name
                );
                let Ok(expected) = apply_indexed(info.op, idx, &vals) else {
                    unspecified += 1; // division by zero: SMT-LIB leaves it unspecified
                    continue;
                };
                let args = vals.iter().map(|v| f.lit(v.clone())).collect();
                let term = f.app_indexed(info.op, idx, args).unwrap();
                let lit = f.lit(expected.clone());
                disjuncts.push(f.app(Op::Distinct, vec![term, lit]).unwrap());
                shown.push(format!(
                    "{} = {}",
                    smtlib::term(&f, term),
                    smtlib::value(&expected)
                ));
                checked += 1;
            }
            if disjuncts.is_empty() {
                continue;
            }
            let any = if disjuncts.len() == 1 {
                disjuncts[0]
            } else {
                f.app(Op::Or, disjuncts).unwrap()
            };
            f.assert(any).unwrap();
            for (id, answer) in h.answers(&f) {
                let o = answer.unwrap_or_else(|e| panic!("{}: {e}", info.name));
                assert_ne!(
                    o.verdict,
                    Verdict::Sat,
                    "{id} disagrees with the evaluator on one of:\n{}",
                    shown.join("\n")
                );
            }
        }
    }
    eprintln!(
        "{checked} applications checked, {unspecified} unspecified (division by zero) skipped"
    );
    assert!(
        checked > OPS.len() * 25,
        "only {checked} applications checked"
    );
}
