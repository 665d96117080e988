; Z3 answers sat with an invalid model: for v = "" (seq.last_indexof "JH" v) is 2 in Z3's own evaluator (the empty pattern is found at the end), so the assertion needs m < -2, but the model gives m = -1 (4.8.5-4.8.7), 0 (4.8.8-4.8.9) or -2 (4.12.0-4.12.1); z3 model_validate=true flags each as "an invalid model was generated".
; From Z3Prover/z3#6563 (https://github.com/Z3Prover/z3/issues/6563); the maintainer moved it into the consolidated sequence-bug issue #6346. Other releases give valid models (4.8.10-4.11.2 v="!0!", m=0; 4.12.2 on v="", m=-3). z3 binaries (probe.sh, model_validate=true): 4.8.5.0 to 4.8.9.0 invalid; 4.8.10.0 to 4.11.2.0 valid; 4.12.0.0 to 4.12.1.0 invalid; 4.12.2.0 on valid.
(set-logic QF_SLIA)
(declare-fun v () String)
(declare-fun m () Int)
(assert (< 0 (- (- (seq.last_indexof "JH" v)) m)))
(check-sat)
(get-model)
