; source: https://github.com/Z3Prover/z3/issues/2381
; filed: 2019-07-04
; symptom: invalid-model (fp.rem returns first argument)
; theory: QF_FP
(set-logic QF_FP)
(declare-fun s0 () (_ FloatingPoint 8 24))
(declare-fun s1 () (_ FloatingPoint 8 24))
(assert (and (fp.eq s0 ((_ to_fp 8 24) RNE (/ 244681.0 4194304.0))) (fp.eq s1 (fp.rem s0 ((_ to_fp 8 24) RNE (/ 1725289.0 16777216.0))))))
(check-sat)
