; smtsmith finding: construction / wrong-unsat (Z3 4.8.7.0)
; Z3 4.8.7.0 answers unsat: "a" is a proper prefix of "ab", so it is lexicographically smaller
; (SMT-LIB str.<= / str.<), and the formula is true. Same with (str.< "a" "ab"); (str.< "a" "b") is sat.
; Z3 5.4.1.0 and cvc5 1.4.0: sat. Found by the strings_sat target (sat by construction) with
; SMTSMITH_Z3_VERSION=4.8.7.0: its 10-minute run gave 9 construction and 9 wrong-unsat findings, all
; with str.< or str.<=; the 12 read by hand compare a string with a proper extension of it.
; reproduce: z3 FILE.smt2   (z3 4.8.7.0 prints unsat)
; 4.8.6.0: unsat too; 4.8.8.0, 4.8.9.0, 4.8.10.0: sat; 4.8.5.0 has no str.<= (2026-11-27).
(set-logic QF_S)
(set-info :status sat)
(assert (str.<= "a" "ab"))
(check-sat)
