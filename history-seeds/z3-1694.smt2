; source: https://github.com/Z3Prover/z3/issues/1694
; filed: 2018-06-20
; symptom: wrong-sat (with :produce-proofs true it says unsat)
; theory: NRA (forall/exists)
(set-logic NRA)
(assert (forall ((x Real)) (=> (< x 1.0) (exists ((y Real)) (and (>= y 0.0) (<= y (/ 1.0 10.0)) (<= x (* y y)))))))
(check-sat)
