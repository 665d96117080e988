; smtsmith finding: crash (Z3 4.8.10.0, its SMT-LIB front end: the z3-text path)
; Z3 overflows its stack building the model of three distinct lists of a parametric list
; datatype at Bool: datatype_factory::get_fresh_value recurses into itself (43,652 frames in
; gdb's backtrace) until a segmentation fault. Expected: sat (cvc5 1.4.0; Z3 4.8.8.0,
; 4.8.13.0, 5.4.1.0). On 4.8.10.0 the same list declared without a parameter (a Bool head),
; or at Int, is sat.
; reproduce: z3 FILE.smt2   (z3 4.8.10.0 exits with status 139)
; 4.8.9.0, 4.8.10.0, 4.8.11.0, 4.8.12.0: segfault; 4.8.8.0, 4.8.13.0 and later: sat
; (binaries checked 2026-12-01). Found by a 10-minute differential run with
; SMTSMITH_THEORIES=datatypes and SMTSMITH_Z3_VERSION=4.8.10.0 (the generator's parametric
; list shape), reduced by hand from the crash finding it wrote.
(set-logic QF_DT)
(declare-datatypes ((L 1)) ((par (T) ((nil) (cons (hd T) (tl (L T)))))))
(declare-fun a () (L Bool))
(declare-fun b () (L Bool))
(declare-fun c () (L Bool))
(assert (distinct a b c))
(check-sat)
