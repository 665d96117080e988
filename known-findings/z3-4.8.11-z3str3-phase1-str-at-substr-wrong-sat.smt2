; With the z3str3 string solver and phase_selection 1 Z3 answers sat (model a="cab") but the formula is unsat: with t = (str.substr a 1 (len a - 1)) the first assertion says t[0] = "a" (the at-0 of a prefix of t), while the third says t[0] /= "a"; in the model t = "ab", so the third assertion is false.
; From Z3Prover/z3#4417 (https://github.com/Z3Prover/z3/issues/4417), needs the options smt.string_solver=z3str3 and smt.phase_selection=1 (set in the file); the maintainer confirmed "still unsound". Z3's default solver and cvc5 1.4.2 answer unsat. z3 binaries (probe.sh): 4.8.5.0 to 4.8.8.0 unsat; 4.8.9.0-4.8.10.0 time out; 4.8.11.0 to 4.15.1.0 sat; 4.15.3.0 on unknown.
(set-option :smt.string_solver z3str3)
(set-option :smt.phase_selection 1)
(set-logic QF_SLIA)
(declare-fun a () String)
(assert (= (str.at (str.substr (str.substr a 1 (- (str.len a) 1)) 0 (- (str.len (str.substr a 1 (- (str.len a) 1))) 1)) 0) "a"))
(assert (= (str.at (str.substr a 1 (- (str.len a) 1)) (- (str.len (str.substr a 1 (- (str.len a) 1))) 1)) "b"))
(assert (not (= (str.at (str.substr a 1 (- (str.len a) 1)) 0) "a")))
(assert (= (str.at a 0) "c"))
(set-info :status unsat)
(check-sat)
