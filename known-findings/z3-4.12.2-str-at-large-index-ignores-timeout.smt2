; Z3 4.12.2.0 (z3-solver wheel) does not stop on this formula: with `-t:2000` it was still
; running after 15 s at 1.9 GB (through the C API inside push/pop: 7 minutes and 9.3 GB
; before we killed it; stack: smt::theory_seq::propagate -> seq::axioms::at_axiom, creating
; terms). Z3 5.4.1.0: sat in 0.29 s; cvc5 1.4.0: sat. Found by
; `scripts/z3-releases.sh -n 300 4.12.2.0` (seed 209, reduced by hand from a `let` whose value
; is (bv2nat #b1111111111111111) = 65535).
;   timeout 15 z3 -t:2000 FILE.smt2      (4.12.2.0: no answer; 5.4.1.0: sat)
(set-option :produce-models true)
(set-logic QF_SLIA)
(declare-fun i3 () Int)
(declare-fun s0 () String)
(assert (str.suffixof (str.at (str.++ (str.from_code i3) (str.from_code i3)) 65535) s0))
(check-sat)
