//! The shape of the source, read from the files so that a change that breaks it fails here
//! and not only in review: `unsafe` lives only in the backends' FFI (`src/solver/z3.rs`,
//! `src/solver/cvc5.rs`, `src/solver/yices.rs`) and the libc calls of `src/solver/sys.rs`; `src/`
//! is [`FLOORS`], one folder a floor, each depending only on the floors below it; modules
//! depend on each other without cycles among the modules of any one parent; no function is
//! over 150 lines but a few match tables.

use std::path::{Path, PathBuf};

const FFI: [&str; 4] = [
    "src/solver/z3.rs",
    "src/solver/cvc5.rs",
    "src/solver/yices.rs",
    "src/solver/sys.rs",
];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("src/ readable") {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn unsafe_only_in_the_ffi_modules() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    assert!(files.len() > 20, "only {} source files found", files.len());
    let mut allows = Vec::new();
    for f in &files {
        let rel = f
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(f).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if code.contains("allow(unsafe_code)") {
                allows.push(format!("{rel}:{}", n + 1));
            }
            let uses_unsafe = ["unsafe {", "unsafe fn", "unsafe extern", "unsafe impl"]
                .iter()
                .any(|k| code.contains(k));
            assert!(
                !uses_unsafe || FFI.contains(&rel.as_str()),
                "{rel}:{}: unsafe outside the FFI modules: {line}",
                n + 1
            );
        }
    }
    // Three on the backends' module declarations, one on `sys`'s.
    assert_eq!(allows.len(), 4, "#[allow(unsafe_code)] at {allows:?}");
    assert!(
        allows
            .iter()
            .all(|a| a.starts_with("src/solver/mod.rs:") || a.starts_with("src/solver/sys.rs:")),
        "#[allow(unsafe_code)] at {allows:?}"
    );
}

/// The top-level modules of `src/` (a file or a folder) and the other top-level modules each
/// names as `crate::NAME` outside its tests (in code or prose: a module a doc comment points
/// to counts as a dependency too).
fn module_graph(
    root: &Path,
) -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    let mut graph = std::collections::BTreeMap::new();
    for f in &files {
        let rel = f.strip_prefix(root.join("src")).unwrap();
        let top = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let top = top.trim_end_matches(".rs").to_string();
        if top == "bin" || top == "lib" {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap();
        let deps: &mut std::collections::BTreeSet<String> = graph.entry(top.clone()).or_default();
        for part in code.split("crate::").skip(1) {
            let name: String = part
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_' || c.is_ascii_digit())
                .collect();
            if !name.is_empty() && name != top {
                deps.insert(name);
            }
        }
    }
    let names: std::collections::BTreeSet<String> = graph.keys().cloned().collect();
    for deps in graph.values_mut() {
        deps.retain(|d| names.contains(d));
    }
    graph
}

/// The floors of `src/`, bottom first: each may use the floors before it and none after it
/// (the layers `lib.rs` documents).
const FLOORS: [&str; 7] = [
    "lang", "dialect", "cases", "solver", "verdict", "harness", "tools",
];

#[test]
fn src_is_the_floors_and_lib_rs_alone() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut loose = Vec::new();
    let mut folders = Vec::new();
    for e in std::fs::read_dir(root.join("src")).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if p.is_dir() {
            folders.push(name);
        } else if name != "lib.rs" {
            loose.push(name);
        }
    }
    assert!(loose.is_empty(), "loose files in src/: {loose:?}");
    folders.sort();
    let mut expected: Vec<String> = FLOORS.iter().map(|f| f.to_string()).collect();
    expected.push("bin".into());
    expected.sort();
    assert_eq!(
        folders, expected,
        "the folders of src/ are the floors and bin/"
    );
    // lib.rs makes the floors public, in their order, and nothing else.
    let lib = std::fs::read_to_string(root.join("src/lib.rs")).unwrap();
    let declared: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';'))
        .collect();
    assert_eq!(declared, FLOORS, "lib.rs's public modules");
    assert!(
        !lib.lines().any(|l| l.trim_start().starts_with("mod ")),
        "lib.rs declares private modules"
    );
    // Its documentation lists them bottom first, so `cargo doc` reads as the layers.
    let doc: String = lib.lines().filter(|l| l.starts_with("//!")).collect();
    let at: Vec<usize> = FLOORS
        .iter()
        .map(|f| {
            doc.find(&format!("[`{f}`]"))
                .unwrap_or_else(|| panic!("lib.rs's doc does not name [`{f}`]"))
        })
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "lib.rs's doc order");
}

#[test]
fn each_floor_uses_only_the_floors_below_it() {
    let graph = module_graph(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert_eq!(
        graph.keys().collect::<std::collections::BTreeSet<_>>(),
        FLOORS
            .iter()
            .map(|f| f.to_string())
            .collect::<Vec<_>>()
            .iter()
            .collect(),
        "the graph's floors"
    );
    assert!(
        graph["harness"].contains("solver"),
        "the graph reads dependencies: {graph:?}"
    );
    for (i, floor) in FLOORS.iter().enumerate() {
        let above: Vec<&String> = graph[*floor]
            .iter()
            .filter(|d| FLOORS.iter().position(|f| f == d).unwrap() > i)
            .collect();
        assert!(
            above.is_empty(),
            "{floor} (floor {}) refers to floors above it: {above:?}",
            i + 1
        );
    }
    assert!(graph["lang"].is_empty(), "lang -> {:?}", graph["lang"]);
}

/// Every module of `src/` by its path (`solver::interrupt` for `src/solver/interrupt.rs`,
/// `solver` for `src/solver/mod.rs`), with the modules each refers to outside its tests, by
/// `crate::…`, `super::…` or `self::…` (in code or prose), each reference taken to the
/// deepest module its path names.
fn module_paths(root: &Path) -> Vec<(Vec<String>, std::collections::BTreeSet<Vec<String>>)> {
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    let module_of = |f: &Path| -> Option<Vec<String>> {
        let rel = f.strip_prefix(root.join("src")).unwrap();
        let mut parts: Vec<String> = rel
            .components()
            .map(|c| {
                c.as_os_str()
                    .to_string_lossy()
                    .trim_end_matches(".rs")
                    .to_string()
            })
            .collect();
        if parts.first().is_some_and(|p| p == "bin") {
            return None;
        }
        if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
            parts.pop();
        }
        Some(parts)
    };
    let modules: Vec<(Vec<String>, String)> = files
        .iter()
        .filter_map(|f| Some((module_of(f)?, std::fs::read_to_string(f).unwrap())))
        .collect();
    let known: std::collections::BTreeSet<Vec<String>> =
        modules.iter().map(|(m, _)| m.clone()).collect();
    let word = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_lowercase() || *c == '_' || c.is_ascii_digit())
            .collect()
    };
    let mut out = Vec::new();
    for (m, text) in &modules {
        let code = text.split("#[cfg(test)]").next().unwrap();
        let mut deps = std::collections::BTreeSet::new();
        for (prefix, base) in [
            ("crate::", Vec::new()),
            ("super::", m[..m.len().saturating_sub(1)].to_vec()),
            ("self::", m.clone()),
        ] {
            for (k, _) in code.match_indices(prefix) {
                // Not the tail of a longer path (`super::super::x` counts once, below).
                if code[..k].ends_with("::")
                    || code[..k].ends_with(|c: char| c.is_alphanumeric() || c == '_')
                {
                    continue;
                }
                let mut base = base.clone();
                let mut rest = &code[k + prefix.len()..];
                while let Some(r) = rest.strip_prefix("super::") {
                    base.pop();
                    rest = r;
                }
                let mut path = base;
                loop {
                    let w = word(rest);
                    if w.is_empty() {
                        break;
                    }
                    path.push(w.clone());
                    rest = &rest[w.len()..];
                    match rest.strip_prefix("::") {
                        Some(r) => rest = r,
                        None => break,
                    }
                }
                while !path.is_empty() && !known.contains(&path) {
                    path.pop();
                }
                if !path.is_empty() && path != *m {
                    deps.insert(path);
                }
            }
        }
        out.push((m.clone(), deps));
    }
    out
}

/// No module circle at any depth: among the modules of one parent (`solver::interrupt`,
/// `solver::z3`, …) as among the top-level ones, a module that refers to a sibling (or to a
/// module inside it) depends on it, and no chain of such dependencies comes back. A child
/// using its parent's items, or a parent its children's, is no circle.
#[test]
fn modules_have_no_cycles_at_any_depth() {
    let modules = module_paths(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(
        modules.iter().any(|(m, _)| m == &["solver", "interrupt"]),
        "submodules are read: {:?}",
        modules
            .iter()
            .map(|(m, _)| m.join("::"))
            .collect::<Vec<_>>()
    );
    // Each reference as an edge between the two siblings under the modules' last common
    // ancestor.
    let mut graph: std::collections::BTreeMap<
        Vec<String>,
        std::collections::BTreeSet<Vec<String>>,
    > = Default::default();
    for (m, deps) in &modules {
        graph.entry(m.clone()).or_default();
        for d in deps {
            let common = m.iter().zip(d).take_while(|(a, b)| a == b).count();
            if common == m.len() || common == d.len() {
                continue;
            }
            graph
                .entry(m[..=common].to_vec())
                .or_default()
                .insert(d[..=common].to_vec());
        }
    }
    let solver_children = graph
        .get(&vec!["solver".to_string(), "yices".to_string()])
        .cloned()
        .unwrap_or_default();
    assert!(
        solver_children.contains(&vec!["solver".to_string(), "interrupt".to_string()]),
        "the graph reads sibling dependencies: {solver_children:?}"
    );
    fn visit(
        m: &Vec<String>,
        graph: &std::collections::BTreeMap<Vec<String>, std::collections::BTreeSet<Vec<String>>>,
        path: &mut Vec<Vec<String>>,
        done: &mut std::collections::BTreeSet<Vec<String>>,
    ) {
        if let Some(i) = path.iter().position(|p| p == m) {
            let names: Vec<String> = path[i..].iter().map(|p| p.join("::")).collect();
            panic!("module cycle: {} -> {}", names.join(" -> "), m.join("::"));
        }
        if done.contains(m) {
            return;
        }
        path.push(m.clone());
        for d in graph.get(m).into_iter().flatten() {
            visit(d, graph, path, done);
        }
        path.pop();
        done.insert(m.clone());
    }
    let mut done = Default::default();
    for m in graph.keys() {
        visit(m, &graph, &mut Vec::new(), &mut done);
    }
}

/// The functions that may be longer than [`LONGEST_FUNCTION`] lines: each one match over
/// a table — operators (the backends' term builders, the parser's terms, the evaluator),
/// SMT-LIB commands (the reader by sorts), `SMTSMITH_*` variables — whose arms are short.
const LONG_MATCH_TABLES: [(&str, &str); 6] = [
    ("src/solver/z3.rs", "apply"),
    ("src/solver/cvc5.rs", "apply"),
    ("src/cases/smtlib/parse.rs", "term_uncached"),
    ("src/cases/smtlib/parse/by_sorts.rs", "read_command"),
    ("src/lang/eval/mod.rs", "apply_strict"),
    ("src/harness/settings.rs", "from_vars"),
];

/// Lines a function of `src/` may take (its signature to its closing brace), tests aside.
const LONGEST_FUNCTION: usize = 150;

/// Each function's name, first line and length in `text`, outside `#[cfg(test)]` modules:
/// braces counted outside comments, string and character literals.
fn function_lengths(text: &str) -> Vec<(String, usize, usize)> {
    let code: String = {
        // Blank out comments and literals, keeping the line structure.
        let mut out = String::with_capacity(text.len());
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '/' if chars.peek() == Some(&'/') => {
                    for c in chars.by_ref() {
                        if c == '\n' {
                            out.push('\n');
                            break;
                        }
                    }
                }
                '"' => {
                    out.push(' ');
                    let mut escaped = false;
                    for c in chars.by_ref() {
                        if c == '\n' {
                            out.push('\n');
                        }
                        if escaped {
                            escaped = false;
                        } else if c == '\\' {
                            escaped = true;
                        } else if c == '"' {
                            break;
                        }
                    }
                }
                // A character literal ('{', '\\', '"'), not a lifetime ('a).
                '\'' => {
                    let rest: String = chars.clone().take(3).collect();
                    let literal = rest.starts_with('\\') || rest.chars().nth(1) == Some('\'');
                    if literal {
                        let mut escaped = false;
                        for c in chars.by_ref() {
                            if escaped {
                                escaped = false;
                            } else if c == '\\' {
                                escaped = true;
                            } else if c == '\'' {
                                break;
                            }
                        }
                    }
                    out.push(' ');
                }
                c => out.push(c),
            }
        }
        out
    };
    let lines: Vec<&str> = code.lines().collect();
    let end = lines
        .iter()
        .position(|l| l.trim() == "#[cfg(test)]")
        .unwrap_or(lines.len());
    let mut found = Vec::new();
    let mut k = 0;
    while k < end {
        let words: Vec<&str> = lines[k].split_whitespace().collect();
        let name = words
            .iter()
            .position(|w| *w == "fn")
            .and_then(|i| words.get(i + 1))
            .map(|w| w.split(['(', '<']).next().unwrap_or("").to_string());
        let Some(name) = name.filter(|n| !n.is_empty()) else {
            k += 1;
            continue;
        };
        // From the signature to the brace that closes the body (none: a declaration).
        let (mut depth, mut opened, mut j) = (0i32, false, k);
        while j < lines.len() {
            for c in lines[j].chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if (opened && depth == 0) || (!opened && lines[j].trim_end().ends_with(';')) {
                break;
            }
            j += 1;
        }
        if opened {
            found.push((name, k + 1, j - k + 1));
            k = j + 1;
        } else {
            k += 1;
        }
    }
    found
}

/// No function of `src/` is longer than [`LONGEST_FUNCTION`] lines but the match tables
/// named in [`LONG_MATCH_TABLES`] (a function nested in another counts within it).
#[test]
fn no_function_is_longer_than_150_lines_but_match_tables() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    assert!(files.len() > 50, "src/ read: {} files", files.len());
    let mut long = Vec::new();
    let mut tables_seen = Vec::new();
    for file in &files {
        let rel = file
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .to_string();
        let text = std::fs::read_to_string(file).unwrap();
        for (name, line, len) in function_lengths(&text) {
            if LONG_MATCH_TABLES.contains(&(rel.as_str(), name.as_str())) {
                tables_seen.push((rel.clone(), name));
            } else if len > LONGEST_FUNCTION {
                long.push(format!("{rel}:{line} {name}: {len} lines"));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {LONGEST_FUNCTION} lines:\n{}",
        long.join("\n")
    );
    // Every exemption names a function that exists (a renamed one would exempt nothing).
    for (file, name) in LONG_MATCH_TABLES {
        assert!(
            tables_seen.iter().any(|(f, n)| f == file && n == name),
            "{file}: no function {name} (LONG_MATCH_TABLES is out of date)"
        );
    }
}

/// The counter itself: a brace in a string or character literal or a comment is not
/// counted, a lifetime is not a character literal, a test module is skipped.
#[test]
fn function_lengths_count_braces_of_code_only() {
    let text = "fn a<'x>(s: &'x str) -> bool {\n    // {\n    let b = '{';\n    s == \"u{\" || b == '\\''\n}\nfn c() {}\n#[cfg(test)]\nmod tests {\n    fn d() {}\n}\n";
    assert_eq!(
        function_lengths(text),
        vec![("a".to_string(), 1, 5), ("c".to_string(), 6, 1)]
    );
}
