; With smt.ematching=false z3 says sat, but the formula is unsat: the exists asks for g h with
; (j (b h) (c g)) = (b (j h (c g))), while the forall instantiated at e=(b h), f=(c g) says exactly that these
; differ; right answer unsat.
; From Z3Prover/z3#4998 (https://github.com/Z3Prover/z3/issues/4998) (closed); needs smt.ematching=false, set here
; with set-option (without it every release says unsat). CVC4 said unsat in the thread; cvc5 1.4.2 says unsat.
; z3 binaries (probe.sh): 4.8.5.0-4.8.10.0 sat, 4.8.11.0 on unsat.
(set-option :smt.ematching false)
(set-info :status unsat)
(declare-datatypes ((a 0)) (((b (c a)) (i))))
(declare-fun d () a)
(declare-fun j (a a) a)
(assert (forall ((e a) (f a)) (distinct (j e f) (ite ((_ is i) e) f (ite ((_ is b) e) (b (j (c e) f)) d)))))
(assert (exists ((g a) (h a)) (not (and (or (distinct (j (b h) (c g)) (b (j h (c g)))))))))
(check-sat)
