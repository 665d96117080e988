; Invalid model: c = to_fp(a, 10^99) = fp.add a c d = b over Float64 with a free rounding mode; the
; formula is sat (e.g. d = +0), but the model z3 returns makes the assertion false (z3's model_validate
; reports "an invalid model was generated"; in the thread, feeding the model back yields unsat).
; From Z3Prover/z3#4889 (https://github.com/Z3Prover/z3/issues/4889) (consolidated FP bugs, z3 89a6c7a). Checked:
; cvc5 1.4.2 sat; z3 4.8.13 on gives valid models. z3 binaries (probe.sh, model_validate=true): 4.8.5.0 to 4.8.7.0
; valid; 4.8.8.0 to 4.8.12.0 invalid model; 4.8.13.0 on valid.
(declare-fun a () RoundingMode)
(declare-fun b () Float64)
(declare-fun c () Float64)
(declare-fun d () Float64)
(assert (= ((_ to_fp 11 53) a 1000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000.0) c (fp.add a c d) b))
(check-sat)
(get-model)
