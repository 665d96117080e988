//! The campaign's terminal as a person sees it: `scripts/campaign.sh` runs in a real terminal
//! (a tmux pane of 160 × 50), and what the pane holds — its scrollback included — is read back
//! with `capture-pane`. Ground truth for the findings: the findings folder the campaign wrote
//! (each finding's key has a line naming one of its reproducers). A wrong optimum is planted
//! (`SMTSMITH_FAULT=wrong-optimum`: Z3's reported maximum one less than its model's) so that
//! the run has findings to show; the portfolio's `optimize` member meets it.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const SECONDS: u64 = 60;

fn tmux(args: &[&str]) -> std::process::Output {
    Command::new("tmux")
        .args(args)
        .output()
        .expect("tmux (Debian: apt-get install tmux)")
}

fn pane(session: &str) -> String {
    let out = tmux(&["capture-pane", "-p", "-J", "-S", "-", "-t", session]);
    String::from_utf8_lossy(&out.stdout).to_string()
}

#[test]
#[ignore = "runs scripts/campaign.sh portfolio for 60 s in tmux, with the fuzz target built (.ci/run runs it after the fuzz smoke)"]
fn a_campaign_shows_one_status_line_in_place_and_a_line_per_finding() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let (findings, corpus) = (dir.path().join("findings"), dir.path().join("corpus"));
    let session = format!("smtsmith-terminal-{}", std::process::id());
    let script = format!(
        "cd {} && SMTSMITH_FAULT=wrong-optimum SMTSMITH_FINDINGS={} SMTSMITH_CORPUS={} \
         scripts/campaign.sh portfolio {SECONDS}; echo CAMPAIGN-EXIT $?; sleep 3600",
        root.display(),
        findings.display(),
        corpus.display()
    );
    let started = tmux(&[
        "new-session",
        "-d",
        "-s",
        &session,
        "-x",
        "160",
        "-y",
        "50",
        "bash",
        "-c",
        &script,
    ]);
    assert!(started.status.success(), "{started:?}");
    tmux(&["set-option", "-t", &session, "history-limit", "100000"]);
    // Midway, the pane holds exactly one status line: it is redrawn in place.
    let begin = Instant::now();
    let mut midway = None;
    let text = loop {
        std::thread::sleep(Duration::from_secs(2));
        let text = pane(&session);
        if text.contains("CAMPAIGN-EXIT") {
            break text;
        }
        if midway.is_none() && text.contains(" left] inputs ") {
            std::thread::sleep(Duration::from_secs(10));
            midway = Some(pane(&session));
        }
        assert!(
            begin.elapsed() < Duration::from_secs(1800),
            "the campaign did not end:\n{text}"
        );
    };
    tmux(&["kill-session", "-t", &session]);
    assert!(text.contains("CAMPAIGN-EXIT 0"), "{text}");
    let midway = midway.expect("a status line was seen while fuzzing");
    let status_lines = midway
        .lines()
        .filter(|l| l.contains(" left] inputs "))
        .count();
    assert_eq!(
        status_lines, 1,
        "the status line is redrawn in place:\n{midway}"
    );
    // Besides the build: from the fuzzing banner to the end.
    let after_build: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("== fuzzing"))
        .take_while(|l| !l.starts_with("CAMPAIGN-EXIT"))
        .collect();
    assert!(
        !after_build.is_empty() && after_build.len() < 60,
        "{} lines after the build:\n{}",
        after_build.len(),
        after_build.join("\n")
    );
    assert!(
        !after_build.iter().any(|l| l.contains("NEW    cov:")),
        "libFuzzer's lines stay in the log:\n{}",
        after_build.join("\n")
    );
    // Every key of the findings written has a line naming one of its findings.
    let mut keys: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    let mut stack = vec![findings.clone()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                if !p.ends_with("hung-inputs") {
                    stack.push(p);
                }
            } else if p.extension().is_some_and(|x| x == "json") {
                let r = smtsmith::verdict::finding::record::FindingRecord::open(&p).unwrap();
                let stem = p.file_stem().unwrap().to_string_lossy().to_string();
                keys.entry(r.key).or_default().push(stem);
            }
        }
    }
    assert!(
        !keys.is_empty(),
        "the planted wrong optimum made findings:\n{text}"
    );
    let finding_lines: Vec<&&str> = after_build
        .iter()
        .filter(|l| l.starts_with("FINDING "))
        .collect();
    for (key, stems) in &keys {
        assert!(
            finding_lines
                .iter()
                .any(|l| stems.iter().any(|s| l.contains(s.as_str()))),
            "no line for the findings of key {key} ({stems:?}):\n{}",
            after_build.join("\n")
        );
    }
}
