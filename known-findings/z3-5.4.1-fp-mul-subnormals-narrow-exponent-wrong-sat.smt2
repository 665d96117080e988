; The product of the two smallest subnormals of Float(3,8), -2^-9 * 2^-9 = -2^-18, is below half
; the smallest subnormal (2^-10), so it rounds (RNE) to -0: isZero holds and the formula is unsat.
; Every pinned Z3 release, 4.8.5.0 to 5.4.1.0, answers sat (z3 -T:10 FILE; model_validate=true
; says "an invalid model was generated" on 5.4.1.0); cvc5 1.4.2 and smtsmith's evaluator: unsat.
; The same in Float(3,16), (3,24), (4,12), (4,24), (5,24); not in (5,11), (8,24), (11,53).
; Found by the `enumerate` target (SMTSMITH_THEORIES=all,fp) on Z3 4.8.7.0 as an invalid model
; of `fp.mul` over two subnormals (2026-12-05, trial of the sampled-restart arm), pinned to the
; model's values by hand. No public thread found (issues corpus searched 2026-12-05: "fp.mul
; subnormal wrong result infinity small exponent", "fp.mul subnormal times subnormal wrong result
; small exponent z3 invalid model underflow", "fpa2bv exponent bit-width too narrow subnormal").
(set-logic QF_FP)
(declare-fun a () (_ FloatingPoint 3 8))
(declare-fun b () (_ FloatingPoint 3 8))
(assert (fp.eq a (fp #b1 #b000 #b0000001)))
(assert (fp.eq b (fp #b0 #b000 #b0000001)))
(assert (not (fp.isZero (fp.mul RNE a b))))
(set-info :status unsat)
(check-sat)
