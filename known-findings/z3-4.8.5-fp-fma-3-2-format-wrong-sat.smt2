; In the (3,2) format (fp #b0 #b011 #b0) is 1.0 (bias 3) and (fp #b0 #b000 #b0) is +0, so
; fp.fma RNE 1.0 1.0 +0 = 1*1 + 0 = 1.0 exactly and the negated equality is unsat.
; From Z3Prover/z3#9319 (https://github.com/Z3Prover/z3/issues/9319), comment by fabiomadge ("Z3 folds the fma to
; 2.0 and returns sat"). Checked: by hand; cvc5 1.4.2 unsat; the z3 5.4.1 binary unsat.
; z3 binaries (probe.sh): 4.8.5.0 to 5.3.3.0 sat; 5.4.0.0 on unsat.
(assert (not (= (fp.fma RNE (fp #b0 #b011 #b0) (fp #b0 #b011 #b0) (fp #b0 #b000 #b0)) (fp #b0 #b011 #b0))))
(set-info :status unsat)
(check-sat)
