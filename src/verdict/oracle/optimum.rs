//! The optimizer's oracle. Ground truth: the evaluator and the plain solvers.
//!
//! - `sat`: the model satisfies every hard constraint (the evaluator); in lexicographic
//!   priority each attained optimum Z3 reports is the objective's value in its model; and
//!   nothing is better: the hard constraints with a strictly better objective (after the
//!   optima before it, in lexicographic priority; every objective at least as good and one
//!   better, in Pareto priority) have no model. A plain solver's model of that formula,
//!   checked by the evaluator, is the witness of a wrong optimum.
//! - `unsat`: a plain solver's model of the hard constraints, checked by the evaluator, is the
//!   witness of a wrong unsat.
//!
//! A plain solver's `sat` whose model the evaluator does not confirm is no evidence here
//! (the differential targets judge the plain solvers).

use crate::cases::optimize::{rational, Bound, Direction, OptCase, OptOutcome, OptPath, Priority};
use crate::lang::eval::{check_model, Model, Truth};
use crate::lang::ir::{Formula, NodeId, Op, Sort, Value, Verdict};
use crate::solver::SolverId;
use crate::verdict::oracle::{Answer, Class, Issue};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{Signed, Zero};

/// One finding of the oracle, with the plain solvers' answers it rests on.
#[derive(Debug)]
pub struct Judged {
    pub issue: Issue,
    /// The formula the witness model satisfies (the hard constraints, with a better
    /// objective for a wrong optimum).
    pub witness_formula: Option<Formula>,
    pub answers: Vec<(SolverId, Answer)>,
}

/// What one objective (or the soft group, last) is, in the formula.
struct Goal {
    /// The term optimized: an objective's constant, or the soft group's cost.
    term: NodeId,
    sort: Sort,
    direction: Direction,
    name: String,
}

/// Judges Z3's `outcome` on `case` (given through `path`); `plain` runs the plain solvers on
/// a formula.
pub fn judge(
    case: &OptCase,
    path: OptPath,
    outcome: &OptOutcome,
    plain: &mut dyn FnMut(&Formula) -> Vec<(SolverId, Answer)>,
) -> Vec<Judged> {
    let blamed = Some(path.solver());
    match outcome.verdict {
        Verdict::Unsat => {
            let answers = plain(&case.formula);
            match validated(&case.formula, &answers) {
                Some((id, _)) => vec![Judged {
                    issue: Issue {
                        class: Class::WrongUnsat,
                        blamed,
                        summary: format!(
                            "Z3's optimizer, given the case through {}, answers unsat; {id}'s model satisfies every hard constraint (checked by the evaluator)",
                            path.name()
                        ),
                    },
                    witness_formula: Some(case.formula.clone()),
                    answers,
                }],
                None => Vec::new(),
            }
        }
        Verdict::Sat => judge_sat(case, path, outcome, plain),
        Verdict::Unknown => Vec::new(),
    }
}

fn judge_sat(
    case: &OptCase,
    path: OptPath,
    outcome: &OptOutcome,
    plain: &mut dyn FnMut(&Formula) -> Vec<(SolverId, Answer)>,
) -> Vec<Judged> {
    let blamed = Some(path.solver());
    let Some(model) = &outcome.model else {
        return Vec::new();
    };
    // An optimum not attained (an infimum or supremum of a strict bound, with its epsilon)
    // or unbounded: Z3's model then need not satisfy the hard constraints (for `r < 1`,
    // `maximize r` it gives r = 0; public, Z3Prover/z3#10059), so it is no evidence.
    let open = outcome
        .bounds
        .iter()
        .any(|b| b.as_ref().is_none_or(|b| b.attained().is_none()));
    match check_model(&case.formula, model) {
        Truth::True => {}
        Truth::False(_) if open => return Vec::new(),
        Truth::False(i) => {
            return vec![Judged {
                issue: Issue {
                    class: Class::InvalidModel,
                    blamed,
                    summary: format!(
                        "Z3's optimizer, given the case through {}, answers sat with a model that falsifies hard constraint #{i} (the evaluator)",
                        path.name()
                    ),
                },
                witness_formula: None,
                answers: Vec::new(),
            }]
        }
        Truth::Unknown(..) => return Vec::new(),
    }
    let mut f = case.formula.clone();
    let goals = goals(case, &mut f);
    let values: Vec<Option<BigRational>> = goals.iter().map(|g| value_of(&f, model, g)).collect();
    let optimum = |k: usize, found: &str, witness: String| Issue {
        class: Class::WrongOptimum,
        blamed,
        summary: format!(
            "Z3's optimizer ({} priority, the case given through {}) {found} {} of {}; {witness}",
            case.priority.name(),
            path.name(),
            match goals[k].direction {
                Direction::Minimize => "the minimum",
                Direction::Maximize => "the maximum",
            },
            goals[k].name,
        ),
    };
    let mut out = Vec::new();
    match case.priority {
        Priority::Lex | Priority::Box => {
            let mut prefix: Vec<NodeId> = Vec::new();
            for (k, goal) in goals.iter().enumerate() {
                let Some(Some(bound)) = outcome.bounds.get(k) else {
                    break;
                };
                if case.priority == Priority::Lex {
                    if let (Some(v), Some(w)) = (bound.attained(), &values[k]) {
                        if v != w {
                            out.push(Judged {
                                issue: optimum(
                                    k,
                                    &format!("reports {v} as"),
                                    format!("its own model gives it {w} (the evaluator)"),
                                ),
                                witness_formula: None,
                                answers: Vec::new(),
                            });
                            return out;
                        }
                    }
                }
                let Some(better) = better(&mut f, goal, bound) else {
                    break;
                };
                let mut g = f.clone();
                for t in prefix.iter().chain([&better]) {
                    g.assert(*t).expect("Boolean");
                }
                let answers = plain(&g);
                if let Some((id, m)) = validated(&g, &answers) {
                    let w = value_of(&g, &m, goal).map_or("?".into(), |w| w.to_string());
                    out.push(Judged {
                        issue: optimum(
                            k,
                            &format!("reports {bound} as"),
                            format!("{id}'s model gives it {w} and satisfies every hard constraint{} (the evaluator)", if prefix.is_empty() { "" } else { " with the objectives before it at their optima" }),
                        ),
                        witness_formula: Some(g),
                        answers,
                    });
                    return out;
                }
                if case.priority == Priority::Lex {
                    let Some(fixed) = bound.attained().and_then(|v| equal(&mut f, goal, v)) else {
                        break;
                    };
                    prefix.push(fixed);
                }
            }
        }
        // A Pareto point of an open front is not a point of it: nothing to compare.
        Priority::Pareto if open => {}
        Priority::Pareto => {
            if let Some(j) = dominated(&mut f, &goals, &values, path, plain) {
                out.push(j);
            }
        }
    }
    out
}

/// The Pareto check: a model at least as good on every objective and better on one.
fn dominated(
    f: &mut Formula,
    goals: &[Goal],
    values: &[Option<BigRational>],
    path: OptPath,
    plain: &mut dyn FnMut(&Formula) -> Vec<(SolverId, Answer)>,
) -> Option<Judged> {
    let mut weak = Vec::new();
    let mut strict = Vec::new();
    for (goal, v) in goals.iter().zip(values) {
        let v = v.as_ref()?;
        let exact = Bound {
            infinity: BigRational::zero(),
            value: v.clone(),
            epsilon: BigRational::zero(),
        };
        strict.push(better(f, goal, &exact)?);
        let eq = equal(f, goal, v)?;
        let b = *strict.last().unwrap();
        weak.push(f.app(Op::Or, vec![b, eq]).ok()?);
    }
    let mut g = f.clone();
    for w in weak {
        g.assert(w).ok()?;
    }
    let one = if strict.len() == 1 {
        strict[0]
    } else {
        g.app(Op::Or, strict).ok()?
    };
    g.assert(one).ok()?;
    let answers = plain(&g);
    let (id, _) = validated(&g, &answers)?;
    let points: Vec<String> = goals
        .iter()
        .zip(values)
        .map(|(goal, v)| format!("{} = {}", goal.name, v.as_ref().unwrap()))
        .collect();
    Some(Judged {
        issue: Issue {
            class: Class::WrongOptimum,
            blamed: Some(path.solver()),
            summary: format!(
                "Z3's optimizer (pareto priority, the case given through {}) answers the point {}, which {id}'s model dominates (at least as good on every objective, better on one; the evaluator)",
                path.name(),
                points.join(", ")
            ),
        },
        witness_formula: Some(g),
        answers,
    })
}

/// The objectives' constants, then the soft group's cost, as terms of `f`.
fn goals(case: &OptCase, f: &mut Formula) -> Vec<Goal> {
    let mut goals = Vec::new();
    for o in &case.objectives {
        let d = case.decl(&o.name).expect("objective declared");
        goals.push(Goal {
            term: f.constant(d),
            sort: f.decls[d.0 as usize].sort.clone(),
            direction: o.direction,
            name: o.name.clone(),
        });
    }
    if !case.softs.is_empty() {
        let zero = f.lit(Value::Int(BigInt::zero()));
        let mut costs = Vec::new();
        for s in &case.softs {
            let d = case.decl(&s.name).expect("soft constraint declared");
            let c = f.constant(d);
            let w = f.lit(Value::Int(BigInt::from(s.weight)));
            costs.push(f.app(Op::Ite, vec![c, zero, w]).expect("well sorted"));
        }
        let term = if costs.len() == 1 {
            costs[0]
        } else {
            f.app(Op::Add, costs).expect("well sorted")
        };
        goals.push(Goal {
            term,
            sort: Sort::Int,
            direction: Direction::Minimize,
            name: "the soft constraints' cost".into(),
        });
    }
    goals
}

/// The goal's value under `m` (the evaluator).
fn value_of(f: &Formula, m: &Model, goal: &Goal) -> Option<BigRational> {
    let mut ev = crate::lang::eval::Evaluator::new(f, m);
    rational(&ev.eval(goal.term).ok()?)
}

/// The literal of `v` in `sort`, where `v` is one of its values.
fn literal(f: &mut Formula, sort: &Sort, v: &BigRational) -> Option<NodeId> {
    let value = match sort {
        Sort::Int => Value::Int(v.is_integer().then(|| v.to_integer())?),
        Sort::Real => Value::Real(v.clone()),
        Sort::BitVec(w) => {
            if !v.is_integer() || v.is_negative() {
                return None;
            }
            let n: BigUint = v.to_integer().to_biguint()?;
            if n.bits() > u64::from(*w) {
                return None;
            }
            Value::bv(*w, n)
        }
        _ => return None,
    };
    Some(f.lit(value))
}

/// `goal` strictly better than `bound` (at least as good as an infimum or supremum not
/// attained: `bound` has an epsilon toward the feasible side); `None` for an unbounded one.
fn better(f: &mut Formula, goal: &Goal, bound: &Bound) -> Option<NodeId> {
    if !bound.infinity.is_zero() {
        return None;
    }
    let lit = literal(f, &goal.sort, &bound.value)?;
    let bv = matches!(goal.sort, Sort::BitVec(_));
    // Not attained: for a minimum v + ε the infimum is v, which no model reaches.
    let inclusive = match goal.direction {
        Direction::Minimize => bound.epsilon.is_positive(),
        Direction::Maximize => bound.epsilon.is_negative(),
    };
    let op = match (goal.direction, inclusive, bv) {
        (Direction::Minimize, false, false) => Op::Lt,
        (Direction::Minimize, true, false) => Op::Le,
        (Direction::Maximize, false, false) => Op::Gt,
        (Direction::Maximize, true, false) => Op::Ge,
        (Direction::Minimize, false, true) => Op::BvUlt,
        (Direction::Minimize, true, true) => Op::BvUle,
        (Direction::Maximize, false, true) => Op::BvUgt,
        (Direction::Maximize, true, true) => Op::BvUge,
    };
    f.app(op, vec![goal.term, lit]).ok()
}

/// `goal` equal to `v`.
fn equal(f: &mut Formula, goal: &Goal, v: &BigRational) -> Option<NodeId> {
    let lit = literal(f, &goal.sort, v)?;
    f.app(Op::Eq, vec![goal.term, lit]).ok()
}

/// The first solver whose `sat` comes with a model the evaluator confirms on `f`.
fn validated(f: &Formula, answers: &[(SolverId, Answer)]) -> Option<(SolverId, Model)> {
    answers.iter().find_map(|(id, a)| {
        let o = a.as_ref().ok()?;
        let m = o.model.as_ref()?;
        (o.verdict == Verdict::Sat && matches!(check_model(f, m), Truth::True))
            .then(|| (*id, m.clone()))
    })
}
