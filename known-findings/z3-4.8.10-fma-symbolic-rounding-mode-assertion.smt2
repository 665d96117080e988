; Z3 4.8.10.0 stops on an internal assertion (`ASSERTION VIOLATION`, fpa2bv_converter.cpp
; line 118, then `UNEXPECTED CODE WAS REACHED`, exit status 114) when it bit-blasts `fp.fma`
; whose rounding mode is a variable; with a literal mode (`RNE`) it answers sat. Every format
; tried shows it: (2 3), (3 5), (4 6), Float16, Float32, Float64, Float128. Z3 5.4.1.0: sat.
; Found by the `differential` target against SMTSMITH_Z3_VERSION=4.8.10.0 with
; SMTSMITH_THEORIES=fp,bv,arrays and fp: 9 crash findings in two 10-minute runs
; (2026-11-29), every one of them this; cut by hand from the first. 4.8.8.0 to 4.8.15.0
; show it; 4.8.7.0 answers unknown; 4.8.16.0 and later: sat.
;   z3 FILE.smt2   (4.8.10.0: exit status 114)
(set-logic QF_FP)
(declare-fun rm () RoundingMode)
(declare-fun x () Float32)
(assert (fp.isZero (fp.fma rm x x x)))
(check-sat)
