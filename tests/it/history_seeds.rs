//! The history pool (`history-seeds/`): public bug reproducers of threads filed before
//! Z3 4.8.7's release, the seeds a campaign on a release may start from (HistFuzz's way in).
//! Its rule of membership is what keeps it apart from the bug benchmark's yardstick: a
//! thread of the index, or one filed after the cutoff, would let the benchmark count a bug
//! the pool already holds. A missing pool fails every test here.

use smtsmith::cases::smtlib::parse;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// Z3 4.8.7's release: the pool holds what a campaign on it could have known.
const CUTOFF: &str = "2019-11-19";

/// Z3 issues kept for an independent check of the bug benchmark (issue 50): never in the pool.
const RESERVED_Z3: [u32; 25] = [
    2632, 2832, 2836, 4376, 4791, 5140, 5798, 6117, 6165, 6561, 6728, 6729, 6809, 6855, 7162, 7321,
    7431, 7745, 7842, 8097, 8169, 8183, 9472, 10410, 10492,
];

/// One pool file's header: the thread it was written from and what the thread reports.
struct Header {
    source: String,
    filed: String,
    symptom: String,
    theory: String,
}

fn pool() -> Vec<(PathBuf, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("history-seeds");
    let files = smtsmith::tools::check::collect_files(std::slice::from_ref(&dir))
        .unwrap_or_else(|e| panic!("the history pool {}: {e}", dir.display()));
    assert!(
        files.len() >= 90,
        "{}: {} scripts, the pool holds 95",
        dir.display(),
        files.len()
    );
    files
        .into_iter()
        .map(|p| {
            let text =
                std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p, text)
        })
        .collect()
}

fn header(path: &std::path::Path, text: &str) -> Header {
    let field = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("; {key}: ")))
            .unwrap_or_else(|| panic!("{}: no `; {key}:` line", path.display()))
            .to_string()
    };
    Header {
        source: field("source"),
        filed: field("filed"),
        symptom: field("symptom"),
        theory: field("theory"),
    }
}

/// Every file names a public issue thread (Z3, cvc5/CVC4 or Yices), filed before the cutoff
/// (an ISO date first, as the thread shows it), with a symptom and a theory; no thread twice,
/// none of the bug index, no reserved Z3 issue. Ground truth: the index as compiled in.
#[test]
fn the_history_pool_names_its_threads_all_filed_before_the_cutoff_and_none_of_the_index() {
    let index_sources: BTreeSet<String> = smtsmith::verdict::finding::known::index()
        .iter()
        .filter_map(|k| k.source.clone())
        .collect();
    assert!(
        index_sources
            .iter()
            .filter(|s| s.contains("/issues/"))
            .count()
            > 60,
        "the index's public threads were not read"
    );
    let mut seen = BTreeSet::new();
    for (path, text) in pool() {
        let h = header(&path, &text);
        let (repo, number) = h
            .source
            .strip_prefix("https://github.com/")
            .and_then(|rest| rest.split_once("/issues/"))
            .unwrap_or_else(|| {
                panic!(
                    "{}: source {} is not an issue thread",
                    path.display(),
                    h.source
                )
            });
        assert!(
            ["Z3Prover/z3", "cvc5/cvc5", "SRI-CSL/yices2"].contains(&repo),
            "{}: {repo}",
            path.display()
        );
        let number: u32 = number
            .parse()
            .unwrap_or_else(|_| panic!("{}: issue number {number}", path.display()));
        if repo == "Z3Prover/z3" {
            assert!(
                !RESERVED_Z3.contains(&number),
                "{}: Z3 issue {number} is reserved",
                path.display()
            );
        }
        let date = &h.filed[..h.filed.len().min(10)];
        assert!(
            date.len() == 10
                && date.chars().enumerate().all(|(i, c)| if i == 4 || i == 7 {
                    c == '-'
                } else {
                    c.is_ascii_digit()
                }),
            "{}: filed {:?} does not start with a date",
            path.display(),
            h.filed
        );
        assert!(
            date < CUTOFF,
            "{}: filed {date}, not before {CUTOFF}",
            path.display()
        );
        assert!(
            !index_sources.contains(&h.source),
            "{}: {} is a thread of the bug index",
            path.display(),
            h.source
        );
        assert!(
            !h.symptom.is_empty() && !h.theory.is_empty(),
            "{}",
            path.display()
        );
        assert!(seen.insert(h.source.clone()), "{} twice", h.source);
    }
}

/// Every file reads as one query (the seed mutator's input) and prints back to the same
/// declarations and assertions: the pool is the printer's form of the threads' scripts.
#[test]
fn every_history_seed_reads_as_a_query_and_prints_back_to_itself() {
    for (path, text) in pool() {
        let script =
            parse::parse_script(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(script.check_sat, "{}: no check-sat", path.display());
        assert!(
            text.lines().any(|l| l.starts_with("(assert ")),
            "{}: asserts nothing",
            path.display()
        );
        // The logic line aside: a thread's script that declared none was printed with
        // `ALL`, which reads back as the logic of the symbols it uses.
        let without_logic = |t: &str| -> String {
            t.lines()
                .filter(|l| !l.starts_with(';') && !l.starts_with("(set-logic "))
                .map(|l| format!("{l}\n"))
                .collect()
        };
        let printed = without_logic(&smtsmith::cases::mutate::seed_of_script(script).print());
        let body = without_logic(&text);
        assert_eq!(
            printed,
            body,
            "{}: the file is not the printer's form of its script",
            path.display()
        );
    }
}
