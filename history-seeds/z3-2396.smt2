; source: https://github.com/Z3Prover/z3/issues/2396
; filed: 2019-07-11
; symptom: crash (segmentation fault; expected unsat, 4.8.5 answers unsat)
; theory: NRA (nested forall/exists, division a/a)
(set-logic ALL)
(declare-fun a () Real)
(assert (forall ((e Real)) (exists ((f Real)) (forall ((c Real)) (or (exists ((h Real)) (forall ((i Real)) (= (+ h i) (/ a a)))) (< c (+ e f)))))))
(assert (< (to_real 0) (/ a a)))
(check-sat)
