; source: https://github.com/cvc5/cvc5/issues/1815
; filed: 2018-04-26
; symptom: other: hang/nontermination (simple mixed Int/Real problem with to_real, to_int)
; theory: QF_LIRA
(set-logic QF_LIRA)
(declare-fun i () Int)
(declare-fun r () Real)
(declare-fun H () Bool)
(assert (= H (=> (= r (to_real i)) (= (- r (to_real (to_int r))) 0.0))))
(assert (not H))
(check-sat)
