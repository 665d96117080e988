; From Z3Prover/z3#2733 ("Z3 incorrect answer on Int and Real formula",
; https://github.com/Z3Prover/z3/issues/2733, 2019-11):
; (div x 0) is an unspecified but total function f(x). With a = f(0): assertion 1 says a =
; f(a), so f(f(a)) = f(a) = a,
; contradicting assertion 2 (a /= f(f(a))). Right answer: unsat (cvc5 1.4.2, logic ALL:
; unsat). z3 answers sat and its model fails model_validate.
; The thread's logic was QF_LIA, which admits no `div` (cvc5 refuses the file so): QF_NIA
; here; the z3 binaries answer alike with QF_NIA, ALL or no logic.
; Measured with the z3 binaries (2026-12-06): 4.8.6.0 .. 4.8.7.0 answer sat; 4.8.5.0 and
; 4.8.8.0 .. 5.4.1.0 answer unsat.
(set-logic QF_NIA)
(assert (= (div 0 0) (div (div 0 0) 0)))
(assert (not (= (div 0 0) (div (div (div 0 0) 0) 0))))
(set-info :status unsat)
(check-sat)
