; smtsmith finding: time-limit (Z3 5.4.1.0)
; Z3 does not stop at its time limit on one nonlinear integer disequality under int2bv when
; the assertion is in a pushed scope (the incremental solver): 5.1.0.0, 5.3.3.0 and 5.4.1.0
; are still running at 10 s with `-t:2000` or `(set-option :timeout 2000)`; without the
; `(push)` they answer unknown at 2.0 s. 5.0.0.0 answers sat in 0.07 s (i = 0 is a model);
; 4.8.17.0, 4.12.2.0 and 4.15.8.0 answer unknown at 2.0-2.1 s (measured 2026-11-28 with the
; wheels' binaries). Found by a 30-minute `differential` campaign on the pinned releases
; (the watchdog's time-limit finding: Z3_solver_check, not stopped by Z3_interrupt), cut by
; hand from that finding's formula.
;   timeout 60 z3 FILE.smt2      (5.4.1.0: still running after 10 s)
(set-option :timeout 2000)
(set-logic ALL)
(declare-fun i () Int)
(push 1)
(assert (distinct ((_ int2bv 3) (* i i i i i i)) ((_ int2bv 3) (* 3 i i i i i))))
(check-sat)
