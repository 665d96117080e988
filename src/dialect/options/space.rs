//! The solvers' whole option space, read from each solver (as Falcon fuzzed the solvers'
//! configurations, ISSTA 2021): Z3's parameter descriptions as its release prints them
//! (`z3 -pd`: every module's parameters with kind, description and default), cvc5's option
//! information (`cvc5_get_option_names`, `cvc5_get_option_info`: kind, default, range or
//! modes, category). What may be drawn is every option the written rule below does not
//! exclude; the rule names why each excluded option is out, so a new release's options are
//! sorted without anyone reading them first.
//!
//! **The exclusion rule** ([`Rule`], applied in this order, the first that applies):
//! 1. [`Rule::Scope`] — whole parts of a solver that are not one case's solver: Z3's global
//!    parameters (process-wide: memory, encoding, compliance, every context of the process),
//!    its printer, parser, TPTP front end, fixedpoint engine, parallel solver, model display
//!    and evaluation and the optimizer (drawn by the optimizer's own oracle).
//! 2. [`Rule::Output`] — output channels: printing, dumping, tracing, logging, statistics,
//!    verbosity, files.
//! 3. [`Rule::Proofs`] — proof production and proof formats.
//! 4. [`Rule::Limits`] — resource limits (time, resources, memory, conflicts): the harness
//!    sets the limits; a drawn one only turns answers into `unknown`.
//! 5. [`Rule::Seeds`] — random seeds: a finding that needs one seed does not reproduce on
//!    another build or platform, so a maintainer cannot act on it.
//! 6. [`Rule::Parallel`] — threads and cubing: nondeterministic, and several threads in a
//!    fuzzing process.
//! 7. [`Rule::Harness`] — what the harness sets for every case itself: models, cores,
//!    assumptions, incrementality, the logic, the language.
//! 8. [`Rule::SelfChecks`] — the solver's own checks (Z3 `*.validate`, cvc5 `check-*`): the
//!    self-check setup draws them.
//! 9. [`Rule::Semantics`] — options that change what a formula means or what a correct
//!    answer is, each named with the solver's own description: a finding under them is no
//!    bug ([`SEMANTICS`]).
//! 10. [`Rule::Expert`] — options cvc5 itself classes as expert or undocumented (not its
//!     users' usage model, by its own fuzzing guidelines).
//! 11. [`Rule::NoValues`] — options whose values the description does not give (strings,
//!     file names, a symbol without its choices, options without a value).
//! 12. [`Rule::NotPerSolver`] — Z3: parameters its solver object does not take (the
//!     solver's parameter descriptions do not list them: `sat.`, `nlsat.`, `pi.`, …, which
//!     only the process-wide `set-option` reaches); applied by the reader, which asks the
//!     linked library ([`Catalog::only_per_solver`]).
//!
//! Values per option ([`Described::values`]): both Booleans; every listed choice (Z3's
//! symbols and enumerated numbers, cvc5's modes) but those [`SEMANTICS`] rules out; for
//! numbers, the boundaries and the default's neighbours inside the described range.

use crate::dialect::solver_id::SolverId;
use serde::Serialize;

/// What values an option takes.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Bool,
    /// A non-negative integer within `min..=max`.
    Unsigned {
        min: u64,
        max: u64,
    },
    /// An integer within `min..=max`.
    Int {
        min: i64,
        max: i64,
    },
    /// A number within `min..=max`.
    Double {
        min: f64,
        max: f64,
    },
    /// One of the named choices.
    Choice(Vec<String>),
    /// A string, a file name, or a symbol whose choices are not described.
    Text,
    /// No value (a command-like option).
    Void,
}

/// Where an option's description comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// The linked release's `z3 -pd` (its parameter descriptions).
    Z3ParamDescriptions,
    /// The linked cvc5's `cvc5_get_option_info`.
    Cvc5OptionInfo,
    /// The loaded Yices release's `yices` binary: `(show-params)`, each search parameter
    /// with its value.
    YicesShowParams,
}

impl Source {
    pub fn words(self) -> &'static str {
        match self {
            Source::Z3ParamDescriptions => "the linked release's parameter descriptions (z3 -pd)",
            Source::Cvc5OptionInfo => {
                "the linked library's option information (cvc5_get_option_names, cvc5_get_option_info)"
            }
            Source::YicesShowParams => {
                "the loaded release's search parameters (its yices binary, (show-params))"
            }
        }
    }
}

/// One option as its solver describes it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Described {
    pub solver: SolverId,
    /// The SMT-LIB name (`(set-option :NAME VALUE)`): Z3's module-qualified (`smt.relevancy`),
    /// cvc5's as its option names.
    pub name: String,
    /// Z3's module (`None`: a global parameter); cvc5's options have none.
    pub module: Option<String>,
    pub kind: Kind,
    pub default: Option<String>,
    pub doc: String,
    /// cvc5's category (`regular`, `common`, `expert`, `undocumented`).
    pub category: Option<String>,
    pub source: Source,
}

/// Why an option is not drawn (the module's rule, in its order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    Scope,
    Output,
    Proofs,
    Limits,
    Seeds,
    Parallel,
    Harness,
    SelfChecks,
    Semantics,
    Expert,
    NoValues,
    /// Z3: not a parameter of its solver object (the solver's descriptions do not list it).
    NotPerSolver,
}

impl Rule {
    pub const ALL: [Rule; 12] = [
        Rule::Scope,
        Rule::Output,
        Rule::Proofs,
        Rule::Limits,
        Rule::Seeds,
        Rule::Parallel,
        Rule::Harness,
        Rule::SelfChecks,
        Rule::Semantics,
        Rule::Expert,
        Rule::NoValues,
        Rule::NotPerSolver,
    ];

    /// The rule's reason, as `smtsmith options` prints it.
    pub fn reason(self) -> &'static str {
        match self {
            Rule::Scope => "not one case's solver: process-wide parameters, printing, parsing, other front ends and engines, parallel solving, model display, the optimizer (its own oracle draws it)",
            Rule::Output => "an output channel (printing, dumping, tracing, logging, statistics, verbosity, files)",
            Rule::Proofs => "proof production (an answer format, not the search)",
            Rule::Limits => "a resource limit: the harness sets the limits, a drawn one only turns answers into unknown",
            Rule::Seeds => "a random seed: a finding that needs one seed does not reproduce on another build or platform",
            Rule::Parallel => "threads or cubing: nondeterministic, and threads inside a fuzzing process",
            Rule::Harness => "set by the harness for every case (models, cores, assumptions, incrementality, logic, language)",
            Rule::SelfChecks => "a self-check of the solver's own (the self-check setup draws them)",
            Rule::Semantics => "changes what a formula means or what a correct answer is (a finding under it is no bug)",
            Rule::Expert => "cvc5 classes it as expert or undocumented: outside its users' usage model",
            Rule::NoValues => "its values are not described (a string, a file name, a symbol without its choices, no value)",
            Rule::NotPerSolver => "not a parameter of Z3's solver object (Z3_solver_get_param_descrs does not list it; Z3_solver_set_params refuses it at the next call): only the process-wide set-option reaches it, which cases sharing one process cannot draw each",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Rule::Scope => "scope",
            Rule::Output => "output",
            Rule::Proofs => "proofs",
            Rule::Limits => "limits",
            Rule::Seeds => "seeds",
            Rule::Parallel => "parallel",
            Rule::Harness => "harness",
            Rule::SelfChecks => "self-checks",
            Rule::Semantics => "semantics",
            Rule::Expert => "expert",
            Rule::NoValues => "no-values",
            Rule::NotPerSolver => "not-per-solver",
        }
    }
}

/// Options (or some of their values) that change what a formula means or what a correct
/// answer is, each with the solver's own words: (solver, name, values ruled out — empty: the
/// whole option —, why).
pub const SEMANTICS: &[(SolverId, &str, &[&str], &str)] = &[
    (
        SolverId::Z3,
        "rewriter.hi_div0",
        &[],
        "\"use the 'hardware interpretation' for division by zero (for bit-vector terms)\": off, bit-vector division by zero is not SMT-LIB's",
    ),
    (
        SolverId::Z3,
        "smt.arith.ignore_int",
        &[],
        "\"treat integer variables as real\": integers lose their meaning",
    ),
    (
        SolverId::Z3,
        "smt.arith.solver",
        &["0", "1", "3", "4", "5"],
        "\"0 - no solver, 1 - bellman-ford based solver (diff. logic only), … 3 - floyd-warshall based solver (diff. logic only) and no theory combination 4 - utvpi, 5 - infinitary lra\": not solvers of general arithmetic",
    ),
    (
        SolverId::Z3,
        "smt.string_solver",
        &["empty", "none"],
        "\"options are: 'z3str3', 'seq', 'empty', 'none'\": empty and none decide strings without a string solver",
    ),
    (
        SolverId::Z3,
        "combined_solver.solver2_unknown",
        &[],
        "what the combined solver answers when its second solver gives up: an answer policy, not a search",
    ),
    (
        SolverId::Cvc5,
        "arith-no-partial-fun",
        &[],
        "\"do not use partial function semantics for arithmetic (not SMT LIB compliant)\"",
    ),
    (
        SolverId::Cvc5,
        "strings-alpha-card",
        &[],
        "\"the assumed cardinality of the alphabet of characters for strings\": another alphabet than SMT-LIB's",
    ),
    (
        SolverId::Cvc5,
        "global-declarations",
        &[],
        "declarations outlive their pop: another meaning of push and pop",
    ),
    (
        SolverId::Cvc5,
        "force-logic",
        &[],
        "another logic than the script's",
    ),
];

/// Z3 modules out of [`Rule::Scope`] (global parameters are too).
const Z3_OUT_OF_SCOPE: &[&str] = &[
    "pp",
    "parser",
    "tptp",
    "fp",
    "parallel",
    "model",
    "model_evaluator",
    "opt",
];

/// cvc5 options of another job than checking one case (cvc5 gives no descriptions through
/// its API; its `--help` text says): `preprocess-only` ("only run preprocessing"),
/// `strict-parsing` and `fresh-declarations` (the parser), `early-exit` (the process's
/// exit), `cegis-sample` (SyGuS), `condense-function-values` (how models are shown).
const CVC5_OUT_OF_SCOPE: &[&str] = &[
    "preprocess-only",
    "strict-parsing",
    "fresh-declarations",
    "early-exit",
    "cegis-sample",
    "condense-function-values",
];

/// cvc5's printer settings: `dag-thresh` ("dagify common subexprs appearing > N times"),
/// `expr-depth` ("print exprs to depth N").
const CVC5_PRINTING: &[&str] = &["dag-thresh", "expr-depth"];

/// The parts of a name (split at `.`, `_`, `-`).
fn tokens(name: &str) -> impl Iterator<Item = &str> {
    name.split(['.', '_', '-'])
}

/// The words of a description, lower case.
fn words(doc: &str) -> Vec<String> {
    doc.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect()
}

impl Described {
    /// For a parameter of Z3's `opt` module (outside a case's solver, by [`Rule::Scope`]):
    /// the rule's other reasons, which decide what the optimizer's own oracle draws;
    /// `opt.priority` is the case's own choice. `None` for other options.
    pub fn excluded_from_optimizer(&self) -> Option<Option<Rule>> {
        if self.solver != SolverId::Z3 || self.module.as_deref() != Some("opt") {
            return None;
        }
        if self.name == "opt.priority" {
            return Some(Some(Rule::Harness));
        }
        let inside = Described {
            module: Some("smt".into()),
            ..self.clone()
        };
        Some(inside.excluded_by())
    }

    /// The rule that excludes this option, or `None`: it is drawn.
    pub fn excluded_by(&self) -> Option<Rule> {
        let name_has = |ts: &[&str]| tokens(&self.name).any(|t| ts.contains(&t));
        let doc = words(&self.doc);
        let doc_has = |ws: &[&str]| doc.iter().any(|w| ws.contains(&w.as_str()));
        if self.solver == SolverId::Z3
            && self
                .module
                .as_deref()
                .is_none_or(|m| Z3_OUT_OF_SCOPE.contains(&m))
        {
            return Some(Rule::Scope);
        }
        if self.solver == SolverId::Cvc5
            && (name_has(&[
                "sygus",
                "lang",
                "language",
                "interactive",
                "interpolants",
                "opt",
            ]) || self.name.starts_with("parse")
                || CVC5_OUT_OF_SCOPE.contains(&self.name.as_str()))
        {
            return Some(Rule::Scope);
        }
        // Yices: the exists-forall solver's and the e-matching parameters (its contexts here
        // are quantifier-free).
        if self.solver == SolverId::Yices
            && (self.name.starts_with("ef-") || self.name.starts_with("ematch-"))
        {
            return Some(Rule::Scope);
        }
        if name_has(&[
            "print",
            "dump",
            "trace",
            "log",
            "verbose",
            "verbosity",
            "stats",
            "statistics",
            "display",
            "console",
            "file",
            "diagnostic",
            "profile",
            "out",
            "output",
            "quiet",
            "debug",
            "2console",
            "files",
            "smtlib2",
            "copyright",
            "help",
            "version",
            "show",
        ]) || CVC5_PRINTING.contains(&self.name.as_str())
            || doc_has(&[
                "print",
                "dump",
                "trace",
                "display",
                "file",
                "verbose",
                "statistics",
                "logging",
            ])
        {
            return Some(Rule::Output);
        }
        if name_has(&["proof", "proofs", "drat", "lrat", "unsat-core-mode"])
            || doc_has(&["proof", "proofs"])
        {
            return Some(Rule::Proofs);
        }
        if name_has(&[
            "timeout",
            "rlimit",
            "tlimit",
            "memory",
            "reproducible",
            "abort",
        ]) || doc_has(&["timeout", "memory", "milliseconds"])
            || self.name.contains("max_conflicts")
            // Step bounds: `rewriter.max_steps=1` makes Z3 answer unknown ("max. steps
            // exceeded") on QF_BV it decides.
            || self.name.contains("max_steps")
            || self.name.contains("resource")
        {
            return Some(Rule::Limits);
        }
        if name_has(&["seed"]) || self.doc.to_ascii_lowercase().contains("random seed") {
            return Some(Rule::Seeds);
        }
        if name_has(&[
            "threads",
            "thread",
            "parallel",
            "cube",
            "cubes",
            "portfolio",
        ]) {
            return Some(Rule::Parallel);
        }
        if matches!(
            self.name.as_str(),
            "incremental"
                | "model"
                | "unsat_core"
                | "logic"
                | "produce-models"
                | "produce-assignments"
        ) || self.name.starts_with("produce-")
            || self.name.starts_with("lang")
        {
            return Some(Rule::Harness);
        }
        if name_has(&["validate", "verify"])
            || self.name.starts_with("check-")
            || self.name.ends_with("check_lemmas")
        {
            return Some(Rule::SelfChecks);
        }
        if SEMANTICS
            .iter()
            .any(|(s, n, values, _)| *s == self.solver && *n == self.name && values.is_empty())
        {
            return Some(Rule::Semantics);
        }
        if matches!(self.category.as_deref(), Some("expert" | "undocumented")) {
            return Some(Rule::Expert);
        }
        if matches!(self.kind, Kind::Text | Kind::Void) || self.values().is_empty() {
            return Some(Rule::NoValues);
        }
        None
    }

    /// The values drawn for the option: both Booleans; every choice but those [`SEMANTICS`]
    /// rules out; for numbers, the range's ends (an unbounded end: a large value), 0, 1, 2
    /// and the default with its neighbours, within the range.
    pub fn values(&self) -> Vec<String> {
        let ruled_out: &[&str] = SEMANTICS
            .iter()
            .find(|(s, n, _, _)| *s == self.solver && *n == self.name)
            .map_or(&[], |(_, _, v, _)| v);
        let mut out: Vec<String> = match &self.kind {
            Kind::Bool => vec!["true".into(), "false".into()],
            Kind::Choice(c) => c.clone(),
            Kind::Unsigned { min, max } => {
                let d = self.default.as_deref().and_then(|d| d.parse::<u64>().ok());
                let mut v = vec![*min, 0, 1, 2, (*max).min(1 << 20)];
                if let Some(d) = d {
                    v.extend([
                        d.saturating_sub(1),
                        d,
                        d.saturating_add(1),
                        d.saturating_mul(2),
                    ]);
                }
                if *max < u64::from(u32::MAX) {
                    v.push(*max);
                }
                v.retain(|x| x >= min && x <= max);
                v.sort();
                v.dedup();
                v.into_iter().map(|x| x.to_string()).collect()
            }
            Kind::Int { min, max } => {
                let d = self.default.as_deref().and_then(|d| d.parse::<i64>().ok());
                let mut v = vec![*min.max(&-(1 << 20)), -1, 0, 1, 2, *max.min(&(1 << 20))];
                if let Some(d) = d {
                    v.extend([
                        d.saturating_sub(1),
                        d,
                        d.saturating_add(1),
                        d.saturating_mul(2),
                    ]);
                }
                v.retain(|x| x >= min && x <= max);
                v.sort();
                v.dedup();
                v.into_iter().map(|x| x.to_string()).collect()
            }
            Kind::Double { min, max } => {
                let d = self.default.as_deref().and_then(|d| d.parse::<f64>().ok());
                let mut v = vec![min.max(-1e6), 0.0, 0.5, 1.0, 2.0, max.min(1e6)];
                if let Some(d) = d {
                    v.extend([d / 2.0, d, d * 2.0]);
                }
                v.retain(|x| x.is_finite() && x >= min && x <= max);
                v.sort_by(f64::total_cmp);
                v.dedup();
                // Decimal notation (SMT-LIB reads no exponent), with a point.
                v.into_iter()
                    .map(|x| match format!("{x}") {
                        t if t.contains('.') => t,
                        t => format!("{t}.0"),
                    })
                    .collect()
            }
            Kind::Text | Kind::Void => Vec::new(),
        };
        out.retain(|v| !ruled_out.contains(&v.as_str()));
        out
    }

    /// Whether its solver calls it experimental (cvc5's `-exp` options).
    pub fn experimental(&self) -> bool {
        self.solver == SolverId::Cvc5 && self.name.ends_with("-exp")
    }
}

/// Reads `z3 -pd`: `Global parameters`, then `[module] NAME, description: …` sections of
/// `    name (kind) description (default: VALUE)` lines.
/// Yices's search parameters as its `yices` binary's `(show-params)` prints them
/// (`name:   value`): the kind from the value (Booleans, integers, decimals; any other word
/// is the one choice it shows), the value as the default. Integers range over 0 to 2^32 - 1;
/// a decimal over 0 to twice its default, at least 1, until `yices-smt2`'s refusals narrow
/// them ([`refine_yices_range`]; the catalog reads them from the loaded release).
pub fn parse_yices_params(text: &str) -> Vec<Described> {
    text.lines()
        .filter_map(|line| {
            let (name, value) = line.split_once(':')?;
            let (name, value) = (name.trim(), value.trim());
            let plain = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
            if name.is_empty()
                || !name.chars().all(plain)
                || value.is_empty()
                || value.contains(' ')
            {
                return None;
            }
            let kind = match value {
                "true" | "false" => Kind::Bool,
                v if v.parse::<u64>().is_ok() => Kind::Unsigned {
                    min: 0,
                    max: u64::from(u32::MAX),
                },
                v if v.parse::<f64>().is_ok() => Kind::Double {
                    min: 0.0,
                    max: (2.0 * v.parse::<f64>().unwrap_or(0.5)).max(1.0),
                },
                v => Kind::Choice(vec![v.to_string()]),
            };
            Some(Described {
                solver: SolverId::Yices,
                name: name.to_string(),
                module: None,
                kind,
                default: Some(value.to_string()),
                doc: String::new(),
                category: None,
                source: Source::YicesShowParams,
            })
        })
        .collect()
}

/// The values `yices-smt2` is given for a Yices parameter of `kind` to read its range from
/// its refusals ([`refine_yices_range`]): a word no choice is named, the smallest and a
/// large number (Yices's `(show-params)` shows values, not ranges).
pub fn yices_range_probes(kind: &Kind) -> &'static [&'static str] {
    match kind {
        Kind::Choice(_) => &["smtsmith-probe"],
        Kind::Unsigned { .. } => &["0", "4294967295"],
        Kind::Double { .. } => &["0.0", "1000000.0"],
        _ => &[],
    }
}

/// `kind` narrowed by what `yices-smt2` answered to `(set-option :yices-NAME probe)`:
/// `must be one of 'a' 'b'` (its choices), `must be positive`, `must be at least N`,
/// `must be between A and B` (`2^16` read as a power), `integer overflow` (past 2^30 - 1). Any other answer (`success`) leaves it as it was.
pub fn refine_yices_range(kind: Kind, answer: &str) -> Kind {
    let number = |t: &str| -> Option<f64> {
        let t = t.trim().trim_end_matches(['"', ')']);
        match t.split_once('^') {
            Some((b, e)) => Some(b.parse::<f64>().ok()?.powf(e.parse().ok()?)),
            None => t.parse().ok(),
        }
    };
    let Some(rule) = answer.split("): ").nth(1) else {
        return kind;
    };
    let rule = rule.trim().trim_end_matches([')', '"']);
    if let Some(list) = rule.strip_prefix("must be one of ") {
        let choices: Vec<String> = list
            .split('\'')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(String::from)
            .collect();
        return Kind::Choice(choices);
    }
    let (low, high) = if rule == "must be positive" {
        (Some(None), None)
    } else if let Some(n) = rule.strip_prefix("must be at least ") {
        (number(n).map(Some), None)
    } else if let Some((a, b)) = rule
        .strip_prefix("must be between ")
        .and_then(|r| r.split_once(" and "))
    {
        (number(a).map(Some), number(b))
    } else if rule == "integer overflow" {
        // Measured on 2.6.5 (`c-threshold`, `max-ack`): 2^30 - 1 is taken, 2^30 overflows.
        (None, Some(f64::from((1u32 << 30) - 1)))
    } else {
        (None, None)
    };
    match kind {
        Kind::Unsigned { min, max } => Kind::Unsigned {
            // Positive: at least 1.
            min: low.map_or(min, |l| l.map_or(1, |l| l as u64)).max(min),
            max: high.map_or(max, |h| h as u64).min(max),
        },
        Kind::Double { min, max } => Kind::Double {
            // Positive: from a small positive value (0 itself is refused).
            min: low.map_or(min, |l| l.unwrap_or(1e-6)).max(min),
            max: high.map_or(max, |h| h.min(max)),
        },
        other => other,
    }
}

pub fn parse_z3_descriptions(text: &str) -> Vec<Described> {
    let mut out = Vec::new();
    let mut module: Option<String> = None;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("[module] ") {
            module = rest.split(',').next().map(|m| m.trim().to_string());
            continue;
        }
        let Some(body) = line.strip_prefix("    ") else {
            continue;
        };
        let Some((name, rest)) = body.split_once(" (") else {
            continue;
        };
        let Some((kind, doc)) = rest.split_once(')') else {
            continue;
        };
        if name.contains(' ') {
            continue;
        }
        let doc = doc.trim();
        let (doc, default) = match doc.rfind("(default: ") {
            Some(at) if doc.ends_with(')') => (
                doc[..at].trim().to_string(),
                Some(doc[at + "(default: ".len()..doc.len() - 1].to_string()),
            ),
            _ => (doc.to_string(), None),
        };
        let kind = match kind {
            "bool" => Kind::Bool,
            "unsigned int" => match enumerated_numbers(&doc) {
                Some(c) => Kind::Choice(c),
                None => Kind::Unsigned {
                    min: 0,
                    max: u64::from(u32::MAX),
                },
            },
            // Z3 describes no range; its doubles are factors, thresholds and tolerances,
            // none meant below zero.
            "double" => Kind::Double {
                min: 0.0,
                max: f64::MAX,
            },
            "symbol" => match symbol_choices(&doc, default.as_deref()) {
                Some(c) => Kind::Choice(c),
                None => Kind::Text,
            },
            _ => Kind::Text,
        };
        let name = match &module {
            Some(m) => format!("{m}.{name}"),
            None => name.to_string(),
        };
        out.push(Described {
            solver: SolverId::Z3,
            name,
            module: module.clone(),
            kind,
            default,
            doc,
            category: None,
            source: Source::Z3ParamDescriptions,
        });
    }
    out
}

/// The numbers a description enumerates (`0 - no solver, 1 - …, 2 - …`), where it lists at
/// least two.
fn enumerated_numbers(doc: &str) -> Option<Vec<String>> {
    let mut found = Vec::new();
    let bytes = doc.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric()) {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            if doc[i..].starts_with(" - ") || doc[i..].starts_with(": ") && !found.is_empty() {
                found.push(doc[start..i].to_string());
            }
        } else {
            i += 1;
        }
    }
    found.dedup();
    (found.len() >= 2).then_some(found)
}

/// The choices a symbol's description lists (after its last `:`, or after `either`), where
/// the default is among them.
fn symbol_choices(doc: &str, default: Option<&str>) -> Option<Vec<String>> {
    let default = default?;
    // Explanations in parentheses name no choice.
    let mut plain = String::new();
    let mut depth = 0;
    for c in doc.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let list = match (plain.rfind(':'), plain.find("either ")) {
        (Some(at), _) => &plain[at + 1..],
        (None, Some(at)) => &plain[at + "either ".len()..],
        _ => return None,
    };
    const NOT_CHOICES: &[&str] = &["or", "and", "either", "default", "options", "are", "use"];
    let choices: Vec<String> = list
        .split(|c: char| c == ',' || c.is_whitespace())
        .map(|w| w.trim_matches(|c: char| c == '\'' || c == '"' || c == '.'))
        .filter(|w| {
            !w.is_empty()
                && !NOT_CHOICES.contains(w)
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        })
        .map(str::to_string)
        .collect();
    (choices.len() >= 2 && choices.iter().any(|c| c == default)).then_some(choices)
}

/// The options of one solver, and which the rule excludes.
#[derive(Clone, Debug, Serialize)]
pub struct Catalog {
    pub solver: SolverId,
    pub source: Source,
    /// The release the options were read from.
    pub release: String,
    pub drawn: Vec<Described>,
    pub excluded: Vec<(Described, Rule)>,
}

impl Catalog {
    /// Sorts `options` into drawn and excluded by the rule.
    pub fn new(
        solver: SolverId,
        source: Source,
        release: String,
        options: Vec<Described>,
    ) -> Catalog {
        let mut drawn = Vec::new();
        let mut excluded = Vec::new();
        for o in options {
            match o.excluded_by() {
                Some(rule) => excluded.push((o, rule)),
                None => drawn.push(o),
            }
        }
        Catalog {
            solver,
            source,
            release,
            drawn,
            excluded,
        }
    }

    /// Moves the drawn options whose API name (`smt.`/`rewriter.` dropped) is not among
    /// `names` — the parameters Z3's solver object takes — to the excluded, by
    /// [`Rule::NotPerSolver`].
    pub fn only_per_solver(mut self, names: &[String]) -> Catalog {
        let (keep, out): (Vec<Described>, Vec<Described>) = self
            .drawn
            .into_iter()
            .partition(|d| names.iter().any(|n| n == super::z3_api_name(&d.name)));
        self.drawn = keep;
        self.excluded
            .extend(out.into_iter().map(|d| (d, Rule::NotPerSolver)));
        self
    }

    /// How many options each rule excludes, in the rule's order.
    pub fn excluded_by_rule(&self) -> Vec<(Rule, usize)> {
        Rule::ALL
            .into_iter()
            .map(|r| (r, self.excluded.iter().filter(|(_, x)| *x == r).count()))
            .filter(|(_, n)| *n > 0)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PD: &str = "Global parameters
    timeout (unsigned int) (default: infty) timeout in milliseconds. (default: 4294967295)
    auto_config (bool) use heuristics to automatically select solver and configure it (default: true)

[module] sat, description: propositional SAT solver
    restart (symbol) restart strategy: static, luby, ema or geometric (default: ema)
    pb.solver (symbol) method for handling Pseudo-Boolean constraints: circuit (arithmetical circuit), sorting (sorting circuit), solver (use native solver) (default: solver)
    drat.file (symbol) file to dump DRAT proofs
    random_seed (unsigned int) random seed (default: 0)
[module] smt, description: smt solver based on lazy smt
    arith.solver (unsigned int) arithmetic solver: 0 - no solver, 1 - bellman-ford based solver (diff. logic only), 2 - simplex based solver, 3 - floyd-warshall based solver (diff. logic only) and no theory combination 4 - utvpi, 5 - infinitary lra, 6 - lra solver (default: 6)
    relevancy (unsigned int) relevancy propagation heuristic: 0 - disabled, 1 - relevancy is tracked by only affects quantifier instantiation, 2 - relevancy is tracked, and an atom is only marked as relevant if it occurs in a clause (default: 2)
    string_solver (symbol) solver for string/sequence theories. options are: 'z3str3', 'seq', 'empty', 'none' (default: seq)
    qi.eager_threshold (double) threshold for eager quantifier instantiation (default: 10.0)
    arith.ignore_int (bool) treat integer variables as real (default: false)
    max_conflicts (unsigned int) maximum number of conflicts before giving up. (default: 4294967295)
    restart_factor (double) when using geometric (or inner-outer-geometric) progression of restarts, it specifies the constant used to multiply the current restart threshold (default: 1.1)
    arith.validate (bool) validate lemmas generated by arithmetic solver (default: false)
[module] pp, description: pretty printer
    decimal (bool) pretty print real numbers using decimal notation (default: false)
";

    /// `(show-params)` lines read as Yices's parameters: kinds from the values, the value
    /// as the default; other lines (the fatal error, blank lines) are not parameters.
    #[test]
    fn yices_show_params_lines_are_read_as_parameters() {
        let text = "var-elim:            true\nc-threshold:         100\nc-factor:            1.50\nbranching:           default\n\nFATAL ERROR: invalid parameter id in 'show_param'\n";
        let ps = parse_yices_params(text);
        let names: Vec<&str> = ps.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(names, ["var-elim", "c-threshold", "c-factor", "branching"]);
        assert_eq!(ps[0].kind, Kind::Bool);
        assert_eq!(
            ps[1].kind,
            Kind::Unsigned {
                min: 0,
                max: u64::from(u32::MAX)
            }
        );
        assert_eq!(ps[2].kind, Kind::Double { min: 0.0, max: 3.0 });
        assert_eq!(ps[3].kind, Kind::Choice(vec!["default".into()]));
        assert!(ps.iter().all(|d| d.solver == SolverId::Yices));
    }

    /// Yices 2.6.5's refusals (`yices-smt2`'s own words) narrow the ranges read from its
    /// values: choices listed, positive, at least, between, an overflow.
    #[test]
    fn yices_refusals_narrow_ranges() {
        let wide = Kind::Unsigned {
            min: 0,
            max: u64::from(u32::MAX),
        };
        let said = |rule: &str| format!("(error \"in (set-option :yices-x ...): {rule}\")");
        assert_eq!(
            refine_yices_range(
                Kind::Choice(vec!["default".into()]),
                &said("must be one of 'default' 'positive' 'th-neg")
            ),
            Kind::Choice(vec!["default".into(), "positive".into(), "th-neg".into()])
        );
        assert_eq!(
            refine_yices_range(wide.clone(), &said("must be positive")),
            Kind::Unsigned {
                min: 1,
                max: u64::from(u32::MAX)
            }
        );
        assert_eq!(
            refine_yices_range(wide.clone(), &said("must be between 1 and 2^16")),
            Kind::Unsigned { min: 1, max: 65536 }
        );
        assert_eq!(
            refine_yices_range(wide.clone(), &said("integer overflow")),
            Kind::Unsigned {
                min: 0,
                max: 1_073_741_823
            }
        );
        assert_eq!(refine_yices_range(wide.clone(), "success"), wide);
        let unit = Kind::Double { min: 0.0, max: 3.0 };
        assert_eq!(
            refine_yices_range(unit.clone(), &said("must be between 0 and 1")),
            Kind::Double { min: 0.0, max: 1.0 }
        );
        assert_eq!(
            refine_yices_range(unit.clone(), &said("must be at least 1")),
            Kind::Double { min: 1.0, max: 3.0 }
        );
        assert_eq!(
            refine_yices_range(unit, &said("must be positive")),
            Kind::Double {
                min: 1e-6,
                max: 3.0
            }
        );
    }

    /// The rule sorts a release's descriptions: each excluded option by the first rule that
    /// applies, the values of the rest from their descriptions, semantic values left out.
    #[test]
    fn z3_descriptions_are_sorted_by_the_rule() {
        let c = Catalog::new(
            SolverId::Z3,
            Source::Z3ParamDescriptions,
            "test".into(),
            parse_z3_descriptions(PD),
        );
        let rule = |n: &str| {
            c.excluded
                .iter()
                .find(|(d, _)| d.name == n)
                .map(|(_, r)| *r)
        };
        assert_eq!(rule("timeout"), Some(Rule::Scope));
        assert_eq!(rule("auto_config"), Some(Rule::Scope));
        assert_eq!(rule("pp.decimal"), Some(Rule::Scope));
        assert_eq!(rule("sat.drat.file"), Some(Rule::Output));
        assert_eq!(rule("sat.random_seed"), Some(Rule::Seeds));
        assert_eq!(rule("smt.max_conflicts"), Some(Rule::Limits));
        assert_eq!(rule("smt.arith.validate"), Some(Rule::SelfChecks));
        assert_eq!(rule("smt.arith.ignore_int"), Some(Rule::Semantics));
        let drawn = |n: &str| {
            c.drawn
                .iter()
                .find(|d| d.name == n)
                .unwrap_or_else(|| panic!("{n} not drawn: {:?}", rule(n)))
                .values()
        };
        assert_eq!(drawn("sat.restart"), ["static", "luby", "ema", "geometric"]);
        assert_eq!(drawn("sat.pb.solver"), ["circuit", "sorting", "solver"]);
        assert_eq!(drawn("smt.arith.solver"), ["2", "6"]);
        assert_eq!(drawn("smt.relevancy"), ["0", "1", "2"]);
        assert_eq!(drawn("smt.string_solver"), ["z3str3", "seq"]);
        let eager = drawn("smt.qi.eager_threshold");
        assert!(
            eager.contains(&"10.0".to_string()) && eager.contains(&"0.0".to_string()),
            "{eager:?}"
        );
        assert_eq!(
            c.drawn.len(),
            7,
            "{:?}",
            c.drawn.iter().map(|d| &d.name).collect::<Vec<_>>()
        );
    }
}
