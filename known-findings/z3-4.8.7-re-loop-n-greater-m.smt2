; Z3 4.8.7.0 (z3-solver wheel) answers sat, with s0 = "\x00\x00\x00", although
; ((_ re.loop 3 1) r) is the empty language in SMT-LIB 2.6 (n > m); cvc5 1.4.0 and Z3 5.4.1.0
; answer unsat. Found by `smtsmith run --theories strings` built with SMTSMITH_Z3_VERSION=4.8.7.0
; (class disagreement; Z3's model string is not read exactly on that release, so the model
; could not be validated). Old releases name str.in_re `str.in.re`: this file uses the old
; name, so it runs with that release's z3 binary:
;   z3 FILE.smt2            (4.8.5.0, 4.8.6.0, 4.8.7.0: sat; 4.8.8.0 and later: unsat;
;                           `smtsmith bisect` on a finding of it, 2026-11-27)
; For current releases and cvc5 replace str.in.re by str.in_re.
(set-option :produce-models true)
(set-logic QF_SLIA)
(set-info :status unsat)
(declare-fun s0 () String)
(assert (str.in.re s0 ((_ re.loop 3 1) re.allchar)))
(check-sat)
(get-value (s0))
