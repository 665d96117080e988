//! The backends' conformance: every solver smtsmith drives through its C API (Z3, cvc5,
//! Yices) passes the same checks through the one `Solver` interface, as wasmtime's fuzzing
//! crate holds each engine to one: ground terms, models, push and pop over several checks,
//! unsat cores, the time limit (stopped by the solver's interrupt, or its own limit), and
//! errors through the error channel. A new backend gets its own test line here.
//!
//! Ground truth: the evaluator (ground values, models) and construction — each formula
//! below is decided by hand (its comment says why), so a backend that answers otherwise
//! fails here and not in a campaign.

use smtsmith::harness::{Harness, Selection};
use smtsmith::lang::eval::{check_model, Evaluator, Model, Truth};
use smtsmith::lang::ir::{Formula, NodeId, NodeKind, Op, Verdict};
use smtsmith::solver::{is_limit_reason, Limits, Response, SolverId};
use std::time::{Duration, Instant};

fn parsed(text: &str) -> smtsmith::cases::smtlib::parse::Script {
    smtsmith::cases::smtlib::parse::parse_script(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A harness of `id` alone (its library's settings: no drawn setup, no reduction).
fn harness_of(id: SolverId, dir: &std::path::Path) -> Harness {
    let h = Harness::new(Selection::Only(id), dir).unwrap();
    assert_eq!(
        h.versions().iter().map(|(s, _)| *s).collect::<Vec<_>>(),
        vec![id]
    );
    h
}

/// The one answer of the harness's one solver on `f`.
fn answer(h: &mut Harness, f: &Formula) -> smtsmith::solver::Outcome {
    let mut answers = h.answers(f);
    assert_eq!(answers.len(), 1);
    let (id, a) = answers.remove(0);
    a.unwrap_or_else(|e| panic!("{id}: {e}"))
}

/// Ground terms: each left side below, simplified by the solver's own rewriter, is a value,
/// the evaluator's (integer division rounds toward minus infinity for a positive divisor,
/// bit-vector addition wraps, string concatenation). A theory the solver does not have
/// (Yices: strings) is left out by what smtsmith knows of it (`facts::outside_logics`); the
/// integer and bit-vector terms run for every backend.
fn ground_terms(h: &mut Harness, id: SolverId) {
    let mut ran = 0;
    for text in [
        "(assert (= (+ 2 3) 5))(assert (= (div (- 7) 2) (- 4)))",
        "(assert (= (bvadd #xff #x01) #x00))(assert (= (bvudiv #x07 #x00) #xff))",
        "(assert (= (str.++ \"a\" \"b\") \"ab\"))",
    ] {
        let f = parsed(text).formula;
        if smtsmith::dialect::facts::outside_logics(id, &f).is_some() {
            continue;
        }
        ran += 1;
        let roots: Vec<NodeId> = f
            .asserts
            .iter()
            .map(|a| match &f.node(*a).kind {
                NodeKind::App(Op::Eq, _, args) => args[0],
                k => panic!("not an equation: {k:?}"),
            })
            .collect();
        let s = h.solvers_mut().iter_mut().find(|s| s.id() == id).unwrap();
        let values = s
            .simplify(&f, &roots)
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let model = Model::default();
        let mut ev = Evaluator::new(&f, &model);
        for (root, value) in roots.iter().zip(&values) {
            let expected = ev.eval(*root).unwrap();
            assert_eq!(
                value.as_ref(),
                Some(&expected),
                "{id}: {}",
                smtsmith::cases::smtlib::term(&f, *root)
            );
        }
    }
    assert!(ran >= 2, "{id}: {ran} of the ground formulas ran");
}

/// Models: `3 < x < 5` has one integer solution and `3·b = 15` one 8-bit one (3 is odd):
/// sat, and the model satisfies every assertion by the evaluator.
fn models(h: &mut Harness, id: SolverId) {
    let f = parsed(
        "(declare-fun x () Int)(declare-fun b () (_ BitVec 8))\
         (assert (and (> x 3) (< x 5)))(assert (= (bvmul b #x03) #x0f))",
    )
    .formula;
    let o = answer(h, &f);
    assert_eq!(o.verdict, Verdict::Sat, "{id}: {:?}", o.reason);
    let m = o
        .model
        .unwrap_or_else(|| panic!("{id}: no model after sat"));
    assert_eq!(check_model(&f, &m), Truth::True, "{id}: {m:?}");
}

/// Push and pop over several checks: `x > 0` then, in a scope, `x < 0` (unsat); after the
/// pop `x > 0` alone (sat), and `x`'s value is positive.
fn push_pop(h: &mut Harness, id: SolverId) {
    let s = parsed(
        "(declare-fun x () Int)(assert (> x 0))(push 1)(assert (< x 0))(check-sat)(pop 1)\
         (check-sat)(get-value (x))",
    )
    .script;
    let report = h.run_script(&s, None);
    assert!(report.skipped.is_none(), "{id}: {:?}", report.skipped);
    let responses: Vec<&Response> = report
        .steps
        .iter()
        .filter_map(|step| step.iter().find(|(s, _)| *s == id))
        .filter_map(|(_, r)| r.as_ref())
        .map(|r| r.as_ref().unwrap_or_else(|e| panic!("{id}: {e}")))
        .collect();
    let verdicts: Vec<Verdict> = responses
        .iter()
        .filter_map(|r| match r {
            Response::Check(o) => Some(o.verdict),
            _ => None,
        })
        .collect();
    assert_eq!(verdicts, vec![Verdict::Unsat, Verdict::Sat], "{id}");
    let value = responses.iter().find_map(|r| match r {
        Response::Values(v) => Some(v.clone()),
        _ => None,
    });
    match value.as_deref() {
        Some([Some(smtsmith::lang::ir::Value::Int(x))]) => {
            assert!(*x > 0.into(), "{id}: x = {x}")
        }
        v => panic!("{id}: get-value gave {v:?}"),
    }
    assert!(report.findings.is_empty(), "{id}: {}", report.summary());
}

/// Unsat cores: `x > 0`, `y = 1`, `x < 0` is unsat, and every core holds the first and the
/// last assertion (without either the rest is sat).
fn cores(h: &mut Harness, id: SolverId) {
    let f = parsed(
        "(declare-fun x () Int)(declare-fun y () Int)\
         (assert (> x 0))(assert (= y 1))(assert (< x 0))",
    )
    .formula;
    for s in h.solvers_mut() {
        s.set_unsat_cores(true);
    }
    let o = answer(h, &f);
    for s in h.solvers_mut() {
        s.set_unsat_cores(false);
    }
    assert_eq!(o.verdict, Verdict::Unsat, "{id}: {:?}", o.reason);
    let mut core = o
        .core
        .unwrap_or_else(|| panic!("{id}: no core after unsat"));
    core.sort();
    assert!(
        core.contains(&0) && core.contains(&2) && core.iter().all(|k| *k < 3),
        "{id}: core {core:?}"
    );
}

/// The time limit: the pigeonhole principle for 12 pigeons and 11 holes (unsat) takes a
/// CDCL solver exponential time — every solver far longer than 300 ms. The check ends with
/// `unknown` and a limit as its reason, within seconds of the limit (the solver stopped by
/// its interrupt or its own limit, not left to finish).
fn time_limit(h: &mut Harness, id: SolverId) {
    let (pigeons, holes) = (12, 11);
    let mut text = String::new();
    for p in 0..pigeons {
        for k in 0..holes {
            text += &format!("(declare-fun p{p}_{k} () Bool)");
        }
        let some: String = (0..holes).map(|k| format!(" p{p}_{k}")).collect();
        text += &format!("(assert (or{some}))");
    }
    for k in 0..holes {
        for p in 0..pigeons {
            for q in p + 1..pigeons {
                text += &format!("(assert (not (and p{p}_{k} p{q}_{k})))");
            }
        }
    }
    let f = parsed(&text).formula;
    let saved = std::mem::replace(&mut h.settings.limits, Limits::time_only(300));
    let start = Instant::now();
    let o = answer(h, &f);
    let took = start.elapsed();
    h.settings.limits = saved;
    assert_eq!(o.verdict, Verdict::Unknown, "{id}: {:?}", o.reason);
    let reason = o.reason.unwrap_or_default();
    assert!(is_limit_reason(&reason), "{id}: reason {reason:?}");
    assert!(took < Duration::from_secs(10), "{id}: {took:?}");
}

/// Errors: an ill-sorted call (`(not 1)`) comes back through the error channel, named for
/// the solver, and the solver decides the next formula as before.
fn errors(h: &mut Harness, id: SolverId) {
    let s = h.solvers_mut().iter_mut().find(|s| s.id() == id).unwrap();
    let e = s
        .provoke_error()
        .unwrap_or_else(|| panic!("{id} accepted (not 1)"));
    assert_eq!(e.solver, id);
    assert!(!e.message.trim().is_empty(), "{id}: an empty error message");
    models(h, id);
}

fn conforms(id: SolverId) {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness_of(id, dir.path());
    ground_terms(&mut h, id);
    models(&mut h, id);
    push_pop(&mut h, id);
    cores(&mut h, id);
    time_limit(&mut h, id);
    errors(&mut h, id);
    // No check above is a finding: nothing was written.
    assert!(
        std::fs::read_dir(dir.path()).unwrap().next().is_none(),
        "{id} wrote findings"
    );
}

#[test]
fn z3_conforms() {
    conforms(SolverId::Z3);
}

#[test]
fn cvc5_conforms() {
    conforms(SolverId::Cvc5);
}

#[test]
fn yices_conforms() {
    conforms(SolverId::Yices);
}
