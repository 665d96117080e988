; source: https://github.com/SRI-CSL/yices2/issues/146
; filed: 2019-10-12
; symptom: wrong-sat
; theory: QF_BV
(set-logic QF_BV)
(declare-fun r1 () (_ BitVec 32))
(declare-fun i () (_ BitVec 32))
(declare-fun j () (_ BitVec 32))
(declare-fun k () (_ BitVec 32))
(assert (let (($x84 (= (bvadd (bvadd i j) (bvmul #xffffffff k)) #x00000000))) (let (($x175 (= (bvadd k (bvmul #xffffffff j)) r1))) (let (($x161 (= (bvadd (bvadd #x00000001 j) (bvmul #xffffffff k)) #x00000000))) (let (($x211 (and $x161 $x175))) (let (($x259 (and $x211 $x84))) (let ((?x235 (bvmul #x00000004 r1))) (let ((?x62 (bvmul #x00000004 i))) (let (($x311 (= ?x235 ?x62))) (not (=> $x259 (= $x311 true))))))))))))
(check-sat)
