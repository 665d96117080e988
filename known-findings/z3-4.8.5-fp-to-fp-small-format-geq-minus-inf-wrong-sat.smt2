; Every non-NaN float is >= -oo; (fp #b1 #b1100 #b0101) is a finite negative (4,4) float, so its
; conversion to the (2,2) format is not NaN and fp.geq ... -oo holds: the right answer is unsat.
; From Z3Prover/z3#2970 (https://github.com/Z3Prover/z3/issues/2970) (reported with simplify; the maintainer
; confirmed "there was indeed a bug in the simplifier" for to_fp). Checked: cvc5 1.4.2 unsat; z3 4.8.9 on unsat.
; z3 binaries (probe.sh): 4.8.5.0 to 4.8.8.0 sat; 4.8.9.0 on unsat.
(set-logic QF_FP)
(assert (not (fp.geq ((_ to_fp 2 2) RNE (fp #b1 #b1100 #b0101)) (_ -oo 2 2))))
(set-info :status unsat)
(check-sat)
