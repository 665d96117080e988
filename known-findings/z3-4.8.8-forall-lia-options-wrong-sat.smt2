; With the three rewriter/model options below z3 says sat, but the formula is unsat: a=0 b=1 c=-1 falsifies
; the body ((- a) = 0 /= 1 and (- a c) = 1 = b), so the forall is false; right answer unsat.
; From Z3Prover/z3#5002 (https://github.com/Z3Prover/z3/issues/5002), reported as a regression from 4.8.7
; (closed); needs all three options (set here with set-option; without any one, every release says unsat).
; cvc5 1.4.2 says unsat. z3 binaries (probe.sh): 4.8.5.0-4.8.7.0 unsat, 4.8.8.0-4.8.10.0 sat, 4.8.11.0 on unsat.
(set-option :model_evaluator.array_equalities false)
(set-option :rewriter.arith_ineq_lhs true)
(set-option :rewriter.flat false)
(set-info :status unsat)
(assert (forall ((a Int) (b Int) (c Int)) (or (= (- a) b) (distinct (- a c) b))))
(check-sat)
