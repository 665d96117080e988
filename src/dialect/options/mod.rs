//! Solver options as part of the swarm configuration (Murxla's option fuzzing): curated
//! tables of documented options that change how a solver searches, never what it decides.
//! Each entry is checked against the linked library — Z3's parameter descriptions
//! (`Z3_solver_get_param_descrs`), cvc5's option information (`cvc5_get_option_info`: the
//! option exists and is not an expert or undocumented one) — by `tests/it/scripts.rs`, and
//! the backends refuse an option the linked release does not describe (a Z3 release picked
//! with `SMTSMITH_Z3_VERSION` may lack some): such a script runs without it being set and
//! is skipped as "incompatible options", never reported.
//!
//! Left out on purpose: cvc5's expert options (`ite-simp`, `miplib-trick`,
//! `unconstrained-simp`: the backend refuses them); options that make a solver unsound or
//! incomplete by design
//! (Z3 `smt.arith.solver` 0/1/3/4/5 — no solver or difference logic only; cvc5
//! `--unsat-cores-mode` variants documented as approximate), and options that only print.

pub mod space;

use arbitrary::{Result, Unstructured};

/// One option and the values drawn for it.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// The SMT-LIB name (`(set-option :NAME VALUE)`); Z3's are module-qualified.
    pub name: &'static str,
    pub values: &'static [&'static str],
}

const B: &[&str] = &["true", "false"];

/// Z3 parameters (descriptions: `z3 -pd`, or `Z3_solver_get_param_descrs`).
pub const Z3: &[Spec] = &[
    Spec {
        name: "smt.relevancy",
        values: &["0", "1", "2"],
    },
    Spec {
        name: "smt.phase_selection",
        values: &["0", "1", "2", "3", "4", "5", "6"],
    },
    Spec {
        name: "smt.random_seed",
        values: &["1", "2", "7", "42"],
    },
    Spec {
        name: "smt.restart_strategy",
        values: &["0", "1", "2", "3", "4"],
    },
    Spec {
        name: "smt.case_split",
        values: &["0", "1", "2", "3", "4", "5", "6"],
    },
    Spec {
        name: "smt.arith.solver",
        values: &["2", "6"],
    },
    Spec {
        name: "smt.arith.nl",
        values: B,
    },
    Spec {
        name: "smt.arith.random_initial_value",
        values: B,
    },
    Spec {
        name: "smt.mbqi",
        values: B,
    },
    Spec {
        name: "smt.ematching",
        values: B,
    },
    Spec {
        name: "smt.qi.eager_threshold",
        values: &["5.0", "10.0", "100.0"],
    },
    Spec {
        name: "smt.bv.reflect",
        values: B,
    },
    Spec {
        name: "smt.bv.delay",
        values: B,
    },
    Spec {
        name: "smt.propagate_values",
        values: B,
    },
    Spec {
        name: "smt.seq.split_w_len",
        values: B,
    },
    Spec {
        name: "smt.core.minimize",
        values: B,
    },
    Spec {
        name: "smt.theory_case_split",
        values: B,
    },
    // The rewriter's and the arithmetic solver's options that public bugs needed (docs/
    // reach.md: Z3Prover/z3#5002 and #5467 set them); each only changes how formulas
    // are simplified or bounds propagated.
    Spec {
        name: "rewriter.flat",
        values: B,
    },
    Spec {
        name: "rewriter.arith_ineq_lhs",
        values: B,
    },
    Spec {
        name: "rewriter.pull_cheap_ite",
        values: B,
    },
    Spec {
        name: "smt.arith.bprop_on_pivoted_rows",
        values: B,
    },
    // Z3's other string solver, a user's choice through 4.15 (docs/reach.md: four public
    // bugs of the index need it, Z3Prover/z3#2736, #4350, #6134, #7754). Only the value
    // that differs from the default `seq`; 5.x describes it but refuses it at the check,
    // which answers as an option this release does not take (src/dialect/facts.rs).
    Spec {
        name: "smt.string_solver",
        values: &["z3str3"],
    },
    // The int-blasting bit-vector engine of newer releases (a release that does not
    // describe it answers the case unknown, an option it does not take): Z3Prover/z3#10480
    // of the index needs it.
    Spec {
        name: "smt.bv.solver",
        values: &["2"],
    },
];

/// cvc5 options (`cvc5 --help`; category "regular" or "common" in its option info).
pub const CVC5: &[Spec] = &[
    Spec {
        name: "simplification",
        values: &["none", "batch"],
    },
    Spec {
        name: "decision",
        values: &["internal", "justification", "stoponly"],
    },
    Spec {
        name: "ee-mode",
        values: &["distributed", "central"],
    },
    Spec {
        name: "arith-rewrite-equalities",
        values: B,
    },
    Spec {
        name: "nl-ext",
        values: &["none", "light", "full"],
    },
    Spec {
        name: "nl-ext-tplanes",
        values: B,
    },
    Spec {
        name: "nl-cov",
        values: B,
    },
    Spec {
        name: "bv-solver",
        values: &["bitblast", "bitblast-internal"],
    },
    Spec {
        name: "bitblast",
        values: &["lazy", "eager"],
    },
    Spec {
        name: "strings-fmf",
        values: B,
    },
    Spec {
        name: "strings-eager-len-re",
        values: B,
    },
    Spec {
        name: "mbqi",
        values: B,
    },
    Spec {
        name: "e-matching",
        values: B,
    },
    Spec {
        name: "cegqi",
        values: B,
    },
    Spec {
        name: "finite-model-find",
        values: B,
    },
    Spec {
        name: "full-saturate-quant",
        values: B,
    },
    Spec {
        name: "learned-rewrite",
        values: B,
    },
    Spec {
        name: "seed",
        values: &["1", "2", "7", "42"],
    },
];

/// The solvers' catalogs the `script` target draws from instead of the curated tables
/// (`SMTSMITH_OPTIONS=catalog`: the settings' `install` reads them from the solvers).
static CATALOGS: std::sync::Mutex<Vec<(crate::dialect::solver_id::SolverId, &'static [Drawable])>> =
    std::sync::Mutex::new(Vec::new());

/// Makes `table` the options drawn for `id` in this process (empty: its curated table).
pub fn install_catalog(id: crate::dialect::solver_id::SolverId, table: &'static [Drawable]) {
    let mut c = CATALOGS.lock().unwrap_or_else(|e| e.into_inner());
    c.retain(|(s, _)| *s != id);
    c.push((id, table));
}

/// The catalog installed for `id` ([`install_catalog`]; empty where none is).
pub fn catalog(id: crate::dialect::solver_id::SolverId) -> &'static [Drawable] {
    CATALOGS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .find(|(s, _)| *s == id)
        .map_or(&[], |(_, t)| t)
}

/// An option of a solver's catalog that may be drawn, with its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawable {
    pub name: String,
    pub values: Vec<String>,
}

/// A swarm of one to four distinct options of `table` with a value each (none a quarter of
/// the time), as Falcon draws configurations.
pub fn draw_swarm(u: &mut Unstructured, table: &[Drawable]) -> Result<Vec<(String, String)>> {
    let n = if u.ratio(1, 4)? {
        0
    } else {
        u.int_in_range(1..=4usize)?
    };
    distinct(u, n, |u| {
        let o = u.choose(table)?;
        Ok((o.name.clone(), u.choose(&o.values)?.clone()))
    })
}

/// The swarm a one-shot case's option number `k` stands for where a catalog is installed
/// (the `differential` family's setup records one number per solver): one to four distinct
/// options of `table`, drawn from bytes derived from the low 12 bits of `k`; an option whose
/// bit is set among the high 4 bits is left out (the reducer sets them one by one).
pub fn swarm_of(table: &[Drawable], k: u16) -> Vec<(String, String)> {
    if table.is_empty() {
        return Vec::new();
    }
    // splitmix64 of the seed: 32 well-mixed bytes for the draws.
    let mut x = u64::from(k & 0x0fff).wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut bytes = Vec::with_capacity(32);
    for _ in 0..4 {
        x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        bytes.extend_from_slice(&(z ^ (z >> 31)).to_le_bytes());
    }
    let mut u = Unstructured::new(&bytes);
    let n = 1 + usize::from(k & 3);
    let drawn = distinct(&mut u, n, |u| {
        let o = u.choose(table)?;
        Ok((o.name.clone(), u.choose(&o.values)?.clone()))
    })
    .unwrap_or_default();
    drawn
        .into_iter()
        .enumerate()
        .filter(|(i, _)| (k >> 12) & (1 << i) == 0)
        .map(|(_, o)| o)
        .collect()
}

/// `n` draws of `one` (name, value), those of a name drawn before dropped.
fn distinct(
    u: &mut Unstructured,
    n: usize,
    mut one: impl FnMut(&mut Unstructured) -> Result<(String, String)>,
) -> Result<Vec<(String, String)>> {
    let mut out: Vec<(String, String)> = Vec::new();
    for _ in 0..n {
        let (k, v) = one(u)?;
        if !out.iter().any(|(x, _)| *x == k) {
            out.push((k, v));
        }
    }
    Ok(out)
}

/// Draws up to three distinct options of `table` with a value each (none half the time).
pub fn draw(u: &mut Unstructured, table: &[Spec]) -> Result<Vec<(String, String)>> {
    let n = if u.ratio(1, 2)? {
        0
    } else {
        u.int_in_range(1..=3usize)?
    };
    distinct(u, n, |u| {
        let s = u.choose(table)?;
        Ok((s.name.to_string(), u.choose(s.values)?.to_string()))
    })
}

/// Option `k` (modulo their number) of the (option, value) pairs of `table`, in table order:
/// the curated option a one-shot case draws (a case setup holds its number).
pub fn nth(table: &[Spec], k: u16) -> (&'static str, &'static str) {
    let total: usize = table.iter().map(|s| s.values.len()).sum();
    let mut k = usize::from(k) % total;
    for s in table {
        if k < s.values.len() {
            return (s.name, s.values[k]);
        }
        k -= s.values.len();
    }
    unreachable!("k is below the number of pairs")
}

/// The case number [`nth`] reads as option `name` with `value` (the pair's place in
/// `table`), if the table has the pair.
pub fn position(table: &[Spec], name: &str, value: &str) -> Option<u16> {
    table
        .iter()
        .flat_map(|s| s.values.iter().map(move |v| (s.name, *v)))
        .position(|p| p == (name, value))
        .and_then(|k| u16::try_from(k).ok())
}

/// The name Z3's solver API takes for an SMT-LIB parameter name: the `smt.` and `rewriter.`
/// module prefixes dropped (`smt.relevancy` → `relevancy`, `rewriter.flat` → `flat`, as
/// `Z3_solver_get_param_descrs` lists them).
pub fn z3_api_name(name: &str) -> &str {
    name.strip_prefix("smt.")
        .or_else(|| name.strip_prefix("rewriter."))
        .unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `position` is `nth`'s inverse over every pair of both curated tables.
    #[test]
    fn position_finds_the_number_nth_reads() {
        for table in [Z3, CVC5] {
            let pairs: usize = table.iter().map(|s| s.values.len()).sum();
            for k in 0..pairs as u16 {
                let (n, v) = nth(table, k);
                assert_eq!(position(table, n, v), Some(k), "{n}={v}");
            }
        }
        assert_eq!(position(Z3, "smt.string_solver", "seq"), None);
        assert!(position(Z3, "smt.string_solver", "z3str3").is_some());
    }

    /// A one-shot case's number stands for one to four distinct options of the catalog, the
    /// same each time; each high bit leaves out one of them and nothing else.
    #[test]
    fn a_case_number_stands_for_a_swarm_and_its_high_bits_drop_members() {
        let table: Vec<Drawable> = (0..40)
            .map(|i| Drawable {
                name: format!("opt{i}"),
                values: vec!["true".into(), "false".into(), format!("{i}")],
            })
            .collect();
        let mut sizes = std::collections::BTreeSet::new();
        for k in 0..4096u16 {
            let swarm = swarm_of(&table, k);
            assert_eq!(swarm, swarm_of(&table, k));
            assert!((1..=4).contains(&swarm.len()), "{k}: {swarm:?}");
            sizes.insert(swarm.len());
            for (name, _) in &swarm {
                assert_eq!(swarm.iter().filter(|(n, _)| n == name).count(), 1);
            }
            let without_first = swarm_of(&table, k | (1 << 12));
            assert_eq!(without_first, swarm[1..].to_vec());
            assert!(swarm_of(&table, k | 0xf000).is_empty());
        }
        assert_eq!(sizes.len(), 4);
        assert!(swarm_of(&[], 7).is_empty());
    }
}
