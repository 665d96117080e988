; source: https://github.com/Z3Prover/z3/issues/1798
; filed: 2018-08-11
; symptom: wrong-sat (existential version sat, quantifier-free version unsat)
; theory: NIA (exists, mod)
(set-logic NIA)
(assert (exists ((x Int)) (and (not (= (ite (= x 0) 0 (mod 0 x)) 0)) (= x 1))))
(check-sat)
