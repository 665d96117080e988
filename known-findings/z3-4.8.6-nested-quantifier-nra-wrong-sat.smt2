; z3 says sat but the formula is unsat: the exists-forall disjunct fails for g very negative ((> (+ (* -97 o) g) 0)),
; and the negated exists needs (<= d 12) and (> (+ (* -2 (- a e)) d) 12) where a-e = c >= 0; right answer unsat.
; From Z3Prover/z3#2573 (https://github.com/Z3Prover/z3/issues/2573), reported on master 2019-09 with a model that
; fails the formula (closed, labelled no-repro). cvc5 1.4.2 says unsat. z3 binaries (probe.sh): 4.8.5.0 timeout,
; 4.8.6.0 sat, 4.8.7.0 on unsat.
(set-info :status unsat)
(declare-fun a () Real) (declare-fun p () Real) (declare-fun b () Real) (declare-fun c () Real)
(declare-fun d () Real) (declare-fun k () Real) (declare-fun e () Real) (declare-fun q () Real)
(assert (or (not (exists ((f Real)) (=> (and (>= c 0) (> (/ b q) 2) (>= (/ p q) 1) (<= d 12) (>= (/ p q) (- (* 1 k))) (<= (/ p q) (+ 10 k)))
                (<= (+ (* (- 2) (- a e)) d) 12))))
            (exists ((o Real)) (forall ((g Real)) (exists ((h Real)) (and (or (>= g (* (- 3) h) 57) (and (> (* 79 o) 8 (+ g h) 0) (= h 0)) (< 0 (+ g h) 0))
                            (> (+ (* (- 97) o) g) 0)))))))
(assert (= a (+ c e) (* d q) (/ b q)))
(assert (= q (/ b k)))
(check-sat)
