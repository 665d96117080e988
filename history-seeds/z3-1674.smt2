; source: https://github.com/Z3Prover/z3/issues/1674
; filed: 2018-06-09
; symptom: other: fp.max treated as an uninterpreted function in the model
; theory: QF_FP
(set-logic QF_FP)
(declare-fun a () (_ FloatingPoint 4 12))
(assert (fp.eq (fp.max a a) (fp.max a a)))
(check-sat)
