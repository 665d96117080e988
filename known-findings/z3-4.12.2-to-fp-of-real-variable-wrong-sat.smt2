; Z3 4.12.2.0 answers sat on `(fp.isNaN ((_ to_fp 2 3) RNE a))` for a real variable `a`
; (no real rounds to NaN: unsat; cvc5 1.4.0 and Z3 5.4.1.0 answer unsat), with the model
; a = -1.0. The same conversion of a real variable gets models that falsify satisfiable
; assertions too (a = -1.0 for `(fp.isPositive ((_ to_fp 5 8) RNE r0))`, for
; `(fp.geq ((_ to_fp 5 8) RNE a) (fp #b0 #b00000 #b0000000))`, for
; `(fp.isInfinite ((_ to_fp 11 53) RNE a))`). Found by the `differential` target against
; SMTSMITH_Z3_VERSION=4.12.2.0 with SMTSMITH_THEORIES=fp,bv,arrays and fp (2026-11-29):
; five invalid-model findings in two 8-minute runs, reduced by smtsmith in-process.
; 4.8.10.0, 4.11.2.0, 4.12.0.0 and 4.12.1.0 answer unknown; 4.12.3.0 and later: unsat.
;   z3 FILE.smt2   (4.12.2.0: sat)
(set-logic QF_FPLRA)
(declare-fun a () Real)
(assert (fp.isNaN ((_ to_fp 2 3) RNE a)))
(set-info :status unsat)
(check-sat)
