; cvc5's coverings (CAD) solver answers unsat on a satisfiable QF_NRA problem (zero coefficients ended the projection-coefficient loop too early); right answer sat: x1 = x2 = z = 0, x = 3^(-1/4) makes x^4 = 1/3.
; From cvc5/cvc5#12926 (https://github.com/cvc5/cvc5/issues/12926), fixed by the maintainers for 1.4.0 (NEWS entry). Cross-checked: z3 5.4.1 and yices 2.6.5 say sat; the model above satisfies every assertion by hand. cvc5 wheels (probe.sh): 1.2.0 to 1.3.1 sat; 1.3.2 unsat; 1.4.0 on sat.
(set-logic QF_NRA)
(declare-fun x1 () Real)
(declare-fun x2 () Real)
(declare-fun x () Real)
(declare-fun z () Real)
(assert (= 0 (* x1 x1 x1 x1 x1)))
(assert (= 0 (* x2 x2 x2 x2 x2)))
(assert (= 0 (+ (- (/ 1 3) (* x x x x)) (* x2 z) (* x1 z z z))))
(set-info :status sat)
(check-sat)
