; Z3 4.8.7.0 ends with a segmentation fault (in nnf::imp::process, under nnf_tactic) on two
; assertions `(exists ((q Bool)) false)` when a solver made from a tactic that starts with
; `nnf` checks them (`Z3_mk_solver_from_tactic`, or the binary's `check-sat-using`). 4.8.6.0
; too; 4.8.5.0, 4.8.8.0, 4.8.9.0, 4.8.10.0, 4.8.17.0 and 5.4.1.0: unsat. One assertion alone: unsat.
; Found by the `differential` target against SMTSMITH_Z3_VERSION=4.8.7.0 with drawn setups
; (Z3's solver from the tactic `(then nnf simplify reduce-args smt)`), in both 10-minute
; runs with drawn setups and never with the fixed setup (2026-11-27). libFuzzer kept the
; input as a crash artifact; the formula was printed by `smtsmith replay --target
; differential` and the tactic read from the setup the input draws.
;   z3 FILE.smt2   (4.8.7.0: exit status 139)
(set-logic UF)
(assert (exists ((q0 Bool)) false))
(assert (exists ((q1 Bool)) false))
(check-sat-using (then nnf simplify reduce-args smt))
