; source: https://github.com/Z3Prover/z3/issues/2306
; filed: 2019-05-29
; symptom: crash (segmentation fault on master with z3str3; 4.8.4 z3str3 answered sat, expected unsat)
; theory: strings + forall over String (z3str3; str.substr, str.++, str.prefixof)
(set-option :global-declarations true)
(set-option :produce-models true)
(set-option :produce-unsat-cores true)
(set-logic ALL)
(declare-fun s () String)
(declare-fun t () String)
(assert (! (forall ((t1_fresh String) (t2 String) (t1 String)) (let (($x1206 (= (= t1_fresh s) false))) (let (($x1207 (= (str.++ t1_fresh t2) t))) (=> (and (= (str.substr t1 0 (str.len t1)) t1_fresh) $x1207) $x1206)))) :named a2))
(assert (! (let (($x995 (str.prefixof s t))) (let (($x1027 (= $x995 false))) (not $x1027))) :named a3))
(check-sat)
(get-unsat-core)
