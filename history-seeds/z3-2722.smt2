; source: https://github.com/Z3Prover/z3/issues/2722
; filed: 2019-11-18
; symptom: crash (assertion violation: NOT IMPLEMENTED YET / UNREACHABLE, theory_str.cpp:8935)
; theory: QF_SLIA (z3str3: smt.string_solver=z3str3; str.replace, int.to.str, str.at, str.substr)
(set-logic QF_SLIA)
(declare-fun x () String)
(declare-fun z () Int)
(assert (or (not (= (str.replace "A" (str.from_int z) x) (str.++ "A" (str.replace "" (str.from_int z) x)))) (= (str.replace x (str.at x z) "") (str.++ (str.replace (str.++ (str.substr x 48 z) (str.substr x z 33)) (str.substr x z 99) "") (str.substr x (+ 19 z) (str.len x))))))
(check-sat)
