#!/usr/bin/env bash
# Builds smtsmith against several z3-solver releases (each fetched and pinned by sha256 from
# vendor/z3-solver.sha256) and runs the same generated cases on each, next to cvc5:
# a quick way to see which releases disagree, crash or produce invalid models, and through
# which setup and path.
#
#   scripts/z3-releases.sh [-n COUNT] [--compare] [VERSION... | all]
#
# Default: 300 cases on a spread of releases, with the run-time settings of the environment
# (by default every case draws its setup and a third also run through the front ends).
# --compare: each release runs the cases twice, once with the fixed setup of the first
# release of smtsmith (SMTSMITH_SETUP=fixed SMTSMITH_REUSE=scope SMTSMITH_PATHS=api) and once
# with the drawn setups (the defaults), and prints time and distinct finding keys of each:
# the measurement that chooses the defaults (bugs per CPU-hour).
# Findings go to findings-z3-<version>[-<config>]/; with jq installed, one line per finding
# gives its class, blamed path, reuse mode, Z3 solver and whether the text paths ran.
set -euo pipefail
cd "$(dirname "$0")/.."
count=300
compare=false
while [ $# -gt 0 ]; do
  case "$1" in
    -n) count=$2; shift 2 ;;
    --compare) compare=true; shift ;;
    *) break ;;
  esac
done
if [ "${1:-}" = "all" ]; then
  set -- $(grep -v '^#' vendor/z3-solver.sha256 | awk '{print $1}')
elif [ $# -eq 0 ]; then
  set -- 4.8.5.0 4.8.7.0 4.8.10.0 4.8.17.0 4.9.1.0 4.11.2.0 4.12.2.0 4.13.0.0 4.14.1.0 4.15.4.0 5.0.0.0 5.3.0.0 5.4.1.0
fi

# Runs the cases with the settings in "$@" (VAR=value ...) into folder $dir.
run_config() {
  local dir=$1; shift
  rm -rf "$dir"
  local t0 t1 out
  t0=$(date +%s)
  set +e
  # Old releases ignore their time limit on some formulas and grow without bound (seen:
  # 4.8.17 and 4.12.2, 9 GB in 4 minutes). SMTSMITH_RELEASES_VMEM_KB caps the address space
  # (such a check then ends with Z3's "max. memory exceeded"); off by default: an 8 GB cap
  # also failed ordinary checks late in a long run on 4.13.0 (the process's address space
  # grows past its resident size), which read as API errors.
  out=$(if [ -n "${SMTSMITH_RELEASES_VMEM_KB:-}" ]; then ulimit -v "$SMTSMITH_RELEASES_VMEM_KB"; fi
        env "$@" target/z3-releases/release/smtsmith run --count "$count" --findings "$dir" 2>&1)
  set -e
  t1=$(date +%s)
  local keys=0
  if [ -d "$dir" ]; then
    keys=$(target/z3-releases/release/smtsmith triage "$dir" 2>/dev/null | head -1 | sed -E 's/.* ([0-9]+) distinct key.*/\1/')
  fi
  printf '  %-6s %4ss  %s; distinct keys: %s\n' "${dir##*-}" "$((t1 - t0))" "$(echo "$out" | tail -1)" "$keys"
  if command -v jq >/dev/null && [ -d "$dir" ]; then
    find "$dir" -name '*.json' -print0 | sort -z | xargs -0 -r jq -r \
      '"    \(.class) blamed \(.blamed) reuse \(.setup.reuse) z3 \(.setup.z3_solver | tostring) text \(.setup.text): \(.summary | gsub("\\s+"; " ") | .[0:110])"'
  fi
}

printf '%-10s %-8s %s\n' version build result
for v in "$@"; do
  log=$(mktemp)
  if ! SMTSMITH_Z3_VERSION=$v cargo build --release --quiet --target-dir target/z3-releases --bin smtsmith >"$log" 2>&1; then
    printf '%-10s %-8s %s\n' "$v" FAILED "$(grep -m1 -E 'error|smtsmith build' "$log")"
    continue
  fi
  rm -f "$log"
  printf '%-10s %-8s\n' "$v" ok
  if $compare; then
    run_config "findings-z3-$v-fixed" SMTSMITH_SETUP=fixed SMTSMITH_REUSE=scope SMTSMITH_PATHS=api
    run_config "findings-z3-$v-drawn" SMTSMITH_SETUP=drawn
  else
    run_config "findings-z3-$v" SMTSMITH_UNUSED=1
  fi
done
