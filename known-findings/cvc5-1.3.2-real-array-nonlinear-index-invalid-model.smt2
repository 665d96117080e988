; cvc5 1.3.2 returns an invalid model: b = -1 and r = (const 0.0), so (select r 1.0) = 0.0 and the second assertion (= 1.0 (select r 1.0)) is false; the problem is sat (b = 0, r = (store (const 0.0) 1.0 1.0), as the other releases answer).
; From cvc5/cvc5#12607 (https://github.com/cvc5/cvc5/issues/12607, open, labelled safe-options by the maintainers; found with --check-models on a 1.3.4-dev build). Cross-checked: the model above evaluated by hand (b*b = 1 = the index 1.0, so r must map 1.0 to both 0.0 and 1.0); cvc5 1.2.0-1.3.1 and 1.4.x give the valid model b = 0; z3 5.4.1 sat. cvc5 wheels (probe.sh): 1.2.0 to 1.3.1 valid; 1.3.2 invalid; 1.4.0 on valid.
(set-logic ALL)
(set-option :produce-models true)
(declare-fun b () Real)
(declare-fun r () (Array Real Real))
(assert (= 0.0 (select r (* b b))))
(assert (= 1.0 (select r 1.0)))
(check-sat)
(get-model)
