; Z3 4.8.10.0 cannot bit-blast `fp.roundToIntegral` over a format with a 3-bit significand
; (sb = 3, two stored bits): its C API raises "invalid extract application" at check-sat
; (an api-error finding), its binary answers unknown with the reason "invalid zero_extend
; application". (_ FloatingPoint 3 3) and (2 3) show it; (2 4), (3 5), Float16, Float32: sat.
; Z3 5.4.1.0: sat. Found by the `differential` target against SMTSMITH_Z3_VERSION=4.8.10.0
; with SMTSMITH_THEORIES=fp,bv,arrays (2026-11-29): 5 api-error findings in 10 minutes, one
; key after reduction; the reduced form cut further by hand. 4.8.8.0 to 4.12.4.0 show it
; (every release probed: 4.8.8–4.8.15, 4.8.17, 4.12.2–4.12.4); 4.12.5.0 and later: sat.
;   z3 FILE.smt2   (4.8.10.0: unknown)
(set-logic QF_FP)
(declare-fun a () (_ FloatingPoint 3 3))
(assert (fp.isZero (fp.roundToIntegral RNE a)))
(set-info :status sat)
(check-sat)
