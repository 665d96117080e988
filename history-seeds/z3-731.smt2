; source: https://github.com/Z3Prover/z3/issues/731
; filed: 2016-09-09
; symptom: invalid-model (model-validate reports invalid model)
; theory: QF_SLIA (str.to.int, int.to.str)
(set-logic QF_SLIA)
(declare-fun c0 () Int)
(assert (not (= c0 (str.to_int (str.from_int c0)))))
(check-sat)
