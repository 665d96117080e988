//! Each solver's option catalog ([`crate::options::space`]), read from the linked solver.

use super::{cvc5, z3, SolverId};
use crate::options::space;

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
pub fn optimizer_drawable() -> &'static [crate::options::Drawable] {
    static OPT: std::sync::OnceLock<Vec<crate::options::Drawable>> = std::sync::OnceLock::new();
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

/// The options of `id`'s catalog that may be drawn, read once per process (none for a
/// solver without a catalog, or where it cannot be read: then said once on stderr).
pub fn drawable(id: SolverId) -> &'static [crate::options::Drawable] {
    use std::sync::OnceLock;
    static Z3: OnceLock<Vec<crate::options::Drawable>> = OnceLock::new();
    static CVC5: OnceLock<Vec<crate::options::Drawable>> = OnceLock::new();
    let (cell, read): (_, fn() -> Result<space::Catalog, String>) = match id.library() {
        SolverId::Z3 => (&Z3, || z3_catalog(String::new())),
        SolverId::Cvc5 => (&CVC5, cvc5_catalog),
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
) -> Vec<crate::options::Drawable> {
    described
        .map(|d| crate::options::Drawable {
            name: d.name.clone(),
            values: d.values(),
        })
        .filter(|d| !d.values.is_empty())
        .collect()
}
