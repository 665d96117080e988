; Z3 4.8.7: sat, but the model's value of (div 0 0) is 0, which makes the assertion false.
; Reduced in-process by `smtsmith reduce` (15 term nodes -> 3) from a `differential`
; campaign finding; `smtsmith bisect`: bad in 4.8.7.0 only (4.8.8.0 answers -1;
; 4.8.5.0 and 4.8.6.0 print (div 0 0) unevaluated, undecided). Listed under `also` of
; z3-4.8.7-nested-mod-by-zero-invalid-model.smt2 in index.json (same release, same kind).
; run: z3 FILE.smt2
(set-option :produce-models true)
(set-logic QF_NIA)
(assert (> 0 (div 0 0)))
(check-sat)
(get-value ((div 0 0)))
