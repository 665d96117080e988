; source: https://github.com/SRI-CSL/yices2/issues/36
; filed: 2015-05-26
; symptom: wrong-unsat
; theory: QF_AUFLIA
(set-logic QF_ALIA)
(declare-fun S0 () (Array Int Int))
(declare-fun S1 () (Array Int Int))
(declare-fun z () Int)
(assert (>= z 0))
(assert (< z 4))
(assert (and (= (select S0 0) 0) (and (= (select S0 1) 1) (and (= (select S0 2) 2) (= (select S0 3) 3)))))
(assert (= S1 (store S0 1 1)))
(assert (= z (select S1 2)))
(check-sat)
