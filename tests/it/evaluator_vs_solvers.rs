//! The evaluator's semantics checked against both solvers, on values that are not models:
//! for a generated formula and a random assignment, the evaluator computes each
//! assertion's truth value v; then `consts = assignment ∧ (assertion ≠ v)` must be unsat.
//! Model validation alone only ever sees `true`; this also exercises `false` results,
//! Euclidean div/mod on negative numbers, to_int on negative rationals, and so on.
//! Ground truth: the solvers (both must agree with the evaluator).

use num_rational::BigRational;
use smtsmith::cases::smtlib;
use smtsmith::harness::{Harness, Selection};
use smtsmith::lang::eval::{Evaluator, Model};
use smtsmith::lang::generate::{seeded_bytes, Case};
use smtsmith::lang::ir::{Formula, NodeId, Op, Sort, Value};
use smtsmith::solver::Verdict;

fn random_value(sort: &Sort, r: u8) -> Value {
    match sort {
        // Boundary patterns and a spread of bits: 0, all ones, 0b1000.., then r scrambled.
        Sort::BitVec(w) => {
            let one = num_bigint::BigUint::from(1u8);
            match r % 4 {
                0 => Value::bv(*w, 0u8),
                1 => Value::bv(*w, (&one << *w) - 1u8),
                2 => Value::bv(*w, &one << (*w - 1)),
                _ => Value::bv(*w, u64::from(r).wrapping_mul(0x9E37_79B9_7F4A_7C15)),
            }
        }
        Sort::Bool => Value::Bool(r & 1 == 1),
        // Short words over the generator's alphabet (so literals of the formula can match).
        Sort::String => Value::Str(
            (0..r % 4)
                .map(|i| [0x61, 0x62, 0x30, 0x31][usize::from((r >> (2 * i + 2)) % 4)])
                .collect(),
        ),
        Sort::RegLan => unreachable!("no RegLan constants are declared"),
        Sort::Uninterp(_) => unreachable!("uninterpreted sorts are off in this test"),
        // A constant array with one exception at an index derived from r. The default of
        // a nested array is a constant array: cvc5 takes only values in `as const`, and a
        // store chain is not one.
        Sort::Array(i, e) => {
            let default = match random_value(e, r / 3) {
                Value::Array(a) => Value::Array(smtsmith::lang::ir::ArrayValue::constant(
                    a.index, *a.default,
                )),
                v => v,
            };
            Value::Array(
                smtsmith::lang::ir::ArrayValue::constant((**i).clone(), default)
                    .store(random_value(i, r / 5), random_value(e, r / 7)),
            )
        }
        // Zeros, infinities, NaN, ±1, then scrambled encodings.
        Sort::Float(eb, sb) => {
            use smtsmith::lang::ir::Float;
            let sign = r & 0x80 != 0;
            Value::Float(match r % 8 {
                0 => Float::zero(*eb, *sb, sign),
                1 => Float::inf(*eb, *sb, sign),
                2 => Float::nan(*eb, *sb),
                3 => Float::from_fields(*eb, *sb, sign, (1 << (eb - 1)) - 1, 0u8.into()),
                _ => {
                    let bits =
                        num_bigint::BigUint::from(u64::from(r).wrapping_mul(0x9E37_79B9_7F4A_7C15))
                            * num_bigint::BigUint::from(0x2545_F491_4F6C_DD1Du64);
                    Float::from_bits(
                        *eb,
                        *sb,
                        &(bits % (num_bigint::BigUint::from(1u8) << (eb + sb))),
                    )
                }
            })
        }
        Sort::RoundingMode => Value::Rm(smtsmith::lang::ir::RoundingMode::ALL[usize::from(r % 5)]),
        Sort::Datatype(d) => datatype_value(d, r, 2),
        // Up to three elements, each from r shifted (short, so that literals can match).
        Sort::Seq(e) => Value::Seq(
            (**e).clone(),
            (0..r % 4)
                .map(|k| random_value(e, r.rotate_right(u32::from(2 * k + 2)) % 7))
                .collect(),
        ),
        Sort::Int => Value::Int(((r as i8) / 8).into()),
        Sort::Real => Value::Real(BigRational::new(
            ((r as i8) / 16).into(),
            (1 + (r % 3) as i64).into(),
        )),
    }
}

/// Adds `decl_i = value_i` for every constant and `(distinct node v)`.
/// A value of datatype `d`: constructors chosen by `r` up to `depth` levels, then the least.
fn datatype_value(d: &smtsmith::lang::ir::DtSort, r: u8, depth: u32) -> Value {
    let by_depth = d.ctors_by_depth();
    let c = if depth == 0 {
        by_depth[0]
    } else {
        by_depth[usize::from(r) % by_depth.len()]
    };
    let args = d
        .field_sorts(c)
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let r = r.wrapping_mul(31).wrapping_add(k as u8 * 17 + 7);
            match s {
                Sort::Datatype(e) => datatype_value(e, r, depth.saturating_sub(1)),
                other => random_value(other, r),
            }
        })
        .collect();
    Value::Dt(Box::new(smtsmith::lang::ir::DtValue {
        sort: d.clone(),
        ctor: c,
        args,
    }))
}

fn pin(f: &Formula, values: &[Value], node: NodeId, v: Value) -> Formula {
    let mut g = Formula {
        asserts: Vec::new(),
        ..f.clone()
    };
    for (i, val) in values.iter().enumerate() {
        let c = g.constant(smtsmith::lang::ir::DeclId(i as u32));
        let l = g.lit(val.clone());
        let eq = g.app(Op::Eq, vec![c, l]).unwrap();
        g.assert(eq).unwrap();
    }
    let l = g.lit(v);
    let ne = g.app(Op::Distinct, vec![node, l]).unwrap();
    g.assert(ne).unwrap();
    g
}

#[test]
fn evaluator_agrees_with_both_solvers_on_random_assignments() {
    // Every theory but UF: a function or an element of an uninterpreted sort cannot be
    // pinned to a literal.
    let (checked, falses) = agreement("ints,reals,bv,strings,arrays,quantifiers", 250);
    assert!(
        checked > 300 && falses > 50,
        "checked {checked}, false results {falses}"
    );
}

/// The same over FloatingPoint (with bit-vector and real conversions): every operator in
/// every rounding mode the generator draws, on zeros, infinities, NaN and arbitrary
/// encodings of the small and standard formats.
#[test]
fn evaluator_agrees_with_both_solvers_on_random_float_assignments() {
    let (checked, falses) = agreement("fp", 200);
    assert!(
        checked > 200 && falses > 40,
        "checked {checked}, false results {falses}"
    );
}

/// The same over datatypes (with integer and bit-vector fields): constructors, selectors
/// (of the right constructor: the others are unspecified and the evaluator says unknown),
/// testers and equality on random values of every shape the generator declares.
#[test]
fn evaluator_agrees_with_both_solvers_on_random_datatype_assignments() {
    let (checked, falses) = agreement("datatypes,ints,bv", 250);
    assert!(
        checked > 300 && falses > 50,
        "checked {checked}, false results {falses}"
    );
}

/// The same over sequences (of integers, bit-vectors, Booleans, strings and sequences):
/// every sequence operator on short random sequences and positions. Ground truth: Z3 and
/// cvc5 (Yices has no sequences).
#[test]
fn evaluator_agrees_with_both_solvers_on_random_sequence_assignments() {
    let (checked, falses) = agreement("seq,bv,strings", 250);
    assert!(
        checked > 300 && falses > 50,
        "checked {checked}, false results {falses}"
    );
}

/// Runs the check on `seeds` cases of `theories`: (solver answers that agreed, false
/// assertion values among them).
fn agreement(theories: &str, seeds: u64) -> (usize, usize) {
    let mut h = Harness::new(Selection::All, tempfile::tempdir().unwrap().keep()).unwrap();
    let mut checked = 0;
    let mut falses = 0;
    let theories: smtsmith::lang::generate::Theories = theories.parse().unwrap();
    for seed in 0..seeds {
        let case = Case::from_bytes_in(&seeded_bytes(seed, 160), &theories);
        if case.formula.signature().uf {
            continue;
        }
        let f = &case.formula;
        let noise = seeded_bytes(seed ^ 0xdead_beef, f.decls.len().max(1));
        let values: Vec<Value> = f
            .decls
            .iter()
            .zip(&noise)
            .map(|(d, r)| random_value(&d.sort, *r))
            .collect();
        let model = Model {
            values: values.iter().cloned().map(Some).collect(),
            ..Default::default()
        };
        let mut ev = Evaluator::new(f, &model);
        for a in &f.asserts {
            let Ok(v) = ev.eval(*a) else { continue };
            if v == Value::Bool(false) {
                falses += 1;
            }
            let g = pin(f, &values, *a, v.clone());
            for (id, answer) in h.answers(&g) {
                let o = answer.unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                assert_ne!(
                    o.verdict,
                    Verdict::Sat,
                    "seed {seed}: {id} finds the assertion can differ from the evaluator's {v:?}:\n{}",
                    smtlib::script(&g, &Default::default())
                );
                checked += usize::from(o.verdict == Verdict::Unsat);
            }
        }
    }
    (checked, falses)
}

/// SMT-LIB leaves `fp.to_real` of NaN and `fp.to_ubv` of an infinity unspecified: a model
/// that chooses their values (sat only by choosing them) is read with those choices, and the
/// evaluator validates it with them (without them it could only say unknown). Ground truth:
/// the solvers' own models on every path.
#[test]
fn unspecified_float_conversions_are_judged_by_the_models_values() {
    let text = "(set-logic ALL)(declare-const x Float32)(declare-const y Float32)
        (assert (fp.isNaN x))(assert (= (fp.to_real x) 5.5))
        (assert (fp.isInfinite y))(assert (= ((_ fp.to_ubv 8) RTZ y) #x2a))(check-sat)";
    // cvc5 1.4.0 needs more than the default resource limit here (RESOURCEOUT at effort 1).
    models_interpret_unspecified(text, 2, 8.0);
}

/// SMT-LIB leaves a selector of another constructor's value unspecified: a model that
/// chooses `(head nil)` (sat only by choosing it) is read with that choice, and the evaluator
/// validates it with it (unknown without). Ground truth: the solvers' own models.
#[test]
fn unspecified_selectors_are_judged_by_the_models_values() {
    let text = "(set-logic ALL)
        (declare-datatypes ((Lst 0)) (((nil) (cons (head Int) (tail Lst)))))
        (declare-const x Lst)
        (assert ((_ is nil) x))(assert (= (head x) 5))(assert (= (tail x) (cons 1 nil)))
        (check-sat)";
    models_interpret_unspecified(text, 2, 1.0);
}

/// Every solver answers sat on `text` with a model that gives `applications` unspecified
/// applications their values; the evaluator finds it valid with them, unknown without them.
fn models_interpret_unspecified(text: &str, applications: usize, effort: f64) {
    let f = smtsmith::cases::smtlib::parse::parse_script(text)
        .unwrap()
        .formula;
    let mut h = Harness::new(Selection::All, tempfile::tempdir().unwrap().keep()).unwrap();
    h.settings.limits = smtsmith::solver::Limits::scaled(effort);
    for (id, answer) in crate::taken(&f, h.answers(&f)) {
        let o = answer.unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(o.verdict, Verdict::Sat, "{id}: {:?}", o.reason);
        let model = o.model.unwrap_or_else(|| panic!("{id}: no model"));
        assert_eq!(
            model.unspecified.len(),
            applications,
            "{id}: {:?}",
            model.unspecified
        );
        assert_eq!(
            smtsmith::lang::eval::check_model(&f, &model),
            smtsmith::lang::eval::Truth::True,
            "{id}"
        );
        let without = Model {
            unspecified: Vec::new(),
            ..model
        };
        assert!(matches!(
            smtsmith::lang::eval::check_model(&f, &without),
            smtsmith::lang::eval::Truth::Unknown(..)
        ));
    }
}
