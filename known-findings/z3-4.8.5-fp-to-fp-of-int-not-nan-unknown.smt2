; Converting a real (here an integer cast to real) to a float never gives NaN, so every x satisfies
; the assertion (e.g. x = 0 gives +zero) and the right answer is sat; z3 answers unknown
; ("incomplete (theory arithmetic)").
; From Z3Prover/z3#10162 (https://github.com/Z3Prover/z3/issues/10162) (reported on 4.15.4; "a few more cases which
; #6548 / #6968 missed"). Checked: by hand; cvc5 1.4.2 sat; z3 5.0.0 on sat.
; z3 binaries (probe.sh): 4.8.5.0 to 4.16.0.0 unknown (about 1.5 s each on a quiet machine; under heavy load some ran past 10 s); 5.0.0.0 on sat.
(declare-const x Int)
(assert (not (fp.isNaN ((_ to_fp 11 53) RNE (to_real x)))))
(set-info :status sat)
(check-sat)
