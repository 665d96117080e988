#!/usr/bin/env bash
# The bug benchmark's runner: time-to-bug trials, as Magma and FuzzBench measure fuzzers.
# Each trial is one `scripts/campaign.sh` run (one fuzzing process, one core) from an empty
# corpus (seed_mutation: the shipped seeds) into its own findings folder; a poller records
# when each finding first appears on disk; `smtsmith bugs results` then counts a known bug
# as triggered in a trial when a finding of it is settled `known` as that bug
# (docs/usage.md, "The bug benchmark").
#
#   scripts/bug-bench.sh [--trials N] [--seconds S] [--parallel P] [--out DIR]
#                        [--env VAR=VALUE]... [--fuzzer-flag -FLAG=VALUE]... [--seeds DIR]
#                        CELL...
#
# CELL: Z3VERSION:TARGET (e.g. 4.8.7.0:differential; `pinned:TARGET` is the pinned Z3),
# or `short` (the few-minutes version to run before changing a default), `grid` (the cells
# that hold most bugs, about two hours on 2 cores) or `all` (every release of the index
# with every target that reaches its bugs: for bigger machines). Defaults: 5 trials of 600 s,
# 2 at a time, into bench-results/<date>-<commit>/. Ends with `smtsmith bugs results`
# (Markdown and an HTML page with the survival plots beside the trials). `--env` runs every
# trial with those SMTSMITH_* settings (a variant of a default: the results show it as a
# cell of its own; run the default and the variant into one --out to compare them).
# `--fuzzer-flag` passes a libFuzzer flag to every trial's fuzzing processes (after the
# campaign's own, so it overrides them; e.g. -use_value_profile=1): a variant as `--env` is.
# `--seeds DIR`: seed_mutation trials start from DIR's scripts instead of the shipped `seeds`
# (e.g. history-seeds, the public bug reproducers of the history pool): a variant too,
# labelled `seeds=DIR`.
set -euo pipefail
cd "$(dirname "$0")/.."

trials=5; seconds=600; parallel=2; out=""; settings=(); fuzzer_flags=(); seeds=seeds
while [ $# -gt 0 ]; do
  case "$1" in
    --trials) trials=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --parallel) parallel=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --env)
      case "$2" in SMTSMITH_*=*) settings+=("$2") ;; *) echo "bug-bench: --env takes SMTSMITH_VAR=VALUE, got '$2'" >&2; exit 2 ;; esac
      shift 2 ;;
    --fuzzer-flag)
      case "${2:-}" in -[a-z]*=*) fuzzer_flags+=("$2") ;; *) echo "bug-bench: --fuzzer-flag takes a libFuzzer flag -NAME=VALUE, got '${2:-}'" >&2; exit 2 ;; esac
      shift 2 ;;
    --seeds)
      [ -d "${2:-}" ] || { echo "bug-bench: --seeds takes a folder of SMT-LIB scripts, got '${2:-}' (no such folder)" >&2; exit 2; }
      seeds=$2; shift 2 ;;
    -h|--help) sed -n '2,28p' "$0"; exit 0 ;;
    -*) echo "bug-bench: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
# The variant's label (trial.json, the cell's folder): its settings, its flags, its seeds.
variant=("${settings[@]}" "${fuzzer_flags[@]}")
[ "$seeds" = seeds ] || variant+=("seeds=$(basename "$seeds")")
[ $# -gt 0 ] || { echo "bug-bench: give at least one CELL (or short, grid, all)" >&2; exit 2; }
for n in "$trials" "$seconds" "$parallel"; do
  case "$n" in ''|*[!0-9]*) echo "bug-bench: counts must be whole numbers, got '$n'" >&2; exit 2;; esac
done

# The grids. The releases that hold most of the index's bugs: Z3 4.8.7 (strings, nonlinear
# arithmetic, models with divisions by zero, a tactic crash), 4.8.10 (the new character
# theory's sort errors) and the pinned pair (cvc5 1.4.0's bugs, Z3 5.4.1's).
cells=()
for c in "$@"; do
  case "$c" in
    short) cells+=(4.8.7.0:differential pinned:differential) ;;
    grid) cells+=(4.8.7.0:differential 4.8.7.0:seed_mutation 4.8.10.0:differential pinned:differential pinned:script) ;;
    all)
      for v in $(python3 -c 'import json;print(" ".join(sorted({v for e in json.load(open("known-findings/index.json")) if e["solver"]=="z3" for v in e["versions"]})))'); do
        full=$(awk -v v="$v" '$1 ~ "^"v"(\\.|$)" {print $1; exit}' vendor/z3-solver.sha256)
        for t in differential seed_mutation script strings_sat strings_unsat regex; do cells+=("$full:$t"); done
      done
      for t in differential seed_mutation script; do cells+=("pinned:$t"); done ;;
    *:*) cells+=("$c") ;;
    *) echo "bug-bench: a CELL is VERSION:TARGET, short, grid or all; got '$c'" >&2; exit 2 ;;
  esac
done

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
out=${out:-bench-results/$(date +%Y%m%d-%H%M)-$commit}
mkdir -p "$out"
out=$(cd "$out" && pwd)
echo "== ${#cells[@]} cell(s) × $trials trial(s) × ${seconds}s, $parallel at a time, into $out"

# Builds each release's smtsmith and fuzz targets once, before any trial's clock starts.
for c in "${cells[@]}"; do
  v=${c%%:*}; t=${c#*:}
  env=(); [ "$v" = pinned ] || env=(SMTSMITH_Z3_VERSION="$v")
  tag=""; [ "$v" = pinned ] || tag="z3-$v"
  echo "== building for Z3 $v, target $t"
  env "${env[@]}" cargo build --release --bin smtsmith --target-dir "target${tag:+/$tag}" >/dev/null
  env "${env[@]}" cargo +nightly fuzz build -s none --target-dir "fuzz/target${tag:+-$tag}" "$t" >/dev/null
done

# One trial: an empty corpus (seed_mutation: the shipped seeds), its own findings folder,
# and a poller that writes `SECONDS<TAB>STEM` the first time it sees each finding.
trial() {
  local v=$1 t=$2 n=$3 dir=$4
  mkdir -p "$dir/corpus" "$dir/findings"
  if [ "$t" = seed_mutation ]; then
    # The cell's own build (made above, before any clock) prints the seeds as its parser
    # reads them; the trial's theories decide which scripts join (seed-corpus says why not).
    local smtsmith=target/release/smtsmith
    [ "$v" = pinned ] || smtsmith=target/z3-$v/release/smtsmith
    env "${settings[@]}" "$smtsmith" seed-corpus "$seeds" --out "$dir/corpus" >"$dir/seed-corpus.log" 2>&1 \
      || { echo "bug-bench: seed-corpus $seeds failed for trial $n (see $dir/seed-corpus.log)" >&2; return 1; }
  fi
  local zv=$v
  [ "$v" = pinned ] && zv=$(target/release/smtsmith versions | awk '$1 == "z3" { print $2; exit }')
  printf '{"z3": "%s", "target": "%s", "trial": %d, "seconds": %d, "commit": "%s", "variant": "%s"}\n' \
    "$zv" "$t" "$n" "$seconds" "$commit" "${variant[*]}" >"$dir/trial.json"
  : >"$dir/seen.tsv"
  local start=$EPOCHREALTIME
  (
    declare -A seen=()
    while sleep 3; do
      while IFS= read -r f; do
        stem=$(basename "$f" .json)
        [ -n "${seen[$stem]:-}" ] && continue
        seen[$stem]=1
        awk -v now="$EPOCHREALTIME" -v start="$start" -v stem="$stem" \
          'BEGIN { printf "%.1f\t%s\n", now - start, stem }' >>"$dir/seen.tsv"
      done < <(find "$dir/findings" -name '*.json' ! -name '*.reduced.json' ! -name '*.candidate.json' ! -name 'report*' 2>/dev/null)
    done
  ) &
  local poller=$!
  local env=("${settings[@]}" SMTSMITH_FINDINGS="$dir/findings" SMTSMITH_CORPUS="$dir/corpus" SMTSMITH_JOBS=1)
  [ "$v" = pinned ] || env+=(SMTSMITH_Z3_VERSION="$v")
  env "${env[@]}" scripts/campaign.sh "$t" "$seconds" -- "${fuzzer_flags[@]}" >"$dir/campaign.log" 2>&1 || true
  sleep 4
  kill "$poller" 2>/dev/null || true
  rm -rf "$dir/corpus"
  echo "   done: Z3 $v $t trial $n ($(grep -c . "$dir/seen.tsv" || true) findings seen)"
}

running=0
for c in "${cells[@]}"; do
  v=${c%%:*}; t=${c#*:}
  for n in $(seq "$trials"); do
    dir="$out/$v/$t/${variant[*]:+$(echo "${variant[*]}" | tr ' =' '_-')/}trial-$n"
    echo "== trial $n of Z3 $v, $t"
    trial "$v" "$t" "$n" "$dir" &
    running=$((running + 1))
    if [ "$running" -ge "$parallel" ]; then wait -n; running=$((running - 1)); fi
  done
done
wait

# Cells of old releases build their smtsmith under target/z3-VERSION/: the results need the
# plain build (the release does not matter to them: they replay with the release binaries).
cargo build --release --bin smtsmith >/dev/null
target/release/smtsmith bugs results "$out" --markdown "$out/results.md" --html "$out/results.html"
# The attributions to read by hand before the figures decide anything (docs/lab/defaults-history.md):
# each public bug per trial, the finding that triggered it first, how it was named.
target/release/smtsmith bugs results "$out" --evidence >"$out/evidence.tsv"
echo "== results: $out/results.md, survival plots: $out/results.html, attributions to check by hand: $out/evidence.tsv"
