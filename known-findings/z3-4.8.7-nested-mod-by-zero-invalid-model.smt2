; Z3 4.8.7.0 and 4.8.5.0 answer sat with a model that makes this assertion false: nested
; `mod` by zero (SMT-LIB leaves `(mod x 0)` unspecified, a function of x that one model
; fixes). Z3's own `model_validate=true` says "an invalid model was generated"; 4.8.10.0,
; 4.8.17.0 and 5.4.1.0: sat with valid models; cvc5 1.4.0: sat. The same with and without
; `(push 1)`.
; Found by the `differential` target against SMTSMITH_Z3_VERSION=4.8.7.0 with the fixed setup
; (scope, Z3's solver for the logic, API path): 8 invalid-model findings in 10 minutes, one
; of them reduced by hand to this assertion (2026-11-27).
;   z3 model_validate=true FILE.smt2   (4.8.7.0: sat, then the error)
(set-logic QF_NIA)
(declare-fun i0 () Int)
(assert (distinct (mod (mod (mod i0 i0) (mod i0 i0)) (mod (mod i0 i0) (mod i0 i0))) (mod (mod (mod i0 i0) (mod i0 i0)) (mod (+ i0 i0) i0))))
(check-sat)
(get-value (i0 (mod i0 i0)))
