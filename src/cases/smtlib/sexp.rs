//! SMT-LIB text as S-expressions: atoms (symbols, numerals, keywords, string literals with
//! their quotes, quoted symbols with their bars) and lists, comments dropped. For
//! rewriting text the typed parser does not read as it stands (`parse::compat`) and for
//! tests that rewrite real scripts. (General S-expression crates read Lisp syntax: `""` in
//! strings and `|…|` symbols are SMT-LIB's own.)

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Sx {
    Atom(String),
    List(Vec<Sx>),
}

impl Sx {
    /// The S-expressions of `text`, in order; `None` unless they are all balanced and every
    /// string literal is closed.
    pub fn parse_all(text: &str) -> Option<Vec<Sx>> {
        let toks = tokens(text)?;
        let mut i = 0;
        let mut out = Vec::new();
        while i < toks.len() {
            out.push(tree(&toks, &mut i)?);
        }
        Some(out)
    }

    /// The head symbol of a list (`assert` in `(assert …)`).
    pub fn head(&self) -> Option<&str> {
        match self {
            Sx::List(items) => match items.first() {
                Some(Sx::Atom(a)) => Some(a),
                _ => None,
            },
            Sx::Atom(_) => None,
        }
    }
}

/// One line: items separated by one space.
impl fmt::Display for Sx {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sx::Atom(a) => f.write_str(a),
            Sx::List(items) => {
                f.write_str("(")?;
                for (k, i) in items.iter().enumerate() {
                    if k > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{i}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// The top-level commands of `text` with their byte ranges in it (comments and whitespace
/// between commands belong to none); `None` unless every command is balanced and every
/// string literal closed. The ranges cut the text as written, for the solvers' own front
/// ends.
pub fn command_spans(text: &str) -> Option<Vec<(std::ops::Range<usize>, Sx)>> {
    let (toks, spans) = tokens_with_spans(text)?;
    let mut i = 0;
    let mut out = Vec::new();
    while i < toks.len() {
        let start = spans[i].start;
        let sx = tree(&toks, &mut i)?;
        out.push((start..spans[i - 1].end, sx));
    }
    Some(out)
}

fn tokens(text: &str) -> Option<Vec<String>> {
    tokens_with_spans(text).map(|(toks, _)| toks)
}

/// The tokens of `text` and the byte range of each.
fn tokens_with_spans(text: &str) -> Option<(Vec<String>, Vec<std::ops::Range<usize>>)> {
    let c: Vec<char> = text.chars().collect();
    // The byte offset of each char, and of the end.
    let offsets: Vec<usize> = text
        .char_indices()
        .map(|(k, _)| k)
        .chain([text.len()])
        .collect();
    let mut spans = Vec::new();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        match c[i] {
            ';' => {
                while i < c.len() && c[i] != '\n' {
                    i += 1;
                }
            }
            '(' | ')' => {
                out.push(c[i].to_string());
                spans.push(offsets[i]..offsets[i + 1]);
                i += 1;
            }
            w if w.is_whitespace() => i += 1,
            '"' => {
                let start = i;
                i += 1;
                loop {
                    if i >= c.len() {
                        return None;
                    }
                    if c[i] == '"' {
                        // `""` is a quote inside the literal.
                        if c.get(i + 1) == Some(&'"') {
                            i += 2;
                            continue;
                        }
                        i += 1;
                        break;
                    }
                    i += 1;
                }
                out.push(c[start..i].iter().collect());
                spans.push(offsets[start]..offsets[i]);
            }
            '|' => {
                let start = i;
                i += 1;
                while i < c.len() && c[i] != '|' {
                    i += 1;
                }
                i += 1;
                out.push(c[start..i.min(c.len())].iter().collect());
                spans.push(offsets[start]..offsets[i.min(c.len())]);
            }
            _ => {
                let start = i;
                while i < c.len() && !c[i].is_whitespace() && !"();\"|".contains(c[i]) {
                    i += 1;
                }
                out.push(c[start..i].iter().collect());
                spans.push(offsets[start]..offsets[i]);
            }
        }
    }
    Some((out, spans))
}

fn tree(toks: &[String], i: &mut usize) -> Option<Sx> {
    let t = toks.get(*i)?;
    *i += 1;
    if t == "(" {
        let mut items = Vec::new();
        while toks.get(*i)? != ")" {
            items.push(tree(toks, i)?);
        }
        *i += 1;
        Some(Sx::List(items))
    } else if t == ")" {
        None
    } else {
        Some(Sx::Atom(t.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_symbols_and_comments_are_read_as_written() {
        let xs = Sx::parse_all("; c\n(assert (= s \"a\"\"(b\" |x y|)) ; d\n(check-sat)").unwrap();
        assert_eq!(xs.len(), 2);
        assert_eq!(xs[0].to_string(), "(assert (= s \"a\"\"(b\" |x y|))");
        assert_eq!(xs[1].head(), Some("check-sat"));
        assert!(Sx::parse_all("(assert (").is_none());
        assert!(Sx::parse_all("(assert \"x)").is_none());
    }

    #[test]
    fn command_spans_cut_the_text_as_written() {
        let text = "; é\n(declare-fun |x y| () Int)  (assert  (> |x y| \"(é\"))\n(check-sat)";
        let spans = command_spans(text).unwrap();
        let cut: Vec<&str> = spans.iter().map(|(r, _)| &text[r.clone()]).collect();
        assert_eq!(
            cut,
            [
                "(declare-fun |x y| () Int)",
                "(assert  (> |x y| \"(é\"))",
                "(check-sat)"
            ]
        );
        assert_eq!(spans[2].1.head(), Some("check-sat"));
        assert!(command_spans("(assert (").is_none());
    }
}
