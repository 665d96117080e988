; source: https://github.com/Z3Prover/z3/issues/2679
; filed: 2019-11-03
; symptom: other: model_validate=true reports "invalid model" on a valid model (division by zero)
; theory: QF_NRA (real division b/c)
(set-logic QF_NIRA)
(declare-fun a () Real)
(declare-fun b () Real)
(declare-fun c () Real)
(assert (< a (to_real 0)))
(assert (= a (/ b c)))
(check-sat)
