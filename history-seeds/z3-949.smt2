; source: https://github.com/Z3Prover/z3/issues/949
; filed: 2017-03-20
; symptom: invalid-model (wrong-sat; expected unsat)
; theory: QF_S (str.prefixof)
(set-logic QF_SLIA)
(declare-fun x () String)
(assert (not (str.prefixof "prefix:" x)))
(assert (or (str.prefixof "prefix:a" x) (str.prefixof "prefix:b" x) (str.prefixof "prefix:c" x)))
(check-sat)
