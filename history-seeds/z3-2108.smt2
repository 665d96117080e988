; source: https://github.com/Z3Prover/z3/issues/2108
; filed: 2019-01-28
; symptom: invalid-model
; theory: QF_S (z3str3: smt.string_solver=z3str3 dump_models=true)
(set-logic QF_SLIA)
(declare-fun x () String)
(assert (not (= (str.replace (str.++ "B" x) x "B") (str.++ "B" "B"))))
(check-sat)
