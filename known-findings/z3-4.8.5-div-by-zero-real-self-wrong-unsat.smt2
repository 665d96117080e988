; z3 says unsat but the formula is sat: with a=0 both (/ (* 2 a) a) and (/ a a) are the same term (/ 0 0),
; which SMT-LIB leaves unspecified, so taking (/ 0 0) = 1 satisfies it; right answer sat.
; From Z3Prover/z3#2715 (https://github.com/Z3Prover/z3/issues/2715): CVC4 said sat with model a=0 and z3 accepts
; that model (closed). cvc5 1.4.2 says sat. z3 binaries (probe.sh): 4.8.5.0-4.8.6.0 unsat, 4.8.7.0 on sat.
(set-info :status sat)
(declare-fun a () Real)
(assert (= (/ (* 2 a) a) (/ a a) 1))
(check-sat)
