; From cvc5/cvc5#12342 ("[Solution Soundness Bug] Incorrect SAT with `--mbqi` and
; `--solve-bv-as-int` on quantified BitVectors", https://github.com/cvc5/cvc5/issues/12342,
; 2026-01):
; with --solve-bv-as-int=iand --mbqi cvc5 answers sat; right answer unsat: instances A = 0 and
; A = 1 with the same V force (f V) = 0 and (f V) = 1 (Z3 4.16.0 also answers unsat).
; Measured with the wheels' Python modules (cvc5's own parser, 2026-12-06): 1.2.0 1.2.1 1.3.0
; 1.3.1 1.3.2 sat; 1.4.0 1.4.1 1.4.2 unsat.
(set-option :solve-bv-as-int iand)
(set-option :mbqi true)
(set-logic ALL)
(declare-fun f ((_ BitVec 128)) (_ BitVec 128))
(assert (forall ((A (_ BitVec 128))) (forall ((V (_ BitVec 128))) (= A (f V)))))
(set-info :status unsat)
(check-sat)
