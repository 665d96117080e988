#!/usr/bin/env bash
# Minimises a fuzzer input that gives a finding (libFuzzer's -minimize_crash through
# `cargo fuzz tmin`), then prints the commands that replay the result.
#
#   scripts/minimize.sh TARGET INPUT [RUNS]     (RUNS: minimisation attempts, default 200)
#
# Every attempt that still fails writes its finding: those go to a temporary folder, not to
# ./findings (they are intermediate versions of one bug), and are removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
  echo "usage: scripts/minimize.sh TARGET INPUT [RUNS]" >&2
  exit 2
fi
target=$1 input=$2 runs=${3:-200}
[ -f "$input" ] || { echo "minimize: $input: no such file" >&2; exit 2; }
targets=$(cd fuzz/fuzz_targets && ls -- *.rs | sed 's/\.rs$//' | tr '\n' ' ')
case " $targets " in *" $target "*) ;; *)
  echo "minimize: unknown target '$target' (one of: $targets)" >&2; exit 2;;
esac
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
before=$(mktemp -p "$scratch")
echo "== minimising $input for '$target' ($runs attempts; intermediate findings go to $scratch)"
SMTSMITH_FINDINGS="$scratch/findings" cargo +nightly fuzz tmin -s none "$target" "$input" -r "$runs"
result=$(find "fuzz/artifacts/$target" -name 'minimized-from-*' -newer "$before" -printf '%T@ %p\n' 2>/dev/null \
  | sort -n | tail -1 | cut -d' ' -f2-)
if [ -z "$result" ]; then
  echo "minimize: no smaller input still gives a finding after $runs attempts (try more);" >&2
  echo "          the input itself replays with: target/release/smtsmith run-target $target $input" >&2
  exit 1
fi
echo
echo "== minimized: $result ($(wc -c <"$result") bytes, from $(wc -c <"$input"))"
echo "replay (writes the finding to ./findings):"
echo "  target/release/smtsmith run-target $target $result"
echo "  cargo +nightly fuzz run -s none $target $result"
echo "see its SMT-LIB: target/release/smtsmith replay FILE (flags by target: see README)"
