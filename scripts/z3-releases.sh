#!/usr/bin/env bash
# Builds smtsmith against several z3-solver releases (each fetched and pinned by sha256 from
# vendor/z3-solver.sha256) and runs the same generated cases on each, next to cvc5:
# a quick way to see which releases disagree, crash or produce invalid models.
#
#   scripts/z3-releases.sh [-n COUNT] [VERSION... | all]
#
# Default: 300 cases on a spread of releases. Findings go to findings-z3-<version>/.
set -euo pipefail
cd "$(dirname "$0")/.."
count=300
if [ "${1:-}" = "-n" ]; then count=$2; shift 2; fi
if [ "${1:-}" = "all" ]; then
  set -- $(grep -v '^#' vendor/z3-solver.sha256 | awk '{print $1}')
elif [ $# -eq 0 ]; then
  set -- 4.8.5.0 4.8.7.0 4.8.10.0 4.8.17.0 4.9.1.0 4.11.2.0 4.12.2.0 4.13.0.0 4.14.1.0 4.15.4.0 5.0.0.0 5.3.0.0 5.4.1.0
fi
printf '%-10s %-8s %s\n' version build result
for v in "$@"; do
  log=$(mktemp)
  if ! SMTSMITH_Z3_VERSION=$v cargo build --release --quiet --target-dir target/z3-releases --bin smtsmith >"$log" 2>&1; then
    printf '%-10s %-8s %s\n' "$v" FAILED "$(grep -m1 -E 'error|smtsmith build' "$log")"
    continue
  fi
  set +e
  out=$(target/z3-releases/release/smtsmith run --count "$count" --findings "findings-z3-$v" 2>&1)
  set -e
  api=$(echo "$out" | awk '/z3 api-error/ {print $1}')
  printf '%-10s %-8s %s; z3 api errors: %s\n' "$v" ok "$(echo "$out" | tail -1)" "${api:-0}"
  rm -f "$log"
done
