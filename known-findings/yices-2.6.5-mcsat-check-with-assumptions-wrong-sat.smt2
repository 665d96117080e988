; The bug of yices-2.6.5-mcsat-check-with-assumptions-no-model.smt2 in its plainest form:
; x * x < 0 is unsat, yet Yices's C API with MCSAT answers STATUS_SAT to a check with the
; assumption `a` (and then has no model); a check without assumptions answers UNSAT.
(set-option :global-declarations true)
(set-option :produce-models true)
(set-logic QF_NIA)
(declare-fun x () Int)
(declare-fun a () Bool)
(assert (< (* x x) 0))
(check-sat-assuming (a))
