//! `smtsmith replay`, `run-target` and `solve`: one input or file run again. Their arguments are `main.rs`'s `Command`.

use super::*;
use smtsmith::solver::SolverId;

/// What `smtsmith replay` runs: the input bytes (the file's, or the fuzzer input a finding's
/// JSON records), the finding's record, and the target that reads them (`--target`, else the
/// target the finding names; a `portfolio` input resolved to its member and the member's
/// bytes).
struct Replayed {
    input: Vec<u8>,
    meta: Option<smtsmith::verdict::finding::FindingRecord>,
    target: Option<smtsmith::harness::Target>,
}

fn replayed_input(
    artifact: &PathBuf,
    target: Option<smtsmith::harness::Target>,
) -> Result<Replayed, String> {
    let mut input = read(artifact)?;
    let meta = (artifact.extension().and_then(|e| e.to_str()) == Some("json"))
        .then(|| smtsmith::verdict::finding::FindingRecord::open(artifact).ok())
        .flatten();
    if let Some(meta) = &meta {
        let hex = meta.input_hex.as_deref().ok_or(
            "this finding records no fuzzer input (replay its .smt2 with the solver binaries)",
        )?;
        input = (0..hex.len() / 2)
            .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16))
            .collect::<Result<_, _>>()
            .map_err(|e| format!("input_hex: {e}"))?;
    }
    let target = match (target, meta.as_ref().and_then(|m| m.fuzz_target.as_deref())) {
        (Some(t), _) => Some(t),
        (None, Some(name)) => Some(name.parse::<smtsmith::harness::Target>()?),
        (None, None) => None,
    };
    let target = target.map(|t| {
        let (member, rest) = t.resolve(&input);
        input = rest.to_vec();
        member
    });
    Ok(Replayed {
        input,
        meta,
        target,
    })
}

/// `smtsmith replay`.
pub(super) fn replay_cmd(cmd: Command) -> Result<ExitCode, String> {
    let Command::Replay {
        artifact,
        solver,
        findings,
        theories,
        ground,
        script,
        construct,
        incremental,
        target,
    } = cmd
    else {
        unreachable!("dispatched by run")
    };
    use smtsmith::harness::Decoding;
    let (mut solver, mut ground, mut script, mut construct, mut incremental) =
        (solver, ground, script, construct, incremental);
    let mut optimization = false;
    let mut enumerated = false;
    let Replayed {
        input,
        meta,
        target,
    } = replayed_input(&artifact, target)?;
    match target.map(smtsmith::harness::Target::decoding) {
        Some(Decoding::Optimization) => optimization = true,
        Some(Decoding::Generated(s)) => solver = s,
        Some(Decoding::Ground) => ground = true,
        Some(Decoding::Construction(name)) => construct = Some(name.to_string()),
        Some(Decoding::Incremental) => incremental = true,
        Some(Decoding::SmtLib) => script = true,
        Some(Decoding::Enumerated) => enumerated = true,
        Some(Decoding::Portfolio) => unreachable!("resolved to a member above"),
        None => {}
    }
    let incremental = incremental || meta.as_ref().is_some_and(|m| m.is_script());
    if optimization || meta.as_ref().is_some_and(|m| m.class == "wrong-optimum") {
        return replay_optimization(&input, findings);
    }
    // A `seed_mutation` input that is an incremental script runs as one.
    let seeded_script = match script.then(|| smtsmith::cases::mutate::seed_of(&input)) {
        Some(smtsmith::cases::mutate::Seed::Script(s)) => Some(s),
        _ => None,
    };
    if incremental || seeded_script.is_some() {
        return replay_script(&input, seeded_script, theories, solver, findings);
    }
    let mut harness = None;
    let constructed = match &construct {
        Some(name) => {
            let dir = findings
                .clone()
                .unwrap_or_else(|| settings().findings_dir("findings"));
            let h = harness.insert(
                Harness::with_settings(solver, dir, settings()).map_err(|e| e.to_string())?,
            );
            Some(
                smtsmith::harness::construct_case(h, name, &input)?
                    .map_err(|e| format!("{name} cannot decode this input: {e}"))?,
            )
        }
        None => None,
    };
    if ground {
        let dir = findings.unwrap_or_else(|| settings().findings_dir("findings"));
        return replay_ground(&input, theories, solver, dir);
    }
    let case = if let Some(c) = &constructed {
        println!("; {} by construction: {}: {}", c.expected, c.family, c.rule);
        Case {
            config: Default::default(),
            formula: c.formula.clone(),
        }
    } else if script {
        Case {
            config: Default::default(),
            formula: smtsmith::cases::mutate::formula_of(&input),
        }
    } else if enumerated {
        enumerated_case(&input, theories)?
    } else {
        Case::from_bytes_in(&input, &resolve(theories))
    };
    print!(
        "{}",
        smtlib::script(&case.formula, &ScriptOptions::default())
    );
    let mut h = match harness {
        Some(h) => h,
        None => {
            let dir = findings.unwrap_or_else(|| settings().findings_dir("findings"));
            Harness::with_settings(solver, dir, settings()).map_err(|e| e.to_string())?
        }
    };
    let report = if let Some(c) = &constructed {
        h.run_constructed(c, Some(&input))
    } else if script || enumerated {
        h.run(&case.formula, None, Some(&input))
    } else {
        h.run_case(&case, Some(&input))
    };
    for (id, a) in &report.answers {
        match a {
            Ok(o) => println!(
                "; {id}: {}{}",
                o.verdict,
                o.reason
                    .as_ref()
                    .map(|r| format!(" ({r})"))
                    .unwrap_or_default()
            ),
            Err(e) => println!("; {id}: {e}"),
        }
    }
    for c in &report.model_checks {
        println!("; {} model: {:?}", c.solver, c.truth);
    }
    if let Some(drift) = meta
        .as_ref()
        .and_then(|m| setup_drift(m, &report.setup, &case.formula))
    {
        println!("; {drift}");
    }
    if report.findings.is_empty() {
        println!("; no finding");
        Ok(ExitCode::SUCCESS)
    } else {
        println!(
            "{}",
            report
                .summary()
                .lines()
                .map(|l| format!("; {l}"))
                .collect::<Vec<_>>()
                .join("\n")
        );
        Ok(ExitCode::from(1))
    }
}

/// Where the setup the input draws now differs from the one the finding `meta` recorded:
/// another draw altogether, or the same numbers naming other entries (a curated option `k`
/// or Z3 tactic `k` names an entry of today's tables, which may have grown since the
/// finding was written). Either way the input no longer meets the solvers as it did; the
/// `.smt2` reproducer keeps the names and still does. Records without a setup say nothing.
fn setup_drift(
    meta: &smtsmith::verdict::finding::FindingRecord,
    now: &smtsmith::solver::CaseSetup,
    formula: &smtsmith::lang::ir::Formula,
) -> Option<String> {
    if meta.setup.is_null() {
        return None;
    }
    let then = meta.case_setup();
    let mut diffs = Vec::new();
    if then != *now {
        diffs.push(format!("drawn {then:?} then, {now:?} now"));
    } else {
        for id in SolverId::ALL {
            let named = meta
                .options
                .iter()
                .find(|(s, _)| *s == id)
                .map(|(_, o)| o.clone())
                .unwrap_or_default();
            // Records older than the options' names have numbers only: nothing to compare.
            if then.options.of(id).is_some() && !named.is_empty() && named != now.options_of(id) {
                diffs.push(format!(
                    "{id} option number {} named {named:?} then, {:?} now",
                    then.options.of(id).unwrap_or_default(),
                    now.options_of(id)
                ));
            }
        }
        let tactic = now.z3_solver.check_sat_using(&formula.signature().logic());
        if meta.z3_tactic.is_some() && meta.z3_tactic != tactic {
            diffs.push(format!(
                "Z3 tactic {:?} then, {:?} now",
                meta.z3_tactic, tactic
            ));
        }
    }
    (!diffs.is_empty()).then(|| {
        format!(
            "this input no longer draws the setup the finding recorded ({}): the settings or \
             the option and tactic tables changed since it was written; its .smt2 reproducer \
             runs as it was",
            diffs.join("; ")
        )
    })
}

/// `smtsmith replay` of an `optimize` input: the case it decodes to, given to Z3's optimizer
/// through both paths and judged; exit 1 on a finding.
fn replay_optimization(input: &[u8], findings: Option<PathBuf>) -> Result<ExitCode, String> {
    let case = smtsmith::cases::optimize::OptCase::from_bytes(input, smtsmith::solver::catalog::optimizer_drawable()).ok_or(
        "this input decodes to no optimization case (a formula outside linear arithmetic and bit-vectors, or without a numeric term)",
    )?;
    print!("{}", case.script());
    let dir = findings.unwrap_or_else(|| settings().findings_dir("findings"));
    let mut h =
        Harness::with_settings(Selection::All, dir, settings()).map_err(|e| e.to_string())?;
    let found = smtsmith::harness::optimize::run_case(&mut h, &case, Some(input));
    if found.is_empty() {
        println!("; no finding");
        return Ok(ExitCode::SUCCESS);
    }
    for (issue, w) in &found {
        println!(
            "; [{}] {} ({})",
            issue.class,
            issue.summary,
            w.smt2.display()
        );
    }
    Ok(ExitCode::from(1))
}

/// `smtsmith replay` of an incremental script: the script generated from `input` (or the
/// one `seed_mutation` read from it), printed whole, then run in lockstep.
fn replay_script(
    input: &[u8],
    seeded_script: Option<smtsmith::cases::script::Script>,
    theories: Option<smtsmith::lang::generate::Theories>,
    solver: Selection,
    findings: Option<PathBuf>,
) -> Result<ExitCode, String> {
    let dir = findings.unwrap_or_else(|| settings().findings_dir("findings"));
    let mut h = Harness::with_settings(solver, dir, settings()).map_err(|e| e.to_string())?;
    let s = match seeded_script {
        Some(s) => s,
        None => smtsmith::cases::script::Script::from_bytes_in(input, &resolve(theories)),
    };
    let all: Vec<usize> = (0..s.actions.len()).collect();
    print!(
        "{}",
        smtsmith::cases::smtlib::scripts::print(
            &s,
            &smtsmith::cases::smtlib::scripts::Print {
                comments: vec!["the whole script (with Z3's options; queries run only after the answer they need)".into()],
                solver: smtsmith::solver::SolverId::Z3,
                ran: &all,
                aliases: smtsmith::dialect::facts::reproducer_needs_aliases(
                    smtsmith::solver::SolverId::Z3,
                    h.versions(),
                ),
            }
        )
    );
    let report = h.run_script(&s, Some(input));
    for (n, step) in report.steps.iter().enumerate() {
        for (id, r) in step {
            if let Some(Ok(smtsmith::solver::Response::Check(o))) = r {
                println!(
                    "; step {n}: {id}: {}{}",
                    o.verdict,
                    o.reason
                        .as_ref()
                        .map(|r| format!(" ({r})"))
                        .unwrap_or_default()
                );
            }
        }
    }
    if let Some(why) = &report.skipped {
        println!("; skipped: {why}");
    }
    Ok(if report.findings.is_empty() {
        println!("; no finding");
        ExitCode::SUCCESS
    } else {
        for l in report.summary().lines() {
            println!("; {l}");
        }
        ExitCode::from(1)
    })
}

/// `smtsmith run-target`.
pub(super) fn run_target(cmd: Command) -> Result<ExitCode, String> {
    let Command::RunTarget { target, inputs } = cmd else {
        unreachable!("dispatched by run")
    };
    let mut found = false;
    for input in &inputs {
        let data = read(input)?;
        // A finding panics (the fuzz target's way to make libFuzzer keep the input);
        // its text is already printed by the panic hook.
        let outcome = std::panic::catch_unwind(|| target.fuzz(&data));
        let said = if outcome.is_ok() {
            "no finding"
        } else {
            "a finding"
        };
        if inputs.len() > 1 {
            println!("{}: {said}", input.display());
        } else {
            println!("{said}");
        }
        found |= outcome.is_err();
    }
    Ok(if found {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `smtsmith solve`.
pub(super) fn solve(cmd: Command) -> Result<ExitCode, String> {
    let Command::Solve {
        solver,
        timeout_ms,
        file,
    } = cmd
    else {
        unreachable!("dispatched by run")
    };
    let text =
        String::from_utf8(read(&file)?).map_err(|_| format!("{} is not UTF-8", file.display()))?;
    use smtsmith::solver::SolverId;
    let names: Vec<&str> = SolverId::ALL.iter().map(|id| id.name()).collect();
    let id = SolverId::ALL
        .into_iter()
        .find(|id| id.name() == solver)
        .ok_or_else(|| format!("unknown solver {solver:?} (expected {})", names.join(", ")))?;
    let out = smtsmith::solver::solve_text(id, &text, timeout_ms)?;
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

/// `smtsmith replay --ground`.
fn replay_ground(
    input: &[u8],
    theories: Option<Theories>,
    solver: Selection,
    dir: PathBuf,
) -> Result<ExitCode, String> {
    let case = Case::ground_from_bytes_in(input, &resolve(theories));
    print!(
        "{}",
        smtlib::script(&case.formula, &ScriptOptions::default())
    );
    let mut h = Harness::with_settings(solver, dir, settings()).map_err(|e| e.to_string())?;
    let r = h.run_ground(&case, Some(input));
    println!(
        "; {} closed terms, {} values agree, {} not simplified, {} unspecified",
        r.terms, r.agreed, r.unsimplified, r.unspecified
    );
    if r.findings.is_empty() {
        println!("; no finding");
        Ok(ExitCode::SUCCESS)
    } else {
        for l in r.summary().lines() {
            println!("; {l}");
        }
        Ok(ExitCode::from(1))
    }
}

/// The `enumerate` target's case of `input`, its family, size and index printed.
fn enumerated_case(input: &[u8], theories: Option<Theories>) -> Result<Case, String> {
    let e = smtsmith::lang::generate::enumerate::Enumerated::from_bytes(input, &resolve(theories))
        .ok_or("the theories allow no enumerated grammar")?;
    println!(
        "; enumerated: {} size {} index {}",
        e.family, e.size, e.index
    );
    Ok(Case {
        config: Default::default(),
        formula: e.formula,
    })
}
