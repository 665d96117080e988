; source: https://github.com/Z3Prover/z3/issues/586
; filed: 2016-05-05
; symptom: invalid-model (fp.roundToIntegral RTN -1.0 evaluated as -2.0)
; theory: QF_FP
(set-logic QF_FP)
(declare-fun x () (_ FloatingPoint 8 24))
(assert (fp.eq (fp.sub RNE x (fp.roundToIntegral RTN x)) (fp.sub RNE (fp.roundToIntegral RTP x) x)))
(assert (not (=> (fp.isNegative x) (= (fp.roundToIntegral RNA x) (fp.roundToIntegral RTN x)))))
(check-sat)
