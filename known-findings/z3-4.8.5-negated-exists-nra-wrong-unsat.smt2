; z3 says unsat but the formula is sat: a=1/12 b=0 c=0 d=-13/12 e=-1/12 f=0 g=7/6 h=0 i=0 j=-7/6 m=0 n=0
; aa=1/12 satisfies it (first exists: the left side is true, the right false for every k; second: the premise
; holds and aa*a*d+h = -13/1728 < 0 for every l); right answer sat.
; From Z3Prover/z3#2592 (https://github.com/Z3Prover/z3/issues/2592): CVC4 gave that model in the thread, which
; also names 4.8.6 (closed). cvc5 1.4.2 says sat. z3 binaries (probe.sh): 4.8.5.0-4.8.6.0 unsat, 4.8.7.0 on sat.
(set-info :status sat)
(declare-fun a () Real) (declare-fun b () Real) (declare-fun c () Real) (declare-fun d () Real)
(declare-fun e () Real) (declare-fun f () Real) (declare-fun g () Real) (declare-fun h () Real)
(declare-fun i () Real) (declare-fun j () Real) (declare-fun m () Real) (declare-fun n () Real)
(declare-fun aa () Real)
(assert (not (exists ((k Real)) (= (or (< j d) (< 0 (- aa))) (or (= (= 0 m) (and (<= k m) (< 0 b))))))))
(assert (not (exists ((l Real)) (=> (and (<= 0 (- a d)) (<= 0 h c f) (<= n c) (<= 0 aa)) (<= 0 (+ (* aa (* a d)) h))))))
(assert (= a (+ d g)))
(assert (= b (+ e aa) c (+ f i)))
(check-sat)
