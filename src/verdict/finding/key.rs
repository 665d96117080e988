//! De-duplication keys: one key per bug, from the class, the blamed solver and the formula's
//! shape (or an error's normalised message), and the reduced form's key.

use super::*;

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
    use crate::verdict::oracle::Class;
    let message = match issue.class {
        Class::ApiError | Class::SelfCheck | Class::Crash => {
            sanitizer_key_message(&issue.summary).unwrap_or_else(|| normalize(&issue.summary))
        }
        _ => String::new(),
    };
    // The optimizer's two paths (C API, front end) run one engine: one bug, one key.
    let solver = match (issue.class, issue.blamed) {
        (Class::WrongOptimum, Some(s)) => s.library().to_string(),
        (_, b) => b.map_or("?".to_string(), |s| s.to_string()),
    };
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
    let silent_crash = issue.class == Class::Crash
        && !issue
            .summary
            .contains(crate::verdict::oracle::process::PRINTED);
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

pub use crate::verdict::oracle::normalize;

/// The key's message of a sanitizer report's `crash` (`...: UndefinedBehaviorSanitizer report;
/// it printed: signed-integer-overflow at mpf.cpp:1885:30`): the report's words are kept as
/// they are — they already name the bug without what varies between runs (addresses, hashes:
/// `sanitizer::Report::words`), and the line numbers of an UBSan report's place tell two bugs
/// in one file apart, which [`normalize`] would merge.
fn sanitizer_key_message(summary: &str) -> Option<String> {
    let (head, words) = crate::verdict::oracle::process::sanitizer_report_words(summary)?;
    let words: String = words.chars().take(160).collect();
    Some(format!(
        "{}{}{words}",
        normalize(head),
        crate::verdict::oracle::process::PRINTED
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
    use crate::lang::ir::{Op, Theory};
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
    use crate::verdict::oracle::Class;
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
    fn shape(s: &crate::lang::ir::Sort) -> String {
        match s {
            crate::lang::ir::Sort::BitVec(_) => "BitVec".into(),
            crate::lang::ir::Sort::Array(i, e) => format!("(Array {} {})", shape(i), shape(e)),
            other => other.to_string(),
        }
    }
    let mut arrays: Vec<String> = Vec::new();
    for id in f.reachable_postorder() {
        let s = f.sort_of(id);
        if matches!(s, crate::lang::ir::Sort::Array(..)) && !arrays.contains(&shape(s)) {
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
    use crate::verdict::oracle::Class;
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
    use crate::verdict::oracle::Class;
    matches!(issue.class, Class::TimeLimit | Class::Performance)
        && cost_behaviour(ops)
            .iter()
            .any(|b| *b == WIDE_BV_ARITHMETIC || *b == ARITH_MUL_DIV)
}

/// Core connectives, `=`, `distinct`, `ite`, the arithmetic, bit-vector and floating-point
/// comparisons and the floating-point classifications (`fp.isZero`, …): the Booleans a
/// reduced finding keeps around its term (one cvc5 `fp.roundToIntegral` error reduced to
/// `fp.isZero`, `fp.lt` and `fp.isSubnormal` around it in one campaign).
fn is_connective_or_comparison(op: crate::lang::ir::Op) -> bool {
    use crate::lang::ir::Op::*;
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
