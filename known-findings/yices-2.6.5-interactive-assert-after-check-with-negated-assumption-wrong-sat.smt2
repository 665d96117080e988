; The bug of yices-2.6.5-interactive-assert-after-check-with-assumptions-wrong-sat.smt2 with
; a negated assumption (a reduced finding's shape: `not` is among its operators).
; Found by smtsmith (`smtsmith run --incremental --seed 900 --count 100 --bytes 256`,
; 2026-12-03), reduced by smtsmith.
(set-option :global-declarations true)
(set-option :produce-models true)
(set-logic QF_LIRA)
(declare-fun assume0 () Bool)
(check-sat-assuming ((not assume0)))
(assert false)
(set-info :status unsat)
(check-sat)
