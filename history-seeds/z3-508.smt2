; source: https://github.com/Z3Prover/z3/issues/508
; filed: 2016-03-11
; symptom: invalid-model (in_bounds true despite (assert (not in_bounds)))
; theory: QF_FP
(set-logic QF_FP)
(declare-fun a () (_ FloatingPoint 8 24))
(declare-fun b () (_ FloatingPoint 8 24))
(assert (or (fp.isZero a) (fp.isNormal a) (fp.isSubnormal a)))
(assert (or (fp.isNormal b) (fp.isSubnormal b)))
(assert (fp.isPositive a))
(assert (fp.isPositive b))
(assert (not (and (fp.leq (fp.neg (fp.abs b)) (fp.rem a b)) (fp.leq (fp.rem a b) (fp.abs b)))))
(check-sat)
