#!/usr/bin/env bash
# The whole probe of the bug index: every bug's reproducer run by the reader of EVERY pinned
# release of its solver (Z3's 49 binaries, cvc5's 8 wheel modules, Yices's 2 binaries):
# it must show on the releases its entry lists, not on its fix release, and not on any
# other release (so the affected range is a fact of the binaries, not a guess).
#
#   scripts/probe-every-release.sh [OUT]     (default OUT: bench-results/probe-every-release-<date>.txt)
#
# Fetches the wheels it lacks into vendor/solvers/ (about 5 GB for all). Too long for CI
# (docs/usage.md, "The bug benchmark", gives the time measured); CI probes only the listed
# releases (`bug_benchmark::every_known_bug_shows_on_its_releases_and_not_on_its_fix`).
# Exit status: smtsmith's (0 when every probe agrees with the index).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-bench-results/probe-every-release-$(date +%Y%m%d-%H%M).txt}
mkdir -p "$(dirname "$out")"
cargo build --release --bin smtsmith >/dev/null
start=$(date +%s)
set +e
target/release/smtsmith bugs verify --every-release "${@:2}" >"$out" 2>"$out.err"
rc=$?
set -e
end=$(date +%s)
cat "$out.err" >&2
echo "probe-every-release: $(wc -l <"$out") probes in $((end - start)) s; $(grep -c '^BAD' "$out" || true) disagree with the index; lines in $out" >&2
exit $rc
