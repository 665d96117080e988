; source: https://github.com/Z3Prover/z3/issues/1086
; filed: 2017-06-19
; symptom: wrong-unsat (Z3 4.5.0 / nightly 4.5.1; 4.4.1 gives sat)
; theory: LIA (nested forall/exists)
(set-logic LIA)
(assert (forall ((b Int)) (forall ((n Int)) (forall ((s Int)) (=> (and (= (* 3 b) s) (< 0 n)) (exists ((bb Int)) (and (= (* 3 bb) s) (< 0 n))))))))
(check-sat)
