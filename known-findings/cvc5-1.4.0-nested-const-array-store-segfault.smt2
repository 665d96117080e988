; smtsmith finding: crash (cvc5 1.4.0)
; cvc5 1.4.0 dies of a segmentation fault (signal 11) in check-sat on an equality of two
; store chains over nested constant arrays (Array (_ BitVec 2) (Array Bool (_ BitVec 2))),
; through its C API and through its own SMT-LIB front end alike (`smtsmith solve --solver
; cvc5 FILE.smt2`: exit 139). Z3 5.4.1.0: sat. Found by the bug benchmark's grid
; (2026-11-28, pinned releases, `differential`, trial 5), reduced 13 -> 8 lines by smtsmith,
; each candidate in a child process. Related, not the same: cvc5/cvc5#12648 (a segfault
; of --check-models on incremental nested Bool arrays, closed in 2026-05). Constant arrays
; are behind --arrays-exp in cvc5 (cvc5/cvc5#11534), whose maintainers label such reports
; "experimental" (cvc5/cvc5#10864): a real crash, in a feature cvc5 calls experimental.
;   cvc5 --arrays-exp FILE.smt2
; It dies while building the model: without produce-models, cvc5 1.4.0 answers sat.
(set-option :produce-models true)
(set-logic ALL)
(declare-fun a () (Array (_ BitVec 2) (Array Bool (_ BitVec 2))))
(declare-fun b () (_ BitVec 2))
(declare-fun c () (Array (_ BitVec 2) (Array Bool (_ BitVec 2))))
(assert (= (store (store c #b10 ((as const (Array Bool (_ BitVec 2))) #b10)) #b01 (store ((as const (Array Bool (_ BitVec 2))) #b00) true b)) (store (store a b ((as const (Array Bool (_ BitVec 2))) #b00)) #b00 (store ((as const (Array Bool (_ BitVec 2))) #b00) (= a ((as const (Array (_ BitVec 2) (Array Bool (_ BitVec 2)))) ((as const (Array Bool (_ BitVec 2))) #b11))) #b00))))
(check-sat)
