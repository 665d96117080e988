; Z3 4.8.10.0 (z3-solver wheel), through the C API inside push/pop (smtsmith's default reuse
; mode): Z3_solver_check fails with "Sort mismatch at argument #1 for function (declare-fun >=
; (Int Int) Bool) supplied sort is String" on a single, well-sorted str.is_digit assertion.
; The release's binary turns the exception into `unknown` (then "model is not available");
; Z3 5.4.1.0 answers sat with s2 = "4"; cvc5 1.4.0 sat. Found by
; `scripts/z3-releases.sh -n 300 4.8.10.0` (class api-error, 6 of 300 cases).
;   z3 FILE.smt2            (4.8.10.0: unknown; 5.4.1.0: sat)
(set-option :produce-models true)
(set-logic QF_SLIA)
(set-info :status sat)
(declare-fun s2 () String)
(push 1)
(assert (str.is_digit s2))
(check-sat)
(get-value (s2))
