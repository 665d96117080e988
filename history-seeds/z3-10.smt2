; source: https://github.com/Z3Prover/z3/issues/10
; filed: 2015-03-28
; symptom: other: wrong model value (+zero reported as subnormal)
; theory: QF_FP
(set-logic QF_FP)
(declare-fun s0 () (_ FloatingPoint 11 53))
(assert (let ((s1 (fp.isSubnormal s0))) s1))
(check-sat)
