; cvc5 1.4.0: check-sat answers sat, then get-value fails:
;   (error "Cannot get-value since model is not available. Perhaps the most recent call to check-sat was interrupted?")
; and with --check-models check-sat itself fails ("Cannot check model since model is not
; available"). No limit set. Nested constant arrays, no uninterpreted functions (the
; UF + arrays case is cvc5-1.4.0-no-model-after-sat-UF-arrays.smt2).
; Found by smtsmith's script target (self-check oracle: cvc5 check-models on, a 30-minute
; campaign on the pinned releases), reduced by hand from a 2-assertion QF_ALIA script.
; run: cvc5 --arrays-exp FILE.smt2   (smtsmith solve --solver cvc5 FILE.smt2 sets it)
; z3 5.4.1.0 answers sat, ((i 0)).
(set-option :produce-models true)
(set-logic QF_ALIA)
(declare-fun a () (Array Int (Array Int Int)))
(declare-fun b () (Array Int Int))
(declare-fun i () Int)
(assert (= (store a i b) a ((as const (Array Int (Array Int Int))) ((as const (Array Int Int)) 20))))
(check-sat)
(get-value (i))
