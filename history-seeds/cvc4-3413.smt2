; source: https://github.com/cvc5/cvc5/issues/3413
; filed: 2019-10-28
; symptom: wrong-unsat
; theory: QF_NIA (int div)
(set-logic QF_NIA)
(declare-fun a () Int)
(declare-fun e () Int)
(declare-fun f () Bool)
(assert (= (div a e) (- 1)))
(assert (= f (not (= e (- 1)))))
(assert (ite f false (= (div a (- 1)) (- 1))))
(check-sat)
