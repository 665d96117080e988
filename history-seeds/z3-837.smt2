; source: https://github.com/Z3Prover/z3/issues/837
; filed: 2016-12-10
; symptom: crash (segmentation fault; nested ite in quantifier sat module)
; theory: LIA (forall, define-fun)
(set-logic LIA)
(declare-fun H1SBool1_r1 () Int)
(assert (forall ((x Int) (y Int) (res Int)) (=> (= res (ite (ite (= H1SBool1_r1 0) (> x y) false) x y)) (and (>= res x) (>= res y) (or (= res x) (= res y))))))
(check-sat)
