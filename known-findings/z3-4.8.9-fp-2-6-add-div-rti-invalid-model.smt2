; Invalid model: X = fp.add RTZ Y Z = fp.div RTZ Y Z = fp.roundToIntegral RTZ Y with Y /= Z in the tiny
; (2,6) format; the formula is sat (e.g. Y = NaN, X = NaN, Z = 0), but the model z3 returns makes the
; assertion false (z3's own model_validate reports "an invalid model was generated").
; From Z3Prover/z3#4841 (https://github.com/Z3Prover/z3/issues/4841) (rainoftime, z3 3bca1fb). Checked: cvc5 1.4.2
; sat; z3 4.12.0 on gives valid models. z3 binaries (probe.sh, model_validate=true): 4.8.5.0 to 4.8.8.0 valid;
; 4.8.9.0 to 4.11.2.0 invalid model; 4.12.0.0 on valid.
(set-logic QF_FP)
(declare-fun X () (_ FloatingPoint 2 6))
(declare-fun Y () (_ FloatingPoint 2 6))
(declare-fun Z () (_ FloatingPoint 2 6))
(assert (and (= X (fp.add RTZ Y Z)) (= X (fp.div RTZ Y Z)) (= X (fp.roundToIntegral RTZ Y)) (not (= Y Z))))
(check-sat)
(get-model)
