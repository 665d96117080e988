//! The exact tests the benchmark's decision rules name (docs/lab/defaults-history.md): a one-sided
//! Mann–Whitney U test by full enumeration, a one-sided Fisher's exact test, and Holm's
//! step-down correction. Exact rather than asymptotic: the arms have 5 or 10 trials.

/// The one-sided exact p-value that `after` tends to be larger than `before`: the share of
/// the ways to split the pooled values into groups of these sizes whose U statistic (pairs
/// with the `after` value larger, ties counting one half) is at least the observed one.
/// `None` when a group is empty or the enumeration would be too large (more than 2^24
/// splits).
pub fn mann_whitney_greater(before: &[f64], after: &[f64]) -> Option<f64> {
    let (n, m) = (before.len(), after.len());
    if n == 0 || m == 0 {
        return None;
    }
    let total = binomial(n + m, m);
    if total > f64::from(1u32 << 24) {
        return None;
    }
    let pooled: Vec<f64> = before.iter().chain(after).copied().collect();
    let u = |is_after: &[bool]| {
        let mut u = 0.0;
        for (i, x) in pooled.iter().enumerate() {
            if !is_after[i] {
                continue;
            }
            for (j, y) in pooled.iter().enumerate() {
                if is_after[j] {
                    continue;
                }
                u += if x > y {
                    1.0
                } else if x == y {
                    0.5
                } else {
                    0.0
                };
            }
        }
        u
    };
    let observed = u(&(0..n + m).map(|i| i >= n).collect::<Vec<_>>());
    let (mut at_least, mut splits) = (0u64, 0u64);
    let mut chosen = vec![false; n + m];
    // Every m-subset of the pooled positions, as the `after` group.
    fn each(k: usize, left: usize, chosen: &mut Vec<bool>, f: &mut dyn FnMut(&[bool])) {
        if left == 0 {
            f(chosen);
            return;
        }
        if chosen.len() - k < left {
            return;
        }
        chosen[k] = true;
        each(k + 1, left - 1, chosen, f);
        chosen[k] = false;
        each(k + 1, left, chosen, f);
    }
    each(0, m, &mut chosen, &mut |s| {
        splits += 1;
        if u(s) >= observed - 1e-9 {
            at_least += 1;
        }
    });
    Some(at_least as f64 / splits as f64)
}

/// The one-sided Fisher's exact p-value that the `after` arm's rate is higher: `a` of `na`
/// trials against `b` of `nb`. P(X >= a) for X hypergeometric (population na + nb, a + b
/// successes, na draws).
pub fn fisher_greater(a: usize, na: usize, b: usize, nb: usize) -> f64 {
    let (n, k) = (na + nb, a + b);
    let p = |x: usize| binomial(k, x) * binomial(n - k, na - x) / binomial(n, na);
    let top = k.min(na);
    (a..=top)
        .filter(|x| na - x <= n - k)
        .map(p)
        .sum::<f64>()
        .min(1.0)
}

/// Holm's step-down adjustment of `p` (same order as given).
pub fn holm(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|a, b| p[*a].total_cmp(&p[*b]));
    let mut adjusted = vec![0.0; m];
    let mut running: f64 = 0.0;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * p[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

/// n choose k, as a float (exact for the sizes used here).
fn binomial(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    let k = k.min(n - k);
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-6
    }

    #[test]
    fn mann_whitney_matches_hand_counts() {
        // Complete separation, 5 against 5: one split of 252.
        let p = mann_whitney_greater(&[0.0; 5], &[1.0, 2.0, 3.0, 4.0, 5.0]).unwrap();
        assert!(close(p, 1.0 / 252.0), "{p}");
        // Identical samples: every split has U >= 12.5 when all values tie.
        assert!(close(
            mann_whitney_greater(&[1.0; 5], &[1.0; 5]).unwrap(),
            1.0
        ));
        // The other direction: the after arm smaller gives a large p.
        assert!(mann_whitney_greater(&[3.0, 4.0], &[1.0, 2.0]).unwrap() > 0.9);
        // 2 against 2 ({1,2} vs {3,4}): 1 of 6 splits has U = 4.
        assert!(close(
            mann_whitney_greater(&[1.0, 2.0], &[3.0, 4.0]).unwrap(),
            1.0 / 6.0
        ));
        assert_eq!(mann_whitney_greater(&[], &[1.0]), None);
    }

    #[test]
    fn fisher_matches_the_tea_tasting_table() {
        // Fisher's lady tasting tea: 3 of 4 against 1 of 4, one-sided p = 17/70.
        assert!(close(fisher_greater(3, 4, 1, 4), 17.0 / 70.0));
        // 5 of 5 against 0 of 5: 1/252.
        assert!(close(fisher_greater(5, 5, 0, 5), 1.0 / 252.0));
        assert!(close(fisher_greater(0, 5, 5, 5), 1.0));
    }

    #[test]
    fn holm_adjusts_step_down() {
        let a = holm(&[0.01, 0.04, 0.03]);
        assert!(
            close(a[0], 0.03) && close(a[2], 0.06) && close(a[1], 0.06),
            "{a:?}"
        );
        assert!(close(holm(&[0.5, 0.9])[1], 1.0));
    }
}
