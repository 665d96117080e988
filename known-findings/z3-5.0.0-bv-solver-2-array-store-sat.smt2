; With smt.bv.solver=2, Z3 4.13.4.0 to 5.0.0.0 answer sat: the left array stores 0 at index
; 0 and the right one 1 or 2 (y is one bit), so no V makes them equal: unsat. From
; Z3Prover/z3#10480 (https://github.com/Z3Prover/z3/issues/10480, 2026-08), the thread's
; formula with its option set in the file. z3 binaries: before 4.13.0.0 the option does
; not exist; 4.13.0.0 to 4.13.3.0 unsat; 4.13.4.0 to 5.0.0.0 sat; 5.1.0.0 to 5.4.1.0 unsat.
(set-option :smt.bv.solver 2)
(set-info :status unsat)
(declare-fun y () (_ BitVec 1))
(assert (exists ((V (Array (_ BitVec 8) (_ BitVec 8)))) (= (store V (_ bv0 8) (_ bv0 8)) (store V (_ bv0 8) (bvadd (_ bv1 8) ((_ zero_extend 7) y))))))
(check-sat)
