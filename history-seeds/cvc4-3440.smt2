; source: https://github.com/cvc5/cvc5/issues/3440
; filed: 2019-11-05
; symptom: crash (segfault with --no-strings-lazy-pp)
; theory: QF_S
(set-logic QF_SLIA)
(declare-fun a () String)
(declare-fun b () String)
(declare-fun c () String)
(declare-fun d () String)
(assert (= (str.replace a b "") (str.++ c d)))
(check-sat)
