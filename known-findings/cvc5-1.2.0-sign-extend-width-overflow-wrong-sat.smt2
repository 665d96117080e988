; cvc5 answers sat although sign_extend is injective and a != b: the index 4294967295 overflows cvc5's 32-bit width arithmetic when parsed, so both sides collapse to the same short vector; right answer unsat (((_ sign_extend k) a) = ((_ sign_extend k) b) implies a = b for every k).
; From cvc5/cvc5#12514 (https://github.com/cvc5/cvc5/issues/12514, example 1, closed by the maintainers, labelled safe-options; cvc5 1.4.x now rejects the width). Cross-checked: by hand (the low 4 bits of both sides are a and b); the same file with sign_extend 1 is unsat on every cvc5 wheel and z3; z3 5.4.1 and yices 2.6.5 reject the width instead of answering. cvc5 wheels (probe.sh): 1.2.0 to 1.3.2 sat; 1.4.0 on error "resulting bit-vector size is too large".
(set-logic QF_BV)
(declare-const a (_ BitVec 4))
(declare-const b (_ BitVec 4))
(assert (= a #b0101))
(assert (= b #b1101))
(assert (distinct a b))
(assert (= ((_ sign_extend 4294967295) a) ((_ sign_extend 4294967295) b)))
(set-info :status unsat)
(check-sat)
