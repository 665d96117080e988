; source: https://github.com/cvc5/cvc5/issues/3395
; filed: 2019-10-16
; symptom: wrong-sat (CVC4 1.6 with --fmf-fun; reporter says fixed on master)
; theory: DT + define-fun-rec + LIA (UFDTLIA)
(set-logic UFDTLIA)
(declare-datatypes ((Ssym 0) (Sexpr 0)) (((sa) (sb)) ((mynil) (mycons (hd Sexpr) (tl Sexpr)) (ssym (ssym-val Ssym)))))
(define-funs-rec ((eval2 ((fuel Int) (exp Sexpr)) Sexpr)) ((ite (> fuel 0) (ite ((_ is mycons) exp) (ite (= (hd exp) (ssym sa)) (ite ((_ is mycons) (tl exp)) (eval2 (- fuel 1) (tl exp)) mynil) (eval2 (- fuel 1) (tl exp))) mynil) mynil)))
(assert (= (mycons mynil mynil) (eval2 10 (mycons (ssym sb) mynil))))
(check-sat)
