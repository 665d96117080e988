; source: https://github.com/cvc5/cvc5/issues/2947
; filed: 2019-04-10
; symptom: wrong-sat (model violates second assert; Boolean ite under UF)
; theory: QF_UFBV (pure Boolean UF content)
(set-logic QF_UF)
(declare-fun f (Bool) Bool)
(assert (not (f true)))
(assert (f (ite (f true) true (f false))))
(check-sat)
