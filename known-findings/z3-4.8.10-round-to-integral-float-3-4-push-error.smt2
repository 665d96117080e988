; Z3 cannot bit-blast `fp.roundToIntegral` over (_ FloatingPoint 3 4): inside `push` its C API
; raises "invalid extract application" at check-sat (an api-error finding), on a fresh solver
; and in its binary the check answers unknown with that reason (Z3 4.8.10.0, `smtsmith
; check`, 2026-12-03). Another bug than
; z3-4.8.10-round-to-integral-small-significand-error.smt2 (Float(3,3), "invalid zero_extend
; application"), although its shape is the same: that one is fixed in 4.12.5.0, this one
; shows on every pinned release from 4.8.5.0 to 5.1.0.0 with `rm` or RNE, with or without
; `push`, and 5.3.0.0 answers sat (the release binaries, 2026-12-03; `smtsmith bugs verify
; --only float-3-4 --every-release`). 4.12.4.0 and 4.13.0.0 print the reason through `push`
; as "invalid extract applicat@". Met as a `differential` run with
; SMTSMITH_THEORIES=all,fp,datatypes met it on Z3 4.11.2 (a Z3 api-error through `push`).
;   z3 FILE.smt2
(set-logic QF_FP)
(declare-fun rm () RoundingMode)
(declare-fun x () (_ FloatingPoint 3 4))
(push 1)
(assert (fp.isZero (fp.roundToIntegral rm x)))
(set-info :status sat)
(check-sat)
