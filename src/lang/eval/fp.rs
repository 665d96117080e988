//! SMT-LIB FloatingPoint semantics, exactly: every operation computes its exact result as a
//! rational (or, for the square root, an exact bracket of it) and rounds once, in the given
//! mode, to the format — never through host floats. The special cases (NaN, infinities,
//! signed zeros) follow IEEE-754 2008 as SMT-LIB's theory adopts it. Results SMT-LIB leaves
//! unspecified are `None` (the caller makes them unknown unless the model interprets them).

use super::{EvalResult, Unknown};
use crate::lang::ir::float::times_pow2;
use crate::lang::ir::{Float, Idx, Op, RoundingMode, Value};
use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;

use RoundingMode::{Rna, Rne, Rtn, Rtp, Rtz};

/// ⌊log2 r⌋ of a positive rational.
fn floor_log2(r: &BigRational) -> i64 {
    let (n, d) = (r.numer().magnitude(), r.denom().magnitude());
    let guess = n.bits() as i64 - d.bits() as i64;
    // 2^guess <= r < 2^(guess+1), or one below.
    if times_pow2(BigRational::one(), guess) <= *r {
        guess
    } else {
        guess - 1
    }
}

/// Rounds the non-negative rational `x` to an integer in mode `rm`, for a value whose sign
/// is `neg` (the directed modes round the signed value).
fn round_magnitude_to_integer(x: &BigRational, neg: bool, rm: RoundingMode) -> BigUint {
    let q = x.numer().div_floor(x.denom());
    let rem = x.numer() - &q * x.denom();
    let q = q.to_biguint().expect("non-negative");
    if rem.is_zero() {
        return q;
    }
    let twice: BigInt = rem * 2;
    let half = twice.cmp(x.denom());
    let up = match rm {
        Rne => half == Ordering::Greater || (half == Ordering::Equal && q.is_odd()),
        Rna => half != Ordering::Less,
        Rtp => !neg,
        Rtn => neg,
        Rtz => false,
    };
    if up {
        q + 1u8
    } else {
        q
    }
}

/// The value nearest to `(-1)^neg * mag` in format (eb, sb) in mode `rm` (`mag` > 0):
/// subnormals, overflow to infinity or to the largest finite value as the mode says.
pub fn round(eb: u32, sb: u32, rm: RoundingMode, neg: bool, mag: &BigRational) -> Float {
    debug_assert!(mag.is_positive());
    let bias = Float::bias(eb);
    let (emin, emax) = (1 - bias, bias);
    let p = i64::from(sb);
    let overflow = || match rm {
        Rne | Rna => Float::inf(eb, sb, neg),
        Rtz => Float::max_finite(eb, sb, neg),
        Rtp if neg => Float::max_finite(eb, sb, true),
        Rtp => Float::inf(eb, sb, false),
        Rtn if neg => Float::inf(eb, sb, true),
        Rtn => Float::max_finite(eb, sb, false),
    };
    let e = floor_log2(mag);
    if e > emax {
        return overflow();
    }
    // Below the normal range the spacing stays that of the smallest normal exponent.
    let mut e = e.max(emin);
    let scaled = times_pow2(mag.clone(), p - 1 - e);
    let mut m = round_magnitude_to_integer(&scaled, neg, rm);
    let hidden = BigUint::one() << (sb - 1);
    if m == BigUint::one() << sb {
        m = hidden.clone();
        e += 1;
        if e > emax {
            return overflow();
        }
    }
    if m.is_zero() {
        return Float::zero(eb, sb, neg);
    }
    if m < hidden {
        // Subnormal (e is emin).
        return Float::from_fields(eb, sb, neg, 0, m);
    }
    Float::from_fields(eb, sb, neg, (e + bias) as u64, m - hidden)
}

/// The rational `r` rounded to format (eb, sb): 0 is +0.
pub fn from_rational(eb: u32, sb: u32, rm: RoundingMode, r: &BigRational) -> Float {
    if r.is_zero() {
        return Float::zero(eb, sb, false);
    }
    round(eb, sb, rm, r.is_negative(), &r.abs())
}

/// The exact result `r` of an operation, rounded, with the sign IEEE gives an exact zero
/// sum: +0, or −0 when rounding toward negative.
fn rounded_sum(eb: u32, sb: u32, rm: RoundingMode, r: &BigRational) -> Float {
    if r.is_zero() {
        return Float::zero(eb, sb, rm == Rtn);
    }
    round(eb, sb, rm, r.is_negative(), &r.abs())
}

fn finite(x: &Float) -> BigRational {
    x.to_rational().expect("a finite value")
}

pub fn neg(x: &Float) -> Float {
    if x.is_nan() {
        return x.clone();
    }
    Float {
        sign: !x.sign,
        ..x.clone()
    }
}

pub fn abs(x: &Float) -> Float {
    if x.is_nan() {
        return x.clone();
    }
    Float {
        sign: false,
        ..x.clone()
    }
}

pub fn add(rm: RoundingMode, x: &Float, y: &Float) -> Float {
    let (eb, sb) = (x.eb, x.sb);
    if x.is_nan() || y.is_nan() {
        return Float::nan(eb, sb);
    }
    match (x.is_inf(), y.is_inf()) {
        (true, true) if x.sign != y.sign => return Float::nan(eb, sb),
        (true, _) => return x.clone(),
        (_, true) => return y.clone(),
        _ => {}
    }
    if x.is_zero() && y.is_zero() {
        // Equal signs keep theirs; opposite signs sum to +0 (−0 toward negative).
        let sign = if x.sign == y.sign { x.sign } else { rm == Rtn };
        return Float::zero(eb, sb, sign);
    }
    rounded_sum(eb, sb, rm, &(finite(x) + finite(y)))
}

pub fn sub(rm: RoundingMode, x: &Float, y: &Float) -> Float {
    add(rm, x, &neg(y))
}

pub fn mul(rm: RoundingMode, x: &Float, y: &Float) -> Float {
    let (eb, sb) = (x.eb, x.sb);
    let sign = x.sign != y.sign;
    if x.is_nan() || y.is_nan() || (x.is_inf() && y.is_zero()) || (x.is_zero() && y.is_inf()) {
        return Float::nan(eb, sb);
    }
    if x.is_inf() || y.is_inf() {
        return Float::inf(eb, sb, sign);
    }
    if x.is_zero() || y.is_zero() {
        return Float::zero(eb, sb, sign);
    }
    round(eb, sb, rm, sign, &(finite(x) * finite(y)).abs())
}

pub fn div(rm: RoundingMode, x: &Float, y: &Float) -> Float {
    let (eb, sb) = (x.eb, x.sb);
    let sign = x.sign != y.sign;
    if x.is_nan() || y.is_nan() || (x.is_inf() && y.is_inf()) || (x.is_zero() && y.is_zero()) {
        return Float::nan(eb, sb);
    }
    if x.is_inf() || y.is_zero() {
        return Float::inf(eb, sb, sign);
    }
    if y.is_inf() || x.is_zero() {
        return Float::zero(eb, sb, sign);
    }
    round(eb, sb, rm, sign, &(finite(x) / finite(y)).abs())
}

/// `x * y + z` rounded once.
pub fn fma(rm: RoundingMode, x: &Float, y: &Float, z: &Float) -> Float {
    let (eb, sb) = (x.eb, x.sb);
    let psign = x.sign != y.sign;
    if x.is_nan() || y.is_nan() || z.is_nan() {
        return Float::nan(eb, sb);
    }
    if (x.is_inf() && y.is_zero()) || (x.is_zero() && y.is_inf()) {
        return Float::nan(eb, sb);
    }
    if x.is_inf() || y.is_inf() {
        if z.is_inf() && z.sign != psign {
            return Float::nan(eb, sb);
        }
        return Float::inf(eb, sb, psign);
    }
    if z.is_inf() {
        return z.clone();
    }
    let product = finite(x) * finite(y);
    if product.is_zero() && z.is_zero() {
        let sign = if psign == z.sign { psign } else { rm == Rtn };
        return Float::zero(eb, sb, sign);
    }
    rounded_sum(eb, sb, rm, &(product + finite(z)))
}

pub fn sqrt(rm: RoundingMode, x: &Float) -> Float {
    let (eb, sb) = (x.eb, x.sb);
    if x.is_nan() || (x.sign && !x.is_zero()) {
        return Float::nan(eb, sb);
    }
    if x.is_zero() || x.is_inf() {
        return x.clone();
    }
    let r = finite(x);
    // sqrt(r) = sqrt(n) * 2^-t with n = r * 2^(2t) an integer; t puts at least two bits
    // below the result's last place (also where the result is subnormal), so the true root,
    // if irrational, lies strictly between two consecutive units s and s + 1 that no
    // rounding boundary separates: s + 1/2 rounds as the root does.
    let bias = Float::bias(eb);
    let p = i64::from(sb);
    let result_exp = floor_log2(&r).div_euclid(2);
    let lowest = result_exp.min(1 - bias) - p - 2;
    let mut t = -lowest;
    // r is m * 2^k with k >= emin - p + 1; 2t + k >= 0 makes n an integer.
    let k_min = 1 - bias - (p - 1);
    if 2 * t + k_min < 0 {
        t = (-k_min + 1) / 2;
    }
    let n = times_pow2(r, 2 * t);
    debug_assert!(n.is_integer());
    let n = n.to_integer().to_biguint().expect("positive");
    let s = n.sqrt();
    let root = if &s * &s == n {
        BigRational::from_integer(BigInt::from(s))
    } else {
        BigRational::new(BigInt::from(s) * 2 + 1, BigInt::from(2))
    };
    round(eb, sb, rm, false, &times_pow2(root, -t))
}

/// IEEE remainder: `x - y * n`, n the integer nearest `x / y` (ties to even); exact.
pub fn rem(x: &Float, y: &Float) -> Float {
    let (eb, sb) = (x.eb, x.sb);
    if x.is_nan() || y.is_nan() || x.is_inf() || y.is_zero() {
        return Float::nan(eb, sb);
    }
    if y.is_inf() || x.is_zero() {
        return x.clone();
    }
    let (a, b) = (finite(x), finite(y));
    let q = &a / &b;
    let n = round_magnitude_to_integer(&q.abs(), q.is_negative(), Rne);
    let n = BigInt::from_biguint(
        if q.is_negative() {
            Sign::Minus
        } else {
            Sign::Plus
        },
        n,
    );
    let r = a - b * BigRational::from_integer(n);
    if r.is_zero() {
        return Float::zero(eb, sb, x.sign);
    }
    round(eb, sb, Rne, r.is_negative(), &r.abs())
}

pub fn round_to_integral(rm: RoundingMode, x: &Float) -> Float {
    if !x.is_finite() || x.is_zero() {
        return x.clone();
    }
    let r = finite(x);
    let n = round_magnitude_to_integer(&r.abs(), x.sign, rm);
    if n.is_zero() {
        return Float::zero(x.eb, x.sb, x.sign);
    }
    round(
        x.eb,
        x.sb,
        rm,
        x.sign,
        &BigRational::from_integer(BigInt::from(n)),
    )
}

/// IEEE order of two non-NaN values (−0 = +0).
fn order(x: &Float, y: &Float) -> Ordering {
    let key = |v: &Float| -> (i8, Option<BigRational>) {
        if v.is_inf() {
            (if v.sign { -1 } else { 1 }, None)
        } else {
            (0, Some(finite(v)))
        }
    };
    key(x).cmp(&key(y))
}

/// `fp.min` (`max`: `fp.max`); `None` for two zeros of opposite signs, which SMT-LIB leaves
/// unspecified.
pub fn min_max(max: bool, x: &Float, y: &Float) -> Option<Float> {
    if x.is_nan() {
        return Some(y.clone());
    }
    if y.is_nan() {
        return Some(x.clone());
    }
    if x.is_zero() && y.is_zero() && x.sign != y.sign {
        return None;
    }
    let o = order(x, y);
    let pick_x = if max {
        o != Ordering::Less
    } else {
        o != Ordering::Greater
    };
    Some(if pick_x { x.clone() } else { y.clone() })
}

/// The comparison `op` of two values: false wherever a NaN is involved.
pub fn compare(x: &Float, y: &Float) -> Option<Ordering> {
    if x.is_nan() || y.is_nan() {
        return None;
    }
    Some(order(x, y))
}

/// `((_ to_fp eb sb) rm x)` of a float of any format.
pub fn convert(eb: u32, sb: u32, rm: RoundingMode, x: &Float) -> Float {
    if x.is_nan() {
        return Float::nan(eb, sb);
    }
    if x.is_inf() {
        return Float::inf(eb, sb, x.sign);
    }
    if x.is_zero() {
        return Float::zero(eb, sb, x.sign);
    }
    round(eb, sb, rm, x.sign, &finite(x).abs())
}

/// `fp.to_ubv` (`signed`: `fp.to_sbv`) into `width` bits: the value rounded to an integer in
/// `rm`; `None` (unspecified) for NaN, infinities and integers outside the range.
pub fn to_bv(signed: bool, width: u32, rm: RoundingMode, x: &Float) -> Option<BigUint> {
    if !x.is_finite() {
        return None;
    }
    let r = finite(x);
    let n = round_magnitude_to_integer(&r.abs(), x.sign, rm);
    let n = BigInt::from_biguint(if x.sign { Sign::Minus } else { Sign::Plus }, n);
    let (lo, hi) = if signed {
        let half = BigInt::one() << (width - 1);
        (-half.clone(), half)
    } else {
        (BigInt::zero(), BigInt::one() << width)
    };
    if n < lo || n >= hi {
        return None;
    }
    let modulus = BigInt::one() << width;
    Some(n.mod_floor(&modulus).to_biguint().expect("reduced"))
}

/// `fp.to_real`: `None` (unspecified) for infinities and NaN.
pub fn to_real(x: &Float) -> Option<BigRational> {
    x.to_rational()
}

/// Applies a FloatingPoint operator (not the chainable comparisons: see [`compare`]) to
/// known arguments; SMT-LIB's unspecified results are [`Unknown`].
pub fn apply(op: Op, idx: Idx, vals: &[Value]) -> EvalResult {
    use Value::{BitVec, Bool, Real, Rm};
    let fl = |i: usize| match &vals[i] {
        Value::Float(x) => x,
        other => unreachable!("{} expects a float, got {other:?}", op.name()),
    };
    let unspecified = |what: &str| Err(Unknown(format!("{what} is unspecified")));
    let [i, j] = idx;
    Ok(match (op, vals) {
        (
            Op::FpLit,
            [BitVec { value: s, .. }, BitVec {
                width: e,
                value: ex,
            }, BitVec {
                width: m,
                value: sig,
            }],
        ) => Value::Float(Float::from_fields(
            *e,
            m + 1,
            !s.is_zero(),
            u64::try_from(ex).expect("eb <= MAX_EB"),
            sig.clone(),
        )),
        (Op::FpAbs, [_]) => Value::Float(abs(fl(0))),
        (Op::FpNeg, [_]) => Value::Float(neg(fl(0))),
        (Op::FpAdd, [Rm(rm), _, _]) => Value::Float(add(*rm, fl(1), fl(2))),
        (Op::FpSub, [Rm(rm), _, _]) => Value::Float(sub(*rm, fl(1), fl(2))),
        (Op::FpMul, [Rm(rm), _, _]) => Value::Float(mul(*rm, fl(1), fl(2))),
        (Op::FpDiv, [Rm(rm), _, _]) => Value::Float(div(*rm, fl(1), fl(2))),
        (Op::FpFma, [Rm(rm), _, _, _]) => Value::Float(fma(*rm, fl(1), fl(2), fl(3))),
        (Op::FpSqrt, [Rm(rm), _]) => Value::Float(sqrt(*rm, fl(1))),
        (Op::FpRem, [_, _]) => Value::Float(rem(fl(0), fl(1))),
        (Op::FpRoundToIntegral, [Rm(rm), _]) => Value::Float(round_to_integral(*rm, fl(1))),
        (Op::FpMin | Op::FpMax, [_, _]) => match min_max(op == Op::FpMax, fl(0), fl(1)) {
            Some(x) => Value::Float(x),
            None => return unspecified(&format!("({} +0 -0)", op.name())),
        },
        (Op::FpIsNormal, [_]) => Bool(fl(0).is_normal()),
        (Op::FpIsSubnormal, [_]) => Bool(fl(0).is_subnormal()),
        (Op::FpIsZero, [_]) => Bool(fl(0).is_zero()),
        (Op::FpIsInfinite, [_]) => Bool(fl(0).is_inf()),
        (Op::FpIsNaN, [_]) => Bool(fl(0).is_nan()),
        (Op::FpIsNegative, [_]) => Bool(!fl(0).is_nan() && fl(0).sign),
        (Op::FpIsPositive, [_]) => Bool(!fl(0).is_nan() && !fl(0).sign),
        (Op::ToFpBv, [BitVec { value, .. }]) => Value::Float(Float::from_bits(i, j, value)),
        (Op::ToFpFp, [Rm(rm), _]) => Value::Float(convert(i, j, *rm, fl(1))),
        (Op::ToFpReal, [Rm(rm), Real(r)]) => Value::Float(from_rational(i, j, *rm, r)),
        (Op::ToFpSbv, [Rm(rm), BitVec { width, value }]) => {
            let signed = crate::lang::eval::bv::Bv {
                width: *width,
                value: value.clone(),
            }
            .signed();
            Value::Float(from_rational(i, j, *rm, &BigRational::from_integer(signed)))
        }
        (Op::ToFpUbv, [Rm(rm), BitVec { value, .. }]) => Value::Float(from_rational(
            i,
            j,
            *rm,
            &BigRational::from_integer(BigInt::from(value.clone())),
        )),
        (Op::FpToUbv | Op::FpToSbv, [Rm(rm), _]) => match to_bv(op == Op::FpToSbv, i, *rm, fl(1)) {
            Some(v) => Value::bv(i, v),
            None => {
                return unspecified(&format!(
                    "(_ {} {i}) of {} (NaN, infinite or out of range)",
                    op.name(),
                    fl(1)
                ))
            }
        },
        (Op::FpToReal, [_]) => match to_real(fl(0)) {
            Some(r) => Real(r),
            None => return unspecified(&format!("fp.to_real of {}", fl(0))),
        },
        _ => unreachable!("{} applied to {vals:?}", op.name()),
    })
}

/// The chainable comparison `op` (`fp.leq`, `fp.lt`, `fp.geq`, `fp.gt`, `fp.eq`) of two
/// floats: false where a NaN is involved; −0 and +0 compare equal.
pub fn compare_op(op: Op, x: &Float, y: &Float) -> bool {
    let Some(o) = compare(x, y) else {
        return false;
    };
    match op {
        Op::FpLeq => o != Ordering::Greater,
        Op::FpLt => o == Ordering::Less,
        Op::FpGeq => o != Ordering::Less,
        Op::FpGt => o == Ordering::Greater,
        Op::FpEq => o == Ordering::Equal,
        _ => unreachable!("{} is no float comparison", op.name()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32v(x: f32) -> Float {
        Float::from_bits(8, 24, &BigUint::from(x.to_bits()))
    }

    fn bits32(x: &Float) -> u32 {
        u32::try_from(x.to_bits()).unwrap()
    }

    /// Host floats are IEEE binary32 with round-to-nearest-even: the exact evaluator must
    /// agree with them on the operations the host rounds correctly (a check of the rounding
    /// core; the crate-based comparison over all modes and formats is in `tests/it`).
    #[test]
    fn round_to_nearest_even_agrees_with_host_binary32() {
        let samples = [
            0.0f32,
            -0.0,
            1.0,
            -1.5,
            3.0,
            0.1,
            1e-40,
            -1e-45,
            3.4e38,
            f32::MAX,
            f32::MIN_POSITIVE,
            f32::INFINITY,
            f32::NEG_INFINITY,
            1.0000001,
            7.25e-3,
        ];
        for &a in &samples {
            for &b in &samples {
                let (x, y) = (f32v(a), f32v(b));
                let cases = [
                    (add(Rne, &x, &y), a + b),
                    (sub(Rne, &x, &y), a - b),
                    (mul(Rne, &x, &y), a * b),
                    (div(Rne, &x, &y), a / b),
                ];
                for (got, want) in cases {
                    if want.is_nan() {
                        assert!(got.is_nan(), "{a} {b}");
                    } else {
                        assert_eq!(bits32(&got), want.to_bits(), "{a} {b}: {got}");
                    }
                }
            }
            let s = sqrt(Rne, &f32v(a));
            if a.sqrt().is_nan() {
                assert!(s.is_nan());
            } else {
                assert_eq!(bits32(&s), a.sqrt().to_bits(), "sqrt {a}");
            }
        }
    }

    #[test]
    fn overflow_follows_the_mode_and_zero_sums_follow_ieee() {
        let max = Float::max_finite(8, 24, false);
        assert!(add(Rne, &max, &max).is_inf());
        assert_eq!(add(Rtz, &max, &max), max);
        assert_eq!(add(Rtn, &max, &max), max);
        assert!(add(Rtp, &max, &max).is_inf());
        let one = f32v(1.0);
        assert_eq!(sub(Rne, &one, &one), Float::zero(8, 24, false));
        assert_eq!(sub(Rtn, &one, &one), Float::zero(8, 24, true));
        let (pz, nz) = (Float::zero(8, 24, false), Float::zero(8, 24, true));
        assert_eq!(add(Rne, &nz, &nz), nz);
        assert_eq!(add(Rne, &pz, &nz), pz);
        assert_eq!(sqrt(Rne, &nz), nz);
        assert_eq!(min_max(false, &pz, &nz), None);
        assert_eq!(round_to_integral(Rne, &f32v(-0.3)), nz);
        assert_eq!(round_to_integral(Rna, &f32v(2.5)), f32v(3.0));
        assert_eq!(round_to_integral(Rne, &f32v(2.5)), f32v(2.0));
        assert_eq!(rem(&f32v(5.0), &f32v(2.0)), f32v(1.0));
        assert_eq!(rem(&f32v(7.0), &f32v(2.0)), f32v(-1.0));
        assert_eq!(to_bv(false, 8, Rtz, &f32v(-0.5)), Some(BigUint::zero()));
        assert_eq!(to_bv(false, 8, Rne, &f32v(256.0)), None);
        assert_eq!(
            to_bv(true, 8, Rne, &f32v(-128.0)),
            Some(BigUint::from(128u8))
        );
        assert_eq!(to_bv(true, 8, Rne, &f32v(128.0)), None);
    }

    /// Every value of a tiny format (eb 2, sb 3: 32 encodings) through sqrt and
    /// roundToIntegral: the results are values of the format, exact ones unrounded.
    #[test]
    fn tiny_formats_round_exactly() {
        for bits in 0u32..32 {
            let x = Float::from_bits(2, 3, &BigUint::from(bits));
            for rm in RoundingMode::ALL {
                let s = sqrt(rm, &x);
                if let (Some(r), Some(q)) = (x.to_rational(), s.to_rational()) {
                    let sq = &q * &q;
                    // Directed modes bracket the root.
                    match rm {
                        Rtz | Rtn => assert!(sq <= r, "{x} {rm:?}"),
                        Rtp => assert!(sq >= r, "{x} {rm:?}"),
                        _ => {}
                    }
                }
                let i = round_to_integral(rm, &x);
                if let Some(q) = i.to_rational() {
                    assert!(q.is_integer(), "{x} {rm:?}");
                }
            }
        }
    }
}
