; Z3 4.8.6.0 to 4.8.10.0 fail the assertion `(= (str.from_int a) "/")` with the error
; "division by zero" (the binary: error, then unknown; the C API: Z3_solver_assert fails),
; and `(= (str.from_int a) "e/")` with "mixing rational/scientific notation": the string
; constant is read as a number.
; No integer prints as "/": unsat (cvc5 1.4.0; Z3 4.8.12.0 to 5.4.1.0).
; 4.8.6.0 to 4.8.8.0 read only the SMT-LIB 2.5 name `int.to.str` (same error with it);
; 4.8.5.0 answers unknown to the 2.5 form.
; Found by three of four 20-minute `seed_mutation` runs against SMTSMITH_Z3_VERSION=4.8.7.0
; (up to 18 times in a run), on mutants of QF_SLIA seeds; reduced by smtsmith (2026-11-27).
; Releases checked with each one's `z3` binary.
; run: z3 FILE.smt2
(set-option :produce-models true)
(set-logic QF_SLIA)
(declare-fun a () Int)
(assert (= (str.from_int a) "/"))
(check-sat)
(get-value (a))
