; From cvc5/cvc5#12319 ("Potential solution soundness issue on bit-vectors",
; https://github.com/cvc5/cvc5/issues/12319, 2025-12):
; with --solve-int-as-bv=1 cvc5 answers sat on a bit-vector input the pass cannot translate;
; right answer unsat: the quantifier is vacuous and no t (256 values) and y (16 values)
; satisfy (bvor t 3) = t*157*y*y mod 256 (exhaustive check; Z3 4.16.0 also answers unsat).
; cvc5 1.4.x rejects the input ("Cannot translate to BV").
; Measured with the wheels' Python modules (cvc5's own parser, 2026-12-06): 1.2.0 1.2.1 1.3.0
; 1.3.1 1.3.2 sat; 1.4.0 1.4.1 1.4.2 error "Cannot translate to BV: t". (incremental is
; switched off because the API, unlike the binary, defaults to it and solve-int-as-bv refuses
; it.)
(set-option :incremental false)
(set-option :solve-int-as-bv 1)
(set-logic ALL)
(declare-const y (_ BitVec 4))
(declare-const t (_ BitVec 8))
(assert (forall ((d Real)) (= (bvor t (_ bv3 8)) (bvmul t (_ bv157 8) ((_ zero_extend 4) y) ((_ zero_extend 4) y)))))
(set-info :status unsat)
(check-sat)
