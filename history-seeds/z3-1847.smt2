; source: https://github.com/Z3Prover/z3/issues/1847
; filed: 2018-09-26
; symptom: wrong-sat (const arrays over an uninterpreted sort)
; theory: arrays + UF sort (logic ALL)
(set-logic ALL)
(declare-sort U0 0)
(declare-fun i () U0)
(declare-fun v1 () U0)
(declare-fun v2 () U0)
(assert (= (store ((as const (Array U0 U0)) v1) i v2) ((as const (Array U0 U0)) v2)))
(assert (not (= v1 v2)))
(check-sat)
