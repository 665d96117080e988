; Z3 answers sat (model a=b=c="", d="B") but the formula is unsat: with a = b ++ c, (str.replace a b "") is c, so both sides reduce to (str.suffixof "B" d) and cannot differ.
; From Z3Prover/z3#2613 (https://github.com/Z3Prover/z3/issues/2613). The reporter notes z3 refutes its own model; cvc5 1.4.2 and every other pinned z3 answer unsat. z3 binaries (probe.sh): 4.8.5.0 unsat; 4.8.6.0 sat; 4.8.7.0 on unsat.
(set-logic QF_S)
(declare-fun a () String)
(declare-fun b () String)
(declare-fun c () String)
(declare-fun d () String)
(assert 
 (not (= 
  (str.suffixof (str.replace "B" (str.replace a b (str.at a (str.len a))) c) d) 
  (str.suffixof "B" (str.replace (str.replace a b (str.at a (str.len a))) (str.replace a b (str.at a (str.len a))) d)))))
(assert (= a (str.++ b c)))
(set-info :status unsat)
(check-sat)
