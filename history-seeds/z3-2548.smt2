; source: https://github.com/Z3Prover/z3/issues/2548
; filed: 2019-09-10
; symptom: wrong-sat (regression; z3-4.8.5 gives unsat)
; theory: NRA (forall/exists, linear body)
(set-logic LRA)
(assert (forall ((b Real)) (exists ((c Real)) (and (< c 4.0) (not (= c (- 2.0))) (not (= c 0.0)) (or (and (not (= (+ (* 8.0 b) (* 5.0 c)) 8.0)) (< (+ (* (- 80.0) b) (* (- 6.0) c)) 5.0)) (and (< (* (- 3.0) b) 1.0) (>= b 8.0)))))))
(check-sat)
