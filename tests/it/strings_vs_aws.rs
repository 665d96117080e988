//! Our evaluator's string and regular-language functions against Amazon's `aws-smt-strings`
//! (test-only dependency), an independent implementation of the SMT-LIB theory of Unicode
//! strings: every string function on random words over boundary characters, and
//! membership, `str.replace_re` and `str.replace_re_all` over random regular expressions
//! built in both libraries. Ground truth: a second, independently written implementation.
//!
//! aws-smt-strings computes with `i32` (its `str.to_int` panics on overflow) and has no
//! "unknown"; our evaluator is exact over big integers and three-valued, so it stays the
//! judge and this crate checks it where both are defined (small integers).

use aws_smt_strings::smt_regular_expressions as are;
use aws_smt_strings::smt_strings::{self as aws, SmtString};
use num_bigint::BigInt;
use smtsmith::lang::eval::strings as ours;
use smtsmith::lang::generate::seeded_bytes;
use smtsmith::lang::ir::regex::Re;

struct Rng(Vec<u8>, usize);

impl Rng {
    fn below(&mut self, n: u32) -> u32 {
        self.1 += 1;
        let b = &self.0;
        let x = u32::from(b[self.1 % b.len()]) | (u32::from(b[(self.1 * 7 + 3) % b.len()]) << 8);
        x % n.max(1)
    }

    fn int(&mut self, lo: i32, hi: i32) -> i32 {
        lo + self.below((hi - lo + 1) as u32) as i32
    }
}

/// Characters with boundaries: NUL, digits, letters, a surrogate, the largest character.
const CHARS: [u32; 9] = [0x0, 0x30, 0x31, 0x39, 0x61, 0x62, 0x63, 0xd800, 0x2ffff];

fn word(r: &mut Rng, max: u32) -> Vec<u32> {
    let len = r.below(max + 1);
    (0..len)
        .map(|_| CHARS[r.below(CHARS.len() as u32) as usize])
        .collect()
}

/// A word of digits (at most 8: `str.to_int` stays within aws-smt-strings' `i32`).
fn digits(r: &mut Rng) -> Vec<u32> {
    let len = r.below(9);
    (0..len).map(|_| 0x30 + r.below(10)).collect()
}

fn s(w: &[u32]) -> SmtString {
    SmtString::from(w.to_vec())
}

fn big(x: i32) -> BigInt {
    BigInt::from(x)
}

#[test]
fn string_functions_agree_with_aws_smt_strings() {
    let mut r = Rng(seeded_bytes(11, 1 << 16), 0);
    for case in 0..20_000 {
        let (a, b, c) = (word(&mut r, 5), word(&mut r, 2), word(&mut r, 3));
        let (i, n) = (r.int(-2, 7), r.int(-2, 7));
        let (sa, sb, sc) = (s(&a), s(&b), s(&c));
        let ctx = || format!("case {case}: a={a:x?} b={b:x?} c={c:x?} i={i} n={n}");
        assert_eq!(
            s(&ours::substr(&a, &big(i), &big(n))),
            aws::str_substr(&sa, i, n),
            "substr {}",
            ctx()
        );
        assert_eq!(
            s(&ours::at(&a, &big(i))),
            aws::str_at(&sa, i),
            "at {}",
            ctx()
        );
        if b.is_empty() && i == a.len() as i32 {
            // aws-smt-strings 0.8.0 answers -1 for every i >= |a| (its documentation says
            // so); SMT-LIB's smallest n with i <= n <= |a| - |b| is n = |a| here, and Z3
            // 5.4.1.0 gives (str.indexof "ab" "" 2) = 2. Checked against the standard.
            assert_eq!(ours::indexof(&a, &b, &big(i)), big(i), "indexof {}", ctx());
        } else {
            assert_eq!(
                ours::indexof(&a, &b, &big(i)),
                big(aws::str_indexof(&sa, &sb, i)),
                "indexof {}",
                ctx()
            );
        }
        assert_eq!(
            ours::contains(&a, &b),
            aws::str_contains(&sa, &sb),
            "contains {}",
            ctx()
        );
        assert_eq!(
            ours::prefixof(&b, &a),
            aws::str_prefixof(&sb, &sa),
            "prefixof {}",
            ctx()
        );
        assert_eq!(
            ours::suffixof(&b, &a),
            aws::str_suffixof(&sb, &sa),
            "suffixof {}",
            ctx()
        );
        assert_eq!(
            s(&ours::replace(&a, &b, &c)),
            aws::str_replace(&sa, &sb, &sc),
            "replace {}",
            ctx()
        );
        assert_eq!(
            s(&ours::replace_all(&a, &b, &c)),
            aws::str_replace_all(&sa, &sb, &sc),
            "replace_all {}",
            ctx()
        );
        // str.< and str.<= are the evaluator's lexicographic order of code points.
        assert_eq!(a < b, aws::str_lt(&sa, &sb), "str.< {}", ctx());
        assert_eq!(a <= b, aws::str_le(&sa, &sb), "str.<= {}", ctx());
        assert_eq!(
            ours::is_digit(&a),
            aws::str_is_digit(&sa),
            "is_digit {}",
            ctx()
        );
        assert_eq!(
            ours::to_code(&a),
            big(aws::str_to_code(&sa)),
            "to_code {}",
            ctx()
        );
        let code = [-1, 0, 0x30, 0xd800, 0x2ffff, 0x30000][r.below(6) as usize];
        assert_eq!(
            s(&ours::from_code(&big(code))),
            aws::str_from_code(code),
            "from_code {code}"
        );
        let d = if r.below(2) == 0 {
            digits(&mut r)
        } else {
            a.clone()
        };
        assert_eq!(
            ours::to_int(&d),
            big(aws::str_to_int(&s(&d))),
            "to_int {d:x?}"
        );
        let k = r.int(-3, 1_000_000);
        assert_eq!(
            s(&ours::from_int(&big(k))),
            aws::str_from_int(k),
            "from_int {k}"
        );
    }
}

/// One random regular expression, built in both libraries.
fn build(r: &mut Rng, depth: u32) -> (Re, aws_smt_strings::regular_expressions::RegLan) {
    if depth == 0 || r.below(5) == 0 {
        return match r.below(6) {
            0 => (Re::allchar(), are::re_allchar()),
            1 => (Re::none(), are::re_none()),
            2 => (Re::all(), are::re_all()),
            3 => {
                // re.range of words that are not single characters is empty in both.
                let (lo, hi) = (word(r, 2), word(r, 2));
                (Re::range(&lo, &hi), are::re_range(&s(&lo), &s(&hi)))
            }
            _ => {
                let w = word(r, 3);
                (Re::word(&w), are::str_to_re(&s(&w)))
            }
        };
    }
    let (a, a2) = build(r, depth - 1);
    match r.below(10) {
        0 => {
            let (c, c2) = build(r, depth - 1);
            (Re::concat(vec![a, c]), are::re_concat(a2, c2))
        }
        1 => {
            let (c, c2) = build(r, depth - 1);
            (Re::union(vec![a, c]), are::re_union(a2, c2))
        }
        2 => {
            let (c, c2) = build(r, depth - 1);
            (Re::inter(vec![a, c]), are::re_inter(a2, c2))
        }
        3 => {
            let (c, c2) = build(r, depth - 1);
            (Re::diff(a, c), are::re_diff(a2, c2))
        }
        4 => (Re::comp(a), are::re_comp(a2)),
        5 => (Re::star(a), are::re_star(a2)),
        6 => (Re::plus(a), are::re_plus(a2)),
        7 => (Re::opt(a), are::re_opt(a2)),
        8 => {
            let n = r.below(4);
            (Re::loop_(a, n, n), are::re_power(a2, n))
        }
        _ => {
            let (n, m) = (r.below(4), r.below(4));
            (Re::loop_(a, n, m), are::re_loop(a2, n, m))
        }
    }
}

#[test]
fn regular_languages_agree_with_aws_smt_strings() {
    let mut r = Rng(seeded_bytes(13, 1 << 16), 0);
    let (mut accepted, mut total) = (0, 0);
    for case in 0..3000 {
        let (re, theirs) = build(&mut r, 4);
        for _ in 0..8 {
            let w = word(&mut r, 6);
            let want = are::str_in_re(&s(&w), theirs);
            assert_eq!(
                re.matches(&w),
                want,
                "case {case}: {w:x?} in {}",
                re.to_smtlib()
            );
            accepted += usize::from(want);
            total += 1;
            let u = word(&mut r, 2);
            assert_eq!(
                s(&ours::replace_re(&w, &re, &u)),
                are::str_replace_re(&s(&w), theirs, &s(&u)),
                "case {case}: str.replace_re {w:x?} {} {u:x?}",
                re.to_smtlib()
            );
            assert_eq!(
                s(&ours::replace_re_all(&w, &re, &u)),
                are::str_replace_re_all(&s(&w), theirs, &s(&u)),
                "case {case}: str.replace_re_all {w:x?} {} {u:x?}",
                re.to_smtlib()
            );
        }
    }
    // Both outcomes must be well represented, or the comparison says little.
    assert!(
        accepted * 10 > total && accepted * 10 < total * 9,
        "{accepted}/{total} accepted"
    );
}
