//! Values of SMT-LIB's FloatingPoint theory: IEEE-754 binary floating-point numbers of any
//! format `(_ FloatingPoint eb sb)` and the five rounding modes. The arithmetic (exact, with
//! correct rounding) is in the evaluator (its `fp` module); this module holds the values and their
//! encodings.

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{One, Zero};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The largest exponent width smtsmith takes: values of wider formats would need rationals
/// of more than 2^19 bits (Float128 has eb = 15; IEEE's binary256 has 19).
pub const MAX_EB: u32 = 20;
/// The largest significand width (with the hidden bit) smtsmith takes (binary256 has 237).
pub const MAX_SB: u32 = 256;

/// Whether `(_ FloatingPoint eb sb)` is a format smtsmith takes: SMT-LIB requires eb > 1 and
/// sb > 1; the upper bounds are ours ([`MAX_EB`], [`MAX_SB`]).
pub fn format_ok(eb: u32, sb: u32) -> bool {
    (2..=MAX_EB).contains(&eb) && (2..=MAX_SB).contains(&sb)
}

/// The five rounding modes of IEEE-754 (SMT-LIB's `RoundingMode` values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RoundingMode {
    /// roundNearestTiesToEven.
    Rne,
    /// roundNearestTiesToAway.
    Rna,
    /// roundTowardPositive.
    Rtp,
    /// roundTowardNegative.
    Rtn,
    /// roundTowardZero.
    Rtz,
}

impl RoundingMode {
    pub const ALL: [RoundingMode; 5] = [
        RoundingMode::Rne,
        RoundingMode::Rna,
        RoundingMode::Rtp,
        RoundingMode::Rtn,
        RoundingMode::Rtz,
    ];

    /// The short SMT-LIB name (`RNE`), which smtsmith prints.
    pub fn short_name(self) -> &'static str {
        match self {
            RoundingMode::Rne => "RNE",
            RoundingMode::Rna => "RNA",
            RoundingMode::Rtp => "RTP",
            RoundingMode::Rtn => "RTN",
            RoundingMode::Rtz => "RTZ",
        }
    }

    /// The long SMT-LIB name (`roundNearestTiesToEven`).
    pub fn long_name(self) -> &'static str {
        match self {
            RoundingMode::Rne => "roundNearestTiesToEven",
            RoundingMode::Rna => "roundNearestTiesToAway",
            RoundingMode::Rtp => "roundTowardPositive",
            RoundingMode::Rtn => "roundTowardNegative",
            RoundingMode::Rtz => "roundTowardZero",
        }
    }

    /// The mode either of whose names is `name`.
    pub fn by_name(name: &str) -> Option<RoundingMode> {
        RoundingMode::ALL
            .into_iter()
            .find(|m| m.short_name() == name || m.long_name() == name)
    }
}

/// An IEEE-754 value of format (eb, sb) by its three fields: the sign, the biased exponent
/// (eb bits) and the trailing significand (sb − 1 bits). Canonical: every NaN is the one
/// NaN of its format (SMT-LIB has one NaN per format), so structural equality is SMT-LIB's
/// `=` (NaN equals NaN, +0 differs from −0).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Float {
    pub eb: u32,
    pub sb: u32,
    pub sign: bool,
    pub exponent: u64,
    pub significand: BigUint,
}

impl Float {
    /// A value from its fields (each reduced to its width); a NaN becomes the canonical NaN.
    pub fn from_fields(eb: u32, sb: u32, sign: bool, exponent: u64, significand: BigUint) -> Float {
        let max_exp = (1u64 << eb) - 1;
        let significand = significand % (BigUint::one() << (sb - 1));
        let exponent = exponent & max_exp;
        if exponent == max_exp && !significand.is_zero() {
            return Float::nan(eb, sb);
        }
        Float {
            eb,
            sb,
            sign,
            exponent,
            significand,
        }
    }

    /// The value whose IEEE encoding is the `eb + sb`-bit vector `bits` (sign, exponent,
    /// trailing significand from the most significant bit down), as `(_ to_fp eb sb)` of a
    /// bit-vector reads it.
    pub fn from_bits(eb: u32, sb: u32, bits: &BigUint) -> Float {
        let sig_mask = (BigUint::one() << (sb - 1)) - 1u8;
        let significand = bits & &sig_mask;
        let exp_bits: BigUint = (bits >> (sb - 1)) & ((BigUint::one() << eb) - 1u8);
        let exponent = u64::try_from(exp_bits).expect("eb <= MAX_EB");
        let sign = !((bits >> (eb + sb - 1)) & BigUint::one()).is_zero();
        Float::from_fields(eb, sb, sign, exponent, significand)
    }

    /// The IEEE encoding (`eb + sb` bits; NaN as the quiet NaN with only the top bit of the
    /// significand set).
    pub fn to_bits(&self) -> BigUint {
        let sign = if self.sign {
            BigUint::one()
        } else {
            BigUint::zero()
        };
        (sign << (self.eb + self.sb - 1))
            | (BigUint::from(self.exponent) << (self.sb - 1))
            | &self.significand
    }

    /// The canonical NaN: positive, exponent all ones, only the top significand bit set.
    pub fn nan(eb: u32, sb: u32) -> Float {
        Float {
            eb,
            sb,
            sign: false,
            exponent: (1u64 << eb) - 1,
            significand: BigUint::one() << (sb - 2),
        }
    }

    pub fn inf(eb: u32, sb: u32, sign: bool) -> Float {
        Float {
            eb,
            sb,
            sign,
            exponent: (1u64 << eb) - 1,
            significand: BigUint::zero(),
        }
    }

    pub fn zero(eb: u32, sb: u32, sign: bool) -> Float {
        Float {
            eb,
            sb,
            sign,
            exponent: 0,
            significand: BigUint::zero(),
        }
    }

    /// The largest finite value of the format, with this sign.
    pub fn max_finite(eb: u32, sb: u32, sign: bool) -> Float {
        Float {
            eb,
            sb,
            sign,
            exponent: (1u64 << eb) - 2,
            significand: (BigUint::one() << (sb - 1)) - 1u8,
        }
    }

    fn max_exponent(&self) -> u64 {
        (1u64 << self.eb) - 1
    }

    pub fn is_nan(&self) -> bool {
        self.exponent == self.max_exponent() && !self.significand.is_zero()
    }

    pub fn is_inf(&self) -> bool {
        self.exponent == self.max_exponent() && self.significand.is_zero()
    }

    pub fn is_zero(&self) -> bool {
        self.exponent == 0 && self.significand.is_zero()
    }

    pub fn is_subnormal(&self) -> bool {
        self.exponent == 0 && !self.significand.is_zero()
    }

    pub fn is_normal(&self) -> bool {
        self.exponent != 0 && self.exponent != self.max_exponent()
    }

    pub fn is_finite(&self) -> bool {
        self.exponent != self.max_exponent()
    }

    /// The exponent bias, 2^(eb−1) − 1.
    pub fn bias(eb: u32) -> i64 {
        (1i64 << (eb - 1)) - 1
    }

    /// The value as an exact rational (`None` for infinities and NaN; both zeros are 0).
    pub fn to_rational(&self) -> Option<BigRational> {
        if !self.is_finite() {
            return None;
        }
        let bias = Float::bias(self.eb);
        let p = i64::from(self.sb) - 1;
        // Subnormals have the exponent of the smallest normal and no hidden bit.
        let (int, e) = if self.exponent == 0 {
            (self.significand.clone(), 1 - bias - p)
        } else {
            (
                (BigUint::one() << (self.sb - 1)) | &self.significand,
                self.exponent as i64 - bias - p,
            )
        };
        let mut r = BigRational::from_integer(BigInt::from(int));
        r = times_pow2(r, e);
        if self.sign {
            r = -r;
        }
        Some(r)
    }
}

/// `r * 2^e` for any integer `e`.
pub fn times_pow2(r: BigRational, e: i64) -> BigRational {
    let p = BigInt::one() << e.unsigned_abs();
    if e >= 0 {
        r * BigRational::from_integer(p)
    } else {
        r / BigRational::from_integer(p)
    }
}

impl fmt::Display for Float {
    /// SMT-LIB: `(_ NaN eb sb)` for NaN, else the `(fp sign exponent significand)` literal
    /// in binary (which both solvers read in every release).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_nan() {
            return write!(f, "(_ NaN {} {})", self.eb, self.sb);
        }
        write!(
            f,
            "(fp #b{} #b{:0>ew$} #b{:0>sw$})",
            u8::from(self.sign),
            format!("{:b}", self.exponent),
            self.significand.to_str_radix(2),
            ew = self.eb as usize,
            sw = (self.sb - 1) as usize
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings_round_trip_and_nan_is_canonical() {
        for bits in 0u32..(1 << 8) {
            let x = Float::from_bits(3, 5, &BigUint::from(bits));
            if x.is_nan() {
                assert_eq!(x, Float::nan(3, 5));
            } else {
                assert_eq!(x.to_bits(), BigUint::from(bits), "{bits:08b}");
            }
        }
        // 1.0 in Float32 and the smallest subnormal of Float16.
        let one = Float::from_bits(8, 24, &BigUint::from(0x3f80_0000u32));
        assert_eq!(one.to_rational(), Some(BigRational::one()));
        let tiny = Float::from_bits(5, 11, &BigUint::from(1u32));
        assert!(tiny.is_subnormal());
        assert_eq!(
            tiny.to_rational(),
            Some(times_pow2(BigRational::one(), -24))
        );
        assert_eq!(
            one.to_string(),
            "(fp #b0 #b01111111 #b00000000000000000000000)"
        );
        assert_eq!(Float::nan(2, 3).to_string(), "(_ NaN 2 3)");
        assert_ne!(Float::zero(8, 24, true), Float::zero(8, 24, false));
    }

    #[test]
    fn rounding_modes_read_by_either_name() {
        for m in RoundingMode::ALL {
            assert_eq!(RoundingMode::by_name(m.short_name()), Some(m));
            assert_eq!(RoundingMode::by_name(m.long_name()), Some(m));
        }
        assert_eq!(RoundingMode::by_name("RNX"), None);
    }
}
