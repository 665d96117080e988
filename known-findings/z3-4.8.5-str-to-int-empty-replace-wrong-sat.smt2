; Z3 answers sat (model x="\x00") but the formula is unsat: (str.replace "" x "") and (str.replace "" x (str.substr x 1 0)) are both "" for every x, and (str.to.int "") is -1, not 0.
; From Z3Prover/z3#5096 (https://github.com/Z3Prover/z3/issues/5096), reported against master with cvc4 answering unsat; the same formula (with the 2.5 name str.to.int that old releases read) is wrong on the oldest pinned releases. cvc5 1.4.2 and z3 4.8.7 on answer unsat. z3 binaries (probe.sh): 4.8.5.0 to 4.8.6.0 sat; 4.8.7.0 on unsat.
(set-logic QF_SLIA)
(declare-fun x () String)
(assert (= 0 (str.to.int (str.++ (str.replace "" x "") 
        (str.replace "" x (str.substr x 1 0))))))
(set-info :status unsat)
(check-sat)
