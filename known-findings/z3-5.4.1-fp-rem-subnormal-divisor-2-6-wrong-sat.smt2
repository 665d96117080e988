; In Float(2,6), fp.rem of 1.0 by the subnormal -3/32 ((fp #b1 #b00 #b00011)): 1/(-3/32) =
; -10.67 rounds to -11, so the remainder is 1 - 33/32 = -1/32, exactly (fp #b1 #b00 #b00001);
; the formula says it is not, so it is unsat. Every pinned Z3 release, 4.8.5.0 to 5.4.1.0,
; answers sat (z3 -T:10 FILE); Z3's own model evaluation gives -1/32 for the term (get-value),
; and model_validate=true on 5.4.1.0 flags the model: the bit-blasted fp.rem is wrong (5.3.3 on
; gives +1/16), the evaluator right. cvc5 1.4.2 and smtsmith's evaluator: unsat.
; Found by the `enumerate` target (SMTSMITH_THEORIES=all,fp) on Z3 4.8.7.0 as an invalid model
; of fp.rem with a Float(2,6) subnormal divisor (2026-12-05 trials), pinned to the model's
; values by hand. Related to Z3Prover/z3#10609 (fp.rem with a subnormal divisor, fixed by PR
; #10622 in 5.3.0) but not fixed by it: 5.3.0 to 5.4.1 answer sat. No thread of this case found
; (issues corpus searched 2026-12-05: "fp.rem wrong remainder subnormal divisor small format
; still wrong after fix", "fp.rem subnormal dividend wrong remainder fpa2bv mk_rem").
(set-logic QF_FP)
(declare-fun y () (_ FloatingPoint 2 6))
(assert (fp.eq y (fp #b1 #b00 #b00011)))
(assert (not (fp.eq (fp.rem (fp #b0 #b01 #b00000) y) (fp #b1 #b00 #b00001))))
(set-info :status unsat)
(check-sat)
