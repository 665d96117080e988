; source: https://github.com/cvc5/cvc5/issues/3411
; filed: 2019-10-27
; symptom: crash (assertion failure tm->getValue(*eqc_i) == rep in model builder, with --check-models)
; theory: NRA (quantifier-free content; division)
(set-logic QF_NRA)
(declare-fun a () Real)
(declare-fun b () Real)
(assert (= (/ 0.0 (+ 1.0 (* a a b))) 0.0))
(check-sat)
