; source: https://github.com/Z3Prover/z3/issues/1575
; filed: 2018-04-15
; symptom: wrong-unsat (satisfied by any length-3 palindrome; maintainer: "looks suspicious"; z3str3 reports memory leak)
; theory: strings + forall over Int (str.substr, str.len)
(set-logic ALL)
(declare-fun s () String)
(assert (forall ((i Int)) (and (= (str.len s) 3) (=> (and (<= 0 i) (< i 2)) (= (str.substr s i 1) (str.substr s (- 2 i) 1))))))
(check-sat)
