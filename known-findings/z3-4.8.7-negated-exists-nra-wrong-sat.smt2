; z3 says sat but the formula is unsat: the first assertion alone is unsat (its negated exists requires
; (<= 0 ai) for every real ai), whatever the rest says; right answer unsat.
; From Z3Prover/z3#2783 (https://github.com/Z3Prover/z3/issues/2783), reported on master 2019-12 with a model that
; fails the formula (closed). cvc5 1.4.2 says unsat; every z3 release says unsat on the first assertion alone.
; z3 binaries (probe.sh): 4.8.5.0 timeout, 4.8.6.0 unsat, 4.8.7.0-4.13.0.0 sat, 4.13.1.0 on unsat.
(set-info :status unsat)
(declare-fun a () Real) (declare-fun b () Real) (declare-fun c () Real) (declare-fun aa () Real)
(declare-fun ab () Real) (declare-fun d () Real) (declare-fun e () Real) (declare-fun f () Real)
(declare-fun j () Real) (declare-fun g () Real) (declare-fun i () Real) (declare-fun h () Real)
(declare-fun k () Real) (declare-fun ad () Real) (declare-fun ag () Real)
(assert (not (exists ((ai Real)) (=> (>= 0 c) (=> (<= 0 e)
  (or (> 0 ai) (> 0 (+ (* (+ b g) ai) aa)) (> (+ ai aa) (- i d))))))))
(assert (not (exists ((aj Real)) (=
  (and (or (and (= (+ b e) (+ a f)) (<= f b)) (<= 0 ad)) (= (- d i) 2) (< (+ ab (/ 0 (/ 2 k))) 0 k e a))
  (or (< (/ 1 c) (* 2 (/ (- 1) k)))
      (< (/ (* (+ (* k (- f b)) ad) (+ (* (/ (- 1) k) (- b f)) ad)) (* 2 k)) 0))))))
(assert (= b (+ f h)))
(assert (= c (+ j ag) (+ g h)))
(check-sat)
