; Z3 4.12.2.0 answers unsat on this QF_BV formula; it is sat (x = false, z = #b0: the
; inner ite is #b0, which is not <=s #b1 (-1), so the outer ite is the zero-extended
; (bvshl #b1 #b0) = #b01, whose bit 0 is 1; Z3 5.4.1.0 gives that model). From Z3Prover/z3#6894 (https://github.com/Z3Prover/z3/issues/6894), the
; thread's formula. z3 binaries: 4.8.5.0 to 4.8.17.0 sat; 4.12.2.0 unsat; 4.12.3.0 to
; 5.4.1.0 sat (measured 2026-11-28 with the wheels' binaries). Reduced by hand with the
; 4.12.2.0 binary as judge: dropping either conjunct of the `and`, the inner `ite`'s test, the
; `x` branches or the outer `ite` each makes 4.12.2.0 answer sat, so the formula stays whole.
(set-info :status sat)
(set-logic QF_BV)
(declare-const x Bool)
(declare-fun z () (_ BitVec 1))
(assert (= (_ bv1 1) ((_ extract 0 0) (ite (bvsle (ite (and (= z (_ bv1 1)) (= (_ bv1 1) (ite x (_ bv0 1) (bvshl (_ bv1 1) z)))) (_ bv1 1) (_ bv0 1)) (_ bv1 1)) (_ bv1 2) ((_ zero_extend 1) (ite x (_ bv0 1) (bvshl (_ bv1 1) z)))))))
(check-sat)
