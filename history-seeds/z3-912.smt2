; source: https://github.com/Z3Prover/z3/issues/912
; filed: 2017-02-24
; symptom: invalid-model
; theory: QF_S (str.replace + str.in.re, re.range)
(set-logic QF_SLIA)
(declare-fun s () String)
(declare-fun t () String)
(assert (= t (str.replace s "A" "b")))
(assert (str.in_re t (re.++ (re.* (re.range "B" "Z")) (str.to_re "A"))))
(check-sat)
