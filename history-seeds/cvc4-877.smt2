; source: https://github.com/cvc5/cvc5/issues/877
; filed: 2015-08-12 (Bugzilla #658, imported to GitHub 2017-08-19)
; symptom: wrong-unsat (division by zero)
; theory: QF_BV
(set-logic QF_BV)
(declare-fun x0 () (_ BitVec 1))
(declare-fun x1 () (_ BitVec 1))
(assert (= (bvnot x0) (bvudiv #b0 x1)))
(assert (= #b1 (bvurem #b0 x1)))
(check-sat)
