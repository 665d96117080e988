; source: https://github.com/Z3Prover/z3/issues/114
; filed: 2015-05-30
; symptom: other: wrong model value (fp.to_sbv 64 RNE 0.5 = 1)
; theory: QF_FPBV
(set-logic ALL)
(declare-fun s0 () (_ FloatingPoint 8 24))
(declare-fun s1 () (_ BitVec 64))
(assert (let ((s3 (fp.eq s0 ((_ to_fp 8 24) RNE (/ 1.0 2.0))))) (let ((s9 ((_ fp.to_sbv 64) RNE s0))) (let ((s12 (= (bvcomp s1 s9) #b1))) (let ((s13 (and s3 s12))) s13)))))
(check-sat)
