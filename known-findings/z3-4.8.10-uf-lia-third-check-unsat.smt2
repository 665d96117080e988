; Incremental only. From Z3Prover/z3#5388 ("Unsound results for multiple check-sat calls",
; https://github.com/Z3Prover/z3/issues/5388, 2021-07): the three checks' formulas are all
; satisfiable, and Z3 answers the last one unsat only after the checks before it. The
; thread's formula, as written there.
; Measured with the z3 binaries (2026-11-27): 4.8.10.0 sat sat unsat; 4.8.9.0 and 4.8.11.0
; sat sat sat; 4.8.10.0 on the same assertions with one check at the end: sat.
(set-info :status sat)
(declare-fun sP1 (Bool) Bool)
(declare-fun csK10 () Int)
(declare-fun csK5 () Int)
(declare-fun in_range (Int) Bool)
(declare-fun csK3 () Int)
(declare-fun lG7 (Int Int) Int)
(declare-fun csK4 () Int)
(declare-fun csK9 () Int)
(declare-fun dynamic_invariant (Int Bool Bool Bool Bool) Bool)
(assert (sP1 true))
(assert (not (in_range (+ csK10 csK5))))
(assert (in_range (lG7 csK3 csK5)))
(assert (= 0 (+ csK4 csK3)))
(assert (= 0 (+ (- 1) csK9)))
(assert (= 0 (+ (- 1) csK10)))
(assert (dynamic_invariant csK10 true false true true))
(assert (dynamic_invariant csK4 true false true true))
(check-sat)
(assert (dynamic_invariant csK5 true false true true))
(check-sat)
(assert (= 0 (+ csK5 (- csK4))))
(assert (or (in_range csK9) (not (dynamic_invariant csK9 true false true true)) (not (sP1 true))))
(check-sat)
