; fp.roundToIntegral is idempotent for every rounding mode, so roundToIntegral(rm, roundToIntegral(rm, x))
; can never differ from roundToIntegral(rm, x) and the right answer is unsat (format with 3 exponent bits).
; From Z3Prover/z3#2894 (https://github.com/Z3Prover/z3/issues/2894); fixed by the maintainer (wintersteiger:
; "this is now fixed", 3-exponent-bit corner case). cvc5 1.4.2 says unsat; z3 4.8.9 on says unsat and the
; sat model of 4.8.5-4.8.8 fails model_validate. z3 binaries (probe.sh): 4.8.5.0 to 4.8.8.0 sat; 4.8.9.0 on unsat.
(set-logic QF_FP)
(declare-fun x () (_ FloatingPoint 3 24))
(declare-fun rm () RoundingMode)
(assert (distinct (fp.roundToIntegral rm (fp.roundToIntegral rm x)) (fp.roundToIntegral rm x)))
(set-info :status unsat)
(check-sat)
