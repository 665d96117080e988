#!/usr/bin/env bash
# Does libFuzzer's view of Z3's own edges find more? Runs one campaign per arm, each on one
# core (taskset), two at a time side by side, from the same start (an empty corpus for
# generating targets; `smtsmith seed-corpus seeds` for seed_mutation), then measures every
# arm's final corpus the same way and prints one table.
#
#   scripts/compare-z3-coverage.sh TARGET SECONDS ARM...
#
# ARM: fuzzer         Z3 5.3.3 from source, its edges seen by libFuzzer (build-z3-instrumented.sh fuzzer)
#      fuzzer-hidden  the same build, its counters hidden from libFuzzer (same work per input)
#      wheel          the z3-solver 5.3.3.0 wheel (same Z3 release, compiled without counters)
#      partial        Z3 5.3.3 with counters only in scripts/z3-partial-coverage.txt's files
#      asan           Z3 5.3.3 and the fuzz target under AddressSanitizer
#      ubsan          Z3 5.3.3 under UBSan (and libFuzzer's counters), the fuzz target under ASan
# Arms run in the order given, in pairs. Results go to bench-results/z3-coverage-TARGET-STAMP/.
#
# Per arm: inputs and exec/s (campaign.sh's summary), corpus size, findings and distinct
# de-duplication keys after campaign.sh's settling and reduction, and the edges the final
# corpus reaches: replayed once (-runs=0) by the `fuzzer` arm's binary (edges of smtsmith's
# target and Z3's together) and by the `fuzzer-hidden` arm's (the target's alone); Z3's are
# the difference. So every arm's corpus is measured by the same two binaries, whatever it was
# found with.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: $0 TARGET SECONDS ARM...}
seconds=${2:?usage: $0 TARGET SECONDS ARM...}
shift 2
[ $# -gt 0 ] || { echo "name at least one arm" >&2; exit 2; }
out=bench-results/z3-coverage-$target-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
lib_of() {
  case "$1" in
    wheel) echo "" ;;
    fuzzer | fuzzer-hidden | partial | asan | ubsan) scripts/build-z3-instrumented.sh "$1" | sed -n 's/^SMTSMITH_Z3_LIB_DIR=//p' ;;
    *) echo "unknown arm $1" >&2; exit 2 ;;
  esac
}
# The arm's environment for campaign.sh.
arm_env() {
  local lib
  lib=$(lib_of "$1")
  if [ -n "$lib" ]; then echo "SMTSMITH_Z3_LIB_DIR=$lib"; else echo "SMTSMITH_Z3_VERSION=5.3.3.0"; fi
}
start_corpus() {
  mkdir -p "$1"
  if [ "$target" = seed_mutation ]; then
    target/release/smtsmith seed-corpus seeds --out "$1" >/dev/null
  fi
}

echo "== building every arm (and the two measuring binaries)"
cargo build --release --bin smtsmith >/dev/null
for arm in "$@" fuzzer fuzzer-hidden; do
  env -u SMTSMITH_Z3_LIB_DIR -u SMTSMITH_Z3_VERSION "$(arm_env "$arm")" SMTSMITH_BUILD_ONLY=1 scripts/campaign.sh "$target" 1 >"$out/build-$arm.log" 2>&1 \
    || { echo "building arm $arm failed: $out/build-$arm.log" >&2; exit 1; }
done
bin_of() { sed -n 's/^fuzz target: //p' "$out/build-$1.log"; }

run_arm() {
  local arm=$1 cpu=$2
  start_corpus "$out/$arm/corpus"
  env -u SMTSMITH_Z3_LIB_DIR -u SMTSMITH_Z3_VERSION "$(arm_env "$arm")" SMTSMITH_CORPUS="$out/$arm/corpus" SMTSMITH_FINDINGS="$PWD/$out/$arm/findings" \
    taskset -c "$cpu" scripts/campaign.sh "$target" "$seconds" >"$out/$arm/campaign.log" 2>&1 || true
}
echo "== campaigns: $target, $seconds s each, two at a time (logs in $out)"
arms_done=()
while [ $# -gt 0 ]; do
  a=$1; shift
  b=${1:-}; [ $# -gt 0 ] && shift
  mkdir -p "$out/$a"; [ -n "$b" ] && mkdir -p "$out/$b"
  echo "   $(date +%H:%M) $a${b:+ beside $b}"
  run_arm "$a" 0 &
  pa=$!
  if [ -n "$b" ]; then run_arm "$b" 1 & pb=$!; wait "$pb"; fi
  wait "$pa"
  arms_done+=("$a" ${b:+"$b"})
done

# The edges a corpus reaches, as libFuzzer's "INITED cov:" after running it once on one core
# (the count does not depend on the time an input takes: the two binaries run side by side).
# An input that ends the process (a solver's abort that depends on the process's history)
# stops the replay before INITED: the edges are then "?" and the log ($4) says where.
# libFuzzer's artifacts of the replay (slow-unit-*, written when an input takes over 10 s)
# go beside the log, not into the working directory. The replay opens Z3 and cvc5 only
# (SMTSMITH_SOLVERS): Yices calls reach no Z3 edge, and Yices 2.6.5 aborts inside
# yices_check_context on some seed_mutation inputs after a few hundred others in the same
# process, which would end the replay before its count. The watchdog ends a process only
# when one check has run SMTSMITH_HANG_SECONDS (here 75 s, below the -timeout of 120 s):
# with a default of 30 s, a cvc5 or Z3 check still running at 45 s ended a replay before
# its count.
edges() {
  local bin=$1 corpus=$2 cpu=$3 log=$4 flags=(-max_len=4096)
  [ "$target" = seed_mutation ] && flags=(-max_len=32768)
  SMTSMITH_SOLVERS=z3,cvc5 SMTSMITH_FINDINGS=$(mktemp -d) SMTSMITH_QUIET_CLASSES=all ASAN_OPTIONS=detect_leaks=0 \
    SMTSMITH_HANG_SECONDS=75 taskset -c "$cpu" "$bin" "$corpus" -runs=0 -timeout=120 -rss_limit_mb=8192 "${flags[@]}" \
    -artifact_prefix="${log%.log}-" >"$log" 2>&1 || true
  sed -nE 's/.*INITED cov: ([0-9]+).*/\1/p' "$log" | tail -1
}
echo "== measuring each final corpus"
printf '%-14s %9s %7s %7s %11s %11s %9s %6s\n' arm inputs exec/s corpus "Z3 edges" "target edg." findings keys | tee "$out/table.txt"
for arm in "${arms_done[@]}"; do
  log=$out/$arm/campaign.log
  inputs=$(sed -nE 's/^inputs run +([0-9]+).*/\1/p' "$log" | tail -1)
  rate=$(sed -nE 's/^exec\/s +([0-9]+).*/\1/p' "$log" | tail -1)
  corpus=$(find "$out/$arm/corpus" -type f | wc -l)
  edges "$(bin_of fuzzer)" "$out/$arm/corpus" 0 "$out/$arm/replay-all.log" >"$out/$arm/edges-all" &
  edges "$(bin_of fuzzer-hidden)" "$out/$arm/corpus" 1 "$out/$arm/replay-own.log" >"$out/$arm/edges-own"
  wait
  all=$(cat "$out/$arm/edges-all")
  own=$(cat "$out/$arm/edges-own")
  z3="?"
  if [ -n "$all" ] && [ -n "$own" ]; then z3=$((all - own)); fi
  # Findings: every finding's JSON (it has a class); keys: their distinct de-duplication keys
  # (after reduction, a reduced finding's key).
  read -r findings keys < <(python3 - "$out/$arm/findings" <<'PY'
import json, pathlib, sys
found = []
for p in pathlib.Path(sys.argv[1]).rglob("*.json"):
    try:
        v = json.loads(p.read_text())
    except (OSError, ValueError):
        continue
    if isinstance(v, dict) and "class" in v and "key" in v:
        found.append(v["key"])
print(len(found), len(set(found)))
PY
)
  printf '%-14s %9s %7s %7s %11s %11s %9s %6s\n' "$arm" "${inputs:-?}" "${rate:-?}" "$corpus" \
    "$z3" "${own:-?}" "$findings" "$keys" | tee -a "$out/table.txt"
done
echo "(table: $out/table.txt; each arm's campaign log and findings beside it)"
