#!/usr/bin/env bash
# smtsmith's seed-based and generative fuzzing next to yinyang's typefuzz (a process-based
# peer: one solver process per call), on the same seeds and Z3 release, for the same time,
# one core each (taskset), side by side:
#   phase 1: typefuzz (core 0)  |  smtsmith seed_mutation (core 1)
#   phase 2: typefuzz (core 0)  |  smtsmith differential  (core 1)
#   phases 3 and 4 (with FORK_BASELINE=1): typefuzz (core 0)  |  seed_mutation, then
#            differential, as libFuzzer's fork mode runs them (-fork=1 -ignore_crashes=1
#            -ignore_timeouts=1, the campaign flags before issue 20), for the comparison
#            (their solver checks are not counted: the jobs' logs stay in libFuzzer's
#            temporary folder)
# and prints, for each run: inputs (mutants), inputs/s, solver calls, solver calls/s,
# findings (bug triggers). smtsmith runs as scripts/campaign.sh runs it: persistent fuzzing
# processes under a supervisor loop (a new one only where the watchdog ended one), every
# finding written without stopping (SMTSMITH_QUIET_CLASSES=all), seed_mutation with
# libFuzzer favouring fast inputs (-entropic_scale_per_exec_time=1); each process reports
# its solver checks at exit.
#
#   scripts/bench-vs-yinyang.sh [SECONDS] [OUT]
#
# SECONDS per phase (default 300); OUT: results folder (default bench-yinyang/DATE).
# Environment: SMTSMITH_Z3_VERSION (the Z3 release of all three; default the pinned one),
# SEEDS (LOGIC/sat|unsat/*.smt2; default seeds/), YINYANG_VENV (default .venv-yinyang).
# Seeds: the 25 smallest files of each of LIA LRA NRA QF_LIA QF_LRA QF_NRA QF_S QF_SLIA.
# typefuzz (PyPI yinyang 0.3.0) is installed in the venv and patched: its per-seed timeout
# counter is never reset (after 32 timeouts in all it skips every later seed at its first
# timeout); the patch resets it for each seed. typefuzz runs Z3's binary of the release
# (model_validate=true) and cvc5's front end as a process (`smtsmith solve --solver cvc5`,
# the wheel ships no cvc5 binary), with a 2 s time limit per call, like smtsmith's.
# typefuzz cannot load bit-vector or array seeds, hence the arithmetic and string logics.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
out=${2:-bench-yinyang/$(date +%Y%m%d-%H%M%S)}
seeds_src=${SEEDS:-seeds}
venv=${YINYANG_VENV:-.venv-yinyang}
version=${SMTSMITH_Z3_VERSION:-$(awk '!/^#/ && NF {print $1; exit}' vendor/z3-solver.sha256)}
export SMTSMITH_Z3_VERSION=$version
tag=z3-$version
mkdir -p "$out"
out=$(cd "$out" && pwd)

echo "== seeds: the 25 smallest of each logic from $seeds_src"
mkdir -p "$out/seeds"
for logic in LIA LRA NRA QF_LIA QF_LRA QF_NRA QF_S QF_SLIA; do
  [ -d "$seeds_src/$logic" ] || { echo "no $seeds_src/$logic" >&2; exit 2; }
  find "$seeds_src/$logic" -name '*.smt2' -printf '%s %p\n' | sort -n | head -25 \
    | while read -r _ f; do cp "$f" "$out/seeds/$logic-$(basename "$(dirname "$f")")-$(basename "$f")"; done
done
echo "   $(find "$out/seeds" -name '*.smt2' | wc -l) seeds"

echo "== builds for Z3 $version (the first ones take minutes)"
cargo build --release --bin smtsmith --target-dir "target/$tag"
cli=$PWD/target/$tag/release/smtsmith
for t in seed_mutation differential; do
  cargo +nightly fuzz build -s none --target-dir "fuzz/target-$tag" "$t"
done
bin_dir=$PWD/fuzz/target-$tag/x86_64-unknown-linux-gnu/release
z3=$(find "$PWD/vendor/solvers/z3-solver-$version" -path '*bin/z3' -type f | head -1)
[ -x "$z3" ] || { echo "no z3 binary for $version under vendor/solvers" >&2; exit 2; }
"$cli" versions

if [ ! -x "$venv/bin/typefuzz" ]; then
  echo "== installing yinyang 0.3.0 into $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q yinyang==0.3.0
fi
fuzzer_py=$(find "$venv" -path '*yinyang/src/core/Fuzzer.py' | head -1)
if ! grep -q 'self.timeout_of_current_seed = 0  # smtsmith patch' "$fuzzer_py"; then
  sed -i 's/^            log_generation_attempt(self.args)$/&\n            self.timeout_of_current_seed = 0  # smtsmith patch/' "$fuzzer_py"
fi

# typefuzz for $seconds on core 0; its last status line.
run_typefuzz() {
  local dir=$out/$1
  mkdir -p "$dir"
  ( cd "$dir" && timeout -s INT "$seconds" taskset -c 0 "$venv/bin/typefuzz" -t 2 \
      -l "$dir/logs" -b "$dir/bugs" -s "$dir/scratch" \
      "$z3 model_validate=true -t:2000;$cli solve --solver cvc5 --timeout-ms 2000" \
      "$out/seeds" >"$dir/out.txt" 2>&1 || true )
}

# A smtsmith target for $seconds on core 1: persistent processes, a new one where the
# watchdog ended one; their logs in $dir.
run_smtsmith() {
  local target=$1 dir=$out/$2 start=$SECONDS n=0 scale=""
  [ "$target" = seed_mutation ] && scale=-entropic_scale_per_exec_time=1
  mkdir -p "$dir/corpus" "$dir/findings"
  if [ "$target" = seed_mutation ]; then
    "$cli" seed-corpus "$out/seeds" --out "$dir/corpus" >/dev/null
  fi
  while [ $((SECONDS - start)) -lt "$seconds" ]; do
    n=$((n + 1))
    SMTSMITH_FINDINGS=$dir/findings SMTSMITH_QUIET_CLASSES=all \
      taskset -c 1 "$bin_dir/$target" "$dir/corpus" -max_total_time=$((seconds - (SECONDS - start))) \
      -timeout=120 -rss_limit_mb=8192 -max_len=32768 -len_control=0 $scale \
      -print_final_stats=1 -artifact_prefix="$dir/" \
      >"$dir/process-$n.log" 2>&1 || true
  done
}

# Sums of the smtsmith processes: inputs run, solver checks.
smtsmith_counts() {
  local inputs=0 checks=0 f i c
  for f in "$1"/process-*.log; do
    i=$(sed -nE 's/^Done ([0-9]+) runs.*/\1/p' "$f" | tail -1)
    [ -n "$i" ] || i=$(grep -oE '^#[0-9]+' "$f" | tail -1 | tr -d '#')
    inputs=$((inputs + ${i:-0}))
    c=$(sed -nE 's/^smtsmith: ([0-9]+) solver checks.*/\1/p' "$f" | tail -1); checks=$((checks + ${c:-0}))
  done
  echo "$inputs $checks $(ls "$1"/process-*.log | wc -l) $(find "$1/findings" -name '*.json' | wc -l)"
}

typefuzz_counts() {
  local line calls mutants
  line=$(grep -E 'Performed [0-9]+ solver calls' "$1/out.txt" | tail -1 || true)
  calls=$(sed -nE 's/.*Performed ([0-9]+) solver calls.*/\1/p' <<<"$line")
  # typefuzz reports mutants/s over its whole run: mutants = rate x seconds.
  mutants=$(sed -nE 's/.*, ([0-9.]+) mutants\/s.*/\1/p' <<<"$line")
  echo "${calls:-0} $(awk -v m="${mutants:-0}" -v s="$seconds" 'BEGIN{printf "%d", m*s}') $(find "$1/bugs" -name '*.smt2' 2>/dev/null | wc -l)"
}

echo "== phase 1: typefuzz | seed_mutation, ${seconds}s"
run_typefuzz typefuzz-1 & p=$!
run_smtsmith seed_mutation seed_mutation
wait $p
echo "== phase 2: typefuzz | differential, ${seconds}s"
run_typefuzz typefuzz-2 & p=$!
run_smtsmith differential differential
wait $p

# libFuzzer's fork mode on core 1 (typefuzz again on core 0, so that both cores are as
# busy as in the other phases).
run_fork() {
  local target=$1 dir=$out/$1-fork
  mkdir -p "$dir/corpus" "$dir/findings"
  if [ "$target" = seed_mutation ]; then
    "$cli" seed-corpus "$out/seeds" --out "$dir/corpus" >/dev/null
  fi
  ( cd "$dir" && SMTSMITH_FINDINGS=$dir/findings SMTSMITH_HANG_SECONDS=30 taskset -c 1 \
      "$bin_dir/$target" "$dir/corpus" -max_total_time="$seconds" -fork=1 \
      -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 -timeout=60 -max_len=32768 \
      -len_control=0 >"$dir/process-1.log" 2>&1 || true )
}
if [ "${FORK_BASELINE:-0}" = 1 ]; then
  echo "== phase 3: typefuzz | seed_mutation in fork mode, ${seconds}s"
  run_typefuzz typefuzz-3 & p=$!
  run_fork seed_mutation
  wait $p
  echo "== phase 4: typefuzz | differential in fork mode, ${seconds}s"
  run_typefuzz typefuzz-4 & p=$!
  run_fork differential
  wait $p
fi

{
  echo "# smtsmith vs typefuzz, Z3 $version, ${seconds}s per phase, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores ($(uname -m))"
  printf '%-26s %9s %9s %13s %12s %9s %9s\n' run inputs inputs/s "solver calls" "calls/s" findings processes
  for ph in 1 2 3 4; do
    [ -d "$out/typefuzz-$ph" ] || continue
    read -r calls mutants bugs < <(typefuzz_counts "$out/typefuzz-$ph")
    printf '%-26s %9d %9.1f %13d %12.1f %9d %9s\n' "typefuzz (phase $ph)" "$mutants" \
      "$(awk -v a="$mutants" -v s="$seconds" 'BEGIN{print a/s}')" "$calls" \
      "$(awk -v a="$calls" -v s="$seconds" 'BEGIN{print a/s}')" "$bugs" -
  done
  for t in seed_mutation differential seed_mutation-fork differential-fork; do
    [ -d "$out/$t" ] || continue
    read -r inputs checks procs findings < <(smtsmith_counts "$out/$t")
    printf '%-26s %9d %9.1f %13d %12.1f %9d %9d\n' "smtsmith $t" "$inputs" \
      "$(awk -v a="$inputs" -v s="$seconds" 'BEGIN{print a/s}')" "$checks" \
      "$(awk -v a="$checks" -v s="$seconds" 'BEGIN{print a/s}')" "$findings" "$procs"
  done
} | tee "$out/summary.txt"
