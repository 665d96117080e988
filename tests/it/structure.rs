//! The shape of the source, read from the files so that a change that breaks it fails here
//! and not only in review: `unsafe` lives only in the backends' FFI (`src/solver/z3.rs`,
//! `src/solver/cvc5.rs`, `src/solver/yices.rs`) and the libc calls of `src/sys.rs`; the top-level modules depend on
//! each other without cycles.

use std::path::{Path, PathBuf};

const FFI: [&str; 4] = [
    "src/solver/z3.rs",
    "src/solver/cvc5.rs",
    "src/solver/yices.rs",
    "src/sys.rs",
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
            .all(|a| a.starts_with("src/solver/mod.rs:") || a.starts_with("src/sys.rs:")),
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

#[test]
fn top_level_modules_have_no_cycles() {
    let graph = module_graph(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(graph.len() > 15, "{graph:?}");
    assert!(
        graph["harness"].contains("solver"),
        "the graph reads dependencies: {graph:?}"
    );
    // Depth-first search from every module; a module met again on the current path closes
    // a cycle.
    fn visit(
        m: &str,
        graph: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut std::collections::BTreeSet<String>,
    ) {
        if let Some(i) = path.iter().position(|p| p == m) {
            panic!("module cycle: {} -> {m}", path[i..].join(" -> "));
        }
        if done.contains(m) {
            return;
        }
        path.push(m.to_string());
        for d in &graph[m] {
            visit(d, graph, path, done);
        }
        path.pop();
        done.insert(m.to_string());
    }
    let mut done = std::collections::BTreeSet::new();
    for m in graph.keys() {
        visit(m, &graph, &mut Vec::new(), &mut done);
    }
    // The base modules depend on nothing.
    for base in ["ir", "solver_id", "sys"] {
        assert!(graph[base].is_empty(), "{base} -> {:?}", graph[base]);
    }
}
