//! Our regex engine against an independent implementation: the `smt-str` crate (test-only
//! dependency). The same random construction is built in both; membership of random words
//! must agree. Ground truth: a second, independently written implementation of SMT-LIB
//! RegLan semantics (derivatives over its own normal form and alphabet partitions).

use smallvec::smallvec;
use smt_str::re::deriv::deriv_word;
use smt_str::re::{ReBuilder, Regex};
use smt_str::{SmtChar, SmtString};
use smtsmith::lang::generate::seeded_bytes;
use smtsmith::lang::ir::regex::Re;

struct Rng(Vec<u8>, usize);

impl Rng {
    fn below(&mut self, n: u32) -> u32 {
        self.1 += 1;
        u32::from(self.0[self.1 % self.0.len()]) % n.max(1)
    }
}

/// Characters with boundaries: NUL, digits, letters, a surrogate, the largest character.
const CHARS: [u32; 7] = [0x0, 0x30, 0x61, 0x62, 0x63, 0xd800, 0x2ffff];

fn word(r: &mut Rng, max: u32) -> Vec<u32> {
    let len = r.below(max + 1);
    (0..len).map(|_| CHARS[r.below(7) as usize]).collect()
}

fn smt(w: &[u32]) -> SmtString {
    SmtString::new(w.iter().map(|c| SmtChar::new(*c)).collect())
}

/// One random construction, built in both libraries.
fn build(r: &mut Rng, b: &mut ReBuilder, depth: u32) -> (Re, Regex) {
    if depth == 0 || r.below(5) == 0 {
        return match r.below(6) {
            0 => (Re::allchar(), b.allchar()),
            1 => (Re::none(), b.none()),
            2 => (Re::all(), b.all()),
            3 => {
                let (lo, hi) = (CHARS[r.below(7) as usize], CHARS[r.below(7) as usize]);
                let theirs = if lo <= hi {
                    b.range_from_to(SmtChar::new(lo), SmtChar::new(hi))
                } else {
                    b.none() // an empty range: both define it as the empty language
                };
                (Re::range(&[lo], &[hi]), theirs)
            }
            _ => {
                let w = word(r, 3);
                (Re::word(&w), b.to_re(smt(&w)))
            }
        };
    }
    let (a, a2) = build(r, b, depth - 1);
    match r.below(10) {
        0 => {
            let (c, c2) = build(r, b, depth - 1);
            (Re::concat(vec![a, c]), b.concat(smallvec![a2, c2]))
        }
        1 => {
            let (c, c2) = build(r, b, depth - 1);
            (Re::union(vec![a, c]), b.union(smallvec![a2, c2]))
        }
        2 => {
            let (c, c2) = build(r, b, depth - 1);
            (Re::inter(vec![a, c]), b.inter(smallvec![a2, c2]))
        }
        3 => {
            let (c, c2) = build(r, b, depth - 1);
            (Re::diff(a, c), b.diff(a2, c2))
        }
        4 => (Re::comp(a), b.comp(a2)),
        5 => (Re::star(a), b.star(a2)),
        6 => (Re::plus(a), b.plus(a2)),
        7 => (Re::opt(a), b.opt(a2)),
        8 => {
            let n = r.below(4);
            (Re::loop_(a, n, n), b.pow(a2, n))
        }
        _ => {
            let (n, m) = (r.below(4), r.below(4));
            (Re::loop_(a, n, m), b.loop_(a2, n, m))
        }
    }
}

#[test]
fn membership_agrees_with_smt_str() {
    let mut r = Rng(seeded_bytes(7, 1 << 16), 0);
    // smt-str's simplifying builder is bypassed: its `accepts` rebuilds every term with
    // simplifications, and 0.2.3 has unsound ones (e.g. (re.diff X* ε) becomes X+, which
    // accepts ε when X does). Its derivatives over unsimplified terms are the reference.
    let mut b = ReBuilder::non_optimizing();
    let (mut accepted, mut total) = (0, 0);
    for case in 0..3000 {
        let (ours, theirs) = build(&mut r, &mut b, 4);
        for _ in 0..8 {
            let w = word(&mut r, 6);
            let want = deriv_word(&theirs, smt(&w), &mut b).nullable();
            assert_eq!(
                ours.matches(&w),
                want,
                "case {case}: {:x?} in {} (smt-str: {theirs})",
                w,
                ours.to_smtlib()
            );
            accepted += usize::from(want);
            total += 1;
        }
    }
    // Both outcomes must be well represented, or the comparison says little.
    assert!(
        accepted * 10 > total && accepted * 10 < total * 9,
        "{accepted}/{total} accepted"
    );
}
