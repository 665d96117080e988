; From Z3Prover/z3#2314 ("soundness bug with seq.nth",
; https://github.com/Z3Prover/z3/issues/2314, 2019-06):
; (seq.nth (seq.unit 1) 0) is 1 (index 0 is in bounds), so the disequality is false. Right
; answer: unsat (cvc5 1.4.2: unsat).
; z3 answers sat and its model fails model_validate.
; Measured with the z3 binaries (2026-12-06): 4.8.5.0 answers sat; 4.8.6.0 .. 5.4.1.0 answer
; unsat.
(assert (distinct (seq.nth (seq.unit 1) 0) 1))
(set-info :status unsat)
(check-sat)
