//! Findings of incremental scripts: their reproducers (one per solver, with the actions
//! each ran), their record, and their reduced form.

use super::*;

/// Writes the reduced form of the script finding `written` beside it: the reproducer of
/// the blamed solver (Z3's when none is blamed) as `<hash>.reduced.smt2`, and in the JSON
/// `reduced` (file, sizes, the step's answers, the reduction's cost), `key` from the
/// reduced script's asserted terms ([`reduced_key`]) and `original_key`. Returns the key.
pub fn write_reduced_script(
    written: &mut Written,
    issue: &Issue,
    ctx: &ScriptContext,
    stats: &super::record::ReductionStats,
) -> std::io::Result<String> {
    let texts = script_reproducers(issue, ctx);
    let Some((_, text)) = texts.first() else {
        return Err(std::io::Error::other("no solver ran the reduced script"));
    };
    let original = fs::read_to_string(&written.smt2)?;
    let name = |p: &Path| {
        p.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let text = format!("; reduced by smtsmith from {}\n{text}", name(&written.smt2));
    let path = reduced_path(&written.smt2);
    write_synced(&path, text.as_bytes())?;
    // The key's shape: the terms the reduced script asserts and assumes, as smtsmith reads
    // its reproducer (as the known bugs' scripts get theirs).
    let shape = crate::cases::smtlib::parse::parse_script(&text)
        .map(|p| p.script.shape())
        .unwrap_or_else(|_| ctx.script.shape());
    let key = reduced_key(issue, &shape, &text);
    let mut other = serde_json::Map::new();
    other.insert("step".into(), to_json(&ctx.step)?);
    other.insert("answers".into(), to_json(&ctx.answers)?);
    let reduced = record::Reduced {
        file: Some(name(&path)),
        bytes: Some(text.len() as u64),
        original_bytes: Some(original.len() as u64),
        summary: Some(issue.summary.clone()),
        stats: Some(record::Stats::Typed(stats.clone())),
        other,
        ..Default::default()
    };
    save_reduced(written, path, key, reduced)
}

/// Everything needed to write a finding of an incremental script.
pub struct ScriptContext<'a> {
    pub script: &'a crate::cases::script::Script,
    /// Per solver, the actions that ran, by index (the reproducer replays these).
    pub ran: &'a [(SolverId, Vec<usize>)],
    /// The action at which the finding was made.
    pub step: usize,
    /// One line per solver: its answer at that step.
    pub answers: &'a [String],
    pub versions: &'a [(SolverId, String)],
    pub limits: &'a Limits,
    pub input: Option<&'a [u8]>,
    /// The process ended inside a check stopped at its time limit (the record's
    /// `stopped_at_limit`).
    pub stopped_at_limit: bool,
}

/// Writes a script finding: `<hash>.smt2`, the reproducer for the blamed solver (Z3's
/// when none is blamed) with the actions it ran and its options; `<hash>.<other>.smt2` for
/// each other solver; `<hash>.json`; `<hash>.input`.
/// The solvers that ran a script finding with the actions each ran, the blamed solver (Z3
/// when none is blamed) first.
fn solver_order<'a>(issue: &Issue, ctx: &'a ScriptContext) -> Vec<&'a (SolverId, Vec<usize>)> {
    let first = issue
        .blamed
        .or_else(|| ctx.ran.first().map(|(id, _)| *id))
        .unwrap_or(SolverId::Z3);
    let mut order: Vec<&(SolverId, Vec<usize>)> = ctx.ran.iter().collect();
    order.sort_by_key(|(id, _)| *id != first);
    order
}

/// The reproducers of a script finding, one per solver that ran it, the blamed solver's
/// (Z3's when none is blamed) first, each with the actions that solver ran and its options.
fn script_reproducers(issue: &Issue, ctx: &ScriptContext) -> Vec<(SolverId, String)> {
    use crate::cases::smtlib::scripts::{print, Print};
    let s = ctx.script;
    let order = solver_order(issue, ctx);
    order
        .iter()
        .map(|(id, ran)| {
            let version = ctx
                .versions
                .iter()
                .find(|(v, _)| v == id)
                .map(|(_, v)| v.as_str())
                .unwrap_or("");
            let mut comments = vec![
                format!(
                    "smtsmith finding: {} (incremental script, action {})",
                    issue.class, ctx.step
                ),
                issue.summary.clone(),
            ];
            comments.extend(ctx.answers.iter().cloned());
            comments.push(format!(
                "for {id} {version}; limits: {} (not set below)",
                ctx.limits.describe()
            ));
            // The script sets the options it needs itself.
            let own = crate::cases::smtlib::scripts::own_options(s, *id);
            let line = own.command_line_pairs();
            comments.push(format!(
                "run: smtsmith solve --solver {id} FILE.smt2 (binary: {})",
                crate::dialect::facts::binary_command(*id, &line, id.library() != SolverId::Z3)
            ));
            (
                *id,
                print(
                    s,
                    &Print {
                        comments,
                        solver: *id,
                        ran,
                        aliases: crate::dialect::facts::reproducer_needs_aliases(*id, ctx.versions),
                    },
                ),
            )
        })
        .collect()
}

pub fn write_script(dir: &Path, issue: &Issue, ctx: &ScriptContext) -> std::io::Result<Written> {
    use crate::cases::smtlib::scripts::{print, Print};
    let s = ctx.script;
    let sig = s.formula.signature();
    let ops: Vec<&'static str> = sig.ops.iter().map(|o| o.name()).collect();
    let order = solver_order(issue, ctx);
    let texts = script_reproducers(issue, ctx);
    let hash = {
        let mut h = Sha256::new();
        h.update(issue.class.dir());
        for (id, ran) in &order {
            h.update(id.to_string());
            h.update(print(
                s,
                &Print {
                    comments: Vec::new(),
                    solver: *id,
                    ran,
                    aliases: false,
                },
            ));
        }
        format!("{:x}", h.finalize())[..16].to_string()
    };
    // Known only by evidence, once reduced: written as unsettled.
    let folder = dir.join(issue.class.dir());
    fs::create_dir_all(&folder)?;
    let mut reproducers = Vec::new();
    for (k, (id, text)) in texts.iter().enumerate() {
        let path = if k == 0 {
            folder.join(format!("{hash}.smt2"))
        } else {
            folder.join(format!("{hash}.{id}.smt2"))
        };
        write_synced(&path, text.as_bytes())?;
        reproducers.push((*id, path));
    }
    let json = folder.join(format!("{hash}.json"));
    let meta = FindingRecord {
        class: issue.class.to_string(),
        blamed: issue.blamed,
        summary: issue.summary.clone(),
        key: key_of(issue, &sig.logic(), &ops),
        mode: Some(record::Mode::Script),
        logic: sig.logic(),
        operators: ops.iter().map(|o| o.to_string()).collect(),
        setup: to_json(&s.setup)?,
        step: Some(ctx.step),
        actions: Some(s.actions.len()),
        answers: ctx.answers.to_vec(),
        versions: ctx.versions.to_vec(),
        limits: ctx.limits.clone(),
        reproducers: reproducers.clone(),
        input_hex: ctx.input.map(hex),
        fuzz_target: ctx.input.and(super::fuzz_target()),
        stopped_at_limit: ctx.stopped_at_limit,
        status: Status::Unsettled,
        z3_build: z3_build(),
        smtsmith: env!("CARGO_PKG_VERSION").to_string(),
        ..Default::default()
    };
    if let Some(input) = ctx.input {
        write_synced(&folder.join(format!("{hash}.input")), input)?;
    }
    meta.save(&json)?;
    Ok(Written {
        smt2: reproducers[0].1.clone(),
        json,
        known: None,
        reduced: None,
        again: false,
    })
}
