//! `smtsmith bench`: time per phase and path over a seeded corpus. Their arguments are `main.rs`'s `Command`.

use super::*;

/// `smtsmith bench`.
pub(super) fn bench_cmd(cmd: Command) -> Result<ExitCode, String> {
    let Command::Bench {
        seeded: Seeded { count, seed, bytes },
        theories,
        reuse,
        setups,
        warmup,
        inputs,
        per_case,
        target,
    } = cmd
    else {
        unreachable!("dispatched by run")
    };
    let theories = resolve(theories);
    if !smtsmith::tools::bench::PROFILED.contains(&target) {
        return Err(format!(
            "bench profiles differential and seed_mutation, not {}",
            target.name()
        ));
    }
    if target == smtsmith::harness::Target::SeedMutation && inputs.is_none() {
        return Err(
            "--target seed_mutation runs SMT-LIB inputs: give them with --inputs DIR".into(),
        );
    }
    let modes = if reuse.is_empty() {
        smtsmith::solver::Reuse::ALL.to_vec()
    } else {
        reuse
    };
    let (inputs, what) = match &inputs {
        Some(dir) => (
            corpus_files(dir)?
                .iter()
                .map(read)
                .collect::<Result<Vec<_>, _>>()?,
            format!("the files of {}", dir.display()),
        ),
        None => (
            smtsmith::tools::bench::corpus(seed, count, bytes),
            format!("{count} inputs of {bytes} bytes from seed {seed}"),
        ),
    };
    let warm = smtsmith::tools::bench::corpus(seed.wrapping_add(1 << 32), warmup, 64);
    let dir = std::env::temp_dir().join(format!("smtsmith-bench-{}", std::process::id()));
    println!(
        "{what}, theories {theories}; findings (if any) in {}",
        dir.display()
    );
    // Warmed up on generated cases (the libraries' first-call costs), then timed.
    let measure = |mut h: Harness| {
        use smtsmith::harness::Target;
        use smtsmith::tools::bench::profile;
        h.settings.limits = settings().limits.clone();
        profile(&mut h, &warm, &theories, Target::Differential);
        profile(&mut h, &inputs, &theories, target)
    };
    if setups {
        for (name, setup) in smtsmith::tools::bench::setups() {
            let p = measure(smtsmith::tools::bench::harness_for(setup, &dir));
            println!("setup {name}: {} finding(s)", p.findings);
            print!("{}", p.table());
        }
        return Ok(ExitCode::SUCCESS);
    }
    for mode in modes {
        let p = measure(smtsmith::tools::bench::harness(mode, &dir));
        println!("reuse {mode}: {} finding(s)", p.findings);
        print!("{}", p.table());
        if let Some(path) = &per_case {
            let text: String = p
                .per_case
                .iter()
                .map(|d| format!("{:.3}\n", d.as_secs_f64() * 1e3))
                .collect();
            std::fs::write(path, text)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
