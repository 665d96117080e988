//! The evaluator's floating-point arithmetic against an independent IEEE-754 implementation:
//! `rustc_apfloat`, the Rust port of LLVM's APFloat (what rustc's constant evaluation and
//! Miri compute floats with). Every operation with a rounding mode, in all five modes, on
//! Float16, Float32, Float64 and Float128, on special values (zeros, infinities, NaN, the
//! subnormal and normal boundaries) and arbitrary encodings. The square root, which APFloat
//! lacks, is checked against the host's `f32`/`f64` square root (IEEE's correctly rounded
//! one, to nearest even). Ground truth: a second implementation. (Berkeley SoftFloat's crate
//! `softfloat-wrapper` builds its C through CMake, which a fresh machine lacks.)

use num_bigint::BigUint;
use rustc_apfloat::ieee::{Double, Half, Quad, Single};
use rustc_apfloat::{Float as _, FloatConvert, Round, Status};
use smtsmith::lang::eval::fp;
use smtsmith::lang::generate::seeded_bytes;
use smtsmith::lang::ir::{Float, RoundingMode};

fn round(m: RoundingMode) -> Round {
    match m {
        RoundingMode::Rne => Round::NearestTiesToEven,
        RoundingMode::Rna => Round::NearestTiesToAway,
        RoundingMode::Rtp => Round::TowardPositive,
        RoundingMode::Rtn => Round::TowardNegative,
        RoundingMode::Rtz => Round::TowardZero,
    }
}

/// A source of test encodings: special values half of the time.
struct Draw {
    bytes: Vec<u8>,
    at: usize,
}

impl Draw {
    fn byte(&mut self) -> u8 {
        self.at += 1;
        self.bytes[self.at % self.bytes.len()]
    }

    fn bits(&mut self, eb: u32, sb: u32) -> u128 {
        let width = eb + sb;
        let sign = u128::from(self.byte() & 1) << (width - 1);
        let exp_max = (1u128 << eb) - 1;
        let trailing = (1u128 << (sb - 1)) - 1;
        let bias = (1u128 << (eb - 1)) - 1;
        let field = |e: u128, m: u128| sign | (e << (sb - 1)) | m;
        let random = |d: &mut Draw| {
            let mut x = 0u128;
            for _ in 0..16 {
                x = (x << 8) | u128::from(d.byte());
            }
            x
        };
        match self.byte() % 24 {
            0 => field(0, 0),
            1 => field(exp_max, 0),
            2 => field(exp_max, 1 << (sb - 2)),
            3 => field(0, 1),
            4 => field(0, trailing),
            5 => field(1, 0),
            6 => field(exp_max - 1, trailing),
            7 => field(bias, 0),
            8 => field(bias, 1),
            // Near 1 and near each other: cancellation, ties, exact results.
            9..=11 => field(bias + (random(self) % 4), random(self) & trailing & !0xf),
            _ => random(self) & ((1u128 << width) - 1),
        }
    }
}

fn ours(eb: u32, sb: u32, bits: u128) -> Float {
    Float::from_bits(eb, sb, &BigUint::from(bits))
}

fn same(eb: u32, sb: u32, got: &Float, want_bits: u128, want_nan: bool, what: &str) {
    if want_nan {
        assert!(got.is_nan(), "{what}: got {got}, want NaN");
    } else {
        assert_eq!(got, &ours(eb, sb, want_bits), "{what}");
    }
}

/// Checks one format `F` of (eb, sb) on `n` draws per operation and mode.
fn check_format<F>(eb: u32, sb: u32, n: usize, seed: u64)
where
    F: rustc_apfloat::Float
        + FloatConvert<Half>
        + FloatConvert<Single>
        + FloatConvert<Double>
        + FloatConvert<Quad>,
{
    let mut d = Draw {
        bytes: seeded_bytes(seed, 1 << 14),
        at: 0,
    };
    // What the draws reached: operand classes, and operations whose result depends on the
    // rounding mode (a comparison that only ever saw exact results tests no rounding).
    let mut classes = std::collections::BTreeSet::new();
    let mut mode_dependent = std::collections::BTreeSet::new();
    for _ in 0..n {
        let (a, b, c) = (d.bits(eb, sb), d.bits(eb, sb), d.bits(eb, sb));
        let (x, y, z) = (ours(eb, sb, a), ours(eb, sb, b), ours(eb, sb, c));
        let (fa, fb, fc) = (F::from_bits(a), F::from_bits(b), F::from_bits(c));
        for v in [fa, fb, fc] {
            classes.insert(if v.is_nan() {
                "NaN"
            } else if v.is_infinite() {
                "infinity"
            } else if v.is_zero() {
                "zero"
            } else if v.is_denormal() {
                "subnormal"
            } else {
                "normal"
            });
        }
        let mut results: std::collections::BTreeMap<&str, Vec<u128>> = Default::default();
        for m in RoundingMode::ALL {
            let r = round(m);
            let show = |op: &str| format!("{op} {m:?} {x} {y} {z}");
            let cases = [
                ("add", fp::add(m, &x, &y), fa.add_r(fb, r).value),
                ("sub", fp::sub(m, &x, &y), fa.sub_r(fb, r).value),
                ("mul", fp::mul(m, &x, &y), fa.mul_r(fb, r).value),
                ("div", fp::div(m, &x, &y), fa.div_r(fb, r).value),
                ("fma", fp::fma(m, &x, &y, &z), fa.mul_add_r(fb, fc, r).value),
                (
                    "roundToIntegral",
                    fp::round_to_integral(m, &x),
                    fa.round_to_integral(r).value,
                ),
            ];
            for (op, got, want) in cases {
                same(eb, sb, &got, want.to_bits(), want.is_nan(), &show(op));
                results.entry(op).or_default().push(want.to_bits());
            }
            // Conversions to every other standard format.
            let mut lost = false;
            let h: Half = fa.convert_r(r, &mut lost).value;
            same(
                5,
                11,
                &fp::convert(5, 11, m, &x),
                h.to_bits(),
                h.is_nan(),
                &show("to Float16"),
            );
            let s: Single = fa.convert_r(r, &mut lost).value;
            same(
                8,
                24,
                &fp::convert(8, 24, m, &x),
                s.to_bits(),
                s.is_nan(),
                &show("to Float32"),
            );
            let q: Quad = fa.convert_r(r, &mut lost).value;
            same(
                15,
                113,
                &fp::convert(15, 113, m, &x),
                q.to_bits(),
                q.is_nan(),
                &show("to Float128"),
            );
            // From integers (as `to_fp` of a signed and `to_fp_unsigned` of an unsigned
            // 64-bit vector) and to integers (`fp.to_sbv`, `fp.to_ubv` of 8 and 64 bits).
            let i = (a as u64) as i64;
            let from_signed = F::from_i128_r(i128::from(i), r).value;
            let ours_signed = fp::from_rational(
                eb,
                sb,
                m,
                &num_rational::BigRational::from_integer(i.into()),
            );
            same(
                eb,
                sb,
                &ours_signed,
                from_signed.to_bits(),
                false,
                &format!("to_fp of {i} {m:?}"),
            );
            let u = a as u64;
            let from_unsigned = F::from_u128_r(u128::from(u), r).value;
            let ours_unsigned = fp::from_rational(
                eb,
                sb,
                m,
                &num_rational::BigRational::from_integer(u.into()),
            );
            same(
                eb,
                sb,
                &ours_unsigned,
                from_unsigned.to_bits(),
                false,
                &format!("to_fp_unsigned of {u} {m:?}"),
            );
            for width in [8usize, 64] {
                let mut exact = false;
                let su = fa.to_u128_r(width, r, &mut exact);
                let got = fp::to_bv(false, width as u32, m, &x);
                if su.status.contains(Status::INVALID_OP) {
                    assert_eq!(got, None, "{}", show(&format!("fp.to_ubv {width}")));
                } else {
                    assert_eq!(
                        got,
                        Some(BigUint::from(su.value)),
                        "{}",
                        show(&format!("fp.to_ubv {width}"))
                    );
                }
                let ss = fa.to_i128_r(width, r, &mut exact);
                let got = fp::to_bv(true, width as u32, m, &x);
                if ss.status.contains(Status::INVALID_OP) {
                    assert_eq!(got, None, "{}", show(&format!("fp.to_sbv {width}")));
                } else {
                    let modulus = 1i128 << width;
                    let want = ss.value.rem_euclid(modulus) as u128;
                    assert_eq!(
                        got,
                        Some(BigUint::from(want)),
                        "{}",
                        show(&format!("fp.to_sbv {width}"))
                    );
                }
            }
        }
        for (op, bits) in results {
            if bits.iter().any(|b| *b != bits[0]) {
                mode_dependent.insert(op);
            }
        }
        let rem = fa.ieee_rem(fb).value;
        same(
            eb,
            sb,
            &fp::rem(&x, &y),
            rem.to_bits(),
            rem.is_nan(),
            &format!("rem {x} {y}"),
        );
    }
    assert_eq!(
        classes.len(),
        5,
        "Float({eb},{sb}): operands drawn only of {classes:?}"
    );
    // roundToIntegral of a small format's few non-integers may not differ by mode; the
    // arithmetic operations must.
    for op in ["add", "sub", "mul", "div", "fma"] {
        assert!(
            mode_dependent.contains(op),
            "Float({eb},{sb}): {op} never rounded differently by mode ({mode_dependent:?})"
        );
    }
}

#[test]
fn every_rounded_operation_agrees_with_apfloat_in_every_mode() {
    check_format::<Half>(5, 11, 1500, 1);
    check_format::<Single>(8, 24, 1500, 2);
    check_format::<Double>(11, 53, 1000, 3);
    check_format::<Quad>(15, 113, 400, 4);
}

/// The square root in round-to-nearest-even against the host's (IEEE requires it correctly
/// rounded), on Float32 and Float64 special values and arbitrary encodings.
#[test]
fn square_root_agrees_with_the_host() {
    let mut d = Draw {
        bytes: seeded_bytes(5, 1 << 14),
        at: 0,
    };
    for _ in 0..5000 {
        let a = d.bits(8, 24) as u32;
        let want = f32::from_bits(a).sqrt();
        same(
            8,
            24,
            &fp::sqrt(RoundingMode::Rne, &ours(8, 24, u128::from(a))),
            u128::from(want.to_bits()),
            want.is_nan(),
            &format!("sqrt {a:#x}"),
        );
        let b = d.bits(11, 53) as u64;
        let want = f64::from_bits(b).sqrt();
        same(
            11,
            53,
            &fp::sqrt(RoundingMode::Rne, &ours(11, 53, u128::from(b))),
            u128::from(want.to_bits()),
            want.is_nan(),
            &format!("sqrt {b:#x}"),
        );
    }
}
