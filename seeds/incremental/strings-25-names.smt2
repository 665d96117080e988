; Three checks over SMT-LIB 2.5 string names and a unary concatenation (read leniently,
; noted).
(set-logic QF_SLIA)
(declare-fun s () String)
(assert (str.in.re s (re.* (str.to.re "01"))))
(assert (= (str.to.int (str.++ s)) 101))
(set-info :status sat)
(check-sat)
(assert (= (int.to.str (str.len s)) "4"))
(set-info :status sat)
(check-sat)
(assert (< (str.len s) 4))
(set-info :status unsat)
(check-sat)
