//! Both solver libraries live in one process, are the releases the build selected, and are
//! found without LD_LIBRARY_PATH (rpath).

use smtsmith::harness::{Harness, Selection};
use smtsmith::solver::SolverId;
use std::process::Command;

#[test]
fn linked_libraries_are_the_selected_releases() {
    let h = Harness::new(Selection::All, tempfile::tempdir().unwrap().keep()).unwrap();
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

/// A Z3 built from source with libFuzzer's counters (scripts/build-z3-instrumented.sh,
/// linked with SMTSMITH_Z3_LIB_DIR) runs in a process without libFuzzer on the no-op
/// coverage callbacks (src/solver/sancov_stubs.c): the command line reports that source release
/// and runs generated cases through every path to the end (without the callbacks the
/// process would not start: "undefined symbol: __sancov_lowest_stack").
#[test]
#[cfg_attr(
    not(smtsmith_z3_instrumented),
    ignore = "needs SMTSMITH_Z3_LIB_DIR naming a build of scripts/build-z3-instrumented.sh"
)]
fn an_instrumented_z3_runs_without_libfuzzer() {
    let bin = env!("CARGO_BIN_EXE_smtsmith");
    let out = Command::new(bin).arg("versions").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("z3 5.3.3"), "{text}");
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(bin)
        .args(["run", "--count", "40"])
        .env("SMTSMITH_FINDINGS", dir.path())
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("40 cases in"), "{text}");
}
