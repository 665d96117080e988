; Z3 4.8.7.0's SMT-LIB front end run through its C API (Z3_eval_smtlib2_string, as smtsmith's
; `z3-text` path and the Python API's Z3_eval_smtlib2_string run it) answers sat, prints an
; empty model and gives (/ 0.0 0.0) the value 0.0, which makes the assertion false. The
; same release's z3 binary answers sat with /0(0.0, 0.0) = 1.0 (valid), and so does the same
; check through the C API's solver. 4.8.6.0: sat, value left as (/ 0.0 0.0); 4.8.8.0 to
; 5.4.1.0: 1.0 (checked through each release's Python API, 2026-11-27). The same kind as
; z3-4.8.7-nested-mod-by-zero-invalid-model.smt2 (divisions by zero in 4.8.7's models).
; Found by a 20-minute `seed_mutation` run against SMTSMITH_Z3_VERSION=4.8.7.0 with the full
; limits (SMTSMITH_EFFORT=1), reduced by smtsmith.
; run (Python, the z3-solver 4.8.7.0 wheel): z3.Z3_eval_smtlib2_string(z3.Context().ref(), TEXT)
(set-option :produce-models true)
(set-logic QF_NRA)
(assert (<= 1.0 (/ 0.0 0.0)))
(check-sat)
(get-value ((/ 0.0 0.0)))
