; Non-incremental only. From Z3Prover/z3#2924 ("Incorrect result on NRA formula with let",
; https://github.com/Z3Prover/z3/issues/2924, 2020-02): Z3 answers sat with a model that
; does not satisfy the formula; cvc5 answers unsat. The thread's formula, as written there.
; Measured with the z3 binaries (2026-11-27): 4.8.10.0 sat, and unsat with `(push 1)` first
; (the incremental solver); 4.8.7.0 to 4.13.0.0 sat; 5.4.1.0 unsat.
; The fix release among the pinned ones: 4.13.1.0 (unsat; 4.8.6.0 unsat too, 4.8.5.0 no answer in 10 s).
(set-info :status unsat)
(declare-fun a () Real)
(declare-fun b () Real)
(declare-fun c () Real)
(declare-fun d () Real)
(declare-fun n () Real)
(declare-fun e () Real)
(declare-fun f () Real)
(declare-fun o () Real)
(declare-fun g () Real)
(declare-fun h () Real)
(declare-fun i () Real)
(assert (not
    (exists ((j Real))
        (let ((?k (- c)))
        (let ((?l (+ (* ?k j) d)) (?p (* 2 c)))
        (let ((m 0)) (=>
            (and
                (=> (<= 0 j f) (and (>= ?l 0) (<= j e)))
                (>= d 0)
                (= o (/ (* (/ (-  (*  3 g))  2) (/ (-  (*  3 g))  2)) ?p))
                (> (-  h) 0)
                (<= (/ (-  (*  3 g))  2) n))
            (>= (+ (* ?k f) d) 0))))))))
(assert (= (+ c h) d (/ a i d  b n)))
(check-sat)
