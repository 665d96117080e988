//! Real SMT-LIB input: the labelled seeds shipped in `seeds/` through the parser, the
//! printer and the seed mutator. A missing seed folder fails every test here.

use smtsmith::cases::smtlib::{self, parse};
use smtsmith::harness::{Harness, Selection};
use smtsmith::lang::generate::{check_well_formed, seeded_bytes};
use smtsmith::solver::{z3, Reuse, Verdict};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The labelled seeds (`seeds/LOGIC/sat|unsat/`), without the incremental ones
/// (`seeds/incremental/`, tested in `tests/it/smtlib_input.rs`).
fn seeds() -> Vec<PathBuf> {
    let dir = smtsmith::verdict::construct::fusion::default_seed_dir();
    let files: Vec<PathBuf> = smtsmith::tools::check::collect_files(std::slice::from_ref(&dir))
        .unwrap_or_else(|e| panic!("the shipped seeds {}: {e}", dir.display()))
        .into_iter()
        .filter(|p| !p.starts_with(dir.join("incremental")))
        .collect();
    assert!(
        files.len() > 300,
        "{}: only {} files",
        dir.display(),
        files.len()
    );
    files
}

fn logic_dir(p: &Path) -> String {
    // seeds/LOGIC/sat|unsat/file.smt2
    p.parent()
        .and_then(|d| d.parent())
        .and_then(|d| d.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// At least 95% of the files of every logic parse (QF_FP among them, read by their sorts);
/// every parsed seed prints and parses back to the same formula.
#[test]
fn seeds_parse_and_round_trip() {
    let files = seeds();
    let mut per_logic: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let logic = logic_dir(path);
        let row = per_logic.entry(logic.clone()).or_default();
        row.0 += 1;
        match parse::parse_script(&text) {
            Ok(s) => {
                row.1 += 1;
                check_well_formed(&s.formula).unwrap();
                let printed = smtlib::script(&s.formula, &Default::default());
                let back = parse::parse_script(&printed)
                    .unwrap_or_else(|e| panic!("{}: printed text: {e}", path.display()));
                assert_eq!(back.formula, s.formula, "{}", path.display());
            }
            Err(e) => eprintln!("{}: {e}", path.display()),
        }
    }
    for (logic, (n, ok)) in &per_logic {
        eprintln!("{logic}: {ok}/{n} parse");
        assert!(*ok * 100 >= *n * 95, "{logic}: only {ok} of {n} parse");
    }
}

/// The parser keeps the meaning: on the smallest seeds of each logic, the z3 binary on
/// the original text and Z3 through the API on the parsed formula give the same verdict
/// wherever both decide (the second opinion is the solver's own front end).
#[test]
fn parsed_seeds_mean_what_the_text_says() {
    let files = seeds();
    assert!(
        z3::binary().is_some(),
        "no z3 binary next to the linked library (a custom SMTSMITH_Z3_LIB_DIR needs SMTSMITH_Z3_BIN)"
    );
    let mut by_logic: BTreeMap<String, Vec<(u64, PathBuf)>> = BTreeMap::new();
    for p in files {
        let size = std::fs::metadata(&p).unwrap().len();
        by_logic.entry(logic_dir(&p)).or_default().push((size, p));
    }
    let mut h = Harness::with_reuse(
        Selection::Only(smtsmith::solver::SolverId::Z3),
        tempfile::tempdir().unwrap().keep(),
        Reuse::Solver,
    )
    .unwrap();
    let (mut compared, mut decided) = (0, 0);
    for (_logic, mut files) in by_logic {
        files.sort();
        for (_, path) in files.iter().take(6) {
            let text = std::fs::read_to_string(path).unwrap();
            let script = parse::parse_script(&text).unwrap();
            let api = match &h.answers(&script.formula)[0].1 {
                Ok(o) => o.verdict,
                Err(e) => panic!("{}: {e}", path.display()),
            };
            let out = z3::run_binary(&text, 2000).unwrap();
            let binary = match out.lines().next().unwrap_or("").trim() {
                "sat" => Verdict::Sat,
                "unsat" => Verdict::Unsat,
                _ => Verdict::Unknown,
            };
            compared += 1;
            if api != Verdict::Unknown && binary != Verdict::Unknown {
                decided += 1;
                assert_eq!(api, binary, "{}", path.display());
            }
        }
    }
    eprintln!("{decided} of {compared} seeds decided by both the API and the binary");
    assert!(
        decided * 2 >= compared,
        "too few decided: {decided} of {compared}"
    );
}

/// Mutants of real seeds are well-formed and their text is a fixed point of parse+print
/// (the corpus stores text, the target runs what it parses).
#[test]
fn mutants_of_seeds_round_trip() {
    let files = seeds();
    let mut mutated = 0;
    for (k, path) in files.iter().enumerate() {
        let text = std::fs::read_to_string(path).unwrap();
        let Ok(s) = parse::parse_script(&text) else {
            continue;
        };
        for m in 0..3u64 {
            let bytes = seeded_bytes(k as u64 * 10 + m, 256);
            let mut u = arbitrary::Unstructured::new(&bytes);
            let (g, kinds) = smtsmith::cases::mutate::mutate(&s.formula, &mut u);
            if kinds.is_empty() {
                continue;
            }
            mutated += 1;
            check_well_formed(&g).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let printed = smtsmith::cases::mutate::print(&g);
            let back = parse::parse_script(&printed)
                .unwrap_or_else(|e| panic!("{} {kinds:?}: {e}\n{printed}", path.display()));
            assert_eq!(
                smtsmith::cases::mutate::print(&back.formula),
                printed,
                "{}",
                path.display()
            );
        }
    }
    eprintln!("{mutated} mutants checked");
    assert!(mutated > 500, "only {mutated} mutants");
}

/// `smtsmith bench --target seed_mutation`'s profile over real seeds (formulas and
/// incremental scripts) accounts for every case: each solver answers every formula once,
/// its decided checks are all in the time buckets, every case is counted in the setup part it
/// ran with, and the scripts are counted apart. Ground truth: the count of inputs given, and
/// of each solver's sat and unsat answers in the same profile.
#[test]
fn the_seed_mutation_profile_accounts_for_every_case() {
    use smtsmith::harness::Target;
    use smtsmith::lang::generate::config::Theories;
    use smtsmith::tools::bench::profile;
    let mut formulas: Vec<PathBuf> = seeds()
        .into_iter()
        .filter(|p| ["QF_LIA", "QF_S", "LRA"].contains(&logic_dir(p).as_str()))
        .collect();
    formulas.truncate(9);
    let dir = smtsmith::verdict::construct::fusion::default_seed_dir().join("incremental");
    let mut scripts = smtsmith::tools::check::collect_files(std::slice::from_ref(&dir))
        .unwrap_or_else(|e| panic!("the incremental seeds {}: {e}", dir.display()));
    scripts.truncate(2);
    let read = |p: &PathBuf| std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let inputs: Vec<Vec<u8>> = formulas.iter().chain(&scripts).map(read).collect();
    let findings = tempfile::tempdir().unwrap();
    let mut h = smtsmith::tools::bench::harness(Reuse::Scope, findings.path());
    let p = profile(&mut h, &inputs, &Theories::ALL, Target::SeedMutation);
    assert_eq!(p.cases, 11);
    assert_eq!(p.per_case.len(), 11);
    for solver in ["z3", "cvc5"] {
        let (_, verdicts) = &p.by_solver[solver];
        assert_eq!(verdicts.values().sum::<u64>(), 9, "{solver}: {verdicts:?}");
        let decided = verdicts.get("sat").unwrap_or(&0) + verdicts.get("unsat").unwrap_or(&0);
        assert!(
            decided > 0,
            "{solver} decided none of the seeds: {verdicts:?}"
        );
        assert_eq!(p.decided_within[solver].iter().sum::<u64>(), decided);
    }
    let (_, scripts) = &p.by_solver["scripts"];
    assert_eq!(scripts.values().sum::<u64>(), 2, "{scripts:?}");
    assert_eq!(p.by_setup["reuse scope"].0, 11);
    assert_eq!(p.by_setup["z3 for-logic"].0, 11);
    assert_eq!(
        p.findings, 0,
        "labelled seeds both pinned solvers decide alike"
    );
}
