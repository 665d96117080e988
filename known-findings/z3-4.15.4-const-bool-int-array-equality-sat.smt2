; Z3 4.8.15.0 to 4.15.4.0 answer sat to the equality of (store (const 0) true 1) and
; (const 1) over (Array Bool Int), which differ at index false: unsat. From Z3Prover/z3#8065
; ("Incorrect array equivalence result", https://github.com/Z3Prover/z3/issues/8065,
; 2025-12), the thread's formula. z3 binaries: 4.8.5.0 to 4.8.8.0 sat (the older bug of
; z3-4.8.8-const-bool-array-store-equality-sat.smt2), 4.8.9.0 to 4.8.14.0 unsat, 4.8.15.0
; to 4.15.4.0 sat (every pinned release between), 4.15.8.0 to 5.4.1.0 unsat.
(set-info :status unsat)
(define-const a1 (Array Bool Int) (store ((as const (Array Bool Int)) 0) true 1))
(define-const a2 (Array Bool Int) ((as const (Array Bool Int)) 1))
(assert (= a1 a2))
(check-sat)
