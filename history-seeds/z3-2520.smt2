; source: https://github.com/Z3Prover/z3/issues/2520
; filed: 2019-08-26
; symptom: invalid-model (y = #b0, must be #b1)
; theory: BV (quantified)
(set-logic BV)
(declare-fun y () (_ BitVec 1))
(declare-fun c () (_ BitVec 2))
(assert (forall ((x (_ BitVec 1))) (=> (and (= x ((_ extract 0 0) c)) (= y ((_ extract 1 1) c))) (= (bvor ((_ extract 0 0) c) ((_ extract 1 1) c)) #b1))))
(check-sat)
