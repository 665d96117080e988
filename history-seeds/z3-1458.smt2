; source: https://github.com/Z3Prover/z3/issues/1458
; filed: 2018-01-23
; symptom: wrong-sat (second check-sat, incremental QF_BV)
; theory: QF_BV
(set-option :global-declarations true)
(set-option :produce-models true)
(set-logic QF_BV)
(declare-fun A () (_ BitVec 3))
(declare-fun B () (_ BitVec 3))
(declare-fun C () (_ BitVec 3))
(assert (and (= (bvadd A #b001) B) (= A #b000)))
(push 1)
(assert (not (= A #b000)))
(check-sat)
(pop 1)
(assert (= ((_ extract 2 2) C) #b1))
(assert (= B C))
(check-sat)
