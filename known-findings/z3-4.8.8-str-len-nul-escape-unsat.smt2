; Z3 4.8.5.0 to 4.8.8.0 answer unsat: "\u{0000}" is one character (NUL), so its length is 1:
; sat. From Z3Prover/z3#5030 (https://github.com/Z3Prover/z3/issues/5030), the thread's first
; query. z3 binaries: 4.8.5.0 to 4.8.8.0 unsat; 4.8.9.0 to 5.4.1.0 sat.
(set-info :status sat)
(assert (= (str.len "\u{0000}") 1))
(check-sat)
