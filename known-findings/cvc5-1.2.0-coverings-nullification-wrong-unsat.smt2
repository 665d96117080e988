; cvc5's coverings (CAD) solver with McCallum projection ignores polynomials that vanish on a cell and answers unsat on a satisfiable QF_NRA problem; right answer sat: z = 0, x = 1/2, x1 = 1, x2 = 0 (last assertion: 2*(-1/8) = -1/4 < 0).
; From cvc5/cvc5#12927 (https://github.com/cvc5/cvc5/issues/12927), fixed by PR #12945 (reorder variables on nullification). Cross-checked: the model above checked by hand; z3 5.4.1 and yices 2.6.5 say sat; cvc5 1.4.x says sat. cvc5 wheels (probe.sh): 1.2.0 to 1.3.2 unsat; 1.4.0 on sat.
(set-logic QF_NRA)
(declare-fun x1 () Real)
(declare-fun x2 () Real)
(declare-fun x () Real)
(declare-fun z () Real)
(assert (= 0 (* (- x2 1) (- x1 1) (- x1 1) (- x1 1))))
(assert (= 0 (* x2 x2 x2)))
(assert (> x 0))
(assert (> (- z (- x 1)) 0))
(assert (< (+ (* z z z) (* 2 (+ x2 (* (- x 1) (- x 1) (- x 1)))) (* z (- 3) (+ (- x1 1) (* (- x 1) (- x 1))))) 0))
(set-info :status sat)
(check-sat)
