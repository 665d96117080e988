; source: https://github.com/Z3Prover/z3/issues/2598
; filed: 2019-09-30
; symptom: invalid-model
; theory: QF_S + define-fun-rec (z3str3)
(set-logic ALL)
(declare-fun c1 () String)
(declare-fun c2 () String)
(define-funs-rec ((replaceAll ((s String) (needle String) (replacement String)) String)) ((ite (= (- 1) (str.indexof s needle 0)) s (replaceAll (str.replace s needle replacement) needle replacement))))
(assert (not (str.contains c1 "a")))
(assert (= c2 (replaceAll c1 "[" "a")))
(assert (str.contains c2 "qwertazu"))
(check-sat)
