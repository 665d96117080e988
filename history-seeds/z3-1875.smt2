; source: https://github.com/Z3Prover/z3/issues/1875
; filed: 2018-10-12
; symptom: invalid-model
; theory: QF_SLIA (str.contains, str.replace, str.substr)
(set-logic QF_SLIA)
(declare-fun x () String)
(declare-fun y () String)
(declare-fun z () String)
(declare-fun n () Int)
(assert (not (= (str.contains (str.replace x y x) (str.substr z n 1)) (str.contains x (str.substr z n 1)))))
(check-sat)
