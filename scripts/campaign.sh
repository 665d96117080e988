#!/usr/bin/env bash
# A bounded fuzzing campaign with defaults: installs cargo-fuzz when absent, builds (which
# fetches the pinned solver libraries), runs libFuzzer with live status lines, and prints a
# findings summary at the end.
#
#   scripts/campaign.sh [TARGET] [SECONDS]
#
# TARGET: differential (default), model_z3, model_cvc5. SECONDS: default 300.
# Environment: SMTSMITH_JOBS (parallel fuzzing processes, default 1), SMTSMITH_FINDINGS
# (findings folder, default ./findings), SMTSMITH_Z3_VERSION / SMTSMITH_Z3_LIB_DIR /
# SMTSMITH_CVC5_LIB_DIR (solver builds, see README). Extra libFuzzer flags after `--`.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:-differential}
seconds=${2:-300}
shift $(( $# > 2 ? 2 : $# ))
[ "${1:-}" = "--" ] && shift
jobs=${SMTSMITH_JOBS:-1}
case "$target" in differential|model_z3|model_cvc5) ;; *)
  echo "campaign: unknown target '$target' (differential, model_z3, model_cvc5)" >&2; exit 2;;
esac
case "$seconds" in ''|*[!0-9]*) echo "campaign: SECONDS must be a whole number, got '$seconds'" >&2; exit 2;; esac

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "== installing cargo-fuzz (once)"
  cargo install cargo-fuzz --locked || cargo install cargo-fuzz
fi
if ! cargo +nightly --version >/dev/null 2>&1; then
  echo "campaign: the fuzz targets need a nightly toolchain: rustup toolchain install nightly" >&2
  exit 2
fi

# Another solver build gets its own build folders and findings folder, so switching back and
# forth neither relinks everything nor mixes findings of different releases.
tag=""
[ -n "${SMTSMITH_Z3_VERSION:-}" ] && tag="z3-$SMTSMITH_Z3_VERSION"
[ -n "${SMTSMITH_Z3_LIB_DIR:-}${SMTSMITH_CVC5_LIB_DIR:-}" ] && tag="custom"
if [ -n "$tag" ]; then
  cli_dir=target/$tag; fuzz_dir=fuzz/target-$tag
  export SMTSMITH_FINDINGS=${SMTSMITH_FINDINGS:-$PWD/findings-$tag}
else
  cli_dir=target; fuzz_dir=fuzz/target
  export SMTSMITH_FINDINGS=${SMTSMITH_FINDINGS:-$PWD/findings}
fi
echo "== building smtsmith (fetches the pinned solver libraries on first use)"
cargo build --release --quiet --bin smtsmith --target-dir "$cli_dir"
"$cli_dir/release/smtsmith" versions

mkdir -p "fuzz/corpus/$target"
echo "== fuzzing '$target' for ${seconds}s with $jobs job(s); findings go to $SMTSMITH_FINDINGS"
echo "   (libFuzzer status: #runs, cov = coverage of smtsmith's own code, exec/s; a finding"
echo "    stops that job's process, is saved, and the campaign goes on)"
# -s none: the prebuilt solver libraries are not instrumented, and ASan would need
# -detect_leaks=0 and run ~10x slower for no gain on them (see README).
set +e
cargo +nightly fuzz run -s none --target-dir "$fuzz_dir" "$target" "fuzz/corpus/$target" -- \
  -max_total_time="$seconds" -fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
  -timeout=120 -rss_limit_mb=8192 -max_len=4096 -len_control=0 -print_final_stats=1 "$@"
status=$?
set -e
echo "== findings summary"
"$cli_dir/release/smtsmith" summary "$SMTSMITH_FINDINGS"
crashes=$(find "fuzz/artifacts/$target" -type f 2>/dev/null | wc -l)
echo "$crashes libFuzzer artifact(s) in fuzz/artifacts/$target (replay one: $cli_dir/release/smtsmith replay FILE)"
exit $status
