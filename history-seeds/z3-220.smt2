; source: https://github.com/Z3Prover/z3/issues/220
; filed: 2015-09-17
; symptom: other: wrong model value (fp.sqrt of -2 gives -zero, expected NaN)
; theory: QF_FP
(set-logic QF_FP)
(declare-fun x0 () (_ FloatingPoint 8 24))
(assert (= (fp.sqrt RNE (fp #b1 #b10000000 #b00000000000000000000000)) x0))
(check-sat)
