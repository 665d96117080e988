; a + b in Float(3,24) cancels to exactly 2^-20 (the significands differ by 16 ulps of 2^-24),
; a subnormal of the format (its spacing is 2^-25), so the sum is not zero and the formula is
; unsat. Every pinned Z3 release, 4.8.5.0 to 5.4.1.0, answers sat (z3 -T:10 FILE); cvc5 1.4.2 and
; smtsmith's evaluator: unsat. Unpinned, `(assert (fp.isZero (fp.add RNE a b)))` over Float(3,24)
; gets models whose sum is this kind of subnormal (Z3 4.8.7.0 to 4.8.9.0, 4.12.1.0;
; model_validate=true flags 5.4.0.0 and 5.4.1.0's too).
; Found by the `enumerate` target (SMTSMITH_THEORIES=all,fp) on Z3 4.8.7.0 as that invalid model
; (2026-12-05, trial 1 of the sampled-restart arm), pinned to the model's values by hand. No
; public thread found (issues corpus searched 2026-12-05: "z3 fp.add subnormal result zero
; invalid model FloatingPoint 3 24 cancellation", "fp.add cancellation subnormal result returns
; zero bit-blasting Float 3 exponent bits invalid model").
(set-logic QF_FP)
(declare-fun a () (_ FloatingPoint 3 24))
(declare-fun b () (_ FloatingPoint 3 24))
(assert (fp.eq a (fp #b0 #b010 #b10110100000110001101010)))
(assert (fp.eq b (fp #b1 #b010 #b10110100000110001011010)))
(assert (fp.isZero (fp.add RNE a b)))
(set-info :status unsat)
(check-sat)
