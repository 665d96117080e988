; With the z3str3 string solver Z3 answers sat (model i=0) but the formula is unsat: (int.to.str i) is "" for i < 0 and "0" for i = 0, never "00".
; From Z3Prover/z3#2736 (https://github.com/Z3Prover/z3/issues/2736), first case, needs the option smt.string_solver=z3str3 (set in the file); fixed by the z3str3 maintainer (PR #4101 "disallow leading zeroes"). Z3's default solver and cvc5 1.4.2 answer unsat. z3 binaries (probe.sh): 4.8.5.0 to 4.8.7.0 sat; 4.8.8.0 on unsat.
(set-option :smt.string_solver z3str3)
(set-logic QF_SLIA)
(declare-fun i () Int)
(assert (< i 1))
(assert (= (int.to.str i) "00"))
(set-info :status unsat)
(check-sat)
