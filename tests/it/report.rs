//! `smtsmith report` as a person sees it: the page is opened in a real headless Chromium
//! (Debian's `chromium`), which renders the findings table, follows nothing from the
//! network, and draws both plots; the reproducer link resolves to the file on disk. The
//! finding is a real one: Z3's and cvc5's real answers on a formula with exactly one model,
//! one model corrupted, judged by the oracles (ground truth: the evaluator).

use smtsmith::harness::{Harness, Selection};
use smtsmith::lang::ir::{Formula, Op, Sort, Value};
use smtsmith::verdict::finding;
use smtsmith::verdict::oracle::{judge, Class};
use std::path::Path;
use std::process::Command;

fn smtsmith() -> Command {
    Command::new(env!("CARGO_BIN_EXE_smtsmith"))
}

/// Fails with the command's stderr unless it exited with status 0.
fn succeeded(out: &std::process::Output) {
    assert!(
        out.status.success(),
        "{:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The page's DOM after Chromium loaded and laid it out (and a screenshot of it).
fn render(page: &Path, screenshot: &Path) -> String {
    let chromium = ["chromium", "chromium-browser"]
        .into_iter()
        .find(|c| Command::new(c).arg("--version").output().is_ok())
        .expect("headless Chromium (Debian: apt-get install chromium)");
    let flags = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
    ];
    let profile = tempfile::tempdir().unwrap();
    let url = format!("file://{}", page.display());
    let run = |extra: &[String]| {
        let out = Command::new(chromium)
            .args(flags)
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .args(extra)
            .arg(&url)
            .output()
            .unwrap();
        succeeded(&out);
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    run(&[
        format!("--screenshot={}", screenshot.display()),
        "--window-size=1000,1100".into(),
    ]);
    run(&["--dump-dom".into()])
}

#[test]
#[ignore = "needs headless Chromium (apt-get install chromium); .ci/run installs it and runs: cargo test --release --test it -- --ignored report::"]
fn report_renders_findings_and_plots_in_a_browser() {
    let dir = tempfile::tempdir().unwrap();
    let findings = dir.path().join("findings");

    // lo < x < lo + 2 over Int: the only model is x = lo + 1; x = lo + 2 is an invalid
    // model. Two such formulas are two findings of one de-duplication key.
    let mut h = Harness::new(Selection::All, &findings).unwrap();
    let mut written = Vec::new();
    for lo in [5, 40] {
        let mut f = Formula::default();
        let x = f.declare("x", Sort::Int);
        let x = f.constant(x);
        let low = f.lit(Value::Int(lo.into()));
        let high = f.lit(Value::Int((lo + 2).into()));
        let t = f.app(Op::Lt, vec![low, x, high]).unwrap();
        f.assert(t).unwrap();
        let mut answers = h.answers(&f);
        let model = answers[0].1.as_mut().unwrap().model.as_mut().unwrap();
        model.values[0] = Some(Value::Int((lo + 2).into()));
        let v = judge(&f, &answers);
        assert_eq!(v.findings.len(), 1, "{:?}", v.findings);
        assert_eq!(v.findings[0].class, Class::InvalidModel);
        let ctx = finding::Context::new(
            &f,
            h.versions(),
            &h.settings.limits,
            smtsmith::solver::CaseSetup {
                reuse: smtsmith::solver::Reuse::Scope,
                ..Default::default()
            },
        )
        .with_answers(&answers);
        written.push(
            finding::write(&findings, &v.findings[0], &ctx)
                .unwrap()
                .smt2,
        );
    }

    let log = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/differential-60s.log");
    let page = dir.path().join("out/report.html");
    let out = smtsmith()
        .arg("report")
        .arg(&findings)
        .arg("--log")
        .arg(&log)
        .arg("--out")
        .arg(&page)
        .output()
        .unwrap();
    succeeded(&out);

    let png = dir.path().join("report.png");
    let dom = render(&page, &png);
    assert!(
        dom.contains("2 finding(s) (0 of known bugs), 1 distinct key(s)"),
        "{dom}"
    );
    assert_eq!(dom.matches("<tr class=\"finding\">").count(), 1, "{dom}");
    assert!(dom.contains("<td>invalid-model (unsettled)</td>"), "{dom}");
    // Both links (the representative, then the other finding of the key behind a
    // disclosure) are relative to the page and lead to the two reproducers.
    let hrefs: Vec<&str> = dom
        .split("href=\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap())
        .collect();
    assert_eq!(hrefs.len(), 2, "{dom}");
    assert!(dom.contains("<details><summary>1 more</summary>"), "{dom}");
    let mut targets: Vec<std::path::PathBuf> = hrefs
        .iter()
        .map(|h| {
            assert!(!h.starts_with('/'), "{h}");
            std::fs::canonicalize(page.parent().unwrap().join(h)).unwrap()
        })
        .collect();
    let mut expected: Vec<std::path::PathBuf> = written
        .iter()
        .map(|p| std::fs::canonicalize(p).unwrap())
        .collect();
    targets.sort();
    expected.sort();
    assert_eq!(targets, expected);
    // Both plots, one point per status line of the log (8 in it).
    for id in ["coverage", "exec-per-sec"] {
        let svg = dom
            .split(&format!("<svg id=\"{id}\""))
            .nth(1)
            .unwrap_or_else(|| panic!("no {id} plot: {dom}"));
        let points = svg
            .split("points=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        assert_eq!(points.split_whitespace().count(), 8, "{id}: {points}");
    }
    assert!(dom.contains("6354 inputs, coverage 4862 edges"), "{dom}");
    // Chromium drew the page (a PNG of real size).
    let shot = std::fs::read(&png).unwrap();
    assert!(
        shot.starts_with(b"\x89PNG") && shot.len() > 10_000,
        "{} bytes",
        shot.len()
    );
}
