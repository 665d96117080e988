//! Regular languages of SMT-LIB's RegLan sort, decided exactly by Brzozowski derivatives
//! over code-point intervals.
//!
//! A [`Re`] is built only through the smart constructors of this module, which keep terms
//! in a normal form (flattened, sorted and de-duplicated unions and intersections, single
//! character sets merged, `∅`/`ε` absorbed), so that the derivatives of a term are finitely
//! many and stay small. Membership of a concrete string folds the derivative over its
//! characters and asks whether the result accepts the empty word. Complement, intersection
//! and difference are exact: no backtracking matcher is involved.

use std::fmt::Write;
use std::sync::Arc;

/// The largest character of SMT-LIB's Unicode strings theory.
pub const MAX_CHAR: u32 = 0x2FFFF;

/// A set of characters as sorted, disjoint, non-adjacent closed intervals.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct CharSet(Vec<(u32, u32)>);

impl CharSet {
    pub fn empty() -> Self {
        CharSet(Vec::new())
    }

    pub fn full() -> Self {
        CharSet(vec![(0, MAX_CHAR)])
    }

    /// `[lo, hi]`; empty when `lo > hi`.
    pub fn range(lo: u32, hi: u32) -> Self {
        if lo > hi {
            CharSet::empty()
        } else {
            CharSet(vec![(lo, hi.min(MAX_CHAR))])
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn intervals(&self) -> &[(u32, u32)] {
        &self.0
    }

    pub fn contains(&self, c: u32) -> bool {
        self.0.iter().any(|(lo, hi)| *lo <= c && c <= *hi)
    }

    fn normalize(mut v: Vec<(u32, u32)>) -> Self {
        v.sort_unstable();
        let mut out: Vec<(u32, u32)> = Vec::with_capacity(v.len());
        for (lo, hi) in v {
            match out.last_mut() {
                Some((_, h)) if lo <= h.saturating_add(1) => *h = (*h).max(hi),
                _ => out.push((lo, hi)),
            }
        }
        CharSet(out)
    }

    pub fn union(&self, o: &CharSet) -> CharSet {
        CharSet::normalize(self.0.iter().chain(&o.0).copied().collect())
    }

    pub fn intersect(&self, o: &CharSet) -> CharSet {
        let mut out = Vec::new();
        for (a, b) in &self.0 {
            for (c, d) in &o.0 {
                let (lo, hi) = ((*a).max(*c), (*b).min(*d));
                if lo <= hi {
                    out.push((lo, hi));
                }
            }
        }
        CharSet::normalize(out)
    }
}

/// A regular expression in normal form (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Re {
    /// One character from the set; the empty set is `re.none`.
    Chars(CharSet),
    /// The empty word only (`(str.to_re "")`).
    Eps,
    /// At least two factors, none of them `Eps`, `∅` or a concatenation.
    Concat(Vec<Arc<Re>>),
    /// At least two alternatives, sorted, distinct, no nested union, at most one `Chars`.
    Union(Vec<Arc<Re>>),
    /// At least two conjuncts, sorted, distinct, no nested intersection.
    Inter(Vec<Arc<Re>>),
    Comp(Arc<Re>),
    Star(Arc<Re>),
}

impl Re {
    pub fn none() -> Re {
        Re::Chars(CharSet::empty())
    }

    pub fn allchar() -> Re {
        Re::Chars(CharSet::full())
    }

    /// `re.all`, all words.
    pub fn all() -> Re {
        Re::star(Re::allchar())
    }

    pub fn is_none(&self) -> bool {
        matches!(self, Re::Chars(s) if s.is_empty())
    }

    fn is_all(&self) -> bool {
        matches!(self, Re::Star(r) if matches!(&**r, Re::Chars(s) if *s == CharSet::full()))
    }

    /// `(str.to_re w)`.
    pub fn word(w: &[u32]) -> Re {
        Re::concat(
            w.iter()
                .map(|c| Re::Chars(CharSet::range(*c, *c)))
                .collect(),
        )
    }

    /// `(re.range a b)`: single-character bounds, otherwise the empty language.
    pub fn range(a: &[u32], b: &[u32]) -> Re {
        match (a, b) {
            ([a], [b]) => Re::Chars(CharSet::range(*a, *b)),
            _ => Re::none(),
        }
    }

    pub fn concat(parts: Vec<Re>) -> Re {
        let mut out: Vec<Arc<Re>> = Vec::new();
        for p in parts {
            match p {
                Re::Eps => {}
                p if p.is_none() => return Re::none(),
                Re::Concat(ps) => out.extend(ps),
                p => out.push(Arc::new(p)),
            }
        }
        match out.len() {
            0 => Re::Eps,
            1 => Arc::unwrap_or_clone(out.pop().unwrap()),
            _ => Re::Concat(out),
        }
    }

    pub fn union(parts: Vec<Re>) -> Re {
        let mut chars = CharSet::empty();
        let mut out: Vec<Arc<Re>> = Vec::new();
        let mut flat = parts;
        while let Some(p) = flat.pop() {
            match p {
                Re::Chars(s) => chars = chars.union(&s),
                Re::Union(ps) => flat.extend(ps.into_iter().map(Arc::unwrap_or_clone)),
                p if p.is_all() => return Re::all(),
                p => out.push(Arc::new(p)),
            }
        }
        if !chars.is_empty() {
            out.push(Arc::new(Re::Chars(chars)));
        }
        out.sort();
        out.dedup();
        match out.len() {
            0 => Re::none(),
            1 => Arc::unwrap_or_clone(out.pop().unwrap()),
            _ => Re::Union(out),
        }
    }

    pub fn inter(parts: Vec<Re>) -> Re {
        let mut chars: Option<CharSet> = None;
        let mut out: Vec<Arc<Re>> = Vec::new();
        let mut flat = parts;
        while let Some(p) = flat.pop() {
            match p {
                p if p.is_none() => return Re::none(),
                Re::Chars(s) => {
                    chars = Some(match chars {
                        None => s,
                        Some(c) => c.intersect(&s),
                    })
                }
                Re::Inter(ps) => flat.extend(ps.into_iter().map(Arc::unwrap_or_clone)),
                p if p.is_all() => {}
                p => out.push(Arc::new(p)),
            }
        }
        if let Some(c) = chars {
            if c.is_empty() {
                return Re::none();
            }
            out.push(Arc::new(Re::Chars(c)));
        }
        out.sort();
        out.dedup();
        match out.len() {
            0 => Re::all(),
            1 => Arc::unwrap_or_clone(out.pop().unwrap()),
            _ => Re::Inter(out),
        }
    }

    pub fn comp(r: Re) -> Re {
        match r {
            Re::Comp(inner) => Arc::unwrap_or_clone(inner),
            r => Re::Comp(Arc::new(r)),
        }
    }

    pub fn star(r: Re) -> Re {
        match r {
            Re::Eps => Re::Eps,
            r if r.is_none() => Re::Eps,
            r @ Re::Star(_) => r,
            r => Re::Star(Arc::new(r)),
        }
    }

    pub fn plus(r: Re) -> Re {
        Re::concat(vec![r.clone(), Re::star(r)])
    }

    pub fn opt(r: Re) -> Re {
        Re::union(vec![Re::Eps, r])
    }

    pub fn diff(a: Re, b: Re) -> Re {
        Re::inter(vec![a, Re::comp(b)])
    }

    /// `((_ re.loop n m) r)`: `r^n ∪ … ∪ r^m`, empty when `n > m`. Expanded into
    /// `r^n (ε | r (ε | r …))`.
    pub fn loop_(r: Re, n: u32, m: u32) -> Re {
        if n > m {
            return Re::none();
        }
        let mut tail = Re::Eps;
        for _ in n..m {
            tail = Re::opt(Re::concat(vec![r.clone(), tail]));
        }
        let mut parts: Vec<Re> = (0..n).map(|_| r.clone()).collect();
        parts.push(tail);
        Re::concat(parts)
    }

    /// Whether the empty word is in the language.
    pub fn nullable(&self) -> bool {
        match self {
            Re::Chars(_) => false,
            Re::Eps | Re::Star(_) => true,
            Re::Concat(ps) | Re::Inter(ps) => ps.iter().all(|p| p.nullable()),
            Re::Union(ps) => ps.iter().any(|p| p.nullable()),
            Re::Comp(r) => !r.nullable(),
        }
    }

    /// The Brzozowski derivative by character `c`: `{ w | c·w ∈ L }`.
    pub fn derive(&self, c: u32) -> Re {
        match self {
            Re::Chars(s) => {
                if s.contains(c) {
                    Re::Eps
                } else {
                    Re::none()
                }
            }
            Re::Eps => Re::none(),
            Re::Concat(ps) => {
                let mut alts = Vec::new();
                for (i, p) in ps.iter().enumerate() {
                    let mut parts = vec![p.derive(c)];
                    parts.extend(ps[i + 1..].iter().map(|q| (**q).clone()));
                    alts.push(Re::concat(parts));
                    if !p.nullable() {
                        break;
                    }
                }
                Re::union(alts)
            }
            Re::Union(ps) => Re::union(ps.iter().map(|p| p.derive(c)).collect()),
            Re::Inter(ps) => Re::inter(ps.iter().map(|p| p.derive(c)).collect()),
            Re::Comp(r) => Re::comp(r.derive(c)),
            Re::Star(r) => Re::concat(vec![r.derive(c), self.clone()]),
        }
    }

    /// Whether the word `w` is in the language.
    pub fn matches(&self, w: &[u32]) -> bool {
        let mut r = self.clone();
        for c in w {
            if r.is_none() {
                return false;
            }
            r = r.derive(*c);
        }
        r.nullable()
    }

    /// The end of the shortest match of `self` starting at `start` in `w`, considering
    /// only matches of length at least `min_len`.
    pub fn shortest_match_from(&self, w: &[u32], start: usize, min_len: usize) -> Option<usize> {
        let mut r = self.clone();
        for end in start..=w.len() {
            if end - start >= min_len && r.nullable() {
                return Some(end);
            }
            if end == w.len() || r.is_none() {
                return None;
            }
            r = r.derive(w[end]);
        }
        None
    }

    /// The leftmost, then shortest, match in `w` at or after `from` of length at least
    /// `min_len`: `(start, end)`.
    pub fn leftmost_shortest(
        &self,
        w: &[u32],
        from: usize,
        min_len: usize,
    ) -> Option<(usize, usize)> {
        (from..=w.len()).find_map(|i| self.shortest_match_from(w, i, min_len).map(|e| (i, e)))
    }

    /// The term as SMT-LIB text (a term of sort RegLan denoting the same language).
    pub fn to_smtlib(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    fn write(&self, out: &mut String) {
        let nary = |out: &mut String, name: &str, ps: &[Arc<Re>]| {
            out.push('(');
            out.push_str(name);
            for p in ps {
                out.push(' ');
                p.write(out);
            }
            out.push(')');
        };
        match self {
            Re::Chars(s) if s.is_empty() => out.push_str("re.none"),
            Re::Chars(s) if *s == CharSet::full() => out.push_str("re.allchar"),
            Re::Chars(s) => {
                let ranges: Vec<String> = s
                    .intervals()
                    .iter()
                    .map(|(lo, hi)| {
                        format!(
                            "(re.range {} {})",
                            super::string_literal(&[*lo]),
                            super::string_literal(&[*hi])
                        )
                    })
                    .collect();
                if ranges.len() == 1 {
                    out.push_str(&ranges[0]);
                } else {
                    let _ = write!(out, "(re.union {})", ranges.join(" "));
                }
            }
            Re::Eps => out.push_str("(str.to_re \"\")"),
            Re::Concat(ps) => nary(out, "re.++", ps),
            Re::Union(ps) => nary(out, "re.union", ps),
            Re::Inter(ps) => nary(out, "re.inter", ps),
            Re::Comp(r) => nary(out, "re.comp", std::slice::from_ref(r)),
            Re::Star(r) => nary(out, "re.*", std::slice::from_ref(r)),
        }
    }

    /// Whether `self` and `other` denote the same language (SMT-LIB regex equality), by a
    /// bisimulation over Brzozowski derivatives: the pair is explored breadth-first; the
    /// languages differ as soon as one side of a reachable pair accepts the empty word and
    /// the other does not. The alphabet is split at the bounds of every character set in
    /// either expression, so one character per class stands for the class (derivatives
    /// only ever form unions and intersections of those sets). The normal form (sorted,
    /// deduplicated unions and intersections) keeps the derivatives finitely many; `None`
    /// when more than `budget` pairs would be needed.
    pub fn equivalent(&self, other: &Re, budget: usize) -> Option<bool> {
        let mut bounds = vec![0u32];
        self.char_bounds(&mut bounds);
        other.char_bounds(&mut bounds);
        bounds.retain(|b| *b <= MAX_CHAR);
        bounds.sort_unstable();
        bounds.dedup();
        let mut seen = std::collections::HashSet::new();
        let mut todo = std::collections::VecDeque::new();
        seen.insert((self.clone(), other.clone()));
        todo.push_back((self.clone(), other.clone()));
        while let Some((a, b)) = todo.pop_front() {
            if a == b {
                continue;
            }
            if a.nullable() != b.nullable() {
                return Some(false);
            }
            for c in &bounds {
                let next = (a.derive(*c), b.derive(*c));
                if !seen.contains(&next) {
                    if seen.len() >= budget {
                        return None;
                    }
                    seen.insert(next.clone());
                    todo.push_back(next);
                }
            }
        }
        Some(true)
    }

    /// The first character of every interval of every character set, and the one after
    /// its last.
    fn char_bounds(&self, out: &mut Vec<u32>) {
        match self {
            Re::Chars(s) => {
                for (lo, hi) in s.intervals() {
                    out.push(*lo);
                    out.push(hi.saturating_add(1));
                }
            }
            Re::Eps => {}
            Re::Concat(ps) | Re::Union(ps) | Re::Inter(ps) => {
                for p in ps {
                    p.char_bounds(out);
                }
            }
            Re::Comp(r) | Re::Star(r) => r.char_bounds(out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> Vec<u32> {
        s.chars().map(|c| c as u32).collect()
    }
    fn lit(s: &str) -> Re {
        Re::word(&w(s))
    }

    #[test]
    fn basic_membership() {
        let ab_star = Re::star(lit("ab"));
        assert!(ab_star.matches(&w("")));
        assert!(ab_star.matches(&w("abab")));
        assert!(!ab_star.matches(&w("aba")));
        assert!(Re::all().matches(&w("anything")));
        assert!(!Re::none().matches(&w("")));
        assert!(Re::allchar().matches(&[MAX_CHAR]));
        assert!(!Re::allchar().matches(&w("")));
        assert!(!Re::allchar().matches(&w("ab")));
    }

    #[test]
    fn complement_intersection_difference() {
        let a_star = Re::star(lit("a"));
        let not_a_star = Re::comp(a_star.clone());
        assert!(!not_a_star.matches(&w("aaa")));
        assert!(not_a_star.matches(&w("ab")));
        assert!(!not_a_star.matches(&w("")));
        // Words of a* of even length: a* ∩ (aa)*.
        let even = Re::inter(vec![a_star.clone(), Re::star(lit("aa"))]);
        assert!(even.matches(&w("aaaa")));
        assert!(!even.matches(&w("aaa")));
        let odd = Re::diff(a_star, Re::star(lit("aa")));
        assert!(odd.matches(&w("aaa")));
        assert!(!odd.matches(&w("")));
        // comp(comp r) = r; comp(all) accepts nothing.
        assert!(!Re::comp(Re::all()).matches(&w("")));
        assert_eq!(Re::comp(Re::comp(lit("x"))), lit("x"));
    }

    #[test]
    fn range_and_loop_edge_cases() {
        // re.range with non-single-character bounds is empty.
        assert!(Re::range(&w("ab"), &w("z")).is_none());
        assert!(Re::range(&w(""), &w("z")).is_none());
        assert!(Re::range(&w("z"), &w("a")).is_none());
        let az = Re::range(&w("a"), &w("z"));
        assert!(az.matches(&w("q")));
        assert!(!az.matches(&w("A")));
        // re.loop with n > m is empty; loop 0 0 is ε.
        assert!(Re::loop_(lit("a"), 3, 2).is_none());
        assert_eq!(Re::loop_(lit("a"), 0, 0), Re::Eps);
        let l = Re::loop_(lit("ab"), 1, 3);
        assert!(!l.matches(&w("")));
        assert!(l.matches(&w("ab")));
        assert!(l.matches(&w("ababab")));
        assert!(!l.matches(&w("abababab")));
    }

    #[test]
    fn leftmost_shortest_matches() {
        let a_plus = Re::plus(lit("a"));
        assert_eq!(a_plus.leftmost_shortest(&w("baab"), 0, 0), Some((1, 2)));
        let a_star = Re::star(lit("a"));
        assert_eq!(a_star.leftmost_shortest(&w("baab"), 0, 0), Some((0, 0)));
        assert_eq!(a_star.leftmost_shortest(&w("baab"), 0, 1), Some((1, 2)));
        assert_eq!(a_plus.leftmost_shortest(&w("bbb"), 0, 0), None);
    }

    #[test]
    fn derivatives_stay_small() {
        // (a|b)*a(a|b)(a|b)(a|b): the classic exponential DFA; derivatives must not blow up.
        let ab = Re::union(vec![lit("a"), lit("b")]);
        let r = Re::concat(vec![
            Re::star(ab.clone()),
            lit("a"),
            ab.clone(),
            ab.clone(),
            ab,
        ]);
        let word: Vec<u32> = w(&"ab".repeat(200));
        let mut d = r.clone();
        for c in &word {
            d = d.derive(*c);
            assert!(d.to_smtlib().len() < 2000);
        }
        // The fourth character from the end decides.
        assert!(r.matches(&word));
        let mut shifted = word.clone();
        shifted.push(u32::from('b'));
        assert!(!r.matches(&shifted));
        assert!(r.matches(&w("bbbabbb")));
        assert!(!r.matches(&w("bbbbabb")));
    }

    /// Language equality: equal languages written differently (`a+ = a a*`, `(a|b)* =
    /// (a* b*)*`, `~(~r) = r`, loops against their unrolling, `re.all = (re.allchar)*`
    /// over the whole alphabet) and different ones (`a* ≠ a+`, `[a-c] ≠ [a-b]`,
    /// `re.all ≠ ~ε`), and every verdict agrees with membership of all words up to length 3
    /// over a small alphabet.
    #[test]
    fn language_equality() {
        let a = Re::word(&[0x61]);
        let b = Re::word(&[0x62]);
        let eq = |x: &Re, y: &Re| x.equivalent(y, 10_000).unwrap();
        assert!(eq(
            &Re::plus(a.clone()),
            &Re::concat(vec![a.clone(), Re::star(a.clone())])
        ));
        assert!(eq(
            &Re::star(Re::union(vec![a.clone(), b.clone()])),
            &Re::star(Re::concat(vec![Re::star(a.clone()), Re::star(b.clone())]))
        ));
        assert!(eq(&Re::comp(Re::comp(a.clone())), &a));
        assert!(eq(
            &Re::loop_(a.clone(), 1, 3),
            &Re::union(vec![
                a.clone(),
                Re::concat(vec![a.clone(), a.clone()]),
                Re::concat(vec![a.clone(), a.clone(), a.clone()])
            ])
        ));
        assert!(eq(
            &Re::all(),
            &Re::union(vec![Re::Eps, Re::concat(vec![Re::allchar(), Re::all()])])
        ));
        assert!(!eq(&Re::star(a.clone()), &Re::plus(a.clone())));
        assert!(!eq(
            &Re::range(&[0x61], &[0x63]),
            &Re::range(&[0x61], &[0x62])
        ));
        assert!(!eq(&Re::all(), &Re::comp(Re::Eps)));
        assert!(eq(
            &Re::diff(Re::all(), Re::Eps),
            &Re::concat(vec![Re::allchar(), Re::all()])
        ));
        // Against membership, on a family of expressions over {a, b}.
        let pool = vec![
            a.clone(),
            b.clone(),
            Re::Eps,
            Re::none(),
            Re::star(a.clone()),
            Re::plus(b.clone()),
            Re::opt(a.clone()),
            Re::comp(a.clone()),
            Re::union(vec![a.clone(), b.clone()]),
            Re::concat(vec![a.clone(), b.clone()]),
            Re::inter(vec![Re::star(a.clone()), Re::plus(a.clone())]),
            Re::loop_(a.clone(), 0, 2),
            Re::range(&[0x61], &[0x62]),
        ];
        let mut words: Vec<Vec<u32>> = vec![vec![]];
        for _ in 0..3 {
            let mut next = Vec::new();
            for w in &words {
                for c in [0x61, 0x62, 0x63] {
                    let mut w2 = w.clone();
                    w2.push(c);
                    next.push(w2);
                }
            }
            words.extend(next);
            words.dedup();
        }
        for x in &pool {
            for y in &pool {
                let same_on_words = words.iter().all(|w| x.matches(w) == y.matches(w));
                if eq(x, y) {
                    assert!(
                        same_on_words,
                        "{x:?} = {y:?} but a short word tells them apart"
                    );
                }
                if !same_on_words {
                    assert!(!eq(x, y));
                }
            }
        }
    }
}
