; source: https://github.com/Z3Prover/z3/issues/2417
; filed: 2019-07-21
; symptom: invalid-model (model_validate=true: "an invalid model was generated")
; theory: sequences of bit-vectors + LIA (seq.len, seq.extract)
(set-logic ALL)
(declare-fun s0 () (Seq (_ BitVec 16)))
(assert (and (>= (seq.len s0) 2) (distinct (seq.extract s0 0 1) (seq.extract s0 (- (seq.len s0) 1) 1))))
(check-sat)
