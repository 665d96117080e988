; x = (fp #b0 #b101 #b0001) = 4.25 gives fp.rem 4.25 0.5 = 4.25 - 8*0.5 = 0.25 (4.25/0.5 = 8.5 rounds to
; the even 8), and 0.25 = (fp #b0 #b001 #x0) <= 0.25 holds, so the right answer is sat.
; From Z3Prover/z3#2289 (https://github.com/Z3Prover/z3/issues/2289) (CVC4/Z3 disagreement on SMT-LIB benchmarks;
; the maintainer confirmed "a proper bug in the encoding of fp.rem"). Checked: the witness by hand (CVC4's model),
; cvc5 1.4.2 sat. z3 binaries (probe.sh): 4.8.5.0 unsat; 4.8.6.0 on sat.
(set-logic QF_FP)
(declare-const x (_ FloatingPoint 3 5))
(assert (fp.leq (fp #b0 #b001 #x0) (fp.rem x (fp #b0 #b010 #x0))))
(set-info :status sat)
(check-sat)
