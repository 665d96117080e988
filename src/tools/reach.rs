//! The reach audit (`smtsmith bugs reach`): which ingredients of each known bug's
//! reproducer the fuzz targets' generators make, and how often, measured by drawing cases.
//!
//! An ingredient is one thing a formula, script or setup has that a bug may need: a sort or
//! sort class (a Bool-indexed array, a nested array, a small float format), an operator, a
//! class of literal (an escaped string, a reversed `re.range`, a NaN, a subnormal, a big
//! integer), a theory pair, a command shape (two checks, `push`, `check-sat-assuming`,
//! `get-value`) or a setup (a solver option, a Z3 tactic, a fresh solver, the front ends).
//! [`of_reproducer`] lists a bug's; [`draw`] decodes cases of a target from seeded random
//! inputs as the target would and lists each case's. A bug is out of reach of a target
//! when one of its ingredients never appears in that target's cases, and rare when one
//! appears in fewer than [`RARE_PER_10K`] of 10,000.

use crate::cases::script::{Action, Script};
use crate::harness::Target;
use crate::lang::generate::{seeded_bytes, Case, Theories};
use crate::lang::ir::{Formula, NodeKind, Op, Sort, Value};
use crate::solver::{CaseSetup, SetupDraw, SolverId, Z3Solver};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// One case's ingredients, as labels (`sort:…`, `op:…`, `lit:…`, `mix:…`, `cmd:…`,
/// `setup:…`).
pub type Ingredients = BTreeSet<String>;

/// Below this many cases per 10,000 an ingredient counts as rare.
pub const RARE_PER_10K: f64 = 10.0;

/// The targets whose cases [`draw`] can decode without a solver (the constructions that
/// pick their seeds with the solvers, `fusion` and `sae`, draw from their own generators'
/// bytes as their fuzz targets do when no solver is up).
pub const DRAWN: [Target; 11] = [
    Target::Differential,
    Target::GroundTerms,
    Target::Script,
    Target::SeedMutation,
    Target::StringsSat,
    Target::StringsUnsat,
    Target::Regex,
    Target::Janus,
    Target::Fusion,
    Target::Enumerate,
    Target::Portfolio,
];

/// The class of a sort as an ingredient: exact where the exact sort matters to the known
/// bugs (bit-vector width classes, float formats, array index and element classes).
fn sort_label(s: &Sort) -> String {
    match s {
        Sort::Bool => "Bool".into(),
        Sort::Int => "Int".into(),
        Sort::Real => "Real".into(),
        Sort::BitVec(1) => "BitVec 1".into(),
        Sort::BitVec(w) if *w <= 8 => "BitVec 2-8".into(),
        Sort::BitVec(w) if *w <= 32 => "BitVec 9-32".into(),
        Sort::BitVec(w) if *w <= 64 => "BitVec 33-64".into(),
        Sort::BitVec(_) => "BitVec >64".into(),
        Sort::String => "String".into(),
        Sort::RegLan => "RegLan".into(),
        Sort::Array(i, e) => format!("(Array {} {})", short_sort(i), short_sort(e)),
        Sort::Uninterp(_) => "uninterpreted sort".into(),
        Sort::Float(eb, sb) => format!("(_ FloatingPoint {eb} {sb})"),
        Sort::RoundingMode => "RoundingMode".into(),
        Sort::Datatype(d) if !d.args.is_empty() => "parametric datatype".into(),
        Sort::Datatype(_) => "datatype".into(),
        Sort::Seq(e) => format!("(Seq {})", short_sort(e)),
    }
}

/// A sort inside an array sort's label: its theory only (`BV`, `FP`, `Array`, …).
fn short_sort(s: &Sort) -> &'static str {
    match s {
        Sort::Bool => "Bool",
        Sort::Int => "Int",
        Sort::Real => "Real",
        Sort::BitVec(_) => "BV",
        Sort::String => "String",
        Sort::RegLan => "RegLan",
        Sort::Array(..) => "Array",
        Sort::Uninterp(_) => "U",
        Sort::Float(..) => "FP",
        Sort::RoundingMode => "RM",
        Sort::Datatype(_) => "DT",
        Sort::Seq(_) => "Seq",
    }
}

/// The theory of a sort, for theory pairs (`None`: Bool).
fn theory_of(s: &Sort) -> Option<&'static str> {
    match s {
        Sort::Bool => None,
        Sort::Int => Some("Int"),
        Sort::Real => Some("Real"),
        Sort::BitVec(_) => Some("BV"),
        Sort::String | Sort::RegLan => Some("Strings"),
        Sort::Array(..) => Some("Arrays"),
        Sort::Uninterp(_) => Some("UF"),
        Sort::Float(..) | Sort::RoundingMode => Some("FP"),
        Sort::Datatype(_) => Some("Datatypes"),
        Sort::Seq(_) => Some("Sequences"),
    }
}

/// An operator's label: its SMT-LIB name, with the variant where several share it (the
/// five `to_fp` conversions).
fn op_label(op: Op) -> String {
    let name = op.name();
    if name == "to_fp" {
        format!("to_fp ({op:?})")
    } else {
        name.to_string()
    }
}

/// Whether `ingredient` is an operator of the core theory (the Boolean connectives, `=`,
/// `distinct`, `ite`: in the operator table under `Theory::Core`), which every formula has
/// and which says nothing of what a bug needs.
pub fn is_core_operator(ingredient: &str) -> bool {
    ingredient.strip_prefix("op:").is_some_and(|label| {
        Op::all()
            .any(|op| op.info().theory == crate::lang::ir::Theory::Core && op_label(op) == label)
    })
}

/// The classes a literal belongs to (none for a plain one).
fn literal_classes(v: &Value, out: &mut Ingredients) {
    use num_traits::{One, Signed, Zero};
    let mut add = |s: &str| {
        out.insert(format!("lit:{s}"));
    };
    match v {
        Value::Int(n) if n.abs() >= num_bigint::BigInt::from(1u64 << 32) => add("big integer"),
        Value::Int(n) if n.is_negative() => add("negative integer"),
        Value::Real(r) if !r.is_integer() => add("non-integer real"),
        Value::Real(r)
            if r.abs() >= num_rational::BigRational::from_integer((1u64 << 32).into()) =>
        {
            add("big real")
        }
        Value::BitVec { width, value } if *width > 1 => {
            let ones = (num_bigint::BigUint::one() << *width) - 1u32;
            if value.is_zero() {
                add("bit-vector zero");
            } else if *value == ones {
                add("bit-vector all ones");
            } else if *value == num_bigint::BigUint::one() << (*width - 1) {
                add("bit-vector signed minimum");
            }
        }
        Value::Str(s) if s.is_empty() => add("empty string"),
        Value::Str(s) => {
            if s.iter().any(|c| !(0x20..0x7f).contains(c)) {
                add("string escape");
            }
            if s.iter().any(|c| *c > 0xff) {
                add("string above 0xFF");
            }
        }
        Value::Float(x) => {
            if x.is_nan() {
                add("fp NaN");
            } else if x.is_inf() {
                add("fp infinity");
            } else if x.is_zero() {
                add(if x.sign { "fp -zero" } else { "fp +zero" });
            } else if x.is_subnormal() {
                add("fp subnormal");
            }
        }
        Value::Array(_) => add("array value"),
        _ => {}
    }
}

/// The ingredients of the terms of `f` reachable from its assertions.
pub fn of_formula(f: &Formula) -> Ingredients {
    let mut out = Ingredients::new();
    let mut theories = BTreeSet::new();
    let mut seen = vec![false; f.nodes.len()];
    let mut stack: Vec<crate::lang::ir::NodeId> = f.asserts.clone();
    while let Some(id) = stack.pop() {
        if std::mem::replace(&mut seen[id.0 as usize], true) {
            continue;
        }
        let node = f.node(id);
        out.insert(format!("sort:{}", sort_label(&node.sort)));
        theories.extend(theory_of(&node.sort));
        if let Sort::Array(i, e) = &node.sort {
            if matches!(**i, Sort::Array(..)) || matches!(**e, Sort::Array(..)) {
                out.insert("sort:nested array".into());
            }
        }
        match &node.kind {
            NodeKind::Lit(v) => literal_classes(v, &mut out),
            NodeKind::Const(_) => {}
            NodeKind::App(op, _, args) => {
                out.insert(format!("op:{}", op_label(*op)));
                let zero_divisor = matches!(
                    op,
                    Op::IntDiv
                        | Op::Mod
                        | Op::RealDiv
                        | Op::BvUdiv
                        | Op::BvUrem
                        | Op::BvSdiv
                        | Op::BvSrem
                        | Op::BvSmod
                        | Op::FpDiv
                        | Op::FpRem
                ) && args.iter().skip(1).any(|a| is_zero_literal(f, *a));
                if zero_divisor {
                    out.insert("lit:division by a zero literal".into());
                }
                if *op == Op::ReRange {
                    let lits: Vec<Option<&Vec<u32>>> = args
                        .iter()
                        .map(|a| match &f.node(*a).kind {
                            NodeKind::Lit(Value::Str(s)) => Some(s),
                            _ => None,
                        })
                        .collect();
                    match lits[..] {
                        [Some(lo), Some(hi)] if lo.len() != 1 || hi.len() != 1 => {
                            out.insert("lit:re.range not of single characters".into());
                        }
                        [Some(lo), Some(hi)] if lo[0] > hi[0] => {
                            out.insert("lit:re.range reversed".into());
                        }
                        _ => {}
                    }
                }
                stack.extend(args.iter().copied());
            }
            // A `let` is no ingredient: the solvers' parsers expand it into the shared
            // terms the API path builds, so no solver sees one.
            NodeKind::Let(binds, body) => {
                stack.extend(binds.iter().map(|(_, t)| *t));
                stack.push(*body);
            }
            NodeKind::Bound(_) => {}
            NodeKind::Call(_, args) => {
                out.insert(if args.is_empty() {
                    "term:uninterpreted constant".into()
                } else {
                    "term:uninterpreted function".into()
                });
                stack.extend(args.iter().copied());
            }
            NodeKind::Quant { forall, body, .. } => {
                out.insert(
                    if *forall {
                        "term:forall"
                    } else {
                        "term:exists"
                    }
                    .into(),
                );
                stack.push(*body);
            }
        }
    }
    for d in &f.decls {
        if !d.args.is_empty() {
            out.insert("term:uninterpreted function".into());
        }
    }
    let theories: Vec<&str> = theories.into_iter().collect();
    for (k, a) in theories.iter().enumerate() {
        for b in &theories[k + 1..] {
            out.insert(format!("mix:{a}+{b}"));
        }
    }
    out
}

fn is_zero_literal(f: &Formula, id: crate::lang::ir::NodeId) -> bool {
    use num_traits::Zero;
    match &f.node(id).kind {
        NodeKind::Lit(Value::Int(n)) => n.is_zero(),
        NodeKind::Lit(Value::Real(r)) => r.is_zero(),
        NodeKind::Lit(Value::BitVec { value, .. }) => value.is_zero(),
        NodeKind::Lit(Value::Float(x)) => x.is_zero(),
        _ => false,
    }
}

/// The ingredients of an incremental script: its terms' (those it asserts and assumes),
/// its command shapes and its options.
pub fn of_script(s: &Script) -> Ingredients {
    let mut out = of_formula(&s.shape());
    let checks = s.actions.iter().filter(|a| a.is_check()).count();
    if checks >= 2 {
        out.insert("cmd:two or more checks".into());
    }
    if checks >= 3 {
        out.insert("cmd:three or more checks".into());
    }
    let (mut depth, mut max_depth) = (0u32, 0u32);
    for a in &s.actions {
        match a {
            Action::Push(n) => {
                depth += n;
                max_depth = max_depth.max(depth);
                out.insert("cmd:push".into());
            }
            Action::Pop(n) => {
                depth = depth.saturating_sub(*n);
                out.insert("cmd:pop".into());
            }
            Action::CheckSatAssuming(_) => {
                out.insert("cmd:check-sat-assuming".into());
            }
            // Every check that answers sat has its model read, each declared constant's
            // value asked (by `get-value` on the front ends, from the model on the APIs):
            // only a value asked of a compound term is an ingredient of its own.
            Action::GetValue(ts)
                if ts
                    .iter()
                    .any(|t| !matches!(s.formula.node(*t).kind, NodeKind::Const(_))) =>
            {
                out.insert("cmd:get-value".into());
            }
            Action::GetValue(_) => {}
            Action::GetUnsatCore => {
                out.insert("cmd:get-unsat-core".into());
            }
            Action::GetUnsatAssumptions => {
                out.insert("cmd:get-unsat-assumptions".into());
            }
            Action::ResetAssertions => {
                out.insert("cmd:reset-assertions".into());
            }
            Action::Declare(_) | Action::Assert(_) | Action::CheckSat => {}
        }
    }
    if max_depth >= 2 {
        out.insert("cmd:push depth two or more".into());
    }
    for opts in s.setup.options.values() {
        for (name, value) in opts {
            out.insert(format!("setup:option {name}={value}"));
        }
    }
    out
}

/// The ingredients of a case's setup: its options, Z3's solver, a fresh solver, the front
/// ends.
fn of_setup(setup: &CaseSetup, f: &Formula, out: &mut Ingredients) {
    for id in SolverId::ALL {
        for (name, value) in setup.options_of(id) {
            out.insert(format!("setup:option {name}={value}"));
        }
    }
    match setup.z3_solver {
        Z3Solver::ForLogic | Z3Solver::General => {}
        Z3Solver::Simple => {
            out.insert("setup:z3 tactic smt".into());
        }
        Z3Solver::Tactic(k) => {
            out.insert(format!(
                "setup:z3 tactic {}",
                crate::dialect::facts::z3_tactic(&f.signature().logic(), k)
            ));
        }
    }
    if setup.reuse == crate::solver::Reuse::Fresh {
        out.insert("setup:fresh solver".into());
    }
    if setup.text {
        out.insert("setup:front end".into());
    }
}

/// Options that change no answer (they ask for productions or output), left out of a
/// reproducer's ingredients.
fn answer_neutral(option: &str) -> bool {
    option.starts_with("produce-")
        || matches!(
            option,
            "print-success"
                | "verbosity"
                | "incremental"
                | "global-declarations"
                | "interactive-mode"
                | "diagnostic-output-channel"
                | "regular-output-channel"
                | "reproducible-resource-limit"
                | "model"
                | "timeout"
        )
}

/// The ingredients of a reproducer's text: its script's, and its `set-option`s (those that
/// change an answer) and `check-sat-using` tactic as written.
pub fn of_reproducer(text: &str) -> Result<Ingredients, String> {
    let parsed = crate::cases::smtlib::parse::parse_script(text).map_err(|e| e.to_string())?;
    let mut out = of_script(&parsed.script);
    if crate::cases::smtlib::literal_backslashes(text).contains(&None) {
        out.insert(RAW_BACKSLASH.into());
    }
    if let Some(t) = &parsed.tactic {
        out.insert(format!("setup:z3 tactic {t}"));
    }
    for line in text.lines() {
        let Some(rest) = line.trim().strip_prefix("(set-option :") else {
            continue;
        };
        let mut words = rest.trim_end_matches(')').split_whitespace();
        if let (Some(name), Some(value)) = (words.next(), words.next()) {
            if !answer_neutral(name) {
                out.insert(format!("setup:option {name}={value}"));
            }
        }
    }
    Ok(out)
}

/// A string literal's backslash that starts no SMT-LIB 2.6 escape (`"\u{}"`, `"\x41"`): the
/// character itself by the standard, read otherwise by some front ends (Z3Prover/z3#5029).
/// Only a file's own text has one: smtsmith prints that character as the escape `\u{5c}`,
/// so no drawn case has this ingredient.
const RAW_BACKSLASH: &str = "lit:backslash outside an escape";

/// The ingredients of one drawn case: what its input decodes to for `target` under
/// `theories`, with its setup (`None`: the input decodes to no case).
pub fn case_ingredients(
    target: Target,
    input: &[u8],
    theories: &Theories,
    setups: &SetupDraw,
    seeds: &[Script],
) -> Option<Ingredients> {
    use crate::verdict::construct as c;
    if target == Target::Portfolio {
        let (member, rest) = target.resolve(input);
        return case_ingredients(member, rest, theories, setups, seeds);
    }
    let mut u = arbitrary::Unstructured::new(input);
    let (mut out, formula) = match target {
        Target::Differential | Target::ModelZ3 | Target::ModelCvc5 => {
            let case = Case::from_bytes_in(input, theories);
            (of_formula(&case.formula), case.formula)
        }
        Target::GroundTerms => {
            let case = Case::ground_from_bytes_in(input, theories);
            (of_formula(&case.formula), case.formula)
        }
        Target::Script => {
            let s = Script::from_bytes_in(input, theories);
            (of_script(&s), s.formula)
        }
        Target::SeedMutation => {
            // One mutation of a shipped seed: the seed chosen and mutated by the input's
            // bytes (libFuzzer's custom mutator applies one such step per mutation).
            let seed = u.choose(seeds).ok()?;
            match crate::cases::mutate::mutate_script(seed, &mut u) {
                Some((s, _)) => (of_script(&s), s.formula),
                None => (of_script(seed), seed.formula.clone()),
            }
        }
        Target::Enumerate => {
            let e = crate::lang::generate::enumerate::Enumerated::from_bytes(input, theories)?;
            (of_formula(&e.formula), e.formula)
        }
        Target::StringsSat => built(c::strings_sat::build(&mut u))?,
        Target::StringsUnsat => built(c::strings_unsat::build(&mut u))?,
        Target::Regex => built(c::regex::build(&mut u))?,
        Target::Janus => built(c::janus::build(&mut u))?,
        Target::Fusion => built(c::fusion::build(&mut u))?,
        Target::Sae => built(c::sae::build(&mut u))?,
        Target::Optimize => {
            let case = crate::cases::optimize::OptCase::from_bytes(
                input,
                crate::solver::catalog::optimizer_drawable(),
            )?;
            let mut out = of_formula(&case.formula);
            for o in &case.objectives {
                out.insert(format!("command:{}", o.direction.command()));
            }
            if !case.softs.is_empty() {
                out.insert("command:assert-soft".into());
            }
            out.insert(format!(
                "setup:option opt.priority={}",
                case.priority.name()
            ));
            (out, case.formula)
        }
        Target::Portfolio => unreachable!("resolved to a member above"),
    };
    if let Some(setup) = setups.setup_of(input) {
        of_setup(&setup, &formula, &mut out);
    }
    // The options the harness sets where the formula needs them (cvc5's fp-exp, Yices's
    // MCSAT), as a reproducer writes them.
    for id in SolverId::ALL {
        for (name, value) in crate::dialect::facts::formula_options(id, &formula) {
            out.insert(format!("setup:option {name}={value}"));
        }
    }
    Some(out)
}

fn built(
    c: arbitrary::Result<crate::verdict::construct::Constructed>,
) -> Option<(Ingredients, Formula)> {
    let c = c.ok()?;
    Some((of_formula(&c.formula), c.formula))
}

/// The fuzzer input of drawn case `k`: seeded random bytes of a length drawn log-uniformly
/// from 16 to 4,096 (the campaigns' `-max_len`).
pub fn drawn_input(seed: u64, k: u64) -> Vec<u8> {
    let header = seeded_bytes(seed ^ k.wrapping_mul(0x9e37_79b9_7f4a_7c15), 8);
    let r = u64::from_le_bytes(header[..8].try_into().expect("8 bytes"));
    // 2^4 .. 2^12
    let exp = 4.0 + (r % 10_000) as f64 / 10_000.0 * 8.0;
    let len = 2f64.powf(exp) as usize;
    seeded_bytes(seed.wrapping_add(k), len)
}

/// `n` cases of `target`, each one's ingredients (cases that decode to nothing are left
/// out; `decoded` says how many did).
pub struct Drawn {
    pub target: Target,
    pub inputs: usize,
    pub cases: Vec<Ingredients>,
}

impl Drawn {
    /// Cases per 10,000 inputs that have every ingredient of `needed`.
    pub fn per_10k(&self, needed: &Ingredients) -> f64 {
        let n = self
            .cases
            .iter()
            .filter(|c| needed.iter().all(|i| c.contains(i)))
            .count();
        n as f64 * 10_000.0 / self.inputs.max(1) as f64
    }

    /// Cases per 10,000 inputs that have each ingredient.
    pub fn frequencies(&self) -> BTreeMap<String, f64> {
        let mut m: BTreeMap<String, f64> = BTreeMap::new();
        for c in &self.cases {
            for i in c {
                *m.entry(i.clone()).or_default() += 1.0;
            }
        }
        for v in m.values_mut() {
            *v = *v * 10_000.0 / self.inputs.max(1) as f64;
        }
        m
    }
}

/// Draws `n` cases of `target` from seed `seed`.
pub fn draw(
    target: Target,
    n: usize,
    seed: u64,
    theories: &Theories,
    setups: &SetupDraw,
    seeds: &[Script],
) -> Drawn {
    let cases = (0..n as u64)
        .filter_map(|k| case_ingredients(target, &drawn_input(seed, k), theories, setups, seeds))
        .collect();
    Drawn {
        target,
        inputs: n,
        cases,
    }
}

/// One bug's reach: per target, its ingredients' frequencies and the joint frequency.
#[derive(Clone, Debug, Serialize)]
pub struct BugReach {
    pub bug: String,
    pub public: bool,
    pub solver: SolverId,
    pub ingredients: Vec<String>,
    /// Per target: cases per 10,000 with every ingredient.
    pub joint: BTreeMap<String, f64>,
    /// Ingredients no target makes.
    pub missing: Vec<String>,
    /// Ingredients made, but by no target in [`RARE_PER_10K`] or more cases per 10,000 (with
    /// the best target's figure).
    pub rare: Vec<(String, f64)>,
}

/// The reach of every bug of the index (whose reproducer smtsmith reads) over `drawn`.
pub fn audit(drawn: &[Drawn]) -> Vec<BugReach> {
    let freqs: Vec<BTreeMap<String, f64>> = drawn.iter().map(Drawn::frequencies).collect();
    let mut out = Vec::new();
    for k in crate::verdict::finding::known::index() {
        let Some(text) = crate::verdict::finding::known::reproducer(&k.file) else {
            continue;
        };
        let Ok(ingredients) = of_reproducer(text) else {
            continue;
        };
        let best = |i: &String| {
            freqs
                .iter()
                .map(|f| f.get(i).copied().unwrap_or(0.0))
                .fold(0.0, f64::max)
        };
        let missing = ingredients
            .iter()
            .filter(|i| best(i) == 0.0)
            .cloned()
            .collect();
        let rare = ingredients
            .iter()
            .map(|i| (i.clone(), best(i)))
            .filter(|(_, f)| *f > 0.0 && *f < RARE_PER_10K)
            .collect();
        out.push(BugReach {
            bug: k.file.clone(),
            public: k.is_public(),
            solver: k.solver,
            joint: drawn
                .iter()
                .map(|d| (d.target.name().to_string(), d.per_10k(&ingredients)))
                .collect(),
            ingredients: ingredients.into_iter().collect(),
            missing,
            rare,
        });
    }
    out
}

/// The audit as a Markdown table: bug, public or own, ingredients no target makes, rare
/// ones, and the best target with its joint frequency.
pub fn markdown(reach: &[BugReach], drawn: &[Drawn]) -> String {
    let mut s = String::new();
    let targets: Vec<&str> = drawn.iter().map(|d| d.target.name()).collect();
    s.push_str(&format!(
        "Cases drawn per target: {} ({}).\n\n",
        drawn.first().map_or(0, |d| d.inputs),
        targets.join(", ")
    ));
    s.push_str("| bug | source | missing (no target makes it) | rare (best per 10k) | all ingredients together: best target, per 10k |\n|---|---|---|---|---|\n");
    for b in reach {
        let (best_t, best_f) =
            b.joint.iter().fold(
                ("-", 0.0),
                |acc, (t, f)| if *f > acc.1 { (t, *f) } else { acc },
            );
        s.push_str(&format!(
            "| {} | {} | {} | {} | {} |\n",
            b.bug,
            if b.public { "public" } else { "own" },
            if b.missing.is_empty() {
                "–".to_string()
            } else {
                b.missing.join(", ")
            },
            if b.rare.is_empty() {
                "–".to_string()
            } else {
                b.rare
                    .iter()
                    .map(|(i, f)| format!("{i} ({f:.1})"))
                    .collect::<Vec<_>>()
                    .join(", ")
            },
            if best_f > 0.0 {
                format!("{best_t}, {best_f:.1}")
            } else {
                "none".into()
            }
        ));
    }
    let public: Vec<&BugReach> = reach.iter().filter(|b| b.public).collect();
    let together = public
        .iter()
        .filter(|b| b.joint.values().any(|f| *f > 0.0))
        .count();
    let made = public.iter().filter(|b| b.missing.is_empty()).count();
    s.push_str(&format!(
        "\nPublic bugs: {}; every ingredient made by some target: {made}; all together in one case of some target: {together}.\n",
        public.len()
    ));
    // The ingredients that block the most public bugs.
    let mut blocking: BTreeMap<&str, usize> = BTreeMap::new();
    for b in &public {
        for i in &b.missing {
            *blocking.entry(i).or_default() += 1;
        }
    }
    let mut blocking: Vec<(&str, usize)> = blocking.into_iter().collect();
    blocking.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    s.push_str("\n| missing ingredient | public bugs it blocks |\n|---|---|\n");
    for (i, n) in blocking {
        s.push_str(&format!("| {i} | {n} |\n"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The core operators are the table's `Theory::Core` rows, read back from their labels.
    #[test]
    fn core_operators_are_the_tables_core_rows() {
        for core in ["and", "or", "not", "xor", "=>", "=", "distinct", "ite"] {
            assert!(is_core_operator(&format!("op:{core}")), "{core}");
        }
        for other in [
            "op:fp.add",
            "op:<",
            "op:store",
            "op:str.len",
            "sort:Bool",
            "op:",
        ] {
            assert!(!is_core_operator(other), "{other}");
        }
    }

    /// A reproducer's ingredients name its sorts, operators, literal classes and commands.
    #[test]
    fn a_reproducers_ingredients() {
        let text = "(declare-const x (_ FloatingPoint 3 4))\n(declare-const a (Array Bool (Array Int Int)))\n\
                    (push 1)\n(assert (fp.isNaN (fp.add RNE x (_ NaN 3 4))))\n(assert (= (select a true) (select a false)))\n\
                    (assert (str.in_re \"\\u{0}\" (re.range \"z\" \"a\")))\n(check-sat)\n(pop 1)\n(check-sat-assuming ((= (div 5 0) 1)))\n";
        let i = of_reproducer(text).unwrap();
        for want in [
            "sort:(_ FloatingPoint 3 4)",
            "sort:(Array Bool Array)",
            "sort:nested array",
            "op:fp.add",
            "op:fp.isNaN",
            "lit:fp NaN",
            "lit:string escape",
            "lit:re.range reversed",
            "lit:division by a zero literal",
            "cmd:push",
            "cmd:check-sat-assuming",
            "cmd:two or more checks",
            "mix:FP+Strings",
        ] {
            assert!(i.contains(want), "{want} missing from {i:?}");
        }
        assert!(!i.contains("cmd:get-value"));
    }

    /// A backslash that starts no escape is an ingredient of a file's text only: one in a
    /// comment, a valid escape, and the printer's escape of the character are not.
    #[test]
    fn a_backslash_outside_an_escape_is_a_files_ingredient() {
        let with = |literal: &str| {
            let text = format!(
                "; a \\ here\n(declare-const s String)\n(assert (= s {literal}))\n(check-sat)\n"
            );
            of_reproducer(&text).unwrap().contains(RAW_BACKSLASH)
        };
        assert!(with("\"\\u{}\""));
        assert!(with("\"a\"\"\\x41\""));
        assert!(!with("\"\\u{41}\\u0041\""));
        assert!(!with("\"plain\""));
        let backslash = crate::lang::ir::string_literal(&[0x5c, u32::from('x')]);
        assert!(!with(&backslash), "{backslash}");
    }

    /// A `let` and a `get-value` of declared constants are no ingredients (every sat
    /// answer's model is read; the parsers expand lets), a `get-value` of a compound term is.
    #[test]
    fn lets_and_get_values_of_constants_are_no_ingredients() {
        let constants = "(declare-const x Int)\n(declare-const y Int)\n\
                         (assert (let ((z (+ x y))) (> z 2)))\n(check-sat)\n(get-value (x y))\n";
        let i = of_reproducer(constants).unwrap();
        assert!(i.contains("op:+"), "{i:?}");
        assert!(!i.contains("term:let"), "{i:?}");
        assert!(!i.contains("cmd:get-value"), "{i:?}");
        let compound =
            "(declare-const x Int)\n(assert (> x 2))\n(check-sat)\n(get-value ((+ x 1)))\n";
        let i = of_reproducer(compound).unwrap();
        assert!(i.contains("cmd:get-value"), "{i:?}");
    }

    /// Drawn cases of the generator have ingredients, and the same seed draws the same.
    #[test]
    fn drawing_is_deterministic_and_measures() {
        let setups = SetupDraw::default();
        let a = draw(Target::Differential, 200, 7, &Theories::ALL, &setups, &[]);
        let b = draw(Target::Differential, 200, 7, &Theories::ALL, &setups, &[]);
        assert_eq!(a.cases, b.cases);
        let f = a.frequencies();
        assert!(f.get("sort:Int").copied().unwrap_or(0.0) > 1000.0, "{f:?}");
        assert!(a.per_10k(&Ingredients::new()) > 9_999.0);
        let never: Ingredients = ["op:no such op".to_string()].into();
        assert_eq!(a.per_10k(&never), 0.0);
    }
}
