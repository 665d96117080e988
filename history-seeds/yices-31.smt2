; source: https://github.com/SRI-CSL/yices2/issues/31
; filed: 2015-03-10
; symptom: wrong-sat (regression introduced by IDL fix c48b19823ee4bde0455cc5cca96908515639b130 for issue #29)
; theory: QF_LIA (IDL-like)
(set-logic QF_NIA)
(declare-fun v0 () Int)
(assert (let ((e1 57951842)) (let ((e2 (- v0 v0))) (let ((e3 (* (- e1) v0))) (let ((e4 (>= e3 e3))) (let ((e5 (< v0 e2))) (let ((e6 (ite e5 e3 e3))) (let ((e7 (ite e4 v0 v0))) (let ((e8 (ite e5 e6 e2))) (let ((e9 (= e2 v0))) (let ((e10 (= v0 e2))) (let ((e11 (= v0 e6))) (let ((e12 (= e3 e2))) (let ((e13 (distinct e6 e3))) (let ((e14 (<= e2 e3))) (let ((e15 (= v0 e8))) (let ((e16 (> e2 e2))) (let ((e17 (> e3 e7))) (let ((e18 (= e5 e11))) (let ((e19 (and e17 e16))) (let ((e20 (or e19 e10))) (let ((e21 (xor e4 e9))) (let ((e22 (xor e21 e12))) (let ((e23 (=> e20 e20))) (let ((e24 (not e14))) (let ((e25 (ite e15 e15 e13))) (let ((e26 (xor e22 e18))) (let ((e27 (ite e24 e23 e23))) (let ((e28 (and e25 e27))) (let ((e29 (not e26))) (let ((e30 (and e29 e28))) e30)))))))))))))))))))))))))))))))
(check-sat)
