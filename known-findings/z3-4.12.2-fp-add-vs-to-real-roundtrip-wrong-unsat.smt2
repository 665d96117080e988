; With a = 1.0f and t = to_fp(RNE, 0.8) (= 13421773/2^24), fp.add RNE a t rounds the exact sum
; 1 + t exactly as to_fp RNE (+ 1.0 (fp.to_real t)) does (same real, same rounding), so the
; assertions hold and the right answer is sat.
; From Z3Prover/z3#9953 (https://github.com/Z3Prover/z3/issues/9953) ("Refutational Soundness Bug", cvc5 model
; a = 1.0, t = (fp #b0 #b01111110 #b10011001100110011001101)). Checked: cvc5 1.4.2 sat; z3 5.3.0 on sat.
; z3 binaries (probe.sh): 4.8.5.0 to 4.12.1.0 unknown; 4.12.2.0 to 5.1.0.0 unsat; 5.3.0.0 on sat.
(declare-fun a () Float32)
(declare-fun t () Float32)
(assert (fp.eq a ((_ to_fp 8 24) RNE 1.0)))
(assert (fp.eq t ((_ to_fp 8 24) RNE 0.8)))
(assert (fp.eq (fp.add RNE a t) ((_ to_fp 8 24) RNE (+ 1.0 (fp.to_real t)))))
(set-info :status sat)
(check-sat)
