; From Z3Prover/z3#10621 ("[Refutational Soundness Bug] Incorrect UNSAT on sequence formula",
; https://github.com/Z3Prover/z3/issues/10621, 2026-08):
; z3 answers unsat, but x = true, y = [1, 0] is a model: the concatenation is [len y, 0, 1, 0]
; = [2, 0, 1, 0] and
; (seq.extract _ 2 2) = [1, 0] = y. Right answer: sat (cvc5 1.4.2: sat).
; Measured with the z3 binaries (2026-12-06): 4.9.0.0 .. 5.1.0.0 answer unsat; 4.8.5.0 ..
; 4.8.17.0 and 5.3.0.0 .. 5.4.1.0 answer sat.
(declare-const x Bool)
(declare-const y (Seq Int))
(assert (= y (seq.extract (seq.++ (seq.++ (seq.unit (seq.len y)) (seq.unit (ite x 0 1)))
                                          (seq.++ (seq.unit 1) (seq.unit 0))) 2 2)))
(set-info :status sat)
(check-sat)
