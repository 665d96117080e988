; Non-incremental only. From Z3Prover/z3#2924 ("Incorrect result on NRA formula with let",
; https://github.com/Z3Prover/z3/issues/2924, 2020-02): Z3 answers sat with a model that
; does not satisfy the formula; cvc5 answers unsat. The thread's formula, as written there.
; Measured with the z3 binaries (2026-11-27): 4.8.10.0 sat, and unsat with `(push 1)` first
; (the incremental solver); 4.8.7.0 to 4.13.0.0 sat; 5.4.1.0 unsat.
; The fix release among the pinned ones: 4.13.1.0 (unsat; 4.8.6.0 unsat too, 4.8.5.0 no answer in 10 s).
; Reduced by smtsmith (`smtsmith check` on the thread's formula with a Z3 4.8.10.0 build,
; 2026-11-28); the reduced form: cvc5 1.4.0 and Z3 5.4.1.0 unsat, Z3 4.8.10.0 sat.
(set-option :produce-models true)
(set-logic NRA)
(set-info :status unsat)
(declare-fun c () Real)
(declare-fun d () Real)
(declare-fun n () Real)
(declare-fun f () Real)
(declare-fun g () Real)
(declare-fun h () Real)
(declare-fun i () Real)
(assert (not (exists ((j Real)) (let ((?l (+ (* (- c) j) d))) (=> (and (=> (<= 0.0 j f) (>= ?l 0.0)) (>= d 0.0) (= 0.0 (/ (* g g) c)) (> (- h) 0.0) (<= g n)) (>= (+ (* (- c) f) d) 0.0))))))
(assert (and (= (+ c h) 0.0) (= 0.0 (/ i d n))))
(check-sat)
(get-value (c d n f g h i))
