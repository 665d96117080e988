; Z3 4.8.5.0 - 5.4.1.0 (all 49 pinned releases, probed with their binaries): with opt.optsmt_engine=symba, maximize r0 under
; r0 <= 1 reports 1 while the model gives r0 = 0 (without the unrelated i1 <= 0: unknown, interval 0..oo).
; Found by smtsmith's optimize target (docs/optimizer.md).
(set-option :opt.optsmt_engine symba)
(declare-fun r0 () Real)
(declare-fun i1 () Int)
(assert (<= r0 1.0))
(assert (<= i1 0))
(maximize r0)
(check-sat)
(get-objectives)
(get-value (r0))
