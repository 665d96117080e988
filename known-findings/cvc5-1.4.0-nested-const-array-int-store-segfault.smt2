; smtsmith finding: crash (cvc5 1.4.2, its C API; its own front end too)
; cvc5 dies of a segmentation fault in check-sat on an equality between a constant array of
; constant Int arrays and a store chain over it. The same bug as
; cvc5-1.4.0-nested-const-array-store-segfault.smt2 by its frames (gdb, 1.4.2: getRepresentative
; <- TheoryArrays::mergeArrays <- eqNotifyMerge <- EqualityEngine::merge <- propagate, in
; both), over Int indices (QF_ALIA), so its key differs. Expected: unsat (Z3 5.4.1.0; by
; hand: index 1 of the right side holds an array with 112 at index 1, and (+ a a) is never 1).
; reproduce: smtsmith solve --solver cvc5 FILE.smt2   (1.4.0, 1.4.1, 1.4.2: status 139)
; Found by a 10-minute differential run on the pinned releases with cvc5 1.4.2 (2026-12-01),
; reduced by smtsmith in child processes.
(set-option :produce-models true)
(set-logic QF_ALIA)
(declare-fun a () Int)
(declare-fun b () Int)
(declare-fun c () (Array Int Int))
(assert (= ((as const (Array Int (Array Int Int))) ((as const (Array Int Int)) 0)) (store (store ((as const (Array Int (Array Int Int))) ((as const (Array Int Int)) 0)) 1 (store ((as const (Array Int Int)) 112) 0 b)) (+ a a) c)))
(check-sat)
