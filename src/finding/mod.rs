//! Findings on disk: `findings/<class>/<hash>.smt2` (a standalone reproducer for the solver
//! binaries) and `<hash>.json` (class, solvers and versions, verdicts, models, limits,
//! configuration, the fuzzer input). Files are written and synced before the caller may
//! panic, so a finding survives whatever happens next.

use crate::generate::Config;
use crate::ir::Formula;
use crate::oracle::{Answer, Issue};
use crate::smtlib::{self, ScriptOptions};
use crate::solver::{Limits, SolverId};
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

pub mod known;
pub mod record;

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

/// Where a written finding lives.
#[derive(Clone, Debug)]
pub struct Written {
    pub smt2: PathBuf,
    pub json: PathBuf,
    /// The reproducer in `known-findings/` of the known bug this finding is (it is then
    /// written under `known/<class>/` of the findings folder).
    pub known: Option<String>,
    /// `<hash>.reduced.smt2` beside `smt2`, once the finding is reduced.
    pub reduced: Option<PathBuf>,
    /// The same finding (class and formula) was already in the findings folder, reduced or
    /// settled: nothing was written again, and it is not reduced again (`check` through
    /// every path meets one finding in several setups).
    pub again: bool,
}

impl Written {
    /// No files: a finding a reduction's candidate made (judged, not written).
    pub fn none() -> Written {
        Written {
            smt2: PathBuf::new(),
            json: PathBuf::new(),
            known: None,
            reduced: None,
            again: false,
        }
    }
}

/// Everything needed to write a finding.
pub struct Context<'a> {
    pub formula: &'a Formula,
    pub answers: &'a [(SolverId, Answer)],
    pub versions: &'a [(SolverId, String)],
    pub limits: &'a Limits,
    /// How the case met the solvers: with reuse mode `scope` the reproducer of an API
    /// path's finding asserts inside `(push 1)`; one of Z3's API path made from a tactic
    /// checks with `check-sat-using`; the reproducer prints in the case's style.
    pub setup: crate::solver::CaseSetup,
    pub config: Option<&'a Config>,
    pub input: Option<&'a [u8]>,
    /// The script's own commands before its check, which the text paths ran instead of
    /// the printed formula (`smtsmith check`): the reproducer is that text.
    pub source: Option<&'a str>,
}

/// Why a finding the text paths made on a script's own text has no reduced form.
pub const NOT_REDUCED_OWN_TEXT: &str = "made on the file's own text, which smtsmith's reducer does not rewrite (it reduces the re-printed formula): reduce the reproducer with ddSMT";

impl<'a> Context<'a> {
    /// The context of a finding on `formula`, made with the solvers' `versions` under
    /// `limits` in `setup`: no answers, configuration, fuzzer input or own text until the
    /// `with_*` steps give them.
    pub fn new(
        formula: &'a Formula,
        versions: &'a [(SolverId, String)],
        limits: &'a Limits,
        setup: crate::solver::CaseSetup,
    ) -> Context<'a> {
        Context {
            formula,
            answers: &[],
            versions,
            limits,
            setup,
            config: None,
            input: None,
            source: None,
        }
    }

    /// The solvers' answers on the formula.
    pub fn with_answers(self, answers: &'a [(SolverId, Answer)]) -> Context<'a> {
        Context { answers, ..self }
    }

    /// The generator's configuration, where the formula was generated.
    pub fn with_config(self, config: Option<&'a Config>) -> Context<'a> {
        Context { config, ..self }
    }

    /// The fuzzer input the formula came from.
    pub fn with_input(self, input: Option<&'a [u8]>) -> Context<'a> {
        Context { input, ..self }
    }

    /// The script's own text, which the text paths ran instead of the printed formula.
    pub fn with_source(self, source: Option<&'a str>) -> Context<'a> {
        Context { source, ..self }
    }

    /// The version of solver path `id` as the library reports it: a text path's is its
    /// library's where the path itself is not recorded (empty if neither is).
    pub fn version_of(&self, id: SolverId) -> String {
        [id, id.library()]
            .into_iter()
            .find_map(|id| self.versions.iter().find(|(s, _)| *s == id))
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    }
}

/// The de-duplication key: for errors (api-error, self-check, crash) class, blamed solver
/// and the normalized message ([`normalize`]), which names the bug better than the formula
/// around it (the operators a formula happens to use split one error into many keys); for
/// the other classes class, blamed solver, logic and operators used.
pub fn key(issue: &Issue, f: &Formula) -> String {
    let sig = f.signature();
    let ops: Vec<&str> = sig.ops.iter().map(|o| o.name()).collect();
    key_of(issue, &sig.logic(), &ops)
}

/// [`key`] from its parts.
pub fn key_of(issue: &Issue, logic: &str, ops: &[&str]) -> String {
    use crate::oracle::Class;
    let message = match issue.class {
        Class::ApiError | Class::SelfCheck | Class::Crash => {
            sanitizer_key_message(&issue.summary).unwrap_or_else(|| normalize(&issue.summary))
        }
        _ => String::new(),
    };
    let solver = issue.blamed.map_or("?".to_string(), |s| s.to_string());
    let cost_ops;
    let cost_theory;
    let (logic, ops) = if matches!(issue.class, Class::TimeLimit | Class::Performance) {
        cost_ops = cost_behaviour(ops);
        cost_theory = cost_logic(logic, &cost_ops);
        (cost_theory.as_str(), &cost_ops[..])
    } else {
        (logic, ops)
    };
    // A crash with no words of the solver's (a segmentation fault, an exit) says only how
    // the process ended, as every such crash of that solver does: the formula's shape
    // tells them apart, as for the verdict classes.
    let silent_crash =
        issue.class == Class::Crash && !issue.summary.contains(crate::oracle::process::PRINTED);
    if message.is_empty() {
        format!("{}/{solver}/{logic}/{}", issue.class, ops.join(","))
    } else if silent_crash {
        format!(
            "{}/{solver}/{message}/{logic}/{}",
            issue.class,
            ops.join(",")
        )
    } else {
        format!("{}/{solver}/{message}", issue.class)
    }
}

pub use crate::oracle::normalize;

/// The key's message of a sanitizer report's `crash` (`...: UndefinedBehaviorSanitizer report;
/// it printed: signed-integer-overflow at mpf.cpp:1885:30`): the report's words are kept as
/// they are — they already name the bug without what varies between runs (addresses, hashes:
/// `sanitizer::Report::words`), and the line numbers of an UBSan report's place tell two bugs
/// in one file apart, which [`normalize`] would merge.
fn sanitizer_key_message(summary: &str) -> Option<String> {
    let (head, words) = crate::oracle::process::sanitizer_report_words(summary)?;
    let words: String = words.chars().take(160).collect();
    Some(format!(
        "{}{}{words}",
        normalize(head),
        crate::oracle::process::PRINTED
    ))
}

/// The name a time-limit or performance key gives bit-vector multiplication, division and
/// remainder ([`cost_behaviour`]).
pub const WIDE_BV_ARITHMETIC: &str = "bv-mul-div-rem";

/// The name a time-limit or performance key gives arithmetic multiplication, division and
/// modulus ([`cost_behaviour`]).
pub const ARITH_MUL_DIV: &str = "arith-mul-div";

/// The logic a time-limit or performance key names where its behaviour ([`cost_behaviour`])
/// is one of the groups: the theory whose cost that group is (`BV`; `NIA`, `NRA` or `NIRA`),
/// without the quantifier prefix. The rest of a formula's logic — an uninterpreted function
/// or a real beside the bit-vectors, which made one 30-minute campaign's unreducible cvc5
/// overruns of wide bit-vector division `QF_BV`, `QF_UFBV` and `ALL` keys — does not make
/// another behaviour. Other behaviours keep the formula's logic.
pub fn cost_logic(logic: &str, behaviour: &[&str]) -> String {
    let bv = behaviour.contains(&WIDE_BV_ARITHMETIC);
    let arith = behaviour.contains(&ARITH_MUL_DIV);
    match (bv, arith) {
        (true, false) => "BV".to_string(),
        (false, true) => ["NIRA", "NIA", "NRA"]
            .into_iter()
            .find(|core| logic.ends_with(core))
            .unwrap_or(logic)
            .to_string(),
        _ => logic.to_string(),
    }
}

/// The operators a time-limit or performance key names: what makes a check expensive, not
/// what a reduction happened to leave around it.
///
/// - Bit-blasting makes a circuit quadratic in the width of each `bvmul`, `bvudiv`, `bvurem`,
///   `bvsdiv`, `bvsrem` and `bvsmod` and linear for every other bit-vector operator: with any
///   of the six, they are named together as [`WIDE_BV_ARITHMETIC`] and the other bit-vector
///   operators are left out.
/// - Nonlinear arithmetic (`*`, `/`, `div`, `mod`; the logic says whether it is nonlinear) is
///   what a real or integer check spends its time on: with any of them, they are named
///   together as [`ARITH_MUL_DIV`] and `+`, `-` and `abs` are left out (the cvc5 `QF_NRA`
///   overruns of one benchmark cell reduced to `-,-,*,/` and `*,/`).
/// - `select` and `store` are left out: the key's array sorts name the theory (the cvc5
///   `ee-mode=central` overruns over Boolean arrays reduced to a `select` and to a `distinct`
///   of constant arrays).
/// - Connectives and comparisons are left out: they survive only as the Boolean a check
///   needs around its term.
///
/// Every other operator stays (another theory's: `bv2nat`, strings, `to_int`).
pub fn cost_behaviour<'a>(ops: &[&'a str]) -> Vec<&'a str> {
    use crate::ir::{Op, Theory};
    const QUADRATIC_BV: [Op; 6] = [
        Op::BvMul,
        Op::BvUdiv,
        Op::BvUrem,
        Op::BvSdiv,
        Op::BvSrem,
        Op::BvSmod,
    ];
    const NONLINEAR_ARITH: [Op; 4] = [Op::Mul, Op::RealDiv, Op::IntDiv, Op::Mod];
    const LINEAR_ARITH: [Op; 4] = [Op::Add, Op::Sub, Op::Neg, Op::Abs];
    // By name: keys hold operator names, and `-` names both `Sub` and `Neg`.
    fn ops_named(name: &str) -> impl Iterator<Item = Op> + '_ {
        Op::all().filter(move |op| op.name() == name)
    }
    let has = |group: &[Op]| {
        ops.iter()
            .any(|name| ops_named(name).any(|op| group.contains(&op)))
    };
    let wide_bv = has(&QUADRATIC_BV);
    let nonlinear = has(&NONLINEAR_ARITH);
    let mut out = Vec::new();
    if wide_bv {
        out.push(WIDE_BV_ARITHMETIC);
    }
    if nonlinear {
        out.push(ARITH_MUL_DIV);
    }
    out.extend(ops.iter().copied().filter(|name| {
        let mut named = ops_named(name).peekable();
        if named.peek().is_none() {
            return true;
        }
        !named.any(|op| {
            is_connective_or_comparison(op)
                || matches!(op, Op::Select | Op::Store)
                || (wide_bv && op.info().theory == Theory::BitVectors)
                || (nonlinear && (NONLINEAR_ARITH.contains(&op) || LINEAR_ARITH.contains(&op)))
        })
    }));
    out
}

/// The de-duplication key of a reduced finding: class, blamed solver, what of the setup its
/// reproducer `text` still needs (Z3's `check-sat-using` tactic, the options it sets
/// besides producing models or cores, `push`), and the reduced formula's shape — its
/// logic, the operators that survived and its array sorts (bit-vector widths dropped) —
/// or, for errors, the normalized message ([`key_of`]). Known bugs' reproducers get theirs
/// the same way ([`known::matching`]).
pub fn reduced_key(issue: &Issue, f: &Formula, text: &str) -> String {
    use crate::oracle::Class;
    let mut needs: Vec<String> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(tactic) = line.strip_prefix("(check-sat-using ") {
            needs.push(format!(
                "tactic {}",
                tactic.strip_suffix(')').unwrap_or(tactic)
            ));
        } else if line.starts_with("(push") {
            needs.push("push".into());
        } else if line.starts_with("(check-sat-assuming")
            && line.split(['(', ')', ' ']).any(|t| t == "false")
        {
            // Assuming `false` is what the known Z3 bugs of assumptions need; a key without
            // it would be that of every reduced finding with no operator left.
            needs.push("assumes false".into());
        } else if let Some(option) = line.strip_prefix("(set-option :") {
            let option = option.strip_suffix(')').unwrap_or(option);
            // What every reproducer of its kind sets (models, cores; a script's global
            // declarations) is not something the bug needs.
            if !option.starts_with("produce-") && !option.starts_with("global-declarations ") {
                needs.push(option.replacen(' ', "=", 1));
            }
        }
    }
    let (logic, ops, arrays) = reduced_shape(f);
    let mut out = key_of(issue, &logic, &ops);
    if !needs.is_empty() && !is_cost_group(issue, &ops) {
        out.push_str(&format!(" [{}]", needs.join(", ")));
    }
    let error = matches!(
        issue.class,
        Class::ApiError | Class::SelfCheck | Class::Crash
    );
    if !arrays.is_empty() && !error {
        out.push_str(&format!(" {{{}}}", arrays.join(" ")));
    }
    out
}

/// What of a reduced formula its keys name: its logic, the operators a bug is about and its
/// array sorts (bit-vector widths dropped: one bug shows at many widths), sorted.
fn reduced_shape(f: &Formula) -> (String, Vec<&'static str>, Vec<String>) {
    fn shape(s: &crate::ir::Sort) -> String {
        match s {
            crate::ir::Sort::BitVec(_) => "BitVec".into(),
            crate::ir::Sort::Array(i, e) => format!("(Array {} {})", shape(i), shape(e)),
            other => other.to_string(),
        }
    }
    let mut arrays: Vec<String> = Vec::new();
    for id in f.reachable_postorder() {
        let s = f.sort_of(id);
        if matches!(s, crate::ir::Sort::Array(..)) && !arrays.contains(&shape(s)) {
            arrays.push(shape(s));
        }
    }
    arrays.sort();
    // The operators a bug is about: connectives and comparisons that survive reduction only
    // because a finding needs some Boolean around its term (`(< (div 0 0) 0)`,
    // `(distinct (div 0 0) 0)`) would split one bug into several keys.
    let sig = f.signature();
    let theory_ops: Vec<&'static str> = sig
        .ops
        .iter()
        .filter(|op| !is_connective_or_comparison(**op))
        .map(|op| op.name())
        .collect();
    let ops = if theory_ops.is_empty() {
        sig.ops.iter().map(|op| op.name()).collect()
    } else {
        theory_ops
    };
    (sig.logic(), ops, arrays)
}

/// The shape by which a reduced finding (`issue` on the reduced formula `f`) is matched
/// against the known bugs ([`known::matching`]): class, blamed solver (its library: one bug
/// shows through the C API and the front end), and the reduced formula's logic, operators
/// and array sorts ([`reduced_shape`]; time limits by their cost behaviour, as in
/// [`key_of`]). Unlike the key, it names neither an error's message — one bug's message
/// names what differs between formats and releases (Z3 4.11.2's `fp.roundToIntegral` error
/// says `zero_extend` on Float(3,3), `extract` on Float(3,4)) — nor what of the setup the
/// reproducer needs (the same release shows that bug through `push` only). The replay of the
/// known reproducer is the evidence; the shape only picks which to replay.
pub fn known_shape(issue: &Issue, f: &Formula) -> String {
    use crate::oracle::Class;
    let (logic, ops, arrays) = reduced_shape(f);
    let (logic, ops) = if matches!(issue.class, Class::TimeLimit | Class::Performance) {
        let behaviour = cost_behaviour(&ops);
        (cost_logic(&logic, &behaviour), behaviour)
    } else {
        (logic, ops)
    };
    let solver = issue
        .blamed
        .map_or("?".to_string(), |s| s.library().to_string());
    let mut out = format!("{}/{solver}/{logic}/{}", issue.class, ops.join(","));
    if !arrays.is_empty() {
        out.push_str(&format!(" {{{}}}", arrays.join(" ")));
    }
    out
}

/// Whether a time-limit or performance finding's behaviour is a cost group
/// ([`WIDE_BV_ARITHMETIC`], [`ARITH_MUL_DIV`]): what the theory costs, whatever setup the
/// draw gave its check. Its key leaves out what of the setup its reduced reproducer keeps
/// (`push`, an option, a tactic): a 30-minute campaign's cvc5 overruns of 128-bit division
/// reduced to `[push]` and `[bv-solver=bitblast-internal]` keys beside seven unreduced ones
/// that name no setup. Other behaviours keep it (cvc5's `ee-mode=central` overruns over
/// Boolean arrays need that option).
fn is_cost_group(issue: &Issue, ops: &[&str]) -> bool {
    use crate::oracle::Class;
    matches!(issue.class, Class::TimeLimit | Class::Performance)
        && cost_behaviour(ops)
            .iter()
            .any(|b| *b == WIDE_BV_ARITHMETIC || *b == ARITH_MUL_DIV)
}

/// Core connectives, `=`, `distinct`, `ite`, the arithmetic, bit-vector and floating-point
/// comparisons and the floating-point classifications (`fp.isZero`, …): the Booleans a
/// reduced finding keeps around its term (one cvc5 `fp.roundToIntegral` error reduced to
/// `fp.isZero`, `fp.lt` and `fp.isSubnormal` around it in one campaign).
fn is_connective_or_comparison(op: crate::ir::Op) -> bool {
    use crate::ir::Op::*;
    matches!(
        op,
        FpLeq
            | FpLt
            | FpGeq
            | FpGt
            | FpEq
            | FpIsNormal
            | FpIsSubnormal
            | FpIsZero
            | FpIsInfinite
            | FpIsNaN
            | FpIsNegative
            | FpIsPositive
            | Not
            | And
            | Or
            | Xor
            | Implies
            | Eq
            | Distinct
            | Ite
            | Lt
            | Le
            | Gt
            | Ge
            | BvUlt
            | BvUle
            | BvUgt
            | BvUge
            | BvSlt
            | BvSle
            | BvSgt
            | BvSge
    )
}

/// The formula of a reproducer smtsmith wrote, as smtsmith reads it: Z3's
/// `check-sat-using` line (the finding's setup records the tactic) reads as `check-sat`.
pub fn reproducer_formula(text: &str) -> Result<Formula, String> {
    crate::smtlib::parse::parse_script(text)
        .map(|s| s.formula)
        .map_err(|e| e.to_string())
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
    stats: &impl Serialize,
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
    let meta = metadata(issue, ctx, &ctx.formula.signature());
    let mut other = serde_json::Map::new();
    other.insert("stats".into(), to_json(stats)?);
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
        other,
    };
    // As the known bugs' reproducers get theirs: from the reproducer as smtsmith reads it
    // (a value and the term that builds it print alike and read back alike).
    let read = reproducer_formula(&text);
    let key = reduced_key(issue, read.as_ref().unwrap_or(ctx.formula), &text);
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
    let input = written.smt2.with_extension("input");
    for p in [
        Some(&written.smt2),
        Some(&written.json),
        written.reduced.as_ref(),
        Some(&input),
    ]
    .into_iter()
    .flatten()
    {
        if p.exists() {
            fs::rename(p, moved(p))?;
        }
    }
    written.smt2 = moved(&written.smt2);
    written.json = moved(&written.json);
    written.reduced = written.reduced.as_deref().map(moved);
    written.known = Some(known.file.clone());
    Ok(())
}

/// Writes the reduced form of the script finding `written` beside it: the reproducer of
/// the blamed solver (Z3's when none is blamed) as `<hash>.reduced.smt2`, and in the JSON
/// `reduced` (file, sizes, the step's answers, the reduction's cost), `key` from the
/// reduced script's asserted terms ([`reduced_key`]) and `original_key`. Returns the key.
pub fn write_reduced_script(
    written: &mut Written,
    issue: &Issue,
    ctx: &ScriptContext,
    stats: &impl Serialize,
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
    let shape = crate::smtlib::parse::parse_script(&text)
        .map(|p| p.script.shape())
        .unwrap_or_else(|_| ctx.script.shape());
    let key = reduced_key(issue, &shape, &text);
    let mut other = serde_json::Map::new();
    other.insert("step".into(), to_json(&ctx.step)?);
    other.insert("answers".into(), to_json(&ctx.answers)?);
    other.insert("stats".into(), to_json(stats)?);
    let reduced = record::Reduced {
        file: Some(name(&path)),
        bytes: Some(text.len() as u64),
        original_bytes: Some(original.len() as u64),
        summary: Some(issue.summary.clone()),
        other,
        ..Default::default()
    };
    FindingRecord::update(&written.json, |r| {
        r.original_key.get_or_insert_with(|| r.key.clone());
        r.key = key.clone();
        r.reduced = Some(reduced);
    })?;
    written.reduced = Some(path);
    Ok(key)
}

/// Records in the finding's JSON whom the evidence blames for it (`blame`: solver, what
/// decided it, the evidence, or why nothing did); where it names a solver, the finding's
/// `blamed` and the solver part of its key follow.
pub fn write_blame(written: &Written, blame: &crate::oracle::Blame) -> std::io::Result<()> {
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
    probe: &impl Serialize,
) -> std::io::Result<()> {
    let binary = serde_json::json!({ "command": command, "probe": to_json(probe)? });
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

/// The reproducer of `issue` on `ctx`'s formula: comments (class, summary, answers, how to
/// run it), the options and check the case needs, the formula in the case's style.
pub fn reproducer(issue: &Issue, ctx: &Context) -> String {
    reproducer_of(issue, ctx, &ctx.formula.signature())
}

/// [`reproducer`], with the formula's signature computed by the caller.
fn reproducer_of(issue: &Issue, ctx: &Context, sig: &crate::ir::Signature) -> String {
    let f = ctx.formula;
    let version_of = |id: SolverId| ctx.version_of(id);
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
        "limits: {} (not set below: the verdicts above do not depend on them)",
        ctx.limits.describe()
    ));
    let experimental = crate::oracle::experimental_options(f, issue);
    if !experimental.is_empty() {
        comments.push(format!(
            "needs cvc5's experimental option(s) {}: cvc5's developers take such reports only as experimental (cvc5/cvc5#3623)",
            experimental
                .iter()
                .map(|o| format!("--{o}"))
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    // The solvers whose logics take the case (one outside them is not named; one skipped
    // for another reason, e.g. after overrunning its limit on it, still is).
    let took: Vec<SolverId> = SolverId::ALL
        .into_iter()
        .filter(|id| crate::facts::outside_logics(*id, f).is_none())
        .collect();
    let join = |parts: Vec<String>| parts.join(" | ");
    // `smtsmith solve` runs the linked releases' own front ends, which no PATH needs.
    comments.push(format!(
        "run: {}",
        join(
            took.iter()
                .map(|id| format!("smtsmith solve --solver {id} FILE.smt2"))
                .collect()
        )
    ));
    let binary = |id| {
        let options = crate::facts::formula_options(id, f);
        crate::facts::binary_command(id, &options, false)
    };
    comments.push(format!(
        "with the solvers' binaries: {}",
        join(took.iter().map(|id| binary(*id)).collect())
    ));
    // An unsat-core finding replays the check with named assertions and asks for the core.
    let cores = issue.class == crate::oracle::Class::InvalidCore;
    let logic = sig.logic();
    let api_blamed = issue.blamed.map(|b| b.path()) == Some(crate::solver_id::Path::Api);
    let check_sat_using = match issue.blamed {
        Some(SolverId::Z3) => ctx.setup.z3_solver.check_sat_using(&logic),
        _ => None,
    };
    let mut style = ctx.setup.print;
    // Only Z3 reads the 2.5 names in every release (cvc5 1.x does not), and Z3 before 4.8.9
    // reads nothing else: its binary would reject the reproducer.
    let old_z3 = crate::facts::reproducer_needs_aliases(SolverId::Z3, ctx.versions);
    style.aliases = match issue.blamed {
        Some(b) if b.library() == SolverId::Z3 => style.aliases || old_z3,
        _ => false,
    };
    // A finding blamed on no solver keeps the 2.6 names (cvc5 reads no others); an old Z3
    // binary is told which names to use instead.
    if issue.blamed.is_none() && old_z3 {
        let renamed: Vec<String> = sig
            .ops
            .iter()
            .filter_map(|op| {
                (op.older_names().first()).map(|old| format!("{} as {old}", op.name()))
            })
            .collect();
        if !renamed.is_empty() {
            comments.push(format!(
                "{} reads only the SMT-LIB 2.5 names; for its binary, write {}",
                ctx.version_of(SolverId::Z3),
                renamed.join(", ")
            ));
        }
    }
    if let Some(source) = ctx.source {
        return own_text_reproducer(f, comments, source);
    }
    let script = smtlib::script(
        f,
        &ScriptOptions {
            comments,
            options: {
                let mut o = if cores {
                    vec![("produce-unsat-cores".into(), "true".into())]
                } else {
                    vec![("produce-models".into(), "true".into())]
                };
                // The blamed solver's curated option of the case (the other solver's
                // binary would not know it).
                o.extend(
                    issue
                        .blamed
                        .map(|b| ctx.setup.options_of(b))
                        .unwrap_or_default(),
                );
                o
            },
            get_values: !cores,
            push: ctx.setup.reuse == crate::solver::Reuse::Scope
                && (api_blamed || issue.blamed.is_none()),
            strict: false,
            named: cores,
            status: None,
            style,
            check_sat_using: check_sat_using.clone(),
        },
    );
    // The name depends on the formula and class only, so a re-found bug overwrites itself.
    script
}

/// The reproducer of a finding on a script's own text: the comments, models asked for, the
/// script's commands before its check as it writes them, the check, and `get-value` of its
/// declared constants (by the names it declares them under).
fn own_text_reproducer(f: &Formula, comments: Vec<String>, source: &str) -> String {
    let mut out = String::new();
    for c in comments {
        for line in c.lines() {
            out.push_str(&format!("; {line}\n"));
        }
    }
    // A whole script (several checks) is the file itself; one query's text ends before
    // its check, which comes with the values of its constants.
    let whole = smtlib::sexp::command_spans(source)
        .is_some_and(|cs| cs.iter().any(|(_, c)| c.head() == Some("check-sat")));
    if whole {
        out.push_str("; the file as it is\n");
        out.push_str(source);
        return out;
    }
    out.push_str("; the file's own commands before its check, as it writes them\n");
    out.push_str("(set-option :produce-models true)\n");
    out.push_str(source);
    out.push_str("(check-sat)\n");
    let constants: Vec<String> = f
        .decls
        .iter()
        .filter(|d| d.args.is_empty())
        .map(|d| smtlib::symbol(&d.name))
        .collect();
    if !constants.is_empty() {
        out.push_str(&format!("(get-value ({}))\n", constants.join(" ")));
    }
    out
}

/// The record of `issue` on `ctx` (`sig`: its formula's signature), as first written.
fn metadata(issue: &Issue, ctx: &Context, sig: &crate::ir::Signature) -> FindingRecord {
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
        config: ctx.config.cloned(),
        input_hex: ctx.input.map(hex),
        status: Status::Unsettled,
        own_text: ctx.source.is_some(),
        z3_build: z3_build(),
        experimental: crate::oracle::experimental_options(f, issue)
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
    // The formula's shape, once: the reproducer's logic and the metadata's logic, operators
    // and key.
    let sig = f.signature();
    let script = reproducer_of(issue, ctx, &sig);
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
    metadata(issue, ctx, &sig).save(&json)?;
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

/// Everything needed to write a finding of an incremental script.
pub struct ScriptContext<'a> {
    pub script: &'a crate::script::Script,
    /// Per solver, the actions that ran, by index (the reproducer replays these).
    pub ran: &'a [(SolverId, Vec<usize>)],
    /// The action at which the finding was made.
    pub step: usize,
    /// One line per solver: its answer at that step.
    pub answers: &'a [String],
    pub versions: &'a [(SolverId, String)],
    pub limits: &'a Limits,
    pub input: Option<&'a [u8]>,
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
    use crate::smtlib::scripts::{print, Print};
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
            comments.push(format!(
                "run: smtsmith solve --solver {id} FILE.smt2 (binary: {})",
                crate::facts::binary_command(*id, &[], id.library() != SolverId::Z3)
            ));
            (
                *id,
                print(
                    s,
                    &Print {
                        comments,
                        solver: *id,
                        ran,
                        aliases: crate::facts::reproducer_needs_aliases(*id, ctx.versions),
                    },
                ),
            )
        })
        .collect()
}

pub fn write_script(dir: &Path, issue: &Issue, ctx: &ScriptContext) -> std::io::Result<Written> {
    use crate::smtlib::scripts::{print, Print};
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

/// Adds the sanitizer's `report` to a written finding: its tool, kind and first frames in
/// the JSON `json` (`sanitizer`), and the same frames as comments in the header of the
/// reproducer `smt2` (after its first comment lines), where a solver developer reads them
/// beside the formula.
pub fn attach_sanitizer_report(
    json: &Path,
    smt2: &Path,
    report: &crate::sanitizer::Report,
) -> std::io::Result<()> {
    let mut sanitizer = serde_json::json!({
        "tool": report.tool,
        "kind": report.kind,
        "key_frames": report.key_frames(),
        "frames": report.frames.iter().take(crate::sanitizer::KEPT_FRAMES).collect::<Vec<_>>(),
    });
    if let Some(place) = &report.place {
        sanitizer["place"] = place.as_str().into();
    }
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

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A table of the findings under `dir`: count per class and solver, and one reproducer per
/// de-duplication key.
pub fn summary(dir: &Path) -> std::io::Result<String> {
    // The same grouping and representatives as `triage`.
    let t = triage_if_present(dir)?;
    let mut out = t.headline();
    for r in &t.rows {
        let known = r
            .known
            .as_ref()
            .map(|k| format!("  (known bug: known-findings/{k})"))
            .unwrap_or_default();
        let experimental = if r.experimental.is_empty() {
            String::new()
        } else {
            format!(
                "  (experimental: {})",
                r.experimental
                    .iter()
                    .map(|o| format!("--{o}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        };
        out.push_str(&format!(
            "{:>6}  {}{known}{experimental}  [{}]\n        {}\n",
            r.count,
            r.key,
            r.status,
            r.representative.display()
        ));
        if let Some(e) = &r.evidence {
            out.push_str(&format!("        evidence: {e}\n"));
        }
    }
    Ok(out)
}

/// One row of the triage table: a de-duplication key and its findings.
#[derive(Clone, Debug, Serialize)]
pub struct TriageRow {
    pub class: String,
    pub solver: String,
    pub logic: String,
    pub key: String,
    pub count: usize,
    /// One reproducer of the key (the first by file name).
    pub representative: PathBuf,
    /// Its summary line.
    pub summary: String,
    /// The known bug's reproducer in `known-findings/`, for findings known by evidence.
    pub known: Option<String>,
    /// The representative's status: `unsettled`, `new`, `known`, `regression` (older
    /// findings: `?`).
    pub status: String,
    /// The blamed solver's experimental options the representative needs (filed as such).
    pub experimental: Vec<String>,
    /// What settled it (the known bug's replay or bisection, or why it is new), and whom the
    /// evidence blames where the finding named nobody.
    pub evidence: Option<String>,
    /// Every finding's reproducer of the key, in file-name order (the representative first).
    pub reproducers: Vec<PathBuf>,
    /// The smallest reduced reproducer of the key (`<hash>.reduced.smt2`), if any finding
    /// of it is reduced.
    pub reduced: Option<PathBuf>,
    /// The affected releases, where a finding of the key is bisected (`smtsmith bisect`).
    pub releases: Option<String>,
}

/// The findings of a folder grouped by de-duplication key.
#[derive(Clone, Debug, Serialize)]
pub struct Triage {
    pub dir: PathBuf,
    pub findings: usize,
    /// Of `findings`, those recognised as known bugs (`known-findings/`).
    pub known: usize,
    /// Distinct keys of the findings before reduction (`original_key` where a finding is
    /// reduced).
    pub original_keys: usize,
    /// Findings with a reduced form.
    pub reduced: usize,
    /// Class × solver × logic: findings and distinct keys.
    pub summary: Vec<TriageGroup>,
    pub rows: Vec<TriageRow>,
}

/// One cell of the class × solver × logic summary.
#[derive(Clone, Debug, Serialize)]
pub struct TriageGroup {
    pub class: String,
    pub solver: String,
    pub logic: String,
    pub findings: usize,
    pub keys: usize,
}

/// Reads every `<class>/<hash>.json` under `dir` and groups the findings by their `key`.
pub fn triage(dir: &Path) -> std::io::Result<Triage> {
    use std::collections::BTreeMap;
    let mut rows: BTreeMap<String, TriageRow> = BTreeMap::new();
    let mut findings = 0;
    let mut original_keys = std::collections::BTreeSet::new();
    let mut reduced_count = 0;
    let subfolders = |d: &Path| -> std::io::Result<Vec<PathBuf>> {
        let mut v: Vec<PathBuf> = fs::read_dir(d)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_dir())
            .collect();
        v.sort();
        Ok(v)
    };
    // `<class>/` for new findings, `known/<class>/` for known bugs.
    let mut classes = Vec::new();
    for class in subfolders(dir)? {
        if class.file_name().is_some_and(|n| n == "known") {
            classes.extend(subfolders(&class)?);
        } else {
            classes.push(class);
        }
    }
    for class in classes {
        let mut files: Vec<PathBuf> = fs::read_dir(&class)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("json"))
            .collect();
        files.sort();
        for path in files {
            let Ok(v) = FindingRecord::open(&path) else {
                continue;
            };
            findings += 1;
            let key = v.key.clone();
            original_keys.insert(v.original_key.clone().unwrap_or_else(|| key.clone()));
            let known = v.known.clone();
            let reduced = v.reduced.as_ref().and_then(|r| {
                Some((
                    path.with_file_name(r.file.as_deref()?),
                    r.bytes.unwrap_or(0),
                ))
            });
            let row_key = format!("{}{key}", if known.is_some() { "known " } else { "" });
            let or_unknown = |s: &str| {
                if s.is_empty() {
                    "?".to_string()
                } else {
                    s.to_string()
                }
            };
            let row = rows.entry(row_key).or_insert_with(|| TriageRow {
                class: or_unknown(&v.class),
                solver: v.blamed.map_or_else(|| "?".to_string(), |s| s.to_string()),
                // The reduced form's logic where there is one (the key's).
                logic: v
                    .reduced
                    .as_ref()
                    .and_then(|r| r.logic.clone())
                    .unwrap_or_else(|| or_unknown(&v.logic)),
                key,
                count: 0,
                representative: path.with_extension("smt2"),
                summary: or_unknown(&v.summary),
                known,
                status: v.status.as_str().to_string(),
                experimental: v.experimental.clone(),
                evidence: {
                    let settled = v.known_by.as_deref().or(v.status_evidence.as_deref());
                    let blame = v.blame.as_ref().map(|b| format!("blame: {}", b.evidence));
                    match (settled, blame) {
                        (Some(s), Some(b)) => Some(format!("{s}; {b}")),
                        (Some(s), None) => Some(s.to_string()),
                        (None, b) => b,
                    }
                },
                reproducers: Vec::new(),
                reduced: None,
                releases: None,
            });
            if row.releases.is_none() {
                row.releases = v.bisect.as_ref().map(|b| b.range.clone());
            }
            row.count += 1;
            row.reproducers.push(path.with_extension("smt2"));
            if let Some((file, bytes)) = reduced {
                reduced_count += 1;
                let smaller = |r: &Path| fs::metadata(r).map_or(true, |m| m.len() > bytes);
                if row.reduced.as_deref().is_none_or(smaller) {
                    row.reduced = Some(file);
                }
            }
        }
    }
    let mut rows: Vec<TriageRow> = rows.into_values().collect();
    rows.sort_by(|a, b| {
        (
            a.known.is_some(),
            a.class.as_str(),
            a.solver.as_str(),
            a.logic.as_str(),
            std::cmp::Reverse(a.count),
        )
            .cmp(&(
                b.known.is_some(),
                b.class.as_str(),
                b.solver.as_str(),
                b.logic.as_str(),
                std::cmp::Reverse(b.count),
            ))
    });
    let mut summary: Vec<TriageGroup> = Vec::new();
    for r in &rows {
        let class = match r.known {
            Some(_) => format!("known {}", r.class),
            None => r.class.clone(),
        };
        match summary
            .iter_mut()
            .find(|g| g.class == class && g.solver == r.solver && g.logic == r.logic)
        {
            Some(g) => {
                g.findings += r.count;
                g.keys += 1;
            }
            None => summary.push(TriageGroup {
                class,
                solver: r.solver.clone(),
                logic: r.logic.clone(),
                findings: r.count,
                keys: 1,
            }),
        }
    }
    let known = rows
        .iter()
        .filter(|r| r.known.is_some())
        .map(|r| r.count)
        .sum();
    Ok(Triage {
        dir: dir.to_path_buf(),
        findings,
        known,
        original_keys: original_keys.len(),
        reduced: reduced_count,
        summary,
        rows,
    })
}

/// [`triage`], or no finding where `dir` does not exist (yet: a run without findings never
/// creates it).
pub fn triage_if_present(dir: &Path) -> std::io::Result<Triage> {
    if dir.exists() {
        return triage(dir);
    }
    Ok(Triage {
        dir: dir.to_path_buf(),
        findings: 0,
        known: 0,
        original_keys: 0,
        reduced: 0,
        summary: Vec::new(),
        rows: Vec::new(),
    })
}

impl Triage {
    /// Plain text: a header line, then per key its count, class, solver, logic and
    /// representative.
    pub fn text(&self) -> String {
        let mut out = self.headline();
        out.push_str("findings  keys  class × solver × logic\n");
        for g in &self.summary {
            out.push_str(&format!(
                "{:>8}  {:>4}  {} {} {}\n",
                g.findings, g.keys, g.class, g.solver, g.logic
            ));
        }
        out.push_str("per key (count, class, solver, logic, key, representative):\n");
        for r in &self.rows {
            out.push_str(&format!(
                "{:>6}  {:<16} {:<5} {:<12} {}\n        {}\n",
                r.count,
                r.class,
                r.solver,
                r.logic,
                r.key,
                r.representative.display()
            ));
            if let Some(p) = &r.reduced {
                out.push_str(&format!("        reduced: {}\n", p.display()));
            }
            if let Some(range) = &r.releases {
                out.push_str(&format!("        releases: {range}\n"));
            }
            if let Some(k) = &r.known {
                out.push_str(&format!("        known bug: known-findings/{k}\n"));
            }
        }
        out
    }

    /// `N finding(s) (K of known bugs, R reduced), M distinct key(s) (O before reduction)
    /// in DIR`.
    pub fn headline(&self) -> String {
        format!(
            "{} finding(s) ({} of known bugs, {} reduced), {} distinct key(s) ({} before reduction) in {}\n",
            self.findings,
            self.known,
            self.reduced,
            self.rows.len(),
            self.original_keys,
            self.dir.display()
        )
    }

    /// A Markdown table with the same rows.
    pub fn markdown(&self) -> String {
        let mut out = format!(
            "{} finding(s), {} distinct key(s) in `{}`\n\n| class | solver | logic | findings | keys |\n|---|---|---|---:|---:|\n",
            self.findings,
            self.rows.len(),
            self.dir.display()
        );
        for g in &self.summary {
            out.push_str(&format!(
                "| {} | {} | {} | {} | {} |\n",
                g.class, g.solver, g.logic, g.findings, g.keys
            ));
        }
        out.push_str(
            "\n| class | solver | logic | count | key | representative | reduced | releases |\n|---|---|---|---:|---|---|---|---|\n",
        );
        for r in &self.rows {
            out.push_str(&format!(
                "| {} | {} | {} | {} | `{}` | `{}` | {} | {} |\n",
                r.class,
                r.solver,
                r.logic,
                r.count,
                r.key.replace('|', "\\|"),
                r.representative.display(),
                r.reduced
                    .as_ref()
                    .map_or(String::new(), |p| format!("`{}`", p.display())),
                r.releases.as_deref().unwrap_or("")
            ));
        }
        out
    }
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
                class: crate::oracle::Class::Disagreement,
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
            class: crate::oracle::Class::Disagreement,
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
            class: crate::oracle::Class::ApiError,
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
            class: crate::oracle::Class::WrongUnsat,
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
            let report = crate::sanitizer::Report::from_ubsan_summary(summary).unwrap();
            let issue = crate::oracle::process::sanitizer_report(SolverId::Z3, &report);
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
    fn cvc5_key(class: crate::oracle::Class, text: &str) -> String {
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
        use crate::oracle::Class::{Disagreement, TimeLimit};
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
        use crate::oracle::Class::Crash;
        let with = "(declare-fun p () Bool)\n(check-sat-assuming (p false))\n";
        let without = "(declare-fun p () Bool)\n(check-sat-assuming (p))\n";
        let shape = |t: &str| {
            crate::smtlib::parse::parse_script(t)
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
        use crate::oracle::Class::{Disagreement, TimeLimit};
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
        use crate::oracle::Class::{Disagreement, Performance, TimeLimit};
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
