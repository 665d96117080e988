; Z3 answers sat but the formula is unsat: for b > 0, (int.to.str b) is the canonical decimal numeral of b, which never starts with "0".
; From Z3Prover/z3#2721 (https://github.com/Z3Prover/z3/issues/2721). Later z3 releases stop answering sat (they time out); cvc5 1.4.2 answers unsat (smtsmith check). z3 binaries (probe.sh): 4.8.5.0 to 4.8.6.0 sat; 4.8.7.0 on timeout (10 s).
(set-logic QF_SLIA)
(declare-fun a () String)
(declare-fun b () Int)
(assert (> b 0))
(assert (= (int.to.str b) (str.++ "0" a)))
(set-info :status unsat)
(check-sat)
