; source: https://github.com/Z3Prover/z3/issues/1005
; filed: 2017-05-04
; symptom: wrong-sat (only with (set-option :produce-unsat-cores true); debug build: assertion violation func_interp.cpp:215)
; theory: QF_UFLIRA (to_real, UF)
(set-logic QF_UFLIRA)
(declare-fun p () Int)
(declare-fun q () Int)
(declare-fun r () Real)
(declare-fun ih (Real Int) Int)
(assert (not (=> (and (= (to_real (- p 3)) r) (= (to_real q) r)) (or (< p (ih (to_real (- p 3)) (+ q 3))) (<= (ih r p) p)))))
(check-sat)
