; source: https://github.com/Z3Prover/z3/issues/1500
; filed: 2018-02-22
; symptom: other: int.to.str of negative int inconsistent (reporter saw sat for i<-2 and unsat for i=-2; maintainer: both should be unsat) -> wrong-sat on this script
; theory: QF_SLIA (int.to.str, str.len)
(set-logic QF_SLIA)
(declare-fun s () String)
(declare-fun i () Int)
(assert (< i (- 2)))
(assert (= s (str.from_int i)))
(assert (< 0 (str.len s)))
(check-sat)
