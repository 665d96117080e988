; source: https://github.com/Z3Prover/z3/issues/2191
; filed: 2019-03-19
; symptom: other: unsat with declare-fun x, sat with the commented define-fun x (reporter believes sat)
; theory: QF_FP
(set-logic QF_FP)
(declare-fun x () (_ FloatingPoint 3 5))
(declare-fun y () (_ FloatingPoint 3 5))
(assert (not (= (fp.roundToIntegral RNE x) x)))
(assert (= (fp.roundToIntegral RNE y) x))
(check-sat)
