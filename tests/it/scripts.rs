//! Incremental scripts on the real solvers: every oracle class of `smtsmith::session`
//! fires — on a real solver answer where the pinned releases give one (incompleteness,
//! performance, self-check), otherwise on a real answer deliberately corrupted by a
//! wrapper around the real backend (a verdict flipped, a model or get-value value
//! changed, a core's key assertion removed) — and stays quiet on the real answers.
//! Reproducers replay with the solvers' own front ends. Ground truth: the solvers'
//! answers, the evaluator, and the construction of each script (stated per test).

use smtsmith::cases::script::{Action, Script, Setup};
use smtsmith::harness::{Harness, Selection};
use smtsmith::lang::ir::{Formula, NodeId, Op, Sort, Value};
use smtsmith::solver::{Limits, Outcome, Response, Solver, SolverError, SolverId, Verdict};
use smtsmith::verdict::oracle::Class;

/// Findings go to a new folder of this test's, kept: a failing test's findings stay on disk.
fn harness(name: &str) -> Harness {
    Harness::new(
        Selection::All,
        tempfile::Builder::new()
            .prefix(&format!("smtsmith-script-{name}-"))
            .tempdir()
            .unwrap()
            .keep(),
    )
    .expect("solvers start")
}

type Edit = Box<dyn FnMut(&Script, usize, Response) -> Response>;

/// A real backend whose script responses pass through `edit` (the deliberate corruption).
struct Corrupt {
    inner: Box<dyn Solver>,
    edit: Edit,
}

impl Solver for Corrupt {
    fn id(&self) -> SolverId {
        self.inner.id()
    }
    fn version(&self) -> String {
        self.inner.version()
    }
    fn check(&mut self, f: &Formula, l: &Limits) -> Result<Outcome, SolverError> {
        self.inner.check(f, l)
    }
    fn set_unsat_cores(&mut self, on: bool) {
        self.inner.set_unsat_cores(on)
    }
    fn forget(&mut self) {
        self.inner.forget()
    }
    fn set_setup(&mut self, setup: &smtsmith::solver::CaseSetup) {
        self.inner.set_setup(setup)
    }
    fn recycle_soon(&mut self) {
        self.inner.recycle_soon()
    }
    fn provoke_error(&mut self) -> Option<SolverError> {
        self.inner.provoke_error()
    }
    fn simplify(&mut self, f: &Formula, t: &[NodeId]) -> Result<Vec<Option<Value>>, SolverError> {
        self.inner.simplify(f, t)
    }
    fn script_begin(&mut self, s: &Script, l: &Limits) -> Result<(), SolverError> {
        self.inner.script_begin(s, l)
    }
    fn script_act(&mut self, s: &Script, i: usize, a: &[usize]) -> Result<Response, SolverError> {
        let r = self.inner.script_act(s, i, a)?;
        Ok((self.edit)(s, i, r))
    }
    fn script_end(&mut self) {
        self.inner.script_end()
    }
}

/// Wraps the harness's solver `id` with `edit`.
fn corrupt(h: &mut Harness, id: SolverId, edit: Edit) {
    let slot = h
        .solvers_mut()
        .iter_mut()
        .find(|s| s.id() == id)
        .expect("solver present");
    let placeholder = smtsmith::solver::open(SolverId::Z3, smtsmith::solver::Reuse::Fresh).unwrap();
    let inner = std::mem::replace(slot, placeholder);
    *slot = Box::new(Corrupt { inner, edit });
}

/// The check at action `index` answered unsat (no model) instead of what the solver said.
fn unsat_at(index: usize) -> Edit {
    Box::new(move |_, i, r| match r {
        Response::Check(mut o) if i == index => {
            o.verdict = Verdict::Unsat;
            o.model = None;
            Response::Check(o)
        }
        r => r,
    })
}

/// Every check answered unknown (no third opinion: the tests of two solvers' conflicts).
fn silent() -> Edit {
    Box::new(|_, _, r| match r {
        Response::Check(mut o) => {
            o.verdict = Verdict::Unknown;
            o.reason = Some("skipped: silenced by the test".into());
            o.model = None;
            Response::Check(o)
        }
        r => r,
    })
}

/// The model of the check at action `at` (every check for `None`) with x (the first
/// declaration) set to 0.
fn x_zero(at: Option<usize>) -> Edit {
    Box::new(move |_, i, r| match r {
        Response::Check(mut o) if at.is_none_or(|a| a == i) => {
            if let Some(m) = o.model.as_mut() {
                m.values[0] = Some(int(0));
            }
            Response::Check(o)
        }
        r => r,
    })
}

/// Every unsat-assumptions answer emptied (the assertions alone are satisfiable here).
fn empty_assumptions() -> Edit {
    Box::new(|_, _, r| match r {
        Response::Assumptions(_) => Response::Assumptions(Vec::new()),
        r => r,
    })
}

fn classes(r: &smtsmith::harness::session::ScriptReport) -> Vec<Class> {
    r.findings.iter().map(|(i, _)| i.class).collect()
}

fn int(n: i64) -> Value {
    Value::Int(n.into())
}

/// Builds a script: declarations first, then `actions`.
fn script(f: Formula, actions: Vec<Action>, setup: Setup) -> Script {
    let mut all: Vec<Action> = (0..f.decls.len())
        .map(|d| Action::Declare(smtsmith::lang::ir::DeclId(d as u32)))
        .collect();
    all.extend(actions);
    Script {
        formula: f,
        actions: all,
        setup,
        config: Default::default(),
    }
}

/// x > 0 (a0), then in a scope x < 5 (a1) and check (sat: x ∈ 1..4), pop, x > 10 (a2),
/// check (sat), get-value of x and of x + 1. Sat by construction at both checks.
fn two_checks() -> (Script, NodeId) {
    let mut f = Formula::default();
    let x = f.declare("x", Sort::Int);
    let x = f.constant(x);
    let zero = f.lit(int(0));
    let five = f.lit(int(5));
    let ten = f.lit(int(10));
    let one = f.lit(int(1));
    let a0 = f.app(Op::Gt, vec![x, zero]).unwrap();
    let a1 = f.app(Op::Lt, vec![x, five]).unwrap();
    let a2 = f.app(Op::Gt, vec![x, ten]).unwrap();
    let x1 = f.app(Op::Add, vec![x, one]).unwrap();
    for a in [a0, a1, a2] {
        f.assert(a).unwrap();
    }
    let s = script(
        f,
        vec![
            Action::Assert(a0),
            Action::Push(1),
            Action::Assert(a1),
            Action::CheckSat,
            Action::Pop(1),
            Action::Assert(a2),
            Action::CheckSat,
            Action::GetValue(vec![x, x1]),
        ],
        Setup::default(),
    );
    (s, x1)
}

#[test]
fn real_answers_to_a_sat_script_are_quiet() {
    let mut h = harness("quiet");
    let (s, _) = two_checks();
    let r = h.run_script(&s, None);
    assert!(r.findings.is_empty(), "{}", r.summary());
    // Both checks sat in both solvers (by construction), and get-value ran in both.
    let v = r.verdicts();
    assert_eq!(v.len(), 2);
    for check in v {
        assert!(check.iter().all(|(_, v)| *v == Verdict::Sat), "{check:?}");
    }
    let values = r.steps.last().unwrap();
    assert!(values.iter().all(
        |(_, x)| matches!(x, Some(Ok(Response::Values(vs))) if vs.iter().all(Option::is_some))
    ));
}

/// The second check's verdict of Z3 flipped to unsat: cvc5's model is validated by the
/// evaluator, so Z3's "unsat" is a wrong-unsat at that check (the first one agreed).
#[test]
fn a_flipped_verdict_at_a_later_check_is_found() {
    let mut h = harness("flip");
    let (mut s, _) = two_checks();
    // Options of both solvers: recorded in the finding, set by each solver's reproducer.
    s.setup
        .options
        .insert(SolverId::Z3, vec![("smt.relevancy".into(), "0".into())]);
    s.setup.options.insert(
        SolverId::Cvc5,
        vec![("simplification".into(), "none".into())],
    );
    let second = s
        .actions
        .iter()
        .rposition(|a| *a == Action::CheckSat)
        .unwrap();
    corrupt(&mut h, SolverId::Z3, unsat_at(second));
    let r = h.run_script(&s, None);
    assert_eq!(classes(&r), vec![Class::WrongUnsat], "{}", r.summary());
    assert_eq!(r.findings[0].0.blamed, Some(SolverId::Z3));
    // The reproducer replays the whole script up to that check: push, pop and both checks.
    let text = std::fs::read_to_string(&r.findings[0].1.smt2).unwrap();
    for part in [
        "(push 1)",
        "(pop 1)",
        "(set-option :global-declarations true)",
    ] {
        assert!(text.contains(part), "{part} missing:\n{text}");
    }
    assert_eq!(text.matches("(check-sat)").count(), 2, "{text}");
    assert!(text.contains("(set-option :smt.relevancy 0)"), "{text}");
    let other = r.findings[0].1.smt2.with_extension("cvc5.smt2");
    let text = std::fs::read_to_string(other).unwrap();
    assert!(text.contains("(set-option :simplification none)"), "{text}");
    let setup = crate::record(&r.findings[0].1.json)
        .script_setup()
        .expect("a script's setup");
    assert_eq!(setup.options_of(SolverId::Z3)[0].0, "smt.relevancy");
}

/// Both answers corrupted at the second check: Z3's verdict flipped to unsat and cvc5's
/// model made invalid (x = 0 against x > 10): cvc5's sat is refuted by its own model, so
/// the one finding is its `invalid-model` (the verdicts' conflict is no second finding).
#[test]
fn an_unproven_conflict_is_a_disagreement() {
    let mut h = harness("disagree");
    let (s, _) = two_checks();
    let second = s
        .actions
        .iter()
        .rposition(|a| *a == Action::CheckSat)
        .unwrap();
    corrupt(&mut h, SolverId::Z3, unsat_at(second));
    corrupt(&mut h, SolverId::Cvc5, x_zero(Some(second)));
    // Yices's valid model would prove Z3 wrong: it says nothing here.
    corrupt(&mut h, SolverId::Yices, silent());
    let r = h.run_script(&s, None);
    assert_eq!(classes(&r), vec![Class::InvalidModel], "{}", r.summary());
}

/// Z3's model with x's value replaced by 0 (which violates x > 10): invalid-model.
#[test]
fn a_corrupted_model_is_an_invalid_model() {
    let mut h = harness("model");
    let (s, _) = two_checks();
    corrupt(&mut h, SolverId::Z3, x_zero(None));
    let r = h.run_script(&s, None);
    assert!(
        classes(&r).contains(&Class::InvalidModel),
        "{}",
        r.summary()
    );
}

/// cvc5's get-value of x + 1 answered with one more than it said: wrong-value (the
/// evaluator computes x + 1 from the model's x); the real values are quiet (test above).
#[test]
fn a_corrupted_get_value_is_a_wrong_value() {
    let mut h = harness("value");
    let (s, _) = two_checks();
    corrupt(
        &mut h,
        SolverId::Cvc5,
        Box::new(|_, _, r| match r {
            Response::Values(mut vs) => {
                if let Some(Some(Value::Int(n))) = vs.get_mut(1) {
                    *n += 1;
                }
                Response::Values(vs)
            }
            r => r,
        }),
    );
    let r = h.run_script(&s, None);
    assert_eq!(classes(&r), vec![Class::WrongValue], "{}", r.summary());
    assert_eq!(r.findings[0].0.blamed, Some(SolverId::Cvc5));
}

/// a: x > 5, b: x < 3, c: y > 0; unsat (a and b contradict, by construction); with cores
/// on, get-unsat-core; assumption q guards x > 5 in a second check-sat-assuming.
fn core_script() -> (Script, usize) {
    let mut f = Formula::default();
    let x = f.declare("x", Sort::Int);
    let y = f.declare("y", Sort::Int);
    let q = f.declare("assume0", Sort::Bool);
    let (x, y, q) = (f.constant(x), f.constant(y), f.constant(q));
    let (zero, three, five) = (f.lit(int(0)), f.lit(int(3)), f.lit(int(5)));
    let a = f.app(Op::Gt, vec![x, five]).unwrap();
    let b = f.app(Op::Lt, vec![x, three]).unwrap();
    let c = f.app(Op::Gt, vec![y, zero]).unwrap();
    let guard = f.app(Op::Implies, vec![q, a]).unwrap();
    for t in [a, b, c, guard] {
        f.assert(t).unwrap();
    }
    let s = script(
        f,
        vec![
            Action::Push(1),
            Action::Assert(a),
            Action::Assert(b),
            Action::Assert(c),
            Action::CheckSat,
            Action::GetUnsatCore,
            Action::Pop(1),
            Action::Assert(guard),
            Action::Assert(b),
            Action::CheckSatAssuming(vec![q]),
            Action::GetUnsatAssumptions,
        ],
        Setup {
            cores: true,
            unsat_assumptions: true,
            ..Setup::default()
        },
    );
    let a_index = 3 + 1; // three declarations, push, then a
    assert_eq!(s.actions[a_index], Action::Assert(a));
    (s, a_index)
}

#[test]
fn real_cores_and_unsat_assumptions_are_quiet() {
    let mut h = harness("cores-quiet");
    let (s, a) = core_script();
    let r = h.run_script(&s, None);
    assert!(r.findings.is_empty(), "{}", r.summary());
    // Every solver's core contains a and b (the only contradiction), and the failed
    // assumption is q.
    let mut cores = 0;
    for step in &r.steps {
        for (id, x) in step {
            match x {
                Some(Ok(Response::Core(ks))) => {
                    cores += 1;
                    assert!(ks.contains(&a) && ks.contains(&(a + 1)), "{id}: {ks:?}");
                }
                Some(Ok(Response::Assumptions(ls))) => assert_eq!(ls.len(), 1, "{id}"),
                _ => {}
            }
        }
    }
    // Z3's and cvc5's: the script asks for cores and unsat assumptions, which yices-smt2
    // does not take together (Yices is not given it).
    assert_eq!(cores, 2, "one core per solver");
}

/// Z3's core with its key assertion (x > 5) removed, and cvc5's unsat assumptions
/// emptied: each remainder is satisfiable alone, which a re-check proves: invalid-core.
#[test]
fn corrupted_cores_and_assumptions_are_invalid() {
    let (s, a) = core_script();
    let mut h = harness("cores-bad");
    corrupt(
        &mut h,
        SolverId::Z3,
        Box::new(move |_, _, r| match r {
            Response::Core(ks) => Response::Core(ks.into_iter().filter(|k| *k != a).collect()),
            r => r,
        }),
    );
    let r = h.run_script(&s, None);
    assert_eq!(classes(&r), vec![Class::InvalidCore], "{}", r.summary());
    assert_eq!(r.findings[0].0.blamed, Some(SolverId::Z3));
    let text = std::fs::read_to_string(&r.findings[0].1.smt2).unwrap();
    assert!(
        text.contains(":named a") && text.contains("(get-unsat-core)"),
        "{text}"
    );

    let mut h = harness("assumptions-bad");
    corrupt(&mut h, SolverId::Cvc5, empty_assumptions());
    let r = h.run_script(&s, None);
    assert_eq!(classes(&r), vec![Class::InvalidCore], "{}", r.summary());
    assert_eq!(r.findings[0].0.blamed, Some(SolverId::Cvc5));
}

fn parsed(text: &str) -> Formula {
    smtsmith::cases::smtlib::parse::parse_script(text)
        .expect("test formula parses")
        .formula
}

/// Z3 5.4.1.0 answers unknown "(incomplete (theory seq))" on a quantifier-free string
/// formula whose string lengths are bounded (decidable) and which cvc5 decides (sat: b0 =
/// false satisfies it, by construction) — but with `str.replace_all`, which Z3's maintainers
/// call unsupported (Z3Prover/z3#5344, #9928): quiet. So is the same without the bounds (not
/// a fragment the oracle covers), and a bounded LIA formula both decide.
#[test]
fn incompleteness_is_quiet_on_documented_and_undecidable_cases() {
    let bounded = parsed(
        "(declare-fun s0 () String)(declare-fun s2 () String)(declare-fun b0 () Bool)
         (assert (<= (str.len s0) 4))(assert (<= (str.len s2) 4))
         (assert (or (str.is_digit (str.replace_all \"baab0\" s2 s0)) (not b0)))",
    );
    assert!(smtsmith::verdict::oracle::decidable_fragment(&bounded).is_some());
    assert!(smtsmith::dialect::facts::documented_incomplete(
        SolverId::Z3,
        &bounded
    ));
    let mut h = harness("incomplete");
    let r = h.run_script(&Script::of_formula(&bounded, Setup::default()), None);
    assert!(r.findings.is_empty(), "{}", r.summary());

    let mut unbounded = bounded.clone();
    unbounded.asserts.drain(..2);
    assert!(smtsmith::verdict::oracle::decidable_fragment(&unbounded).is_none());
    let r = h.run_script(&Script::of_formula(&unbounded, Setup::default()), None);
    assert!(r.findings.is_empty(), "{}", r.summary());

    // A bounded string constant, but str.from_int of an unbounded integer: string terms of
    // unbounded length, not the fragment (the final campaign's Z3 unknown on such a formula).
    let from_int = parsed(
        "(declare-fun s0 () String)(declare-fun i () Int)(assert (<= (str.len s0) 3))
         (assert (= s0 (str.substr (str.from_int i) 0 2)))",
    );
    assert!(smtsmith::verdict::oracle::decidable_fragment(&from_int).is_none());

    let lia = parsed("(declare-fun x () Int)(assert (and (> x 2) (< (* 3 x) 12)))");
    assert_eq!(
        smtsmith::verdict::oracle::decidable_fragment(&lia).as_deref(),
        Some("QF_LIA")
    );
    let r = h.run_script(&Script::of_formula(&lia, Setup::default()), None);
    assert!(r.findings.is_empty(), "{}", r.summary());
}

/// A real answer of Z3 5.4.1.0 found by the script target
/// (known-findings/z3-5.4.1-check-sat-assuming-const-array-unknown.smt2): on
/// `(f2 ((as const (Array Int Int)) -32))` check-sat is sat, but check-sat-assuming of an
/// unrelated literal is unknown "(incomplete (theory array))" — QF_AUFLIA, decidable, and
/// cvc5 decides it (sat; sat by construction: f2 true everywhere). The first check is quiet.
#[test]
#[cfg_attr(
    not(smtsmith_pinned_z3),
    ignore = "a behaviour of the pinned Z3 5.4.1.0"
)]
fn incompleteness_at_a_later_check_sat_assuming() {
    let mut f = Formula::default();
    let f2 = f.declare_fun("f2", vec![Sort::array(Sort::Int, Sort::Int)], Sort::Bool);
    let q = f.declare("q", Sort::Bool);
    let a = f.lit(Value::Array(smtsmith::lang::ir::ArrayValue::constant(
        Sort::Int,
        int(-32),
    )));
    let t = f.call(f2, vec![a]).unwrap();
    let q = f.constant(q);
    f.assert(t).unwrap();
    let s = script(
        f,
        vec![
            Action::Assert(t),
            Action::CheckSat,
            Action::CheckSatAssuming(vec![q]),
        ],
        Setup::default(),
    );
    let mut h = harness("incomplete-assuming");
    // Known only by evidence: once reduced, the known script replays.
    h.settings.reduce_seconds = 60;
    let r = h.run_script(&s, None);
    let v = r.verdicts();
    assert!(
        v.len() >= 2 && v[1].iter().any(|(_, x)| *x == Verdict::Unknown),
        "the pinned Z3 5.4.1.0 answers unknown at the check-sat-assuming: {v:?}"
    );
    // Yices is not given arrays: its checks are skipped.
    assert!(
        v[0].iter()
            .filter(|(id, _)| *id != SolverId::Yices)
            .all(|(_, x)| *x == Verdict::Sat),
        "{v:?}"
    );
    assert_eq!(classes(&r), vec![Class::Incompleteness], "{}", r.summary());
    assert_eq!(r.findings[0].0.blamed, Some(SolverId::Z3));
    assert_eq!(
        r.findings[0].1.known.as_deref(),
        Some("z3-5.4.1-check-sat-assuming-const-array-unknown.smt2"),
        "{}",
        r.summary()
    );
    assert!(
        r.findings[0].0.summary.contains("QF_AUFLIA"),
        "{}",
        r.summary()
    );
}

/// A real performance finding of the pinned releases (the script fuzzer's, QF_NIRA):
/// Z3 decides it (sat) within the limit, cvc5 runs out of its limit and again with ten
/// times the time limit and no resource limit (its own front end with `--tlimit-per=20000`
/// is still unknown). The test's time limit is 500 ms (confirmation 5 s). Quiet: an easy
/// formula both decide.
#[test]
#[cfg_attr(
    not(all(smtsmith_pinned_z3, smtsmith_pinned_cvc5)),
    ignore = "a behaviour of the pinned Z3 5.4.1.0 and cvc5 1.4.0"
)]
fn performance_on_a_real_slow_check() {
    let f = parsed(
        "(declare-fun r2 () Real)(declare-fun i2 () Int)(declare-fun i0 () Int)(declare-fun i3 () Int)
         (declare-fun r3 () Real)(declare-fun r0 () Real)(declare-fun r1 () Real)(declare-fun i1 () Int)
         (assert (is_int (- (* r2 (- (/ 13.0 3.0)) (- (/ 13.0 3.0))))))
         (assert (distinct (mod (- (to_int (- r0)) (- (mod 113 117) (mod 113 117) i1 (to_int r1)) (mod (- i0) (to_int r1))) (to_int (- (- (/ 13.0 3.0))))) (- i0) (* (- i0) i0 (mod (- i0) (to_int r1)) (mod (to_int (- r2 r0 r3 23.0)) (* (- (- 24) 104 i3) (mod i2 i0) i2)))))",
    );
    let mut h = harness("performance");
    h.settings.limits.timeout_ms = 500;
    let r = h.run_script(&Script::of_formula(&f, Setup::default()), None);
    let v = &r.verdicts()[0];
    let of = |id| v.iter().find(|(s, _)| *s == id).unwrap().1;
    assert!(
        of(SolverId::Z3) != Verdict::Unknown && of(SolverId::Cvc5) == Verdict::Unknown,
        "the pinned releases: Z3 5.4.1.0 decides, cvc5 1.4.0 runs out of its limit: {v:?}"
    );
    assert_eq!(classes(&r), vec![Class::Performance], "{}", r.summary());
    assert_eq!(r.findings[0].0.blamed, Some(SolverId::Cvc5));

    let easy = parsed("(declare-fun x () Int)(assert (> x 2))");
    let r = h.run_script(&Script::of_formula(&easy, Setup::default()), None);
    assert!(r.findings.is_empty(), "{}", r.summary());
}

/// A real cvc5 1.4.0 bug (known-findings/cvc5-1.4.0-no-model-after-sat-UF-arrays.smt2:
/// sat, but no model): with `check-models` cvc5's check itself fails, and without it the
/// check answers — a self-check finding. Quiet: the same setup on an easy formula.
#[test]
#[cfg_attr(
    not(smtsmith_pinned_cvc5),
    ignore = "a behaviour of the pinned cvc5 1.4.0"
)]
fn self_check_fires_on_a_real_cvc5_bug() {
    let (f, setup) = failing_model_check();
    let mut h = harness("self-check");
    h.settings.reduce_seconds = 60;
    let r = h.run_script(&Script::of_formula(&f, setup.clone()), None);
    assert!(
        r.steps
            .iter()
            .flatten()
            .any(|(id, x)| *id == SolverId::Cvc5 && matches!(x, Some(Err(_)))),
        "the pinned cvc5 1.4.0 fails its model check here: {}",
        r.summary()
    );
    assert_eq!(classes(&r), vec![Class::SelfCheck], "{}", r.summary());
    assert_eq!(r.findings[0].0.blamed, Some(SolverId::Cvc5));
    // A known bug (known-findings/index.json): written under known/, it does not stop a
    // fuzzing process.
    assert_eq!(
        r.findings[0].1.known.as_deref(),
        Some("cvc5-1.4.0-no-model-after-sat-UF-arrays.smt2"),
        "{}",
        r.summary()
    );
    assert!(r.findings[0]
        .1
        .smt2
        .starts_with(h.output.dir.join("known/self-check")));
    let text = std::fs::read_to_string(&r.findings[0].1.smt2).unwrap();
    assert!(text.contains("(set-option :check-models true)"), "{text}");
    // Every file of the finding moved with it (the per-solver scripts too): none is left
    // in the class folder.
    let stem = r.findings[0]
        .1
        .smt2
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .to_string();
    let named = |dir: std::path::PathBuf| -> Vec<String> {
        std::fs::read_dir(dir)
            .map(|d| {
                d.flatten()
                    .map(|e| e.file_name().to_string_lossy().to_string())
                    .filter(|n| n.starts_with(&format!("{stem}.")))
                    .collect()
            })
            .unwrap_or_default()
    };
    assert!(named(h.output.dir.join("self-check")).is_empty());
    let known = named(h.output.dir.join("known/self-check"));
    assert!(known.iter().any(|n| n.ends_with(".z3.smt2")), "{known:?}");

    let easy = parsed(
        "(declare-fun x () Int)(declare-fun a () (Array Int Int))(assert (> (select a x) 2))",
    );
    let r = h.run_script(&Script::of_formula(&easy, setup), None);
    assert!(r.findings.is_empty(), "{}", r.summary());
}

/// The known reproducer on which cvc5 1.4.0 fails its model check, with self-checks on.
fn failing_model_check() -> (Formula, Setup) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/known-findings/cvc5-1.4.0-no-model-after-sat-UF-arrays.smt2"
    );
    let f = constant_arrays_as_values(parsed(&std::fs::read_to_string(path).unwrap()));
    let setup = Setup {
        self_checks: true,
        ..Setup::default()
    };
    (f, setup)
}

/// The same formula with each `((as const S) v)` of a value `v` made an array value (the
/// form generated formulas have; the parser keeps the application, and cvc5's API takes
/// a constant array only of a value).
fn constant_arrays_as_values(mut f: Formula) -> Formula {
    use smtsmith::lang::ir::{ArrayValue, NodeKind};
    for i in 0..f.nodes.len() {
        let NodeKind::App(Op::ConstArray, _, args) = &f.nodes[i].kind else {
            continue;
        };
        let NodeKind::Lit(v) = &f.nodes[args[0].0 as usize].kind else {
            continue;
        };
        let Sort::Array(index, _) = &f.nodes[i].sort else {
            continue;
        };
        let a = ArrayValue::constant((**index).clone(), v.clone());
        f.nodes[i].kind = NodeKind::Lit(Value::Array(a));
    }
    f
}

/// Every curated option is one the linked releases describe: Z3's solver parameter
/// descriptions list it with a settable kind; cvc5's option info gives it a regular or
/// common category (not expert, not undocumented).
#[test]
fn curated_options_are_documented_by_the_linked_releases() {
    for spec in smtsmith::dialect::options::Z3 {
        let api = smtsmith::dialect::options::z3_api_name(spec.name);
        assert!(
            smtsmith::solver::z3::describes(api),
            "z3 does not describe {}",
            spec.name
        );
    }
    for spec in smtsmith::dialect::options::CVC5 {
        let cat = smtsmith::solver::cvc5::option_category_name(spec.name).unwrap();
        assert!(
            matches!(cat.as_deref(), Some("Regular" | "Common")),
            "cvc5 {}: {cat:?}",
            spec.name
        );
    }
    // The refusal works: an expert option is refused as an incompatible option.
    let mut h = harness("options");
    let (mut s, _) = two_checks();
    s.setup
        .options
        .insert(SolverId::Cvc5, vec![("ite-simp".into(), "true".into())]);
    let r = h.run_script(&s, None);
    assert!(
        r.skipped.as_deref().is_some_and(|w| w.contains("ite-simp")),
        "{:?}",
        r.skipped
    );
    assert!(r.findings.is_empty());
}

/// Decoded scripts replay with the solvers' own front ends: the reproducer of every
/// action that ran (push/pop, named assertions, assumptions, options) gives the same
/// sequence of sat/unsat answers as the API did (unknowns and limits aside).
#[test]
fn reproducers_replay_the_checks() {
    let mut h = harness("replay");
    let mut compared = 0;
    for seed in 0..40u64 {
        let bytes = smtsmith::lang::generate::seeded_bytes(seed, 200);
        let s = Script::from_bytes_in(&bytes, &smtsmith::lang::generate::Theories::ALL);
        let r = h.run_script(&s, Some(&bytes));
        if r.skipped.is_some() {
            continue;
        }
        // Performance and incompleteness are the pinned releases' own behaviour (their
        // reproducers replay as well); any other finding is a failure here, not a skip.
        for (issue, _) in &r.findings {
            assert!(
                matches!(issue.class, Class::Performance | Class::Incompleteness),
                "seed {seed}: {}",
                r.summary()
            );
        }
        // Each solver that was given the script (as the harness decides: its logics and
        // documented limits, e.g. cvc5 has no arrays indexed by arrays).
        let took = |id: &SolverId| {
            smtsmith::dialect::facts::skip_reason(*id, &s.formula).is_none()
                && smtsmith::dialect::facts::script_skip_reason(
                    *id,
                    &s.formula,
                    s.setup.cores,
                    s.setup.unsat_assumptions,
                    s.actions
                        .iter()
                        .any(|a| matches!(a, Action::CheckSatAssuming(_))),
                )
                .is_none()
        };
        for id in SolverId::ALL.into_iter().filter(took) {
            let ran: Vec<usize> = r
                .steps
                .iter()
                .enumerate()
                .filter(|(_, step)| step.iter().any(|(s, x)| *s == id && x.is_some()))
                .map(|(i, _)| i)
                .collect();
            let api: Vec<Verdict> = r
                .verdicts()
                .iter()
                .map(|c| c.iter().find(|(s, _)| *s == id).unwrap().1)
                .collect();
            let text = smtsmith::cases::smtlib::scripts::print(
                &s,
                &smtsmith::cases::smtlib::scripts::Print {
                    comments: Vec::new(),
                    solver: id,
                    ran: &ran,
                    aliases: smtsmith::dialect::facts::reproducer_needs_aliases(id, h.versions()),
                },
            );
            let out = match id {
                SolverId::Z3 | SolverId::Z3Text => {
                    smtsmith::solver::z3::run_binary(&text, 4_000).unwrap()
                }
                SolverId::Cvc5 | SolverId::Cvc5Text => {
                    smtsmith::solver::cvc5::run_script(&text, 4_000).unwrap()
                }
                SolverId::Yices => smtsmith::solver::yices::run_binary(&text, 4_000).unwrap(),
            };
            assert!(!out.contains("(error"), "seed {seed} {id}:\n{text}\n{out}");
            let front: Vec<&str> = out
                .lines()
                .filter(|l| matches!(l.trim(), "sat" | "unsat" | "unknown"))
                .collect();
            assert_eq!(front.len(), api.len(), "seed {seed} {id}:\n{text}\n{out}");
            for (a, b) in api.iter().zip(&front) {
                if *a != Verdict::Unknown && *b != "unknown" {
                    assert_eq!(a.to_string(), *b, "seed {seed} {id}:\n{text}\n{out}");
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 40, "only {compared} checks compared");
}

/// Script findings are reduced as they are written: a wrong value (cvc5's `get-value` of the
/// sum `x + 1` corrupted, wherever that query stands) reduces to a script without the
/// first scope; the reduced reproducer is cvc5's and its own front end reads it.
#[test]
fn script_findings_are_reduced_as_written() {
    use smtsmith::lang::ir::NodeKind;
    let mut h = harness("reduce-value");
    h.settings.reduce_seconds = 60;
    let (s, _) = two_checks();
    corrupt(
        &mut h,
        SolverId::Cvc5,
        Box::new(|s, i, r| match r {
            Response::Values(mut vs) => {
                let Action::GetValue(ts) = &s.actions[i] else {
                    return Response::Values(vs);
                };
                for (t, v) in ts.iter().zip(vs.iter_mut()) {
                    if let (NodeKind::App(Op::Add, ..), Some(Value::Int(n))) =
                        (&s.formula.node(*t).kind, v.as_mut())
                    {
                        *n += 1;
                    }
                }
                Response::Values(vs)
            }
            r => r,
        }),
    );
    let r = h.run_script(&s, None);
    assert_eq!(classes(&r), vec![Class::WrongValue], "{}", r.summary());
    let w = &r.findings[0].1;
    let reduced = w.reduced.as_ref().expect("reduced");
    let stats = fewer_actions_after_reduction(w);
    assert!(stats.assertions <= 1, "{stats:?}");
    let text = std::fs::read_to_string(reduced).unwrap();
    assert!(!text.contains("(push"), "{text}");
    let out = smtsmith::solver::cvc5::run_script(&text, 10_000).unwrap();
    assert!(out.starts_with("sat"), "{out}\n{text}");
    assert!(!out.contains("error"), "{out}\n{text}");
}

/// The reduction statistics in a written finding's JSON, after checking that the
/// reduction dropped actions.
fn fewer_actions_after_reduction(
    w: &smtsmith::verdict::finding::Written,
) -> smtsmith::verdict::finding::record::ReductionStats {
    let v = crate::record(&w.json);
    let stats = v.reduced.expect("reduced").stats.expect("stats");
    let stats = stats.typed().expect("typed").clone();
    assert!(stats.actions < stats.original_actions, "{stats:?}");
    stats
}

/// A real bug reduces too: cvc5 1.4.0's failing model check (self-check) on the known
/// reproducer's three assertions keeps only what it needs, and the reduced reproducer still
/// makes cvc5's own front end fail its model check.
#[test]
#[cfg_attr(
    not(smtsmith_pinned_cvc5),
    ignore = "a behaviour of the pinned cvc5 1.4.0"
)]
fn a_real_self_check_finding_reduces() {
    let (f, setup) = failing_model_check();
    let mut h = harness("reduce-self-check");
    h.settings.reduce_seconds = 20;
    let r = h.run_script(&Script::of_formula(&f, setup), None);
    assert_eq!(classes(&r), vec![Class::SelfCheck], "{}", r.summary());
    let w = &r.findings[0].1;
    let text = std::fs::read_to_string(w.reduced.as_ref().expect("reduced")).unwrap();
    let original = std::fs::read_to_string(&w.smt2).unwrap();
    assert!(text.len() < original.len(), "{text}");
    let out = smtsmith::solver::cvc5::run_script(&text, 10_000).unwrap();
    assert!(out.contains("error"), "{out}\n{text}");
}

/// An invalid-core finding (cvc5's unsat assumptions emptied: the assertions alone are
/// satisfiable) reduces as written: the first scope and its core query go, the
/// check-sat-assuming and its query stay, and cvc5's own front end reads the result.
#[test]
fn an_invalid_core_finding_reduces() {
    let (s, _) = core_script();
    let mut h = harness("reduce-core");
    h.settings.reduce_seconds = 60;
    corrupt(&mut h, SolverId::Cvc5, empty_assumptions());
    let r = h.run_script(&s, None);
    assert_eq!(classes(&r), vec![Class::InvalidCore], "{}", r.summary());
    let w = &r.findings[0].1;
    let text = std::fs::read_to_string(w.reduced.as_ref().expect("reduced")).unwrap();
    fewer_actions_after_reduction(w);
    assert!(
        !text.contains("(push") && !text.contains("(get-unsat-core)"),
        "{text}"
    );
    assert!(
        text.contains("(check-sat-assuming") && text.contains("(get-unsat-assumptions)"),
        "{text}"
    );
    let out = smtsmith::solver::cvc5::run_script(&text, 10_000).unwrap();
    assert!(out.starts_with("unsat"), "{out}\n{text}");
    assert!(!out.contains("error"), "{out}\n{text}");
}

/// Float formats the solvers' developers call partly supported (Z3: exponent wider than the
/// significand, Z3Prover/z3#5051; cvc5's `fp` refuses a one-bit significand) answer unknown
/// in a script as in a one-shot check, not an API error. Ground truth: Z3 5.4.1.0's own
/// binary answers `unknown` on the first two files (its API says "addition/subtract with
/// ebits > sbits not supported" and "invalid extract application"); cvc5 1.4.2's API
/// refuses the third's `(fp #b1 #b01 #b1)`. Made by the every-theory portfolio campaign of
/// 2026-12-07, where each was a false api-error. A Float32 formula with an error planted
/// stays a finding: the rule is the format's, not the error's.
#[test]
fn partly_supported_float_formats_answer_unknown_in_scripts() {
    let cores = "(set-option :global-declarations true)(set-option :produce-models true)
                 (set-option :produce-unsat-cores true)";
    let files = [
        format!(
            "{cores}(set-logic ALL)(declare-fun x () (_ FloatingPoint 8 4))
             (assert (! (<= (fp.to_real (fp.add RNE (fp #b0 #b00000000 #b000) x)) 0.0) :named a1))
             (check-sat)"
        ),
        format!(
            "{cores}(set-logic QF_BVFP)(declare-fun b () (_ BitVec 5))
             (assert (! (= #b00000 ((_ fp.to_ubv 5) RNE ((_ to_fp_unsigned 8 4) RNE b))) :named a1))
             (check-sat)"
        ),
        format!(
            "{cores}(set-option :check-models true)(set-option :fp-exp true)(set-logic ALL)
             (declare-fun s () String)(assert (! (<= (str.len s) 0) :named a1))
             (assert (! (fp.isNaN (fp #b1 #b01 #b1)) :named a2))(check-sat)"
        ),
    ];
    let mut h = harness("partial-fp");
    // The second file without cores: Z3 answers unknown ("invalid extract application"),
    // which the incompleteness oracle takes as the developers' word on the format.
    let plain = "(set-logic QF_BVFP)(declare-fun b () (_ BitVec 5))
        (assert (= #b00000 ((_ fp.to_ubv 5) RNE ((_ to_fp_unsigned 8 4) RNE b))))(check-sat)";
    for text in files.into_iter().chain([plain.to_string()]) {
        let s = smtsmith::cases::smtlib::parse::parse_script(&text).expect("parses");
        let r = h.run_script(&s.script, None);
        assert!(
            !classes(&r)
                .iter()
                .any(|c| matches!(c, Class::ApiError | Class::Incompleteness)),
            "{text}: {}",
            r.summary()
        );
    }
}
