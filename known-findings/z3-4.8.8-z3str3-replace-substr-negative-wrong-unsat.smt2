; With the z3str3 string solver Z3 answers unsat but the formula is sat: g < -1 makes (str.substr v g 1) = "", so the replace leaves v unchanged and the assertion only needs v /= "" (e.g. v="a", g=-2).
; From Z3Prover/z3#6144 (https://github.com/Z3Prover/z3/issues/6144), second case, needs the option smt.string_solver=z3str3 (set in the file). Z3's default solver and cvc5 1.4.2 answer sat. z3 binaries (probe.sh): 4.8.5.0-4.8.7.0 time out; 4.8.8.0 unsat; 4.8.9.0-4.8.10.0 time out; 4.8.11.0 to 4.15.1.0 unsat; 4.15.3.0 on unknown.
(set-option :smt.string_solver z3str3)
(set-logic QF_SLIA)
(declare-fun v () String)
(declare-fun g () Int)
(assert (< g (- 1)))
(assert (not (str.prefixof (str.replace v (str.substr v g 1) "") "")))
(set-info :status sat)
(check-sat)
