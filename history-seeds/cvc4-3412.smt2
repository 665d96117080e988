; source: https://github.com/cvc5/cvc5/issues/3412
; filed: 2019-10-28
; symptom: wrong-unsat (model from z3 plugged in via define-fun)
; theory: QF_NIA (int div by constant)
(set-logic QF_LIA)
(assert (= (div 1 (- 1)) (- 1)))
(check-sat)
