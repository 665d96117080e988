; source: https://github.com/Z3Prover/z3/issues/2136
; filed: 2019-02-11
; symptom: wrong-sat (model_validate reports invalid model)
; theory: QF_FPBV
(set-logic QF_BVFP)
(declare-fun s0 () (_ BitVec 8))
(assert (not (= s0 (ite (not (or (fp.isNaN ((_ to_fp 8 24) RNE s0)) (fp.isInfinite ((_ to_fp 8 24) RNE s0)))) ((_ fp.to_sbv 8) RNE ((_ to_fp 8 24) RNE s0)) #b00000000))))
(check-sat)
