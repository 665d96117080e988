; smtsmith finding: crash (Z3 4.8.10.0, z3-text), reduced by smtsmith in child processes from a
; finding of the 10-minute datatypes campaign on 4.8.10.0 (2026-12-01). The same bug as
; z3-4.8.10-parametric-list-bool-model-stack-overflow.smt2 (its entry's `also`): the model of
; a parametric list at Bool overflows the stack in datatype_factory::get_fresh_value.
; Two lists distinct from nil and each other (its key names the constructor).
; reproduce: z3 FILE.smt2   (4.8.9.0 to 4.8.12.0: status 139; 4.8.8.0, 4.8.13.0: sat)
(set-option :produce-models true)
(set-logic QF_DT)
(declare-datatypes ((PList0 1)) ((par (T) ((pnil0) (pcons0 (phead0 T) (ptail0 (PList0 T)))))))
(declare-fun a () (PList0 Bool))
(declare-fun b () (PList0 Bool))
(assert (distinct a (as pnil0 (PList0 Bool)) b))
(check-sat)
(get-value (a b))
