; Front end only. From Z3Prover/z3#5029 ("(unicode) Solution unsoundness",
; https://github.com/Z3Prover/z3/issues/5029, 2021-02): "\u{}" is no escape sequence in
; SMT-LIB 2.6, so the literal is the four characters \ u { }, its first character a backslash,
; and the formula is unsat (cvc5 1.4.0: unsat). Z3 4.8.10.0's SMT-LIB front end reads the
; literal otherwise and answers sat; the same formula built through its C API, the literal's
; four characters given as bytes (Z3_mk_lstring), answers unsat.
; The thread's formula, as written there.
; Measured with the z3 binaries (2026-11-27): 4.8.9.0 and 4.8.10.0 sat; 4.8.5.0 to 4.8.8.0 and 4.8.11.0 to
; 5.4.1.0 unsat.
(set-info :status unsat)
(assert (= (str.at "\u{}" 0) "\u{}"))
(check-sat)
