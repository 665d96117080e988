; z3 says sat but the formula is unsat: the left array maps index #x1 to "a" (const "a" stored only at #x0),
; the right one maps #x1 to "" (const "" stored only at #x2), so the arrays cannot be equal; right answer unsat.
; From Z3Prover/z3#5593 (https://github.com/Z3Prover/z3/issues/5593), reported on 4.8.12 (closed). cvc5 1.4.2 says
; unsat; z3 4.8.13/4.8.14 and 5.0.0.0 on say unsat. z3 binaries (probe.sh): 4.8.5.0-4.8.12.0 sat, 4.8.13.0-4.8.14.0
; unsat, 4.8.15.0-4.16.0.0 sat, 5.0.0.0 on unsat.
(set-info :status unsat)
(assert
 (let ((?x277 ((as const (Array (_ BitVec 4) String)) "")))
 (let ((?x225 (store ?x277 (_ bv2 4) "a")))
 (let ((?x467 ((as const (Array (_ BitVec 4) String)) "a")))
 (let ((?x146 (store ?x467 (_ bv0 4) "")))
 (= ?x146 ?x225))))))
(check-sat)
