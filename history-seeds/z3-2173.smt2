; source: https://github.com/Z3Prover/z3/issues/2173
; filed: 2019-03-07
; symptom: wrong-unsat (first check-sat; bvsrem with variable vs constant)
; theory: QF_BV
(set-option :global-declarations true)
(set-option :produce-models true)
(set-logic QF_BV)
(push 1)
(declare-fun _substvar_51_ () (_ BitVec 14))
(assert (not (bvsge #b00001000101101 (bvsub #b00000111110000 (bvsrem _substvar_51_ #b00001000101101)))))
(check-sat)
(pop 1)
(assert (not (bvsge #b00001000101101 (bvsub #b00000111110000 (bvsrem #b10100111001100 #b00001000101101)))))
(check-sat)
