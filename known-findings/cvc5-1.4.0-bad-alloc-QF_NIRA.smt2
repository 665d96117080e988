; Found by smtsmith (smtsmith run --count 4000 --seed 10000, seed-derived input kept as
; the .input beside this file), 2026-11-26. cvc5 1.4.0 (PyPI wheel) grows to 12.6 GB and
; answers (error "std::bad_alloc") after 200 s, through its own SMT-LIB front end:
;   target/release/smtsmith solve --solver cvc5 --timeout-ms 0 THIS_FILE
; Through the C API with rlimit-per 20000 and tlimit-per 2000 it still ran 188 s and
; reached 12.6 GB before cvc5_check_sat reported std::bad_alloc: the limits are not
; honoured on this input. Z3 5.4.1 answers sat (its model uses division by zero, so the
; evaluator cannot validate it); Z3 4.8.5 answers unknown. Not minimized (each run takes
; minutes).
(set-option :produce-models true)
(set-logic QF_NIRA)
(declare-fun r1 () Real)
(declare-fun r2 () Real)
(declare-fun r0 () Real)
(declare-fun i0 () Int)
(declare-fun i1 () Int)
(declare-fun i2 () Int)
(declare-fun b0 () Bool)
(assert (< r1 r2))
(assert (< (- r1) (/ (/ r2 (- r2) (/ (- (/ 21.0 2.0)) r0 r1) (- r0)) (/ (+ (- 24.0) (- 13.0) r2) (+ r2 r0 21.0) (+ r1 r0 1.0 r1))) (- (/ (/ r1 r2 r1 r1) (- 14.0))) (/ (- (- r0)) (/ (- 6.0) (- r0)) (+ r1 (+ r1 r0) (- (- 21.0)) (+ r1 r2 r2 r0)) (- (/ r1 r2)))))
(assert (xor (< (div (div i0 48) (div i1 117) (- i0) (- 100000000000000000000)) (+ (div 59 i2) 117 (+ i0 i2)) (to_int (- r2))) (>= i0 i0) b0 b0))
(check-sat)
(get-value (r1 r2 r0 i0 i1 i2 b0))
