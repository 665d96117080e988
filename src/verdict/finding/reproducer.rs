//! A finding's reproducer: the SMT-LIB file the solvers' own binaries run, with the
//! comments that say what it shows and how to run it.

use super::*;

/// The formula of a reproducer smtsmith wrote, as smtsmith reads it: Z3's
/// `check-sat-using` line (the finding's setup records the tactic) reads as `check-sat`;
/// an optimizer's reproducer reads as its hard constraints ([`crate::cases::optimize::hard_part`]).
pub fn reproducer_formula(text: &str) -> Result<Formula, String> {
    // Only a text with optimization commands is read twice (its case, then its hard part).
    let optimizing =
        crate::cases::optimize::hard_part(text).lines().count() != text.lines().count();
    let text = match optimizing && crate::cases::optimize::OptCase::from_script(text).is_ok() {
        true => std::borrow::Cow::Owned(crate::cases::optimize::hard_part(text)),
        false => std::borrow::Cow::Borrowed(text),
    };
    crate::cases::smtlib::parse::parse_script(&text)
        .map(|s| s.formula)
        .map_err(|e| e.to_string())
}

/// The reproducer of `issue` on `ctx`'s formula: comments (class, summary, answers, how to
/// run it), the options and check the case needs, the formula in the case's style.
pub fn reproducer(issue: &Issue, ctx: &Context) -> String {
    reproducer_of(issue, ctx, &ctx.signature)
}

/// [`reproducer`], with the formula's signature computed by the caller.
pub(super) fn reproducer_of(
    issue: &Issue,
    ctx: &Context,
    sig: &crate::lang::ir::Signature,
) -> String {
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
    let experimental = crate::verdict::oracle::experimental_options(f, issue);
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
    // Only Z3 reads an optimization case's commands.
    let optimizing = ctx
        .source
        .is_some_and(crate::cases::optimize::is_optimization);
    let took: Vec<SolverId> = SolverId::ALL
        .into_iter()
        .filter(|id| crate::dialect::facts::outside_logics(*id, f).is_none())
        .filter(|id| !optimizing || *id == SolverId::Z3)
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
        let options = crate::dialect::facts::formula_options(id, f);
        crate::dialect::facts::binary_command(id, &options, false)
    };
    comments.push(format!(
        "with the solvers' binaries: {}",
        join(took.iter().map(|id| binary(*id)).collect())
    ));
    // An unsat-core finding replays the check with named assertions and asks for the core.
    let cores = issue.class == crate::verdict::oracle::Class::InvalidCore;
    let logic = sig.logic();
    let api_blamed = issue.blamed.map(|b| b.path()) == Some(crate::dialect::solver_id::Path::Api);
    let check_sat_using = match issue.blamed {
        Some(SolverId::Z3) => ctx.setup.z3_solver.check_sat_using(&logic),
        _ => None,
    };
    let mut style = ctx.setup.print;
    // Only Z3 reads the 2.5 names in every release (cvc5 1.x does not), and Z3 before 4.8.9
    // reads nothing else: its binary would reject the reproducer.
    let old_z3 = crate::dialect::facts::reproducer_needs_aliases(SolverId::Z3, ctx.versions);
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
                // The blamed solver's options of the case, keyed as its binary's front
                // end reads them (the other solvers' binaries would not know them).
                o.extend(
                    issue
                        .blamed
                        .map(|b| {
                            crate::dialect::profile::of(b)
                                .binary_options(ctx.setup.options_of(b))
                                .script
                        })
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
