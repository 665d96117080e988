; source: https://github.com/Z3Prover/z3/issues/616
; filed: 2016-05-23
; symptom: other: unsat then sat after (assert true) (unspecified fp.max on zeros)
; theory: QF_FP
(set-option :global-declarations true)
(set-option :produce-models true)
(set-logic QF_FP)
(assert (fp.eq (fp.sqrt RTN (fp.max (fp.abs (fp #b1 #b00 #b00)) (fp.neg (fp.neg (fp.max (fp.sqrt RTZ (fp #b0 #b00 #b00)) (fp.sqrt RTP (fp.min (fp.max (fp #b1 #b00 #b01) (fp #b0 #b10 #b01)) (fp #b1 #b00 #b00)))))))) (fp #b0 #b00 #b11)))
(check-sat)
(assert true)
(check-sat)
