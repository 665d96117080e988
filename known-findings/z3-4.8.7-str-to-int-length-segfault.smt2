; Z3 4.8.7.0 ignores its time limit on two length constraints over one string and its
; str.to.int, grows to 3 GB and ends with a segmentation fault after 23-38 s (`z3 FILE.smt2`
; and `z3 -t:2000 FILE.smt2`, exit status 139). 4.8.5.0: unknown after 36 s with -t:2000
; (1.1 GB). 4.8.6.0, 4.8.8.0 to 5.4.1.0: sat in under 0.1 s (e.g. s = "AAAAA").
; Found by the watchdog of a 5-minute `seed_mutation` run against SMTSMITH_Z3_VERSION=4.8.7.0
; (a QF_SLIA mutant; the check ignored Z3_interrupt), reduced with the binary as judge
; (a candidate is kept while `z3 -t:2000` still runs at 8 s) and by hand (2026-11-27).
; run: z3 -t:2000 FILE.smt2
(set-logic QF_SLIA)
(declare-fun s () String)
(assert (> (str.len s) (abs (str.to.int s))))
(assert (> (str.len s) 4))
(check-sat)
