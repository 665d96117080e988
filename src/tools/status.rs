//! The campaign's terminal (`smtsmith campaign-status`, run by `scripts/campaign.sh`): one
//! status line for all of a campaign's fuzzing processes, redrawn in place on a terminal
//! (indicatif) and printed as a plain line every so often elsewhere, and one line per
//! finding as it is written. libFuzzer's own lines go to the campaign's log only, its status
//! lines stamped with the campaign's clock (`[mm:ss / mm:ss left] #…`, which the report
//! plots).
//!
//! It reads what the processes leave in the campaign's process folder: each process's
//! output (`jobK-N.log`, libFuzzer's lines and smtsmith's) and its running counts
//! (`jobK-N.status.json`, [`ProcessStatus`]), the findings folder and the corpus. It stops
//! once the file `done` is in the process folder, after reading everything up to it.

use crate::harness::status::ProcessStatus;
use crate::verdict::finding::record::{FindingRecord, Status};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

/// A campaign to watch.
#[derive(Clone, Debug)]
pub struct Campaign {
    /// The folder of the processes' outputs and statuses.
    pub procs: PathBuf,
    pub findings: PathBuf,
    pub corpus: PathBuf,
    /// The campaign's whole log, appended to.
    pub log: PathBuf,
    /// The campaign's length and its number of parallel jobs.
    pub seconds: u64,
    pub jobs: u32,
    /// Off a terminal: a plain status line this often.
    pub plain_every: Duration,
}

/// libFuzzer's last status line of one process.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Progress {
    pub inputs: u64,
    pub edges: u64,
    pub corpus: u64,
    pub exec_per_second: u64,
}

impl Progress {
    /// A libFuzzer status line (`#1234\tNEW    cov: 15234 ft: 40 corp: 812/100Kb … exec/s: 41
    /// …`) or its last words (`Done 1234 runs in 300 second(s)`); `None` for other lines.
    pub fn parse(line: &str) -> Option<Progress> {
        let number_after = |key: &str| -> Option<u64> {
            let rest = &line[line.find(key)? + key.len()..];
            rest.chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
                .parse()
                .ok()
        };
        if let Some(rest) = line.strip_prefix("Done ") {
            let inputs = rest.split(' ').next()?.parse().ok()?;
            return Some(Progress {
                inputs,
                ..Progress::default()
            });
        }
        let rest = line.strip_prefix('#')?;
        let inputs: u64 = rest
            .chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .ok()?;
        Some(Progress {
            inputs,
            edges: number_after("cov: ").unwrap_or(0),
            corpus: number_after("corp: ").unwrap_or(0),
            exec_per_second: number_after("exec/s: ").unwrap_or(0),
        })
    }
}

/// One process's output read so far.
#[derive(Default)]
struct Output {
    offset: u64,
    partial: String,
    progress: Progress,
}

/// A finding as its line names it.
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    pub class: String,
    pub solver: String,
    pub logic: String,
    pub status: Status,
    /// Its de-duplication key: a finding of a key already shown gets no line of its own.
    pub key: String,
    /// Its reproducer (`.smt2`).
    pub file: PathBuf,
}

impl Seen {
    fn of(json: &Path, r: &FindingRecord) -> Seen {
        Seen {
            class: r.class.clone(),
            solver: r
                .blamed
                .map(|s| s.to_string())
                .unwrap_or_else(|| "-".into()),
            logic: if r.logic.is_empty() {
                "-".into()
            } else {
                r.logic.clone()
            },
            status: r.status,
            key: r.key.clone(),
            file: json.with_extension("smt2"),
        }
    }

    /// The line a person reads for it.
    pub fn line(&self) -> String {
        format!(
            "FINDING {} {} {} {} {}",
            self.class,
            self.solver,
            self.logic,
            self.status.as_str(),
            self.file.display()
        )
    }
}

/// Everything the status line says, summed over the campaign's processes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Totals {
    pub elapsed: Duration,
    pub inputs: u64,
    pub edges: u64,
    pub corpus: u64,
    pub processes: u64,
    /// Per solver: calls, their seconds, seconds past limits.
    pub solvers: Vec<(String, u64, f64, f64)>,
    pub findings: BTreeMap<String, u64>,
    /// Findings of a key an earlier finding's line named.
    pub repeats: u64,
}

impl Totals {
    /// The status line: clock, inputs, rates, coverage, corpus, findings, restarts.
    pub fn line(&self, c: &Campaign) -> String {
        let t = self.elapsed.as_secs();
        let left = c.seconds.saturating_sub(t);
        let secs = self.elapsed.as_secs_f64().max(1.0);
        let checks: Vec<String> = self
            .solvers
            .iter()
            .map(|(s, calls, _, _)| format!("{s} {:.0}", *calls as f64 / secs))
            .collect();
        let count = |s: &str| self.findings.get(s).copied().unwrap_or(0);
        format!(
            "[{:02}:{:02} / {:02}:{:02} left] inputs {} | {:.0} exec/s | checks/s {} | edges {} | corpus {} | findings new {} known {} unsettled {} ({} repeat a key shown) | restarts {}",
            t / 60,
            t % 60,
            left / 60,
            left % 60,
            self.inputs,
            self.inputs as f64 / secs,
            if checks.is_empty() { "-".to_string() } else { checks.join(" ") },
            self.edges,
            self.corpus,
            count("new"),
            count("known") + count("regression"),
            count("unsettled"),
            self.repeats,
            self.processes.saturating_sub(u64::from(c.jobs)),
        )
    }
}

impl Totals {
    /// A line per solver: its checks, their time and the time past their limits.
    pub fn solver_lines(&self) -> Vec<String> {
        self.solvers
            .iter()
            .map(|(s, calls, secs, past)| {
                format!(
                    "  {s}: {calls} checks, {secs:.1} s in them, {past:.1} s past their limits ({:.1}%)",
                    100.0 * past / secs.max(f64::MIN_POSITIVE)
                )
            })
            .collect()
    }
}

/// The watcher's state between rounds.
pub struct Watcher {
    campaign: Campaign,
    start: Instant,
    started_at: SystemTime,
    outputs: BTreeMap<PathBuf, Output>,
    /// Findings by their file stem (a finding settled as known moves to `known/`).
    seen: BTreeMap<String, Seen>,
    /// The keys a finding line has named.
    keys: std::collections::BTreeSet<String>,
    /// Each findings-folder JSON file read so far, by path: its modification time then and
    /// the finding it held (`None`: no finding).
    read: BTreeMap<PathBuf, (SystemTime, Option<Seen>)>,
    log: std::fs::File,
    /// smtsmith's own error lines already shown (each once).
    errors: Vec<String>,
}

impl Watcher {
    pub fn new(campaign: Campaign) -> std::io::Result<Watcher> {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&campaign.log)
            .map_err(|e| named(&campaign.log, e))?;
        Ok(Watcher {
            campaign,
            start: Instant::now(),
            // The file system stamps files by a coarser clock than `SystemTime::now`: a
            // finding written just after the start can look a little older than it.
            started_at: SystemTime::now() - Duration::from_secs(2),
            outputs: BTreeMap::new(),
            seen: BTreeMap::new(),
            keys: Default::default(),
            read: BTreeMap::new(),
            log,
            errors: Vec::new(),
        })
    }

    /// One round: new output lines into the log, new findings, the totals. Returns the lines
    /// a person must see (findings, smtsmith's errors) and the totals.
    pub fn round(&mut self) -> std::io::Result<(Vec<String>, Totals)> {
        let mut shown = Vec::new();
        let elapsed = self.start.elapsed();
        let mut files: Vec<PathBuf> = std::fs::read_dir(&self.campaign.procs)
            .map_err(|e| named(&self.campaign.procs, e))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        files.sort();
        let mut totals = Totals {
            elapsed,
            ..Totals::default()
        };
        let mut solvers: BTreeMap<String, (u64, f64, f64)> = BTreeMap::new();
        for f in &files {
            let name = f.file_name().unwrap_or_default().to_string_lossy();
            if name.ends_with(".status.json") {
                // A status being replaced is read at the next round.
                if let Ok(s) = ProcessStatus::open(f) {
                    for c in &s.solvers {
                        let e = solvers.entry(c.solver.to_string()).or_default();
                        e.0 += c.calls;
                        e.1 += c.seconds;
                        e.2 += c.past_limit_seconds;
                    }
                }
            } else if name.starts_with("job") && name.ends_with(".log") {
                totals.processes += 1;
                let lines = self.read_new(f)?;
                for line in lines {
                    self.log_line(&line, elapsed)?;
                    if is_error(&line) && !self.errors.contains(&line) {
                        self.errors.push(line.clone());
                        shown.push(line);
                    }
                }
                let p = self.outputs[f].progress;
                totals.inputs += p.inputs;
                totals.edges = totals.edges.max(p.edges);
            }
        }
        totals.solvers = solvers
            .into_iter()
            .map(|(s, (n, secs, past))| (s, n, secs, past))
            .collect();
        // In the solvers' own order (z3, cvc5, yices), as every other table lists them.
        let rank = |name: &str| {
            crate::dialect::solver_id::SolverId::ALL
                .iter()
                .position(|s| s.to_string() == name)
        };
        totals.solvers.sort_by_key(|(s, ..)| rank(s));
        for (stem, seen) in self.findings() {
            if !self.seen.contains_key(&stem) && self.keys.insert(seen.key.clone()) {
                shown.push(seen.line());
            }
            self.seen.insert(stem, seen);
        }
        for s in self.seen.values() {
            *totals
                .findings
                .entry(s.status.as_str().to_string())
                .or_default() += 1;
        }
        totals.repeats = (self.seen.len() - self.keys.len()) as u64;
        totals.corpus = count_files(&self.campaign.corpus);
        Ok((shown, totals))
    }

    /// The complete lines `f` has gained since the last round.
    fn read_new(&mut self, f: &Path) -> std::io::Result<Vec<String>> {
        let out = self.outputs.entry(f.to_path_buf()).or_default();
        let mut file = std::fs::File::open(f).map_err(|e| named(f, e))?;
        file.seek(SeekFrom::Start(out.offset))?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)?;
        out.offset += bytes.len() as u64;
        out.partial.push_str(&String::from_utf8_lossy(&bytes));
        let mut lines = Vec::new();
        while let Some(i) = out.partial.find('\n') {
            let line: String = out.partial.drain(..=i).collect();
            let line = line.trim_end_matches(['\n', '\r']).to_string();
            if let Some(p) = Progress::parse(&line) {
                out.progress = Progress {
                    edges: if p.edges > 0 {
                        p.edges
                    } else {
                        out.progress.edges
                    },
                    corpus: if p.corpus > 0 {
                        p.corpus
                    } else {
                        out.progress.corpus
                    },
                    ..p
                };
            }
            lines.push(line);
        }
        Ok(lines)
    }

    /// A process's line into the campaign's log; libFuzzer's status lines carry the clock.
    fn log_line(&mut self, line: &str, elapsed: Duration) -> std::io::Result<()> {
        let t = elapsed.as_secs();
        let left = self.campaign.seconds.saturating_sub(t);
        if line.starts_with('#') && line[1..].starts_with(|c: char| c.is_ascii_digit()) {
            writeln!(
                self.log,
                "[{:02}:{:02} / {:02}:{:02} left] {line}",
                t / 60,
                t % 60,
                left / 60,
                left % 60
            )
        } else {
            writeln!(self.log, "{line}")
        }
    }

    /// The findings written since the campaign started, by file stem. Each JSON file is
    /// read once per version (its modification time): a round reads only what changed.
    fn findings(&mut self) -> Vec<(String, Seen)> {
        // A file moved or removed while the folder is walked (a finding settled as known)
        // is found at the next round.
        let files =
            crate::verdict::finding::json_files(&self.campaign.findings).unwrap_or_default();
        let mut out = Vec::new();
        for p in files {
            let Ok(modified) = std::fs::metadata(&p).and_then(|m| m.modified()) else {
                continue;
            };
            if modified < self.started_at {
                continue;
            }
            let seen = match self.read.get(&p) {
                Some((at, seen)) if *at == modified => seen.clone(),
                _ => {
                    // A finding still being written is read at the next round.
                    let Ok(r) = FindingRecord::open(&p) else {
                        continue;
                    };
                    let seen = (!r.class.is_empty()).then(|| Seen::of(&p, &r));
                    self.read.insert(p.clone(), (modified, seen.clone()));
                    seen
                }
            };
            let Some(seen) = seen else { continue };
            let stem = p
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string();
            out.push((stem, seen));
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }
}

/// smtsmith's own lines a person must see: a setting it cannot read, a solver it cannot
/// start, a panic of its own (by its place: each place once), libFuzzer's own errors.
fn is_error(line: &str) -> bool {
    (line.starts_with("thread '") && line.contains("panicked at"))
        || line.starts_with("smtsmith: SMTSMITH_")
        || line.starts_with("smtsmith: cannot")
        || line.contains("cannot start the solvers")
        || line.contains("ERROR: libFuzzer: out-of-memory")
        || line.contains("ERROR: libFuzzer: fuzz target exited")
}

fn count_files(dir: &Path) -> u64 {
    let mut n = 0;
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.filter_map(Result::ok) {
            match e.file_type() {
                Ok(t) if t.is_dir() => stack.push(e.path()),
                Ok(_) => n += 1,
                Err(_) => {}
            }
        }
    }
    n
}

fn named(path: &Path, e: std::io::Error) -> std::io::Error {
    std::io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

/// Watches `c` until its process folder holds `done`: on a terminal one status line redrawn
/// in place, elsewhere a plain one every [`Campaign::plain_every`]; a line per finding and
/// per error either way. Ends with the last status line, printed plain.
pub fn watch(c: Campaign) -> std::io::Result<Totals> {
    let terminal = std::io::stderr().is_terminal();
    let mut w = Watcher::new(c.clone())?;
    let bar = if terminal {
        let b = indicatif::ProgressBar::new_spinner();
        b.set_style(
            indicatif::ProgressStyle::with_template("{wide_msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
        );
        Some(b)
    } else {
        None
    };
    let mut last_plain = Instant::now();
    loop {
        // `done` before the round: the round after it has read everything.
        let done = c.procs.join("done").exists();
        let (shown, totals) = w.round()?;
        let line = totals.line(&c);
        for s in &shown {
            match &bar {
                Some(b) => b.println(s),
                None => println!("{s}"),
            }
        }
        match &bar {
            Some(b) => b.set_message(line.clone()),
            None if done || last_plain.elapsed() >= c.plain_every => {
                println!("{line}");
                last_plain = Instant::now();
            }
            None => {}
        }
        if done {
            if let Some(b) = &bar {
                b.finish_and_clear();
                eprintln!("{line}");
            }
            for l in totals.solver_lines() {
                println!("{l}");
            }
            return Ok(totals);
        }
        std::thread::sleep(Duration::from_secs(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn libfuzzer_status_lines_are_read_and_others_are_not() {
        let p = Progress::parse(
            "#1234\tNEW    cov: 15234 ft: 40000 corp: 812/100Kb lim: 4096 exec/s: 41 rss: 500Mb L: 3/4 MS: 1 ChangeBit-",
        )
        .unwrap();
        assert_eq!(
            p,
            Progress {
                inputs: 1234,
                edges: 15234,
                corpus: 812,
                exec_per_second: 41
            }
        );
        assert_eq!(
            Progress::parse("Done 98765 runs in 300 second(s)").map(|p| p.inputs),
            Some(98765)
        );
        for other in [
            "INFO: Seed: 1",
            "#",
            "smtsmith: hang tax: z3 0.0 s",
            "campaign: fuzzing process 1.1 ended with status 0",
        ] {
            assert_eq!(Progress::parse(other), None, "{other}");
        }
    }

    #[test]
    fn the_status_line_sums_every_process_and_counts_restarts() {
        let dir = tempfile::tempdir().unwrap();
        let (procs, findings, corpus) = (
            dir.path().join("procs"),
            dir.path().join("findings"),
            dir.path().join("corpus"),
        );
        for d in [&procs, &findings, &corpus] {
            std::fs::create_dir_all(d).unwrap();
        }
        std::fs::write(corpus.join("a"), "x").unwrap();
        let c = Campaign {
            procs: procs.clone(),
            findings,
            corpus,
            log: dir.path().join("campaign.log"),
            seconds: 300,
            jobs: 2,
            plain_every: Duration::from_secs(30),
        };
        std::fs::write(
            procs.join("job1-1.log"),
            "INFO: Seed: 1\n#100\tpulse  cov: 900 ft: 1 corp: 10/1Kb exec/s: 50 rss: 1Mb\n#2",
        )
        .unwrap();
        std::fs::write(
            procs.join("job1-2.log"),
            "#40\tNEW    cov: 950 ft: 1 corp: 12/1Kb exec/s: 20 rss: 1Mb\n",
        )
        .unwrap();
        std::fs::write(
            procs.join("job2-1.log"),
            "smtsmith: SMTSMITH_THEORIES: unknown theory \"foo\"\n\
             thread '<unnamed>' panicked at src/solver/z3.rs:2261:17:\n\
             index out of bounds: the len is 0 but the index is 0\n",
        )
        .unwrap();
        let mut w = Watcher::new(c.clone()).unwrap();
        let (shown, t) = w.round().unwrap();
        assert_eq!(
            shown,
            vec![
                "smtsmith: SMTSMITH_THEORIES: unknown theory \"foo\"".to_string(),
                "thread '<unnamed>' panicked at src/solver/z3.rs:2261:17:".to_string()
            ]
        );
        assert_eq!((t.inputs, t.edges, t.corpus, t.processes), (140, 950, 1, 3));
        let line = t.line(&c);
        assert!(line.contains("inputs 140"), "{line}");
        assert!(line.contains("edges 950"), "{line}");
        assert!(line.ends_with("restarts 1"), "{line}");
        assert!(t.solver_lines().is_empty(), "no status file yet");
        // The status line was stamped with the clock in the log; the half line waits.
        let log = std::fs::read_to_string(&c.log).unwrap();
        assert!(log.contains("left] #100\tpulse"), "{log}");
        assert!(!log.contains("#2\n"), "{log}");
        // An error is shown once; the rest of a line comes at the next round.
        std::fs::OpenOptions::new()
            .append(true)
            .open(procs.join("job1-1.log"))
            .unwrap()
            .write_all(b"00\tpulse  cov: 990 ft: 1 corp: 11/1Kb exec/s: 50 rss: 1Mb\n")
            .unwrap();
        let (shown, t) = w.round().unwrap();
        assert!(shown.is_empty(), "{shown:?}");
        assert_eq!((t.inputs, t.edges), (240, 990));
        // A finding gets its line once; a second of the same key is counted, not shown.
        let class_dir = c.findings.join("wrong-unsat");
        std::fs::create_dir_all(&class_dir).unwrap();
        let record = |key: &str| FindingRecord {
            class: "wrong-unsat".into(),
            blamed: Some(crate::dialect::solver_id::SolverId::Z3),
            logic: "QF_LIA".into(),
            key: key.into(),
            ..FindingRecord::default()
        };
        record("k1").save(&class_dir.join("aaa.json")).unwrap();
        record("k1").save(&class_dir.join("bbb.json")).unwrap();
        record("k2").save(&class_dir.join("ccc.json")).unwrap();
        let (shown, t) = w.round().unwrap();
        assert_eq!(
            shown,
            vec![
                format!(
                    "FINDING wrong-unsat z3 QF_LIA unsettled {}",
                    class_dir.join("aaa.smt2").display()
                ),
                format!(
                    "FINDING wrong-unsat z3 QF_LIA unsettled {}",
                    class_dir.join("ccc.smt2").display()
                ),
            ]
        );
        assert_eq!((t.findings["unsettled"], t.repeats), (3, 1));
        assert!(t.line(&c).contains("unsettled 3 (1 repeat a key shown)"));
        let (shown, _) = w.round().unwrap();
        assert!(shown.is_empty(), "{shown:?}");
    }
}
