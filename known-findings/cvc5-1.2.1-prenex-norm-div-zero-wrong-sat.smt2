; From cvc5/cvc5#11751 ("Soundness issues with `prenex-quant`",
; https://github.com/cvc5/cvc5/issues/11751, 2025-03):
; with --prenex-quant=norm cvc5 answers sat; right answer unsat: (/ x 0.0) is one fixed
; (unspecified) function of x, so the instance v = 0.0 demands (/ 0.0 0.0) = 1.0 and the
; second conjunct (/ 0.0 0.0) = 0.0 (Z3 4.16.0 also answers unsat).
; Measured with the wheels' Python modules (cvc5's own parser, 2026-12-06): 1.2.1 sat; 1.2.0
; 1.3.0 1.3.1 1.3.2 1.4.0 1.4.1 1.4.2 unsat.
(set-option :prenex-quant norm)
(set-logic ALL)
(assert (forall ((v Real)) (and (= 1.0 (/ v 0.0)) (= 0.0 (/ 0.0 0.0)))))
(set-info :status unsat)
(check-sat)
