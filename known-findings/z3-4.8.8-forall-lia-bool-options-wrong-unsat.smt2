; With the two options below z3 says unsat, but the formula is sat: with a=true the premise of the body reduces to
; (= d f) and (= d e) and (not c), under which (= f (ite c 1 e)) = (= f e) holds, so the forall is true; right
; answer sat.
; From Z3Prover/z3#5002 (https://github.com/Z3Prover/z3/issues/5002), second case of the thread (CVC4 sat there;
; closed); needs both options, set here with set-option (without either, every release says sat). cvc5 1.4.2
; says sat. z3 binaries (probe.sh): 4.8.5.0-4.8.7.0 sat, 4.8.8.0-4.8.10.0 unsat, 4.8.11.0 on sat.
(set-option :model_evaluator.array_equalities false)
(set-option :rewriter.flat false)
(set-info :status sat)
(declare-fun a () Bool)
(assert (forall ((b Int) (c Bool) (d Int) (f Int) (e Int))
 (or (not (and (or (not (or a (= b 0))) (= d f)) (= d e) (not c))) (= f (ite c 1 e)))))
(check-sat)
