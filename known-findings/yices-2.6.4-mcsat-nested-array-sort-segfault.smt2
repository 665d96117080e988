; From SRI-CSL/yices2#388 ("Assertion error at mcsat/solver.c:1133",
; https://github.com/SRI-CSL/yices2/issues/388, 2021-10): MCSAT crashes (a release build:
; segmentation fault) on one assertion over a nested array sort, `(C B)` with B an array of
; arrays (written `(select C B)` here: applying an array as a function is Yices's own syntax). The right answer is sat (C is unconstrained: C[B] = true, x = 2; Z3 4.16.0.0: sat).
; Maintainers (2023-03-01): "fixed! mcsat now supports arrays".
; The thread's formula, with `select` and one nonlinear assertion added: smtsmith runs Yices's MCSAT for
; nonlinear formulas only (as the thread ran it with --mcsat), so `(= (* x x) 4)` sends this
; file there.
; Measured with the wheels' `yices-smt2 --incremental --mcsat` (2026-12-06): 2.6.4.post23
; segmentation fault (exit 139); 2.6.5.post24 sat.
(set-info :status sat)
(set-logic ALL)
(declare-fun B () (Array (Array Int Bool) (Array Int Bool)))
(declare-fun C () (Array (Array (Array Int Bool) (Array Int Bool)) Bool))
(declare-fun x () Int)
(assert (select C B))
(assert (= (* x x) 4))
(check-sat)
