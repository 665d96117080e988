#!/usr/bin/env bash
# Z3's line coverage of a fuzzing corpus, by llvm-cov: builds Z3 5.3.3 with llvm-cov's
# instrumentation (scripts/build-z3-instrumented.sh coverage, cached), the fuzz target TARGET
# against it, replays every input of each CORPUS once and prints the lines, functions and
# regions of libz3 the corpus reached, overall and by source folder.
#
#   scripts/z3-line-coverage.sh TARGET CORPUS... [-- OUT]
#
# The corpus is replayed in chunks of 200 inputs, one process each (SMTSMITH_JOBS at a time,
# default one per core), every process writing its own profile at exit: an input that ends its process (a solver's abort, a hung check the
# watchdog ends) loses the coverage of its chunk only, and the summary says how many inputs
# were counted. Findings of the replay go to OUT/findings and do not stop it
# (SMTSMITH_QUIET_CLASSES=all). OUT (default bench-results/z3-lines-TARGET-STAMP) keeps the
# merged profile (z3.profdata), llvm-cov's per-file report (report.txt), the summary
# (summary.txt) and an HTML report (html/index.html).
# Needs llvm-profdata and llvm-cov of the clang that built Z3 (Debian: llvm-19).
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: $0 TARGET CORPUS... [-- OUT]"
target=${1:?$usage}
shift
corpora=()
out=""
while [ $# -gt 0 ]; do
  if [ "$1" = -- ]; then out=${2:?$usage}; break; fi
  corpora+=("$1"); shift
done
[ ${#corpora[@]} -gt 0 ] || { echo "$usage" >&2; exit 2; }
for c in "${corpora[@]}"; do
  [ -e "$c" ] || { echo "z3-line-coverage: no corpus at $c" >&2; exit 2; }
done
out=${out:-bench-results/z3-lines-$target-$(date +%Y%m%d-%H%M%S)}
profdata=${LLVM_PROFDATA:-$(command -v llvm-profdata-19 || command -v llvm-profdata || true)}
cov=${LLVM_COV:-$(command -v llvm-cov-19 || command -v llvm-cov || true)}
if [ -z "$profdata" ] || [ -z "$cov" ]; then
  echo "z3-line-coverage: needs llvm-profdata and llvm-cov (Debian: apt-get install llvm-19; or set LLVM_PROFDATA and LLVM_COV)" >&2
  exit 2
fi
mkdir -p "$out/profiles" "$out/findings"
out=$(cd "$out" && pwd)

echo "== Z3 with llvm-cov's instrumentation (cached after the first build)"
lib=$(scripts/build-z3-instrumented.sh coverage | sed -n 's/^SMTSMITH_Z3_LIB_DIR=//p')
[ -n "$lib" ] || { echo "z3-line-coverage: the coverage build failed" >&2; exit 1; }
echo "== the fuzz target '$target' against it"
env -u SMTSMITH_Z3_VERSION SMTSMITH_Z3_LIB_DIR="$lib" SMTSMITH_BUILD_ONLY=1 \
  scripts/campaign.sh "$target" 1 >"$out/build.log" 2>&1 \
  || { echo "z3-line-coverage: building the fuzz target failed: $out/build.log" >&2; exit 1; }
bin=$(sed -n 's/^fuzz target: //p' "$out/build.log")

find "${corpora[@]}" -type f | sort >"$out/inputs"
total=$(wc -l <"$out/inputs")
rm -f "$out"/chunk.* "$out"/profiles/*
split -a 4 -l 200 "$out/inputs" "$out/chunk."
chunks=$(ls "$out"/chunk.* | wc -l)
jobs=${SMTSMITH_JOBS:-$(nproc)}
echo "== replaying $total inputs in $chunks chunks, $jobs at a time (logs: $out/replay-*.log)"
# One chunk: its inputs run once in one process; %p gives each process its own profile, which
# the profile runtime writes when the process exits. Leaves CHUNK.ok when that happened.
replay_chunk() {
  local chunk=$1 name
  name=$(basename "$chunk")
  if SMTSMITH_FINDINGS="$out/findings" SMTSMITH_QUIET_CLASSES=all \
    LLVM_PROFILE_FILE="$out/profiles/$name-%p.profraw" \
    xargs -a "$chunk" -d '\n' "$bin" -timeout=120 -rss_limit_mb=8192 >"$out/replay-$name.log" 2>&1 \
    && ls "$out/profiles/$name"-*.profraw >/dev/null 2>&1; then
    touch "$chunk.ok"
  fi
}
running=0
for chunk in "$out"/chunk.????; do
  replay_chunk "$chunk" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
done
wait
counted=0
lost=0
for chunk in "$out"/chunk.????; do
  n=$(wc -l <"$chunk")
  if [ -f "$chunk.ok" ]; then
    counted=$((counted + n))
  else
    lost=$((lost + n))
    rm -f "$out/profiles/$(basename "$chunk")"-*.profraw
    echo "   $(basename "$chunk"): the process did not end normally; its $n inputs are not counted"
  fi
done
rm -f "$out"/chunk.*
[ "$counted" -gt 0 ] || { echo "z3-line-coverage: no chunk wrote a profile ($out/replay-*.log)" >&2; exit 1; }

"$profdata" merge -sparse "$out"/profiles/*.profraw -o "$out/z3.profdata"
"$cov" report "$lib/libz3.so" -instr-profile="$out/z3.profdata" >"$out/report.txt"
"$cov" export -summary-only "$lib/libz3.so" -instr-profile="$out/z3.profdata" >"$out/summary.json"
"$cov" show "$lib/libz3.so" -instr-profile="$out/z3.profdata" -format=html \
  -output-dir="$out/html" >/dev/null 2>&1 || echo "   (no HTML report: llvm-cov show failed)"
python3 - "$out/summary.json" "$counted" "$total" "$target" "${corpora[*]}" >"$out/summary.txt" <<'EOF'
import json, sys
from collections import defaultdict
data = json.load(open(sys.argv[1]))["data"][0]
counted, total, target, corpora = sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
t = data["totals"]
def pct(d):
    return f'{d["covered"]:,} of {d["count"]:,} ({100.0 * d["covered"] / max(d["count"], 1):.1f}%)'
print(f"Z3 5.3.3 coverage of {target} corpus {corpora}: {counted} of {total} inputs counted")
print(f"  lines     {pct(t['lines'])}")
print(f"  functions {pct(t['functions'])}")
print(f"  regions   {pct(t['regions'])}")
by = defaultdict(lambda: [0, 0])
for f in data["files"]:
    name = f["filename"]
    rel = name.split("/z3/src/", 1)[1] if "/z3/src/" in name else name
    parts = rel.split("/")
    folder = "/".join(parts[:2]) if len(parts) > 2 else parts[0]
    by[folder][0] += f["summary"]["lines"]["covered"]
    by[folder][1] += f["summary"]["lines"]["count"]
print("  lines by folder (src/...), most reached first:")
for folder, (c, n) in sorted(by.items(), key=lambda kv: -kv[1][0])[:25]:
    print(f"    {folder:<28} {c:>8,} of {n:>8,} ({100.0 * c / max(n, 1):5.1f}%)")
EOF
cat "$out/summary.txt"
[ "$lost" -eq 0 ] || echo "   $lost inputs not counted (their chunk's process ended abnormally: $out/replay-*.log)"
echo "   report: $out/report.txt, $out/html/index.html"
