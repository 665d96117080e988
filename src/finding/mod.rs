//! Findings on disk: `findings/<class>/<hash>.smt2` (a standalone reproducer for the solver
//! binaries) and `<hash>.json` (class, solvers and versions, verdicts, models, limits,
//! configuration, the fuzzer input). Files are written and synced before the caller may
//! panic, so a finding survives whatever happens next.

use crate::generate::Config;
use crate::ir::Formula;
use crate::oracle::{Answer, Issue};
use crate::smtlib::{self, ScriptOptions};
use crate::solver::{Limits, SolverId, Verdict};
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// One solver's part of a finding's metadata.
#[derive(Serialize)]
pub struct SolverRecord {
    pub solver: SolverId,
    pub version: String,
    pub verdict: Option<Verdict>,
    pub reason: Option<String>,
    pub error: Option<String>,
    /// Model values as SMT-LIB terms (`null` where not representable exactly).
    pub model: Option<Vec<(String, Option<String>)>>,
    pub time_ms: f64,
}

/// The JSON metadata of a finding.
#[derive(Serialize)]
pub struct Metadata<'a> {
    pub class: String,
    pub blamed: Option<SolverId>,
    pub summary: &'a str,
    pub key: String,
    pub logic: String,
    pub operators: Vec<&'static str>,
    pub solvers: Vec<SolverRecord>,
    pub limits: &'a Limits,
    pub reuse: crate::solver::Reuse,
    pub config: Option<&'a Config>,
    /// The fuzzer input (hex), when the formula came from one: `smtsmith replay` takes it.
    pub input_hex: Option<String>,
    pub smtsmith: &'static str,
}

/// Where a written finding lives.
#[derive(Clone, Debug)]
pub struct Written {
    pub smt2: PathBuf,
    pub json: PathBuf,
}

/// Everything needed to write a finding.
pub struct Context<'a> {
    pub formula: &'a Formula,
    pub answers: &'a [(SolverId, Answer)],
    pub versions: &'a [(SolverId, String)],
    pub limits: &'a Limits,
    /// How the solvers were reused: with `scope` the reproducer asserts inside `(push 1)`.
    pub reuse: crate::solver::Reuse,
    pub config: Option<&'a Config>,
    pub input: Option<&'a [u8]>,
}

/// The de-duplication key: class, blamed solver, logic, operators used.
pub fn key(issue: &Issue, f: &Formula) -> String {
    let sig = f.signature();
    let ops: Vec<&str> = sig.ops.iter().map(|o| o.name()).collect();
    format!(
        "{}/{}/{}/{}",
        issue.class,
        issue.blamed.map_or("?".to_string(), |s| s.to_string()),
        sig.logic(),
        ops.join(",")
    )
}

/// Writes the reproducer and metadata of `issue` under `dir`; returns the paths.
pub fn write(dir: &Path, issue: &Issue, ctx: &Context) -> std::io::Result<Written> {
    let f = ctx.formula;
    let sig = f.signature();
    let version_of = |id: SolverId| {
        ctx.versions
            .iter()
            .find(|(s, _)| *s == id)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let mut comments = vec![
        format!("smtsmith finding: {}", issue.class),
        issue.summary.clone(),
    ];
    for (id, a) in ctx.answers {
        comments.push(match a {
            Ok(o) => format!(
                "{id} {}: {}{}",
                version_of(*id),
                o.verdict,
                o.reason
                    .as_ref()
                    .map(|r| format!(" ({r})"))
                    .unwrap_or_default()
            ),
            Err(e) => format!("{id} {}: {e}", version_of(*id)),
        });
    }
    comments.push(format!(
        "limits: z3 rlimit {}, cvc5 rlimit-per {} (not set below: the verdicts above do not depend on them)",
        ctx.limits.z3_rlimit, ctx.limits.cvc5_rlimit
    ));
    comments.push(format!(
        "run: z3 FILE.smt2 | cvc5 {}FILE.smt2",
        crate::solver::cvc5::flags_for(f)
    ));
    // An unsat-core finding replays the check with named assertions and asks for the core.
    let cores = issue.class == crate::oracle::Class::InvalidCore;
    let script = smtlib::script(
        f,
        &ScriptOptions {
            comments,
            options: if cores {
                vec![("produce-unsat-cores".into(), "true".into())]
            } else {
                vec![("produce-models".into(), "true".into())]
            },
            get_values: !cores,
            push: ctx.reuse == crate::solver::Reuse::Scope,
            strict: false,
            named: cores,
        },
    );
    // The name depends on the formula and class only, so a re-found bug overwrites itself.
    let hash = {
        let mut h = Sha256::new();
        h.update(issue.class.dir());
        h.update(smtlib::script(f, &ScriptOptions::default()));
        format!("{:x}", h.finalize())[..16].to_string()
    };
    let folder = dir.join(issue.class.dir());
    fs::create_dir_all(&folder)?;
    let smt2 = folder.join(format!("{hash}.smt2"));
    let json = folder.join(format!("{hash}.json"));

    let solvers = ctx
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
    let meta = Metadata {
        class: issue.class.to_string(),
        blamed: issue.blamed,
        summary: &issue.summary,
        key: key(issue, f),
        logic: sig.logic(),
        operators: sig.ops.iter().map(|o| o.name()).collect(),
        solvers,
        limits: ctx.limits,
        reuse: ctx.reuse,
        config: ctx.config,
        input_hex: ctx.input.map(hex),
        smtsmith: env!("CARGO_PKG_VERSION"),
    };
    write_synced(&smt2, script.as_bytes())?;
    write_synced(
        &json,
        serde_json::to_string_pretty(&meta).unwrap().as_bytes(),
    )?;
    if let Some(input) = ctx.input {
        write_synced(&folder.join(format!("{hash}.input")), input)?;
    }
    Ok(Written { smt2, json })
}

fn write_synced(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = path.with_extension("tmp");
    let mut file = fs::File::create(&tmp)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    fs::rename(&tmp, path)
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A table of the findings under `dir`: count per class and solver, and one reproducer per
/// de-duplication key.
pub fn summary(dir: &Path) -> std::io::Result<String> {
    use std::collections::BTreeMap;
    let mut by_key: BTreeMap<String, (usize, PathBuf)> = BTreeMap::new();
    if dir.exists() {
        for class in fs::read_dir(dir)? {
            let class = class?.path();
            if !class.is_dir() {
                continue;
            }
            for entry in fs::read_dir(&class)? {
                let path = entry?.path();
                if path.extension().and_then(|e| e.to_str()) != Some("json") {
                    continue;
                }
                let text = fs::read_to_string(&path)?;
                let key = serde_json::from_str::<serde_json::Value>(&text)
                    .ok()
                    .and_then(|v| v["key"].as_str().map(str::to_string))
                    .unwrap_or_else(|| format!("{}/unreadable", class.display()));
                let e = by_key
                    .entry(key)
                    .or_insert((0, path.with_extension("smt2")));
                e.0 += 1;
            }
        }
    }
    let total: usize = by_key.values().map(|(n, _)| n).sum();
    let mut out = format!(
        "{total} finding(s), {} distinct key(s) in {}\n",
        by_key.len(),
        dir.display()
    );
    for (key, (n, path)) in &by_key {
        out.push_str(&format!("{n:>6}  {key}\n        {}\n", path.display()));
    }
    Ok(out)
}
