; source: https://github.com/Z3Prover/z3/issues/77
; filed: 2015-05-06
; symptom: wrong-sat
; theory: QF_FP
(set-logic QF_FP)
(declare-fun x () (_ FloatingPoint 11 53))
(assert (fp.eq x (fp #b0 #b00000000000 #b0000000000000000000000000000000000000000000000000001)))
(assert (not (= ((_ to_fp 8 24) RNE x) ((_ to_fp 8 24) RNE (fp #b0 #b00000000000 #b0000000000000000000000000000000000000000000000000001)))))
(check-sat)
