; source: https://github.com/cvc5/cvc5/issues/879
; filed: 2015-08-12 (Bugzilla #660, imported to GitHub 2017-08-19)
; symptom: invalid-model (--check-models internal error, bvurem by zero)
; theory: QF_BV
(set-logic QF_BV)
(declare-fun x0 () (_ BitVec 1))
(declare-fun x1 () (_ BitVec 1))
(declare-fun x2 () (_ BitVec 1))
(assert (= x0 (bvudiv x0 x2)))
(assert (= (bvurem x0 x2) (bvlshr x1 x1)))
(check-sat)
