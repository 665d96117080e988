//! Triage of a findings folder: one row per key (count, representative, reduced form,
//! status and evidence), and the summary table.

use super::*;
use serde::Deserialize;

/// A table of the findings under `dir`: count per class and solver, and one reproducer per
/// de-duplication key.
pub fn summary(dir: &Path) -> std::io::Result<String> {
    // The same grouping and representatives as `triage`.
    let t = triage_if_present(dir)?;
    let mut out = t.headline();
    for r in &t.rows {
        let known = r
            .known
            .as_ref()
            .map(|k| format!("  (known bug: known-findings/{k})"))
            .unwrap_or_default();
        let experimental = if r.experimental.is_empty() {
            String::new()
        } else {
            format!(
                "  (experimental: {})",
                r.experimental
                    .iter()
                    .map(|o| format!("--{o}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        };
        out.push_str(&format!(
            "{:>6}  {}{known}{experimental}  [{}]\n        {}\n",
            r.count,
            r.key,
            r.status,
            r.representative.display()
        ));
        if let Some(e) = &r.evidence {
            out.push_str(&format!("        evidence: {e}\n"));
        }
    }
    Ok(out)
}

/// One row of the triage table: a de-duplication key and its findings.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TriageRow {
    pub class: String,
    pub solver: String,
    pub logic: String,
    pub key: String,
    pub count: usize,
    /// One reproducer of the key (the first by file name).
    pub representative: PathBuf,
    /// Its summary line.
    pub summary: String,
    /// The known bug's reproducer in `known-findings/`, for findings known by evidence.
    pub known: Option<String>,
    /// The representative's status: `unsettled`, `new`, `known`, `regression` (older
    /// findings: `?`).
    pub status: String,
    /// The blamed solver's experimental options the representative needs (filed as such).
    pub experimental: Vec<String>,
    /// What settled it (the known bug's replay or bisection, or why it is new), and whom the
    /// evidence blames where the finding named nobody.
    pub evidence: Option<String>,
    /// Every finding's reproducer of the key, in file-name order (the representative first).
    pub reproducers: Vec<PathBuf>,
    /// The smallest reduced reproducer of the key (`<hash>.reduced.smt2`), if any finding
    /// of it is reduced.
    pub reduced: Option<PathBuf>,
    /// The affected releases, where a finding of the key is bisected (`smtsmith bisect`).
    pub releases: Option<String>,
}

/// The findings of a folder grouped by de-duplication key.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Triage {
    pub dir: PathBuf,
    pub findings: usize,
    /// Of `findings`, those recognised as known bugs (`known-findings/`).
    pub known: usize,
    /// Distinct keys of the findings before reduction (`original_key` where a finding is
    /// reduced).
    pub original_keys: usize,
    /// Findings with a reduced form.
    pub reduced: usize,
    /// Class × solver × logic: findings and distinct keys.
    pub summary: Vec<TriageGroup>,
    pub rows: Vec<TriageRow>,
    /// Finding files that could not be read as a finding record (path, why): counted, not
    /// silently left out.
    pub unreadable: Vec<(PathBuf, String)>,
}

/// One cell of the class × solver × logic summary.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TriageGroup {
    pub class: String,
    pub solver: String,
    pub logic: String,
    pub findings: usize,
    pub keys: usize,
}

/// The class folders of findings folder `dir`: `<class>/` for new findings,
/// `known/<class>/` for known bugs, sorted.
fn class_folders(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let subfolders = |d: &Path| -> std::io::Result<Vec<PathBuf>> {
        let mut v: Vec<PathBuf> = fs::read_dir(d)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_dir())
            .collect();
        v.sort();
        Ok(v)
    };
    let mut classes = Vec::new();
    for class in subfolders(dir)? {
        if class.file_name().is_some_and(|n| n == "known") {
            classes.extend(subfolders(&class)?);
        } else {
            classes.push(class);
        }
    }
    Ok(classes)
}

/// Reads every `<class>/<hash>.json` under `dir` and groups the findings by their `key`.
pub fn triage(dir: &Path) -> std::io::Result<Triage> {
    use std::collections::BTreeMap;
    let mut rows: BTreeMap<String, TriageRow> = BTreeMap::new();
    let mut findings = 0;
    let mut original_keys = std::collections::BTreeSet::new();
    let mut reduced_count = 0;
    let mut unreadable = Vec::new();
    for class in class_folders(dir)? {
        let mut files: Vec<PathBuf> = fs::read_dir(&class)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("json"))
            .collect();
        files.sort();
        for path in files {
            let v = match FindingRecord::open(&path) {
                Ok(v) => v,
                Err(e) => {
                    unreadable.push((path.clone(), e.to_string()));
                    continue;
                }
            };
            findings += 1;
            let key = v.key.clone();
            original_keys.insert(v.original_key.clone().unwrap_or_else(|| key.clone()));
            let known = v.known.clone();
            let reduced = v.reduced.as_ref().and_then(|r| {
                Some((
                    path.with_file_name(r.file.as_deref()?),
                    r.bytes.unwrap_or(0),
                ))
            });
            let row_key = format!("{}{key}", if known.is_some() { "known " } else { "" });
            let or_unknown = |s: &str| {
                if s.is_empty() {
                    "?".to_string()
                } else {
                    s.to_string()
                }
            };
            let row = rows.entry(row_key).or_insert_with(|| TriageRow {
                class: or_unknown(&v.class),
                solver: v.blamed.map_or_else(|| "?".to_string(), |s| s.to_string()),
                // The reduced form's logic where there is one (the key's).
                logic: v
                    .reduced
                    .as_ref()
                    .and_then(|r| r.logic.clone())
                    .unwrap_or_else(|| or_unknown(&v.logic)),
                key,
                count: 0,
                representative: path.with_extension("smt2"),
                summary: or_unknown(&v.summary),
                known,
                status: v.status.as_str().to_string(),
                experimental: v.experimental.clone(),
                evidence: {
                    let settled = v.known_by.as_deref().or(v.status_evidence.as_deref());
                    let blame = v.blame.as_ref().map(|b| format!("blame: {}", b.evidence));
                    match (settled, blame) {
                        (Some(s), Some(b)) => Some(format!("{s}; {b}")),
                        (Some(s), None) => Some(s.to_string()),
                        (None, b) => b,
                    }
                },
                reproducers: Vec::new(),
                reduced: None,
                releases: None,
            });
            if row.releases.is_none() {
                row.releases = v.bisect.as_ref().map(|b| b.range.clone());
            }
            row.count += 1;
            row.reproducers.push(path.with_extension("smt2"));
            if let Some((file, bytes)) = reduced {
                reduced_count += 1;
                let smaller = |r: &Path| fs::metadata(r).map_or(true, |m| m.len() > bytes);
                if row.reduced.as_deref().is_none_or(smaller) {
                    row.reduced = Some(file);
                }
            }
        }
    }
    let mut rows: Vec<TriageRow> = rows.into_values().collect();
    rows.sort_by(|a, b| {
        (
            a.known.is_some(),
            a.class.as_str(),
            a.solver.as_str(),
            a.logic.as_str(),
            std::cmp::Reverse(a.count),
        )
            .cmp(&(
                b.known.is_some(),
                b.class.as_str(),
                b.solver.as_str(),
                b.logic.as_str(),
                std::cmp::Reverse(b.count),
            ))
    });
    let mut summary: Vec<TriageGroup> = Vec::new();
    for r in &rows {
        let class = match r.known {
            Some(_) => format!("known {}", r.class),
            None => r.class.clone(),
        };
        match summary
            .iter_mut()
            .find(|g| g.class == class && g.solver == r.solver && g.logic == r.logic)
        {
            Some(g) => {
                g.findings += r.count;
                g.keys += 1;
            }
            None => summary.push(TriageGroup {
                class,
                solver: r.solver.clone(),
                logic: r.logic.clone(),
                findings: r.count,
                keys: 1,
            }),
        }
    }
    let known = rows
        .iter()
        .filter(|r| r.known.is_some())
        .map(|r| r.count)
        .sum();
    Ok(Triage {
        dir: dir.to_path_buf(),
        findings,
        known,
        original_keys: original_keys.len(),
        reduced: reduced_count,
        summary,
        rows,
        unreadable,
    })
}

/// [`triage`], or no finding where `dir` does not exist (yet: a run without findings never
/// creates it).
pub fn triage_if_present(dir: &Path) -> std::io::Result<Triage> {
    if dir.exists() {
        return triage(dir);
    }
    Ok(Triage {
        dir: dir.to_path_buf(),
        findings: 0,
        known: 0,
        original_keys: 0,
        reduced: 0,
        summary: Vec::new(),
        rows: Vec::new(),
        unreadable: Vec::new(),
    })
}

impl Triage {
    /// Plain text: a header line, then per key its count, class, solver, logic and
    /// representative.
    pub fn text(&self) -> String {
        let mut out = self.headline();
        out.push_str("findings  keys  class × solver × logic\n");
        for g in &self.summary {
            out.push_str(&format!(
                "{:>8}  {:>4}  {} {} {}\n",
                g.findings, g.keys, g.class, g.solver, g.logic
            ));
        }
        out.push_str("per key (count, class, solver, logic, key, representative):\n");
        for r in &self.rows {
            out.push_str(&format!(
                "{:>6}  {:<16} {:<5} {:<12} {}\n        {}\n",
                r.count,
                r.class,
                r.solver,
                r.logic,
                r.key,
                r.representative.display()
            ));
            if let Some(p) = &r.reduced {
                out.push_str(&format!("        reduced: {}\n", p.display()));
            }
            if let Some(range) = &r.releases {
                out.push_str(&format!("        releases: {range}\n"));
            }
            if let Some(k) = &r.known {
                out.push_str(&format!("        known bug: known-findings/{k}\n"));
            }
        }
        out
    }

    /// `N finding(s) (K of known bugs, R reduced), M distinct key(s) (O before reduction)
    /// in DIR`.
    pub fn headline(&self) -> String {
        let mut out = format!(
            "{} finding(s) ({} of known bugs, {} reduced), {} distinct key(s) ({} before reduction) in {}\n",
            self.findings,
            self.known,
            self.reduced,
            self.rows.len(),
            self.original_keys,
            self.dir.display()
        );
        for (path, why) in &self.unreadable {
            out.push_str(&format!(
                "not a finding record, left out: {}: {why}\n",
                path.display()
            ));
        }
        out
    }

    /// A Markdown table with the same rows.
    pub fn markdown(&self) -> String {
        let mut out = format!(
            "{} finding(s), {} distinct key(s) in `{}`\n\n| class | solver | logic | findings | keys |\n|---|---|---|---:|---:|\n",
            self.findings,
            self.rows.len(),
            self.dir.display()
        );
        for g in &self.summary {
            out.push_str(&format!(
                "| {} | {} | {} | {} | {} |\n",
                g.class, g.solver, g.logic, g.findings, g.keys
            ));
        }
        out.push_str(
            "\n| class | solver | logic | count | key | representative | reduced | releases |\n|---|---|---|---:|---|---|---|---|\n",
        );
        for r in &self.rows {
            out.push_str(&format!(
                "| {} | {} | {} | {} | `{}` | `{}` | {} | {} |\n",
                r.class,
                r.solver,
                r.logic,
                r.count,
                r.key.replace('|', "\\|"),
                r.representative.display(),
                r.reduced
                    .as_ref()
                    .map_or(String::new(), |p| format!("`{}`", p.display())),
                r.releases.as_deref().unwrap_or("")
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file in a class folder that is no finding record is counted and named, not left
    /// out without a word (a record an older or newer smtsmith wrote, or a torn write).
    #[test]
    fn an_unreadable_finding_file_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let class = dir.path().join("wrong-unsat");
        fs::create_dir_all(&class).unwrap();
        fs::write(class.join("0123456789abcdef.json"), "{\"class\": 3").unwrap();
        let t = triage(dir.path()).unwrap();
        assert_eq!(t.findings, 0);
        assert_eq!(t.unreadable.len(), 1);
        assert!(
            t.headline().contains("not a finding record, left out: ")
                && t.headline().contains("0123456789abcdef.json"),
            "{}",
            t.headline()
        );
    }
}
