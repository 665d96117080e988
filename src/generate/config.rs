//! The swarm configuration: which theories and operators a case may use, and its size.
//! Every knob is listed once in `define_config!` with its type, default, the range the
//! fuzzer draws it from, and its documentation: the struct, its `Default` and its
//! `Arbitrary` (swarm) implementation all come from that list.

use crate::ir::Op;
use arbitrary::{Arbitrary, Result, Unstructured};
use serde::{Deserialize, Serialize};

macro_rules! define_config {
    ($( $(#[doc = $doc:literal])* $name:ident : $ty:ty = $default:expr, arbitrary $draw:expr; )*) => {
        /// Swarm configuration of one case (see the module documentation).
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub struct Config {
            $( $(#[doc = $doc])* pub $name: $ty, )*
        }

        impl Default for Config {
            fn default() -> Self {
                Config { $( $name: $default, )* }
            }
        }

        impl<'a> Arbitrary<'a> for Config {
            fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
                #[allow(clippy::redundant_closure_call)]
                Ok(Config { $( $name: ($draw)(&mut *u)?, )* })
            }
        }
    };
}

define_config! {
    /// Maximum number of top-level assertions.
    max_asserts: u8 = 3, arbitrary |u: &mut Unstructured| u.int_in_range(1..=4);
    /// Maximum term height below an assertion.
    max_depth: u8 = 5, arbitrary |u: &mut Unstructured| u.int_in_range(1..=6);
    /// Maximum number of nodes (counted as a tree) of one assertion.
    max_size: u16 = 48, arbitrary |u: &mut Unstructured| u.int_in_range(4..=96);
    /// Declared constants per sort.
    vars_per_sort: u8 = 3, arbitrary |u: &mut Unstructured| u.int_in_range(1..=4);
    /// Int sort and the Ints theory.
    ints: bool = true, arbitrary |u: &mut Unstructured| u.ratio(3, 4);
    /// Real sort and the Reals theory.
    reals: bool = true, arbitrary |u: &mut Unstructured| u.ratio(3, 4);
    /// Bit-vector sorts and the FixedSizeBitVectors theory.
    bv: bool = true, arbitrary |u: &mut Unstructured| u.ratio(1, 2);
    /// String and RegLan sorts and the Strings theory (with regular expressions).
    strings: bool = true, arbitrary |u: &mut Unstructured| u.ratio(1, 2);
    /// Uninterpreted functions and sorts.
    uf: bool = true, arbitrary |u: &mut Unstructured| u.ratio(1, 3);
    /// Uninterpreted sorts declared when `uf` is on.
    uninterp_sorts: u8 = 1, arbitrary |u: &mut Unstructured| u.int_in_range(0..=2);
    /// Uninterpreted functions declared when `uf` is on (signatures drawn per case).
    funcs: u8 = 2, arbitrary |u: &mut Unstructured| u.int_in_range(1..=3);
    /// forall/exists in Boolean positions.
    quantifiers: bool = true, arbitrary |u: &mut Unstructured| u.ratio(1, 4);
    /// Array sorts and the ArraysEx theory.
    arrays: bool = true, arbitrary |u: &mut Unstructured| u.ratio(1, 2);
    /// Swarm mask over the array sort menu (see `generate::array_menu`).
    array_sorts: u8 = 0xff, arbitrary |u: &mut Unstructured| u.arbitrary::<u8>();
    /// Swarm mask over bit-vector widths: bit i enables `BV_WIDTHS[i]`.
    bv_widths: u16 = (1 << BV_WIDTHS.len()) - 1, arbitrary |u: &mut Unstructured| {
        // Small widths with probability 1/2 each, 32 and 64 with 1/4, 128 with 1/8: wide
        // multiplications and divisions are slow to bit-blast and rarely needed for a bug.
        let bits = u.arbitrary::<u16>()?;
        let bit = |i: u16| (bits >> i) & 1;
        let small = bits & 0xff;
        let wide = (bit(8) & bit(9)) << 8 | (bit(10) & bit(11)) << 9 | (bit(12) & bit(13) & bit(14)) << 10;
        Ok(small | wide | u16::from(small == 0))
    };
    /// Swarm mask over the operator table (bit i of word i/64 enables `OPS[i]`). Drawn
    /// inverted: an input too short to fill it (libFuzzer starts with short inputs, and
    /// `Arbitrary` reads missing bytes as zeros) enables every operator instead of none.
    ops: [u64; 4] = all_ops(), arbitrary |u: &mut Unstructured| Ok(u.arbitrary::<[u64; 4]>()?.map(|w| !w));
    /// Weight of applying an operator (P_gen).
    app_weight: u8 = 6, arbitrary |u: &mut Unstructured| u.int_in_range(1..=8);
    /// Weight of reusing an already built term of the required sort (P_expr).
    reuse_weight: u8 = 2, arbitrary |u: &mut Unstructured| u.int_in_range(0..=4);
    /// Ground terms only: no declared constants (the ground-term target; never drawn).
    ground: bool = false, arbitrary |_u: &mut Unstructured| Ok(false);
    /// Weight of a quantifier where a Boolean term is built (with `quantifiers` on).
    quant_weight: u8 = 2, arbitrary |u: &mut Unstructured| u.int_in_range(1..=4);
    /// Weight of introducing a `let`.
    let_weight: u8 = 1, arbitrary |u: &mut Unstructured| u.int_in_range(0..=2);
}

/// The bit-vector widths the generator declares variables of (small widths first: most
/// bugs show at small widths; 32 and 64 for the machine words solvers special-case).
pub const BV_WIDTHS: [u32; 11] = [1, 2, 3, 4, 5, 8, 12, 16, 32, 64, 128];

fn all_ops() -> [u64; 4] {
    [u64::MAX; 4]
}

/// A subset of the theories a case may use (`--theories ints,strings` on the command line,
/// `SMTSMITH_THEORIES` for fuzz targets). Core is always on. A theory named is on in every
/// case; a theory only implied (Ints by Strings, for lengths and positions) stays a swarm
/// choice; `all` leaves every theory to the swarm. Applied to the swarm configuration
/// after decoding, so the same bytes under the same subset give the same case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Theories {
    pub allowed: TheorySet,
    pub required: TheorySet,
}

/// One flag per optional theory.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TheorySet {
    pub ints: bool,
    pub reals: bool,
    pub bv: bool,
    pub strings: bool,
    #[serde(default)]
    pub arrays: bool,
    #[serde(default)]
    pub quantifiers: bool,
    #[serde(default)]
    pub uf: bool,
}

impl TheorySet {
    const FULL: TheorySet = TheorySet {
        ints: true,
        reals: true,
        bv: true,
        strings: true,
        arrays: true,
        quantifiers: true,
        uf: true,
    };
}

impl Theories {
    /// Every theory, as the swarm chooses.
    pub const ALL: Theories = Theories {
        allowed: TheorySet::FULL,
        required: TheorySet {
            ints: false,
            reals: false,
            bv: false,
            strings: false,
            arrays: false,
            quantifiers: false,
            uf: false,
        },
    };
    /// The names `--theories` accepts.
    pub const NAMES: &'static str =
        "ints, reals, bv, strings (allows ints), arrays (allows ints and bv), uf, quantifiers, all";
}

impl std::fmt::Display for Theories {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if *self == Theories::ALL {
            return f.write_str("all");
        }
        let r = &self.required;
        let names: Vec<&str> = [
            (r.ints, "ints"),
            (r.reals, "reals"),
            (r.bv, "bv"),
            (r.strings, "strings"),
            (r.arrays, "arrays"),
            (r.quantifiers, "quantifiers"),
            (r.uf, "uf"),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, n)| *n)
        .collect();
        f.write_str(&names.join(","))
    }
}

impl std::str::FromStr for Theories {
    type Err = String;
    fn from_str(s: &str) -> std::result::Result<Self, String> {
        let mut t = Theories {
            allowed: TheorySet::default(),
            required: TheorySet::default(),
        };
        for name in s.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let (a, r) = (&mut t.allowed, &mut t.required);
            match name {
                "ints" | "int" | "lia" => (a.ints, r.ints) = (true, true),
                "reals" | "real" | "lra" => (a.reals, r.reals) = (true, true),
                "bv" | "bitvectors" => (a.bv, r.bv) = (true, true),
                "strings" | "string" | "regex" => {
                    (a.strings, r.strings) = (true, true);
                    a.ints = true;
                }
                // Arrays need index and element sorts: Ints and BV stay swarm choices.
                "arrays" | "array" => {
                    (a.arrays, r.arrays) = (true, true);
                    (a.ints, a.bv) = (true, true);
                }
                "quantifiers" | "quant" => (a.quantifiers, r.quantifiers) = (true, true),
                "uf" => (a.uf, r.uf) = (true, true),
                "all" => return Ok(Theories::ALL),
                other => {
                    return Err(format!(
                        "unknown theory {other:?} (known: {})",
                        Theories::NAMES
                    ))
                }
            }
        }
        if t.allowed == TheorySet::default() {
            return Err(format!("no theory named (known: {})", Theories::NAMES));
        }
        Ok(t)
    }
}

impl Config {
    /// Applies a theory subset: named theories on, theories outside it off.
    pub fn restrict(&mut self, t: &Theories) {
        let (a, r) = (&t.allowed, &t.required);
        self.ints = (self.ints && a.ints) || r.ints;
        self.reals = (self.reals && a.reals) || r.reals;
        self.bv = (self.bv && a.bv) || r.bv;
        self.strings = (self.strings && a.strings) || r.strings;
        self.arrays = (self.arrays && a.arrays) || r.arrays;
        self.quantifiers = (self.quantifiers && a.quantifiers) || r.quantifiers;
        self.uf = (self.uf && a.uf) || r.uf;
    }

    pub fn op_enabled(&self, op: Op) -> bool {
        let i = op as usize;
        self.ops[i / 64] & (1u64 << (i % 64)) != 0
    }

    /// Enables only the listed operators (for tests and the CLI).
    pub fn only_ops(mut self, ops: &[Op]) -> Self {
        self.ops = [0; 4];
        for op in ops {
            let i = *op as usize;
            self.ops[i / 64] |= 1u64 << (i % 64);
        }
        self
    }

    /// The enabled bit-vector widths (never empty when `bv` is on).
    pub fn widths(&self) -> Vec<u32> {
        if !self.bv {
            return Vec::new();
        }
        BV_WIDTHS
            .iter()
            .enumerate()
            .filter(|(i, _)| self.bv_widths & (1 << i) != 0)
            .map(|(_, w)| *w)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::OPS;

    #[test]
    fn empty_input_gives_a_small_valid_config() {
        let c = Config::arbitrary(&mut Unstructured::new(&[])).unwrap();
        assert_eq!(c.max_asserts, 1);
        assert_eq!(c.max_depth, 1);
        assert!(OPS.len() <= 256, "the op mask must hold every operator");
        assert!(!Config::default().widths().is_empty());
    }
}
