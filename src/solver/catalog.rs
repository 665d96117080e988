//! Each solver's option catalog ([`crate::dialect::options::space`]), read from the linked solver.

use super::{cvc5, z3, SolverId};
use crate::dialect::options::space;

/// Z3's parameter descriptions, from the linked release's binary (`z3 -pd`).
fn z3_descriptions() -> Result<Vec<space::Described>, String> {
    let bin = z3::binary()
        .ok_or("no z3 binary for the linked library (set SMTSMITH_Z3_BIN): its parameter descriptions come from `z3 -pd`")?;
    let out = std::process::Command::new(&bin)
        .arg("-pd")
        .output()
        .map_err(|e| format!("{}: {e}", bin.display()))?;
    if !out.status.success() {
        return Err(format!("{} -pd: {}", bin.display(), out.status));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let options = space::parse_z3_descriptions(&text);
    if options.is_empty() {
        return Err(format!(
            "{} -pd printed no parameter description",
            bin.display()
        ));
    }
    Ok(options)
}

/// Z3's catalog, from the linked release's binary (`z3 -pd`); `release` is the linked
/// library's version, as the backend reports it.
pub fn z3_catalog(release: String) -> Result<space::Catalog, String> {
    Ok(space::Catalog::new(
        SolverId::Z3,
        space::Source::Z3ParamDescriptions,
        release,
        z3_descriptions()?,
    )
    .only_per_solver(&z3::solver_parameter_names()))
}

/// The parameters of Z3's optimizer (its `opt` module) that its oracle draws, with their
/// values: those the rule's other reasons keep ([`space::Described::excluded_from_optimizer`]).
/// Read once per process; none where the descriptions cannot be read (said once on stderr).
pub fn optimizer_drawable() -> &'static [crate::dialect::options::Drawable] {
    static OPT: std::sync::OnceLock<Vec<crate::dialect::options::Drawable>> =
        std::sync::OnceLock::new();
    OPT.get_or_init(|| match z3_descriptions() {
        Ok(options) => drawables(
            options
                .iter()
                .filter(|d| d.excluded_from_optimizer() == Some(None)),
        ),
        Err(e) => {
            eprintln!("smtsmith: no optimizer options ({e}); the optimizer runs with its defaults");
            Vec::new()
        }
    })
}

/// cvc5's catalog, from the linked library's option information.
pub fn cvc5_catalog() -> Result<space::Catalog, String> {
    let (release, options) = cvc5::describe_options().map_err(|e| e.to_string())?;
    Ok(space::Catalog::new(
        SolverId::Cvc5,
        space::Source::Cvc5OptionInfo,
        release,
        options,
    ))
}

/// Yices's catalog: the search parameters its `yices` binary shows (`(show-params)`; the
/// binary, next to the loaded release's `yices-smt2`, prints them all and then, in 2.6.5,
/// ends with a fatal error at the MCSAT parameters: docs/findings/).
pub fn yices_catalog() -> Result<space::Catalog, String> {
    use std::io::Write;
    let smt2 = std::path::Path::new(super::yices::BINARY);
    let bin = smt2
        .parent()
        .map(|d| d.join("yices"))
        .filter(|b| b.is_file())
        .ok_or("no yices binary beside the loaded release's yices-smt2: its parameters come from `(show-params)`")?;
    let mut child = std::process::Command::new(&bin)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map_err(|e| format!("{}: {e}", bin.display()))?;
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(b"(show-params)\n");
    }
    let out = child
        .wait_with_output()
        .map_err(|e| format!("{}: {e}", bin.display()))?;
    let mut options = space::parse_yices_params(&String::from_utf8_lossy(&out.stdout));
    if options.is_empty() {
        return Err(format!(
            "{} (show-params) printed no parameter",
            bin.display()
        ));
    }
    yices_ranges(&mut options)?;
    Ok(space::Catalog::new(
        SolverId::Yices,
        space::Source::YicesShowParams,
        super::yices::loaded_version(),
        options,
    ))
}

/// Narrows each Yices parameter's range by what the loaded release's `yices-smt2` refuses
/// ([`space::yices_range_probes`], each probe a `set-option` as reproducers write it); then
/// an integer range's ends are tried, and an end refused moves in by one (2.6.5's
/// "between 1 and 2^16" refuses 2^16).
fn yices_ranges(options: &mut [space::Described]) -> Result<(), String> {
    let probes: Vec<(usize, String)> = options
        .iter()
        .enumerate()
        .flat_map(|(i, d)| {
            space::yices_range_probes(&d.kind)
                .iter()
                .map(move |v| (i, v.to_string()))
        })
        .collect();
    for ((i, _), answer) in probes.iter().zip(yices_answers(options, &probes)?) {
        let kind = std::mem::replace(&mut options[*i].kind, space::Kind::Void);
        options[*i].kind = space::refine_yices_range(kind, &answer);
    }
    let ends: Vec<(usize, String)> = options
        .iter()
        .enumerate()
        .flat_map(|(i, d)| match d.kind {
            space::Kind::Unsigned { min, max } => vec![(i, min.to_string()), (i, max.to_string())],
            _ => Vec::new(),
        })
        .collect();
    for ((i, end), answer) in ends.iter().zip(yices_answers(options, &ends)?) {
        if answer == "success" {
            continue;
        }
        if let space::Kind::Unsigned { min, max } = &mut options[*i].kind {
            if *end == min.to_string() {
                *min += 1;
            } else {
                *max = max.saturating_sub(1);
            }
        }
    }
    Ok(())
}

/// What `yices-smt2` answers to `(set-option :yices-NAME VALUE)` for each (option index,
/// value) of `probes`, in one run of the binary.
fn yices_answers(
    options: &[space::Described],
    probes: &[(usize, String)],
) -> Result<Vec<String>, String> {
    let profile = crate::dialect::profile::of(SolverId::Yices);
    let script = std::iter::once("(set-option :print-success true)".to_string())
        .chain(probes.iter().map(|(i, v)| {
            format!(
                "(set-option :{} {v})",
                profile.set_option_key(&options[*i].name)
            )
        }))
        .collect::<Vec<_>>()
        .join("\n");
    let out = super::yices::run_binary(&script, 10_000)
        .map_err(|e| format!("yices-smt2 for the parameters' ranges: {e}"))?;
    let answers: Vec<String> = out.lines().skip(1).map(String::from).collect();
    if answers.len() != probes.len() {
        return Err(format!(
            "yices-smt2 answered {} of {} range probes:\n{out}",
            answers.len(),
            probes.len()
        ));
    }
    Ok(answers)
}

/// The options of `id`'s catalog that may be drawn, read once per process (none for a
/// solver without a catalog, or where it cannot be read: then said once on stderr).
pub fn drawable(id: SolverId) -> &'static [crate::dialect::options::Drawable] {
    use std::sync::OnceLock;
    static Z3: OnceLock<Vec<crate::dialect::options::Drawable>> = OnceLock::new();
    static CVC5: OnceLock<Vec<crate::dialect::options::Drawable>> = OnceLock::new();
    static YICES: OnceLock<Vec<crate::dialect::options::Drawable>> = OnceLock::new();
    let (cell, read): (_, fn() -> Result<space::Catalog, String>) = match id.library() {
        SolverId::Z3 => (&Z3, || z3_catalog(String::new())),
        SolverId::Cvc5 => (&CVC5, cvc5_catalog),
        SolverId::Yices => (&YICES, yices_catalog),
        _ => return &[],
    };
    cell.get_or_init(|| match read() {
        Ok(c) => drawables(c.drawn.iter()),
        Err(e) => {
            eprintln!("smtsmith: no option catalog for {id} ({e}); its curated options are drawn");
            Vec::new()
        }
    })
}

/// The options `described` with their values, those without any values left out.
fn drawables<'a>(
    described: impl Iterator<Item = &'a space::Described>,
) -> Vec<crate::dialect::options::Drawable> {
    described
        .map(|d| crate::dialect::options::Drawable {
            name: d.name.clone(),
            values: d.values(),
        })
        .filter(|d| !d.values.is_empty())
        .collect()
}
