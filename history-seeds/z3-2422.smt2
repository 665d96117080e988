; source: https://github.com/Z3Prover/z3/issues/2422
; filed: 2019-07-22
; symptom: wrong-unsat (regression; z3-4.8.5 gives sat with a = "\x00")
; theory: QF_SLIA (str.substr)
(set-logic QF_SLIA)
(declare-fun a () String)
(assert (not (= "" (str.substr a 0 1))))
(assert (= "" (str.substr a 1 1)))
(check-sat)
