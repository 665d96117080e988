//! Each solver's option catalog ([`crate::options::space`]), read from the linked solver.

use super::{cvc5, z3, SolverId};
use crate::options::space;

/// Z3's catalog, from the linked release's binary (`z3 -pd`); `release` is the linked
/// library's version, as the backend reports it.
pub fn z3_catalog(release: String) -> Result<space::Catalog, String> {
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
    Ok(space::Catalog::new(
        SolverId::Z3,
        space::Source::Z3ParamDescriptions,
        release,
        options,
    )
    .only_per_solver(&z3::solver_parameter_names()))
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
        Ok(c) => c
            .drawn
            .iter()
            .map(|d| crate::options::Drawable {
                name: d.name.clone(),
                values: d.values(),
            })
            .filter(|d| !d.values.is_empty())
            .collect(),
        Err(e) => {
            eprintln!("smtsmith: no option catalog for {id} ({e}); its curated options are drawn");
            Vec::new()
        }
    })
}
