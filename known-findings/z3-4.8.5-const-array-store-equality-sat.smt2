; Z3 4.8.5.0 answers sat, although (store A0 2 3) and (store A1 2 3) differ at every index
; but 2 (A0 is constant 0, A1 constant 1): unsat. From Z3Prover/z3#2549 ("Incorrect answer
; for constant arrays", https://github.com/Z3Prover/z3/issues/2549, 2019-09); the thread's
; formula. z3 binaries: 4.8.5.0 sat; 4.8.6.0 to 5.4.1.0 unsat.
(set-info :status unsat)
(declare-const A0 (Array Int Int))
(declare-const A1 (Array Int Int))
(assert (= A0 ((as const (Array Int Int)) 0)))
(assert (= A1 ((as const (Array Int Int)) 1)))
(assert (= (store A0 2 3) (store A1 2 3)))
(check-sat)
