; smtsmith finding: time-limit (cvc5 1.4.0)
; cvc5 does not stop at its time limit on this QF_NRA formula (printed by smtsmith from the
; labelled seed corpus, family Arthan1C of SMT-LIB QF_NRA; z3 5.4.1 stops at its 2 s limit: unknown).
; reproduce: cvc5 --tlimit-per=2000 FILE.smt2   (still running after 60 s; also through the API)
(set-logic QF_NRA)
(declare-fun skoS () Real)
(declare-fun skoSINS () Real)
(declare-fun skoCOSS () Real)
(assert (let ((?v_0 (* skoCOSS (- 2.0)))) (and (<= (* skoSINS (+ (+ (+ (- 3.0) ?v_0) (* skoS (+ (- 4.0) (* skoS (+ 2.0 skoS))))) (* skoSINS (+ 1.0 skoS)))) (+ (+ 2.0 (* skoCOSS (+ (- 2.0) ?v_0))) (* skoS (+ (* skoCOSS (+ (- 10.0) ?v_0)) (* skoS (+ (+ (- 6.0) (* skoCOSS (- 6.0))) (* skoS (- 2.0)))))))) (<= (/ 217.0 100.0) skoS))))
(check-sat)
