; After (check-sat-assuming (true)) answers sat, a (get-assertions) clears cvc5's solving state and the next (get-value (x)) returns x = 0, which violates the asserted (distinct x 0); any value except 0 is right (cvc5 1.4.x gives -1).
; From cvc5/cvc5#12386 (https://github.com/cvc5/cvc5/issues/12386, C++ API report, closed by the maintainers; NEWS of 1.3.3-prerelease: "Fixes a bug with get-assertions which cleared the previous solving state"). Cross-checked: the same file with plain (check-sat) gives x = -1 on every release; z3 5.4.1 and yices 2.6.5 answer sat. cvc5 wheels (probe.sh): 1.2.0 to 1.3.2 ((x 0)); 1.4.0 on ((x (- 1))).
(set-logic ALL)
(set-option :produce-models true)
(set-option :produce-assertions true)
(declare-const x Int)
(assert (distinct x 0))
(check-sat-assuming (true))
(get-assertions)
(get-value (x))
