; source: https://github.com/Z3Prover/z3/issues/1415
; filed: 2017-12-21
; symptom: invalid-model
; theory: QF_SLIA (str.indexof, str.substr)
(set-logic QF_SLIA)
(declare-fun si () String)
(declare-fun sj () String)
(assert (= 2 (str.indexof si "#" 0)))
(assert (= (- 1) (str.indexof si "\u{5c}x00" 0)))
(assert (= (str.substr si 0 2) (str.substr sj 0 2)))
(assert (= (str.substr si 5 5) (str.substr sj 5 5)))
(check-sat)
