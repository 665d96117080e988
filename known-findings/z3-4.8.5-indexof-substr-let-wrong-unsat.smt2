; Z3 answers unsat but the formula is sat: a = "AB*" satisfies it (indexof a "" 20 = -1 so b = "", c = 2, d = "").
; From Z3Prover/z3#2920 (https://github.com/Z3Prover/z3/issues/2920). The reporter gives the model a="AB*"; cvc5 1.4.2 and z3 4.8.8 on answer sat (smtsmith check / probe). z3 binaries (probe.sh): 4.8.5.0 to 4.8.7.0 unsat; 4.8.8.0 on sat.
(set-logic QF_SLIA)
(declare-fun a () String)
(assert
 (let ((b (str.substr a 1 (- (+ (str.indexof a "" 20) 1)))))
  (let ((c (str.indexof a "*" 0)))
   (let ((d (str.substr a (+ c 1) (- c))))
    (and (= (str.len b) 0)
     (not (str.contains d "*"))
     (> c 1)
     (< (str.len a) 20))))))
(set-info :status sat)
(check-sat)
