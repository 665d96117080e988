; cvc5 1.4.0: after the error "Array theory solver does not yet support write-chains
; connecting two different constant arrays" on a check-sat, the next check-sat of the same
; (unsat) assertions in the same solver answers sat (incremental is cvc5's default). The assertions are unsat: a0_0 maps b0
; to 10 and (not b0) to 61, so it is not the constant array 82 (z3 5.4.1.0: unsat both times).
; Found by smtsmith's solver-reuse benchmark (reuse modes reset and scope): a kept solver
; that had raised the error answered sat for the next case. smtsmith now drops a kept
; solver after any check that is not a clean sat or unsat.
;   cvc5 --arrays-exp FILE.smt2     (1.4.0 through libcvc5parser: error, then sat)
;   z3 FILE.smt2                    (5.4.1.0: unsat, unsat)
(set-option :produce-models true)
(set-logic ALL)
(declare-fun b0 () Bool)
(declare-fun a0_0 () (Array Bool Int))
(push 1)
(assert (= (store ((as const (Array Bool Int)) 61) b0 10) a0_0))
(assert (= a0_0 ((as const (Array Bool Int)) 82)))
(check-sat)
(pop 1)
(push 1)
(assert (= (store ((as const (Array Bool Int)) 61) b0 10) a0_0))
(assert (= a0_0 ((as const (Array Bool Int)) 82)))
(check-sat)
(pop 1)
