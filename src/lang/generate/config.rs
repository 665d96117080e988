//! The swarm configuration: which theories and operators a case may use, and its size.
//! Every knob is listed once in `define_config!` with its type, default, the range the
//! fuzzer draws it from, and its documentation: the struct, its `Default` and its
//! `Arbitrary` (swarm) implementation all come from that list. The optional theories are
//! drawn with the odds of [`TheoryOdds`] (`SMTSMITH_THEORY_ODDS`; `Arbitrary` uses the
//! default odds).

use crate::lang::ir::Op;
use arbitrary::{Arbitrary, Result, Unstructured};
use serde::{Deserialize, Serialize};

macro_rules! define_config {
    ($( $(#[doc = $doc:literal])* $name:ident : $ty:ty = $default:expr, arbitrary $draw:expr; )*) => {
        /// Swarm configuration of one case (see the module documentation).
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(default)]
        pub struct Config {
            $( $(#[doc = $doc])* pub $name: $ty, )*
        }

        impl Default for Config {
            fn default() -> Self {
                Config { $( $name: $default, )* }
            }
        }

        impl Config {
            /// Draws a configuration, each theory on with its odds in `theories.odds`; the
            /// knobs of a theory `theories` does not allow (FloatingPoint) take no bytes.
            pub fn draw(u: &mut Unstructured, theories: &Theories) -> Result<Self> {
                #[allow(clippy::redundant_closure_call)]
                Ok(Config { $( $name: ($draw)(&mut *u, theories)?, )* })
            }
        }

        impl<'a> Arbitrary<'a> for Config {
            fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
                Config::draw(u, &Theories::ALL)
            }
        }
    };
}

define_config! {
    /// Maximum number of top-level assertions.
    max_asserts: u8 = 3, arbitrary |u: &mut Unstructured, _t: &Theories| u.int_in_range(1..=4);
    /// Maximum term height below an assertion.
    max_depth: u8 = 5, arbitrary |u: &mut Unstructured, _t: &Theories| u.int_in_range(1..=6);
    /// Maximum number of nodes (counted as a tree) of one assertion.
    max_size: u16 = 48, arbitrary |u: &mut Unstructured, _t: &Theories| u.int_in_range(4..=96);
    /// Declared constants per sort.
    vars_per_sort: u8 = 3, arbitrary |u: &mut Unstructured, _t: &Theories| u.int_in_range(1..=4);
    /// Int sort and the Ints theory.
    ints: bool = true, arbitrary |u: &mut Unstructured, t: &Theories| t.odds.ints.draw(u);
    /// Real sort and the Reals theory.
    reals: bool = true, arbitrary |u: &mut Unstructured, t: &Theories| t.odds.reals.draw(u);
    /// Bit-vector sorts and the FixedSizeBitVectors theory.
    bv: bool = true, arbitrary |u: &mut Unstructured, t: &Theories| t.odds.bv.draw(u);
    /// String and RegLan sorts and the Strings theory (with regular expressions).
    strings: bool = true, arbitrary |u: &mut Unstructured, t: &Theories| t.odds.strings.draw(u);
    /// Uninterpreted functions and sorts.
    uf: bool = true, arbitrary |u: &mut Unstructured, t: &Theories| t.odds.uf.draw(u);
    /// Uninterpreted sorts declared when `uf` is on.
    uninterp_sorts: u8 = 1, arbitrary |u: &mut Unstructured, _t: &Theories| u.int_in_range(0..=2);
    /// Uninterpreted functions declared when `uf` is on (signatures drawn per case).
    funcs: u8 = 2, arbitrary |u: &mut Unstructured, _t: &Theories| u.int_in_range(1..=3);
    /// forall/exists in Boolean positions.
    quantifiers: bool = true, arbitrary |u: &mut Unstructured, t: &Theories| t.odds.quantifiers.draw(u);
    /// Array sorts and the ArraysEx theory.
    arrays: bool = true, arbitrary |u: &mut Unstructured, t: &Theories| t.odds.arrays.draw(u);
    /// Swarm mask over the array sort menu (see `generate::array_menu`).
    array_sorts: u16 = 0xfff, arbitrary |u: &mut Unstructured, _t: &Theories| u.arbitrary::<u16>();
    /// Swarm mask over bit-vector widths: bit i enables `BV_WIDTHS[i]`.
    bv_widths: u16 = (1 << BV_WIDTHS.len()) - 1, arbitrary |u: &mut Unstructured, _t: &Theories| {
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
    ops: [u64; 4] = all_ops(), arbitrary |u: &mut Unstructured, _t: &Theories| Ok(u.arbitrary::<[u64; 4]>()?.map(|w| !w));
    /// Weight of applying an operator (P_gen).
    app_weight: u8 = 6, arbitrary |u: &mut Unstructured, _t: &Theories| u.int_in_range(1..=8);
    /// Weight of a term compared with its own conversion to another sort and back (or the
    /// conversion compared with a term of that sort) where a Boolean term is built.
    conv_weight: u8 = 1, arbitrary |u: &mut Unstructured, _t: &Theories| u.int_in_range(0..=3);
    /// Weight of reusing an already built term of the required sort (P_expr).
    reuse_weight: u8 = 2, arbitrary |u: &mut Unstructured, _t: &Theories| u.int_in_range(0..=4);
    /// Ground terms only: no declared constants (the ground-term target; never drawn).
    ground: bool = false, arbitrary |_u: &mut Unstructured, _t: &Theories| Ok(false);
    /// Weight of a quantifier where a Boolean term is built (with `quantifiers` on).
    quant_weight: u8 = 2, arbitrary |u: &mut Unstructured, _t: &Theories| u.int_in_range(1..=4);
    /// Weight of introducing a `let`.
    let_weight: u8 = 1, arbitrary |u: &mut Unstructured, _t: &Theories| u.int_in_range(0..=2);
    /// FloatingPoint and RoundingMode sorts and the FloatingPoint theory.
    fp: bool = false, arbitrary |u: &mut Unstructured, t: &Theories| {
        if t.allowed.fp { t.odds.fp.draw(u) } else { Ok(false) }
    };
    /// The floating-point formats (eb, sb) of the case ([`draw_fp_formats`]).
    fp_formats: Vec<(u32, u32)> = FP_FORMATS.to_vec(), arbitrary |u: &mut Unstructured, t: &Theories| {
        if t.allowed.fp { draw_fp_formats(u) } else { Ok(FP_FORMATS.to_vec()) }
    };
    /// Algebraic datatypes declared per case (`generate::DT_SHAPES`).
    datatypes: bool = false, arbitrary |u: &mut Unstructured, t: &Theories| {
        if t.allowed.datatypes { t.odds.datatypes.draw(u) } else { Ok(false) }
    };
    /// Datatypes declared when `datatypes` is on.
    dt_count: u8 = 2, arbitrary |u: &mut Unstructured, t: &Theories| {
        if t.allowed.datatypes { u.int_in_range(1..=3) } else { Ok(2) }
    };
    /// Swarm mask over the datatype shapes: bit i enables `generate::DT_SHAPES[i]` (none
    /// set: all).
    dt_shapes: u8 = 0xff, arbitrary |u: &mut Unstructured, t: &Theories| {
        if t.allowed.datatypes { u.arbitrary::<u8>() } else { Ok(0xff) }
    };
    /// Sequence sorts and the theory of sequences (Z3's and cvc5's; drawn last, and only
    /// where `--theories` allows it, so inputs of the other theories decode as before).
    seq: bool = false, arbitrary |u: &mut Unstructured, t: &Theories| {
        if t.allowed.seq { t.odds.seq.draw(u) } else { Ok(false) }
    };
    /// Swarm mask over the sequence element sorts (`generate::seq_menu`; none set: the first).
    seq_sorts: u8 = 0xff, arbitrary |u: &mut Unstructured, t: &Theories| {
        if t.allowed.seq { u.arbitrary::<u8>() } else { Ok(0xff) }
    };
    /// Recursive functions (`define-fun-rec`; Z3 and cvc5), drawn only where `--theories`
    /// allows them.
    rec: bool = false, arbitrary |u: &mut Unstructured, t: &Theories| {
        if t.allowed.rec { t.odds.rec.draw(u) } else { Ok(false) }
    };
    /// Recursive functions defined when `rec` is on.
    rec_funcs: u8 = 1, arbitrary |u: &mut Unstructured, t: &Theories| {
        if t.allowed.rec { u.int_in_range(1..=2) } else { Ok(1) }
    };
}

/// One to three floating-point formats of a case, each drawn on its own: half of them
/// small (eb 2–5, sb 2–8: rounding corner cases a few values apart, and the one-bit
/// significands of sb = 2 that only the SMT-LIB front ends and cvc5 take), one in eight a
/// small exponent over a wide significand (sb 11, 24 or 53), one in sixteen a wide exponent
/// over a small significand, then Float32 one in eight, Float16, Float64 and Float128 one in
/// sixteen each (wide multiplications, divisions, square roots and fused multiply-adds are
/// slow to bit-blast). Public bugs were found in each class (docs/reach.md).
pub fn draw_fp_formats(u: &mut Unstructured) -> Result<Vec<(u32, u32)>> {
    let n = u.int_in_range(1..=3)?;
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(n);
    for _ in 0..n {
        let format = match u.int_in_range(0..=15u8)? {
            0..=7 => (u.int_in_range(2..=5)?, u.int_in_range(2..=8)?),
            8..=9 => (u.int_in_range(2..=5)?, *u.choose(&[11, 24, 53])?),
            10 => (*u.choose(&[8, 11])?, u.int_in_range(2..=5)?),
            11..=12 => (8, 24),
            13 => (5, 11),
            14 => (11, 53),
            _ => (15, 113),
        };
        if !out.contains(&format) {
            out.push(format);
        }
    }
    Ok(out)
}

/// The floating-point formats of a configuration that does not draw them (the default, a
/// configuration without FloatingPoint allowed): small odd formats first, then Float16,
/// Float32, Float64, Float128.
pub const FP_FORMATS: [(u32, u32); 9] = [
    (2, 3),
    (3, 4),
    (3, 5),
    (4, 6),
    (5, 8),
    (5, 11),
    (8, 24),
    (11, 53),
    (15, 113),
];

/// The bit-vector widths the generator declares variables of (small widths first: most
/// bugs show at small widths; 32 and 64 for the machine words solvers special-case).
pub const BV_WIDTHS: [u32; 11] = [1, 2, 3, 4, 5, 8, 12, 16, 32, 64, 128];

fn all_ops() -> [u64; 4] {
    [u64::MAX; 4]
}

/// How often the swarm turns one theory on in a case: `num` in `den`, read from one input
/// byte (Arbitrary's `ratio`). 1 ≤ num ≤ den: a theory is kept out by `SMTSMITH_THEORIES`,
/// not by odds of zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Odds {
    pub num: u8,
    pub den: u8,
}

impl Odds {
    const fn of(num: u8, den: u8) -> Odds {
        Odds { num, den }
    }

    fn draw(self, u: &mut Unstructured) -> Result<bool> {
        u.ratio(self.num, self.den)
    }
}

impl std::fmt::Display for Odds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

/// The swarm's odds per optional theory (`SMTSMITH_THEORY_ODDS`). The default is the
/// generator's own: Ints and Reals 3/4, bit-vectors, strings and arrays 1/2, uninterpreted
/// functions 1/3, quantifiers 1/4 (`docs/defaults.md` says what has measured them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TheoryOdds {
    pub ints: Odds,
    pub reals: Odds,
    pub bv: Odds,
    pub strings: Odds,
    pub arrays: Odds,
    pub quantifiers: Odds,
    pub uf: Odds,
    /// FloatingPoint, where `--theories` allows it without requiring it.
    #[serde(default = "half")]
    pub fp: Odds,
    /// Datatypes, where `--theories` allows them without requiring them.
    #[serde(default = "half")]
    pub datatypes: Odds,
    /// Sequences, where `--theories` allows them without requiring them.
    #[serde(default = "half")]
    pub seq: Odds,
    /// Recursive functions, where `--theories` allows them without requiring them.
    #[serde(default = "half")]
    pub rec: Odds,
}

fn half() -> Odds {
    Odds::of(1, 2)
}

impl TheoryOdds {
    pub const DEFAULT: TheoryOdds = TheoryOdds {
        ints: Odds::of(3, 4),
        reals: Odds::of(3, 4),
        bv: Odds::of(1, 2),
        strings: Odds::of(1, 2),
        arrays: Odds::of(1, 2),
        quantifiers: Odds::of(1, 4),
        uf: Odds::of(1, 3),
        fp: Odds::of(1, 2),
        datatypes: Odds::of(1, 2),
        seq: Odds::of(1, 2),
        rec: Odds::of(1, 2),
    };

    /// Every theory at 1/2: the classic swarm draw (Groce et al., "Swarm testing", 2012).
    pub const EVEN: TheoryOdds = TheoryOdds {
        ints: Odds::of(1, 2),
        reals: Odds::of(1, 2),
        bv: Odds::of(1, 2),
        strings: Odds::of(1, 2),
        arrays: Odds::of(1, 2),
        quantifiers: Odds::of(1, 2),
        uf: Odds::of(1, 2),
        fp: Odds::of(1, 2),
        datatypes: Odds::of(1, 2),
        seq: Odds::of(1, 2),
        rec: Odds::of(1, 2),
    };

    fn slot(&mut self, theory: &str) -> Option<&mut Odds> {
        Some(match theory {
            "ints" => &mut self.ints,
            "reals" => &mut self.reals,
            "bv" => &mut self.bv,
            "strings" => &mut self.strings,
            "arrays" => &mut self.arrays,
            "quantifiers" => &mut self.quantifiers,
            "uf" => &mut self.uf,
            "fp" => &mut self.fp,
            "datatypes" => &mut self.datatypes,
            "seq" => &mut self.seq,
            "rec" => &mut self.rec,
            _ => return None,
        })
    }
}

impl Default for TheoryOdds {
    fn default() -> Self {
        TheoryOdds::DEFAULT
    }
}

impl std::fmt::Display for TheoryOdds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "ints={},reals={},bv={},strings={},arrays={},quantifiers={},uf={},fp={},datatypes={},seq={},rec={}",
            self.ints,
            self.reals,
            self.bv,
            self.strings,
            self.arrays,
            self.quantifiers,
            self.uf,
            self.fp,
            self.datatypes,
            self.seq,
            self.rec
        )
    }
}

impl std::str::FromStr for TheoryOdds {
    type Err = String;
    /// `default`, `even`, or a comma list `THEORY=NUM/DEN` over the default (theories as
    /// `--theories` names them; 1 ≤ NUM ≤ DEN ≤ 255).
    fn from_str(s: &str) -> std::result::Result<Self, String> {
        match s.trim() {
            "default" => return Ok(TheoryOdds::DEFAULT),
            "even" => return Ok(TheoryOdds::EVEN),
            _ => {}
        }
        let mut odds = TheoryOdds::DEFAULT;
        for item in s.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (theory, ratio) = item
                .split_once('=')
                .ok_or_else(|| format!("{item:?} is not THEORY=NUM/DEN"))?;
            let slot = odds.slot(theory.trim()).ok_or_else(|| {
                format!(
                    "unknown theory {theory:?} (known: ints, reals, bv, strings, arrays, quantifiers, uf, fp, datatypes, seq, rec)"
                )
            })?;
            let parsed = ratio
                .split_once('/')
                .and_then(|(n, d)| Some(Odds::of(n.trim().parse().ok()?, d.trim().parse().ok()?)));
            *slot = parsed
                .filter(|o| 1 <= o.num && o.num <= o.den)
                .ok_or_else(|| {
                    format!("{ratio:?} for {theory} is not NUM/DEN with 1 <= NUM <= DEN <= 255")
                })?;
        }
        Ok(odds)
    }
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
    /// How often the swarm turns each allowed theory on.
    #[serde(default)]
    pub odds: TheoryOdds,
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
    #[serde(default)]
    pub fp: bool,
    #[serde(default)]
    pub datatypes: bool,
    #[serde(default)]
    pub seq: bool,
    #[serde(default)]
    pub rec: bool,
}

impl TheorySet {
    /// Every theory of the default swarm. FloatingPoint and datatypes are not in it: each
    /// is on only where `--theories` names it, until the bug benchmark has measured a
    /// default mix with it (`docs/defaults.md`).
    const FULL: TheorySet = TheorySet {
        ints: true,
        reals: true,
        bv: true,
        strings: true,
        arrays: true,
        quantifiers: true,
        uf: true,
        fp: false,
        datatypes: false,
        seq: false,
        rec: false,
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
            fp: false,
            datatypes: false,
            seq: false,
            rec: false,
        },
        odds: TheoryOdds::DEFAULT,
    };
    /// The names `--theories` accepts.
    pub const NAMES: &'static str =
        "ints, reals, bv, strings (allows ints), arrays (allows ints and bv), uf, quantifiers, fp (allows bv and reals), datatypes, seq (Z3 and cvc5 only; allows ints), rec (define-fun-rec; Z3 and cvc5 only; allows ints), all (every theory but fp, datatypes, seq and rec left to the swarm; all,fp / all,datatypes / all,seq / all,rec: those too)";
}

impl std::fmt::Display for Theories {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.required == Theories::ALL.required {
            if self.allowed == Theories::ALL.allowed {
                return f.write_str("all");
            }
            let mut with = Theories::ALL.allowed;
            (with.fp, with.datatypes, with.seq, with.rec) = (
                self.allowed.fp,
                self.allowed.datatypes,
                self.allowed.seq,
                self.allowed.rec,
            );
            if self.allowed == with {
                f.write_str("all")?;
                for (on, name) in [
                    (with.fp, ",fp"),
                    (with.datatypes, ",datatypes"),
                    (with.seq, ",seq"),
                    (with.rec, ",rec"),
                ] {
                    if on {
                        f.write_str(name)?;
                    }
                }
                return Ok(());
            }
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
            (r.fp, "fp"),
            (r.datatypes, "datatypes"),
            (r.seq, "seq"),
            (r.rec, "rec"),
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
            odds: TheoryOdds::DEFAULT,
        };
        let mut all = false;
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
                // Conversions from and to bit-vectors and reals stay swarm choices.
                "fp" | "float" | "floatingpoint" => {
                    (a.fp, r.fp) = (true, true);
                    (a.bv, a.reals) = (true, true);
                }
                // Field sorts other than Bool and other datatypes stay swarm choices of the
                // theories named with it (`datatypes,ints`).
                "datatypes" | "datatype" | "dt" => (a.datatypes, r.datatypes) = (true, true),
                // Lengths and positions are Ints; element sorts stay swarm choices.
                "seq" | "sequences" => {
                    (a.seq, r.seq) = (true, true);
                    a.ints = true;
                }
                // The recursion counts down an Int; other sorts stay swarm choices.
                "rec" | "define-fun-rec" => {
                    (a.rec, r.rec) = (true, true);
                    a.ints = true;
                }
                "all" => all = true,
                other => {
                    return Err(format!(
                        "unknown theory {other:?} (known: {})",
                        Theories::NAMES
                    ))
                }
            }
        }
        if all {
            // `all` leaves every theory to the swarm, those named with it too (`all,fp`: the
            // default mix with FloatingPoint drawn at its odds).
            let named = t.allowed;
            t = Theories::ALL;
            t.allowed.fp |= named.fp;
            t.allowed.datatypes |= named.datatypes;
            t.allowed.seq |= named.seq;
            t.allowed.rec |= named.rec;
            return Ok(t);
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
        self.fp = (self.fp && a.fp) || r.fp;
        self.datatypes = (self.datatypes && a.datatypes) || r.datatypes;
        self.seq = (self.seq && a.seq) || r.seq;
        // Lengths and positions are Ints: sequences need them.
        self.rec = (self.rec && a.rec) || r.rec;
        self.ints |= self.seq || self.rec;
    }

    /// The enabled floating-point formats (never empty when `fp` is on).
    pub fn fp_formats(&self) -> Vec<(u32, u32)> {
        match (self.fp, self.fp_formats.is_empty()) {
            (false, _) => Vec::new(),
            (true, true) => vec![FP_FORMATS[0]],
            (true, false) => self.fp_formats.clone(),
        }
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
    use crate::lang::ir::OPS;

    #[test]
    fn empty_input_gives_a_small_valid_config() {
        let c = Config::arbitrary(&mut Unstructured::new(&[])).unwrap();
        assert_eq!(c.max_asserts, 1);
        assert_eq!(c.max_depth, 1);
        assert!(OPS.len() <= 256, "the op mask must hold every operator");
        assert!(!Config::default().widths().is_empty());
    }

    /// The share of 2,000 fixed pseudo-random inputs whose drawn config has quantifiers on.
    fn quantifier_share(odds: &TheoryOdds) -> f64 {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let on = (0..2000)
            .filter(|_| {
                let bytes: Vec<u8> = (0..64)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        state as u8
                    })
                    .collect();
                let theories = Theories {
                    odds: *odds,
                    ..Theories::ALL
                };
                Config::draw(&mut Unstructured::new(&bytes), &theories)
                    .unwrap()
                    .quantifiers
            })
            .count();
        on as f64 / 2000.0
    }

    #[test]
    fn theory_odds_set_how_often_a_theory_is_drawn() {
        // The default draw is Arbitrary's, byte for byte.
        let bytes: Vec<u8> = (0..64u8).map(|b| b.wrapping_mul(37)).collect();
        assert_eq!(
            Config::draw(&mut Unstructured::new(&bytes), &Theories::ALL).unwrap(),
            Config::arbitrary(&mut Unstructured::new(&bytes)).unwrap()
        );
        let default = quantifier_share(&TheoryOdds::DEFAULT);
        let three_quarters = quantifier_share(&"quantifiers=3/4".parse().unwrap());
        assert!((0.2..0.3).contains(&default), "{default}");
        assert!((0.7..0.8).contains(&three_quarters), "{three_quarters}");
    }

    /// `all,fp` is the default mix with FloatingPoint drawn at its odds, and prints back.
    #[test]
    fn all_with_fp_leaves_fp_to_the_swarm() {
        let t: Theories = "all,fp".parse().unwrap();
        assert!(t.allowed.fp && !t.required.fp && t.allowed.strings);
        assert_eq!(t.to_string(), "all,fp");
        assert_eq!(t.to_string().parse::<Theories>().unwrap(), t);
        let all: Theories = "all".parse().unwrap();
        assert_eq!(all, Theories::ALL);
        assert!(!all.allowed.fp);
        // Drawn at 1/2: some cases have floats, some do not.
        let with_fp = (0..200u64)
            .filter(|k| {
                let bytes: Vec<u8> = (0..64).map(|i| (k * 31 + i * 7) as u8).collect();
                let mut c = Config::draw(&mut Unstructured::new(&bytes), &t).unwrap();
                c.restrict(&t);
                c.fp
            })
            .count();
        assert!((40..160).contains(&with_fp), "{with_fp}");
    }

    /// Sequences are outside `all`; `all,seq` leaves them to the swarm, `seq` requires them
    /// (with Ints for lengths), and an input decodes under `all` as it did before sequences
    /// existed (no byte drawn for them).
    #[test]
    fn sequences_are_named_and_drawn_only_where_allowed() {
        let t: Theories = "all,seq".parse().unwrap();
        assert!(t.allowed.seq && !t.required.seq);
        assert_eq!(t.to_string(), "all,seq");
        assert_eq!(t.to_string().parse::<Theories>().unwrap(), t);
        let both: Theories = "all,fp,seq".parse().unwrap();
        assert_eq!(both.to_string(), "all,fp,seq");
        let seq: Theories = "seq".parse().unwrap();
        assert!(seq.required.seq && seq.allowed.ints && !seq.required.ints);
        assert_eq!(seq.to_string(), "seq");
        let bytes: Vec<u8> = (0..255u8).map(|b| b.wrapping_mul(91)).collect();
        let mut c = Config::draw(&mut Unstructured::new(&bytes), &seq).unwrap();
        c.restrict(&seq);
        assert!(c.seq && c.ints);
        let mut plain = Config::draw(&mut Unstructured::new(&bytes), &Theories::ALL).unwrap();
        plain.restrict(&Theories::ALL);
        assert!(!plain.seq);
    }

    /// The format draw reaches the public bugs' formats: one-bit significands, a small
    /// exponent over a wide significand, the odd small ones and the IEEE ones, each within
    /// SMT-LIB's bounds (eb, sb > 1).
    #[test]
    fn fp_format_draws_reach_the_public_bugs_formats() {
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..4000u64 {
            let bytes = crate::lang::generate::seeded_bytes(seed, 32);
            let formats = draw_fp_formats(&mut Unstructured::new(&bytes)).unwrap();
            assert!((1..=3).contains(&formats.len()), "{formats:?}");
            seen.extend(formats);
        }
        for f in [
            (2, 2),
            (3, 2),
            (3, 3),
            (2, 6),
            (4, 5),
            (3, 24),
            (8, 3),
            (8, 24),
            (11, 53),
            (15, 113),
        ] {
            assert!(seen.contains(&f), "{f:?} never drawn");
        }
        assert!(seen
            .iter()
            .all(|(eb, sb)| crate::lang::ir::float::format_ok(*eb, *sb)));
    }

    #[test]
    fn theory_odds_parse_and_print() {
        assert_eq!(
            "default".parse::<TheoryOdds>().unwrap(),
            TheoryOdds::DEFAULT
        );
        assert_eq!("even".parse::<TheoryOdds>().unwrap(), TheoryOdds::EVEN);
        let even_by_list = "ints=1/2,reals=1/2,quantifiers=1/2,uf=1/2"
            .parse::<TheoryOdds>()
            .unwrap();
        assert_eq!(even_by_list, TheoryOdds::EVEN);
        assert_eq!(
            TheoryOdds::EVEN.to_string().parse::<TheoryOdds>().unwrap(),
            TheoryOdds::EVEN
        );
        for bad in [
            "ints",
            "ints=1",
            "ints=0/2",
            "ints=3/2",
            "ints=1/256",
            "floats=1/2",
        ] {
            assert!(bad.parse::<TheoryOdds>().is_err(), "{bad}");
        }
    }
}
