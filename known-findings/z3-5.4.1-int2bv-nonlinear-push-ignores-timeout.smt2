; smtsmith finding: time-limit (Z3 5.4.1.0)
; Z3 does not stop at its time limit on one nonlinear integer disequality under int2bv when
; the assertion is in a pushed scope (the incremental solver): 5.3.0.0, 5.3.1.0, 5.3.2.0,
; 5.3.3.0, 5.4.0.0 and 5.4.1.0 are still running at 10 s (`smtsmith bugs verify --only
; int2bv-nonlinear`); without the `(push 1)` they answer unknown at 2.0 s. 4.15.8.0, 5.0.0.0
; and 5.1.0.0 answer unknown at 2.0 s with or without it (measured 2026-11-28 with the
; wheels' binaries). Found by a 30-minute `differential` campaign on the pinned releases
; (the watchdog's time-limit finding: Z3_solver_check, not stopped by Z3_interrupt) and cut
; by hand from its formula; the campaign's own form, `(distinct ((_ int2bv 3) (* i i i i i
; i)) ((_ int2bv 3) (* 3 i i i i i)))`, runs on past the limit on 5.1.0.0 as well, where
; 5.0.0.0 answers sat in 0.07 s.
;   timeout 60 z3 FILE.smt2      (5.4.1.0: still running after 10 s)
(set-option :timeout 2000)
(declare-fun i () Int)
(push 1)
(assert (distinct ((_ int2bv 1) (* i i i i i i)) ((_ int2bv 1) (* i i i i i))))
(check-sat)
