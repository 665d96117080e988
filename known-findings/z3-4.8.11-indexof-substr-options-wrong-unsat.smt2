; With these three rewriter/arith options Z3 answers unsat but the formula is sat: e.g. a = "CECA" (then (str.at a 0) is "C", the divisor is 0 and (div 1 0) is an unconstrained value such as -1, which makes the substring "" so it does not contain "B").
; From Z3Prover/z3#5467 (https://github.com/Z3Prover/z3/issues/5467), first case, options as in the thread (passed here as set-option). cvc5 1.4.2 and z3 4.8.8-4.8.10 and 4.8.13 on answer sat; z3 5.4.1 gives the model above. z3 binaries (probe.sh): 4.8.5.0-4.8.7.0 reject the option; 4.8.8.0 to 4.8.10.0 sat; 4.8.11.0 to 4.8.12.0 unsat; 4.8.13.0 on sat.
(set-logic ALL)
(set-option :rewriter.pull_cheap_ite true)
(set-option :smt.arith.bprop_on_pivoted_rows false)
(set-option :rewriter.flat false)
(declare-fun a () String)
(assert (str.contains (str.substr a (+ (str.indexof a "C" 0) 1) (- (str.len a) (+ (str.indexof a "C" 0) 1))) "C"))
(assert (= (ite (= (str.at a (- (str.len a) 1)) "A") 1 0) (+ (str.indexof a "C" 0) 1)))
(assert (not (str.contains (str.substr a (div 1 (ite (= (str.at a 0) "A") 1 0)) (- (+ (str.indexof a "C" 0) 1) (- (str.len a) 1 (ite (= (str.at a 0) "AA") 1 0) (ite (= (str.at a 0) "A") 1 0)))) "B")))
(assert (>= (str.indexof a "C" 0) (ite (= (str.at a 0) "B") 1 0)))
(set-info :status sat)
(check-sat)
