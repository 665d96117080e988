; cvc5 answers sat on an unsatisfiable quantified Boolean formula with a shadowed bound variable b; right answer unsat: for a = true the inner (forall b' (= c b')) can never hold, so the exists is false while the left side (=> false true) is true.
; From cvc5/cvc5#12252 (https://github.com/cvc5/cvc5/issues/12252, labelled safe-options by the maintainers; regression after cvc5 1.1.1). Cross-checked: z3 5.4.1 unsat, cvc5 1.1.1 (per thread) and 1.3.2+ unsat; argument above by hand. cvc5 wheels (probe.sh): 1.2.0 error "cannot process term ... with shadowed variables" (then sat); 1.2.1 to 1.3.1 sat; 1.3.2 on unsat.
(set-logic ALL)
(assert (forall ((a Bool) (b Bool))
  (= (=> false true)
     (exists ((c Bool))
       (and (=> a (or (and (= c b) (forall ((b Bool)) (and (= c (and a b))))))))))))
(set-info :status unsat)
(check-sat)
