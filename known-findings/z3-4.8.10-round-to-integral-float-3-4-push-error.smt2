; The same Z3 bug as z3-4.8.10-round-to-integral-small-significand-error.smt2, as a `differential`
; run met it on a later release of its range: (_ FloatingPoint 3 4) and a check inside `push`.
; Z3 4.8.10.0's C API, inside push: "invalid extract application" (Float(3,3) says
; "invalid zero_extend application"); on a fresh solver: unknown; its binary: unknown with the
; reason "invalid extract application", with or without push. `smtsmith check` with
; 4.8.10.0 settles the finding this is the reduced form of as that known bug, by replay
; (tests/it/old_release.rs). The releases that show it: the entry's (`smtsmith bugs verify
; --only round-to-integral --every-release`, 2026-12-03).
;   z3 FILE.smt2
(set-logic QF_FP)
(declare-fun rm () RoundingMode)
(declare-fun x () (_ FloatingPoint 3 4))
(push 1)
(assert (fp.isZero (fp.roundToIntegral rm x)))
(set-info :status sat)
(check-sat)
