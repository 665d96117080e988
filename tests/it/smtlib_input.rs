//! Real SMT-LIB read as the solvers read it:
//! - the 2,194 non-FloatingPoint seed scripts of `tests/data/smtlib-seeds.tar.gz` parse, and
//!   so do the same files rewritten with SMT-LIB 2.5 names, unary and n-ary forms, `-5`
//!   numerals and a declared logic that does not admit them — to the same formula (ground
//!   truth: the formula of the file as written), each leniency noted, and rejected in strict
//!   mode;
//! - the incremental seeds (`seeds/incremental/`) pass `check` on both solvers with the
//!   status each file states before every check (ground truth: the statuses, written with
//!   the files and confirmed by both solvers' front ends).

use smtsmith::cases::smtlib::parse::{self, Reading};
use smtsmith::cases::smtlib::sexp::Sx;
use smtsmith::harness::{Harness, Selection};
use smtsmith::solver::SolverId;
use smtsmith::tools::check::SetupMode;
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
        let printed = smtsmith::cases::smtlib::script(&plain.formula, &Default::default());
        assert_eq!(
            smtsmith::cases::smtlib::script(&strict.formula, &Default::default()),
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
            smtsmith::cases::smtlib::script(&lenient.formula, &Default::default()),
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

/// `check` runs every incremental seed in lockstep on both solvers and, as written, through
/// both front ends: every check answered as the file's status for it says on every path
/// (the expected statuses are the ground truth; cvc5's front end reads no SMT-LIB 2.5 names,
/// which one seed uses), no finding, nothing left unjudged.
#[test]
fn incremental_seeds_pass_check_with_their_statuses() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("seeds/incremental");
    let files = smtsmith::tools::check::collect_files(std::slice::from_ref(&dir))
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    assert!(files.len() >= 10, "{} incremental seeds", files.len());
    let findings = tempfile::tempdir().unwrap();
    let mut h = Harness::new(Selection::All, findings.path()).unwrap();
    let mut checks = 0;
    for path in &files {
        let r =
            smtsmith::tools::check::check_file(&mut h, path, Reading::Lenient, SetupMode::Every);
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
        assert_eq!(r.verdicts.len(), 3, "{}", path.display());
        // Yices is given the scripts of its logics only (not arrays, strings or
        // quantifiers): elsewhere every check of it is unknown (skipped).
        let yices_takes = ["bv-", "lia-", "lra-", "nra-"]
            .iter()
            .any(|p| path.file_name().unwrap().to_string_lossy().starts_with(p));
        for (id, v) in &r.verdicts {
            if *id == SolverId::Yices && !yices_takes {
                assert!(
                    v.split(',').all(|x| x == "unknown"),
                    "{}: {v}",
                    path.display()
                );
                continue;
            }
            assert_eq!(v, &expected.join(","), "{}: {id}", path.display());
        }
        let own: Vec<_> = r.paths.iter().filter(|p| p.setup == "file").collect();
        assert_eq!(own.len(), 2, "{}: {:?}", path.display(), r.paths);
        for p in own {
            if p.verdict == "error" {
                let names_25 = path.ends_with("strings-25-names.smt2");
                assert!(
                    names_25 && p.solver == SolverId::Cvc5Text,
                    "{}: {p:?} {:?}",
                    path.display(),
                    r.notes
                );
                continue;
            }
            assert_eq!(p.verdict, expected.join(","), "{}: {p:?}", path.display());
        }
        checks += expected.len();
    }
    assert!(checks >= 35, "only {checks} checks");
}

/// The declarations of `f`, then its assertions, as one canonical text each: `let`s
/// expanded, read again (so that equal subterms are one node; uninterpreted sorts numbered
/// by first use), nested applications folded into n-ary and chainable ones (every print
/// style reads back to this).
fn canonical(f: &smtsmith::lang::ir::Formula) -> Vec<String> {
    // (One list: declarations first, as many as `f` has.)
    use smtsmith::cases::smtlib::{closed_term, PrintStyle, Shape};
    let flat = PrintStyle {
        shape: Shape::Flat,
        ..Default::default()
    };
    // The declarations (the script without assertions, its check-sat left out).
    let mut text = smtsmith::cases::smtlib::script(
        &smtsmith::lang::ir::Formula {
            asserts: Vec::new(),
            ..f.clone()
        },
        &Default::default(),
    )
    .replace("(check-sat)\n", "");
    for a in &f.asserts {
        text.push_str(&format!("(assert {})\n", closed_term(f, *a, &flat)));
    }
    let g = parse::parse_script(&text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
        .formula;
    let decls = g
        .decls
        .iter()
        .map(|d| format!("declare {} {:?} {}", d.name, d.args, d.sort));
    let terms = g.asserts.iter().map(|a| closed_term(&g, *a, &flat));
    decls.chain(terms).collect()
}

/// The lines with the uninterpreted sorts (`U0`, `U1`, …; `Uninterp(0)` in declarations)
/// renamed `S0`, `S1`, … in order of first appearance: a script that uses fewer of them reads
/// back with its own numbering.
fn sorts_by_first_use(lines: Vec<String>) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let mut rename = |word: &str| -> Option<String> {
        let digits = word
            .strip_prefix("Uninterp(")
            .and_then(|w| w.strip_suffix(')'))
            .or_else(|| word.strip_prefix('U'))?;
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let k = names.iter().position(|n| n == digits).unwrap_or_else(|| {
            names.push(digits.to_string());
            names.len() - 1
        });
        Some(format!("S{k}"))
    };
    lines
        .into_iter()
        .map(|line| {
            // Words split at spaces and brackets, the separators kept.
            let mut out = String::new();
            let mut word = String::new();
            for c in line.chars() {
                if c.is_ascii_alphanumeric()
                    || c == '_'
                    || (c == '(' && word == "Uninterp")
                    || (c == ')' && word.starts_with("Uninterp("))
                {
                    word.push(c);
                    if c == ')' {
                        out.push_str(&rename(&word).unwrap_or_else(|| word.clone()));
                        word.clear();
                    }
                    continue;
                }
                out.push_str(&rename(&word).unwrap_or_else(|| word.clone()));
                word.clear();
                out.push(c);
            }
            out.push_str(&rename(&word).unwrap_or(word));
            out
        })
        .collect()
}

/// The actions `idx` of `s`, one line each, their terms canonical (all read in one script,
/// so that their uninterpreted sorts are numbered alike), the sorts then renamed by first
/// appearance.
fn actions_shown(s: &smtsmith::cases::script::Script, idx: &[usize]) -> Vec<String> {
    use smtsmith::cases::script::Action;
    let mut g = s.formula.clone();
    g.asserts.clear();
    for k in idx {
        let terms: &[smtsmith::lang::ir::NodeId] = match &s.actions[*k] {
            Action::Assert(t) => std::slice::from_ref(t),
            Action::CheckSatAssuming(ls) | Action::GetValue(ls) => ls,
            _ => &[],
        };
        for t in terms {
            let eq = g.app(smtsmith::lang::ir::Op::Eq, vec![*t, *t]).unwrap();
            g.asserts.push(eq);
        }
    }
    let canon = canonical(&g);
    let (decls, terms) = canon.split_at(g.decls.len());
    let mut texts = terms.iter().cloned();
    let mut next = |n: usize| -> String {
        (0..n)
            .map(|_| texts.next().unwrap())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let lines = idx
        .iter()
        .map(|k| match &s.actions[*k] {
            Action::Declare(d) => decls[d.0 as usize].clone(),
            Action::Assert(_) => format!("assert {}", next(1)),
            Action::CheckSatAssuming(ls) => format!("assuming {}", next(ls.len())),
            Action::GetValue(ls) => format!("get-value {}", next(ls.len())),
            a => format!("{a:?}"),
        })
        .collect();
    sorts_by_first_use(lines)
}

/// The `.smt2` files of the finding written as `smt2` (`<hash>.smt2`, `<hash>.<solver>.smt2`).
fn reproducers_of(smt2: &Path) -> Vec<std::path::PathBuf> {
    let hash = smt2.file_stem().unwrap().to_string_lossy().into_owned();
    let mut out: Vec<_> = std::fs::read_dir(smt2.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with(&format!("{hash}.")) && name.ends_with(".smt2")
        })
        .collect();
    out.sort();
    out
}

/// Every reproducer smtsmith writes — each class, formula and incremental-script findings,
/// every file (one per solver for scripts) — reads back as the case it stands for (ground
/// truth: the case written). Formula findings in every print style (lets, named assertions,
/// `-5`, 2.5 names, flat and binary shapes), with and without `push`, Z3's solvers from
/// tactics (`check-sat-using`, read with the tactic kept), curated options and cores; script
/// findings with their options, productions and self-checks.
#[test]
fn every_reproducer_reads_back_as_its_case() {
    use smtsmith::cases::script::Action;
    use smtsmith::cases::smtlib::{PrintStyle, Shape};
    use smtsmith::solver::{CaseSetup, Limits, Reuse, SolverId, Z3Solver};
    use smtsmith::verdict::finding::{self, Context, ScriptContext, Subject};
    use smtsmith::verdict::oracle::{Class, Issue};
    let dir = tempfile::tempdir().unwrap();
    let versions = [
        (SolverId::Z3, "5.4.1".to_string()),
        (SolverId::Cvc5, "1.4.0".to_string()),
    ];
    let limits = Limits::default();
    let blamed = [
        Some(SolverId::Z3),
        Some(SolverId::Cvc5),
        Some(SolverId::Z3Text),
        Some(SolverId::Cvc5Text),
        None,
    ];
    let (mut formulas, mut scripts, mut files) = (0, 0, 0);
    for class in Class::ALL {
        for n in 0..10u64 {
            let seed = class as u64 * 100 + n;
            let case = smtsmith::lang::generate::Case::from_bytes(
                &smtsmith::lang::generate::seeded_bytes(seed, 400),
            );
            let f = &case.formula;
            if f.asserts.is_empty() {
                continue;
            }
            let setup = CaseSetup {
                reuse: [Reuse::Scope, Reuse::Solver, Reuse::Fresh][n as usize % 3],
                z3_solver: [
                    Z3Solver::ForLogic,
                    Z3Solver::Simple,
                    Z3Solver::Tactic(n as u8),
                    Z3Solver::General,
                ][n as usize % 4],
                text: n % 2 == 0,
                print: PrintStyle {
                    shape: [Shape::AsBuilt, Shape::Flat, Shape::Binary][n as usize % 3],
                    lets: n % 2 == 1,
                    named: n % 4 == 1,
                    negative_literals: n % 3 == 1,
                    aliases: n % 5 < 3,
                },
                options: smtsmith::solver::CaseOptions::default()
                    .with(SolverId::Z3, (n % 3 == 0).then_some(n as u16))
                    .with(SolverId::Cvc5, (n % 3 == 0).then_some(n as u16 + 1)),
            };
            let issue = Issue {
                class,
                blamed: blamed[n as usize % blamed.len()],
                summary: format!("round trip {seed}"),
            };
            let ctx = Context::new(f, &versions, &limits, setup);
            let (_, w) = finding::record(dir.path(), issue.clone(), Subject::Formula(&ctx));
            let text = std::fs::read_to_string(&w.smt2).unwrap();
            let back = parse::parse_script(&text)
                .unwrap_or_else(|e| panic!("{class} {seed}: {e}\n{text}"));
            // What the formula printed alone in the case's style reads as (each style means
            // the formula: the printer's claim, held to by the solvers in
            // `printer_roundtrip.rs`), and in the plain style the formula itself.
            let alone = smtsmith::cases::smtlib::script(
                f,
                &smtsmith::cases::smtlib::ScriptOptions {
                    style: setup.print,
                    ..Default::default()
                },
            );
            let expected = parse::parse_script(&alone).unwrap().formula;
            assert_eq!(
                canonical(&back.formula),
                canonical(&expected),
                "{class} {seed}:\n{text}"
            );
            if setup.print == PrintStyle::default() {
                assert_eq!(
                    canonical(&back.formula),
                    canonical(f),
                    "{class} {seed}:\n{text}"
                );
            }
            let cores = class == Class::InvalidCore;
            assert_eq!(back.single_query(), !cores, "{class} {seed}:\n{text}");
            assert_eq!(back.script.setup.cores, cores, "{class} {seed}");
            assert_eq!(
                back.script.actions.contains(&Action::GetUnsatCore),
                cores,
                "{class} {seed}"
            );
            if let Some(b) = issue.blamed {
                let tactic = match b {
                    SolverId::Z3 => setup.z3_solver.check_sat_using(&f.signature().logic()),
                    _ => None,
                };
                assert_eq!(back.tactic, tactic, "{class} {seed}:\n{text}");
                let options = back.script.setup.options_of(b);
                assert_eq!(options, &setup.options_of(b), "{class} {seed}:\n{text}");
            }
            formulas += 1;
            files += 1;

            // The same class found by an incremental script.
            let s = smtsmith::cases::script::Script::from_bytes(
                &smtsmith::lang::generate::seeded_bytes(seed + 7, 600),
            );
            let all: Vec<usize> = (0..s.actions.len()).collect();
            // Z3 ran every action; cvc5 stopped halfway (a finding ends a script).
            let half: Vec<usize> = all[..=all.len() / 2].to_vec();
            let ran = vec![(SolverId::Z3, all.clone()), (SolverId::Cvc5, half)];
            let sctx = ScriptContext {
                script: &s,
                ran: &ran,
                step: all.len() - 1,
                answers: &[],
                versions: &versions,
                limits: &limits,
                input: None,
                stopped_at_limit: false,
            };
            let (_, w) = finding::record(dir.path(), issue.clone(), Subject::Script(&sctx));
            let written = reproducers_of(&w.smt2);
            assert_eq!(written.len(), 2, "{class} {seed}: {written:?}");
            for path in written {
                let text = std::fs::read_to_string(&path).unwrap();
                let back = parse::parse_script(&text)
                    .unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()));
                let cvc5 = text.contains("for cvc5");
                let (id, ran) = &ran[cvc5 as usize];
                let expected = actions_shown(&s, ran);
                let all_back: Vec<usize> = (0..back.script.actions.len()).collect();
                let got = actions_shown(&back.script, &all_back);
                assert_eq!(got, expected, "{} ({id}):\n{text}", path.display());
                assert_eq!(back.script.setup.cores, s.setup.cores, "{}", path.display());
                assert_eq!(
                    back.script.setup.unsat_assumptions,
                    s.setup.unsat_assumptions,
                    "{}",
                    path.display()
                );
                assert_eq!(
                    back.script.setup.self_checks,
                    s.setup.self_checks,
                    "{}",
                    path.display()
                );
                assert_eq!(
                    back.script.setup.options_of(*id),
                    s.setup.options_of(*id),
                    "{}",
                    path.display()
                );
                // `-5` inside `(as const …)` is how cvc5's parser needs negative values.
                assert!(
                    back.notes.iter().all(|n| n.starts_with("negative numeral")),
                    "{}: {:?}",
                    path.display(),
                    back.notes
                );
                files += 1;
            }
            scripts += 1;
        }
    }
    eprintln!("{formulas} formula findings, {scripts} script findings, {files} reproducers");
    assert!(formulas >= 100 && scripts >= 100, "{formulas} {scripts}");
}

/// Runs `check` (every path) on one script written to a temporary file.
fn check_text(text: &str) -> smtsmith::tools::check::FileReport {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("case.smt2");
    std::fs::write(&path, text).unwrap();
    let mut h = Harness::new(Selection::All, dir.path().join("findings")).unwrap();
    smtsmith::tools::check::check_file(&mut h, &path, Reading::Lenient, SetupMode::Every)
}

/// `check` reads Z3's `seq.last_indexof` and Z3's `seq.` names on strings (as Z3 reads them):
/// every Z3 path answers each status, Z3's models satisfy the assertions by the evaluator
/// (no finding), and cvc5, which has no `seq.last_indexof`, is not asked (unknown on every
/// path, with the reason). Ground truth: the statuses (the sat one by its model's
/// evaluation, the unsat one since "ab" can end at 2 at most in a 4-character string with
/// it last at 3 — both agreed by Z3's binary).
#[test]
fn check_reads_z3s_last_indexof_and_sequence_names_on_strings() {
    for (status, assertion) in [
        ("sat", "(= (seq.last_indexof s \"ab\") 2)"),
        (
            "unsat",
            "(and (= (seq.last_indexof s \"ab\") 3) (= (seq.len s) 4))",
        ),
    ] {
        let text = format!(
            "(set-logic QF_SLIA)(set-info :status {status})(declare-const s String)
             (assert (= (seq.len s) 4))(assert {assertion})(check-sat)"
        );
        let r = check_text(&text);
        assert!(r.error.is_none(), "{status}: {:?}", r.error);
        assert!(r.findings.is_empty(), "{status}: {:?}", r.findings);
        assert!(
            r.notes.iter().any(|n| n.contains("`seq.last_indexof`")),
            "{:?}",
            r.notes
        );
        assert!(
            r.notes
                .iter()
                .any(|n| n.contains("`seq.len` read as `str.len`")),
            "{:?}",
            r.notes
        );
        for p in &r.paths {
            let expect = match p.solver.library() {
                SolverId::Z3 => status,
                _ => "unknown",
            };
            assert_eq!(p.verdict, expect, "{status}: {p:?}");
        }
    }
    // Strict reading keeps SMT-LIB: Z3's names are an error there.
    let strict = smtsmith::cases::smtlib::parse::parse_script_with(
        "(declare-const s String)(assert (= (seq.last_indexof s \"a\") 0))(check-sat)",
        Reading::Strict,
    );
    assert!(strict.is_err());
}

/// `check` reads a FloatingPoint script with datatypes whose fields are floats (one of a
/// format cvc5's default mode refuses) and `match`: every path of both solvers answers the
/// status, the models satisfy every assertion by the evaluator, no finding. Ground truth:
/// the statuses (the unsat one asks a `mk` value for a list head that the second assertion
/// says is `none`).
#[test]
fn check_reads_datatypes_with_float_fields_through_every_path() {
    let decls = "(set-logic ALL)
        (declare-datatypes ((D 0) (L 0)) (((mk (f (_ FloatingPoint 2 3)) (g Int)) (none))
          ((nil) (cons (hd D) (tl L)))))
        (declare-const d D)(declare-const l L)";
    for (status, last) in [
        ("sat", "(assert (> (match d (((mk a b) b) (other 0))) 2))"),
        ("unsat", "(assert (= (hd l) none))"),
    ] {
        let text = format!(
            "{decls}(set-info :status {status})
             (assert (fp.isZero (f d)))(assert ((_ is cons) l))
             (assert (match l ((nil false) ((cons h t) (is-mk h)))))
             {last}(check-sat)"
        );
        let r = check_text(&text);
        assert!(r.error.is_none(), "{status}: {:?}", r.error);
        assert!(r.findings.is_empty(), "{status}: {:?}", r.findings);
        let on = |id: SolverId| r.paths.iter().filter(move |p| p.solver.library() == id);
        for id in [SolverId::Z3, SolverId::Cvc5] {
            assert!(on(id).count() >= 4, "{id}: {:?}", r.paths);
            for p in on(id) {
                assert_eq!(p.verdict, status, "{status}: {p:?}");
            }
        }
    }
}

/// `check` reads cvc5's string extensions (`str.rev`, `str.to_lower`, `str.to_upper`,
/// `str.update`): every cvc5 path answers each status, its models satisfy the assertions by
/// the evaluator (no finding), and Z3, which has none of them, is not asked (unknown on
/// every path). Ground truth: the statuses (the unsat one: `(str.rev s)` = "ba" makes `s`
/// "ab", whose lower case is not "ba").
#[test]
fn check_reads_cvc5s_string_extensions() {
    for (status, assertion) in [
        (
            "sat",
            "(and (= (str.rev s) \"cba\") (= (str.to_upper (str.update s 1 \"x\")) \"AXC\"))",
        ),
        (
            "unsat",
            "(and (= (str.rev s) \"ba\") (= (str.to_lower s) \"ba\"))",
        ),
    ] {
        let text = format!(
            "(set-logic QF_SLIA)(set-info :status {status})(declare-const s String)
             (assert {assertion})(check-sat)"
        );
        let r = check_text(&text);
        assert!(r.error.is_none(), "{status}: {:?}", r.error);
        assert!(r.findings.is_empty(), "{status}: {:?}", r.findings);
        for p in &r.paths {
            let expect = match p.solver.library() {
                SolverId::Cvc5 => status,
                _ => "unknown",
            };
            assert_eq!(p.verdict, expect, "{status}: {p:?}");
        }
    }
}
