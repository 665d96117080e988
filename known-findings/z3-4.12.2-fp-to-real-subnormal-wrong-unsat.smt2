; z = 2546705 / 2^149 is exactly the Float32 subnormal (fp #b0 #x00 #b01001101101110000010001)
; (mantissa 0b01001101101110000010001 = 2546705, subnormal scale 2^-149), so x = that float makes
; fp.to_real x = z and the right answer is sat.
; From Z3Prover/z3#9471 (https://github.com/Z3Prover/z3/issues/9471) (PyMPF benchmark, status sat; closed as
; fixed). Checked: the witness by hand (python int arithmetic), cvc5 1.4.2 says sat.
; z3 binaries (probe.sh): 4.12.2.0 unsat; 4.12.3.0 to 4.14.1.0 unknown; 4.15.0.0 to 4.16.0.0 unsat; 5.0.0.0 on timeout (10 s).
(set-logic QF_FPLRA)
(declare-const x Float32)
(assert (or (fp.isZero x) (fp.isSubnormal x) (fp.isNormal x)))
(declare-const y Real)
(assert (= y (fp.to_real x)))
(declare-const z Real)
(assert (= z (/ 2546705.0 713623846352979940529142984724747568191373312.0)))
(assert (= y z))
(set-info :status sat)
(check-sat)
