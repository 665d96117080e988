; Z3 4.8.13.0 and 4.8.14.0 answer the second check unsat; cvc5's model (x = (store (const 0)
; false 3), v = false, v6 = true) satisfies it: sat. Only after the first check-sat. From
; Z3Prover/z3#5861 ("Potential refutational soundness issue on integer formula",
; https://github.com/Z3Prover/z3/issues/5861, 2022-02), the thread's formula. z3 binaries:
; 4.8.5.0 to 4.8.12.0 sat sat; 4.8.13.0 and 4.8.14.0 sat unsat; 4.8.15.0 to 5.4.1.0 sat sat.
(set-info :status sat)
(declare-const x (Array Bool Int))
(declare-fun v () Bool)
(declare-fun v6 () Bool)
(check-sat)
(assert (= (store (store x false 0) v 3) (store (store x v6 1) true 0)))
(check-sat)
