//! `smtsmith gen`: generated formulas and scripts written as SMT-LIB files. Their arguments are `main.rs`'s `Command`.

use super::*;

/// `smtsmith gen`.
pub(super) fn gen_cmd(cmd: Command) -> Result<ExitCode, String> {
    let Command::Gen {
        count,
        seed,
        out,
        bytes,
        theories,
        inputs,
        incremental,
        construct,
    } = cmd
    else {
        unreachable!("dispatched by run")
    };
    let theories = resolve(theories);
    if let Some(name) = &construct {
        smtsmith::verdict::construct::family(name)?;
    }
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    // (name, input, how it was made) of every case to write.
    let cases: Vec<(String, Vec<u8>, String)> = match &inputs {
        Some(dir) => corpus_files(dir)?
            .iter()
            .map(|path| {
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                let how = format!("--inputs {}: {name}", dir.display());
                Ok((name, read(path)?, how))
            })
            .collect::<Result<_, String>>()?,
        None => seeded_inputs(seed, count, bytes)
            .map(|(s, input)| {
                (
                    format!("gen-{s}"),
                    input,
                    format!("--seed {s} --bytes {bytes}"),
                )
            })
            .collect(),
    };
    let kind = if incremental {
        " --incremental".to_string()
    } else if let Some(name) = &construct {
        format!(" --construct {name}")
    } else {
        String::new()
    };
    let mut harness = None;
    let progress = Progress::new(cases.len() as u64, false);
    let (mut written, mut undecodable) = (0, 0);
    let write = |path: PathBuf, text: String| {
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    for (name, input, how) in &cases {
        progress.inc();
        let comment = format!("smtsmith gen{kind} {how} --theories {theories}");
        if incremental {
            let s = smtsmith::cases::script::Script::from_bytes_in(input, &theories);
            let all: Vec<usize> = (0..s.actions.len()).collect();
            for (solver, suffix) in [
                (smtsmith::solver::SolverId::Z3, ""),
                (smtsmith::solver::SolverId::Cvc5, ".cvc5"),
            ] {
                let print = smtsmith::cases::smtlib::scripts::Print {
                    comments: vec![
                        comment.clone(),
                        format!("{solver}'s options; the fuzz target runs a query (get-value, get-unsat-core, get-unsat-assumptions) only after the answer it needs, this file has them all"),
                    ],
                    solver,
                    ran: &all,
                    // Read back by smtsmith (and the newer releases' binaries).
                    aliases: false,
                };
                write(
                    out.join(format!("{name}{suffix}.smt2")),
                    smtsmith::cases::smtlib::scripts::print(&s, &print),
                )?;
            }
        } else if let Some(family) = &construct {
            let h = match harness.as_mut() {
                Some(h) => h,
                None => harness.insert(
                    Harness::with_settings(
                        Selection::All,
                        settings().findings_dir("findings"),
                        settings(),
                    )
                    .map_err(|e| e.to_string())?,
                ),
            };
            let Ok(c) = smtsmith::harness::construct_case(h, family, input)? else {
                undecodable += 1;
                continue;
            };
            let text = smtlib::script(
                &c.formula,
                &ScriptOptions {
                    comments: vec![
                        comment,
                        format!("{} by construction: {}: {}", c.expected, c.family, c.rule),
                    ],
                    status: Some(c.expected),
                    ..Default::default()
                },
            );
            write(out.join(format!("{name}.smt2")), text)?;
        } else {
            let case = Case::from_bytes_in(input, &theories);
            let text = smtlib::script(
                &case.formula,
                &ScriptOptions {
                    comments: vec![comment],
                    ..Default::default()
                },
            );
            write(out.join(format!("{name}.smt2")), text)?;
        }
        written += 1;
    }
    progress.finish();
    println!("wrote {written} cases to {}", out.display());
    if undecodable > 0 {
        println!("{undecodable} input(s) do not decode to a {kind} case (too short or rejected by the family)", kind = construct.as_deref().unwrap_or(""));
    }
    Ok(ExitCode::SUCCESS)
}
