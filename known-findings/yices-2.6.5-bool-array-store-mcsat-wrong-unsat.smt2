; Yices 2.6.5 (MCSAT, picked by the QF_ANIA logic) answers unsat on a satisfiable problem over a Bool-indexed, Bool-valued array; right answer sat: v = true, v1 = true makes (select (store (store a false true) true false) false) = true.
; From SRI-CSL/yices2#536 (https://github.com/SRI-CSL/yices2/issues/536, second instance), fixed by the maintainers in PR #601. Cross-checked: z3 5.4.1 and cvc5 1.4.2 say sat; the model above checked by hand. yices-smt2 (probe.sh): 2.6.4 rejects the logic QF_ANIA (no array support in its MCSAT); 2.6.5 unsat.
(set-logic QF_ANIA)
(declare-fun v () Bool)
(declare-fun v1 () Bool)
(declare-fun a () (Array Bool Bool))
(assert (select (store (store a false v1) v false) false))
(set-info :status sat)
(check-sat)
