; From cvc5/cvc5#12499 ("Soundness issue with --learned-rewrite",
; https://github.com/cvc5/cvc5/issues/12499, 2026-03):
; with --learned-rewrite cvc5 answers unsat (its INT_MOD_RANGE rewrite turns (mod x y) into x
; with the bound test reversed); right answer sat: x = 3, y = 2 gives (mod 3 2) = 1, not 3 (Z3
; 4.16.0 also answers sat).
; Measured with the wheels' Python modules (cvc5's own parser, 2026-12-06): 1.2.0 1.2.1 1.3.0
; 1.3.1 1.3.2 unsat; 1.4.0 1.4.1 1.4.2 sat.
(set-option :learned-rewrite true)
(set-logic QF_NIA)
(declare-fun x () Int)
(declare-fun y () Int)
(assert (>= x 3))
(assert (<= x 5))
(assert (>= y 1))
(assert (<= y 2))
(assert (not (= (mod x y) x)))
(set-info :status sat)
(check-sat)
