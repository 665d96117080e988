//! Incremental scripts ([`crate::cases::script`]) as SMT-LIB: reproducers for the solvers'
//! binaries, and corpus entries that [`super::parse`] reads back as the same script.

use crate::cases::script::{Action, Script};
use crate::dialect::solver_id::SolverId;
use crate::lang::ir::NodeId;
use std::fmt::Write;

/// How to print a script as a reproducer.
pub struct Print<'a> {
    /// `; ` comment lines at the top.
    pub comments: Vec<String>,
    /// The solver whose options are set (its curated options and self-checks).
    pub solver: SolverId,
    /// Which actions to print (those that ran), by index.
    pub ran: &'a [usize],
    /// String operators by their SMT-LIB 2.5 names: for a Z3 release that reads no others
    /// ([`crate::dialect::facts::z3_reads_26_string_names`]).
    pub aliases: bool,
}

/// The reproducer of a script for the solver binaries: options, logic, then the actions
/// that ran, in order (`global-declarations`, so that pop and reset-assertions keep the
/// declarations, as the API does).
pub fn print(s: &Script, p: &Print) -> String {
    print_with(
        s,
        &p.comments,
        &options_for(s, p.solver),
        p.ran,
        if p.aliases {
            term_with_aliases
        } else {
            super::term
        },
        crate::dialect::profile::of(p.solver).binary_assumptions_are_names,
    )
}

fn term_with_aliases(f: &crate::lang::ir::Formula, id: NodeId) -> String {
    let style = super::PrintStyle {
        aliases: true,
        ..Default::default()
    };
    super::term_styled(f, id, &style)
}

/// A script as a corpus entry of the `seed_mutation` target: every action, the options of
/// both solvers (each under its own name, as [`crate::cases::smtlib::parse`] reads them back).
pub fn print_corpus(s: &Script) -> String {
    let mut options = base_options(s);
    options.extend(s.setup.all_options().cloned());
    let all: Vec<usize> = (0..s.actions.len()).collect();
    // Strict: each corpus entry is read on every fuzz iteration.
    print_with(s, &[], &options, &all, super::term_strict, false)
}

/// The name a reproducer defines for the Boolean constant `b` where an assumption must be
/// a name ([`crate::dialect::profile::Profile::binary_assumptions_are_names`]).
fn assumption_name(b: bool) -> &'static str {
    if b {
        "literal_true"
    } else {
        "literal_false"
    }
}

fn print_with(
    s: &Script,
    comments: &[String],
    options: &[(String, String)],
    ran: &[usize],
    term: fn(&crate::lang::ir::Formula, NodeId) -> String,
    named_assumptions: bool,
) -> String {
    let f = &s.formula;
    let mut out = String::new();
    for c in comments {
        for line in c.lines() {
            let _ = writeln!(out, "; {line}");
        }
    }
    for (k, v) in options {
        let _ = writeln!(out, "(set-option :{k} {v})");
    }
    let _ = writeln!(out, "(set-logic {})", f.signature().logic());
    for d in super::sort_declarations(f) {
        let _ = writeln!(out, "{d}");
    }
    let list = |ts: &[NodeId]| ts.iter().map(|t| term(f, *t)).collect::<Vec<_>>().join(" ");
    // An assumption `true`/`false` (or its negation) is the constant's defined name.
    let constant_in = |t: NodeId| {
        let inner = match &f.node(t).kind {
            crate::lang::ir::NodeKind::App(crate::lang::ir::Op::Not, _, args) => args[0],
            _ => t,
        };
        match &f.node(inner).kind {
            crate::lang::ir::NodeKind::Lit(crate::lang::ir::Value::Bool(b)) => Some(*b),
            _ => None,
        }
    };
    let assumptions = |ts: &[NodeId]| {
        ts.iter()
            .map(|&t| match constant_in(t) {
                Some(b) if named_assumptions => {
                    term(f, t).replace(if b { "true" } else { "false" }, assumption_name(b))
                }
                _ => term(f, t),
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    if named_assumptions {
        let used: std::collections::BTreeSet<bool> = ran
            .iter()
            .filter_map(|&k| match &s.actions[k] {
                Action::CheckSatAssuming(ls) => Some(ls),
                _ => None,
            })
            .flatten()
            .filter_map(|&t| constant_in(t))
            .collect();
        for b in used {
            let _ = writeln!(out, "(define-fun {} () Bool {b})", assumption_name(b));
        }
    }
    for &k in ran {
        match &s.actions[k] {
            Action::Declare(d) => {
                let _ = writeln!(out, "{}", super::declaration(&f.decls[d.0 as usize]));
            }
            Action::Assert(t) => {
                let t = term(f, *t);
                if s.setup.cores {
                    let _ = writeln!(out, "(assert (! {t} :named a{k}))");
                } else {
                    let _ = writeln!(out, "(assert {t})");
                }
            }
            Action::Push(n) => {
                let _ = writeln!(out, "(push {n})");
            }
            Action::Pop(n) => {
                let _ = writeln!(out, "(pop {n})");
            }
            Action::CheckSat => out.push_str("(check-sat)\n"),
            Action::CheckSatAssuming(ls) => {
                let _ = writeln!(out, "(check-sat-assuming ({}))", assumptions(ls));
            }
            Action::GetValue(ts) => {
                let _ = writeln!(out, "(get-value ({}))", list(ts));
            }
            Action::GetUnsatCore => out.push_str("(get-unsat-core)\n"),
            Action::GetUnsatAssumptions => out.push_str("(get-unsat-assumptions)\n"),
            Action::ResetAssertions => out.push_str("(reset-assertions)\n"),
        }
    }
    out
}

/// The `set-option`s of a reproducer for `solver`.
pub fn options_for(s: &Script, solver: SolverId) -> Vec<(String, String)> {
    let mut o = base_options(s);
    if s.setup.self_checks {
        o.extend(
            crate::dialect::profile::of(solver).self_checks[usize::from(s.setup.cores)]
                .iter()
                .copied()
                .map(|(k, v)| (k.to_string(), v.to_string())),
        );
    }
    o.extend(own_options(s, solver).script);
    o
}

/// The options of `solver` itself in a reproducer of `s` (those the formula needs, then the
/// setup's), as its binary reads them: `set-option` pairs under its front end's keys, and
/// those it takes only on its command line.
pub fn own_options(s: &Script, solver: SolverId) -> crate::dialect::profile::BinaryOptions {
    let formula = crate::dialect::facts::formula_options(solver, &s.formula)
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()));
    crate::dialect::profile::of(solver)
        .binary_options(formula.chain(s.setup.options_of(solver).iter().cloned()))
}

/// The options every reproducer of `s` sets: declarations global, models, and the
/// productions of its setup.
fn base_options(s: &Script) -> Vec<(String, String)> {
    let mut o = vec![
        ("global-declarations".to_string(), "true".to_string()),
        ("produce-models".to_string(), "true".to_string()),
    ];
    if s.setup.cores {
        o.push(("produce-unsat-cores".into(), "true".into()));
    }
    if s.setup.unsat_assumptions {
        o.push(("produce-unsat-assumptions".into(), "true".into()));
    }
    o
}
