; source: https://github.com/Z3Prover/z3/issues/1746
; filed: 2018-07-10
; symptom: wrong-unsat
; theory: QF_NIA (mod)
(set-logic QF_NIA)
(declare-fun x () Int)
(assert (= x 2))
(assert (= 0 (mod x x)))
(check-sat)
