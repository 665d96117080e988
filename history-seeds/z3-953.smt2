; source: https://github.com/Z3Prover/z3/issues/953
; filed: 2017-03-25
; symptom: invalid-model
; theory: sequences (Seq Int: seq.at, seq.unit)
(set-logic ALL)
(declare-fun xs () (Seq Int))
(assert (= (seq.at xs 0) (seq.unit 42)))
(check-sat)
