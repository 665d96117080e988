; source: https://github.com/Z3Prover/z3/issues/492
; filed: 2016-03-07
; symptom: wrong-unsat (nested fp.min/fp.max/fp.neg on +/-0)
; theory: QF_FP
(set-logic QF_FP)
(assert (= (fp #b1 #b00 #b00) (fp.max (fp.min (fp.neg (fp.min (fp #b1 #b00 #b00) (fp #b0 #b00 #b00))) (fp #b0 #b00 #b00)) (fp #b1 #b10 #b01))))
(check-sat)
