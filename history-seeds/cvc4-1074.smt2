; source: https://github.com/cvc5/cvc5/issues/1074
; filed: 2017-09-05
; symptom: crash (segfault on get-unsat-core after pop; run with --incremental)
; theory: propositional (no logic set; unsat cores)
(set-option :global-declarations true)
(set-option :produce-models true)
(set-option :produce-unsat-cores true)
(set-logic QF_UF)
(push 1)
(assert (! false :named a1))
(check-sat)
(pop 1)
