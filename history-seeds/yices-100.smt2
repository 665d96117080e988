; source: https://github.com/SRI-CSL/yices2/issues/100
; filed: 2018-10-07
; symptom: other: get-value prints ??? (no model value for eliminated variable)
; theory: QF_UFBV
(set-logic QF_UFBV)
(declare-fun s0 () (_ BitVec 8))
(declare-fun s1 () (_ BitVec 8))
(declare-fun s2 () (_ BitVec 8))
(declare-fun table0 ((_ BitVec 8)) (_ BitVec 8))
(assert (= (table0 #b00000000) s0))
(assert (= (table0 #b00000001) s1))
(assert (not (= (ite (bvule #b00000010 s2) #b00000000 (table0 s2)) #b00000010)))
(check-sat)
