; Z3 answers sat (model a=b=c="") but the formula is unsat: a = b ++ c makes (str.replace a b "") equal to c, and c in ("aa"|"")* is never a numeral, so (str.to.int c) is -1, never 0.
; From Z3Prover/z3#2618 (https://github.com/Z3Prover/z3/issues/2618). The reporter shows z3 4.8.5/4.8.6 and master giving sat with a model z3 itself then refutes; cvc5 1.4.2 and z3 4.8.7 on answer unsat (smtsmith check). z3 binaries (probe.sh): 4.8.5.0 to 4.8.6.0 sat; 4.8.7.0 on unsat.
(set-logic QF_SLIA)
(declare-fun a () String)
(declare-fun b () String)
(declare-fun c () String)
(assert (str.in.re c (re.* (re.union (str.to.re "aa") (str.to.re "")))))
(assert (= 0 (str.to.int (str.replace a b (str.at a (str.len a))))))
(assert (= a (str.++ b c)))
(set-info :status unsat)
(check-sat)
