//! The subcommands over written findings: report, summary, reduce, judge, size, bisect, settle, triage, and the bug benchmark (`bugs`). Their arguments are `main.rs`'s `Command`.

use super::*;

/// `smtsmith report`.
pub(super) fn report(cmd: Command) -> Result<ExitCode, String> {
    let Command::Report { dir, log, out } = cmd else {
        unreachable!("dispatched by run")
    };
    let out = out.unwrap_or_else(|| dir.join("report.html"));
    let log = match &log {
        Some(p) => Some(String::from_utf8_lossy(&read(p)?).into_owned()),
        None => None,
    };
    let page_dir = out.parent().map(PathBuf::from).unwrap_or_default();
    let page = smtsmith::tools::report::html(&dir, log.as_deref(), &page_dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?;
    if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    std::fs::write(&out, page).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    println!("wrote {}", out.display());
    Ok(ExitCode::SUCCESS)
}

/// `smtsmith summary`.
pub(super) fn summary(cmd: Command) -> Result<ExitCode, String> {
    let Command::Summary { dir } = cmd else {
        unreachable!("dispatched by run")
    };
    print!(
        "{}",
        smtsmith::verdict::finding::summary(&dir).map_err(|e| format!("{}: {e}", dir.display()))?
    );
    Ok(ExitCode::SUCCESS)
}

/// `smtsmith drafts`.
pub(super) fn drafts(cmd: Command) -> Result<ExitCode, String> {
    let Command::Drafts { dir, out } = cmd else {
        unreachable!("dispatched by run")
    };
    if !dir.is_dir() {
        return Err(format!("{}: no findings folder there", dir.display()));
    }
    let out = out.unwrap_or_else(|| dir.join("drafts"));
    let d = smtsmith::verdict::finding::drafts::write_drafts(&dir, &out)
        .map_err(|e| format!("{}: {e}", dir.display()))?;
    for (i, draft) in d.drafts.iter().enumerate() {
        println!("{:>3}. {}  {}", i + 1, draft.title, draft.file.display());
    }
    for (row, source) in &d.known {
        println!(
            "known: {} {} {}{}",
            row.class,
            row.solver,
            row.known.as_deref().unwrap_or(""),
            source
                .as_deref()
                .map_or_else(String::new, |s| format!(" ({s})"))
        );
    }
    for (p, why) in &d.unreadable {
        println!("not a finding record, left out: {}: {why}", p.display());
    }
    println!(
        "{} draft(s), {} known bug(s) not drafted; index: {}",
        d.drafts.len(),
        d.known.len(),
        d.index.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// `smtsmith reduce`.
pub(super) fn reduce(cmd: Command) -> Result<ExitCode, String> {
    let Command::Reduce {
        findings,
        budget,
        again,
    } = cmd
    else {
        unreachable!("dispatched by run")
    };
    reduce_findings(&findings, std::time::Duration::from_secs(budget), again)
}

/// `smtsmith judge`.
pub(super) fn judge(cmd: Command) -> Result<ExitCode, String> {
    let Command::Judge { finding, candidate } = cmd else {
        unreachable!("dispatched by run")
    };
    let mut w =
        smtsmith::harness::WrittenFinding::open(&finding, settings()).map_err(|e| e.to_string())?;
    let text = String::from_utf8(read(&candidate)?)
        .map_err(|_| format!("{} is not UTF-8", candidate.display()))?;
    // A candidate smtsmith cannot read is not the finding (an external reducer
    // makes many).
    let same = smtsmith::harness::reproducer_formula(&text)
        .map(|f| w.holds_on(&f))
        .unwrap_or(false);
    Ok(if same {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `smtsmith size`.
pub(super) fn size(cmd: Command) -> Result<ExitCode, String> {
    let Command::Size { files } = cmd else {
        unreachable!("dispatched by run")
    };
    for file in &files {
        let text = String::from_utf8(read(file)?)
            .map_err(|_| format!("{} is not UTF-8", file.display()))?;
        let f = smtsmith::harness::reproducer_formula(&text)
            .map_err(|e| format!("{}: {e}", file.display()))?;
        // Bytes of the formula as smtsmith prints it (declarations, logic,
        // assertions, check-sat): the same measure whatever else the file holds.
        let bytes = smtsmith::cases::smtlib::script(&f, &Default::default()).len();
        println!(
            "{}\t{}\t{}\t{bytes}",
            file.display(),
            smtsmith::cases::reduce::size(&f),
            f.asserts.len()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `smtsmith bisect`.
pub(super) fn bisect(cmd: Command) -> Result<ExitCode, String> {
    let Command::Bisect { findings, timeout } = cmd else {
        unreachable!("dispatched by run")
    };
    let store = solver_store();
    let mut files = Vec::new();
    for p in &findings {
        if p.is_dir() {
            files.extend(
                smtsmith::verdict::finding::json_files(p)
                    .map_err(|e| format!("{}: {e}", p.display()))?,
            );
        } else {
            files.push(p.clone());
        }
    }
    let mut not = 0;
    for json in &files {
        match smtsmith::harness::bisect::bisect_file(
            json,
            &store,
            std::time::Duration::from_secs(timeout),
        ) {
            Ok(b) => {
                if b.first_bad.is_none() {
                    not += 1;
                }
                println!(
                    "{}: {} ({} probes)",
                    json.display(),
                    b.range(),
                    b.probes.len()
                );
            }
            Err(e) => {
                not += 1;
                println!("{}: not bisected: {e}", json.display());
            }
        }
    }
    Ok(if not > 0 {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    })
}

/// `smtsmith settle`.
pub(super) fn settle(cmd: Command) -> Result<ExitCode, String> {
    let Command::Settle { findings } = cmd else {
        unreachable!("dispatched by run")
    };
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut files = Vec::new();
    for p in &findings {
        if p.is_dir() {
            files.extend(
                smtsmith::verdict::finding::json_files(p)
                    .map_err(|e| format!("{}: {e}", p.display()))?,
            );
        } else if p.is_file() {
            files.push(p.clone());
        } else {
            return Err(format!("{}: no such file or folder", p.display()));
        }
    }
    // Time-limit findings not settled yet (a settled one records its front end's run).
    let unsettled = |j: &PathBuf| {
        smtsmith::verdict::finding::FindingRecord::open(j)
            .is_ok_and(|v| v.class == "time-limit" && v.time_limit.is_none())
    };
    for json in files.iter().filter(|j| unsettled(j)) {
        match smtsmith::harness::settle::settle_time_limit(json, &exe) {
            Ok(smtsmith::harness::settle::TimeLimit::Ignored(r)) => println!(
                "{}: ignores its time limit: its own front end too ({}: {} after {:.1} s)",
                json.display(),
                r.command,
                r.answer,
                r.seconds
            ),
            Ok(smtsmith::harness::settle::TimeLimit::Performance(r, moved)) => println!(
                "{}: performance: its own front end stops in time ({}: {} after {:.1} s) -> {}",
                json.display(),
                r.command,
                r.answer,
                r.seconds,
                moved.display()
            ),
            Err(e) => println!("{}: not settled: {e}", json.display()),
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `smtsmith triage`.
pub(super) fn triage(cmd: Command) -> Result<ExitCode, String> {
    let Command::Triage {
        dir,
        markdown,
        json,
    } = cmd
    else {
        unreachable!("dispatched by run")
    };
    let t =
        smtsmith::verdict::finding::triage(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    print!("{}", t.text());
    if let Some(p) = markdown {
        std::fs::write(&p, t.markdown()).map_err(|e| format!("{}: {e}", p.display()))?;
    }
    if let Some(p) = json {
        std::fs::write(&p, serde_json::to_string_pretty(&t).unwrap())
            .map_err(|e| format!("{}: {e}", p.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `smtsmith reduce`.
fn reduce_findings(
    paths: &[PathBuf],
    budget: std::time::Duration,
    again: bool,
) -> Result<ExitCode, String> {
    use smtsmith::harness::ReduceFileError;
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            files.extend(
                smtsmith::verdict::finding::json_files(p)
                    .map_err(|e| format!("{}: {e}", p.display()))?
                    .into_iter()
                    .filter(|j| again || !j.with_extension("reduced.smt2").exists()),
            );
        } else {
            files.push(p.clone());
        }
    }
    let (mut reduced, mut not) = (0, 0);
    if files.len() > 1 {
        // One process per finding: a solver that crashes on a candidate ends only that
        // finding's reduction (and, through the watchdog, leaves a crash finding).
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        for json in &files {
            let status = std::process::Command::new(&exe)
                .arg("reduce")
                .arg("--again")
                .arg("--budget")
                .arg(budget.as_secs().to_string())
                .arg(json)
                .status()
                .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
            use std::os::unix::process::ExitStatusExt;
            match (status.code(), status.signal()) {
                (Some(0), _) => reduced += 1,
                (Some(2), _) => return Err(format!("{}: unreadable", json.display())),
                (_, Some(sig)) => {
                    not += 1;
                    println!(
                        "{}: not reduced: the process ended by signal {sig} while reducing: a solver crashed on the candidate {} (a crash finding, if the process could write one, is under the findings folder)",
                        json.display(),
                        json.with_extension("candidate.smt2").display()
                    );
                }
                _ => not += 1,
            }
        }
        println!("{reduced} reduced, {not} not reduced");
        return Ok(if not > 0 {
            ExitCode::from(3)
        } else {
            ExitCode::SUCCESS
        });
    }
    // A crash inside a solver on a candidate is written as a crash finding.
    smtsmith::harness::watchdog::enable(std::time::Duration::from_secs(settings().hang_seconds));
    for json in &files {
        // A crash or a call nothing stops ends or stalls the process running it: those
        // findings are reduced with each candidate in a child process.
        let isolated = smtsmith::verdict::finding::FindingRecord::open(json)
            .is_ok_and(|v| smtsmith::harness::isolated::reduces(&v));
        let result = if isolated {
            let exe = std::env::current_exe().map_err(|e| e.to_string())?;
            smtsmith::harness::isolated::reduce_file(&exe, json, budget, settings())
        } else {
            smtsmith::harness::reduce_file(json, budget, settings())
        };
        match result {
            Ok((w, s)) => {
                reduced += 1;
                println!(
                    "{}: {} -> {} nodes, {} -> {} assertions, {} tests in {:.1} s{}\n  {}",
                    json.display(),
                    s.original_nodes.unwrap_or_default(),
                    s.nodes.unwrap_or_default(),
                    s.original_assertions,
                    s.assertions,
                    s.tests,
                    s.seconds,
                    if s.exhausted {
                        " (budget ended it)"
                    } else {
                        ""
                    },
                    w.reduced
                        .map(|p| p.display().to_string())
                        .unwrap_or_default()
                );
            }
            Err(e @ ReduceFileError::Unreadable(_)) => return Err(e.to_string()),
            Err(e) => {
                not += 1;
                println!("{}: not reduced: {e}", json.display());
            }
        }
    }
    println!("{reduced} reduced, {not} not reduced");
    Ok(if not > 0 {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    })
}

/// Where release wheels are fetched to: the checkout's `vendor/solvers/` (the working
/// directory's where the binary was built elsewhere).
fn solver_store() -> PathBuf {
    let store = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("vendor/solvers");
    if store.parent().is_some_and(|p| p.is_dir()) {
        store
    } else {
        PathBuf::from("vendor/solvers")
    }
}

/// `smtsmith bugs`.
pub(super) fn bugs(action: BugsAction) -> Result<ExitCode, String> {
    use smtsmith::tools::bugbench;
    match action {
        BugsAction::Verify {
            only,
            every_release,
            timeout,
            json,
        } => {
            let rows = bugbench::verify(
                &solver_store(),
                std::time::Duration::from_secs(timeout),
                only.as_deref(),
                every_release,
            )?;
            for r in &rows {
                if json {
                    println!("{}", serde_json::to_string(r).unwrap());
                } else {
                    println!(
                        "{} {:<5} {:<12} {:<9} {:<50} {:?}",
                        if r.ok { "ok " } else { "BAD" },
                        r.solver,
                        r.release,
                        format!("{:?}", r.role).to_lowercase(),
                        r.file,
                        r.probe
                    );
                }
            }
            let bad = rows.iter().filter(|r| !r.ok).count();
            eprintln!(
                "{} probes of {} bugs: {} agree with the index, {bad} do not",
                rows.len(),
                rows.iter()
                    .map(|r| r.file.as_str())
                    .collect::<std::collections::BTreeSet<_>>()
                    .len(),
                rows.len() - bad
            );
            Ok(if bad == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        BugsAction::Reach {
            cases,
            seed,
            theories,
            seeds,
            markdown,
            json,
        } => {
            use smtsmith::tools::reach;
            let theories = match theories {
                Some(t) => t,
                None => smtsmith::harness::settings::Settings::from_env()?.theories,
            };
            let seed_scripts = read_seed_scripts(&seeds)?;
            let setups = smtsmith::solver::SetupDraw::default();
            let drawn: Vec<reach::Drawn> = reach::DRAWN
                .iter()
                .map(|t| reach::draw(*t, cases, seed, &theories, &setups, &seed_scripts))
                .collect();
            let audit = reach::audit(&drawn);
            if json {
                let freqs: std::collections::BTreeMap<&str, _> = drawn
                    .iter()
                    .map(|d| (d.target.name(), d.frequencies()))
                    .collect();
                let out = serde_json::json!({ "bugs": audit, "frequencies": freqs });
                println!("{}", serde_json::to_string_pretty(&out).unwrap());
            } else {
                print!("{}", reach::markdown(&audit, &drawn));
            }
            if let Some(md) = markdown {
                std::fs::write(&md, reach::markdown(&audit, &drawn))
                    .map_err(|e| format!("{}: {e}", md.display()))?;
            }
            Ok(ExitCode::SUCCESS)
        }
        BugsAction::Locate { theories, markdown } => locate(theories, markdown),
        BugsAction::Results {
            dir,
            no_fix_range,
            timeout,
            markdown,
            html,
            json,
            evidence,
        } => {
            let probing = bugbench::Probing {
                store: solver_store(),
                timeout: std::time::Duration::from_secs(timeout),
            };
            let trials = bugbench::results(&dir, (!no_fix_range).then_some(&probing))?;
            let cells = bugbench::cells(&trials);
            if json {
                println!("{}", serde_json::to_string_pretty(&cells).unwrap());
            } else if evidence {
                print!("{}", bugbench::evidence(&trials));
            } else {
                print!("{}", bugbench::table(&cells));
            }
            if let Some(md) = markdown {
                std::fs::write(&md, bugbench::table(&cells))
                    .map_err(|e| format!("{}: {e}", md.display()))?;
            }
            if let Some(out) = html {
                std::fs::write(&out, bugbench::html(&cells))
                    .map_err(|e| format!("{}: {e}", out.display()))?;
            }
            Ok(ExitCode::SUCCESS)
        }
        BugsAction::Compare {
            before,
            after,
            no_fix_range,
            timeout,
            html,
        } => compare_arms(&before, &after, no_fix_range, timeout, html.as_deref()),
    }
}

/// `smtsmith bugs compare`: each arm's cells read from trial folders (probing by the
/// fix-range rule unless `no_fix_range`) or from `bugs results` Markdown, compared by the
/// rules of docs/lab/defaults-history.md; the drawn comparison written to `html` when given.
fn compare_arms(
    before: &[std::path::PathBuf],
    after: &[std::path::PathBuf],
    no_fix_range: bool,
    timeout: u64,
    html: Option<&std::path::Path>,
) -> Result<ExitCode, String> {
    use smtsmith::tools::bugbench;
    let probing = bugbench::Probing {
        store: solver_store(),
        timeout: std::time::Duration::from_secs(timeout),
    };
    let probing = (!no_fix_range).then_some(&probing);
    // A folder of trials, or the Markdown `bugs results` wrote for one.
    let arm = |p: &std::path::Path| -> Result<Vec<bugbench::Counts>, String> {
        if p.is_dir() {
            let cells = bugbench::cells(&bugbench::results(p, probing)?);
            Ok(cells.iter().map(bugbench::Counts::of_cell).collect())
        } else {
            let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
            bugbench::Counts::from_markdown(&text).map_err(|e| format!("{}: {e}", p.display()))
        }
    };
    let (mut b, mut a) = (Vec::new(), Vec::new());
    for p in before {
        b.extend(arm(p)?);
    }
    for p in after {
        a.extend(arm(p)?);
    }
    print!("{}", bugbench::compare(&b, &a));
    if let Some(out) = html {
        std::fs::write(out, bugbench::compare_html(&b, &a))
            .map_err(|e| format!("{}: {e}", out.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The scripts of every `.smt2` file under `dir` that smtsmith reads (the `seed_mutation`
/// target's shipped seeds); an empty or missing folder is an error.
fn read_seed_scripts(
    dir: &std::path::Path,
) -> Result<Vec<smtsmith::cases::script::Script>, String> {
    let files =
        smtsmith::tools::check::collect_files(&[dir.to_path_buf()]).map_err(|e| e.to_string())?;
    let scripts: Vec<_> = files
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .filter_map(|t| smtsmith::cases::smtlib::parse::parse_script(&t).ok())
        .map(|s| s.script)
        .collect();
    if scripts.is_empty() {
        return Err(format!("no seed smtsmith reads under {}", dir.display()));
    }
    Ok(scripts)
}

/// `smtsmith bugs locate`: where each known bug's reproducer stands in the enumerate
/// target's grammars, and the chance that one input decodes to it.
fn locate(
    theories: Option<smtsmith::lang::generate::Theories>,
    markdown: Option<PathBuf>,
) -> Result<ExitCode, String> {
    use smtsmith::lang::generate::enumerate;
    let theories = match theories {
        Some(t) => t,
        None => smtsmith::harness::settings::Settings::from_env()?.theories,
    };
    let mut out = format!(
                "Theories: {theories}. A bug's reproducer, its constants renamed and its assertions joined, \
                 located in the enumerate target's families (docs/usage.md, \"The enumerate target\").\n\n\
                 | bug | source | family | size | index | inputs per hit (expected) |\n|---|---|---|---|---|---|\n"
            );
    let (mut located, mut total) = (0, 0);
    for k in smtsmith::verdict::finding::known::index() {
        total += 1;
        let source = if k.is_public() { "public" } else { "own" };
        let text = smtsmith::verdict::finding::known::reproducer(&k.file).unwrap_or_default();
        let places = match smtsmith::verdict::finding::reproducer_formula(text) {
            Ok(f) => enumerate::locate(&f),
            Err(_) => Vec::new(),
        };
        let best = places
            .iter()
            .filter_map(|(fam, size, i)| {
                enumerate::odds(fam, *size, &theories).map(|p| (p, fam, size, i))
            })
            .max_by(|a, b| a.0.total_cmp(&b.0));
        match (best, places.first()) {
            (Some((p, fam, size, i)), _) => {
                located += 1;
                out += &format!(
                    "| {} | {source} | {fam} | {size} | {i} | {:.3e} |\n",
                    k.file,
                    1.0 / p
                );
            }
            (None, Some((fam, size, i))) => {
                out += &format!(
                    "| {} | {source} | {fam} | {size} | {i} | not drawn (size or theories) |\n",
                    k.file
                );
            }
            (None, None) => {}
        }
    }
    out += &format!(
                "\n{located} of the index's {total} bugs have a reproducer the target draws (the others: a \
                 third constant of a sort, a function, a quantifier, a `let`, an incremental script, \
                 an option, or an operator or literal outside the grammars).\n"
            );
    let sizes: Vec<String> = enumerate::formulas_per_size(&theories, 6)
        .into_iter()
        .map(|(size, n)| format!("{size} nodes: {n}"))
        .collect();
    out += &format!(
        "\nFormulas per size over the families these theories allow (a sweep in ET's order runs \
         every formula of a size before the next): {}.\n",
        sizes.join(", ")
    );
    print!("{out}");
    if let Some(md) = markdown {
        std::fs::write(&md, &out).map_err(|e| format!("{}: {e}", md.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}
