; source: https://github.com/Z3Prover/z3/issues/13
; filed: 2015-03-29
; symptom: other: wrong model value (NaN accepted by fp.isNegative)
; theory: QF_FP
(set-logic QF_FP)
(declare-fun s0 () (_ FloatingPoint 11 53))
(assert (let ((s1 (and (fp.isNaN s0) (fp.isNegative s0)))) s1))
(check-sat)
