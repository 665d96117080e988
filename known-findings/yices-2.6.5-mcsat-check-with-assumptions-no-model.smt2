; Yices 2.6.5 (and 2.6.4), C API, MCSAT (chosen for nonlinear arithmetic, here the
; division by zero): yices_check_context_with_assumptions answers STATUS_SAT on a context
; whose assertion is false, and leaves the context's status STATUS_IDLE, so
; yices_get_model then fails:
;   yices API error in yices_get_model: the context state does not allow operation
; yices_check_context on the same context answers STATUS_UNSAT; the default solver
; (CDCL(T)) answers UNSAT to both. Z3 and cvc5 answer unsat. The wheel's own
; `yices-smt2 --incremental --mcsat` answers unsat to this script: C API only.
; Found by smtsmith (`smtsmith run --incremental --seed 600 --count 10 --bytes 256`,
; seed 607, 2026-12-03), reduced by smtsmith with the script's term pool narrowed to its
; actions, which keeps the one nonlinear term (the division by zero) that makes Yices
; choose MCSAT (reduced in the full pool, no assertion is left and the file reads as linear).
; run: smtsmith solve --solver yices FILE.smt2 (binary: yices-smt2 --incremental FILE.smt2)
(set-option :global-declarations true)
(set-option :produce-models true)
(set-logic QF_NIRA)
(declare-fun assume2 () Bool)
(assert (let ((l1 (to_real (div 0 0)))) false))
(declare-fun assume0 () Bool)
(check-sat-assuming (assume0 assume2))
