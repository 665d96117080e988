; With the z3str3 string solver Z3 answers sat (model x="B", y="A") but the formula is unsat: str.< is a strict total order on strings, so for x /= y one of (str.< x y), (str.< y x) holds.
; From Z3Prover/z3#7754 (https://github.com/Z3Prover/z3/issues/7754), needs the option smt.string_solver=z3str3 (set in the file). The maintainer notes z3str3 does not interpret str.< (also #7601); the default z3 solver answers unsat (checked on 4.8.6, 4.12.2, 5.4.1); cvc5 1.4.2 answers unknown (smtsmith check). z3 binaries (probe.sh): 4.8.5.0 does not know str.<; 4.8.6.0 to 4.15.1.0 sat; 4.15.3.0 on unknown.
(set-option :smt.string_solver z3str3)
(set-logic QF_SLIA)
(declare-const x String)
(declare-const y String)
(assert (not (str.< x y)))
(assert (not (= y x)))
(assert (not (str.< y x)))
(set-info :status unsat)
(check-sat)
