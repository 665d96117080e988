//! Issue drafts (`smtsmith drafts`): one Markdown file per distinct bug of a findings folder,
//! in the form the solvers' trackers use (a title, the release, the command line of the
//! solver's own binary, the minimal reproducer, expected against actual with the evidence,
//! the affected releases, the options), ordered as maintainers act on them: a wrong `unsat`
//! first, then a wrong `sat`, invalid models, crashes, errors, the rest; findings that need
//! an experimental option after all those that do not. Known bugs get no draft: the index
//! names their public thread instead.

use super::{triage, FindingRecord, SolverRecord, TriageRow};
use crate::lang::ir::Formula;
use crate::solver::{SolverId, Verdict};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// How urgent a finding is to a maintainer, most urgent first ([`priority`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Priority {
    /// `unsat` on a satisfiable formula: a false property "proved".
    WrongUnsat,
    /// `sat` on an unsatisfiable formula.
    WrongSat,
    /// An optimum Z3's optimizer reports that a model refutes (its optimality is an unsat
    /// claim: no better model).
    WrongOptimum,
    /// An answer contradicted, where the finding does not say which side is wrong.
    WrongAnswer,
    /// A model (or a value, a core) the evaluator refutes.
    InvalidModel,
    /// The process died in the solver.
    Crash,
    /// An error of a formula the solver takes, or its own self-check failing.
    Error,
    /// An `unknown` where it decided a weaker or stronger formula.
    Incompleteness,
    /// Time: past its limit, or far slower than the other solver.
    Performance,
}

impl Priority {
    /// The words of a draft's title for it.
    pub fn words(self) -> &'static str {
        match self {
            Priority::WrongUnsat => "wrong unsat",
            Priority::WrongSat => "wrong sat",
            Priority::WrongOptimum => "wrong optimum",
            Priority::WrongAnswer => "contradicting answers",
            Priority::InvalidModel => "invalid model",
            Priority::Crash => "crash",
            Priority::Error => "error",
            Priority::Incompleteness => "unknown where a related formula is decided",
            Priority::Performance => "performance",
        }
    }
}

/// The blamed solver's answers, on the reduced formula where it was checked.
fn answers(r: &FindingRecord) -> &[SolverRecord] {
    match &r.reduced {
        Some(red) if !red.solvers.is_empty() => &red.solvers,
        _ => &r.solvers,
    }
}

/// The blamed solver's verdict, where the finding recorded one.
fn blamed_verdict(r: &FindingRecord) -> Option<Verdict> {
    let blamed = r.blamed?;
    answers(r)
        .iter()
        .find(|s| s.solver == blamed)
        .and_then(|s| s.verdict)
}

/// A finding's priority, from its class and (for verdict classes) the blamed solver's
/// answer.
pub fn priority(r: &FindingRecord) -> Priority {
    let by_verdict = |default| match blamed_verdict(r) {
        Some(Verdict::Unsat) => Priority::WrongUnsat,
        Some(Verdict::Sat) => Priority::WrongSat,
        _ => default,
    };
    match r.original_class.as_deref().unwrap_or(&r.class) {
        "wrong-unsat" => Priority::WrongUnsat,
        "wrong-optimum" => Priority::WrongOptimum,
        "disagreement" | "path-disagreement" | "construction" => by_verdict(Priority::WrongAnswer),
        "invalid-model" | "wrong-value" | "invalid-core" | "ground-term" => Priority::InvalidModel,
        "crash" => Priority::Crash,
        "api-error" | "self-check" => Priority::Error,
        "incompleteness" => Priority::Incompleteness,
        _ => Priority::Performance,
    }
}

/// One draft: where it is written and what orders it.
#[derive(Clone, Debug)]
pub struct Draft {
    pub priority: Priority,
    /// The finding needs an option its solver calls experimental.
    pub experimental: bool,
    pub title: String,
    pub file: PathBuf,
    pub row: TriageRow,
}

/// What [`write_drafts`] wrote: the drafts in order, the index, and the known bugs (their
/// key row and public thread) that got none.
#[derive(Debug)]
pub struct Drafts {
    pub drafts: Vec<Draft>,
    pub index: PathBuf,
    pub known: Vec<(TriageRow, Option<String>)>,
    /// Finding files that could not be read (path, why), as triage lists them.
    pub unreadable: Vec<(PathBuf, String)>,
}

/// The release of `solver` the finding records.
fn release(r: &FindingRecord, solver: SolverId) -> String {
    r.version_of(solver)
        .or_else(|| r.version_of(solver.library()))
        .unwrap_or("(release not recorded)")
        .to_string()
}

/// The operators of the reproducer a draft shows (the reduced one's where it reads as one
/// formula), else those the finding recorded.
fn operators(r: &FindingRecord, formula: Option<&Formula>) -> Vec<String> {
    match formula {
        Some(f) => f
            .signature()
            .ops
            .iter()
            .map(|o| o.name().to_string())
            .collect(),
        None => r.operators.clone(),
    }
}

/// The draft's title: solver and release, what is wrong, in which logic, on which operators
/// of its reproducer (at most five).
fn title(r: &FindingRecord, p: Priority, operators: &[String]) -> String {
    let who = who(r);
    let logic = r
        .reduced
        .as_ref()
        .and_then(|x| x.logic.clone())
        .unwrap_or_else(|| r.logic.clone());
    let ops: Vec<&str> = operators.iter().take(5).map(String::as_str).collect();
    let ops = if ops.is_empty() {
        String::new()
    } else {
        format!(" ({})", ops.join(", "))
    };
    format!("{who}: {} on {logic}{ops}", p.words())
}

/// The file name of a draft: its rank, then a slug of its title.
fn file_name(rank: usize, title: &str) -> String {
    let mut slug = String::new();
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug: String = slug.trim_matches('-').chars().take(60).collect();
    format!("{:03}-{}.md", rank + 1, slug.trim_end_matches('-'))
}

/// The solver's own command line for the reproducer, as the finding recorded it (the binary
/// probe's, else the profile's with the finding's options).
fn command(r: &FindingRecord, solver: Option<SolverId>, formula: Option<&Formula>) -> String {
    if let Some(c) = r.binary_command() {
        return c;
    }
    let Some(s) = solver else {
        return "z3 FILE.smt2 / cvc5 FILE.smt2".into();
    };
    // What the formula itself needs (cvc5's --arrays-exp for constant arrays), then the
    // case's drawn options.
    let needed = formula
        .map(|f| crate::dialect::facts::formula_options(s, f))
        .unwrap_or_default();
    let mut options: Vec<(&str, &str)> = needed;
    for (k, v) in r
        .options
        .iter()
        .filter(|(id, _)| id.library() == s.library())
        .flat_map(|(_, o)| o.iter().map(|(k, v)| (k.as_str(), v.as_str())))
    {
        if !options.iter().any(|(n, _)| *n == k) {
            options.push((k, v));
        }
    }
    crate::dialect::facts::binary_command(s, &options, r.is_script())
}

/// The blamed solver and its release as a title names them (`Z3 4.12.2.0`, `cvc5 1.4.2`).
fn who(r: &FindingRecord) -> String {
    match r.blamed.map(SolverId::library) {
        Some(s) => {
            let name = match s {
                SolverId::Z3 | SolverId::Z3Text => "Z3",
                SolverId::Cvc5 | SolverId::Cvc5Text => "cvc5",
                SolverId::Yices => "Yices",
            };
            let release = release(r, s);
            // Some libraries report their name with the release (`Z3 4.12.2.0`).
            match release.strip_prefix(name) {
                Some(_) => release.clone(),
                None => format!("{name} {release}"),
            }
        }
        None => "Z3/cvc5".to_string(),
    }
}

/// The Markdown of one draft.
/// `formula`: the reproducer read as one formula, where it reads as one.
fn draft_markdown(
    r: &FindingRecord,
    row: &TriageRow,
    title: &str,
    reproducer: &str,
    formula: Option<&Formula>,
) -> String {
    let mut md = String::new();
    let solver = r.blamed;
    let _ = writeln!(md, "<!-- smtsmith issue draft; key: {} -->", row.key);
    let _ = writeln!(md, "# {title}\n");
    // The reduced case's own summary, where reduction re-judged it (its numbers are the
    // reproducer's).
    let summary = r
        .reduced
        .as_ref()
        .and_then(|x| x.summary.as_deref())
        .unwrap_or(&r.summary);
    let _ = writeln!(md, "{summary}\n");
    if !r.experimental.is_empty() {
        let _ = writeln!(
            md,
            "**Needs experimental options**: {} (experimental by the solver's own account).\n",
            r.experimental.join(", ")
        );
    }
    let bytes = reproducer.len();
    let which = if row.reduced.is_some() {
        "reduced"
    } else {
        "not reduced"
    };
    let _ = writeln!(md, "## Reproducer ({which}, {bytes} bytes)\n");
    let _ = writeln!(md, "```smt2\n{}\n```\n", reproducer.trim_end());
    let _ = writeln!(md, "## Command\n");
    let _ = writeln!(md, "```sh\n{}\n```\n", command(r, solver, formula));
    if let Some(probe) = r.binary_probe_text() {
        let _ = writeln!(md, "What the binary printed when smtsmith ran it:\n");
        let _ = writeln!(md, "```\n{}\n```\n", probe.trim_end());
    }
    expected_and_actual(&mut md, r, row);
    releases_and_options(&mut md, r);
    let _ = writeln!(
        md,
        "\n---\nFound by fuzzing with smtsmith {}; {} finding(s) of this key, representative `{}`.",
        r.smtsmith,
        row.count,
        row.representative.display()
    );
    md
}

/// The draft's "Expected and actual": each solver's answer, the evidence, every model given
/// (the blamed solver's first: the evidence of an invalid model, and of a wrong unsat another
/// solver's model the evaluator checked).
fn expected_and_actual(md: &mut String, r: &FindingRecord, row: &TriageRow) {
    let solver = r.blamed;
    let _ = writeln!(md, "## Expected and actual\n");
    // A script's finding records its solvers' answers at the step it was made.
    if answers(r).is_empty() && !r.answers.is_empty() {
        let step = r
            .step
            .map_or_else(String::new, |k| format!(" at action {k}"));
        let _ = writeln!(md, "The solvers' answers{step}:\n");
        for a in &r.answers {
            let _ = writeln!(md, "- {a}");
        }
        for (s, v) in &r.versions {
            let _ = writeln!(md, "- {s} release: {v}");
        }
    } else {
        let _ = writeln!(md, "| solver | release | answer | reason or error | time |");
        let _ = writeln!(md, "|---|---|---|---|---|");
    }
    for s in answers(r) {
        let answer = s.verdict.map_or_else(|| "—".to_string(), |v| v.to_string());
        let why = s.error.as_deref().or(s.reason.as_deref()).unwrap_or("");
        let mark = if Some(s.solver) == solver {
            " (this bug)"
        } else {
            ""
        };
        let _ = writeln!(
            md,
            "| {}{mark} | {} | {answer} | {} | {:.0} ms |",
            s.solver,
            s.version,
            why.replace('|', "\\|").replace('\n', " "),
            s.time_ms
        );
    }
    md.push('\n');
    let evidence: Vec<&str> = [
        r.blame.as_ref().map(|b| b.evidence.as_str()),
        r.status_evidence.as_deref(),
        row.evidence.as_deref(),
    ]
    .into_iter()
    .flatten()
    .collect();
    let mut seen = Vec::new();
    for e in evidence {
        if !seen.contains(&e) {
            seen.push(e);
            let _ = writeln!(md, "- {e}");
        }
    }
    // Every model given, the blamed solver's first: the evidence of an invalid model, and
    // of a wrong unsat (another solver's model the evaluator checked).
    let mut models: Vec<&SolverRecord> = answers(r)
        .iter()
        .filter(|s| s.model.as_ref().is_some_and(|m| !m.is_empty()))
        .collect();
    models.sort_by_key(|s| Some(s.solver) != solver);
    for s in models {
        let mark = if Some(s.solver) == solver {
            " (this bug)"
        } else {
            ""
        };
        let _ = writeln!(md, "\n{}{mark}'s model:\n\n```", s.solver);
        for (name, value) in s.model.iter().flatten() {
            let _ = writeln!(
                md,
                "{name} = {}",
                value.as_deref().unwrap_or("(not representable exactly)")
            );
        }
        let _ = writeln!(md, "```");
    }
}

/// The draft's affected releases (from bisection, where run) and the case's options.
fn releases_and_options(md: &mut String, r: &FindingRecord) {
    let _ = writeln!(md, "\n## Affected releases\n");
    match &r.bisect {
        Some(b) => {
            let _ = writeln!(md, "Bisected over the pinned releases, each running the reproducer with its own binary: {}", b.range);
            if let Some(newest) = &b.last_bad {
                let _ = writeln!(md, "\nNewest pinned release that still shows it: {newest}.");
            }
        }
        None => {
            let _ = writeln!(
                md,
                "Found with {}; not bisected (`smtsmith bisect FINDING.json` probes the pinned releases).",
                who(r)
            );
        }
    }
    let options: Vec<String> = r
        .options
        .iter()
        .flat_map(|(id, o)| {
            o.iter().map(move |(k, v)| {
                let exp = if r.experimental.iter().any(|e| e == k) {
                    " (experimental)"
                } else {
                    ""
                };
                format!("{id}: `{k}={v}`{exp}")
            })
        })
        .collect();
    if !options.is_empty() || r.z3_tactic.is_some() {
        let _ = writeln!(md, "\n## Options\n");
        for o in options {
            let _ = writeln!(md, "- {o}");
        }
        if let Some(t) = &r.z3_tactic {
            let _ = writeln!(md, "- Z3 solver made from the tactic `{t}`");
        }
    }
}

/// Writes a draft for every distinct bug of findings folder `dir` (one per de-duplication key
/// that is not a known bug) into `out`, and `out/README.md`: the drafts in priority order,
/// then the known bugs with their public threads.
pub fn write_drafts(dir: &Path, out: &Path) -> std::io::Result<Drafts> {
    let t = triage(dir)?;
    let mut drafts = Vec::new();
    let mut known = Vec::new();
    for row in t.rows {
        if let Some(k) = &row.known {
            let name = Path::new(k)
                .file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default();
            let source = super::known::index()
                .iter()
                .find(|e| e.file == name || e.also.contains(&name))
                .and_then(|e| e.source.clone());
            known.push((row, source));
            continue;
        }
        let r = FindingRecord::open(&row.representative.with_extension("json"))?;
        let p = priority(&r);
        drafts.push((p, !r.experimental.is_empty(), row, r));
    }
    drafts.sort_by_key(|d| (d.1, d.0));
    std::fs::create_dir_all(out)?;
    let mut written = Vec::new();
    for (rank, (p, experimental, row, r)) in drafts.into_iter().enumerate() {
        let reproducer_path = row.reduced.clone().unwrap_or(row.representative.clone());
        let reproducer = std::fs::read_to_string(&reproducer_path).map_err(|e| {
            std::io::Error::new(e.kind(), format!("{}: {e}", reproducer_path.display()))
        })?;
        // Read once: the title's operators and the command line's options come from it.
        let formula = crate::cases::smtlib::parse::parse_script(
            &crate::cases::optimize::hard_part(&reproducer),
        )
        .ok()
        .map(|s| s.formula);
        let title = title(&r, p, &operators(&r, formula.as_ref()));
        let file = out.join(file_name(rank, &title));
        std::fs::write(
            &file,
            draft_markdown(&r, &row, &title, &reproducer, formula.as_ref()),
        )?;
        written.push(Draft {
            priority: p,
            experimental,
            title,
            file,
            row,
        });
    }
    let index = out.join("README.md");
    std::fs::write(&index, index_markdown(dir, &written, &known, &t.unreadable))?;
    Ok(Drafts {
        drafts: written,
        index,
        known,
        unreadable: t.unreadable,
    })
}

/// `README.md` of the drafts folder.
fn index_markdown(
    dir: &Path,
    drafts: &[Draft],
    known: &[(TriageRow, Option<String>)],
    unreadable: &[(PathBuf, String)],
) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "# Issue drafts for {}\n", dir.display());
    let _ = writeln!(
        md,
        "{} distinct bug(s) drafted, most urgent first (a wrong unsat, a wrong sat, an invalid \
         model, a crash, an error, the rest; those that need an experimental option last); {} \
         known bug(s) not drafted.\n",
        drafts.len(),
        known.len()
    );
    if !drafts.is_empty() {
        let _ = writeln!(md, "| # | draft | status | findings | experimental |");
        let _ = writeln!(md, "|---|---|---|---|---|");
        for (i, d) in drafts.iter().enumerate() {
            let name = d.file.file_name().unwrap_or_default().to_string_lossy();
            let _ = writeln!(
                md,
                "| {} | [{}]({name}) | {} | {} | {} |",
                i + 1,
                d.title.replace('|', "\\|"),
                d.row.status,
                d.row.count,
                if d.experimental { "yes" } else { "" }
            );
        }
    }
    if !known.is_empty() {
        let _ = writeln!(md, "\n## Known bugs (no draft)\n");
        for (row, source) in known {
            let _ = writeln!(
                md,
                "- {} {} ({} finding(s)): {}{}",
                row.class,
                row.solver,
                row.count,
                row.known.as_deref().unwrap_or(""),
                source
                    .as_deref()
                    .map_or_else(String::new, |s| format!(", {s}"))
            );
        }
    }
    if !unreadable.is_empty() {
        let _ = writeln!(md, "\n## Finding files not read\n");
        for (p, why) in unreadable {
            let _ = writeln!(md, "- {}: {why}", p.display());
        }
    }
    md
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::finding::record::{BisectRecord, Reduced};

    fn answer(solver: SolverId, version: &str, verdict: Verdict) -> SolverRecord {
        SolverRecord {
            solver,
            version: version.into(),
            verdict: Some(verdict),
            reason: None,
            error: None,
            model: None,
            time_ms: 12.0,
        }
    }

    /// Writes a finding `<class>/<stem>.json` with its reproducer into `dir`.
    fn finding(dir: &Path, stem: &str, r: &FindingRecord, smt2: &str) {
        let class = dir.join(&r.class);
        std::fs::create_dir_all(&class).unwrap();
        r.save(&class.join(format!("{stem}.json"))).unwrap();
        std::fs::write(class.join(format!("{stem}.smt2")), smt2).unwrap();
    }

    fn record(class: &str, key: &str, blamed: SolverId, blamed_says: Verdict) -> FindingRecord {
        let other = match blamed {
            SolverId::Z3 => SolverId::Cvc5,
            _ => SolverId::Z3,
        };
        let version = |s: SolverId| match s {
            SolverId::Z3 => "4.12.2.0",
            _ => "1.4.2",
        };
        let says = |v: Verdict| match v {
            Verdict::Sat => Verdict::Unsat,
            _ => Verdict::Sat,
        };
        FindingRecord {
            class: class.into(),
            blamed: Some(blamed),
            summary: format!("{blamed} answers {blamed_says}"),
            key: key.into(),
            logic: "QF_LIA".into(),
            operators: vec!["+".into(), "<".into()],
            solvers: vec![
                answer(blamed, version(blamed), blamed_says),
                answer(other, version(other), says(blamed_says)),
            ],
            smtsmith: "test".into(),
            ..Default::default()
        }
    }

    /// The drafts come out most urgent first — a wrong unsat before a wrong sat before an
    /// invalid model before a crash, and a finding that needs an experimental option after
    /// every one that does not — one file per key, each with its reproducer (the reduced one
    /// where there is one), the binary's command line, both answers and the bisected range.
    #[test]
    fn drafts_are_ordered_by_what_maintainers_act_on_first() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("findings");
        let crash = FindingRecord {
            summary: "z3 died of SIGSEGV".into(),
            solvers: vec![],
            ..record("crash", "crash/z3/QF_LIA/+", SolverId::Z3, Verdict::Sat)
        };
        finding(&f, "c1", &crash, "(assert true)\n(check-sat)\n");
        let mut exp = record("disagreement", "d/cvc5/exp", SolverId::Cvc5, Verdict::Unsat);
        exp.experimental = vec!["arrays-exp".into()];
        exp.options = vec![(SolverId::Cvc5, vec![("arrays-exp".into(), "true".into())])];
        finding(&f, "e1", &exp, "(assert false)\n(check-sat)\n");
        let mut wrong_sat = record("disagreement", "d/z3/sat", SolverId::Z3, Verdict::Sat);
        wrong_sat.bisect = Some(BisectRecord {
            solver: "z3".into(),
            range: "4.8.9.0..4.12.2.0 (good 4.8.8.0; fixed in 4.12.4.0)".into(),
            last_bad: Some("4.12.2.0".into()),
            ..Default::default()
        });
        finding(&f, "s1", &wrong_sat, "(assert (< x 1))\n(check-sat)\n");
        let mut model = record("invalid-model", "m/z3", SolverId::Z3, Verdict::Sat);
        model.solvers[0].model = Some(vec![("x".into(), Some("3".into()))]);
        finding(&f, "m1", &model, "(assert (> x 3))\n(check-sat)\n");
        let mut unsat = record("disagreement", "d/z3/unsat", SolverId::Z3, Verdict::Unsat);
        unsat.reduced = Some(Reduced {
            file: Some("u1.reduced.smt2".into()),
            bytes: Some(20),
            ..Default::default()
        });
        finding(
            &f,
            "u1",
            &unsat,
            "(assert (= x 1))\n(assert true)\n(check-sat)\n",
        );
        std::fs::write(f.join("disagreement/u1.reduced.smt2"), "(assert (= x 1))\n").unwrap();

        let out = dir.path().join("drafts");
        let d = write_drafts(&f, &out).unwrap();
        let order: Vec<(Priority, bool)> = d
            .drafts
            .iter()
            .map(|d| (d.priority, d.experimental))
            .collect();
        assert_eq!(
            order,
            [
                (Priority::WrongUnsat, false),
                (Priority::WrongSat, false),
                (Priority::InvalidModel, false),
                (Priority::Crash, false),
                (Priority::WrongUnsat, true),
            ]
        );
        let first = std::fs::read_to_string(&d.drafts[0].file).unwrap();
        assert!(
            d.drafts[0]
                .title
                .starts_with("Z3 4.12.2.0: wrong unsat on QF_LIA"),
            "{}",
            d.drafts[0].title
        );
        assert!(
            first.contains("## Reproducer (reduced, 17 bytes)"),
            "{first}"
        );
        assert!(first.contains("(assert (= x 1))\n```"), "{first}");
        assert!(
            !first.contains("(assert true)"),
            "the unreduced reproducer: {first}"
        );
        assert!(first.contains("```sh\nz3 FILE.smt2\n```"), "{first}");
        assert!(
            first.contains("| z3 (this bug) | 4.12.2.0 | unsat |"),
            "{first}"
        );
        assert!(first.contains("| cvc5 | 1.4.2 | sat |"), "{first}");
        let second = std::fs::read_to_string(&d.drafts[1].file).unwrap();
        assert!(
            second.contains("fixed in 4.12.4.0") && second.contains("still shows it: 4.12.2.0"),
            "{second}"
        );
        let model = std::fs::read_to_string(&d.drafts[2].file).unwrap();
        assert!(
            model.contains("z3 (this bug)'s model:\n\n```\nx = 3\n```"),
            "{model}"
        );
        let last = std::fs::read_to_string(&d.drafts[4].file).unwrap();
        assert!(
            last.contains("**Needs experimental options**: arrays-exp"),
            "{last}"
        );
        assert!(last.contains("cvc5 --arrays-exp FILE.smt2"), "{last}");
        assert!(
            last.contains("cvc5: `arrays-exp=true` (experimental)"),
            "{last}"
        );
        let index = std::fs::read_to_string(&d.index).unwrap();
        let at = |s: &str| {
            index
                .find(s)
                .unwrap_or_else(|| panic!("{s} not in {index}"))
        };
        assert!(
            at("wrong unsat on QF_LIA") < at("wrong sat on") && at("crash on") < at("cvc5 1.4.2"),
            "{index}"
        );
        assert!(d.drafts[0]
            .file
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("001-z3-4-12-2-0-wrong-unsat"));
    }

    /// A script's finding has no per-solver records: its draft lists the answers at the
    /// step it was made, with the releases.
    #[test]
    fn a_script_finding_shows_its_step_answers() {
        let r = FindingRecord {
            class: "wrong-unsat".into(),
            blamed: Some(SolverId::Z3),
            key: "k".into(),
            step: Some(3),
            answers: vec!["z3: unsat".into(), "cvc5: sat".into()],
            versions: vec![(SolverId::Z3, "5.4.1.0".into())],
            ..Default::default()
        };
        let row = TriageRow {
            class: r.class.clone(),
            solver: "z3".into(),
            logic: "QF_LIA".into(),
            key: r.key.clone(),
            count: 1,
            representative: PathBuf::from("f.smt2"),
            summary: String::new(),
            known: None,
            status: "new".into(),
            experimental: Vec::new(),
            evidence: None,
            reproducers: Vec::new(),
            reduced: None,
            releases: None,
        };
        let md = draft_markdown(&r, &row, "t", "(check-sat)", None);
        assert!(
            md.contains("The solvers' answers at action 3:\n\n- z3: unsat\n- cvc5: sat\n- z3 release: 5.4.1.0"),
            "{md}"
        );
        assert!(!md.contains("| solver | release |"), "{md}");
    }
}
