#!/usr/bin/env bash
# In-process vs process-per-file, on the same formulas.
#
#   scripts/compare-cli.sh [CORPUS] [LIMIT]
#
# CORPUS: a folder of fuzzer inputs (default benches/corpus/differential, a fixed corpus of
# the differential target); LIMIT: use at most this many of them (default all).
# (a) in-process: `smtsmith bench` runs the differential target's body on the inputs (both
#     solvers through their C APIs, kept solvers, plus our oracles and model validation);
# (b) process per file: each input printed as an SMT-LIB script (`smtsmith gen --inputs`),
#     then, per script, the release's `z3` binary and one process running the script through
#     libcvc5parser (`smtsmith solve --solver cvc5`: the cvc5 wheel ships no binary; this is
#     the cvc5 binary's front end, with the same library loaded at start), as
#     process-based fuzzers do. Both sides get a 2 s time limit per check.
# Prints the time per formula of each side and their ratio.
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

echo "== (a) in-process, $n inputs (smtsmith bench --reuse scope)"
$bin bench --inputs "$work/in" --reuse scope | tee "$work/a.txt" | grep -E "cases in"
a_rate=$(sed -n 's/.*s: \([0-9.]*\) cases\/s.*/\1/p' "$work/a.txt" | head -1)

echo "== (b) one z3 process and one cvc5 front-end process per script, $n scripts"
start=$(date +%s%N)
for f in "$work"/smt2/*.smt2; do
  "$z3" -t:2000 "$f" >/dev/null 2>&1 || true
  $bin solve --solver cvc5 --timeout-ms 2000 "$f" >/dev/null 2>&1 || true
done
end=$(date +%s%N)
b_ms=$(( (end - start) / 1000000 ))
awk -v n="$n" -v a="$a_rate" -v b="$b_ms" 'BEGIN {
  per_a = 1000 / a; per_b = b / n;
  printf "in-process: %.2f ms per formula (%.0f formulas/s)\n", per_a, a;
  printf "process per file: %.2f ms per formula (%.1f formulas/s)\n", per_b, 1000 / per_b;
  printf "ratio: %.0fx\n", per_b / per_a }'
