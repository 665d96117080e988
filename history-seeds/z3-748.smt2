; source: https://github.com/Z3Prover/z3/issues/748
; filed: 2016-09-28
; symptom: invalid-model (first check-sat: int1 = -1 with strInt1 = "0"); second check-sat does not finish
; theory: QF_SLIA (re.union, re.range, re.opt, str.to.int, int.to.str, str.replace)
(set-option :global-declarations true)
(set-option :produce-models true)
(set-logic QF_SLIA)
(declare-fun int1 () Int)
(declare-fun strInt1 () String)
(assert (= int1 (ite (= "-" (str.at strInt1 0)) (- (str.to_int (str.replace strInt1 "-" ""))) (str.to_int strInt1))))
(assert (str.in_re strInt1 (re.union (str.to_re "0") (re.++ (re.opt (str.to_re "-")) (re.range "1" "9") (re.* (re.range "0" "9"))))))
(check-sat)
(get-value (int1 strInt1))
(declare-fun int2 () Int)
(declare-fun strInt2 () String)
(assert (= strInt2 (ite (< int2 0) (str.++ "-" (str.from_int (- int2))) (str.from_int int2))))
(assert (str.in_re strInt2 (re.union (str.to_re "0") (re.++ (re.opt (str.to_re "-")) (re.range "1" "9") (re.* (re.range "0" "9"))))))
(check-sat)
(get-value (int2 strInt2))
