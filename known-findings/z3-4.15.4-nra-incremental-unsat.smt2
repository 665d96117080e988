; Z3 answers the second check unsat only after a first check-sat (its incremental solver),
; but the formula is sat: b = -a^2/(1+a) with a^2 + b^2 = 1 has a root a in (0.9, 0.91)
; (Z3 5.4.1.0: sat sat; every release listed: sat without the first check). From Z3Prover/z3#7114 (https://github.com/Z3Prover/z3/issues/7114),
; the thread's formula. z3 binaries: sat unsat on 4.12.3.0, 4.13.0.0 and 4.15.0.0 to
; 4.15.4.0; sat sat on 4.8.5.0 to 4.12.2.0, 4.13.1.0 to 4.14.1.0 and 4.15.8.0 to 5.4.1.0.
(set-info :status sat)
(declare-fun a () Real)
(declare-fun b () Real)
(check-sat)
(assert (< 0 a))
(assert (= (- b) (* a (+ a b))))
(assert (= 1 (+ (* a a) (* b b))))
(check-sat)
