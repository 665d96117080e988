; Z3 4.8.5.0 to 4.8.8.0 answer sat to an equality of two Bool-indexed arrays that differ at
; index true (the stored array maps true to true, the constant array to false): unsat.
; From Z3Prover/z3#4515 ("Bug in Array equality", https://github.com/Z3Prover/z3/issues/4515,
; 2020-06), the thread's Python formula written in SMT-LIB. z3 binaries: 4.8.5.0 to 4.8.8.0
; sat; 4.8.9.0 to 4.8.14.0 unsat; sat again from 4.8.15.0 (a regression, see
; z3-4.15.4-const-bool-int-array-equality-sat.smt2); 4.15.8.0 to 5.4.1.0 unsat.
(set-info :status unsat)
(assert (= (store ((as const (Array Bool Bool)) true) false false) ((as const (Array Bool Bool)) false)))
(check-sat)
