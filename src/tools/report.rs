//! `smtsmith report`: one self-contained HTML page for a campaign (no server, no scripts,
//! no files besides the reproducers it links): the findings grouped by de-duplication key
//! with a link to each representative reproducer, and, from a libFuzzer log, plots of
//! coverage and inputs per second over time (inline SVG).

use crate::verdict::finding::triage_if_present;
use std::fmt::Write as _;
use std::path::Path;

/// One libFuzzer status line.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Seconds since the start (`time: Ns` of fork mode; without it, the line's index).
    pub seconds: f64,
    pub inputs: u64,
    /// Edges covered (`cov:`).
    pub coverage: u64,
    /// Inputs in the corpus (`corp:`).
    pub corpus: u64,
    pub exec_per_sec: u64,
}

/// The status lines of a libFuzzer log: `#N: cov: … corp: … exec/s: … time: Ns` (fork mode,
/// the parent's lines) or `#N  NEW|pulse|REDUCE  cov: … corp: K/SIZE … exec/s: …` (one
/// process; its time from campaign.sh's clock prefix, else the sample's number). Lines of
/// jobs quoted inside a fork-mode log, and anything else, are skipped.
pub fn parse_log(text: &str) -> Vec<Sample> {
    let fork = text.lines().any(is_fork_status);
    let mut out = Vec::new();
    for raw in text.lines() {
        let line = raw.trim_start_matches(|c: char| c != '#');
        if !line.starts_with('#') || (fork && !is_fork_status(line)) {
            continue;
        }
        let Some(inputs) = number_after(line, "#") else {
            continue;
        };
        let (Some(coverage), Some(exec_per_sec)) =
            (number_after(line, "cov:"), number_after(line, "exec/s:"))
        else {
            continue;
        };
        let seconds = number_after(line, "time:")
            .map(|t| t as f64)
            .or_else(|| clock(raw))
            .unwrap_or(out.len() as f64);
        out.push(Sample {
            seconds,
            inputs,
            coverage,
            corpus: number_after(line, "corp:").unwrap_or(0),
            exec_per_sec,
        });
    }
    out
}

/// The elapsed seconds of campaign.sh's clock prefix (`[mm:ss / mm:ss left] …`).
fn clock(line: &str) -> Option<f64> {
    let (m, s) = line.strip_prefix('[')?.split_once(' ')?.0.split_once(':')?;
    Some(m.parse::<f64>().ok()? * 60.0 + s.parse::<f64>().ok()?)
}

/// A fork-mode parent's status line: `#N: cov: …` (campaign.sh may prefix a clock).
fn is_fork_status(line: &str) -> bool {
    let line = line.trim_start_matches(|c: char| c != '#');
    line.starts_with('#')
        && line[1..]
            .split_once(':')
            .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The whole number right after `key` (skipping spaces).
fn number_after(line: &str, key: &str) -> Option<u64> {
    let i = line.find(key)? + key.len();
    let digits: String = line[i..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    digits.parse().ok()
}

/// Text for HTML element content and attribute values.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A line plot as inline SVG: `points` (x, y), axes labelled with their ranges.
fn plot(id: &str, title: &str, x_label: &str, points: &[(f64, f64)]) -> String {
    let (w, h, left, bottom, top, right) = (640.0, 240.0, 70.0, 40.0, 30.0, 20.0);
    let x_max = points.iter().map(|p| p.0).fold(0.0, f64::max).max(1.0);
    let y_max = points.iter().map(|p| p.1).fold(0.0, f64::max).max(1.0);
    let sx = |x: f64| left + x / x_max * (w - left - right);
    let sy = |y: f64| h - bottom - y / y_max * (h - bottom - top);
    let mut svg = format!(
        "<svg id=\"{id}\" class=\"plot\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"{title}\">\n\
         <text x=\"{left}\" y=\"18\" class=\"title\">{title}</text>\n\
         <line x1=\"{left}\" y1=\"{b}\" x2=\"{r}\" y2=\"{b}\" class=\"axis\"/>\n\
         <line x1=\"{left}\" y1=\"{top}\" x2=\"{left}\" y2=\"{b}\" class=\"axis\"/>\n\
         <text x=\"{l2}\" y=\"{yt}\" text-anchor=\"end\">{y_max}</text>\n\
         <text x=\"{l2}\" y=\"{b}\" text-anchor=\"end\">0</text>\n\
         <text x=\"{r}\" y=\"{xb}\" text-anchor=\"end\">{x_max} {x_label}</text>\n\
         <text x=\"{left}\" y=\"{xb}\">0</text>\n",
        title = escape(title),
        b = h - bottom,
        r = w - right,
        l2 = left - 6.0,
        yt = top + 4.0,
        xb = h - bottom + 18.0,
    );
    let coords: Vec<String> = points
        .iter()
        .map(|&(x, y)| format!("{:.1},{:.1}", sx(x), sy(y)))
        .collect();
    let _ = writeln!(
        svg,
        "<polyline class=\"series\" points=\"{}\"/>\n</svg>",
        coords.join(" ")
    );
    svg
}

/// The page for the findings under `findings` and, if given, a libFuzzer log; links to
/// reproducers are relative to `page_dir`, the folder the page is written to.
pub fn html(findings: &Path, log: Option<&str>, page_dir: &Path) -> std::io::Result<String> {
    let t = triage_if_present(findings)?;
    let mut page = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>smtsmith campaign report</title>\n<style>\n\
         body { font-family: sans-serif; margin: 2em; color: #222; }\n\
         table { border-collapse: collapse; margin: 1em 0; }\n\
         th, td { border: 1px solid #bbb; padding: 0.3em 0.6em; text-align: left; vertical-align: top; }\n\
         td.n { text-align: right; }\n code { font-size: 90%; word-break: break-all; }\n\
         .axis { stroke: #444; } .series { fill: none; stroke: #1565c0; stroke-width: 2; }\n\
         svg text { font-size: 12px; } svg .title { font-size: 14px; font-weight: bold; }\n\
         </style>\n</head>\n<body>\n<h1>smtsmith campaign report</h1>\n",
    );
    let _ = writeln!(
        page,
        "<p id=\"totals\">{} finding(s) ({} of known bugs), {} distinct key(s) in <code>{}</code></p>",
        t.findings,
        t.known,
        t.rows.len(),
        escape(&findings.display().to_string())
    );
    page.push_str("<h2>Findings</h2>\n");
    if t.rows.is_empty() {
        page.push_str("<p id=\"no-findings\">No finding.</p>\n");
    } else {
        page.push_str(
            "<table id=\"findings\">\n<tr><th>class</th><th>solver</th><th>logic</th>\
             <th>count</th><th>summary</th><th>reproducer</th></tr>\n",
        );
        let page_dir = std::path::absolute(page_dir)?;
        // A reproducer's link relative to the page, so that the folder can move.
        let link = |path: &Path| -> std::io::Result<String> {
            let abs = std::path::absolute(path)?;
            let href = pathdiff::diff_paths(&abs, &page_dir).unwrap_or(abs.clone());
            let href: Vec<String> = href
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            Ok(format!(
                "<a href=\"{}\">{}</a>",
                escape(&href.join("/")),
                escape(&name)
            ))
        };
        for r in &t.rows {
            // The representative, then every other finding of the key behind a disclosure.
            let mut cell = link(&r.representative)?;
            let others = r
                .reproducers
                .iter()
                .filter(|p| **p != r.representative)
                .map(|p| link(p))
                .collect::<std::io::Result<Vec<_>>>()?;
            if !others.is_empty() {
                let _ = write!(
                    cell,
                    "<details><summary>{} more</summary>{}</details>",
                    others.len(),
                    others.join("<br>")
                );
            }
            let class = match &r.known {
                Some(k) => format!("{} (known bug: {k})", r.class),
                None => format!("{} ({})", r.class, r.status),
            };
            // What settled it, so that a wrong match shows.
            let evidence = r
                .evidence
                .as_ref()
                .map(|e| format!("<br><small class=\"evidence\">{}</small>", escape(e)))
                .unwrap_or_default();
            let _ = writeln!(
                page,
                "<tr class=\"finding\"><td>{}</td><td>{}</td><td>{}</td><td class=\"n\">{}</td>\
                 <td>{}<br><code title=\"de-duplication key\">{}</code>{evidence}</td><td>{cell}</td></tr>",
                escape(&class),
                escape(&r.solver),
                escape(&r.logic),
                r.count,
                escape(&r.summary),
                escape(&r.key),
            );
        }
        page.push_str("</table>\n");
    }
    page.push_str("<h2>Progress</h2>\n");
    let samples = log.map(parse_log).unwrap_or_default();
    if samples.is_empty() {
        page.push_str("<p id=\"no-log\">No libFuzzer status lines (pass --log FILE).</p>\n");
    } else {
        let last = samples.last().expect("not empty");
        let _ = writeln!(
            page,
            "<p id=\"last-status\">{} inputs, coverage {} edges, corpus {} inputs, after {} s</p>",
            last.inputs, last.coverage, last.corpus, last.seconds
        );
        let series = |f: fn(&Sample) -> u64| -> Vec<(f64, f64)> {
            samples.iter().map(|s| (s.seconds, f(s) as f64)).collect()
        };
        page.push_str(&plot(
            "coverage",
            "coverage (edges of smtsmith's code)",
            "s",
            &series(|s| s.coverage),
        ));
        page.push_str(&plot(
            "exec-per-sec",
            "inputs per second",
            "s",
            &series(|s| s.exec_per_sec),
        ));
    }
    page.push_str("</body>\n</html>\n");
    Ok(page)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fork-mode parent lines (with or without campaign.sh's clock) are read; a job's own
    /// lines quoted in the same log are not.
    #[test]
    fn status_lines_of_both_modes_are_read() {
        let fork = "INFO: -fork=1: fuzzing\n\
            [00:02 / 00:58 left] #1542: cov: 0 ft: 0 corp: 0 exec/s: 771 oom/timeout/crash: 0/0/0 time: 2s job: 1\n\
            #2 INITED cov: 5 ft: 6 corp: 1/1b exec/s: 0 rss: 30Mb\n\
            #2542: cov: 3519 ft: 11204 corp: 291 exec/s: 333 oom/timeout/crash: 0/0/0 time: 6s job: 2\n";
        let s = parse_log(fork);
        assert_eq!(s.len(), 2, "{s:?}");
        assert_eq!(
            s[1],
            Sample {
                seconds: 6.0,
                inputs: 2542,
                coverage: 3519,
                corpus: 291,
                exec_per_sec: 333
            }
        );
        let single = "#2\tINITED cov: 5 ft: 6 corp: 1/1b exec/s: 0 rss: 30Mb\n\
            #64\tNEW    cov: 90 ft: 95 corp: 7/300b lim: 4 exec/s: 32 rss: 60Mb L: 4/4 MS: 1 ChangeBit-\n";
        let s = parse_log(single);
        assert_eq!(s.len(), 2);
        assert_eq!((s[1].inputs, s[1].coverage, s[1].corpus), (64, 90, 7));
        // campaign.sh's persistent processes: the clock prefix gives the time.
        let clocked =
            "[01:05 / 03:55 left] #64\tNEW    cov: 90 ft: 95 corp: 7/300b exec/s: 32 rss: 60Mb\n";
        assert_eq!(parse_log(clocked)[0].seconds, 65.0);
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
    }
}
