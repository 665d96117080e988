; smtsmith finding: crash (Z3 4.8.7.0)
; Z3 ends with a segmentation fault on a check-sat-assuming whose literals are a Boolean constant
; and then false; (false p) and (false) answer unsat. Expected: unsat (cvc5 1.4.0, Z3 4.8.8.0).
; Found while probing the releases with the reproducer of Z3 issue #8045
; (known-findings/z3-4.15.4-unsat-assumptions-omit-false.smt2).
; reproduce: z3 FILE.smt2   (z3 4.8.7.0 exits with status 139)
; 4.8.6.0, 4.8.7.0: segfault; 4.8.8.0 and later: unsat; 4.8.5.0 does not take false as a literal
; (2026-11-28).
(declare-fun p () Bool)
(check-sat-assuming (p false))
