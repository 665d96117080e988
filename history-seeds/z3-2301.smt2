; source: https://github.com/Z3Prover/z3/issues/2301
; filed: 2019-05-28
; symptom: wrong-unsat
; theory: QF_SLIA (str.indexof; z3str3)
(set-logic QF_SLIA)
(declare-fun tmp_int2 () Int)
(assert (= (str.indexof "" "" tmp_int2) (- 1)))
(check-sat)
