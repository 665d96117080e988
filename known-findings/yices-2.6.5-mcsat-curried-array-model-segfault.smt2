; From SRI-CSL/yices2#613 ("MCSAT crashes when generating models for curried functions",
; https://github.com/SRI-CSL/yices2/issues/613, 2026-03): MCSAT answers sat (right: Z3
; 4.16.0.0 sat) and then crashes building the model of the array of arrays `a` with
; a[1][7] = x*x. The thread's formula (the maintainers' regression test
; tests/regress/mcsat/arrays/issue613_model_print.smt2, shortened), its constant 10 made the
; nonlinear `(* x x)`: smtsmith runs Yices's MCSAT for nonlinear formulas only (the thread
; ran --mcsat), and QF_ALIA made ALL for that.
; Fixed on master after 2.6.5 (PR #614, "Fix #613 MCSAT curried function model
; reconstruction"): no pinned release has the fix.
; Measured with the wheels' `yices-smt2 --incremental --mcsat` (2026-12-06): 2.6.5.post24
; prints sat, then segmentation fault (exit 139); 2.6.4.post23 sat and a model (its MCSAT
; predates arrays, Yices2#388).
(set-option :produce-models true)
(set-info :status sat)
(set-logic ALL)
(declare-fun a () (Array Int (Array Int Int)))
(declare-fun x () Int)
(assert (= (select (select a 1) 7) (* x x)))
(check-sat)
(get-model)
