; Z3 5.4.1.0: check-sat answers sat, but check-sat-assuming with any assumption answers
; unknown, reason "(incomplete (theory array))", on a quantifier-free UF + arrays formula
; (QF_AUFLIA, decidable); cvc5 1.4.0 answers sat to both (cvc5 needs -32, not (- 32), in as const). Found by smtsmith's script target
; (`smtsmith run --incremental`, seed 376, 256 bytes), reduced by hand.
; run: z3 FILE.smt2
(set-logic QF_AUFLIA)
(set-info :status sat)
(declare-fun f2 ((Array Int Int)) Bool)
(declare-fun q () Bool)
(assert (f2 ((as const (Array Int Int)) -32)))
(check-sat)
(check-sat-assuming (q))
(get-info :reason-unknown)
