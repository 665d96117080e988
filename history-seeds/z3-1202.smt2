; source: https://github.com/Z3Prover/z3/issues/1202
; filed: 2017-08-09
; symptom: crash (segfault + "NOT IMPLEMENTED YET!")
; theory: QF_S (int.to.str, str.to.int; z3str3)
(set-logic QF_SLIA)
(assert (= (str.from_int (str.to_int "a")) "a"))
(check-sat)
