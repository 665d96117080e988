; Z3 4.8.9.0 - 5.4.1.0 (45 of the 49 pinned releases, probed with their binaries; 4.8.5.0 -
; 4.8.8.0 answer 9): maximize r under (or (is_int r) b), r <= 9 reports 3/4 (4.8.9 - 4.10.2),
; 1/2 (4.11.0 - 4.16.0), 1 + epsilon (5.0.0), 8 + epsilon (5.1.0 - 5.4.1), while r = 9 with
; b = true is feasible (and 5.4.1's own model gives r = 17/2). Found by smtsmith's optimize
; target on Z3 5.4.1.0 (docs/newest-release-campaign.md), reduced by hand from its finding.
(declare-fun r () Real)
(declare-fun b () Bool)
(assert (or (is_int r) b))
(assert (<= r 9.0))
(maximize r)
(check-sat)
(get-objectives)
(get-value (r))
