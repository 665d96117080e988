; z3 says sat but the formula is unsat: c=0 makes (/ a c) and (/ a (/ c e)) the same value x=(/ a 0) (e /= 0),
; x<0; if x>=f then f<0, yet d=b+f with 0<d<f needs f>0; else d=f contradicts d<f; right answer unsat.
; From Z3Prover/z3#2391 (https://github.com/Z3Prover/z3/issues/2391): CVC4 said unsat and z3's model fails the
; formula (closed). cvc5 1.4.2 says unsat. z3 binaries (probe.sh): 4.8.5.0 sat, 4.8.6.0 on unsat.
(set-info :status unsat)
(declare-fun a () Real)
(declare-fun b () Real)
(declare-fun c () Real)
(declare-fun d () Real)
(declare-fun e () Real)
(declare-fun f () Real)
(assert (and (> 0 (- d f)) (= d (ite (>= (/ a c) f) (+ b f) f)) (> 0 (/ a (/ c e))) (or (= e 1.0) (= e 2.0)) (> d 0) (= c 0)))
(check-sat)
