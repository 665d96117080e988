//! Bit-vector semantics of SMT-LIB's FixedSizeBitVectors theory, on values of any width.
//! Division by zero is defined by the standard (no unknowns here): `bvudiv s 0` is all ones,
//! `bvurem s 0` is `s`, and the signed operations follow from their definitions.

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

/// A bit-vector: `value < 2^width`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bv {
    pub width: u32,
    pub value: BigUint,
}

fn modulus(width: u32) -> BigUint {
    BigUint::one() << width
}

impl Bv {
    pub fn new(width: u32, value: BigUint) -> Bv {
        let value = value % modulus(width);
        Bv { width, value }
    }

    fn ones(width: u32) -> Bv {
        Bv {
            width,
            value: modulus(width) - 1u8,
        }
    }

    fn zero(width: u32) -> Bv {
        Bv {
            width,
            value: BigUint::zero(),
        }
    }

    pub fn msb(&self) -> bool {
        self.value.bit(u64::from(self.width - 1))
    }

    /// Two's-complement reading.
    pub fn signed(&self) -> BigInt {
        let v = BigInt::from(self.value.clone());
        if self.msb() {
            v - BigInt::from(modulus(self.width))
        } else {
            v
        }
    }

    fn with(&self, value: BigUint) -> Bv {
        Bv::new(self.width, value)
    }

    pub fn not(&self) -> Bv {
        self.with(modulus(self.width) - 1u8 - &self.value)
    }

    pub fn neg(&self) -> Bv {
        self.with(modulus(self.width) - &self.value)
    }

    pub fn and(&self, o: &Bv) -> Bv {
        self.with(&self.value & &o.value)
    }

    pub fn or(&self, o: &Bv) -> Bv {
        self.with(&self.value | &o.value)
    }

    pub fn xor(&self, o: &Bv) -> Bv {
        self.with(&self.value ^ &o.value)
    }

    pub fn add(&self, o: &Bv) -> Bv {
        self.with(&self.value + &o.value)
    }

    pub fn sub(&self, o: &Bv) -> Bv {
        self.add(&o.neg())
    }

    pub fn mul(&self, o: &Bv) -> Bv {
        self.with(&self.value * &o.value)
    }

    pub fn udiv(&self, o: &Bv) -> Bv {
        if o.value.is_zero() {
            Bv::ones(self.width)
        } else {
            self.with(&self.value / &o.value)
        }
    }

    pub fn urem(&self, o: &Bv) -> Bv {
        if o.value.is_zero() {
            self.clone()
        } else {
            self.with(&self.value % &o.value)
        }
    }

    /// SMT-LIB's definition by cases on the sign bits.
    pub fn sdiv(&self, t: &Bv) -> Bv {
        match (self.msb(), t.msb()) {
            (false, false) => self.udiv(t),
            (true, false) => self.neg().udiv(t).neg(),
            (false, true) => self.udiv(&t.neg()).neg(),
            (true, true) => self.neg().udiv(&t.neg()),
        }
    }

    pub fn srem(&self, t: &Bv) -> Bv {
        match (self.msb(), t.msb()) {
            (false, false) => self.urem(t),
            (true, false) => self.neg().urem(t).neg(),
            (false, true) => self.urem(&t.neg()),
            (true, true) => self.neg().urem(&t.neg()).neg(),
        }
    }

    pub fn smod(&self, t: &Bv) -> Bv {
        let abs_s = if self.msb() { self.neg() } else { self.clone() };
        let abs_t = if t.msb() { t.neg() } else { t.clone() };
        let u = abs_s.urem(&abs_t);
        if u.value.is_zero() {
            return u;
        }
        match (self.msb(), t.msb()) {
            (false, false) => u,
            (true, false) => u.neg().add(t),
            (false, true) => u.add(t),
            (true, true) => u.neg(),
        }
    }

    fn shift_amount(&self, t: &Bv) -> Option<u32> {
        t.value.to_u32().filter(|k| *k < self.width)
    }

    pub fn shl(&self, t: &Bv) -> Bv {
        match self.shift_amount(t) {
            Some(k) => self.with(&self.value << k),
            None => Bv::zero(self.width),
        }
    }

    pub fn lshr(&self, t: &Bv) -> Bv {
        match self.shift_amount(t) {
            Some(k) => self.with(&self.value >> k),
            None => Bv::zero(self.width),
        }
    }

    pub fn ashr(&self, t: &Bv) -> Bv {
        match self.shift_amount(t) {
            Some(k) => {
                let shifted = &self.value >> k;
                if self.msb() {
                    // Fill the k top bits with ones.
                    let fill = (modulus(k) - 1u8) << (self.width - k);
                    self.with(shifted | fill)
                } else {
                    self.with(shifted)
                }
            }
            None if self.msb() => Bv::ones(self.width),
            None => Bv::zero(self.width),
        }
    }

    pub fn concat(&self, t: &Bv) -> Bv {
        Bv::new(self.width + t.width, (&self.value << t.width) | &t.value)
    }

    pub fn extract(&self, i: u32, j: u32) -> Bv {
        Bv::new(i - j + 1, &self.value >> j)
    }

    pub fn zero_extend(&self, k: u32) -> Bv {
        Bv::new(self.width + k, self.value.clone())
    }

    pub fn sign_extend(&self, k: u32) -> Bv {
        if self.msb() {
            Bv::new(
                self.width + k,
                ((modulus(k) - 1u8) << self.width) | &self.value,
            )
        } else {
            self.zero_extend(k)
        }
    }

    pub fn repeat(&self, k: u32) -> Bv {
        let mut acc = self.clone();
        for _ in 1..k {
            acc = acc.concat(self);
        }
        acc
    }

    pub fn rotate_left(&self, k: u32) -> Bv {
        let k = k % self.width;
        if k == 0 {
            return self.clone();
        }
        self.with((&self.value << k) | (&self.value >> (self.width - k)))
    }

    pub fn rotate_right(&self, k: u32) -> Bv {
        let k = k % self.width;
        self.rotate_left(self.width - k)
    }

    /// `((_ int2bv n) x)`: x modulo 2^n (non-negative).
    pub fn from_int(width: u32, x: &BigInt) -> Bv {
        let m = BigInt::from(modulus(width));
        Bv::new(width, x.mod_floor(&m).to_biguint().unwrap())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bv(width: u32, v: u64) -> Bv {
        Bv::new(width, v.into())
    }

    #[test]
    fn division_by_zero_is_defined_by_the_standard() {
        // bvudiv by 0 is all ones, bvurem by 0 the dividend.
        assert_eq!(bv(4, 6).udiv(&bv(4, 0)), bv(4, 15));
        assert_eq!(bv(4, 6).urem(&bv(4, 0)), bv(4, 6));
        // bvsdiv: s >= 0 by 0 is all ones (-1); s < 0 by 0 is 1.
        assert_eq!(bv(4, 6).sdiv(&bv(4, 0)), bv(4, 15));
        assert_eq!(bv(4, 0b1010).sdiv(&bv(4, 0)), bv(4, 1));
        // bvsrem by 0 is the dividend; bvsmod by 0 too.
        assert_eq!(bv(4, 0b1010).srem(&bv(4, 0)), bv(4, 0b1010));
        assert_eq!(bv(4, 0b1010).smod(&bv(4, 0)), bv(4, 0b1010));
        assert_eq!(bv(4, 5).smod(&bv(4, 0)), bv(4, 5));
    }

    #[test]
    fn signed_division_matches_truncation_and_smod_the_divisor_sign() {
        // Over 8 bits: -7 sdiv 2 = -3 (truncation), -7 srem 2 = -1, -7 smod 2 = 1,
        // 7 smod -2 = -1.
        let m7 = bv(8, 256 - 7);
        assert_eq!(m7.sdiv(&bv(8, 2)).signed(), BigInt::from(-3));
        assert_eq!(m7.srem(&bv(8, 2)).signed(), BigInt::from(-1));
        assert_eq!(m7.smod(&bv(8, 2)).signed(), BigInt::from(1));
        assert_eq!(bv(8, 7).smod(&bv(8, 256 - 2)).signed(), BigInt::from(-1));
        // Exhaustively over 4 bits against the integer definitions.
        for s in 0..16u64 {
            for t in 1..16u64 {
                let (a, b) = (bv(4, s), bv(4, t));
                let (x, y) = (a.signed(), b.signed());
                let q = &x / &y; // Rust BigInt division truncates, like bvsdiv.
                assert_eq!(a.sdiv(&b), Bv::from_int(4, &q), "{s} sdiv {t}");
                assert_eq!(a.srem(&b), Bv::from_int(4, &(&x - &q * &y)), "{s} srem {t}");
                let m = x.mod_floor(&y); // floor modulo: sign of the divisor, like bvsmod.
                assert_eq!(a.smod(&b), Bv::from_int(4, &m), "{s} smod {t}");
            }
        }
    }

    #[test]
    fn shifts_rotations_and_resizing() {
        assert_eq!(bv(4, 0b1001).shl(&bv(4, 1)), bv(4, 0b0010));
        assert_eq!(bv(4, 0b1001).shl(&bv(4, 4)), bv(4, 0));
        assert_eq!(bv(4, 0b1001).lshr(&bv(4, 3)), bv(4, 1));
        assert_eq!(bv(4, 0b1001).ashr(&bv(4, 1)), bv(4, 0b1100));
        assert_eq!(bv(4, 0b1001).ashr(&bv(4, 9)), bv(4, 0b1111));
        assert_eq!(bv(4, 0b0101).ashr(&bv(4, 9)), bv(4, 0));
        assert_eq!(bv(4, 0b1001).rotate_left(1), bv(4, 0b0011));
        assert_eq!(bv(4, 0b1001).rotate_right(1), bv(4, 0b1100));
        assert_eq!(bv(4, 0b1001).rotate_left(5), bv(4, 0b0011));
        assert_eq!(bv(4, 0b1001).concat(&bv(2, 0b10)), bv(6, 0b100110));
        assert_eq!(bv(6, 0b100110).extract(4, 1), bv(4, 0b0011));
        assert_eq!(bv(4, 0b1001).sign_extend(2), bv(6, 0b111001));
        assert_eq!(bv(4, 0b1001).zero_extend(2), bv(6, 0b001001));
        assert_eq!(bv(2, 0b10).repeat(3), bv(6, 0b101010));
        assert_eq!(Bv::from_int(4, &BigInt::from(-1)), bv(4, 15));
        assert_eq!(Bv::from_int(4, &BigInt::from(17)), bv(4, 1));
        assert_eq!(bv(4, 5).not(), bv(4, 10));
        assert_eq!(bv(4, 5).neg(), bv(4, 11));
        assert_eq!(
            bv(128, 1).shl(&bv(128, 127)).value,
            BigUint::one() << 127u32
        );
    }
}
