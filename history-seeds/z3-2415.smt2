; source: https://github.com/Z3Prover/z3/issues/2415
; filed: 2019-07-20
; symptom: invalid-model (wrong-sat; model_validate=true reports invalid model; regression)
; theory: QF_SLIA (str.suffixof, str.substr, str.len)
(set-logic QF_SLIA)
(declare-fun s0 () String)
(declare-fun s1 () String)
(assert (not (or (not (str.suffixof s0 s1)) (= s0 (str.substr s1 (- (str.len s1) (str.len s0)) (str.len s0))))))
(check-sat)
