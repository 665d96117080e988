; source: https://github.com/SRI-CSL/yices2/issues/17
; filed: 2015-03-05
; symptom: invalid-model (mix-up in bvxor representation)
; theory: QF_BV
(set-logic QF_BV)
(declare-fun q () (_ BitVec 16))
(declare-fun q1 () (_ BitVec 16))
(declare-fun q2 () (_ BitVec 16))
(assert (= q1 #b0100001000000000))
(assert (= q2 (bvxor (bvshl q1 #b0000000000001000) q1)))
(assert (= q (bvxor (bvshl q1 #b0000000000001000) q1)))
(check-sat)
