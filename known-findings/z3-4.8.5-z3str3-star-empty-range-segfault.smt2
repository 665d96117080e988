; With the z3str3 string solver Z3 crashes with a segmentation fault (exit 139); the right answer is sat: (re.range "" "") has no single-character bound so it denotes the empty language, its star is {""}, and "" belongs to it.
; From Z3Prover/z3#4350 (https://github.com/Z3Prover/z3/issues/4350), needs the option smt.string_solver=z3str3 (set in the file); the thread's (re.loop (re.range "" "") 0) (old Z3 syntax, at least 0 repetitions, which smtsmith does not read) is written as the equivalent re.*, which crashes the same releases; fixed by the z3str3 maintainer in PR #4360. z3 4.8.9 on and cvc5 1.4.2 answer sat. z3 binaries (probe.sh): 4.8.5.0 to 4.8.8.0 rc=139 (segfault); 4.8.9.0 on sat.
(set-option :smt.string_solver z3str3)
(set-logic QF_S)
(assert (str.in.re "" (re.* (re.range "" ""))))
(check-sat)
