; source: https://github.com/Z3Prover/z3/issues/69
; filed: 2015-05-05
; symptom: other: wrong model value (roundToIntegral RNE 0.9 = +0)
; theory: QF_FP
(set-logic ALL)
(declare-fun s0 () (_ FloatingPoint 8 24))
(assert (= s0 (fp.roundToIntegral RNE ((_ to_fp 8 24) RNE (/ 9.0 10.0)))))
(check-sat)
