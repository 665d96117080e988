; From Z3Prover/z3#10511 ("[Solution Soundness Bug] Incorrect SAT with `check-sat-assuming`
; across multiple regex operators", https://github.com/Z3Prover/z3/issues/10511, 2026-08):
; Under the assumption (str.len o) = 0 both str.substr terms are the same string s, and s is
; always in (re.+ (str.to_re s)),
; so the negated membership is false. Right answer: unsat (cvc5 1.4.2: unsat). z3 5.0.0
; answers sat and its model fails model_validate.
; Measured with the z3 binaries (2026-12-06): 5.0.0.0 answers sat; 4.8.9.0 .. 4.8.12.0 and
; 5.1.0.0 .. 5.4.1.0 unsat; 4.8.13.0 .. 4.16.0.0 unknown; 4.8.5.0 .. 4.8.8.0 reject str.to_re
; (4.8.6.0 .. 4.8.8.0 then print sat for the assertion-free problem, which does not count).
(declare-fun y () String)
(declare-fun o () String)
(assert
  (not
    (str.in_re
      (str.substr y 0 1)
      (re.+ (str.to_re (str.substr y (str.len o) 1))))))
(set-info :status unsat)
(check-sat-assuming ((= (str.len o) 0)))
