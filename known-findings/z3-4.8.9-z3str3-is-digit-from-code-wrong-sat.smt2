; With the z3str3 string solver Z3 answers sat (model x=12) but the formula is unsat: str.is_digit holds only for code points 48-57 ("0"-"9"), and x is at most 45.
; From Z3Prover/z3#6134 (https://github.com/Z3Prover/z3/issues/6134), needs the option smt.string_solver=z3str3 (set in the file); the maintainer notes is_digit/from_code are newer than z3str3. Z3's default solver and cvc5 1.4.2 answer unsat. z3 binaries (probe.sh): 4.8.5.0-4.8.8.0 do not know str.from_code; 4.8.9.0 sat; 4.8.10.0 unknown; 4.8.11.0 to 4.15.1.0 sat; 4.15.3.0 on unknown.
(set-option :smt.string_solver z3str3)
(set-logic QF_SLIA)
(declare-fun x () Int)
(assert (and (<= x 45) (<= 12 x)))
(assert (str.is_digit (str.from_code x)))
(set-info :status unsat)
(check-sat)
