; source: https://github.com/Z3Prover/z3/issues/828
; filed: 2016-12-07
; symptom: crash (segfault in model construction)
; theory: FP + arrays + UF (quantified)
(set-logic ALL)
(declare-fun F32S_size ((Array Int (_ FloatingPoint 8 24))) Int)
(declare-fun l_f32s () (Array Int (_ FloatingPoint 8 24)))
(assert (forall ((a (Array Int (_ FloatingPoint 8 24)))) (>= (F32S_size a) 0)))
(assert (and (fp.leq (select l_f32s 0) (fp #b0 #b00000000 #b00000000000000000000000)) (fp.gt (select l_f32s 1) (fp #b0 #b00000000 #b00000000000000000000000))))
(check-sat)
