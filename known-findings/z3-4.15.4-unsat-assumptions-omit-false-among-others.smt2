; smtsmith finding: invalid-core (Z3 4.15.4.0), reduced by smtsmith from a `script` finding
; The bug of z3-4.15.4-unsat-assumptions-omit-false.smt2 (https://github.com/Z3Prover/z3/issues/8045)
; with other assumptions beside false: Z3 answers unsat, then names no unsat assumption, although
; the empty set is satisfiable. Six findings of a `script` run on 4.15.4.0 reduced to this form
; (the other assumptions kept), whose key names `not`; this file makes that key known.
; reproduce: z3 FILE.smt2   (z3 4.15.4.0 prints unsat, then ())
; Probed with the binaries of the 31 releases in vendor/solvers (2026-11-28): the 23 from 4.8.6.0
; to 4.15.4.0 (the entry's releases) answer (); 4.15.8.0 to 5.4.1.0: (false); 4.8.5.0 does not
; take false as a literal.
(set-option :produce-unsat-assumptions true)
(declare-fun assume1 () Bool)
(check-sat-assuming (false assume1 (not assume1)))
(get-unsat-assumptions)
