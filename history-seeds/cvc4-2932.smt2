; source: https://github.com/cvc5/cvc5/issues/2932
; filed: 2019-04-03
; symptom: other: wrong answer (CVC4 disagrees with Z3; fp.roundToIntegral RNA on FloatingPoint 3 5)
; theory: FP (quantified)
(set-logic ALL)
(declare-fun t () (_ FloatingPoint 3 5))
(assert (distinct (= t (fp.roundToIntegral RNA t)) (exists ((x (_ FloatingPoint 3 5))) (= (fp.roundToIntegral RNA x) t))))
(check-sat)
