#!/usr/bin/env bash
# A bounded fuzzing campaign with defaults: installs cargo-fuzz when absent, builds (which
# fetches the pinned solver libraries), runs libFuzzer with live status lines, and ends with
# one table: inputs, exec/s, coverage, corpus size, findings by class.
#
#   scripts/campaign.sh [TARGET] [SECONDS] [-- LIBFUZZER FLAGS...]
#
# TARGET: any fuzz target (fuzz/fuzz_targets/*.rs; default portfolio; every target runs with
# SMTSMITH_THEORIES=all,fp,datatypes,seq,rec unless it is set). SECONDS: default 300. Environment: SMTSMITH_JOBS (parallel fuzzing processes, default 1), SMTSMITH_BUILD_ONLY=1
# (build, then stop), SMTSMITH_FINDINGS
# (findings folder, default ./findings), SMTSMITH_CORPUS (corpus folder, default
# fuzz/corpus/TARGET), SMTSMITH_RESTART_SAMPLE (a restarted process re-runs that many corpus
# inputs, not all: see corpus_dirs), SMTSMITH_THEORIES, SMTSMITH_Z3_VERSION /
# SMTSMITH_Z3_LIB_DIR / SMTSMITH_CVC5_LIB_DIR (solver builds, see README).
#
# Resuming: the corpus stays in fuzz/corpus/TARGET between campaigns. libFuzzer first runs
# every corpus input once (at the target's exec/s: 1,500 inputs of `differential` take
# about a minute), and that time counts against SECONDS; give a resumed campaign more time.
set -euo pipefail
cd "$(dirname "$0")/.."

# The default: the `portfolio` target (the optimizer, incremental scripts, `enumerate`,
# `differential` and constructions in one process) over every theory, FloatingPoint,
# datatypes, sequences and recursive functions included: where the newest releases' bugs
# were found (docs/defaults.md, "The campaign's default"). SMTSMITH_THEORIES set, even to
# `all`, is taken as it is.
target=${1:-portfolio}
seconds=${2:-300}
export SMTSMITH_THEORIES=${SMTSMITH_THEORIES:-all,fp,datatypes,seq,rec}
shift $(( $# > 2 ? 2 : $# ))
[ "${1:-}" = "--" ] && shift
jobs=${SMTSMITH_JOBS:-1}
targets=$(cd fuzz/fuzz_targets && ls -- *.rs | sed 's/\.rs$//' | tr '\n' ' ')
case " $targets " in *" $target "*) ;; *)
  echo "campaign: unknown target '$target' (one of: $targets)" >&2; exit 2;;
esac
case "$seconds" in ''|*[!0-9]*) echo "campaign: SECONDS must be a whole number, got '$seconds'" >&2; exit 2;; esac
# SMTSMITH_RESTART_SAMPLE: see corpus_dirs below.
restart_sample=${SMTSMITH_RESTART_SAMPLE-100}
case "$restart_sample" in ''|[1-9]|[1-9][0-9]*) ;; *)
  echo "campaign: SMTSMITH_RESTART_SAMPLE must be a positive whole number, got '$restart_sample'" >&2; exit 2;;
esac

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "== installing cargo-fuzz (once; about a minute and a half)"
  cargo install cargo-fuzz --locked || cargo install cargo-fuzz
fi
if ! cargo +nightly --version >/dev/null 2>&1; then
  echo "campaign: the fuzz targets need a nightly toolchain: rustup toolchain install nightly" >&2
  exit 2
fi

# Another solver build gets its own build folders and findings folder, so switching back and
# forth neither relinks everything nor mixes findings of different releases.
# A Z3 built by scripts/build-z3-instrumented.sh says its variant beside its lib/ folder:
# with libFuzzer's counters (fuzzer, partial, asan, ubsan) libFuzzer's edges are Z3's too (its
# "INFO: Loaded N modules" line gives each module's instrumented edges); fuzzer-hidden counts
# them but hides them from libFuzzer; asan and ubsan need smtsmith built with AddressSanitizer
# too (Rust has no UBSan of its own; its ASan runtime carries UBSan's handlers).
z3_variant=$(cut -d' ' -f2 "${SMTSMITH_Z3_LIB_DIR:-/nonexistent}/../.complete" 2>/dev/null || true)
tag=""
[ -n "${SMTSMITH_Z3_VERSION:-}" ] && tag="z3-$SMTSMITH_Z3_VERSION"
[ -n "${SMTSMITH_Z3_LIB_DIR:-}${SMTSMITH_CVC5_LIB_DIR:-}" ] && tag="custom${z3_variant:+-$z3_variant}"
if [ -n "$tag" ]; then
  cli_dir=target/$tag; fuzz_dir=fuzz/target-$tag
  export SMTSMITH_FINDINGS=${SMTSMITH_FINDINGS:-$PWD/findings-$tag}
else
  cli_dir=target; fuzz_dir=fuzz/target
  export SMTSMITH_FINDINGS=${SMTSMITH_FINDINGS:-$PWD/findings}
fi
sanitizer=none
asan_flags=()
echo "== building smtsmith (the first build fetches the pinned solver libraries and takes minutes)"
if [ "$z3_variant" = asan ] || [ "$z3_variant" = ubsan ]; then
  # Z3 under AddressSanitizer or UBSan: smtsmith and the fuzz target bring the sanitizer's
  # runtime. Leak checking is off: the solvers keep caches for the life of a process, and a
  # leak is not the error this campaign looks for.
  sanitizer=address
  asan_flags=(-detect_leaks=0)
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
  # UBSan ends the process through abort (so the fuzz target's hook writes the finding, named
  # by the check and place of its summary line) and prints the report's stack to the log.
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:abort_on_error=1:print_stacktrace=1:report_error_type=1}
  RUSTFLAGS="-Zsanitizer=address" cargo +nightly build --release --bin smtsmith \
    --target x86_64-unknown-linux-gnu --target-dir "$cli_dir"
  cli=$cli_dir/x86_64-unknown-linux-gnu/release/smtsmith
else
  cargo build --release --bin smtsmith --target-dir "$cli_dir"
  cli=$cli_dir/release/smtsmith
fi
"$cli" versions
echo "== building the fuzz target '$target' (nightly; the first build takes minutes)"
cargo +nightly fuzz build -s "$sanitizer" --target-dir "$fuzz_dir" "$target"
# SMTSMITH_BUILD_ONLY=1: stop here (scripts/compare-z3-coverage.sh builds every arm before
# it runs two campaigns side by side).
if [ "${SMTSMITH_BUILD_ONLY:-}" = 1 ]; then
  echo "fuzz target: $fuzz_dir/x86_64-unknown-linux-gnu/release/$target"
  exit 0
fi

corpus=${SMTSMITH_CORPUS:-fuzz/corpus/$target}
mkdir -p "$corpus" "$SMTSMITH_FINDINGS" fuzz/logs
stamp=$(mktemp)
log=fuzz/logs/$target-$(date +%Y%m%d-%H%M%S)-$$.log
trap 'rm -f "$stamp"; rm -rf "${procs:-}"; if [ -n "${watcher:-}" ]; then kill "$watcher" 2>/dev/null || true; fi' EXIT
corpus_before=$(find "$corpus" -type f | wc -l)
echo "== fuzzing '$target' for ${seconds}s with $jobs job(s); findings go to $SMTSMITH_FINDINGS"
if [ "$corpus_before" -gt 0 ]; then
  echo "   (resuming: the $corpus_before corpus inputs run once first, within the ${seconds}s)"
fi
case "$z3_variant" in
  fuzzer | asan | ubsan) covered="smtsmith's code and Z3's (Z3 built with libFuzzer's counters; cvc5 and Yices are not instrumented)" ;;
  partial) covered="smtsmith's code and part of Z3's (scripts/z3-partial-coverage.txt; cvc5 and Yices are not instrumented)" ;;
  fuzzer-hidden) covered="smtsmith's own code (Z3 counts its edges but they are hidden from libFuzzer)" ;;
  *) covered="smtsmith's own code (the solver libraries are not instrumented)" ;;
esac
echo "   edges: of $covered; libFuzzer's own lines: $log"

# Persistent fuzzing processes under a supervisor loop, one per job: a process runs until the
# campaign's time is up; where one ends early (the watchdog ended a solver call nothing
# stops, a crash), a new one goes on with the same corpus. Every finding is written by the
# harness and none stops a process (SMTSMITH_QUIET_CLASSES=all unless set): a restart
# re-runs the whole corpus first, which costs more than it finds (docs/measurements.md,
# "Seed-mode speed"). libFuzzer's -fork mode restarted a job at every finding and hang.
# -s none: the prebuilt solver libraries are not instrumented, and ASan would need
# -detect_leaks=0 and run ~10x slower for no gain on them (see README); -s address only with
# a Z3 built under it (above).
# seed_mutation: its inputs are SMT-LIB files, which a shorter -max_len would cut in the
# middle; and libFuzzer gives the inputs that run faster more of its mutations
# (-entropic_scale_per_exec_time=1): on real seeds most inputs take milliseconds and a few
# take seconds. Chosen by bugs found on Z3 4.8.7 (docs/measurements.md, "Seed-mode speed and
# hangs"): about twice the inputs and the most distinct bugs of the settings measured.
bin=$fuzz_dir/x86_64-unknown-linux-gnu/release/$target
target_flags=(-max_len=4096)
if [ "$target" = seed_mutation ]; then
  target_flags=(-max_len=32768 -entropic_scale_per_exec_time=1)
fi
mkdir -p "fuzz/artifacts/$target"
deadline=$((SECONDS + seconds))
procs=$(mktemp -d)
take_hung_inputs_out() {
  local hung=$SMTSMITH_FINDINGS/hung-inputs h c
  [ -d "$hung" ] || return 0
  for h in "$hung"/*; do
    [ -f "$h" ] || continue
    for c in $(find "$corpus" -type f -size "$(stat -c %s "$h")c" 2>/dev/null); do
      if cmp -s "$h" "$c"; then
        mkdir -p "$hung/from-corpus"
        mv "$c" "$hung/from-corpus/$(basename "$c")"
        echo "campaign: $c made the watchdog end a process; moved out of the corpus to $hung/from-corpus/" >>"$log"
      fi
    done
  done
}
# SMTSMITH_RESTART_SAMPLE=K: a process that follows one that ended early re-runs K corpus
# inputs drawn at random, not the whole corpus, and keeps what it finds in a folder of its own
# inside the corpus (libFuzzer reads a corpus folder's subfolders: a resumed campaign runs
# them all). Default 100; set empty (SMTSMITH_RESTART_SAMPLE=) a restarted process re-runs the
# whole corpus first: on Z3 4.8.7.0 the portfolio's processes, ended by Z3's segfaults, spent
# 48.5% of a 20-minute trial doing so, 5.4% with a sample of 100 (docs/measurements.md,
# "Restarts"); the watchdog ends a process at each FloatingPoint check Z3 does not stop, so
# with every theory on this is the time past limits the campaign spends least on.
# The corpus folders process N of job K reads, into `dirs`: the corpus, or (a restart, with a
# sample size) a new folder for what it keeps and a sample of the corpus.
corpus_dirs() {
  local k=$1 n=$2
  dirs=("$corpus")
  if [ -z "$restart_sample" ] || [ "$n" = 1 ]; then
    return
  fi
  local kept=$corpus/restart-$$-$k-$n sample=$procs/sample-$k-$n
  mkdir -p "$kept" "$sample"
  find "$corpus" -type f -print0 | shuf -z -n "$restart_sample" \
    | xargs -0 -r cp -t "$sample"
  dirs=("$kept" "$sample")
}
worker() {
  local k=$1 n=0 dirs
  shift
  while [ "$SECONDS" -lt "$deadline" ]; do
    n=$((n + 1))
    corpus_dirs "$k" "$n"
    # libFuzzer counts -max_total_time only once it has run the whole corpus, which a
    # restarted process does first (minutes for a large one): `timeout` ends it at the
    # deadline (SIGINT: libFuzzer stops and exits; 15 s of grace for a solver call).
    local out=$procs/job$k-$n.log
    SMTSMITH_QUIET_CLASSES=${SMTSMITH_QUIET_CLASSES:-all} SMTSMITH_STATUS_FILE=$procs/job$k-$n.status.json \
      timeout --signal=INT --kill-after=30 \
      $((deadline - SECONDS + 15)) "$bin" "${dirs[@]}" \
      -max_total_time=$((deadline - SECONDS)) -timeout=120 -rss_limit_mb=8192 "${target_flags[@]}" \
      -len_control=0 -print_final_stats=1 "${asan_flags[@]}" -artifact_prefix="fuzz/artifacts/$target/" "$@" \
      >"$out" 2>&1
    # How each process ended, in the log: a process that ends early without a finding or a
    # libFuzzer report (seen on Z3 4.8.10.0 with datatypes) is told apart by its status.
    local status=$? why=""
    [ "$status" = 124 ] && why=" (stopped at the deadline)"
    echo "campaign: fuzzing process $k.$n ended with status $status$why at ${SECONDS}s" >>"$out"
    # The watchdog ended it (71) on an input it kept under hung-inputs/: a corpus entry
    # with the same bytes (a seed, or an input libFuzzer saved before) would end the next
    # process again as it re-runs the corpus, so it leaves the corpus (kept beside the
    # finding, not lost).
    [ "$status" = 71 ] && take_hung_inputs_out
    # A restarted process that kept nothing leaves no folder behind.
    [ "${#dirs[@]}" -gt 1 ] && rmdir "${dirs[0]}" 2>/dev/null
    [ "${#dirs[@]}" -gt 1 ] && rm -rf "${dirs[1]}"
  done
}
# The processes write to their own files in "$procs"; `smtsmith campaign-status` shows one
# status line for all of them and a line per finding, and copies their lines into the log.
set +e
workers=()
for k in $(seq "$jobs"); do worker "$k" "$@" & workers+=($!); done
"$cli" campaign-status "$procs" --findings "$SMTSMITH_FINDINGS" --corpus "$corpus" --log "$log" \
  --seconds "$seconds" --jobs "$jobs" &
watcher=$!
wait "${workers[@]}"
touch "$procs/done"
wait "$watcher"
watcher=""
status=0
set -e

# Sums over the processes: inputs (each process's last status line), the largest coverage.
inputs=0; cov=0; runs=0; limited=0; taxes=()
for f in "$procs"/*.log; do
  runs=$((runs + 1))
  # Each process says at its end how many answers a documented limitation gave.
  l=$(sed -nE 's/.*answered by a documented limitation: ([0-9]+).*/\1/p' "$f" | tail -1)
  limited=$((limited + ${l:-0}))
  t=$(sed -nE 's/^smtsmith: (hang tax: .*)/\1/p' "$f" | tail -1)
  [ -z "$t" ] || taxes+=("$t")
  # "Done N runs" where the process reached the end, else its last status line.
  i=$(sed -nE 's/^Done ([0-9]+) runs.*/\1/p' "$f" | tail -1)
  [ -n "$i" ] || i=$(grep -oE '^#[0-9]+' "$f" | tail -1 | tr -d '#')
  inputs=$((inputs + ${i:-0}))
  c=$(grep -oE 'cov: [0-9]+' "$f" | tail -1 | grep -oE '[0-9]+'); [ "${c:-0}" -gt "$cov" ] && cov=$c
  # libFuzzer's "INFO: Loaded 2 modules (N inline 8-bit counters): A [...), B [...)": each
  # module's instrumented edges (with an instrumented Z3: libz3 first, the target second).
  modules=${modules:-$(sed -nE 's/^INFO: Loaded [0-9]+ modules +\([0-9]+ inline 8-bit counters\): (.*)/\1/p' "$f" | head -1 \
    | grep -oE '(^|, )[0-9]+ \[' | grep -oE '[0-9]+' | tr '\n' ' ')}
done
rm -rf "$procs"
echo
echo "== campaign summary: $target, ${seconds}s, $jobs job(s), $runs fuzzing process(es)"
printf '%-26s %s\n' "inputs run" "$inputs" \
  "exec/s" "$(( inputs / (seconds > 0 ? seconds : 1) )) (inputs / ${seconds} s)" \
  "coverage (edges)" "$cov (covered, all modules together)" \
  "corpus" "$(find "$corpus" -type f | wc -l) inputs (was $corpus_before)" \
  "documented limitations" "$limited answers (unknown, unsupported or skipped by a message the solver documents: src/dialect/facts.rs)"
read -r -a module_edges <<<"${modules:-}"
if [ "${#module_edges[@]}" -ge 2 ]; then
  printf '%-26s %s\n' "instrumented edges" "libz3 ${module_edges[0]}, smtsmith's target ${module_edges[1]} (libFuzzer's modules; cov: counts both)"
fi
# The time each process's solver calls spent past their time limits (a process the watchdog
# ended counts its last call as far as it got), in the log; the status line's last words
# above gave the sums.
for t in "${taxes[@]}"; do printf 'campaign: %s\n' "$t"; done >>"$log"
if [ -d "$SMTSMITH_FINDINGS" ]; then
  echo "== settling time-limit findings: each runs in its solver's own front end with its own limit"
  "$cli" settle "$SMTSMITH_FINDINGS" >>"$log" 2>&1 || echo "campaign: settle failed (its output: $log)"
  # Crashes and calls nothing stops end or stall the process that meets them, so the fuzzing
  # processes write them unreduced: each is reduced here, every candidate in a child process,
  # and settled against the known bugs (docs/usage.md, "Reduction, keys, known bugs, bisection").
  unreduced=$(find "$SMTSMITH_FINDINGS/crash" "$SMTSMITH_FINDINGS/time-limit" -maxdepth 1 -name '*.json' 2>/dev/null \
    | while read -r j; do [ -e "${j%.json}.reduced.smt2" ] || echo "$j"; done || true)
  if [ -n "$unreduced" ]; then
    echo "== reducing crash and time-limit findings (each candidate in a child process)"
    # shellcheck disable=SC2086 # one path per line, no spaces in findings' names
    "$cli" reduce $unreduced >>"$log" 2>&1 || true
  fi
fi
printf '%-26s %s\n' "findings by class" "this campaign / all in $SMTSMITH_FINDINGS"
for class in $(find "$SMTSMITH_FINDINGS" "$SMTSMITH_FINDINGS/known" -mindepth 1 -maxdepth 1 -type d ! -name known -printf '%P\n' 2>/dev/null | sort -u); do
  for dir in "$SMTSMITH_FINDINGS/$class" "$SMTSMITH_FINDINGS/known/$class"; do
    [ -d "$dir" ] || continue
    all=$(find "$dir" -name '*.json' | wc -l)
    new=$(find "$dir" -name '*.json' -newer "$stamp" | wc -l)
    # A folder whose findings all moved on (to known/, to performance/) is not listed.
    [ "$all" -gt 0 ] || continue
    printf '  %-24s %s / %s\n' "${dir#"$SMTSMITH_FINDINGS"/}" "$new" "$all"
  done
done
# Each finding's status (docs/usage.md, "Status and known bugs"): unsettled until reduced;
# then new, known (with the evidence) or regression.
printf '%-26s %s\n' "findings by status" "this campaign / all"
for st in new unsettled regression known; do
  all=$( (grep -rls --include='*.json' "\"status\": \"$st\"" "$SMTSMITH_FINDINGS" 2>/dev/null || true) | wc -l)
  new=$( (find "$SMTSMITH_FINDINGS" -name '*.json' -newer "$stamp" -print0 2>/dev/null \
        | xargs -0 -r grep -ls "\"status\": \"$st\"" || true) | wc -l)
  printf '  %-24s %s / %s\n' "$st" "$new" "$all"
done
echo "== findings by de-duplication key (the first 12; all of them in the report and the log)"
summary=$(mktemp)
"$cli" summary "$SMTSMITH_FINDINGS" >"$summary" 2>&1 || true
head -12 "$summary"
cat "$summary" >>"$log"; rm -f "$summary"
crashes=$(find "fuzz/artifacts/$target" -type f 2>/dev/null | wc -l)
echo "$crashes libFuzzer artifact(s) in fuzz/artifacts/$target (replay one: $cli replay FILE)"
"$cli" report "$SMTSMITH_FINDINGS" --log "$log" --out "$SMTSMITH_FINDINGS/report.html"
echo "   (open it in a browser; libFuzzer's full log: $log)"
exit "$status"
