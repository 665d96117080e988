#!/usr/bin/env bash
# In-process vs process per file, on the same formulas.
#
#   scripts/compare-cli.sh [CORPUS] [LIMIT]
#
# CORPUS: a folder of fuzzer inputs (default benches/corpus/differential, a fixed corpus of
# the differential target); LIMIT: use at most this many of them (default all).
# (a) in-process: `smtsmith bench --reuse scope` runs the differential target's body on the
#     inputs: both solvers through their C APIs (kept solvers), plus smtsmith's oracles and
#     model validation, which the other side does not do;
# (b) process per file: each input printed as an SMT-LIB script (`smtsmith gen --inputs`,
#     the same formula), then per script one process of the release's `z3` binary and one
#     process running the script through libcvc5parser (`smtsmith solve --solver cvc5`: the
#     cvc5 wheel ships no binary; this is the cvc5 binary's front end, loading the same
#     libraries at start), as process-based fuzzers do.
# Both sides stop a check after 2 s at most. Prints time per formula on each side and their
# ratio over all formulas, for the median formula, and per quarter of the scripts by size.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:-benches/corpus/differential}
limit=${2:-0}
cargo build --release --quiet --bin smtsmith
bin=target/release/smtsmith
z3=$($bin versions | sed -n 's/^z3 binary: //p')
[ -x "$z3" ] || { echo "compare-cli: no z3 binary ($z3)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/in"
files=$(ls "$corpus" | sort)
[ "$limit" -gt 0 ] && files=$(echo "$files" | head -n "$limit")
for f in $files; do cp "$corpus/$f" "$work/in/"; done
n=$(ls "$work/in" | wc -l)
$bin gen --inputs "$work/in" --out "$work/smt2" >/dev/null

echo "== (a) in-process: $n inputs, smtsmith bench --reuse scope"
$bin bench --inputs "$work/in" --reuse scope --per-case "$work/a.ms" | grep -E "per case|cases in"

echo "== (b) per script: one z3 process, one cvc5 front-end process"
: > "$work/b.ms"
for f in $(ls "$work/in" | sort); do
  s="$work/smt2/$f.smt2"
  t0=$(date +%s%N)
  "$z3" -t:2000 "$s" >/dev/null 2>&1 || true
  $bin solve --solver cvc5 --timeout-ms 2000 "$s" >/dev/null 2>&1 || true
  t1=$(date +%s%N)
  awk -v ns=$((t1 - t0)) 'BEGIN { printf "%.3f\n", ns / 1e6 }' >> "$work/b.ms"
done
# Script sizes (bytes of the assertions: the printed script minus its comment line).
for f in $(ls "$work/in" | sort); do grep -v '^;' "$work/smt2/$f.smt2" | wc -c; done > "$work/size"

python3 - "$work/a.ms" "$work/b.ms" "$work/size" <<'PY'
import sys, statistics
a = [float(l) for l in open(sys.argv[1])]
b = [float(l) for l in open(sys.argv[2])]
size = [int(l) for l in open(sys.argv[3])]
n = len(a)
assert n == len(b) == len(size), (n, len(b), len(size))
print(f"in-process:       {sum(a)/n:8.2f} ms per formula on average, median {statistics.median(a):.2f} ms")
print(f"process per file: {sum(b)/n:8.2f} ms per formula on average, median {statistics.median(b):.2f} ms")
print(f"ratio over all {n} formulas (total time): {sum(b)/sum(a):.0f}x; "
      f"ratio of the medians: {statistics.median(b)/statistics.median(a):.0f}x")
order = sorted(range(n), key=lambda i: size[i])
for q in range(4):
    idx = order[q * n // 4:(q + 1) * n // 4]
    sa = sum(a[i] for i in idx); sb = sum(b[i] for i in idx)
    print(f"  scripts of {size[idx[0]]}-{size[idx[-1]]} bytes ({len(idx)}): "
          f"in-process {sa/len(idx):.2f} ms, per file {sb/len(idx):.2f} ms, ratio {sb/sa:.0f}x")
PY
