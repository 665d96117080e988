; Z3 4.8.5.0 to 4.8.7.0 answer the second check, with the tactic (then qe2 qflra), sat: b
; holds for every array, so (not (b d)) is unsat, as the first check says. Only that tactic.
; From Z3Prover/z3#4102 ("Longstanding soundness bug in Array logic, qflra tactic",
; https://github.com/Z3Prover/z3/issues/4102, 2020-04), the thread's formula. z3 binaries:
; 4.8.5.0 to 4.8.7.0 unsat sat; 4.8.8.0 to 5.4.1.0 unsat unknown.
(set-info :status unsat)
(declare-fun b ((Array Int (Array Int Int))) Bool)
(declare-fun d () (Array Int (Array Int Int)))
(assert (forall ((a (Array Int (Array Int Int)))) (b a)))
(assert (not (b d)))
(check-sat)
(check-sat-using (then qe2 qflra))
