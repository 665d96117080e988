; In Float(2,6) (bias 1) the subnormal (fp #b0 #b00 #b00011) is 3/32; rounded to an integral
; value (RNE) it is +0, so the formula is unsat. Every pinned Z3 release, 4.8.5.0 to 5.4.1.0,
; answers sat (z3 -T:10 FILE); Z3's own model evaluation gives +0 for the term (get-value), and
; model_validate=true on 5.4.1.0 says "an invalid model was generated": the bit-blasted
; roundToIntegral of a subnormal with a 2-bit exponent is wrong (it gives 1.0), the evaluator
; right. cvc5 1.4.2 and smtsmith's evaluator: unsat (`smtsmith check FILE`).
; Found by the `enumerate` target (SMTSMITH_THEORIES=all,fp) on Z3 4.8.7.0 as an invalid model
; of fp.roundToIntegral over a Float(2,6) subnormal (2026-12-05 trials), pinned to the model's
; value by hand. Not #2894 (3-bit exponents, fixed in 4.8.9) nor #4190 (no longer shown in
; 2020): this one shows on 5.4.1. No public thread found (issues corpus searched 2026-12-05:
; "fp.roundToIntegral subnormal FloatingPoint 2 exponent bits wrong sat bit-blast",
; "fpa2bv mk_round_to_integral wrong result two exponent bits").
(set-logic QF_FP)
(declare-fun x () (_ FloatingPoint 2 6))
(assert (fp.eq x (fp #b0 #b00 #b00011)))
(assert (not (fp.isZero (fp.roundToIntegral RNE x))))
(set-info :status unsat)
(check-sat)
