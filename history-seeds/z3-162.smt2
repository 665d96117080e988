; source: https://github.com/Z3Prover/z3/issues/162
; filed: 2015-07-15
; symptom: other: wrong model value (fp.to_sbv 8 RNE 5.83e-2 = 1)
; theory: QF_FPBV
(set-logic ALL)
(declare-fun s0 () (_ FloatingPoint 8 24))
(declare-fun s1 () (_ BitVec 8))
(assert (let ((s3 (fp.eq s0 ((_ to_fp 8 24) RNE (/ 244681.0 4194304.0))))) (let ((s4 (fp.isNaN s0))) (let ((s5 (fp.isInfinite s0))) (let ((s6 (or s4 s5))) (let ((s7 (not s6))) (let ((s9 ((_ fp.to_sbv 8) RNE s0))) (let ((s11 (ite s7 s9 #b00000000))) (let ((s12 (= (bvcomp s1 s11) #b1))) (let ((s13 (and s3 s12))) s13))))))))))
(check-sat)
