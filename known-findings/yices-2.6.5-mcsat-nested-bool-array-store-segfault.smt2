; Yices 2.6.5 segfaults (signal 11) on a small QF_ANIA problem with nested Bool-indexed arrays (MCSAT array support); the file is valid SMT-LIB and must get an answer, not a crash.
; From SRI-CSL/yices2#552 (https://github.com/SRI-CSL/yices2/issues/552, closed by the maintainers), reported on 2.6.5. Checked: run directly, yices-smt2 2.6.5 exits with 139; with set-logic QF_AX or QF_AUFLIA (non-MCSAT) 2.6.4 and 2.6.5 answer sat; z3 5.4.1 answers sat. yices-smt2 (probe.sh): 2.6.4 rejects the logic QF_ANIA; 2.6.5 segfault (probe prints no output).
(set-logic QF_ANIA)
(declare-const x0 (Array (Array Bool Bool) Bool))
(declare-const x1 (Array Bool Bool))
(declare-const a (Array Bool Bool))
(assert (= (store (store x0 x1 false) (store a false false) false) (store x0 (store a true false) false)))
(assert (select a false))
(check-sat)
