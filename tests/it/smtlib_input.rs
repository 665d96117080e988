//! Real SMT-LIB read as the solvers read it:
//! - the 2,194 non-FloatingPoint seed scripts of `tests/data/smtlib-seeds.tar.gz` parse, and
//!   so do the same files rewritten with SMT-LIB 2.5 names, unary and n-ary forms, `-5`
//!   numerals and a declared logic that does not admit them — to the same formula (ground
//!   truth: the formula of the file as written), each leniency noted, and rejected in strict
//!   mode;
//! - the incremental seeds (`seeds/incremental/`) pass `check` on both solvers with the
//!   status each file states before every check (ground truth: the statuses, written with
//!   the files and confirmed by both solvers' front ends).

use smtsmith::harness::{Harness, Selection};
use smtsmith::smtlib::parse::{self, Reading};
use smtsmith::smtlib::sexp::Sx;
use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

/// The archive's files: (path inside it, text). `SMTSMITH_SEED_ARCHIVE` names another
/// `.tar.gz` of `LOGIC/sat|unsat/*.smt2` files (to measure a seed set the repository does not
/// ship; docs/smtlib-input.md).
fn archived_seeds() -> Vec<(String, String)> {
    let path = std::env::var_os("SMTSMITH_SEED_ARCHIVE")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/smtlib-seeds.tar.gz")
        });
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    let mut out = Vec::new();
    for entry in archive.entries().unwrap() {
        let mut entry = entry.unwrap();
        let name = entry.path().unwrap().to_string_lossy().into_owned();
        let mut text = String::new();
        entry.read_to_string(&mut text).unwrap();
        out.push((name, text));
    }
    out
}

/// How a script is rewritten into forms only the lenient reading takes, and which of them
/// it used.
struct Rewrite {
    used: BTreeMap<&'static str, usize>,
    /// Alternates the two 2.5 spellings (`str.in.re`, `str.in-re`).
    dash: bool,
}

impl Rewrite {
    fn used(&mut self, what: &'static str) {
        *self.used.entry(what).or_default() += 1;
    }

    fn term(&mut self, x: Sx) -> Sx {
        match x {
            Sx::Atom(a) => {
                self.dash = !self.dash;
                let old = match (a.as_str(), self.dash) {
                    ("str.in_re", false) => "str.in.re",
                    ("str.in_re", true) => "str.in-re",
                    ("str.to_re", false) => "str.to.re",
                    ("str.to_re", true) => "str.to-re",
                    ("str.to_int", false) => "str.to.int",
                    ("str.to_int", true) => "str.to-int",
                    ("str.from_int", false) => "int.to.str",
                    ("str.from_int", true) => "str.from-int",
                    ("re.none", _) => "re.nostr",
                    _ => return Sx::Atom(a),
                };
                self.used("2.5 names");
                Sx::Atom(old.to_string())
            }
            Sx::List(items) => {
                let items: Vec<Sx> = items.into_iter().map(|i| self.term(i)).collect();
                let head = items.first().and_then(|h| match h {
                    Sx::Atom(a) => Some(a.clone()),
                    _ => None,
                });
                let numeral = |x: &Sx| {
                    matches!(x, Sx::Atom(n) if n.starts_with(|c: char| c.is_ascii_digit())
                        && n.chars().all(|c| c.is_ascii_digit() || c == '.'))
                };
                match head.as_deref() {
                    Some("-") if items.len() == 2 && numeral(&items[1]) => {
                        self.used("negative numerals");
                        Sx::Atom(format!("-{}", items[1]))
                    }
                    Some(
                        op @ ("str.++" | "re.++" | "re.union" | "re.inter" | "+" | "*" | "bvadd"
                        | "bvmul" | "bvand" | "bvor" | "bvxor"),
                    ) if items.len() >= 3 => {
                        self.used("unary forms");
                        let mut items = items;
                        let first = std::mem::replace(&mut items[1], Sx::Atom(String::new()));
                        items[1] = Sx::List(vec![Sx::Atom(op.to_string()), first]);
                        Sx::List(items)
                    }
                    Some("concat") if items.len() == 3 && items[1].head() == Some("concat") => {
                        self.used("n-ary concat");
                        let mut items = items;
                        let Sx::List(inner) = items.remove(1) else {
                            unreachable!()
                        };
                        let mut flat = inner;
                        flat.extend(items.into_iter().skip(1));
                        Sx::List(flat)
                    }
                    _ => Sx::List(items),
                }
            }
        }
    }

    /// The script rewritten: terms inside commands, and the declared logic made `QF_UF`
    /// (which admits no theory operator and no quantifier).
    fn script(&mut self, text: &str) -> String {
        let mut out = String::new();
        for c in Sx::parse_all(text).expect("balanced") {
            let head = c.head().map(str::to_string);
            let c = match (head.as_deref(), c) {
                (Some("set-logic"), _) => {
                    self.used("declared logic");
                    Sx::List(vec![Sx::Atom("set-logic".into()), Sx::Atom("QF_UF".into())])
                }
                (Some("assert" | "define-fun" | "get-value"), Sx::List(items)) => {
                    let mut items = items.into_iter();
                    let mut kept: Vec<Sx> = items.by_ref().take(1).collect();
                    kept.extend(items.map(|i| self.term(i)));
                    Sx::List(kept)
                }
                (_, c) => c,
            };
            out.push_str(&c.to_string());
            out.push('\n');
        }
        out
    }
}

/// Every archived seed parses as written (strictly too), and its rewritten form parses
/// leniently to the same formula, noted, and not strictly.
#[test]
fn seeds_and_their_lenient_rewrites_parse_to_the_same_formula() {
    let seeds = archived_seeds();
    assert!(seeds.len() >= 2194, "only {} archived seeds", seeds.len());
    let mut rewrite = Rewrite {
        used: BTreeMap::new(),
        dash: false,
    };
    let mut files_per_kind: BTreeMap<&'static str, usize> = BTreeMap::new();
    for (name, text) in &seeds {
        let strict = parse::parse_script_with(text, Reading::Strict)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let plain = parse::parse_script(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let printed = smtsmith::smtlib::script(&plain.formula, &Default::default());
        assert_eq!(
            smtsmith::smtlib::script(&strict.formula, &Default::default()),
            printed,
            "{name}"
        );
        // Read as written: nothing noted but triggers left out.
        assert!(
            plain.notes.iter().all(|n| n.starts_with("`:pattern`")),
            "{name}: {:?}",
            plain.notes
        );
        rewrite.used.clear();
        let variant = rewrite.script(text);
        for k in rewrite.used.keys() {
            *files_per_kind.entry(k).or_default() += 1;
        }
        let lenient = parse::parse_script(&variant)
            .unwrap_or_else(|e| panic!("{name} rewritten: {e}\n{variant}"));
        assert_eq!(
            smtsmith::smtlib::script(&lenient.formula, &Default::default()),
            printed,
            "{name} rewritten:\n{variant}"
        );
        assert_eq!(lenient.logic.as_deref(), Some("QF_UF"), "{name}");
        let noted = |what: &str| lenient.notes.iter().any(|n| n.contains(what));
        for (kind, note) in [
            ("2.5 names", "SMT-LIB 2.5 name"),
            ("negative numerals", "negative numeral"),
            ("unary forms", "unary"),
            ("n-ary concat", "n-ary `concat`"),
        ] {
            if rewrite.used.contains_key(kind) {
                assert!(noted(note), "{name}: {kind} not noted: {:?}", lenient.notes);
            }
        }
        // The declared logic is noted wherever it does not admit the formula.
        let sig = plain.formula.signature();
        if sig.ints || sig.reals || sig.bv || sig.strings || sig.arrays || sig.quantifiers {
            assert!(noted("declared logic QF_UF"), "{name}: {:?}", lenient.notes);
            assert!(
                parse::parse_script_with(&variant, Reading::Strict).is_err(),
                "{name}: strict reading took the rewritten script"
            );
        }
    }
    eprintln!(
        "{} files; files per rewrite: {files_per_kind:?}",
        seeds.len()
    );
    // No seed uses `concat` (n-ary `concat` is tested in `smtlib::parse`'s unit tests).
    for kind in [
        "2.5 names",
        "negative numerals",
        "unary forms",
        "declared logic",
    ] {
        let n = files_per_kind.get(kind).copied().unwrap_or(0);
        assert!(n >= 10, "only {n} files rewritten with {kind}");
    }
}

/// `check` runs every incremental seed in lockstep on both solvers: every check answered
/// as the file's status for it says, no finding, nothing left unjudged.
#[test]
fn incremental_seeds_pass_check_with_their_statuses() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("seeds/incremental");
    let files = smtsmith::check::collect_files(std::slice::from_ref(&dir))
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    assert!(files.len() >= 10, "{} incremental seeds", files.len());
    let findings = tempfile::tempdir().unwrap();
    let mut h = Harness::new(Selection::Both, findings.path()).unwrap();
    let mut checks = 0;
    for path in &files {
        let r = smtsmith::check::check_file(&mut h, path, Reading::Lenient);
        assert!(r.error.is_none(), "{}: {:?}", path.display(), r.error);
        assert!(r.incremental, "{}: not run as a script", path.display());
        assert!(
            r.findings.is_empty(),
            "{}: {:?}",
            path.display(),
            r.findings
        );
        assert!(
            !r.notes.iter().any(|n| n.starts_with("not judged")),
            "{}: {:?}",
            path.display(),
            r.notes
        );
        let expected: Vec<String> = r
            .expected_per_check
            .iter()
            .map(|e| e.expect("a status before every check").to_string())
            .collect();
        assert_eq!(r.verdicts.len(), 2, "{}", path.display());
        for (id, v) in &r.verdicts {
            assert_eq!(v, &expected.join(","), "{}: {id}", path.display());
        }
        checks += expected.len();
    }
    assert!(checks >= 35, "only {checks} checks");
}
