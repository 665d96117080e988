; cvc5 returns an invalid model for a satisfiable QF_ALIA-style problem with Real-indexed arrays: it sets p = true and a2 = (store (const 0) 1.0 (- 1)) with a0 = (const 0), so (= a2 (store a0 1.0 (- 2))) is false and the first assertion (xor p (not ...)) evaluates to false; sat is right (e.g. p = true, a2 = (store a0 1.0 (- 2)), as cvc5 1.4.x answers).
; From cvc5/cvc5#12805 (https://github.com/cvc5/cvc5/issues/12805, closed by the maintainers, labelled safe-options; found with --check-models on default options). Cross-checked: the model above evaluated by hand; cvc5 1.4.x gives a valid model; z3 5.4.1 sat. cvc5 wheels (probe.sh): 1.2.0 to 1.3.2 model with a2 = (store (const 0) 1.0 (- 1)); 1.4.0 on a2 = (store (const 0) 1.0 (- 2)).
(set-logic ALL)
(set-option :produce-models true)
(declare-const p Bool)
(declare-const i1 Int)
(declare-const a0 (Array Real Int))
(declare-const a2 (Array Real Int))
(assert (xor p (not (= a2 (store a0 1.0 (- 2))))))
(assert (= (select a0 2.0) (select a0 (to_real i1))))
(check-sat)
(get-model)
