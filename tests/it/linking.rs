//! Both solver libraries live in one process, are the releases the build selected, and are
//! found without LD_LIBRARY_PATH (rpath).

use smtsmith::harness::{Harness, Selection};
use smtsmith::solver::SolverId;
use std::process::Command;

#[test]
fn linked_libraries_are_the_selected_releases() {
    let h = Harness::new(Selection::Both, tempfile::tempdir().unwrap().keep()).unwrap();
    let version = |id| {
        h.versions()
            .iter()
            .find(|(s, _)| *s == id)
            .unwrap()
            .1
            .clone()
    };
    // What the build selected (build.rs): a pinned z3-solver release such as 5.4.1.0, or
    // "custom" for SMTSMITH_Z3_LIB_DIR. The wheel's version has a 4th component.
    let selected = env!("SMTSMITH_BUILT_Z3");
    if selected != "custom" {
        let release = selected.rsplit_once('.').unwrap().0;
        assert!(
            version(SolverId::Z3).contains(release),
            "selected {selected}, linked {}",
            version(SolverId::Z3)
        );
    }
    // A pinned wheel's library lies under vendor/solvers/cvc5-RELEASE/.
    let cvc5_dir = env!("SMTSMITH_BUILT_CVC5_LIB_DIR");
    if let Some(release) = cvc5_dir
        .split("vendor/solvers/cvc5-")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
    {
        assert!(
            version(SolverId::Cvc5).starts_with(release),
            "selected {release}, linked cvc5 {}",
            version(SolverId::Cvc5)
        );
    }
}

#[test]
fn binary_runs_without_ld_library_path() {
    let out = Command::new(env!("CARGO_BIN_EXE_smtsmith"))
        .arg("versions")
        .env_remove("LD_LIBRARY_PATH")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("z3 ") && text.contains("cvc5 "), "{text}");
}
