; cvc5 with --fp-exp (its experimental floating-point solver, which formats other than
; Float32 and Float64 need) fails check-sat of one assertion over (_ FloatingPoint 3 4) with
; "resulting bit-vector size is too large; must fit a 32-bit unsigned integer", through the
; C API and through its own parser. (_ FloatingPoint 4 5) alike; (2 4), (3 5) and (5 11)
; answer sat (cvc5 1.4.2's front end, `smtsmith solve --solver cvc5`), and so does Z3 5.4.1.0
; on this file. A regression of 1.4.0: the wheels' own parsers of 1.4.0, 1.4.1 and 1.4.2 show
; it, those of 1.2.0 to 1.3.2 answer sat (`smtsmith bugs verify --only cvc5 --every-release`,
; 2026-12-03). Met as a side answer of a Z3 4.11.2 api-error finding of a `differential` run
; with SMTSMITH_THEORIES=all,fp,datatypes; written as cvc5's own finding by `smtsmith check`
; and reduced by smtsmith (2026-12-03). No public cvc5 thread found (searched: the message,
; roundToIntegral, small formats, --fp-exp); nearest: cvc5/cvc5#12760, #9505 (other
; small-format --fp-exp crashes), and the (eb, eb+1) roundToIntegral formats of STP's copy
; of SymFPU (stp/stp#784). Experimental option: cvc5/cvc5#3623 asks for no --fp-exp reports;
; later ones are filed under the `experimental` label.
;   cvc5 --fp-exp FILE.smt2
(set-option :fp-exp true)
(set-logic QF_FP)
(declare-fun a () (_ FloatingPoint 3 4))
(assert (fp.isZero (fp.roundToIntegral RNE a)))
(set-info :status sat)
(check-sat)
