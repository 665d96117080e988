; source: https://github.com/Z3Prover/z3/issues/1658
; filed: 2018-05-29
; symptom: wrong-sat (reordering conjuncts gives unsat)
; theory: NRA (forall/exists)
(set-logic NRA)
(assert (forall ((x Real)) (exists ((y Real)) (and (<= 0.0 y) (<= y 1.0) (<= x (* y y))))))
(check-sat)
