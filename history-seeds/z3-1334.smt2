; source: https://github.com/Z3Prover/z3/issues/1334
; filed: 2017-10-30
; symptom: invalid-model
; theory: QF_SNIA (str.to.int + nonlinear int)
(set-logic QF_SNIA)
(declare-fun si () String)
(declare-fun sj () String)
(declare-fun sk () String)
(declare-fun i () Int)
(declare-fun j () Int)
(declare-fun k () Int)
(assert (= (str.to_int si) i))
(assert (= (str.to_int sj) j))
(assert (= (str.to_int sk) (* k k)))
(assert (= (- j i) k))
(assert (> i 7422885))
(assert (< j 74228850))
(assert (< i j))
(check-sat)
