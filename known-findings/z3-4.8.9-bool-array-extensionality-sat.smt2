; Z3 4.8.9.0 answers sat: a maps false to 1, so (store a true 1) maps both Bool indices to 1
; and equals the constant array 1, which the last assertion denies: unsat. From
; Z3Prover/z3#5365 ("Array extensionality not always taken into account",
; https://github.com/Z3Prover/z3/issues/5365, 2021-06), the thread's formula without its
; commented line. z3 binaries: 4.8.5.0 to 4.8.8.0 unsat; 4.8.9.0 sat; 4.8.10.0 to 5.4.1.0
; unsat.
(set-info :status unsat)
(declare-const a (Array Bool Int))
(define-const b (Array Bool Int) ((as const (Array Bool Int)) 1))
(assert (= (select a false) 1))
(assert (distinct (store a true 1) b))
(check-sat)
