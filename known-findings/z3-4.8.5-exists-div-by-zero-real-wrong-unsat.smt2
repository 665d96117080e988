; z3 says unsat but the formula is sat: a=0 b=0 c=1 d=1 e=0 j=0 with (/ 0 0) = 0 satisfies it (for every f,
; (=> (<= f 0) (<= 0 0)) holds, so the body of the negated exists is false), right answer sat.
; From Z3Prover/z3#2376 (https://github.com/Z3Prover/z3/issues/2376). CVC4 gave that model in the thread, the
; maintainer fixed it; cvc5 1.4.2 and z3 4.8.6.0 on say sat. z3 binaries (probe.sh): 4.8.5.0 unsat; 4.8.6.0 on sat.
(set-info :status sat)
(declare-fun a () Real)
(declare-fun b () Real)
(declare-fun c () Real)
(declare-fun d () Real)
(declare-fun j () Real)
(declare-fun e () Real)
(assert (not (exists ((f Real))
  (=> (and (< (/ 0 0) c) (< (/ 0 (* 2.0 b)) d))
      (= (= 0.0 a) (not (=> (<= f a) (<= e j))))))))
(check-sat)
