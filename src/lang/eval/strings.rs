//! SMT-LIB 2.6 Unicode Strings: the `str.*` operations on concrete strings of code points
//! (0 ≤ c ≤ 0x2FFFF). Every function follows the theory's definition literally, including
//! its out-of-range cases (see the unit tests for each edge case). The functions that do not
//! look at characters are generic: Z3's and cvc5's sequences (`seq.extract`, `seq.at`,
//! `seq.indexof`, …) are defined as these over elements of any sort.

use crate::lang::ir::regex::{Re, MAX_CHAR};
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};

pub type Str = Vec<u32>;

/// A non-negative index that fits the string (`None` when negative or huge).
fn index(i: &BigInt) -> Option<usize> {
    if i.is_negative() {
        None
    } else {
        i.to_usize()
    }
}

/// `(str.substr s i n)`: the longest substring of `s` starting at `i` of length at most `n`;
/// "" when `i` is outside `[0, |s|)` or `n <= 0`.
pub fn substr<T: Clone>(s: &[T], i: &BigInt, n: &BigInt) -> Vec<T> {
    match index(i) {
        Some(i) if i < s.len() && n.is_positive() => {
            let len = n.to_usize().unwrap_or(usize::MAX).min(s.len() - i);
            s[i..i + len].to_vec()
        }
        _ => Vec::new(),
    }
}

/// `(str.at s i)` = `(str.substr s i 1)`.
pub fn at<T: Clone>(s: &[T], i: &BigInt) -> Vec<T> {
    substr(s, i, &BigInt::from(1))
}

/// The first position `>= from` where `t` occurs in `s`.
fn find<T: PartialEq>(s: &[T], t: &[T], from: usize) -> Option<usize> {
    if t.is_empty() {
        return (from <= s.len()).then_some(from);
    }
    if t.len() > s.len() {
        return None;
    }
    (from..=s.len() - t.len()).find(|k| &s[*k..*k + t.len()] == t)
}

/// `(str.indexof s t i)`: the first position `>= i` of `t` in `s`; -1 when there is none or
/// `i` is outside `[0, |s|]`. With `t = ""` and `0 <= i <= |s|` it is `i`.
pub fn indexof<T: PartialEq>(s: &[T], t: &[T], i: &BigInt) -> BigInt {
    match index(i) {
        Some(i) if i <= s.len() => find(s, t, i).map_or(BigInt::from(-1), BigInt::from),
        _ => BigInt::from(-1),
    }
}

/// Z3's `(seq.last_indexof s t)` on strings: the largest `i` with `t` at `i` in `s` (so
/// `|s|` for an empty `t`), -1 where `t` is nowhere in `s` (Z3 5.4.1's rewriter and model
/// agree: `"abcab" "ab"` 3, `"abcab" ""` 5, `"aaa" "aa"` 1, `"" "a"` -1).
pub fn last_indexof(s: &[u32], t: &[u32]) -> BigInt {
    if t.len() > s.len() {
        return BigInt::from(-1);
    }
    (0..=s.len() - t.len())
        .rev()
        .find(|&i| &s[i..i + t.len()] == t)
        .map_or(BigInt::from(-1), BigInt::from)
}

/// cvc5's `str.to_lower` (`upper` false) and `str.to_upper`: the letters `A`–`Z` resp.
/// `a`–`z` changed, every other character as it is.
pub fn ascii_case(s: &[u32], upper: bool) -> Str {
    s.iter()
        .map(|&c| match (upper, c) {
            (false, 0x41..=0x5A) => c + 0x20,
            (true, 0x61..=0x7A) => c - 0x20,
            _ => c,
        })
        .collect()
}

/// cvc5's `(str.update s i t)`: `s` with `t` written over it from position `i`, as much of
/// `t` as fits (the length of `s` kept); `s` itself where `i` is negative or past its end.
pub fn update(s: &[u32], i: &BigInt, t: &[u32]) -> Str {
    match index(i) {
        Some(i) if i <= s.len() => {
            let n = t.len().min(s.len() - i);
            [&s[..i], &t[..n], &s[i + n..]].concat()
        }
        _ => s.to_vec(),
    }
}

pub fn contains<T: PartialEq>(s: &[T], t: &[T]) -> bool {
    find(s, t, 0).is_some()
}

/// `(str.prefixof s t)`: `s` is a prefix of `t`.
pub fn prefixof<T: PartialEq>(s: &[T], t: &[T]) -> bool {
    t.starts_with(s)
}

/// `(str.suffixof s t)`: `s` is a suffix of `t`.
pub fn suffixof<T: PartialEq>(s: &[T], t: &[T]) -> bool {
    t.ends_with(s)
}

/// `(str.replace s t u)`: the first occurrence of `t` replaced by `u`; `t = ""` prepends.
pub fn replace<T: Clone + PartialEq>(s: &[T], t: &[T], u: &[T]) -> Vec<T> {
    match find(s, t, 0) {
        None => s.to_vec(),
        Some(k) => [&s[..k], u, &s[k + t.len()..]].concat(),
    }
}

/// `(str.replace_all s t u)`: every non-overlapping occurrence, left to right; `t = ""`
/// leaves `s` unchanged.
pub fn replace_all<T: Clone + PartialEq>(s: &[T], t: &[T], u: &[T]) -> Vec<T> {
    if t.is_empty() {
        return s.to_vec();
    }
    let mut out = Vec::with_capacity(s.len());
    let mut pos = 0;
    while let Some(k) = find(s, t, pos) {
        out.extend_from_slice(&s[pos..k]);
        out.extend_from_slice(u);
        pos = k + t.len();
    }
    out.extend_from_slice(&s[pos..]);
    out
}

/// `(str.replace_re s r u)`: the leftmost, then shortest, match of `r` (possibly empty)
/// replaced by `u`; `s` when no substring is in `r`.
pub fn replace_re(s: &[u32], r: &Re, u: &[u32]) -> Str {
    match r.leftmost_shortest(s, 0, 0) {
        None => s.to_vec(),
        Some((i, j)) => [&s[..i], u, &s[j..]].concat(),
    }
}

/// `(str.replace_re_all s r u)`: left to right, each leftmost shortest non-empty match
/// replaced by `u`.
pub fn replace_re_all(s: &[u32], r: &Re, u: &[u32]) -> Str {
    let mut out = Vec::with_capacity(s.len());
    let mut pos = 0;
    while let Some((i, j)) = r.leftmost_shortest(s, pos, 1) {
        out.extend_from_slice(&s[pos..i]);
        out.extend_from_slice(u);
        pos = j;
    }
    out.extend_from_slice(&s[pos..]);
    out
}

fn is_digit_char(c: u32) -> bool {
    (0x30..=0x39).contains(&c)
}

/// `(str.is_digit s)`: `s` is a single character in `0`..`9`.
pub fn is_digit(s: &[u32]) -> bool {
    matches!(s, [c] if is_digit_char(*c))
}

/// `(str.to_code s)`: the code point of a one-character string, else -1.
pub fn to_code(s: &[u32]) -> BigInt {
    match s {
        [c] => BigInt::from(*c),
        _ => BigInt::from(-1),
    }
}

/// `(str.from_code n)`: the one-character string of code point `n`, "" outside the range.
pub fn from_code(n: &BigInt) -> Str {
    match n.to_u32() {
        Some(c) if c <= MAX_CHAR => vec![c],
        _ => Vec::new(),
    }
}

/// `(str.to_int s)`: the decimal number `s` spells (leading zeros allowed); -1 for "" or
/// any non-digit.
pub fn to_int(s: &[u32]) -> BigInt {
    if s.is_empty() || !s.iter().all(|c| is_digit_char(*c)) {
        return BigInt::from(-1);
    }
    let digits: String = s.iter().map(|c| char::from_u32(*c).unwrap()).collect();
    digits.parse().expect("decimal digits")
}

/// `(str.from_int n)`: the decimal numeral of `n` without leading zeros; "" when negative.
pub fn from_int(n: &BigInt) -> Str {
    if n.is_negative() {
        Vec::new()
    } else if n.is_zero() {
        vec![0x30]
    } else {
        n.to_string().chars().map(u32::from).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// cvc5 1.4.2's front end, `(get-value ((str.update A I B)))` and the case operators:
    /// "abcd" 1 "XY" "aXYd", "abcd" 3 "XY" "abcX", "abcd" 4 "XY" "abcd", "abcd" -1 "XY"
    /// "abcd", "" 0 "XY" ""; `str.to_lower` "Ab\u{c4}Z" "ab\u{c4}z", `str.to_upper`
    /// "aB\u{e4}z" "AB\u{e4}Z" (only the ASCII letters change).
    #[test]
    fn update_and_case_are_cvc5s() {
        let w = |s: &str| s.chars().map(u32::from).collect::<Vec<u32>>();
        for (a, i, b, want) in [
            ("abcd", 1, "XY", "aXYd"),
            ("abcd", 3, "XY", "abcX"),
            ("abcd", 4, "XY", "abcd"),
            ("abcd", -1, "XY", "abcd"),
            ("", 0, "XY", ""),
        ] {
            assert_eq!(
                update(&w(a), &BigInt::from(i), &w(b)),
                w(want),
                "{a} {i} {b}"
            );
        }
        assert_eq!(ascii_case(&w("AbÄZ"), false), w("abÄz"));
        assert_eq!(ascii_case(&w("aBäz"), true), w("ABäZ"));
    }

    /// Z3 5.4.1's binary, `(simplify (seq.last_indexof A B))`: "abcab" "ab" 3, "abcab" ""
    /// 5, "" "" 0, "abc" "d" -1, "aaa" "aa" 1, "" "a" -1.
    #[test]
    fn last_indexof_is_z3s() {
        let w = |s: &str| s.chars().map(u32::from).collect::<Vec<u32>>();
        for (a, b, want) in [
            ("abcab", "ab", 3),
            ("abcab", "", 5),
            ("", "", 0),
            ("abc", "d", -1),
            ("aaa", "aa", 1),
            ("", "a", -1),
        ] {
            assert_eq!(
                last_indexof(&w(a), &w(b)),
                BigInt::from(want),
                "{a:?} {b:?}"
            );
        }
    }

    fn w(s: &str) -> Str {
        s.chars().map(u32::from).collect()
    }
    fn n(i: i64) -> BigInt {
        BigInt::from(i)
    }

    #[test]
    fn substr_and_at_out_of_range_give_empty() {
        assert_eq!(substr(&w("abc"), &n(1), &n(5)), w("bc"));
        assert_eq!(substr(&w("abc"), &n(3), &n(1)), w(""));
        assert_eq!(substr(&w("abc"), &n(-1), &n(2)), w(""));
        assert_eq!(substr(&w("abc"), &n(0), &n(0)), w(""));
        assert_eq!(substr(&w("abc"), &n(0), &n(-2)), w(""));
        let huge: BigInt = "100000000000000000000".parse().unwrap();
        assert_eq!(substr(&w("abc"), &n(1), &huge), w("bc"));
        assert_eq!(substr(&w("abc"), &huge, &n(1)), w(""));
        assert_eq!(at(&w("abc"), &n(2)), w("c"));
        assert_eq!(at(&w("abc"), &n(3)), w(""));
        assert_eq!(at(&w("abc"), &n(-1)), w(""));
    }

    #[test]
    fn indexof_edge_cases() {
        assert_eq!(indexof(&w("abcabc"), &w("c"), &n(0)), n(2));
        assert_eq!(indexof(&w("abcabc"), &w("c"), &n(3)), n(5));
        assert_eq!(indexof(&w("abc"), &w("d"), &n(0)), n(-1));
        // "" with 0 <= i <= |s| gives i; outside gives -1.
        assert_eq!(indexof(&w("abc"), &w(""), &n(2)), n(2));
        assert_eq!(indexof(&w("abc"), &w(""), &n(3)), n(3));
        assert_eq!(indexof(&w("abc"), &w(""), &n(4)), n(-1));
        assert_eq!(indexof(&w("abc"), &w(""), &n(-1)), n(-1));
        // The bug of a published generator: indexof("a","a",-1) is -1, not 0.
        assert_eq!(indexof(&w("a"), &w("a"), &n(-1)), n(-1));
        assert_eq!(indexof(&w(""), &w(""), &n(0)), n(0));
    }

    #[test]
    fn replace_first_only_and_empty_pattern_prepends() {
        assert_eq!(replace(&w("abab"), &w("b"), &w("X")), w("aXab"));
        assert_eq!(replace(&w("abc"), &w(""), &w("X")), w("Xabc"));
        assert_eq!(replace(&w("abc"), &w("d"), &w("X")), w("abc"));
        assert_eq!(replace_all(&w("abab"), &w("b"), &w("X")), w("aXaX"));
        assert_eq!(replace_all(&w("aaa"), &w("aa"), &w("b")), w("ba"));
        assert_eq!(replace_all(&w("abc"), &w(""), &w("X")), w("abc"));
    }

    #[test]
    fn regex_replacement() {
        let a_star = Re::star(Re::word(&w("a")));
        let a_plus = Re::plus(Re::word(&w("a")));
        // An empty match is the leftmost shortest for replace_re ...
        assert_eq!(replace_re(&w("baab"), &a_star, &w("cc")), w("ccbaab"));
        assert_eq!(replace_re(&w("baab"), &a_plus, &w("cc")), w("bccab"));
        assert_eq!(replace_re(&w("bbb"), &a_plus, &w("cc")), w("bbb"));
        // ... but replace_re_all replaces non-empty matches only.
        assert_eq!(replace_re_all(&w("baab"), &a_star, &w("c")), w("bccb"));
        assert_eq!(replace_re_all(&w("baab"), &a_plus, &w("c")), w("bccb"));
        assert_eq!(replace_re_all(&w(""), &a_star, &w("c")), w(""));
        assert_eq!(replace_re(&w(""), &a_star, &w("c")), w("c"));
        assert_eq!(replace_re(&w("ab"), &Re::none(), &w("c")), w("ab"));
    }

    #[test]
    fn conversions() {
        assert!(is_digit(&w("7")));
        assert!(!is_digit(&w("77")));
        assert!(!is_digit(&w("")));
        assert!(!is_digit(&w("a")));
        assert_eq!(to_code(&w("a")), n(97));
        assert_eq!(to_code(&w("ab")), n(-1));
        assert_eq!(to_code(&w("")), n(-1));
        assert_eq!(from_code(&n(97)), w("a"));
        assert_eq!(from_code(&n(0x2FFFF)), vec![0x2FFFF]);
        assert_eq!(from_code(&n(0x30000)), w(""));
        assert_eq!(from_code(&n(-1)), w(""));
        assert_eq!(to_int(&w("007")), n(7));
        assert_eq!(to_int(&w("")), n(-1));
        assert_eq!(to_int(&w("-1")), n(-1));
        assert_eq!(to_int(&w("1a")), n(-1));
        assert_eq!(
            to_int(&w("123456789012345678901234567890")),
            "123456789012345678901234567890".parse::<BigInt>().unwrap()
        );
        assert_eq!(from_int(&n(0)), w("0"));
        assert_eq!(from_int(&n(120)), w("120"));
        assert_eq!(from_int(&n(-5)), w(""));
    }

    #[test]
    fn predicates() {
        assert!(prefixof(&w("ab"), &w("abc")));
        assert!(!prefixof(&w("abc"), &w("ab")));
        assert!(prefixof(&w(""), &w("")));
        assert!(suffixof(&w("bc"), &w("abc")));
        assert!(!suffixof(&w("ab"), &w("abc")));
        assert!(contains(&w("abc"), &w("")));
        assert!(contains(&w("abc"), &w("bc")));
        assert!(!contains(&w("abc"), &w("ac")));
    }
}
