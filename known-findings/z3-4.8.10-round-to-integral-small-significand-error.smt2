; Z3 4.8.10.0 cannot bit-blast `fp.roundToIntegral` over (_ FloatingPoint 3 3): inside `push`
; its C API raises "invalid zero_extend application" at check-sat (an api-error finding); on a
; fresh solver, and in its binary, the check answers unknown with that reason (`smtsmith
; check`, 2026-12-03). (2 3) shows it too; (2 4), (3 5), Float16, Float32: sat; (3 4) errs
; with another message and another fix (z3-4.8.10-round-to-integral-float-3-4-push-error.smt2).
; Z3 5.4.1.0: sat. Found by the `differential` target against SMTSMITH_Z3_VERSION=4.8.10.0
; with SMTSMITH_THEORIES=fp,bv,arrays (2026-11-29): 5 api-error findings in 10 minutes, one
; key after reduction; the reduced form cut further by hand. Every pinned release from
; 4.8.5.0 to 4.12.4.0 shows it (`smtsmith bugs verify --only round-to-integral --every-release`, 2026-12-03; first probed
; on 4.8.8–4.8.15, 4.8.17, 4.12.2–4.12.4 only); 4.12.5.0 and later: sat. Float(3,4) is
; another bug, fixed later: z3-4.8.10-round-to-integral-float-3-4-push-error.smt2.
;   z3 FILE.smt2   (4.8.10.0: unknown)
(set-logic QF_FP)
(declare-fun a () (_ FloatingPoint 3 3))
(assert (fp.isZero (fp.roundToIntegral RNE a)))
(set-info :status sat)
(check-sat)
