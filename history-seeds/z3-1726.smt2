; source: https://github.com/Z3Prover/z3/issues/1726
; filed: 2018-07-03
; symptom: wrong-unsat (z3str3; seq solver gives sat)
; theory: QF_S (str.indexof; z3str3)
(set-logic QF_SLIA)
(declare-fun s () String)
(assert (= (- 1) (str.indexof s s 5)))
(check-sat)
