; source: https://github.com/SRI-CSL/yices2/issues/94
; filed: 2018-07-20
; symptom: error (bogus "formula is not in integer difference logic" for n-ary distinct)
; theory: QF_IDL
(set-logic QF_LIA)
(declare-fun x1 () Int)
(declare-fun x2 () Int)
(declare-fun x3 () Int)
(assert (distinct x1 x2 x3))
(check-sat)
