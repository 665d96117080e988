; source: https://github.com/cvc5/cvc5/issues/884
; filed: 2015-08-26 (Bugzilla #665, imported to GitHub 2017-08-19)
; symptom: crash (segfault; run with --strings-exp)
; theory: QF_SLIA (declared QF_S)
(set-logic QF_SLIA)
(declare-fun i () Int)
(declare-fun r () String)
(assert (and (not (>= (str.indexof "(a)" r 0) 0)) (not (>= (str.indexof r "(a)" 0) i))))
(check-sat)
