; cvc5 1.4.0 with --arrays-exp: the first check fails with "Array theory solver does not yet
; support write-chains connecting two different constant arrays" (a documented limitation),
; and the second check of the same solver answers sat with b0 = true, although index (not b0)
; of the stored array keeps 61, not 0: unsat (Z3 5.4.1.0: unsat). The same bug as
; cvc5-1.4.0-sat-after-unsupported-error.smt2, here as the invalid model it gives. Found by
; `smtsmith check` (every path) on that file, reduced by smtsmith (2026-11-28); the same
; without --arrays-exp through cvc5's front end (`smtsmith solve --solver cvc5`).
(set-option :global-declarations true)
(set-option :produce-models true)
(set-option :arrays-exp true)
(set-logic ALL)
(declare-fun b0 () Bool)
(assert (= (store ((as const (Array Bool Int)) 61) b0 0) ((as const (Array Bool Int)) 0)))
(check-sat)
(check-sat)
