; From Z3Prover/z3#4401 ("Soundness Bug involving Existentials in Recursive Functions on
; ADTs", https://github.com/Z3Prover/z3/issues/4401, 2020-05):
; z3 answers unsat, but TARGET = (Prod numT boolT) is a model: correctType of (node (numLeaf
; 1) (boolLeaf true)) unfolds to
; exists TA TB. TA = numT and TB = boolT and TARGET = (Prod TA TB). Right answer: sat (later
; z3 releases answer sat; cvc5 answers unknown).
; Thread syntax translated to SMT-LIB 2.6 (declare-datatypes with arities, named match
; variables, distinct selector names tleft/tright).
; Measured with the z3 binaries (2026-12-06): 4.8.5.0 .. 4.8.7.0 answer unsat; 4.8.8.0 no
; answer within 20 s; 4.8.9.0 .. 4.8.12.0 unknown; 4.8.13.0 .. 5.4.1.0 sat.
(declare-datatypes ((tree 0) (treeType 0))
  (((numLeaf (num Int)) (boolLeaf (bool Bool)) (node (left tree) (right tree)))
   ((numT) (boolT) (Prod (tleft treeType) (tright treeType)))))
(define-fun-rec correctType ((t tree) (T treeType)) Bool
  (match t
    (((numLeaf n) (= T numT))
     ((boolLeaf b) (= T boolT))
     ((node ta tb)
       (exists ((TA treeType) (TB treeType))
         (and (correctType ta TA) (correctType tb TB) (= T (Prod TA TB))))))))
(declare-const TARGET treeType)
(assert (correctType (node (numLeaf 1) (boolLeaf true)) TARGET))
(set-info :status sat)
(check-sat)
