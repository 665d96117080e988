; Z3 4.8.10.0 (z3-solver wheel), inside push/pop: check-sat of a formula with str.from_code
; fails with "Sort of polymorphic function 'seq.len' does not match the declared type. Given
; domain: Int Expected domain: (Seq k!0)" (through the C API: an error of Z3_solver_check;
; its binary prints unknown with that reason). 4.8.17.0: sat; 4.8.5.0 has no str.from_code.
; Found by `scripts/z3-releases.sh -n 1000 --compare 4.8.10.0` (class api-error: 6 of 1000
; cases with the fixed setup, 3 with drawn setups, through Z3's solver for the logic and its
; general solver). A second symptom of 4.8.10's new character theory next to
; z3-4.8.10-str-is-digit-sort-mismatch.smt2 (a different message and operator).
;   z3 FILE.smt2            (4.8.10.0: unknown; 4.8.17.0: sat)
(set-info :status sat)
(declare-fun s () String)
(declare-fun i () Int)
(push 1)
(assert (str.prefixof s (str.from_code i)))
(check-sat)
(get-info :reason-unknown)
