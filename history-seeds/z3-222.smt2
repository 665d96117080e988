; source: https://github.com/Z3Prover/z3/issues/222
; filed: 2015-09-18
; symptom: wrong-unsat (second check-sat; small format 3/4)
; theory: QF_FP
(set-option :global-declarations true)
(set-option :produce-models true)
(set-logic QF_FP)
(declare-fun x0 () (_ FloatingPoint 3 4))
(check-sat)
(assert (= (fp.sqrt RNE x0) (fp.sqrt RNE (fp #b0 #b000 #b001))))
(check-sat)
