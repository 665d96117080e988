//! Sanitizer reports (AddressSanitizer, UndefinedBehaviorSanitizer) read from their text: the
//! tool, the kind of error and the stack of the error's first frames. A solver built with a
//! sanitizer (`scripts/build-z3-instrumented.sh asan`) reports a bad access inside itself and
//! ends the process; the fuzz targets hand the report to a `crash` finding
//! (`harness::watchdog`), and the reducer's children are compared by it
//! (`harness::isolated`). Two reports are the same bug when tool, kind and the top frames
//! outside the sanitizer's own runtime ([`Report::key_frames`]) are the same: addresses,
//! thread numbers and the program's own lines of output differ from run to run.

use serde::Serialize;

/// How many frames outside the sanitizer's runtime name a report's bug (as ClusterFuzz
/// de-duplicates crashes by their top three frames).
pub const KEY_FRAMES: usize = 3;

/// How many frames a finding keeps of the report (its JSON and its reproducer's header).
pub const KEPT_FRAMES: usize = 12;

/// One frame of a report's stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Frame {
    /// The function as the symbolizer names it (`?` where it could not).
    pub function: String,
    /// `file:line:column`, or `(module+offset)` without debug information.
    pub location: String,
}

/// A sanitizer's report of one error.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// `AddressSanitizer`, `UndefinedBehaviorSanitizer`, ...
    pub tool: String,
    /// `heap-buffer-overflow`, `heap-use-after-free`, `SEGV`, `signed integer overflow`, ...
    pub kind: String,
    /// The error's stack, innermost first (the allocation's and free's stacks are not kept).
    pub frames: Vec<Frame>,
    /// Where UndefinedBehaviorSanitizer found the undefined behaviour (`mpz.cpp:123:9`: the
    /// file's name, line and column); `None` for the other sanitizers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
}

impl Report {
    /// The first report in `text` (a process's standard error), if it holds one.
    pub fn parse(text: &str) -> Option<Report> {
        let lines: Vec<&str> = text.lines().collect();
        let (at, tool, kind) = lines.iter().enumerate().find_map(|(i, l)| {
            if let Some(rest) = l.split_once("ERROR: ").map(|(_, r)| r) {
                let (tool, what) = rest.split_once(": ")?;
                if tool.ends_with("Sanitizer") {
                    let kind = what.split_whitespace().next().unwrap_or("").to_string();
                    return Some((i, tool.to_string(), kind));
                }
            }
            // UBSan: `file.cpp:12:5: runtime error: signed integer overflow: 1 + 2 ...`
            let (_, what) = l.split_once(": runtime error: ")?;
            let kind = what.split(':').next().unwrap_or(what).trim().to_string();
            Some((i, "UndefinedBehaviorSanitizer".to_string(), kind))
        })?;
        let frames: Vec<Frame> = lines[at + 1..]
            .iter()
            .map(|l| l.trim())
            .skip_while(|l| !l.starts_with("#0 "))
            .map_while(parse_frame)
            .collect();
        let mut report = Report {
            tool,
            kind,
            frames,
            place: None,
        };
        if report.tool == "UndefinedBehaviorSanitizer" {
            let location = lines[at]
                .split_once(": runtime error: ")
                .map_or("", |(l, _)| l.trim());
            // Without print_stacktrace=1 UBSan names only the place.
            if report.frames.is_empty() {
                report.frames.push(Frame {
                    function: "?".into(),
                    location: location.to_string(),
                });
            }
            report.place = Some(file_line_column(location));
            // The summary's name of the check (with report_error_type=1), which is also all
            // that a fuzz target sees of the report (`from_ubsan_summary`).
            if let Some(summary) = lines[at + 1..].iter().find_map(|l| Summary::parse(l)) {
                if summary.kind != GENERIC_UB {
                    report.kind = summary.kind.to_string();
                }
            }
        }
        Some(report)
    }

    /// The report of undefined behaviour that UBSan's summary line gives (`SUMMARY: TOOL:
    /// CHECK /path/file.cpp:12:5`): the only part of its report that reaches the program
    /// (through `__sanitizer_report_error_summary`; the rest goes to standard error). The
    /// line's tool is not relied on (Rust's ASan runtime, which carries UBSan's handlers, wrote
    /// `UndefinedBehaviorSanitizer` when seen): the caller knows the line is UBSan's because
    /// no ASan report came with it.
    pub fn from_ubsan_summary(line: &str) -> Option<Report> {
        let summary = Summary::parse(line)?;
        let (location, function) = match summary.rest.split_once(" in ") {
            Some((l, f)) if !f.trim().is_empty() => (l.trim(), f.trim()),
            _ => (summary.rest.trim_end_matches(" in").trim(), "?"),
        };
        Some(Report {
            tool: "UndefinedBehaviorSanitizer".into(),
            kind: summary.kind.to_string(),
            frames: vec![Frame {
                function: function.to_string(),
                location: location.to_string(),
            }],
            place: Some(file_line_column(location)),
        })
    }

    /// The top frames outside the sanitizer's runtime and the C library's interceptors, at
    /// most [`KEY_FRAMES`], as function names without parameters or Rust's hash suffix.
    pub fn key_frames(&self) -> Vec<String> {
        self.frames
            .iter()
            .filter(|f| !in_runtime(f))
            .take(KEY_FRAMES)
            .map(|f| short_name(&f.function))
            .collect()
    }

    /// The words a finding's summary and key take from the report:
    /// `heap-buffer-overflow in zstring::zstring < Z3_mk_lstring < ...`.
    /// Undefined behaviour is named by its kind and place (`signed-integer-overflow at
    /// mpz.cpp:123:9`): a fuzz target sees only UBSan's summary line, `smtsmith check` the
    /// whole report with its stack, and both give one key.
    pub fn words(&self) -> String {
        if let Some(place) = &self.place {
            return format!("{} at {place}", self.kind);
        }
        let frames = self.key_frames();
        if frames.is_empty() {
            self.kind.clone()
        } else {
            format!("{} in {}", self.kind, frames.join(" < "))
        }
    }

    /// The report's first [`KEPT_FRAMES`] frames as comment lines (`#N function location`).
    pub fn frame_lines(&self) -> Vec<String> {
        self.frames
            .iter()
            .take(KEPT_FRAMES)
            .enumerate()
            .map(|(i, f)| format!("#{i} {} {}", f.function, f.location))
            .collect()
    }
}

/// What UBSan's summary calls a report that does not name its check (report_error_type=0).
const GENERIC_UB: &str = "undefined-behavior";

/// A sanitizer's one-line summary of its report: `SUMMARY: AddressSanitizer:
/// heap-buffer-overflow /z3/src/util/zstring.cpp:45:5 in zstring::zstring(char const*)`.
struct Summary<'a> {
    kind: &'a str,
    /// The place and the function, as the runtime wrote them after the kind.
    rest: &'a str,
}

impl<'a> Summary<'a> {
    fn parse(line: &'a str) -> Option<Summary<'a>> {
        let rest = line.trim().strip_prefix("SUMMARY: ")?;
        let (tool, rest) = rest.split_once(": ")?;
        if !tool.ends_with("Sanitizer") {
            return None;
        }
        let (kind, rest) = rest.split_once(' ').unwrap_or((rest, ""));
        Some(Summary { kind, rest })
    }
}

/// `/z3/src/util/mpz.cpp:123:9` → `mpz.cpp:123:9`: the place without the folders, which
/// differ between builds of one release.
fn file_line_column(location: &str) -> String {
    location
        .rsplit_once('/')
        .map_or(location, |(_, name)| name)
        .to_string()
}

/// `#3 0x7f3a... in Z3_mk_lstring /src/api/api_seq.cpp:60:9` or, unsymbolized,
/// `#3 0x7f3a... (/lib/libz3.so+0x1234)`.
fn parse_frame(line: &str) -> Option<Frame> {
    let rest = line.strip_prefix('#')?;
    let (_, rest) = rest.split_once(' ')?;
    let (_, rest) = rest.split_once(' ').unwrap_or((rest, ""));
    let (function, location) = match rest.strip_prefix("in ") {
        Some(r) => match r.rsplit_once(' ') {
            Some((f, loc)) => (f.to_string(), loc.to_string()),
            None => (r.to_string(), String::new()),
        },
        None => ("?".to_string(), rest.to_string()),
    };
    Some(Frame { function, location })
}

/// Whether frame `f` is the sanitizer's own (its runtime, an interceptor of a C library
/// function) rather than the program's.
fn in_runtime(f: &Frame) -> bool {
    let name = f.function.as_str();
    [
        "__asan",
        "__interceptor_",
        "___interceptor_",
        "__sanitizer",
        "__ubsan",
    ]
    .iter()
    .any(|p| name.starts_with(p))
        || f.location.contains("compiler-rt/lib/")
        || f.location.contains("/sanitizer_common/")
}

/// `name` without its parameter list (`zstring::zstring(char const*)` → `zstring::zstring`)
/// and without what changes from build to build: the hash Rust appends to a symbol
/// (`::h0123456789abcdef`) and the suffix LLVM gives a function it made local
/// (` (.llvm.12790499941283007168)`).
fn short_name(name: &str) -> String {
    let name = match name.find(" (.llvm.") {
        Some(at) => &name[..at],
        None => name,
    };
    let mut n = name.trim().to_string();
    if n.ends_with(')') {
        let mut depth = 0;
        for (i, c) in n.char_indices().rev() {
            match c {
                ')' => depth += 1,
                '(' => {
                    depth -= 1;
                    if depth == 0 {
                        if i > 0 {
                            n.truncate(i);
                        }
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    if let Some((head, hash)) = n.rsplit_once("::h") {
        if hash.len() == 16 && hash.chars().all(|c| c.is_ascii_hexdigit()) {
            n = head.to_string();
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An AddressSanitizer report as clang-19's runtime prints it (addresses and paths made
    /// up; the shape is the runtime's).
    const ASAN: &str = "\
smtsmith: some line of the program's own
=================================================================
==4242==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000014 at pc 0x55d1 bp 0x7ffe sp 0x7ffd
READ of size 64 at 0x602000000014 thread T0
    #0 0x55d1c in __asan_memcpy /rustc/abc/src/llvm-project/compiler-rt/lib/asan/asan_interceptors_memintrinsics.cpp:63:3
    #1 0x7f3a1 in zstring::zstring(char const*) /root/z3/src/util/zstring.cpp:45:5
    #2 0x7f3a2 in Z3_mk_lstring /root/z3/src/api/api_seq.cpp:60:9
    #3 0x55d2 in <smtsmith::solver::z3::Z3>::apply (.llvm.12790499941283007168) /home/dev/smtsmith/src/solver/z3.rs:150:9
    #4 0x7f3a3 (/lib/libz3.so+0x1234)

0x602000000014 is located 0 bytes to the right of 4-byte region [0x602000000010,0x602000000014)
allocated by thread T0 here:
    #0 0x55d1d in malloc /rustc/abc/compiler-rt/lib/asan/asan_malloc_linux.cpp:69:3
SUMMARY: AddressSanitizer: heap-buffer-overflow /root/z3/src/util/zstring.cpp:45:5 in zstring::zstring(char const*)
==4242==ABORTING
";

    #[test]
    fn an_address_sanitizer_report_gives_its_kind_and_the_error_stack_only() {
        let r = Report::parse(ASAN).unwrap();
        assert_eq!(r.tool, "AddressSanitizer");
        assert_eq!(r.kind, "heap-buffer-overflow");
        assert_eq!(r.frames.len(), 5, "{r:?}");
        assert_eq!(r.frames[2].function, "Z3_mk_lstring");
        assert_eq!(r.frames[2].location, "/root/z3/src/api/api_seq.cpp:60:9");
        assert_eq!(r.frames[4].function, "?");
        assert_eq!(r.frames[4].location, "(/lib/libz3.so+0x1234)");
        assert_eq!(
            r.words(),
            "heap-buffer-overflow in zstring::zstring < Z3_mk_lstring < <smtsmith::solver::z3::Z3>::apply"
        );
    }

    #[test]
    fn two_runs_of_one_bug_have_one_key_and_another_stack_another() {
        let again = ASAN
            .replace("4242", "977")
            .replace("0x602000000014", "0x6020000000f4")
            .replace("12790499941283007168", "4242");
        assert_eq!(
            Report::parse(&again).unwrap().words(),
            Report::parse(ASAN).unwrap().words()
        );
        let other = ASAN.replace("Z3_mk_lstring", "Z3_mk_string");
        assert_ne!(
            Report::parse(&other).unwrap().words(),
            Report::parse(ASAN).unwrap().words()
        );
    }

    #[test]
    fn frame_names_lose_what_changes_between_builds() {
        assert_eq!(short_name("smtsmith::f::h0123456789abcdef"), "smtsmith::f");
        assert_eq!(
            short_name("zstring::zstring(char const*)"),
            "zstring::zstring"
        );
        assert_eq!(
            short_name("(anonymous namespace)::g(int)"),
            "(anonymous namespace)::g"
        );
        assert_eq!(short_name("<a::B>::apply (.llvm.123)"), "<a::B>::apply");
    }

    #[test]
    fn undefined_behaviour_without_a_stack_is_named_by_its_place() {
        let r = Report::parse(
            "/z3/src/util/mpz.cpp:123:9: runtime error: signed integer overflow: 9223372036854775807 + 1 cannot be represented in type 'long'\n\
             SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior /z3/src/util/mpz.cpp:123:9\n",
        )
        .unwrap();
        assert_eq!(r.tool, "UndefinedBehaviorSanitizer");
        assert_eq!(r.kind, "signed integer overflow");
        assert_eq!(r.frames[0].location, "/z3/src/util/mpz.cpp:123:9");
        assert_eq!(r.words(), "signed integer overflow at mpz.cpp:123:9");
    }

    /// UBSan's report with print_stacktrace=1 and report_error_type=1, as `smtsmith check`
    /// reads it from a worker's standard error.
    const UBSAN: &str = "\
/build/z3/src/util/mpz.cpp:123:9: runtime error: signed integer overflow: 9223372036854775807 + 1 cannot be represented in type 'long'
    #0 0x7f3a1 in mpz_manager<true>::add(mpz const&, mpz const&, mpz&) /build/z3/src/util/mpz.cpp:123:9
    #1 0x7f3a2 in Z3_mk_add /build/z3/src/api/api_arith.cpp:40:5
    #2 0x55d2 in smtsmith::solver::z3::Z3::apply /home/dev/smtsmith/src/solver/z3.rs:150:9

SUMMARY: AddressSanitizer: signed-integer-overflow /build/z3/src/util/mpz.cpp:123:9 in
";

    #[test]
    fn undefined_behaviour_takes_the_summarys_check_and_is_keyed_by_its_place() {
        let r = Report::parse(UBSAN).unwrap();
        assert_eq!(r.tool, "UndefinedBehaviorSanitizer");
        assert_eq!(r.kind, "signed-integer-overflow");
        assert_eq!(r.frames.len(), 3);
        assert_eq!(r.frames[1].function, "Z3_mk_add");
        assert_eq!(r.place.as_deref(), Some("mpz.cpp:123:9"));
        assert_eq!(r.words(), "signed-integer-overflow at mpz.cpp:123:9");
    }

    #[test]
    fn a_fuzz_targets_view_of_undefined_behaviour_has_the_key_of_the_whole_report() {
        // What reaches `__sanitizer_report_error_summary` in a fuzz target: the last line only.
        let summary = UBSAN.lines().last().unwrap();
        let r = Report::from_ubsan_summary(summary).unwrap();
        assert_eq!(r.tool, "UndefinedBehaviorSanitizer");
        assert_eq!(r.frames.len(), 1);
        assert_eq!(r.frames[0].function, "?");
        assert_eq!(r.frames[0].location, "/build/z3/src/util/mpz.cpp:123:9");
        assert_eq!(r.words(), Report::parse(UBSAN).unwrap().words());
        // Another build's folders, the same place: the same key.
        let elsewhere = summary.replace("/build/z3", "/root/.cache/z3-src/z3");
        assert_eq!(
            Report::from_ubsan_summary(&elsewhere).unwrap().words(),
            r.words()
        );
        // A summary that names its function keeps it as the frame's.
        let named = Report::from_ubsan_summary(
            "SUMMARY: UndefinedBehaviorSanitizer: invalid-shift-exponent /z3/src/util/bit_util.cpp:9:3 in shl",
        )
        .unwrap();
        assert_eq!(named.frames[0].function, "shl");
        assert_eq!(named.words(), "invalid-shift-exponent at bit_util.cpp:9:3");
        assert_eq!(
            Report::from_ubsan_summary("SUMMARY: libFuzzer: timeout"),
            None
        );
        assert_eq!(Report::from_ubsan_summary("no summary"), None);
    }

    #[test]
    fn text_without_a_report_has_none() {
        assert_eq!(Report::parse("ASSERTION VIOLATION\nFile: x.cpp\n"), None);
        assert_eq!(Report::parse(""), None);
    }
}
