; smtsmith finding: time-limit (Z3 5.4.1.0)
; Z3 does not stop at its time limit on this ground membership (a counted loop of a union
; over 400 characters): the z3 binary with -t:2000 answers unknown only after 9.2 s
; (5.4.1.0; 4.8.10.0: 7.3 s), and its rewriter spends about as long on the term alone
; (`(simplify …)`, Z3_simplify: 8.7 s). Through the C API, Z3_interrupt does not stop it
; either (it returns about 5 s after the interrupt): the rewriter's regex membership does not
; look at the limit. 4.8.17.0, 4.11.2.0, 4.12.2.0, 4.13.0.0: sat in under 1 s (measured
; 2026-11-27 with the wheels' binaries). Found while testing smtsmith's interrupt.
;   timeout 60 z3 -t:2000 FILE.smt2      (5.4.1.0: unknown after 9 s)
(set-logic QF_S)
(assert (str.in_re "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" ((_ re.loop 133 400) (re.union (str.to_re "a") (str.to_re "aa")))))
(check-sat)
