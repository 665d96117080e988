; source: https://github.com/cvc5/cvc5/issues/3247
; filed: 2019-09-02
; symptom: crash (assertion failure in TheoryStrings::assertPendingFact "Infer error: a split", with --sygus-inference --strings-exp)
; theory: QF_SLIA
(set-logic QF_SLIA)
(declare-fun a () String)
(declare-fun b () String)
(declare-fun c () String)
(declare-fun d () String)
(declare-fun f () String)
(declare-fun e () String)
(assert (not (= (str.contains c (str.replace d (str.substr b 0 (str.len d)) "A")) (str.contains c "A"))))
(assert (= a (str.++ c f)))
(assert (= b (str.++ d e)))
(check-sat)
