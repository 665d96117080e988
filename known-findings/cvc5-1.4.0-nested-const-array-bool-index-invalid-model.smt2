; smtsmith finding: invalid-model (cvc5 1.4.0)
; cvc5 1.4.0 answers sat (right: b = #b00) with a model that falsifies the assertion
; (b = #b11); its own check-models agrees: "ERRORS SATISFYING ASSERTIONS WITH MODEL
; { THEORY_BV THEORY_ARRAYS }". Z3 5.4.1.0: sat, b = #b00. Found by the README's first
; command (`scripts/campaign.sh`, differential, 5 minutes) in a fresh clone on 2026-11-27,
; reduced by smtsmith. cvc5 has open reports of invalid array models of other shapes
; (cvc5/cvc5#10812); this one has nested constant arrays indexed by Bool.
;   cvc5 --check-models FILE.smt2      (1.4.0: fatal failure in checkModel)
(set-option :produce-models true)
(set-logic ALL)
(declare-fun a () (Array Bool (_ BitVec 2)))
(declare-fun b () (_ BitVec 2))
(assert (= (store ((as const (Array (_ BitVec 2) (Array Bool (_ BitVec 2)))) ((as const (Array Bool (_ BitVec 2))) #b00)) #b00 (store (store a true b) false #b00)) ((as const (Array (_ BitVec 2) (Array Bool (_ BitVec 2)))) ((as const (Array Bool (_ BitVec 2))) #b00))))
(check-sat)
(get-value (a b))
