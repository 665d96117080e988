; source: https://github.com/Z3Prover/z3/issues/102
; filed: 2015-05-22
; symptom: wrong-unsat
; theory: QF_FP
(set-logic ALL)
(declare-fun s0 () (_ FloatingPoint 11 53))
(assert (let ((s2 (fp.eq s0 ((_ to_fp 11 53) RNE (/ 0.0 1.0))))) s2))
(check-sat)
