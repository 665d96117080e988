; x = 1 + 2^-54 rounds (RNE) to the finite double 1.0 (2^-54 is below half an ulp, 2^-53), so
; rounded = 1.0 satisfies every assertion (Finite is defined by the quantified axiom) and fp.to_real
; rounded = 1 differs from x: the right answer is sat.
; From Z3Prover/z3#10881 (https://github.com/Z3Prover/z3/issues/10881) (Dafny encoding; the thread checks the
; witness concretely and z3 says sat on it). Checked: witness by hand; z3 5.3.3 says sat.
; z3 binaries (probe.sh): 4.8.5.0 to 4.13.4.0 timeout (10 s); 4.14.0.0 to 5.1.0.0 unsat; 5.3.0.0 on timeout, 5.3.3.0 sat.
(set-logic ALL)
(declare-const x Real)
(declare-const rounded (_ FloatingPoint 11 53))
(declare-fun Finite ((_ FloatingPoint 11 53)) Bool)
(assert (forall ((f (_ FloatingPoint 11 53))) (! (= (Finite f) (and (not (fp.isNaN f)) (not (fp.isInfinite f)))) :pattern ((Finite f)))))
(assert (Finite rounded))
(assert (fp.eq rounded ((_ to_fp 11 53) RNE x)))
(assert (distinct (fp.to_real rounded) x))
(set-info :status sat)
(check-sat)
