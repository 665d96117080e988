; cvc5 answers unsat on a satisfiable FP formula built on fp.to_ubv of NaN (an unspecified value t); right answer sat: for every t the right side is to_fp of (bvand 1 (fp.to_ubv (fp.mul RTZ +0 y))) with y a finite positive float, i.e. to_fp of bvand 1 0 = +0, equal to the left side +0.
; From cvc5/cvc5#12354 (https://github.com/cvc5/cvc5/issues/12354, closed; cvc5 itself answers sat with --check-proofs, label "experimental" on the thread although no option is needed). Cross-checked: the z3 5.4.1 binary answers sat (smtsmith check gets unknown from z3 within its 5 s limit); cvc5 1.4.x sat; argument above by hand. cvc5 wheels (probe.sh): 1.2.0 to 1.3.2 unsat; 1.4.0 on sat.
(set-logic ALL)
(define-fun t () (_ BitVec 32) ((_ fp.to_ubv 32) RNE (fp (_ bv0 1) (_ bv255 8) (_ bv1 23))))
(assert (= (fp (_ bv0 1) (_ bv0 8) (_ bv0 23))
  ((_ to_fp 8 24) (bvand (_ bv1 32)
    ((_ fp.to_ubv 32) RNE (fp.mul RTZ (_ +zero 8 24)
      ((_ to_fp 8 24) RTZ (+ 1.0 (fp.to_real ((_ to_fp 8 24) (bvand #x007FFFFF t)))))))))))
(set-info :status sat)
(check-sat)
