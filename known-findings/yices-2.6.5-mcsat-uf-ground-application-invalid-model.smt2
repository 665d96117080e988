; smtsmith finding: invalid-model (Yices 2.6.5, its C API; its own binary too)
; The ground application (a false 0) is asserted; MCSAT's model makes it false.
; reproduce: yices-smt2 --mcsat FILE.smt2 (the wheel's binary: sat, then get-value of the
; assertion above prints false). Found by the first 10-minute differential run with Yices
; (2026-12-01), reduced by smtsmith; the same MCSAT model bug as
; yices-2.6.5-mcsat-uf-of-mod-invalid-model.smt2 by its shape (an uninterpreted predicate
; false in the model where it is asserted), its own key.
(set-option :produce-models true)
(set-logic QF_UFNIA)
(declare-fun a (Bool Int) Bool)
(declare-fun b () Int)
(assert (a false 0))
(assert (>= b 0 (div 0 b)))
(check-sat)
(get-value (b))
