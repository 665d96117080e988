; source: https://github.com/Z3Prover/z3/issues/670
; filed: 2016-07-04
; symptom: invalid-model
; theory: QF_SLIA (str.to.int)
(set-logic QF_SLIA)
(declare-fun s$$1004 () String)
(assert (= (str.to_int s$$1004) 7))
(check-sat)
