//! Findings on disk: `findings/<class>/<hash>.smt2` (a standalone reproducer for the solver
//! binaries) and `<hash>.json` (class, solvers and versions, verdicts, models, limits,
//! configuration, the fuzzer input). Files are written and synced before the caller may
//! panic, so a finding survives whatever happens next.

use crate::cases::smtlib::{self, ScriptOptions};
use crate::lang::generate::Config;
use crate::lang::ir::Formula;
use crate::solver::{Limits, SolverId};
use crate::verdict::oracle::{Answer, Issue};
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

mod context;
pub mod drafts;
mod key;
pub mod known;
pub mod record;
mod reproducer;
mod script;
mod triage;

pub use context::*;
pub use key::*;
pub use reproducer::*;
pub use script::*;
pub use triage::*;

pub use record::{FindingRecord, SolverRecord, Status};

/// How the linked Z3 was built when it is not a release's wheel (`SMTSMITH_Z3_LIB_DIR`):
/// `from source by scripts/build-z3-instrumented.sh, variant asan` for that script's builds
/// (the release is still the library's own version, e.g. 5.3.3.0, which bisection and the
/// known bugs go by), `your own build` for another.
pub fn z3_build() -> Option<String> {
    if env!("SMTSMITH_BUILT_Z3") != "custom" {
        return None;
    }
    Some(
        match option_env!("SMTSMITH_BUILT_Z3_VARIANT").unwrap_or_default() {
            "" => "your own build".to_string(),
            variant => {
                format!("from source by scripts/build-z3-instrumented.sh, variant {variant}")
            }
        },
    )
}

/// Writes the reduced form of the finding `written` beside it (`<hash>.reduced.smt2`, from
/// `ctx`: the reduced formula, its answers and setup, and `issue` as the reduced case made
/// it) and records it in the finding's JSON: `reduced` (file, sizes, setup, answers, the
/// reduction's cost), `key` from the reduced form ([`reduced_key`]) and `original_key`.
/// Returns the reduced key.
pub fn write_reduced(
    written: &mut Written,
    issue: &Issue,
    ctx: &Context,
    stats: &record::ReductionStats,
) -> std::io::Result<String> {
    let original = fs::read_to_string(&written.smt2)?;
    let name = |p: &Path| {
        p.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let text = format!(
        "; reduced by smtsmith from {}\n{}",
        name(&written.smt2),
        reproducer(issue, ctx)
    );
    let path = reduced_path(&written.smt2);
    write_synced(&path, text.as_bytes())?;
    let meta = metadata(issue, ctx, &ctx.signature);
    let mut other = serde_json::Map::new();
    other.insert("operators".into(), to_json(&meta.operators)?);
    other.insert("setup".into(), meta.setup);
    other.insert("z3_tactic".into(), to_json(&meta.z3_tactic)?);
    other.insert("options".into(), to_json(&meta.options)?);
    let reduced = record::Reduced {
        file: Some(name(&path)),
        bytes: Some(text.len() as u64),
        original_bytes: Some(original.len() as u64),
        error: None,
        summary: Some(meta.summary),
        logic: Some(meta.logic),
        solvers: meta.solvers,
        stats: Some(record::Stats::Typed(stats.clone())),
        other,
    };
    // As the known bugs' reproducers get theirs: from the reproducer as smtsmith reads it
    // (a value and the term that builds it print alike and read back alike).
    let read = reproducer_formula(&text);
    let key = reduced_key(issue, read.as_ref().unwrap_or(ctx.formula), &text);
    save_reduced(written, path, key, reduced)
}

/// Records the reduced form `reduced` (its file `path`) in the finding's JSON under its
/// reduced `key`, the key before reduction kept as `original_key`; returns the key.
pub(super) fn save_reduced(
    written: &mut Written,
    path: PathBuf,
    key: String,
    reduced: record::Reduced,
) -> std::io::Result<String> {
    FindingRecord::update(&written.json, |r| {
        r.original_key.get_or_insert_with(|| r.key.clone());
        r.key = key.clone();
        r.reduced = Some(reduced);
    })?;
    written.reduced = Some(path);
    Ok(key)
}

/// Records the finding's status in its JSON (`new`: reduced and matching no known bug whose
/// reproducer replays; `regression`: a known bug's reproducer replays on a release the
/// index does not list for it), with the evidence.
pub fn mark_status(written: &Written, status: Status, evidence: &str) -> std::io::Result<()> {
    FindingRecord::update(&written.json, |r| {
        r.status = status;
        r.status_evidence = Some(evidence.to_string());
    })
}

/// Marks `written` by the known bug `k` whose reproducer, replayed in the finding's setup
/// with release `version` of the blamed solver, made the same finding: `known` where the
/// index lists that release for it, `regression` where it does not.
///
/// `how`: what the replay showed, with `{version}` where the release goes.
pub fn mark_by_replay(
    written: &mut Written,
    k: &'static known::Known,
    version: &str,
    how: &str,
) -> std::io::Result<()> {
    if k.affects(version) {
        mark_known(
            written,
            k,
            &format!("replay: {}", how.replace("{version}", version)),
        )
    } else {
        mark_status(
            written,
            Status::Regression,
            &format!(
                "the reproducer of known bug known-findings/{} makes the same finding with {version}, a release its index entry does not list ({}): a regression, or the bug's range is wider than recorded",
                k.file,
                k.versions.join(", ")
            ),
        )
    }
}

/// Marks the written finding as the known bug `known`, with the `evidence` that it is (a
/// replay of the known reproducer, or bisection): its files move to `known/<class>/` of
/// the findings folder and its JSON names the known reproducer and the evidence.
pub fn mark_known(
    written: &mut Written,
    known: &known::Known,
    evidence: &str,
) -> std::io::Result<()> {
    let Some(class_dir) = written.smt2.parent() else {
        return Ok(());
    };
    let (Some(class), Some(dir)) = (class_dir.file_name(), class_dir.parent()) else {
        return Ok(());
    };
    let folder = dir.join("known").join(class);
    fs::create_dir_all(&folder)?;
    FindingRecord::update(&written.json, |r| {
        r.known = Some(known.file.clone());
        r.known_by = Some(evidence.to_string());
        r.status = Status::Known;
    })?;
    let moved = |p: &Path| folder.join(p.file_name().unwrap_or_default());
    // Every file of the finding: its reproducer, JSON, reduced form, input and the
    // per-solver scripts of an incremental one (`<hash>.z3.smt2`, …), all named `<hash>.…`.
    let stem = written
        .smt2
        .file_stem()
        .map(|s| format!("{}.", s.to_string_lossy()))
        .unwrap_or_default();
    // (Not other files named after it, e.g. the `.candidate.json` of a crash being isolated,
    // which its writer removes where it wrote it.)
    let own = |name: &str| {
        name.strip_prefix(&stem).is_some_and(|rest| {
            matches!(rest, "smt2" | "json" | "input" | "reduced.smt2")
                || rest
                    .strip_suffix(".smt2")
                    .is_some_and(|solver| ["z3", "cvc5", "yices"].contains(&solver))
        })
    };
    for entry in fs::read_dir(class_dir)? {
        let p = entry?.path();
        let ours = p.file_name().is_some_and(|n| own(&n.to_string_lossy()));
        if ours && !stem.is_empty() && p.is_file() {
            fs::rename(&p, moved(&p))?;
        }
    }
    written.smt2 = moved(&written.smt2);
    written.json = moved(&written.json);
    written.reduced = written.reduced.as_deref().map(moved);
    written.known = Some(known.file.clone());
    Ok(())
}

/// Records in the finding's JSON whom the evidence blames for it (`blame`: solver, what
/// decided it, the evidence, or why nothing did); where it names a solver, the finding's
/// `blamed` and the solver part of its key follow.
pub fn write_blame(
    written: &Written,
    blame: &crate::verdict::oracle::Blame,
) -> std::io::Result<()> {
    FindingRecord::update(&written.json, |r| {
        r.blame = Some(blame.clone());
        if let Some(solver) = blame.solver {
            r.blamed = Some(solver);
            r.key = r.key.replacen("/?/", &format!("/{solver}/"), 1);
        }
    })
}

/// Records in the finding's JSON what the solver's own binary shows on its reduced
/// reproducer (`binary`: the command and the probe).
pub fn write_binary_probe(
    written: &Written,
    command: &str,
    probe: &record::Probe,
) -> std::io::Result<()> {
    let binary = record::BinaryRecord {
        command: command.to_string(),
        probe: Some(probe.clone()),
    };
    FindingRecord::update(&written.json, |r| r.binary = Some(binary))
}

/// Records in the finding's JSON why it has no reduced form.
pub fn write_not_reduced(written: &Written, why: &str) -> std::io::Result<()> {
    FindingRecord::update(&written.json, |r| {
        r.reduced = Some(record::Reduced {
            error: Some(why.to_string()),
            ..Default::default()
        })
    })
}

/// `<hash>.reduced.smt2` beside `<hash>.smt2`.
pub fn reduced_path(smt2: &Path) -> PathBuf {
    smt2.with_extension("reduced.smt2")
}

/// What a finding is about: a formula (one check per solver) or an incremental script.
pub enum Subject<'a> {
    Formula(&'a Context<'a>),
    Script(&'a ScriptContext<'a>),
}

/// The finding sink: writes `issue` about `subject` under `dir` (see [`write`] and
/// [`write_script`]). Losing a finding silently is not an option: one that cannot be
/// written stops the process loudly with its summary and its formula.
pub fn record(dir: &Path, issue: Issue, subject: Subject) -> (Issue, Written) {
    let written = match subject {
        Subject::Formula(ctx) => write(dir, &issue, ctx),
        Subject::Script(ctx) => write_script(dir, &issue, ctx),
    };
    match written {
        Ok(w) => (issue, w),
        Err(e) => {
            let formula = match subject {
                Subject::Formula(ctx) => ctx.formula,
                Subject::Script(ctx) => &ctx.script.formula,
            };
            panic!(
                "cannot write finding to {}: {e}\n{}\n{}",
                dir.display(),
                issue.summary,
                smtlib::script(formula, &Default::default())
            )
        }
    }
}

/// The record of `issue` on `ctx` (`sig`: its formula's signature), as first written.
fn metadata(issue: &Issue, ctx: &Context, sig: &crate::lang::ir::Signature) -> FindingRecord {
    let f = ctx.formula;
    let logic = sig.logic();
    let operators: Vec<&'static str> = sig.ops.iter().map(|o| o.name()).collect();
    let version_of = |id: SolverId| ctx.version_of(id);
    let mut solvers: Vec<SolverRecord> = ctx
        .answers
        .iter()
        .map(|(id, a)| SolverRecord {
            solver: *id,
            version: version_of(*id),
            verdict: a.as_ref().ok().map(|o| o.verdict),
            reason: a.as_ref().ok().and_then(|o| o.reason.clone()),
            error: a.as_ref().err().map(|e| e.to_string()),
            model: a.as_ref().ok().and_then(|o| o.model.as_ref()).map(|m| {
                f.decls
                    .iter()
                    .zip(&m.values)
                    .map(|(d, v)| (d.name.clone(), v.as_ref().map(smtlib::value)))
                    .collect()
            }),
            time_ms: a
                .as_ref()
                .map(|o| o.time.as_secs_f64() * 1e3)
                .unwrap_or(0.0),
        })
        .collect();
    // A solver that died or hung inside its call gave no answer, but its release is what
    // `bisect` starts from and what `triage` shows.
    if let Some(blamed) = issue.blamed {
        if !solvers.iter().any(|r| r.solver == blamed) && !version_of(blamed).is_empty() {
            solvers.push(SolverRecord {
                solver: blamed,
                version: version_of(blamed),
                verdict: None,
                reason: None,
                error: None,
                model: None,
                time_ms: 0.0,
            });
        }
    }
    FindingRecord {
        class: issue.class.to_string(),
        blamed: issue.blamed,
        summary: issue.summary.clone(),
        key: key_of(issue, &logic, &operators),
        z3_tactic: ctx.setup.z3_solver.check_sat_using(&logic),
        logic,
        operators: operators.iter().map(|o| o.to_string()).collect(),
        solvers,
        limits: ctx.limits.clone(),
        reuse: Some(ctx.setup.reuse),
        setup: serde_json::to_value(ctx.setup).unwrap_or_default(),
        options: SolverId::ALL
            .iter()
            .map(|id| (*id, ctx.setup.options_of(*id)))
            .filter(|(_, o)| !o.is_empty())
            .collect(),
        config: ctx.config.and_then(|c| serde_json::to_value(c).ok()),
        input_hex: ctx.input.map(hex),
        fuzz_target: ctx.input.and(fuzz_target()),
        stopped_at_limit: ctx.stopped_at_limit,
        status: Status::Unsettled,
        own_text: ctx.source.is_some(),
        z3_build: z3_build(),
        experimental: crate::verdict::oracle::experimental_options(f, issue)
            .into_iter()
            .map(str::to_string)
            .collect(),
        smtsmith: env!("CARGO_PKG_VERSION").to_string(),
        ..Default::default()
    }
}

/// Writes the reproducer and metadata of `issue` under `dir`; returns the paths.
pub fn write(dir: &Path, issue: &Issue, ctx: &Context) -> std::io::Result<Written> {
    let f = ctx.formula;
    let sig = &ctx.signature;
    let script = reproducer_of(issue, ctx, sig);
    let hash = {
        let mut h = Sha256::new();
        h.update(issue.class.dir());
        // Two solvers' issues of one class on one formula are two findings (each its own
        // solver's bug); one solver's C API and front end share a file.
        if let Some(b) = issue.blamed {
            h.update(b.library().to_string());
        }
        h.update(smtlib::script(f, &ScriptOptions::default()));
        format!("{:x}", h.finalize())[..16].to_string()
    };
    if let Some(w) = already_settled(dir, issue.class.dir(), &hash) {
        return Ok(w);
    }
    // Known only by evidence, once reduced (`mark_known`): written as unsettled.
    let folder = dir.join(issue.class.dir());
    fs::create_dir_all(&folder)?;
    let smt2 = folder.join(format!("{hash}.smt2"));
    let json = folder.join(format!("{hash}.json"));
    write_synced(&smt2, script.as_bytes())?;
    metadata(issue, ctx, sig).save(&json)?;
    if let Some(input) = ctx.input {
        write_synced(&folder.join(format!("{hash}.input")), input)?;
    }
    Ok(Written {
        smt2,
        json,
        known: None,
        reduced: None,
        again: false,
    })
}

/// The finding `<hash>` of class folder `class` where `dir` already holds it settled (moved
/// to `known/`, or reduced or noted as not reducible): it is not written again.
fn already_settled(dir: &Path, class: &str, hash: &str) -> Option<Written> {
    for folder in [dir.join("known").join(class), dir.join(class)] {
        let json = folder.join(format!("{hash}.json"));
        let Ok(r) = FindingRecord::open(&json) else {
            continue;
        };
        if r.reduced.is_none() && r.status != Status::Known {
            continue;
        }
        let reduced = folder.join(format!("{hash}.reduced.smt2"));
        return Some(Written {
            smt2: folder.join(format!("{hash}.smt2")),
            json,
            known: r.known,
            reduced: reduced.is_file().then_some(reduced),
            again: true,
        });
    }
    None
}

/// Every JSON file under `dir`, sorted: each finding's metadata (`<class>/<hash>.json`,
/// `known/<class>/<hash>.json`) and whatever else a findings folder holds as JSON.
pub fn json_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for e in fs::read_dir(dir)? {
        let p = e?.path();
        if p.is_dir() {
            out.extend(json_files(&p)?);
        } else if p.extension().and_then(|e| e.to_str()) == Some("json") {
            out.push(p);
        }
    }
    out.sort();
    Ok(out)
}

/// Adds the sanitizer's `report` to a written finding: its tool, kind and first frames in
/// the JSON `json` (`sanitizer`), and the same frames as comments in the header of the
/// reproducer `smt2` (after its first comment lines), where a solver developer reads them
/// beside the formula.
pub fn attach_sanitizer_report(
    json: &Path,
    smt2: &Path,
    report: &crate::verdict::sanitizer::Report,
) -> std::io::Result<()> {
    let sanitizer = record::SanitizerRecord {
        tool: report.tool.clone(),
        kind: report.kind.clone(),
        key_frames: report.key_frames(),
        frames: report
            .frames
            .iter()
            .take(crate::verdict::sanitizer::KEPT_FRAMES)
            .cloned()
            .collect(),
        place: report.place.clone(),
    };
    FindingRecord::update(json, |r| r.sanitizer = Some(sanitizer))?;
    let text = fs::read_to_string(smt2)?;
    let header_end = text
        .lines()
        .take_while(|l| l.starts_with(';'))
        .map(|l| l.len() + 1)
        .sum::<usize>()
        .min(text.len());
    let mut lines = vec![match &report.place {
        Some(place) => format!("; {}: {} at {place}, stack:", report.tool, report.kind),
        None => format!("; {}: {}, at:", report.tool, report.kind),
    }];
    lines.extend(report.frame_lines().iter().map(|l| format!(";   {l}")));
    let out = format!(
        "{}{}\n{}",
        &text[..header_end],
        lines.join("\n"),
        &text[header_end..]
    );
    write_synced(smt2, out.as_bytes())
}

/// `v` as JSON, for a record's part that is kept as written.
fn to_json(v: &impl Serialize) -> std::io::Result<serde_json::Value> {
    serde_json::to_value(v).map_err(std::io::Error::other)
}

pub(crate) fn write_synced(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = path.with_extension("tmp");
    let mut file = fs::File::create(&tmp)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    fs::rename(&tmp, path)
}

/// The name of the fuzz target whose body this process runs now, set by
/// `harness::Target::fuzz`: process-wide, because the watchdog's thread writes the findings
/// of calls that hang.
static FUZZ_TARGET: std::sync::Mutex<Option<&'static str>> = std::sync::Mutex::new(None);

/// Names the fuzz target whose findings this process writes next (the target that reads
/// their recorded input back: `smtsmith replay` takes it from the finding).
pub fn set_fuzz_target(name: &'static str) {
    *FUZZ_TARGET.lock().unwrap_or_else(|e| e.into_inner()) = Some(name);
}

/// The fuzz target this process runs, if any. Never blocks: the fatal-signal hook asks too,
/// and a signal that came while its own thread held the lock would wait forever (then the
/// finding names none; the lock is only held to store a name, never across a solver call).
pub fn fuzz_target() -> Option<String> {
    for _ in 0..1000 {
        match FUZZ_TARGET.try_lock() {
            Ok(name) => return name.map(str::to_string),
            Err(std::sync::TryLockError::Poisoned(e)) => return e.into_inner().map(str::to_string),
            Err(std::sync::TryLockError::WouldBlock) => std::thread::yield_now(),
        }
    }
    None
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    static DEFAULT_LIMITS: std::sync::LazyLock<Limits> = std::sync::LazyLock::new(Limits::default);

    /// The context of a finding about `f` with no answers, default limits and setup.
    fn answerless<'a>(f: &'a Formula, versions: &'a [(SolverId, String)]) -> Context<'a> {
        Context::new(f, versions, &DEFAULT_LIMITS, Default::default())
    }

    /// A text path runs its library: where only the library's version is recorded (a child
    /// process of the reducer starts the library alone), the path's version is the
    /// library's; a solver with neither recorded has none.
    #[test]
    fn a_text_paths_version_is_its_librarys() {
        let f = reproducer_formula("(declare-const b Bool)(assert b)").unwrap();
        let versions = vec![(SolverId::Z3, "Z3 4.8.10.0".to_string())];
        let ctx = answerless(&f, &versions);
        assert_eq!(ctx.version_of(SolverId::Z3Text), "Z3 4.8.10.0");
        assert_eq!(ctx.version_of(SolverId::Z3), "Z3 4.8.10.0");
        assert_eq!(ctx.version_of(SolverId::Cvc5Text), "");
    }

    /// A reproducer for the Z3 binary of a release before 4.8.9 writes the string
    /// operators by the only names that release reads (`str.to.int`, `str.in.re`,
    /// `str.to.re`, `re.nostr`: its binary rejects `str.to_int` as an unknown function, seen
    /// with 4.8.5.0 to 4.8.8.0); one for cvc5, or for a newer Z3, keeps the 2.6 names; one
    /// blamed on no solver keeps them and says what the old binary needs.
    #[test]
    fn reproducers_for_old_z3_releases_use_the_names_they_read() {
        let f = reproducer_formula(
            "(declare-const s String)(assert (= (str.to_int s) 5))\
             (assert (not (str.in_re s (re.union re.none (str.to_re \"a\")))))",
        )
        .unwrap();
        let print = |blamed: Option<SolverId>, z3: &str| {
            let versions = vec![
                (SolverId::Z3, z3.to_string()),
                (SolverId::Cvc5, "1.4.0".to_string()),
            ];
            let ctx = answerless(&f, &versions);
            let issue = Issue {
                class: crate::verdict::oracle::Class::Disagreement,
                blamed,
                summary: "sat (z3) vs unsat (cvc5)".into(),
            };
            let text = reproducer(&issue, &ctx);
            let body: String = text.lines().filter(|l| !l.starts_with(';')).collect();
            (text, body)
        };
        // The API path and the front end of the release alike.
        for (blamed, z3) in [
            (SolverId::Z3, "Z3 4.8.7.0"),
            (SolverId::Z3Text, "Z3 4.8.8.0"),
        ] {
            let (_, body) = print(Some(blamed), z3);
            for name in ["str.to.int", "str.in.re", "str.to.re", "re.nostr"] {
                assert!(body.contains(name), "{name} in\n{body}");
            }
            assert!(!body.contains("str.to_int"), "{body}");
        }
        for (blamed, z3) in [
            (Some(SolverId::Z3), "Z3 4.8.9.0"),
            (Some(SolverId::Z3), "Z3 4.8.10.0"),
            (Some(SolverId::Cvc5), "Z3 4.8.7.0"),
            (None, "Z3 5.4.1.0"),
        ] {
            let (text, body) = print(blamed, z3);
            assert!(
                body.contains("str.to_int") && body.contains("re.none"),
                "{body}"
            );
            assert!(!text.contains("2.5 names"), "{text}");
        }
        let (text, body) = print(None, "Z3 4.8.7.0");
        assert!(body.contains("str.to_int"), "{body}");
        assert!(
            text.contains("; Z3 4.8.7.0 reads only the SMT-LIB 2.5 names; for its binary, write "),
            "{text}"
        );
        assert!(text.contains("str.to_int as str.to.int"), "{text}");
    }

    /// No finding is known when it is written, whatever it contains: an unblamed
    /// disagreement on Z3 4.8.7 with `re.loop` (the operator of a known 4.8.7 bug) is
    /// written under its class, `unsettled`, until its reduction and a replay say more.
    #[test]
    fn findings_are_written_unsettled() {
        let text = known::reproducer("z3-4.8.7-re-loop-n-greater-m.smt2").unwrap();
        let f = reproducer_formula(text).unwrap();
        let d = Issue {
            class: crate::verdict::oracle::Class::Disagreement,
            blamed: None,
            summary: "sat (z3) vs unsat (cvc5), no model validated".into(),
        };
        let versions = vec![
            (SolverId::Z3, "Z3 4.8.7.0".to_string()),
            (SolverId::Cvc5, "1.4.0-modified".to_string()),
        ];
        let dir = tempfile::tempdir().unwrap();
        let limits = Limits::default();
        let ctx = Context::new(&f, &versions, &limits, Default::default());
        let w = write(dir.path(), &d, &ctx).unwrap();
        assert!(w.known.is_none());
        assert_eq!(w.smt2.parent().unwrap(), dir.path().join("disagreement"));
        let r = FindingRecord::open(&w.json).unwrap();
        assert_eq!(r.status, Status::Unsettled);
        assert!(r.known.is_none());
    }

    /// Messages that differ only in numbers, literals and numbered names share a key;
    /// messages of different errors do not.
    #[test]
    fn normalized_messages_group_one_error() {
        let a = normalize("cvc5 API error in cvc5_check_sat: term x12 of width 8 at \"ab\" #b0101");
        let b = normalize("cvc5 API error in cvc5_check_sat:  term x3 of width 64 at \"\" #x1f");
        assert_eq!(a, b);
        assert_eq!(
            a,
            "cvc5 API error in cvc5_check_sat: term xN of width N at S H"
        );
        assert_eq!(
            normalize("Z3_mk_bv_sort of z3 4.8.7 on bv8_3"),
            "Z3_mk_bv_sort of z3 N on bvN_N"
        );
        let c = normalize("cvc5 API error in cvc5_push: Fatal error in option parsing");
        assert_ne!(a, c);
        let issue = |summary: &str| Issue {
            class: crate::verdict::oracle::Class::ApiError,
            blamed: Some(SolverId::Cvc5),
            summary: summary.into(),
        };
        assert_eq!(
            key_of(&issue("error at 12"), "QF_LIA", &["+"]),
            key_of(&issue("error at 7"), "QF_LIA", &["+"])
        );
        // One error is one key, whatever operators the formula around it used.
        assert_eq!(
            key_of(&issue("cvc5 error at 12"), "QF_LIA", &["+"]),
            key_of(&issue("cvc5 error at 3"), "QF_NIA", &["*", "div"])
        );
        assert_eq!(
            key_of(&issue("cvc5 error at 12"), "QF_LIA", &["+"]),
            "api-error/cvc5/cvc5 error at N"
        );
        // Soundness classes are keyed without the message.
        let wrong = Issue {
            class: crate::verdict::oracle::Class::WrongUnsat,
            ..issue("z3 says unsat at assertion 3")
        };
        assert_eq!(
            key_of(&wrong, "QF_LIA", &["+"]),
            "wrong-unsat/cvc5/QF_LIA/+"
        );
    }

    /// Two UBSan reports in one file are two keys when their lines differ (the report's
    /// words are not normalized), one key when only the folders of the build differ.
    #[test]
    fn undefined_behaviour_keys_keep_the_line_of_the_place() {
        let key = |summary: &str| {
            let report = crate::verdict::sanitizer::Report::from_ubsan_summary(summary).unwrap();
            let issue = crate::verdict::oracle::process::sanitizer_report(SolverId::Z3, &report);
            key_of(&issue, "QF_FP", &["fp.add"])
        };
        let a = key("SUMMARY: UndefinedBehaviorSanitizer: signed-integer-overflow /a/z3/src/util/mpf.cpp:1885:30");
        let b = key("SUMMARY: UndefinedBehaviorSanitizer: signed-integer-overflow /a/z3/src/util/mpf.cpp:1290:12");
        let again = key("SUMMARY: UndefinedBehaviorSanitizer: signed-integer-overflow /b/z3-src/z3/src/util/mpf.cpp:1885:30");
        assert_ne!(a, b);
        assert_eq!(a, again);
        assert!(
            a.starts_with("crash/z3/")
                && a.ends_with("it printed: signed-integer-overflow at mpf.cpp:1885:30"),
            "{a}"
        );
    }

    /// The reduced key of the reproducer `text` for a cvc5 finding of `class`.
    fn cvc5_key(class: crate::verdict::oracle::Class, text: &str) -> String {
        let issue = Issue {
            class,
            blamed: Some(SolverId::Cvc5),
            summary: "cvc5 still running".into(),
        };
        reduced_key(&issue, &reproducer_formula(text).unwrap(), text)
    }

    /// The comparison a reduced finding keeps only to have a Boolean around its term is not
    /// in its key: one wide remainder cvc5 overruns its limit on is one key, whichever
    /// comparison holds it; a comparison alone stays.
    #[test]
    fn reduced_keys_leave_out_the_comparison_around_the_term() {
        use crate::verdict::oracle::Class::{Disagreement, TimeLimit};
        let key = |text: &str| cvc5_key(TimeLimit, text);
        let decl = "(declare-fun x () (_ BitVec 64))";
        let a = key(&format!("{decl}(assert (bvsgt (bvsrem x x) x))(check-sat)"));
        let b = key(&format!("{decl}(assert (bvult x (bvsrem x x)))(check-sat)"));
        assert_eq!(a, b);
        assert!(a.ends_with(&format!("/{WIDE_BV_ARITHMETIC}")), "{a}");
        // A comparison alone: a time-limit key names no operator (a cost is not in it), a
        // verdict key keeps it.
        let alone = format!("{decl}(assert (bvsle x #x0000000000000001))(check-sat)");
        assert_eq!(key(&alone), "time-limit/cvc5/QF_BV/");
        let c = cvc5_key(Disagreement, &alone);
        assert!(c.ends_with("/bvsle"), "{c}");
    }

    /// A key says when its reproducer assumes `false` (the known Z3 assumption bugs): without
    /// it, those reproducers' keys name no operator and would match every reduced finding
    /// that has none; a check without `false` keeps its key.
    #[test]
    fn keys_say_when_false_is_assumed() {
        use crate::verdict::oracle::Class::Crash;
        let with = "(declare-fun p () Bool)\n(check-sat-assuming (p false))\n";
        let without = "(declare-fun p () Bool)\n(check-sat-assuming (p))\n";
        let shape = |t: &str| {
            crate::cases::smtlib::parse::parse_script(t)
                .unwrap()
                .script
                .shape()
        };
        let issue = Issue {
            class: Crash,
            blamed: Some(SolverId::Z3),
            summary: "the process exited inside a z3 call".into(),
        };
        let a = reduced_key(&issue, &shape(with), with);
        let b = reduced_key(&issue, &shape(without), without);
        assert!(a.ends_with(" [assumes false]"), "{a}");
        assert!(!b.contains("assumes false"), "{b}");
    }

    /// The benchmark's other time-limit behaviours that reduced to several operator sets are
    /// one key each: cvc5's `QF_NRA` overruns (`-,-,*,/` and `*,/`) and its `ee-mode=central`
    /// overruns over Boolean arrays (a `select`, and a `distinct` of constant arrays).
    #[test]
    fn time_limit_keys_name_nonlinear_arithmetic_and_array_behaviours_once() {
        use crate::verdict::oracle::Class::{Disagreement, TimeLimit};
        let key = |text: &str| cvc5_key(TimeLimit, text);
        let reals = "(set-logic QF_NRA)(declare-fun r1 () Real)(declare-fun r0 () Real)";
        let nra_a = key(&format!(
            "{reals}(assert (< (- (/ (* r0 r0) 0.0)) (- (/ 29.0 r1 r1) (- r1 50.0 r0)) (- 1.0)))(check-sat)"
        ));
        let nra_b = key(&format!(
            "{reals}(assert (and (>= r0 (/ 1.0 (* (* r0 r0) r1 18.0))) (>= r1 r0)))(check-sat)"
        ));
        assert_eq!(nra_a, nra_b);
        assert_eq!(nra_a, format!("time-limit/cvc5/NRA/{ARITH_MUL_DIV}"));
        // Integers stay apart from reals; an uninterpreted function beside them does not split.
        let nia = key("(declare-fun n () Int)(assert (< (* n n) (div n 3)))(check-sat)");
        assert_eq!(nia, format!("time-limit/cvc5/NIA/{ARITH_MUL_DIV}"));
        let uf = key(&format!(
            "{reals}(declare-fun g (Real) Real)(assert (< (g r0) (* r0 r1)))(check-sat)"
        ));
        assert_eq!(uf, nra_a);
        let ee = "(set-option :ee-mode central)\n(set-logic ALL)\n";
        let select = key(&format!(
            "{ee}(declare-fun a ((Array Bool Bool)) (Array Bool Bool))\
             (assert (not (select (a ((as const (Array Bool Bool)) true)) false)))(check-sat)"
        ));
        let distinct = key(&format!(
            "{ee}(declare-fun a () (Array Bool Bool))(declare-fun b () (Array Bool Bool))\
             (assert (distinct ((as const (Array Bool Bool)) false) a b))(check-sat)"
        ));
        assert_eq!(select, distinct);
        assert!(select.contains("[ee-mode=central]"), "{select}");
        assert!(select.ends_with("{(Array Bool Bool)}"), "{select}");
        // Linear integer arithmetic keeps its operators; a verdict class keeps `*`.
        let lia = key("(declare-fun n () Int)(assert (< (+ n 1) (- n)))(check-sat)");
        assert!(lia.ends_with("/+,-") || lia.ends_with("/-,+"), "{lia}");
        let text = format!("{reals}(assert (< (* r0 r1) 0.0))(check-sat)");
        assert!(cvc5_key(Disagreement, &text).ends_with("/*"));
    }

    /// A time-limit or performance finding over wide bit-vector multiplication, division or
    /// remainder is one key whichever of them, and whichever linear operators beside them, a
    /// reduction ends in (the grid's cvc5 overruns reduced to `bvsrem`, `bvudiv`, `bvsmod`,
    /// `bvmul`); another theory's operators stay in it; verdict classes keep every operator.
    #[test]
    fn time_limit_keys_name_wide_bit_vector_arithmetic_as_one_behaviour() {
        let key = cvc5_key;
        use crate::verdict::oracle::Class::{Disagreement, Performance, TimeLimit};
        let decl = "(declare-fun x () (_ BitVec 64))(declare-fun y () (_ BitVec 64))";
        let keys: Vec<String> = [
            "(assert (bvult x (bvsrem x y)))",
            "(assert (= (bvudiv x y) (bvsmod y x)))",
            "(assert (bvslt (bvadd (bvmul x y) (concat ((_ extract 31 0) x) ((_ extract 63 32) y))) x))",
        ]
        .iter()
        .map(|a| key(TimeLimit, &format!("{decl}{a}(check-sat)")))
        .collect();
        assert_eq!(keys[0], keys[1]);
        assert_eq!(keys[0], keys[2]);
        assert_eq!(keys[0], format!("time-limit/cvc5/BV/{WIDE_BV_ARITHMETIC}"));
        let performance = key(
            Performance,
            &format!("{decl}(assert (bvult x (bvsrem x y)))"),
        );
        assert_eq!(
            performance,
            format!("performance/cvc5/BV/{WIDE_BV_ARITHMETIC}")
        );
        // The logic around it does not split it: a 30-minute campaign's three unreducible
        // overruns of 128-bit `bvudiv` were QF_BV, QF_UFBV (an uninterpreted function beside
        // it) and ALL (a real beside it).
        let around = [
            "(declare-fun f ((_ BitVec 8)) (_ BitVec 8))(declare-fun z () (_ BitVec 8))\
             (assert (= (f z) z))",
            "(declare-fun r () Real)(assert (<= r 1.0))",
        ];
        for other in around {
            let k = key(
                TimeLimit,
                &format!("{decl}{other}(assert (bvult x (bvudiv x y)))(check-sat)"),
            );
            assert_eq!(k, keys[0], "{other}");
        }
        // Nor does the setup its reduced reproducer keeps: the same campaign's reduced
        // overruns kept a `push` (scope reuse) and cvc5's `bv-solver=bitblast-internal`.
        let wide = "(declare-fun a () (_ BitVec 128))(declare-fun b () (_ BitVec 128))";
        for setup in ["(push 1)", "(set-option :bv-solver bitblast-internal)"] {
            let k = key(
                TimeLimit,
                &format!("{setup}\n{wide}\n(assert (bvugt a (bvsmod b a)))\n(check-sat)\n"),
            );
            assert_eq!(k, keys[0], "{setup}");
        }
        // Without a quadratic operator the operators stay; another theory's stay beside it.
        let linear = key(TimeLimit, &format!("{decl}(assert (bvult x (bvadd x y)))"));
        assert!(linear.ends_with("/bvadd"), "{linear}");
        let mixed = key(
            TimeLimit,
            "(declare-fun x () (_ BitVec 8))(declare-fun n () Int)\
             (assert (< (bv2nat (bvmul x x)) (* n n)))",
        );
        let ops = mixed.rsplit('/').next().unwrap();
        let mut ops: Vec<&str> = ops.split(',').collect();
        ops.sort();
        assert_eq!(
            ops,
            [ARITH_MUL_DIV, WIDE_BV_ARITHMETIC, "bv2nat"],
            "{mixed}"
        );
        // A wrong verdict over the same operators keeps them apart.
        let verdict = key(
            Disagreement,
            &format!("{decl}(assert (bvult x (bvsrem x y)))"),
        );
        assert!(verdict.ends_with("/bvsrem"), "{verdict}");
    }
}
