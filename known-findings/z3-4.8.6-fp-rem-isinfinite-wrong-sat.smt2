; fp.rem of two (3,5) floats is asserted to be infinite, which is impossible (IEEE remainder is NaN
; for x=inf or y=0, x itself for y=inf, and otherwise finite with |r| <= |y|/2), so the right answer is unsat.
; From Z3Prover/z3#4564 (https://github.com/Z3Prover/z3/issues/4564), an SMT-COMP 2020 disagreement
; (z3-4.8.8 vs 4.8.4); the z3 model fails its own model_validate. cvc5 1.4.2 says unsat, as do z3
; 4.8.5 and 4.8.10 on. z3 binaries (probe.sh): 4.8.5.0 unsat; 4.8.6.0 to 4.8.9.0 sat (invalid model); 4.8.10.0 on unsat.
(set-logic QF_FP)
(declare-const s (_ FloatingPoint 3 5))
(declare-const x (_ FloatingPoint 3 5))
(assert (fp.isInfinite (fp.rem x s)))
(set-info :status unsat)
(check-sat)
