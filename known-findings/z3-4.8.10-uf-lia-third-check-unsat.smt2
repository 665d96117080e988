; Incremental only. From Z3Prover/z3#5388 ("Unsound results for multiple check-sat calls",
; https://github.com/Z3Prover/z3/issues/5388, 2021-07): the three checks' formulas are all
; satisfiable, and Z3 answers the last one unsat only after the checks before it. The
; thread's formula, as written there.
; Measured with the z3 binaries (2026-11-27): 4.8.10.0 sat sat unsat; 4.8.9.0 and 4.8.11.0
; sat sat sat; 4.8.10.0 on the same assertions with one check at the end: sat.
; Reduced by smtsmith (`smtsmith check` on the thread's formula with a Z3 4.8.10.0 build,
; 2026-11-28): the third check alone still answers unsat after the two before it.
(set-option :produce-models true)
(set-logic QF_UFLIA)
(set-info :status sat)
(declare-fun csK5 () Int)
(declare-fun in_range (Int) Bool)
(declare-fun csK3 () Int)
(declare-fun csK4 () Int)
(declare-fun dynamic_invariant (Int Bool Bool Bool Bool) Bool)
(assert (not (in_range (+ 1 csK5))))
(assert (in_range csK3))
(assert (= 0 (+ csK4 csK3)))
(assert (dynamic_invariant 1 true false true true))
(assert (dynamic_invariant csK4 true false true true))
(check-sat)
(assert true)
(check-sat)
(assert (= 0 (+ csK5 csK4)))
(assert (in_range 1))
(check-sat)
