; Z3 5.0.0.0 - 5.4.1.0 (all 49 pinned releases probed with their binaries; 4.8.5.0 - 4.16.0.0 answer 0):
; minimize r0 reports (25/26 - epsilon) while r0 = 0 is feasible (r1 = 51/26) and Z3's own
; model gives r0 = 25/52. Found by smtsmith's optimize target (docs/optimizer.md).
(declare-fun r1 () Real)
(declare-fun r0 () Real)
(assert (is_int (+ r1 (+ (/ 1.0 26.0) r0))))
(assert (<= 1.0 r1))
(assert (<= 0.0 r0))
(minimize r0)
(check-sat)
(get-objectives)
(get-value (r0 r1))
