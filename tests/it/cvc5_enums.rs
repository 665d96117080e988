//! The cvc5-sys bindings were generated from cvc5 1.4.0 headers; the library we link must
//! agree on every value of the enums smtsmith passes to it or reads from it, or terms would
//! silently be built with the wrong kinds. Ground truth: the linked library's own
//! `*_to_string` of each value.
//!
//! The proof and skolem enums are exempt: cvc5 1.4.2 inserted values into `ProofRule`,
//! `ProofRewriteRule`, `SkolemId` and `ProofFormat` (494 values differ from 1.4.0's), and
//! smtsmith never asks for proofs or skolems. The test holds that the backend names none
//! of them.

// The link directives for libcvc5 come with the smtsmith library.
use smtsmith as _;

mod table;

/// `BitvectorUltbv` -> `bitvectorultbv`; `CVC5_KIND_BITVECTOR_ULTBV` -> `bitvectorultbv`.
fn normalize(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .flat_map(|c| c.to_lowercase())
        .collect()
}

/// Enums the backend does not use, whose values differ between the releases it links.
const UNUSED: [&str; 4] = ["ProofRule", "ProofRewriteRule", "SkolemId", "ProofFormat"];

#[test]
fn enum_values_match_the_linked_library() {
    let backend = include_str!("../../src/solver/cvc5.rs");
    for name in UNUSED {
        assert!(
            !backend.contains(&format!("c::{name}")),
            "the cvc5 backend uses {name}: check its values"
        );
    }
    let mut mismatches = Vec::new();
    let mut checked = 0;
    for (enum_name, variants) in table::ENUMS
        .iter()
        .filter(|(name, _)| !UNUSED.contains(name))
    {
        for (variant, value) in *variants {
            // `LAST` sentinels are not constants of the library.
            if variant.starts_with("Last") {
                continue;
            }
            let name = table::to_string(enum_name, *value);
            checked += 1;
            // Rounding modes print as their SMT-LIB abbreviations.
            let expected = match *variant {
                "RoundNearestTiesToEven" => "RNE",
                "RoundTowardPositive" => "RTP",
                "RoundTowardNegative" => "RTN",
                "RoundTowardZero" => "RTZ",
                "RoundNearestTiesToAway" => "RNA",
                v => v,
            };
            // The library prints the C constant, possibly with its enum prefix.
            if !normalize(&name).ends_with(&normalize(expected)) {
                mismatches.push(format!(
                    "{enum_name}::{variant} = {value} is {name:?} in the library"
                ));
            }
        }
    }
    eprintln!("checked {checked} enum values");
    assert!(checked > 350, "the table lost its values ({checked})");
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}
