; A selector applied to a value of another constructor is unspecified (SMT-LIB 2.6,
; datatypes): a model may give it any value, so this is satisfiable.
(set-logic QF_DT)
(set-info :status sat)
(declare-datatypes ((BList 0)) (((bnil) (bcons (bhead Bool) (btail BList)))))
(declare-const x BList)
(assert ((_ is bnil) x))
(assert (= (btail x) (bcons true bnil)))
(assert (bhead x))
(check-sat)
