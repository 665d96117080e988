; source: https://github.com/Z3Prover/z3/issues/2533
; filed: 2019-09-02
; symptom: invalid-model
; theory: QF_SLIA (str.replace, str.substr, str.len; seq solver)
(set-logic QF_SLIA)
(declare-fun a () String)
(declare-fun b () String)
(declare-fun c () String)
(declare-fun d () String)
(declare-fun e () String)
(assert (not (= (str.replace (str.++ "A" (str.substr a 0 (str.len c))) "A" (str.substr b 0 (str.len d))) (str.replace (str.substr a 0 (str.len c)) "" d))))
(assert (= b (str.++ d e)))
(check-sat)
