; From cvc5/cvc5#12604 ("Core Dumped on Unreachable code in check-proofs",
; https://github.com/cvc5/cvc5/issues/12604, 2026-04):
; with --check-proofs cvc5 aborts ("Unreachable code reached Generated a proof that is not
; closed by the scope"); right answer unsat (Z3 4.16.0 unsat; cvc5 1.2.x unsat, 1.4.x
; unknown).
; Measured with the wheels' Python modules (cvc5's own parser, 2026-12-06): 1.3.0 1.3.1 1.3.2
; SIGABRT (exit 134); 1.2.0 1.2.1 unsat; 1.4.0 1.4.1 1.4.2 unknown.
(set-option :check-proofs true)
(set-logic ALL)
(declare-const x Bool)
(declare-datatypes ((F 0)) (((N) (A) (O (l F) (l2 F)) (a (d (_ BitVec 1))))))
(declare-fun r () F)
(declare-fun e (F) Bool)
(declare-fun n (F) F)
(assert (forall ((o F)) (= ((_ is O) o) (ite ((_ is A) o) (or (e (n o))) (ite ((_ is N) r) false (ite false ((_ is A) N) true))))))
(assert (forall ((o F)) (= (n o) (ite ((_ is A) o) A (ite ((_ is a) r) r (O N (n r)))))))
(assert (exists ((f F)) (and (or ((_ is a) f) x) (distinct (e r) (e (n f))))))
(set-info :status unsat)
(check-sat)
