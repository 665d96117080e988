; source: https://github.com/Z3Prover/z3/issues/212
; filed: 2015-09-05
; symptom: crash (assertion violation in inc_sat_solver at get-model; run with rewriter.hi_div0=false old_simplify.bv.hi_div0=false)
; theory: QF_BV
(set-option :global-declarations true)
(set-option :produce-models true)
(set-logic QF_BV)
(declare-fun x0 () (_ BitVec 1))
(check-sat)
(assert (= #b1 (bvudiv #b0 x0)))
(assert (= #b0 (bvudiv x0 #b0)))
(check-sat)
