//! A script's own text as the solvers' front ends read it: `smtsmith check` runs each file's
//! commands as written (not smtsmith's re-printed formula), so that a front-end bug in how
//! the file is written — an n-ary operator, a `let`, a name — can show.

use super::sexp;

/// Queries that have no answer before the first check (they would be errors there) and
/// `exit`, which ends the script.
const LEFT_OUT: &[&str] = &[
    "get-model",
    "get-value",
    "get-assignment",
    "get-proof",
    "get-unsat-core",
    "get-unsat-assumptions",
    "exit",
];

/// The commands of `text` before its first check, each as written (comments and the
/// whitespace between commands dropped), one per line; queries that need a check first and
/// `exit` left out. `Err` says why the file's own text cannot run as one query: it is not
/// balanced S-expressions, it has no check, or its first check is not a plain `check-sat`.
pub fn before_first_check(text: &str) -> Result<String, String> {
    let commands =
        sexp::command_spans(text).ok_or("not balanced S-expressions with closed strings")?;
    let mut out = String::new();
    for (range, sx) in commands {
        match sx.head() {
            Some("check-sat") if matches!(&sx, sexp::Sx::List(items) if items.len() == 1) => {
                return Ok(out)
            }
            Some(check @ ("check-sat" | "check-sat-assuming" | "check-sat-using")) => {
                return Err(format!("its first check is a {check} with arguments"))
            }
            Some(cmd) if LEFT_OUT.contains(&cmd) => {}
            _ => {
                out.push_str(&text[range]);
                out.push('\n');
            }
        }
    }
    Err("it has no check-sat".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commands_before_the_first_check_stay_as_written() {
        let text = "; a comment\n(set-logic QF_LIA) (declare-fun x () Int)\n\
                    (assert (=> (> x 1) (> x 0) (> x -1)))\n(get-model)\n(check-sat)\n\
                    (assert false)(check-sat)";
        assert_eq!(
            before_first_check(text).unwrap(),
            "(set-logic QF_LIA)\n(declare-fun x () Int)\n(assert (=> (> x 1) (> x 0) (> x -1)))\n"
        );
        assert!(before_first_check("(assert true)")
            .unwrap_err()
            .contains("no check-sat"));
        assert!(before_first_check("(check-sat-assuming (a))")
            .unwrap_err()
            .contains("check-sat-assuming"));
        assert!(before_first_check("(assert (").is_err());
    }
}
