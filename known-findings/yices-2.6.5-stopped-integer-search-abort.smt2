; smtsmith finding: crash
; the process died in yices: signal 6, after its check was stopped at the time limit
; Yices aborts (SIGABRT, in prepare_for_integer_solving, called by simplex_final_check) when
; a check of this QF_LIA problem is stopped at a time limit of about 0.5-2 s: through the C
; API (yices_stop_search from another thread or from a SIGALRM handler on the checking
; thread, interactive, push-pop and multi-checks modes alike) and in the binary, which takes
; the abort in its own handler and exits with status 21 printing nothing instead of unknown.
; Not every stop aborts: where the stop lands decides (see known-findings/README.md).
; run: yices-smt2 --timeout=1 FILE.smt2   (exit 21 and no answer in about 3 of 4 runs)
(set-logic QF_LIA)
(declare-fun x0 () Int)
(declare-fun x1 () Int)
(declare-fun x2 () Int)
(declare-fun x3 () Int)
(declare-fun x4 () Int)
(declare-fun x5 () Int)
(declare-fun x6 () Int)
(declare-fun x7 () Int)
(declare-fun x8 () Int)
(declare-fun x9 () Int)
(assert (and (<= (+ (* 28 x3) (* (- 3) x1) (* (- 49) x3) (* 59 x4) (* 54 x3) (* (- 46) x4) (* 11 x4) (* 34 x3) (* 11 x0) (* 35 x5)) 23) (<= (+ (* 11 x2) (* 14 x4) (* (- 48) x8) (* (- 15) x4) (* (- 13) x7) (* (- 42) x8) (* 51 x7) (* (- 1) x3) (* 30 x3) (* 16 x3)) 55) (<= (+ (* 53 x5) (* 45 x6) (* 47 x1) (* (- 42) x0) (* 46 x3) (* 12 x7) (* 4 x3) (* 9 x6) (* (- 35) x6) (* (- 48) x5)) 39) (<= (+ (* 41 x2) (* (- 15) x8) (* (- 53) x9) (* 20 x3) (* (- 19) x6) (* 38 x8) (* 30 x5) (* 4 x2) (* 22 x0) (* (- 17) x6)) (- 18)) (<= (+ (* 20 x3) (* 50 x8) (* 50 x4) (* 15 x9) (* (- 11) x8) (* 39 x5) (* 6 x8) (* 20 x3) (* 0 x8) (* (- 38) x8)) (- 25)) (<= (+ (* 19 x5) (* (- 57) x9) (* (- 16) x9) (* 0 x8) (* 49 x2) (* 3 x8) (* 20 x9) (* 59 x8) (* 24 x3) (* 0 x9)) 35) (<= (+ (* 27 x7) (* 28 x0) (* 39 x2) (* (- 49) x9) (* (- 14) x6) (* 30 x4) (* (- 12) x9) (* (- 10) x5) (* (- 15) x7) (* (- 37) x0)) (- 13)) (<= (+ (* 46 x5) (* 45 x8) (* (- 45) x8) (* 33 x9) (* 30 x3) (* 49 x8) (* (- 45) x0) (* 22 x1) (* 19 x6) (* 17 x5)) 30) (<= (+ (* 45 x8) (* (- 36) x6) (* 24 x5) (* 25 x2) (* 59 x6) (* 59 x5) (* (- 50) x4) (* (- 43) x7) (* 1 x6) (* 56 x3)) 47) (<= (+ (* 5 x5) (* 41 x8) (* 48 x1) (* 30 x6) (* (- 37) x6) (* 34 x1) (* 9 x2) (* 56 x5) (* (- 34) x9) (* 57 x8)) 43)))
(check-sat)
