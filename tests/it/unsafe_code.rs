//! `unsafe` lives only in the backends' FFI (`src/solver/z3.rs`, `src/solver/cvc5.rs`) and
//! the libc calls of `src/sys.rs`: the crate denies `unsafe_code` and allows it on those three
//! modules alone. This test reads the sources, so that a new `#[allow(unsafe_code)]` or an
//! `unsafe` elsewhere fails here and not only in review.

use std::path::{Path, PathBuf};

const FFI: [&str; 3] = ["src/solver/z3.rs", "src/solver/cvc5.rs", "src/sys.rs"];

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
    // Two on the backends' module declarations, one on `sys`'s.
    assert_eq!(allows.len(), 3, "#[allow(unsafe_code)] at {allows:?}");
    assert!(
        allows
            .iter()
            .all(|a| a.starts_with("src/solver/mod.rs:") || a.starts_with("src/sys.rs:")),
        "#[allow(unsafe_code)] at {allows:?}"
    );
}
