; source: https://github.com/Z3Prover/z3/issues/207
; filed: 2015-08-28
; symptom: wrong-sat (only with the push; NaN equality)
; theory: QF_FP
(set-logic QF_FP)
(declare-fun x () (_ FloatingPoint 11 53))
(assert (and (fp.isNaN x) (not (= x (_ NaN 11 53)))))
(check-sat)
