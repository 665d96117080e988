; The smallest Float(3,24) subnormal, 2^-25, converted to Float(2,6) rounding toward zero is
; +0 (the smallest Float(2,6) subnormal is 2^-5), so the formula is unsat. Every pinned Z3
; release, 4.8.5.0 to 5.4.1.0, answers sat (z3 -T:10 FILE); Z3's own model evaluation gives
; +0 for the term (get-value), and model_validate=true on 5.4.1.0 flags the model: the
; bit-blasted conversion is wrong (it gives the largest finite Float(2,6)), the evaluator
; right. cvc5 1.4.2 and smtsmith's evaluator: unsat (`smtsmith check FILE`).
; Found by the `enumerate` target (SMTSMITH_THEORIES=all,fp) on Z3 4.8.7.0 as an invalid model
; of a FloatFloat conversion into Float(2,6) (2026-12-05 trials), pinned to the model's value
; by hand. Not #2970 (the simplifier's to_fp, fixed in 4.8.9). No public thread found (issues
; corpus searched 2026-12-05: "to_fp conversion subnormal to small float format RTZ gives
; largest finite value wrong", "to_fp conversion between floating point formats subnormal
; rounds to wrong value"; stp/stp#782 is a like bug in another solver).
(set-logic QF_FP)
(declare-fun x () (_ FloatingPoint 3 24))
(assert (fp.eq x (fp #b0 #b000 #b00000000000000000000001)))
(assert (not (fp.isZero ((_ to_fp 2 6) RTZ x))))
(set-info :status unsat)
(check-sat)
