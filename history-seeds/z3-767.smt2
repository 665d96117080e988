; source: https://github.com/Z3Prover/z3/issues/767
; filed: 2016-10-26
; symptom: crash (segfault)
; theory: QF_FP
(set-logic QF_FP)
(declare-fun s0 () (_ FloatingPoint 8 24))
(declare-fun s1 () (_ FloatingPoint 8 24))
(assert (let ((s3 (fp.add RNE s0 s1))) (let ((s4 (fp.add RNE (_ NaN 8 24) s3))) (let ((s6 (fp.add RNE s0 (_ NaN 8 24)))) (let ((s7 (fp.add RNE s1 s6))) (let ((s8 (fp.eq s4 s7))) (not s8)))))))
(check-sat)
