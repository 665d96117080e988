//! What smtsmith knows about each solver's behaviour on formulas, keyed by its id: the
//! documented limitations (what a check reports as unknown instead of an error, what a
//! solver is not asked at all, where unknown is expected), the options a formula needs. The
//! fixed facts of a solver (its limits, options, binary command lines, recycling, which
//! logics it takes) are its profile's (`solver::profile`, each in its backend's file); the
//! functions here that give them delegate to it. The driver, the oracles, scripts and the
//! finding writer ask here. A new solver adds here only the limitations it has.

use crate::dialect::solver_id::SolverId;
use crate::lang::ir::{Formula, NodeId, NodeKind, Op, Sort, Value};

/// Cases between two context recycles: a Z3 context keeps every term it ever built, and a
/// long-lived cvc5 term manager slows down as constants accumulate; recycling bounds both.
pub fn recycle_every(id: SolverId) -> u32 {
    crate::dialect::profile::of(id).recycle_every
}

/// Where a documented limitation shows, and what smtsmith makes of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitKind {
    /// An error of a check: the check answers unknown, the message its reason.
    Check,
    /// An error of a solver's SMT-LIB front end on a command smtsmith printed: unknown.
    FrontEnd,
    /// An operator the release's front end does not know: unsupported by the release, the
    /// case answers unknown.
    UnknownOperator,
    /// Curated options that do not go together (or with the formula): the case or script is
    /// skipped as an incompatible setup, nothing reported.
    OptionConflict,
    /// An option the release does not have: the setup asks for it is skipped.
    NoSuchOption,
    /// A logic the release's API does not know: Z3's general solver takes the formula.
    UnknownLogic,
}

/// One error message a solver documents as a limitation, matched exactly: whitespace runs
/// count as one space, and `*` stands for a part that names the case (a term, a symbol, a
/// position).
#[derive(Debug)]
pub struct Limitation {
    /// The solver (either path).
    pub solver: SolverId,
    pub kind: LimitKind,
    pub message: &'static str,
    /// The release it was seen with.
    pub seen_on: &'static str,
    pub why: &'static str,
}

/// cvc5's refusal, in its default mode, of a float format other than Float32 and Float64 (a
/// check's error and its front end's alike).
const CVC5_FP_FORMAT_REFUSAL: &str = "FP term * with type whose size is * is not supported, only Float32 (8/24) or Float64 (11/53) types are supported in default mode. Try the experimental solver via --fp-exp. Note: There are known issues with the experimental solver, use at your own risk.";

/// Every error message that smtsmith turns into `unknown`, an unsupported operator, a
/// skipped setup or a missing option instead of an API error. Each was seen with the
/// release named; anything else a solver says is a finding.
pub const LIMITATIONS: &[Limitation] = &[
    Limitation {
        solver: SolverId::Z3,
        kind: LimitKind::Check,
        message: "expression * does not correspond to a supported regular expression",
        seen_on: "Z3 4.8.7.0",
        why: "its incremental string solver takes no regular expression over a string variable",
    },
    Limitation {
        solver: SolverId::Z3,
        kind: LimitKind::Check,
        message: "convert regular expressions into automata",
        seen_on: "Z3 4.8.7.0",
        why: "regular expressions its automata construction does not take (RegLan variables, language equality)",
    },
    Limitation {
        solver: SolverId::Cvc5,
        kind: LimitKind::Check,
        message: "Array theory solver does not yet support write-chains connecting two different constant arrays",
        seen_on: "cvc5 1.4.0",
        why: "unsupported, by cvc5's own word (\"does not yet support\")",
    },
    Limitation {
        solver: SolverId::Cvc5,
        kind: LimitKind::Check,
        message: CVC5_FP_FORMAT_REFUSAL,
        seen_on: "cvc5 1.4.2",
        why: "cvc5's default floating-point solver takes Float32 and Float64 only, by its own word (cvc5/cvc5#3696); smtsmith sets `fp-exp` wherever a formula's sorts need it (`cvc5_needs_fp_exp`), so this shows only where that misses a sort",
    },
    Limitation {
        solver: SolverId::Cvc5,
        kind: LimitKind::FrontEnd,
        message: CVC5_FP_FORMAT_REFUSAL,
        seen_on: "cvc5 1.4.2",
        why: "as above, through cvc5's front end (`(error \"FP term …\")`)",
    },
    Limitation {
        solver: SolverId::Cvc5,
        kind: LimitKind::Check,
        message: "Cannot handle assertion with term of kind STORE_ALL in this configuration. Try --arrays-exp.",
        seen_on: "cvc5 1.4.0",
        why: "constant arrays need cvc5's `arrays-exp`, by its own word; smtsmith sets it wherever a formula has one, so this shows only where that misses one",
    },
    Limitation {
        solver: SolverId::Cvc5,
        kind: LimitKind::Check,
        message: "expecting a constant string term in regexp range",
        seen_on: "cvc5 1.4.0",
        why: "cvc5 takes `re.range` over constant strings only (SMT-LIB allows any string term)",
    },
    Limitation {
        solver: SolverId::Cvc5,
        kind: LimitKind::FrontEnd,
        message: "invalid argument '*' for 'val', expected a value",
        seen_on: "cvc5 1.4.0",
        why: "its parser takes only values in `(as const S)` (SMT-LIB allows any term; a rational without a finite decimal has no value syntax there)",
    },
    Limitation {
        solver: SolverId::Cvc5,
        kind: LimitKind::Check,
        message: "Cannot translate to BV: *",
        seen_on: "cvc5 1.4.0 to 1.4.2",
        why: "`solve-int-as-bv` (set only by a script's own `set-option`: smtsmith never draws it) translates integer formulas to bit-vectors; from 1.4.0 cvc5 refuses an input the pass cannot translate instead of answering (its fix of cvc5/cvc5#12319)",
    },
    Limitation {
        solver: SolverId::Z3,
        kind: LimitKind::UnknownOperator,
        message: "line * column *: unknown function/constant *",
        seen_on: "Z3 4.8.7.0",
        why: "an operator the release does not have (`str.from_code`, `str.replace_re`, ...)",
    },
    Limitation {
        solver: SolverId::Z3,
        kind: LimitKind::UnknownOperator,
        message: "line * column *: invalid use of indexed identifier, unknown builtin function *",
        seen_on: "Z3 4.8.7.0",
        why: "an indexed operator the release does not have (`re.^`)",
    },
    Limitation {
        solver: SolverId::Cvc5,
        kind: LimitKind::UnknownOperator,
        message: "Symbol '*' not declared as a variable",
        seen_on: "cvc5 1.4.0",
        why: "a name its front end does not read (the SMT-LIB 2.5 string names)",
    },
    Limitation {
        solver: SolverId::Cvc5,
        kind: LimitKind::OptionConflict,
        message: "Fatal error in option parsing: Eager bit-blasting is only support in incremental mode if the logic is quantifier-free bit-vectors",
        seen_on: "cvc5 1.4.0",
        why: "eager bit-blasting (a curated option) takes no incremental mode outside QF_BV",
    },
    Limitation {
        solver: SolverId::Cvc5,
        kind: LimitKind::OptionConflict,
        message: "Fatal error in option parsing: Eager bit-blasting currently does not support model generation for the combination of bit-vectors with arrays or uinterpreted functions. Try --bitblast=lazy.",
        seen_on: "cvc5 1.4.0",
        why: "eager bit-blasting (a curated option) gives no models with arrays or functions",
    },
    Limitation {
        solver: SolverId::Cvc5,
        kind: LimitKind::OptionConflict,
        message: "Fatal error in option parsing: bool-to-bv != off not supported with CEGQI BV for quantified logics",
        seen_on: "cvc5 1.4.2",
        why: "bool-to-bv (drawn from the option space) does not go with counterexample-guided instantiation over bit-vectors in a quantified logic",
    },
    Limitation {
        solver: SolverId::Z3,
        kind: LimitKind::OptionConflict,
        message: "invalid parameter for *, valid options are *",
        seen_on: "Z3 5.4.1.0",
        why: "the release's own parameter descriptions (`z3 -pd`, which the option space reads) list a value its engine refuses when the check first needs it: smt.string_solver=z3str3, gone from 5.x's string solvers",
    },
    Limitation {
        solver: SolverId::Cvc5,
        kind: LimitKind::OptionConflict,
        message: "Fatal error in option parsing: bool-to-bv=all not supported for non-bitvector logics.",
        seen_on: "cvc5 1.4.2",
        why: "bool-to-bv=all (drawn from the option space) is for bit-vector logics only",
    },
    Limitation {
        solver: SolverId::Cvc5,
        kind: LimitKind::OptionConflict,
        message: "Fatal error in option parsing: learned rewrites not supported with unsat cores",
        seen_on: "cvc5 1.4.0",
        why: "learned rewrites (a curated option) do not go with unsat cores",
    },
    Limitation {
        solver: SolverId::Cvc5,
        kind: LimitKind::NoSuchOption,
        message: "Error in option parsing: Unrecognized option key or setting: *",
        seen_on: "cvc5 1.4.0",
        why: "an option this release does not have",
    },
    Limitation {
        solver: SolverId::Z3,
        kind: LimitKind::FrontEnd,
        message: "line * column *: invalid check-sat command, argument must be a Boolean literal",
        seen_on: "Z3 4.8.5.0",
        why: "releases before 4.8.6 take only declared constants and their negations as check-sat-assuming literals, not `true` or `false` (SMT-LIB's prop_literal is any Boolean symbol)",
    },
    Limitation {
        solver: SolverId::Z3,
        kind: LimitKind::FrontEnd,
        message: "line * column *: sort already defined List",
        seen_on: "Z3 4.8.10.0 to 5.4.1.0",
        why: "Z3's front end, evaluating commands in a context (`Z3_eval_smtlib2_string`, `z3 -in`), predefines a parametric sort `List`: a script's own datatype `List` is refused (a file run by the binary takes it)",
    },
    Limitation {
        solver: SolverId::Z3,
        kind: LimitKind::FrontEnd,
        message: "line * column *: sort already defined List*",
        seen_on: "Z3 4.8.10.0 to 5.4.1.0",
        why: "as above, with the errors of the commands that use that `List` after it",
    },
    Limitation {
        solver: SolverId::Z3,
        kind: LimitKind::FrontEnd,
        message: "line * column *: ambiguous function declaration reference, provide full signature to disambiguate (<symbol> (<sort>*) <sort>) *",
        seen_on: "Z3 5.4.1.0",
        why: "its front end takes `(_ is C)` of a parametric datatype only with C's full signature (`is-C` it takes; smtsmith prints that)",
    },
    Limitation {
        solver: SolverId::Z3,
        kind: LimitKind::UnknownLogic,
        message: "logic '*' is not recognized",
        seen_on: "Z3 4.8.7.0",
        why: "releases before 4.8.10 do not know some logics (QF_SLIA): their general solver takes the formula",
    },
];

/// Times each entry of [`LIMITATIONS`] matched in this process.
static LIMITATION_COUNTS: [std::sync::atomic::AtomicU64; LIMITATIONS.len()] =
    [const { std::sync::atomic::AtomicU64::new(0) }; LIMITATIONS.len()];

/// The entry of [`LIMITATIONS`] that `message`, from `id` (either path), is exactly, as a
/// limitation of `kind`; counted.
pub fn limitation(id: SolverId, kind: LimitKind, message: &str) -> Option<&'static Limitation> {
    let k = LIMITATIONS.iter().position(|l| {
        l.solver == id.library() && l.kind == kind && matches_exactly(l.message, message)
    })?;
    LIMITATION_COUNTS[k].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    Some(&LIMITATIONS[k])
}

/// How often each documented limitation was met in this process, those met only.
pub fn limitation_counts() -> Vec<(&'static Limitation, u64)> {
    LIMITATIONS
        .iter()
        .zip(&LIMITATION_COUNTS)
        .map(|(l, n)| (l, n.load(std::sync::atomic::Ordering::Relaxed)))
        .filter(|(_, n)| *n > 0)
        .collect()
}

/// One line: `answered by a documented limitation: N` and the count of each (the summary
/// line of `smtsmith run`, `check` and a fuzzing process at its end).
pub fn limitation_summary() -> String {
    let counts = limitation_counts();
    let total: u64 = counts.iter().map(|(_, n)| n).sum();
    let each: Vec<String> = counts
        .iter()
        .map(|(l, n)| format!("{} \"{}\" {n}", l.solver, l.message))
        .collect();
    if each.is_empty() {
        format!("answered by a documented limitation: {total}")
    } else {
        format!(
            "answered by a documented limitation: {total} ({})",
            each.join("; ")
        )
    }
}

/// Whether `message` is `template` exactly (whitespace runs as one space, ends trimmed),
/// where each `*` of the template stands for a non-empty part.
fn matches_exactly(template: &str, message: &str) -> bool {
    let squeeze = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let (template, message) = (squeeze(template), squeeze(message));
    let parts: Vec<&str> = template.split('*').collect();
    if parts.len() == 1 {
        return template == message;
    }
    let Some(mut rest) = message.strip_prefix(parts[0]) else {
        return false;
    };
    let last = parts.len() - 1;
    for (k, part) in parts.iter().enumerate().skip(1) {
        if k == last {
            return rest.len() > part.len() && rest.ends_with(part);
        }
        // The part after a wildcard: its first occurrence past at least one character.
        match rest.get(1..).and_then(|r| r.find(part)) {
            Some(at) => rest = &rest[1 + at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Why `id` is not asked about `f` at all (a documented limitation, one pass over the
/// formula; or a formula this process already saw it overrun its limit on): its checks are
/// unknown with this reason.
pub fn skip_reason(id: SolverId, f: &Formula) -> Option<String> {
    if overran_before(id, f) {
        return Some(OVERRAN_BEFORE.into());
    }
    if let Some(why) = outside_logics(id, f) {
        return Some(why);
    }
    match id {
        SolverId::Cvc5 | SolverId::Cvc5Text => cvc5_skip_reason(f),
        SolverId::Z3 => z3_api_skip_reason(f),
        SolverId::Z3Text | SolverId::Yices => None,
    }
}

/// Every sort `f` declares (constants and function signatures) or uses in a reachable term,
/// a quantifier's variables' included (a solver builds their sorts even where the body does
/// not use them).
fn sorts_in(f: &Formula) -> impl Iterator<Item = &Sort> {
    let declared = f.decls.iter().flat_map(|d| d.args.iter().chain([&d.sort]));
    let used = f.reachable_postorder().into_iter().flat_map(move |id| {
        let bound: Vec<&Sort> = match &f.node(id).kind {
            crate::lang::ir::NodeKind::Quant { vars, .. } => {
                vars.iter().map(|v| &f.bounds[v.0 as usize].sort).collect()
            }
            _ => Vec::new(),
        };
        std::iter::once(f.sort_of(id)).chain(bound)
    });
    declared.chain(used)
}

/// The floating-point formats a solver's developers document as partly supported, where an
/// error of a check is a limit (unknown), not an API error; its verdicts and models are still
/// judged. Z3: formats with ebits > sbits are "supported for some operations and not for
/// others" (Z3Prover/z3#5051), a one-bit significand not at all (Z3Prover/z3#215: "the
/// minimum safe size is 3 significand and 3 exponent bits"). cvc5: SymFPU, its experimental
/// solver's floats, has "known issues with formats with more exponent than significand
/// bits" (cvc5/cvc5#3696) and its `fp` refuses a one-bit significand ("significand bit
/// vector in fp is an invalid size"). Both, then: a format whose exponent is wider than its
/// significand, or whose significand has one bit. Equal widths are not among them: Z3's
/// error on `fp.roundToIntegral` over Float(3,3) was a bug its developers fixed in 4.12.5
/// (known-findings/z3-4.8.10-round-to-integral-small-significand-error.smt2).
pub fn partial_support(id: SolverId, f: &Formula) -> Option<String> {
    let thread = match id.library() {
        SolverId::Z3 | SolverId::Z3Text => "Z3Prover/z3#5051, #215",
        SolverId::Cvc5 | SolverId::Cvc5Text => "cvc5/cvc5#3696",
        SolverId::Yices => return None,
    };
    // One walk over the sorts (a float sort is what makes the signature's `fp`).
    sorts_in(f)
        .find(|s| matches!(s, Sort::Float(eb, sb) if eb > sb || *sb < 3))
        .map(|s| {
            format!(
                "{s}: exponent wider than the significand or a one-bit significand, partly supported ({thread})"
            )
        })
}

/// Why Z3's C API is not asked at all: a floating-point format with a one-bit significand
/// (sb = 2), which `Z3_mk_fpa_sort` refuses ("ebits should be at least 2, sbits at least
/// 3") although SMT-LIB and Z3's own parser take it (sb > 1). Z3's front end (`z3-text`)
/// and cvc5 are given such formulas.
/// Whether Z3's C API refuses `f` (a one-bit significand), so that only its front end can
/// be asked: the harness then runs the case through the front ends whatever the setup drew.
pub fn z3_api_refuses(f: &Formula) -> bool {
    z3_api_skip_reason(f).is_some()
}

fn z3_api_skip_reason(f: &Formula) -> Option<String> {
    // Datatypes may be recursive: their fields are looked into a few levels deep (the
    // generator's datatypes nest no deeper).
    fn within(s: &Sort, levels: u8) -> bool {
        match s {
            Sort::Float(_, sb) => *sb < 3,
            Sort::Array(i, e) => within(i, levels) || within(e, levels),
            Sort::Datatype(d) if levels > 0 => (0..d.ctors().len() as u32)
                .any(|c| d.field_sorts(c).iter().any(|x| within(x, levels - 1))),
            _ => false,
        }
    }
    let one_bit_significand = |s: &Sort| within(s, 4);
    sorts_in(f).find(|s| one_bit_significand(s)).map(|s| {
        format!(
            "skipped: {s} (Z3's C API takes significands of 3 bits or more: \
             Z3_mk_fpa_sort \"sbits at least 3\"; its front end reads it)"
        )
    })
}

/// Why `f` is outside the logics `id` takes (a sort, operator or quantifier it has no
/// support for): `id` is not given `f` at all, neither to check nor to simplify (its
/// profile's judgement; Z3 and cvc5 take every logic smtsmith generates).
pub fn outside_logics(id: SolverId, f: &Formula) -> Option<String> {
    lacked_extension(id, f).or_else(|| (crate::dialect::profile::of(id).outside_logics)(f))
}

/// The solvers that read each operator of [`crate::lang::ir::ops::EXTENSIONS`]: Z3's
/// `seq.last_indexof` (cvc5's front end: "Symbol 'seq.last_indexof' not declared"), cvc5's
/// `str.rev`, `str.to_lower`, `str.to_upper`, `str.update` (Z3 5.4.1's binary: "unknown
/// constant str.rev"); Yices has no strings.
const EXTENSION_READERS: &[(Op, &[SolverId])] = &[
    (Op::StrLastIndexof, &[SolverId::Z3]),
    (Op::StrRev, &[SolverId::Cvc5]),
    (Op::StrToLower, &[SolverId::Cvc5]),
    (Op::StrToUpper, &[SolverId::Cvc5]),
    (Op::StrUpdate, &[SolverId::Cvc5]),
    // SMT-LIB 2.7's conversions: Z3 (its API builds them on every release, its readers
    // from 5.x: 4.12.2's binary answers "unknown constant ubv_to_int") and cvc5.
    (Op::UbvToInt, &[SolverId::Z3, SolverId::Cvc5]),
    (Op::SbvToInt, &[SolverId::Z3, SolverId::Cvc5]),
    (Op::IntToBv, &[SolverId::Z3, SolverId::Cvc5]),
];

/// The solvers that read `op` where it is one solver's extension; `None` for SMT-LIB's
/// operators.
pub fn extension_readers(op: Op) -> Option<&'static [SolverId]> {
    EXTENSION_READERS
        .iter()
        .find(|(o, _)| *o == op)
        .map(|(_, readers)| *readers)
}

/// The first operator of `f` that is another solver's extension `id` does not read
/// ([`extension_readers`]).
fn lacked_extension(id: SolverId, f: &Formula) -> Option<String> {
    // Asked for every solver of every case, where generated formulas never have one: a scan
    // of the arena first, the signature (what is reachable) only where one is there.
    let any = f
        .nodes
        .iter()
        .any(|n| matches!(n.kind, crate::lang::ir::NodeKind::App(op, ..) if op.is_extension()));
    if !any {
        return None;
    }
    f.signature().ops.iter().find_map(|op| {
        let readers = extension_readers(*op)?;
        (!readers.contains(&id.library())).then(|| {
            format!(
                "skipped: {} (an extension of {}; {} has no such operator)",
                op.name(),
                readers
                    .iter()
                    .map(|r| r.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                id.library()
            )
        })
    })
}

/// Why `id` is not given script `f` whose setup asks for unsat cores (`cores`) and/or unsat
/// assumptions (`assumptions`): Yices's API would take both (smtsmith's cores come through
/// assumptions), but `yices-smt2` refuses the pair ("can't have both :produce-unsat-cores and
/// :produce-unsat-assumptions true"), so no reproducer would replay; and MCSAT, which
/// decides nonlinear arithmetic, has neither ("the mcsat solver does not support unsat
/// cores"). Nor does the binary take `check-sat-assuming` with cores on (`assuming`: the
/// script has one): "check-sat-assuming is not supported when :produce-unsat-cores is true".
pub fn script_skip_reason(
    id: SolverId,
    f: &Formula,
    cores: bool,
    assumptions: bool,
    assuming: bool,
) -> Option<String> {
    if id != SolverId::Yices {
        return None;
    }
    if cores && assuming {
        return Some(
            "skipped: check-sat-assuming with unsat cores on (yices-smt2 does not take it)".into(),
        );
    }
    if cores && assumptions {
        return Some(
            "skipped: unsat cores and unsat assumptions in one script (yices-smt2 takes one \
             or the other)"
                .into(),
        );
    }
    ((cores || assumptions) && f.signature().nonlinear).then(|| YICES_MCSAT_NO_CORES.into())
}

/// Why Yices is not asked for a core of a nonlinear formula.
pub const YICES_MCSAT_NO_CORES: &str = "skipped: unsat cores of nonlinear arithmetic (Yices \
     decides it with MCSAT, which has no unsat cores)";

/// The reason a check is skipped when its solver overran its limit on the same formula
/// earlier in this process ([`remember_overrun`]).
pub const OVERRAN_BEFORE: &str = "skipped: this process already saw this solver run far past \
     its time limit on this same formula (the time-limit finding is written)";

/// The formulas each solver library ran far past its limit on in this process (a few per
/// process: each cost seconds). libFuzzer makes the same formula again and again (a
/// mutation of bytes the decoder does not read): in a 30-minute campaign one formula cvc5
/// could not stop on came back 32 times, each time 2 s or more past the limit.
static OVERRUNS: std::sync::Mutex<Vec<(SolverId, Formula)>> = std::sync::Mutex::new(Vec::new());

/// Records that `id` ran far past its time limit on `f` (the watchdog calls it with each
/// call nothing stopped): `id` is not asked about the same formula again in this process
/// ([`skip_reason`]).
pub fn remember_overrun(id: SolverId, f: &Formula) {
    let mut seen = OVERRUNS.lock().unwrap_or_else(|e| e.into_inner());
    if !seen.iter().any(|(s, g)| *s == id.library() && g == f) {
        seen.push((id.library(), f.clone()));
    }
}

/// Whether `id`'s library overran on `f` before. Compared as built (the derived equality
/// looks at the lengths of the declarations and nodes first, so another formula costs
/// next to nothing on a fuzz iteration's path).
fn overran_before(id: SolverId, f: &Formula) -> bool {
    let seen = OVERRUNS.lock().unwrap_or_else(|e| e.into_inner());
    seen.iter().any(|(s, g)| *s == id.library() && g == f)
}

/// Options `id` needs for `f` beyond its defaults; reproducers name them as command-line
/// flags ([`binary_command`]).
pub fn formula_options(id: SolverId, f: &Formula) -> Vec<(&'static str, &'static str)> {
    match id {
        SolverId::Cvc5 | SolverId::Cvc5Text => cvc5_formula_options(f),
        // Its binary decides nonlinear arithmetic with MCSAT only, as the backend does.
        SolverId::Yices if f.signature().nonlinear => vec![("mcsat", "true")],
        // None for Z3 or any other solver.
        _ => Vec::new(),
    }
}

/// Whether Z3 at `version` (as its library reports it: `Z3 4.8.7.0`) reads the SMT-LIB 2.6
/// string names (`str.to_int`, `str.from_int`, `str.in_re`, `str.to_re`, `re.none`):
/// releases before 4.8.9 read only the older ones (`str.to.int`, `int.to.str`, `str.in.re`,
/// `str.to.re`, `re.nostr`), which every release reads (measured with the binaries of
/// 4.8.5.0 to 4.8.10.0, 4.8.12.0, 4.8.17.0, 4.9.0.0, 4.11.2.0, 4.12.2.0, 4.12.4.0, 4.13.0.0
/// and 5.4.1.0; the library front ends of 4.8.5.0, 4.8.7.0 and 4.8.8.0 alike). A version it cannot read is taken for a newer release.
pub fn z3_reads_26_string_names(version: &str) -> bool {
    let number = version.split_whitespace().last().unwrap_or("");
    let parts: Vec<u32> = number
        .split(['.', '-'])
        .map_while(|p| p.parse().ok())
        .collect();
    match parts[..] {
        [major, minor, patch, ..] => (major, minor, patch) >= (4, 8, 9),
        _ => true,
    }
}

/// Whether a reproducer for the binary of `id`, of the linked releases `versions`, writes
/// string operators by their SMT-LIB 2.5 names (Z3 before 4.8.9 reads no others). Both
/// paths of a library report its version.
pub fn reproducer_needs_aliases(id: SolverId, versions: &[(SolverId, String)]) -> bool {
    id.library() == SolverId::Z3
        && versions
            .iter()
            .find(|(v, _)| v.library() == SolverId::Z3)
            .is_some_and(|(_, version)| !z3_reads_26_string_names(version))
}

/// The command line of `id`'s own binary with a time limit of `limit_ms` per check.
pub fn timed_command(id: SolverId, limit_ms: u32) -> String {
    let p = crate::dialect::profile::of(id);
    format!("{} {} FILE.smt2", p.binary, (p.binary_time_limit)(limit_ms))
}

/// The command line of `id`'s own binary for a reproducer (`FILE.smt2` last) with
/// `options` as flags (those the file does not set itself); `incremental` for a script with
/// several checks.
pub fn binary_command(id: SolverId, options: &[(&str, &str)], incremental: bool) -> String {
    crate::dialect::profile::of(id).binary_command(options, incremental)
}

/// Above this estimate (seconds, see [`bitblast_seconds`]) cvc5 is not asked: the check
/// would overrun its 2 s limit by so much that a fuzzer input could reach libFuzzer's
/// timeout (its reason says "skipped").
pub const BITBLAST_BUDGET_SECONDS: f64 = 8.0;

/// The budget in force (`SMTSMITH_BITBLAST_SECONDS`, else [`BITBLAST_BUDGET_SECONDS`]), as
/// the bits of an `f64`; `u64::MAX` (a NaN) while unset.
static BITBLAST_BUDGET: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(u64::MAX);

/// Sets the bit-blasting budget for this process (the settings' `install`).
pub fn set_bitblast_budget(seconds: f64) {
    BITBLAST_BUDGET.store(seconds.to_bits(), std::sync::atomic::Ordering::Relaxed);
}

/// The bit-blasting budget in force, in seconds.
pub fn bitblast_budget() -> f64 {
    match BITBLAST_BUDGET.load(std::sync::atomic::Ordering::Relaxed) {
        u64::MAX => BITBLAST_BUDGET_SECONDS,
        bits => f64::from_bits(bits),
    }
}

/// Estimated seconds cvc5 1.4.0 spends bit-blasting `f`'s wide multiplications and
/// divisions, during which it does not check `tlimit-per`/`rlimit-per`. Measured with
/// `tlimit-per` 2,000 ms on `(bvslt t x)`: one 128-bit `bvsdiv` 5.1 s, two nested 12.3 s,
/// three nested 64-bit ones 3.4 s, three nested 128-bit `bvmul` 2.6 s; the cost grows with the
/// square of the width. Each division-like application counts 5 s × (w/128)², each
/// multiplication operand beyond the first 0.9 s × (w/128)².
pub fn bitblast_seconds(f: &Formula) -> f64 {
    f.reachable_postorder()
        .into_iter()
        .map(|id| bitblast_cost(f, id))
        .sum()
}

/// [`bitblast_seconds`]'s share of one node.
fn bitblast_cost(f: &Formula, id: NodeId) -> f64 {
    match (&f.node(id).kind, f.sort_of(id)) {
        (NodeKind::App(op, _, args), Sort::BitVec(w)) => {
            let scale = (f64::from(*w) / 128.0).powi(2);
            match op {
                Op::BvUdiv | Op::BvSdiv | Op::BvUrem | Op::BvSrem | Op::BvSmod => 5.0 * scale,
                Op::BvMul => 0.9 * scale * args.len().saturating_sub(1) as f64,
                _ => 0.0,
            }
        }
        _ => 0.0,
    }
}

/// Why cvc5 is not asked at all (one pass over the formula): RegLan variables, the bit-blasting estimate is
/// over budget, or a constant array's value is a term — cvc5's API builds `(as const ...)`
/// of values only (`cvc5_mk_const_array`: "expected a value"), SMT-LIB allows any term, and
/// real scripts or seed mutants have them. Limitations, not findings: the check is unknown.
fn cvc5_skip_reason(f: &Formula) -> Option<String> {
    // cvc5 1.4.0 rejects them at check-sat ("Regular expression variables are not
    // supported") and cannot give their values.
    if f.decls
        .iter()
        .any(|d| d.sort == Sort::RegLan || d.args.contains(&Sort::RegLan))
    {
        return Some("skipped: RegLan-sorted variables (not supported by cvc5)".into());
    }
    // "Arrays cannot be indexed by array types" (cvc5 1.4.2, with or without `arrays-exp`).
    fn array_indexed(s: &Sort) -> bool {
        match s {
            Sort::Array(i, e) => {
                matches!(**i, Sort::Array(..)) || array_indexed(i) || array_indexed(e)
            }
            _ => false,
        }
    }
    if f.signature().arrays {
        if let Some(s) = sorts_in(f).find(|s| array_indexed(s)) {
            return Some(format!(
                "skipped: {s} (cvc5 takes no array indexed by arrays: \"Arrays cannot be \
                 indexed by array types\")"
            ));
        }
    }
    let mut cost = 0.0;
    for id in f.reachable_postorder() {
        if let NodeKind::App(Op::ReRange, _, a) = &f.node(id).kind {
            if a.iter()
                .any(|x| !matches!(f.node(*x).kind, NodeKind::Lit(_)))
            {
                return Some(
                    "skipped: re.range over string terms that are not literals (cvc5 takes \
                     constants only; after that error a fuzzing process later crashed in \
                     malloc when cvc5's term manager was deleted)"
                        .into(),
                );
            }
        }
        if let NodeKind::App(Op::ConstArray, _, a) = &f.node(id).kind {
            if !matches!(f.node(a[0]).kind, NodeKind::Lit(_)) {
                return Some(
                    "skipped: (as const ...) of a term that is not a value (cvc5's API takes \
                     only values there)"
                        .into(),
                );
            }
        }
        cost += bitblast_cost(f, id);
    }
    let budget = bitblast_budget();
    (cost > budget).then(|| {
        format!(
            "skipped: wide bit-vector division/multiplication (cvc5 1.4.0 bit-blasts it for \
             about {cost:.0} s without checking its time limit; budget {budget:.1} s)"
        )
    })
}

/// cvc5 options a formula needs beyond the defaults: constant arrays are handled only
/// with `arrays-exp` ("Cannot handle assertion with term of kind STORE_ALL in this
/// configuration"), floating-point formats other than Float32 and Float64 only with
/// `fp-exp` (cvc5 1.4.0: "FP term … with type whose size is 4/4 is not supported, only
/// Float32 (8/24) or Float64 (11/53) types are supported in default mode. Try the
/// experimental solver via --fp-exp"). Reproducers name them as command-line flags
/// (`cvc5 --arrays-exp`).
fn cvc5_formula_options(f: &Formula) -> Vec<(&'static str, &'static str)> {
    let reachable = f.reachable_postorder();
    let const_arrays = reachable.iter().any(|id| {
        matches!(
            &f.node(*id).kind,
            crate::lang::ir::NodeKind::App(Op::ConstArray, ..)
                | crate::lang::ir::NodeKind::Lit(Value::Array(_))
        )
    });
    let odd_floats = reachable
        .iter()
        .map(|id| &f.node(*id).sort)
        .chain(f.decls.iter().flat_map(|d| d.args.iter().chain([&d.sort])))
        .chain(f.bounds.iter().map(|b| &b.sort))
        .any(cvc5_needs_fp_exp);
    let mut out = Vec::new();
    if const_arrays {
        out.push(("arrays-exp", "true"));
    }
    if odd_floats {
        out.push(("fp-exp", "true"));
    }
    out
}

/// The cvc5 options that [`formula_options`] may set and that cvc5 calls experimental (its
/// option documentation: `fp-exp` "Allow floating-point sorts of all sizes … (experimental)",
/// `arrays-exp` "enable experimental features in the theory of arrays"); both are in its
/// expert category, not the regular one (`cvc5_get_option_info`; a test asks the release).
pub const CVC5_EXPERIMENTAL_OPTIONS: &[&str] = &["fp-exp", "arrays-exp"];

/// Whether `name` is one of [`CVC5_EXPERIMENTAL_OPTIONS`].
pub fn cvc5_option_is_experimental(name: &str) -> bool {
    CVC5_EXPERIMENTAL_OPTIONS.contains(&name)
}

/// Whether cvc5 1.4.0 takes terms of sort `s` only with `fp-exp`: a float format other
/// than Float32 and Float64, or an array or datatype with one inside (cvc5 refuses a
/// datatype constant whose field has such a format, at `check-sat` and at `get-value`).
pub(crate) fn cvc5_needs_fp_exp(s: &Sort) -> bool {
    let other_format =
        |s: &Sort| matches!(s, Sort::Float(eb, sb) if !matches!((eb, sb), (8, 24) | (11, 53)));
    sort_contains(s, &other_format)
}

/// Whether `s` or a sort inside it (an array's index or element, a datatype's fields and
/// sort arguments, through every group it reaches) satisfies `p`.
fn sort_contains(s: &Sort, p: &dyn Fn(&Sort) -> bool) -> bool {
    p(s) || match s {
        Sort::Array(i, e) => sort_contains(i, p) || sort_contains(e, p),
        // A group's own members are not outside sorts, so the walk ends.
        Sort::Datatype(d) => d.outside_sorts().iter().any(|o| sort_contains(o, p)),
        _ => false,
    }
}

/// Float formats a solver supports in part ([`partial_support`]), and operators a solver's
/// maintainers call unsupported, so that `unknown` on a formula with
/// one is expected: Z3's sequence solver and `str.replace_re`/`str.replace_re_all`
/// ("replace_re is not supported at all", Z3Prover/z3#5306; Z3 5.4.1.0 still answers unknown
/// on the ground `(= "" (str.replace_re "1" (str.to_re "1") "1"))`), and `str.replace_all`
/// ("replace_all is parsed but not supported with inferences", Z3Prover/z3#5344; "not
/// axiomatized in the seq theory when its first argument is symbolic", Z3Prover/z3#9928;
/// Z3 5.4.1.0 answers unknown on `(or (str.is_digit (str.replace_all "baab0" s2 s0)) (not
/// b0))` even with every length bounded — the script target's first campaign found four
/// such formulas).
pub fn documented_incomplete(id: SolverId, f: &Formula) -> bool {
    use crate::lang::ir::Op;
    // A float format its developers support in part: an unknown there is their word too
    // (Z3 5.4.1.0 answers unknown "invalid extract application" on `to_fp_unsigned` into
    // Float(8,4)).
    if partial_support(id, f).is_some() {
        return true;
    }
    let ops = f.signature().ops;
    match id {
        SolverId::Z3 | SolverId::Z3Text => ops.iter().any(|o| {
            matches!(
                o,
                Op::StrReplaceRe | Op::StrReplaceReAll | Op::StrReplaceAll
            )
        }),
        // No other solver's maintainers call an operator smtsmith generates unsupported.
        _ => false,
    }
}

/// Tactics Z3 documents (`z3 -tactics`; all in 4.8.5 and later) that end in a complete
/// procedure for every logic smtsmith generates: preprocessing steps, then `smt`.
const Z3_TACTICS: &[&str] = &[
    "(then simplify smt)",
    "(then simplify propagate-values solve-eqs smt)",
    "(then simplify elim-uncnstr smt)",
    "(then propagate-values ctx-simplify smt)",
    "(then simplify purify-arith elim-term-ite smt)",
    "(then nnf simplify reduce-args smt)",
    "(then simplify solve-eqs elim-uncnstr ctx-solver-simplify smt)",
];

/// Tactics of one logic family: Z3's own strategy for it and its bit-blasting pipeline.
fn z3_logic_tactics(logic: &str) -> &'static [&'static str] {
    match logic {
        "QF_BV" => &[
            "qfbv",
            "(then simplify propagate-values solve-eqs bit-blast sat)",
        ],
        "QF_LIA" => &["qflia"],
        "QF_LRA" => &["qflra"],
        "QF_NIA" => &["qfnia"],
        "QF_NRA" => &["qfnra"],
        "QF_UFBV" | "QF_ABV" | "QF_AUFBV" => &["qfaufbv"],
        // Quantified logics: quantifier elimination first, as users of Z3's `qe` and `qe2`
        // run it (Z3Prover/z3#4102 of the index is a wrong sat after `qe2`; on a formula
        // without quantifiers both leave it as it is).
        l if !l.starts_with("QF_") => &["(then qe2 smt)", "(then qe smt)"],
        _ => &[],
    }
}

/// Tactic `k` (modulo their number) of those Z3 solvers are made from for a formula of
/// `logic` (`Z3Solver::Tactic`), in SMT-LIB syntax (the z3 binary's `check-sat-using`).
pub fn z3_tactic(logic: &str, k: u8) -> &'static str {
    let own = z3_logic_tactics(logic);
    let k = usize::from(k) % (Z3_TACTICS.len() + own.len());
    Z3_TACTICS
        .get(k)
        .copied()
        .unwrap_or_else(|| own[k - Z3_TACTICS.len()])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Quantified logics draw the quantifier-elimination tactics beside the common ones;
    /// quantifier-free logics never do.
    #[test]
    fn quantified_logics_draw_quantifier_elimination_tactics() {
        let drawn =
            |logic: &str| -> Vec<&str> { (0..=u8::MAX).map(|k| z3_tactic(logic, k)).collect() };
        for logic in ["LIA", "UFNRA", "AUFLIA", "ALL"] {
            let d = drawn(logic);
            assert!(
                d.contains(&"(then qe2 smt)") && d.contains(&"(then qe smt)"),
                "{logic}"
            );
        }
        for logic in ["QF_LIA", "QF_BV", "QF_SLIA", "QF_AUFBV"] {
            assert!(drawn(logic).iter().all(|t| !t.contains("qe")), "{logic}");
        }
    }

    /// A formula a solver ran far past its limit on is skipped for that solver's library
    /// (API and text path) from then on in this process; another formula, and the other
    /// solver, are still asked.
    #[test]
    fn a_formula_a_solver_overran_on_is_skipped_for_that_solver_only() {
        let formula = |op: &str| {
            let text = format!(
                "(declare-fun overrun_probe () (_ BitVec 128))\
                 (assert (bvult overrun_probe ({op} overrun_probe overrun_probe)))"
            );
            crate::cases::smtlib::parse::parse_script(&text)
                .unwrap()
                .formula
        };
        let (division, remainder) = (formula("bvudiv"), formula("bvurem"));
        assert_eq!(skip_reason(SolverId::Cvc5, &division), None);
        remember_overrun(SolverId::Cvc5, &division);
        for id in [SolverId::Cvc5, SolverId::Cvc5Text] {
            assert_eq!(skip_reason(id, &division).as_deref(), Some(OVERRAN_BEFORE));
        }
        assert_eq!(skip_reason(SolverId::Z3, &division), None);
        assert_eq!(skip_reason(SolverId::Cvc5, &remainder), None);
    }

    /// A one-bit significand keeps a formula from Z3's C API only (its front end and cvc5
    /// take it); a format whose exponent is as wide as its significand makes Z3's and cvc5's
    /// errors limits, a wider significand does not; an array indexed by arrays keeps a
    /// formula from cvc5 only.
    #[test]
    fn documented_float_format_and_array_limits_name_their_solvers() {
        let parse = |text: &str| {
            crate::cases::smtlib::parse::parse_script(text)
                .unwrap()
                .formula
        };
        let one_bit = parse("(declare-fun x () (_ FloatingPoint 3 2))(assert (fp.isNormal x))");
        let z3_api = skip_reason(SolverId::Z3, &one_bit).expect("Z3's API refuses sb = 2");
        assert!(z3_api.contains("Z3_mk_fpa_sort"), "{z3_api}");
        for id in [SolverId::Z3Text, SolverId::Cvc5, SolverId::Cvc5Text] {
            assert_eq!(skip_reason(id, &one_bit), None, "{id}");
        }
        let wide = parse("(declare-fun x () (_ FloatingPoint 2 6))(assert (fp.isNormal x))");
        // Equal widths are no documented limit: Z3 fixed its Float(3,3) error as a bug.
        let square = parse("(declare-fun x () (_ FloatingPoint 3 3))(assert (fp.isNormal x))");
        let wider = parse("(declare-fun x () (_ FloatingPoint 4 3))(assert (fp.isNormal x))");
        for id in [SolverId::Z3, SolverId::Z3Text, SolverId::Cvc5] {
            assert_eq!(skip_reason(id, &wide), None, "{id}");
            assert_eq!(partial_support(id, &wide), None, "{id}");
            assert_eq!(partial_support(id, &square), None, "{id}");
            assert!(partial_support(id, &wider).is_some(), "{id}");
            assert!(partial_support(id, &one_bit).is_some(), "{id}");
        }
        assert_eq!(partial_support(SolverId::Yices, &wider), None);
        // A quantifier's variable of such a format counts though its body does not use it
        // (a campaign's false API error: Z3_mk_fpa_sort refused the variable's sort).
        let bound = parse("(declare-fun b () Bool)(assert (forall ((q (_ FloatingPoint 2 2))) b))");
        assert!(skip_reason(SolverId::Z3, &bound).is_some());
        assert!(partial_support(SolverId::Cvc5, &bound).is_some());
        let nested = parse(
            "(declare-fun a () (Array (Array Bool Bool) Bool))(declare-fun i () (Array Bool Bool))\
             (assert (select a i))",
        );
        assert!(skip_reason(SolverId::Cvc5, &nested).is_some());
        assert_eq!(skip_reason(SolverId::Z3, &nested), None);
    }

    /// Every extension operator has its readers, and only those have any.
    #[test]
    fn extensions_name_their_readers() {
        for op in Op::all() {
            assert_eq!(extension_readers(op).is_some(), op.is_extension(), "{op:?}");
        }
    }

    /// Each limitation matches its own message, with the case's parts in place of `*`, and
    /// not a message that merely contains its words (what substring rules accepted).
    #[test]
    fn limitations_match_exactly() {
        let m = |id, kind, msg: &str| limitation(id, kind, msg).is_some();
        assert!(m(
            SolverId::Z3,
            LimitKind::Check,
            "expression (re.complement (str.to.re s0)) does not correspond to a supported regular expression"
        ));
        assert!(m(
            SolverId::Z3Text,
            LimitKind::UnknownOperator,
            "line 1 column 99: unknown function/constant str.replace_re"
        ));
        assert!(m(
            SolverId::Cvc5Text,
            LimitKind::FrontEnd,
            "invalid argument '(- (/ 25.0 3.0))' for 'val', expected a value"
        ));
        assert!(m(
            SolverId::Cvc5Text,
            LimitKind::Check,
            "Cannot translate to BV: t"
        ));
        // Another message with the same words is an API error, not a limitation.
        assert!(!m(
            SolverId::Cvc5,
            LimitKind::Check,
            "Array theory solver does not yet support write-chains"
        ));
        assert!(!m(
            SolverId::Cvc5,
            LimitKind::Check,
            "Strings theory does not yet support something else"
        ));
        assert!(!m(
            SolverId::Cvc5,
            LimitKind::OptionConflict,
            "Fatal error in option parsing: a new option conflict"
        ));
        // The solver and the kind count.
        assert!(!m(
            SolverId::Z3,
            LimitKind::Check,
            "Array theory solver does not yet support write-chains connecting two different constant arrays"
        ));
        assert!(!m(
            SolverId::Cvc5,
            LimitKind::FrontEnd,
            "Array theory solver does not yet support write-chains connecting two different constant arrays"
        ));
        assert!(matches_exactly("a * b", "a  x y   b"));
        assert!(!matches_exactly("a * b", "a b"));
        assert!(!matches_exactly("a * b", "a x b c"));
        assert!(limitation_summary().starts_with("answered by a documented limitation: "));
    }
}
