; smtsmith finding: invalid-core (Z3 4.15.4.0)
; Z3 answers unsat to a check that assumes false, then names no unsat assumption. The empty set
; of assumptions is satisfiable (there is no assertion: every model satisfies it), so the answer to
; get-unsat-assumptions must name false. Z3 4.15.8.0 and later and cvc5 1.4.0 answer (false).
; Reported as https://github.com/Z3Prover/z3/issues/8045 (2025-11-25), this file its formula.
; reproduce: z3 FILE.smt2   (z3 4.15.4.0 prints unsat, then ())
; Probed with the binaries of 31 releases from 4.8.5.0 to 5.4.1.0 (2026-11-28): the 21 from 4.8.6.0 to
; 4.15.4.0 answer (); 4.15.8.0 (the next pinned release) to 5.4.1.0: (false); 4.8.5.0 does not take
; false as a literal. get-unsat-core answers () too, which is no finding: a core is judged with the
; check's assumptions.
(set-option :produce-unsat-assumptions true)
(check-sat-assuming (false))
(get-unsat-assumptions)
