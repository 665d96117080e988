//! `smtsmith check` (its supervisor and worker) and `seed-corpus`: real SMT-LIB input. Their arguments are `main.rs`'s `Command`.

use super::*;

/// `smtsmith check-worker`.
pub(super) fn check_worker(cmd: Command) -> Result<ExitCode, String> {
    let Command::CheckWorker {
        solver,
        findings,
        timeout_ms,
        strict,
        setup,
    } = cmd
    else {
        unreachable!("dispatched by run")
    };
    let mut h = Harness::with_settings(solver, &findings, settings()).map_err(|e| e.to_string())?;
    h.settings.limits = check_limits(timeout_ms);
    let reading = if strict {
        smtlib::parse::Reading::Strict
    } else {
        smtlib::parse::Reading::Lenient
    };
    smtsmith::tools::check::worker(&mut h, std::io::stdin().lock(), reading, setup)
        .map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}

/// `smtsmith check`.
pub(super) fn check_cmd(cmd: Command) -> Result<ExitCode, String> {
    let Command::Check {
        paths,
        hang_seconds,
        json,
        solver,
        findings,
        timeout_ms,
        markdown,
        strict,
        setup,
    } = cmd
    else {
        unreachable!("dispatched by run")
    };
    use smtsmith::tools::check;
    let dir = findings.unwrap_or_else(|| settings().findings_dir("findings"));
    let files = check::collect_files(&paths).map_err(|e| e.to_string())?;
    if files.is_empty() {
        let named: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        return Err(format!(
            "no .smt2 file in {}: nothing to check",
            named.join(", ")
        ));
    }
    let limits = check_limits(timeout_ms);
    let h = Harness::with_settings(solver, &dir, settings()).map_err(|e| e.to_string())?;
    let versions = h.versions().to_vec();
    drop(h);
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let selection = match solver {
        Selection::All => "all".to_string(),
        Selection::Only(id) => id.to_string(),
    };
    let worker_dir = dir.clone();
    let settle_exe = exe.clone();
    let supervisor = check::Supervisor {
        worker: Box::new(move || {
            let mut c = std::process::Command::new(&exe);
            // glibc writes its own fatal errors (heap corruption found by malloc) to the
            // terminal unless asked for stderr: without a terminal they were lost, and a
            // worker's SIGABRT came with no words at all.
            c.env("LIBC_FATAL_STDERR_", "1");
            c.args(["check-worker", "--solver", &selection])
                .arg("--timeout-ms")
                .arg(timeout_ms.to_string())
                .arg("--findings")
                .arg(&worker_dir);
            if strict {
                c.arg("--strict");
            }
            c.arg("--setup").arg(setup.name());
            c
        }),
        hang_after: std::time::Duration::from_secs(hang_seconds),
        findings_dir: dir,
        versions,
        limits,
        exe: settle_exe,
        settings: settings().clone(),
    };
    let progress = Progress::new(files.len() as u64, json);
    let reports = supervisor
        .run(&files, |r| {
            progress.suspend(|| {
                if json {
                    println!("{}", serde_json::to_string(r).expect("reports serialize"));
                } else {
                    println!("{}", r.line());
                }
            });
            progress.inc();
        })
        .map_err(|e| e.to_string())?;
    progress.finish();
    let rows = check::summarize(&reports);
    let limited = reports.iter().filter(|r| !r.limitations.is_empty()).count();
    if json {
        let summary =
            serde_json::json!({ "summary": rows, "files_with_documented_limitations": limited });
        println!("{summary}");
    } else {
        println!("\n{}", check::table(&rows));
        println!("files answered in part by a documented limitation: {limited}");
    }
    if let Some(md) = markdown {
        std::fs::write(&md, check::markdown(&rows))
            .map_err(|e| format!("cannot write {}: {e}", md.display()))?;
    }
    Ok(ExitCode::from(check::exit_status(&reports)))
}

/// `smtsmith seed-corpus`.
pub(super) fn seed_corpus(cmd: Command) -> Result<ExitCode, String> {
    let Command::SeedCorpus {
        paths,
        out,
        max_len,
    } = cmd
    else {
        unreachable!("dispatched by run")
    };
    use sha2::{Digest, Sha256};
    let files = smtsmith::tools::check::collect_files(&paths).map_err(|e| e.to_string())?;
    // FloatingPoint and datatypes are outside the default swarm: their scripts join the
    // corpus only where SMTSMITH_THEORIES allows them.
    let allowed = smtsmith::harness::settings::Settings::from_env()?
        .theories
        .allowed;
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let (mut written, mut skipped) = (0, 0);
    let progress = Progress::new(files.len() as u64, false);
    for path in &files {
        progress.inc();
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        match smtlib::parse::parse_script(&text) {
            Ok(s) if !s.check_sat => {
                progress.suspend(|| {
                    println!("skipped {}: no check-sat (asks nothing)", path.display())
                });
                skipped += 1;
            }
            Ok(s)
                if smtsmith::verdict::construct::fusion::outside_allowed(
                    &s.script.formula.signature(),
                    &allowed,
                )
                .is_some() =>
            {
                let why = smtsmith::verdict::construct::fusion::outside_allowed(
                    &s.script.formula.signature(),
                    &allowed,
                )
                .unwrap_or_default();
                progress.suspend(|| println!("skipped {}: {why}", path.display()));
                skipped += 1;
            }
            Ok(s) => {
                let printed = smtsmith::cases::mutate::seed_of_script(s).print();
                if printed.len() > max_len {
                    progress.suspend(|| {
                        println!(
                            "skipped {}: {} bytes printed",
                            path.display(),
                            printed.len()
                        )
                    });
                    skipped += 1;
                    continue;
                }
                let name =
                    smtsmith::verdict::finding::hex(&Sha256::digest(printed.as_bytes())[..10]);
                let dest = out.join(name);
                std::fs::write(&dest, printed)
                    .map_err(|e| format!("cannot write {}: {e}", dest.display()))?;
                written += 1;
            }
            Err(e) => {
                progress.suspend(|| println!("skipped {}: {e}", path.display()));
                skipped += 1;
            }
        }
    }
    progress.finish();
    println!(
        "wrote {written} seed scripts to {} ({skipped} skipped)",
        out.display()
    );
    Ok(ExitCode::SUCCESS)
}
