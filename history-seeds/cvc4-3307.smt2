; source: https://github.com/cvc5/cvc5/issues/3307
; filed: 2019-09-22
; symptom: crash (assertion failure in NonlinearExtension::simpleCheckModelMsum)
; theory: NRA (quantifier-free content; division by zero)
(set-logic QF_NRA)
(declare-fun a () Real)
(declare-fun b () Real)
(assert (and (> b 1.0) (< a 0.0) (>= (/ 0.0 (+ (* a b) (/ (- a) 0.0))) a)))
(check-sat)
