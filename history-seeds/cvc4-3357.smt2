; source: https://github.com/cvc5/cvc5/issues/3357
; filed: 2019-10-06
; symptom: invalid-model
; theory: QF_SLIA (old 2.5 string names str.in.re / str.to.re / str.to.int)
(set-logic QF_SLIA)
(declare-fun a () String)
(declare-fun b () String)
(declare-fun c () String)
(declare-fun d () String)
(declare-fun g () String)
(declare-fun e () String)
(declare-fun f () String)
(assert (or (and (= d (str.++ e g)) (str.in_re e (re.* (str.to_re "HG4"))) (> 0 (str.to_int g)) (= 1 (str.len e)) (= 2 (str.len (str.substr b 0 (str.len d))))) (and (str.in_re (str.replace (str.replace a c "") "T" "") (re.* (re.union (str.to_re "a") (str.to_re "")))) (= 0 (str.to_int (str.replace (str.replace a c "") "T" ""))))))
(assert (= b (str.++ d f)))
(check-sat)
