; source: https://github.com/Z3Prover/z3/issues/300
; filed: 2015-11-08
; symptom: crash (segfault; rounding-mode model construction)
; theory: QF_FP
(set-logic QF_FP)
(declare-fun s0 () RoundingMode)
(declare-fun s3 () (_ FloatingPoint 8 24))
(declare-fun s4 () (_ FloatingPoint 8 24))
(assert (let ((s2 (distinct s0 RNE))) (let ((s5 (fp.add s0 s3 s4))) (let ((s6 (fp.isNaN s5))) (let ((s7 (fp.isInfinite s5))) (let ((s8 (or s6 s7))) (let ((s9 (not s8))) (let ((s10 (fp.add RNE s3 s4))) (let ((s11 (fp.isNaN s10))) (let ((s12 (fp.isInfinite s10))) (let ((s13 (or s11 s12))) (let ((s14 (not s13))) (let ((s15 (not (fp.eq s5 s10)))) (and s2 s9 s14 s15))))))))))))))
(check-sat)
