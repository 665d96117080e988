; cvc5 1.4.0 with --check-models: check-sat fails with "Cannot check model since model is not
; available", the same "sat, then no model" as cvc5-1.4.0-no-model-after-sat-UF-arrays.smt2
; (listed under its `also` in index.json), seen through cvc5's own model check. Reduced by
; smtsmith from the script target's self-check finding that tests/it/scripts.rs
; (self_check_fires_on_a_real_cvc5_bug) makes on cvc5 1.4.0 (2026-11-27).
; run: cvc5 --incremental FILE.smt2
(set-option :global-declarations true)
(set-option :produce-models true)
(set-option :check-models true)
(set-option :arrays-exp true)
(set-logic ALL)
(declare-fun f0 ((Array (_ BitVec 5) (Array Bool (_ BitVec 5))) (Array (_ BitVec 5) (_ BitVec 5))) Bool)
(declare-fun a1_2 () (Array (_ BitVec 5) (Array Bool (_ BitVec 5))))
(declare-fun a2_1 () (Array Bool (_ BitVec 5)))
(assert (f0 (store a1_2 #b00000 a2_1) ((as const (Array (_ BitVec 5) (_ BitVec 5))) #b00000)))
(assert (f0 ((as const (Array (_ BitVec 5) (Array Bool (_ BitVec 5)))) ((as const (Array Bool (_ BitVec 5))) #b10000)) ((as const (Array (_ BitVec 5) (_ BitVec 5))) #b00000)))
(check-sat)
