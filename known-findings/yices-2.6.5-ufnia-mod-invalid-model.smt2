; From SRI-CSL/yices2#440 ("Obviously incorrect model",
; https://github.com/SRI-CSL/yices2/issues/440, 2023-04), the thread's formula: sat is right
; (Z3 4.16.0.0: sat, with (f a) > 0 and X false), but Yices's model falsifies an assertion.
; 2.6.4's sets X = true against `(assert (not X))`. The merged PR #441 ("fixes #440") changed
; that, yet 2.6.5's model is still invalid: X = false with (f a) = 0 (its own
; `(get-value ((f a) X))`: 0 and false; f is left out of its get-model), which makes the
; first assertion false (X must equal the implication, true when (f a) <= 0).
; Measured with the wheels' `yices-smt2 --incremental` (2026-12-06; the same with --mcsat):
; 2.6.4.post23 and 2.6.5.post24 both give invalid models. Related to smtsmith's own
; yices-2.6.5-mcsat-uf-of-mod-invalid-model.smt2 (UF and mod under MCSAT), not the same
; formula.
(set-option :produce-models true)
(set-info :status sat)
(set-logic QF_UFNIA)
(declare-fun Y () Bool)
(declare-fun X () Bool)
(declare-fun Z () Bool)
(declare-fun a () Int)
(declare-fun b () Int)
(declare-fun c () Int)
(declare-fun f (Int) Int)
(assert (= X (=> (> (f a) 0) (=> (= c (mod b 10)) (=> Y Z)))))
(assert (not X))
(check-sat)
(get-model)
