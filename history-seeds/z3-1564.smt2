; source: https://github.com/Z3Prover/z3/issues/1564
; filed: 2018-04-06
; symptom: wrong-sat (bogus model; fp.to_sbv 64 of 0.5 regression)
; theory: QF_FPBV
(set-logic QF_BVFP)
(declare-fun s0 () (_ FloatingPoint 11 53))
(assert (fp.eq s0 ((_ to_fp 11 53) RNE (/ 1.0 2.0))))
(assert (not (= #x0000000000000000 (ite (not (or (fp.isNaN s0) (fp.isInfinite s0))) ((_ fp.to_sbv 64) RNE s0) #x0000000000000000))))
(check-sat)
