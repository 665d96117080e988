#!/usr/bin/env bash
# smtsmith's in-process reducer next to ddSMT (PyPI ddsmt 2.0.6, the reference delta debugger
# for SMT-LIB) on written findings: each finding's original reproducer is reduced by
# `smtsmith reduce` (one process, the case re-run in-process per step) and by ddSMT with
# `smtsmith judge` as its interestingness test (a process per candidate: the same oracle, the
# same setup, the same solvers). Prints one tab-separated line per finding — term nodes and
# bytes of the original and of each result (`smtsmith size`: the formula as smtsmith prints
# it, so the commands a reducer keeps or drops around it do not count), and each reducer's
# wall time — then the medians. Both results of each finding are kept under OUT.
#
#   scripts/reduce-vs-ddsmt.sh OUT FINDINGS_DIR...
#
# Environment: SMTSMITH (the smtsmith binary, built against the release the findings were
# made with; default target/release/smtsmith), DDSMT (default: ddsmt on PATH; install with
# `python3 -m venv v && v/bin/pip install ddsmt==2.0.6`), BUDGET (smtsmith's seconds per
# finding, default 60), DDSMT_JOBS (default 1: both reducers on one core).
set -euo pipefail
smtsmith=$(realpath "${SMTSMITH:-target/release/smtsmith}")
ddsmt=${DDSMT:-ddsmt}
budget=${BUDGET:-60}
jobs=${DDSMT_JOBS:-1}
[ -x "$smtsmith" ] || { echo "reduce-vs-ddsmt: no smtsmith binary at $smtsmith" >&2; exit 2; }
command -v "$ddsmt" >/dev/null || { echo "reduce-vs-ddsmt: no ddsmt ($ddsmt); see the header" >&2; exit 2; }
[ $# -gt 1 ] || { echo "usage: $0 OUT FINDINGS_DIR..." >&2; exit 2; }
out=$1; shift
mkdir -p "$out"

size() { "$smtsmith" size "$1" | awk -F'\t' '{print $2 "\t" $4}'; }
now() { date +%s.%N; }

printf 'finding\tclass\torig_nodes\torig_bytes\tsmtsmith_nodes\tsmtsmith_bytes\tsmtsmith_s\tddsmt_nodes\tddsmt_bytes\tddsmt_s\n'
rows=$(mktemp)
for dir in "$@"; do
  find "$dir" -name '*.json' ! -name 'report*' | sort | while read -r json; do
    mode=$(python3 -c 'import json,sys; v=json.load(open(sys.argv[1])); print(v.get("mode","formula"), v["class"])' "$json")
    case "$mode" in formula\ *) ;; *) continue ;; esac
    class=${mode#formula }
    work=$(mktemp -d)
    mkdir -p "$work/$class"
    base=${json%.json}
    cp "$base".json "$base".smt2 "$work/$class/"
    w=$work/$class/$(basename "$base")
    # Only findings that make themselves again with this build count.
    if ! "$smtsmith" judge --finding "$w.json" "$w.smt2" >/dev/null 2>&1; then
      echo "# $(basename "$base"): does not reproduce with this build, skipped" >&2
      rm -rf "$work"; continue
    fi
    t0=$(now)
    "$smtsmith" reduce --again --budget "$budget" "$w.json" >/dev/null 2>&1 || true
    t1=$(now)
    # A finding recognised as a known bug by its reduced form moves under known/.
    [ -f "$w.smt2" ] || w=$work/known/$class/$(basename "$base")
    ours=$( [ -f "$w.reduced.smt2" ] && size "$w.reduced.smt2" || printf -- '-\t-')
    t2=$(now)
    "$ddsmt" -j "$jobs" "$w.smt2" "$work/ddsmt.smt2" "$smtsmith" judge --finding "$w.json" >"$work/ddsmt.log" 2>&1 || true
    t3=$(now)
    dd=$( [ -f "$work/ddsmt.smt2" ] && size "$work/ddsmt.smt2" 2>/dev/null || printf -- '-\t-')
    line=$(printf '%s\t%s\t%s\t%s\t%.1f\t%s\t%.1f' "$(basename "$base")" "$class" "$(size "$w.smt2")" \
      "$ours" "$(echo "$t1 - $t0" | bc)" "$dd" "$(echo "$t3 - $t2" | bc)")
    echo "$line"
    echo "$line" >>"$rows"
    name=$(basename "$base")
    [ -f "$w.reduced.smt2" ] && cp "$w.reduced.smt2" "$out/$name.smtsmith.smt2"
    [ -f "$work/ddsmt.smt2" ] && cp "$work/ddsmt.smt2" "$out/$name.ddsmt.smt2"
    cp "$w.smt2" "$out/$name.original.smt2"
    rm -rf "$work"
  done
done
python3 - "$rows" <<'EOF'
import statistics, sys
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1]) if l.strip()]
def med(k):
    vals = [float(r[k]) for r in rows if r[k] not in ('-', '')]
    return statistics.median(vals) if vals else float('nan')
print(f"# {len(rows)} findings; medians: original {med(2):.0f} nodes / {med(3):.0f} bytes; "
      f"smtsmith {med(4):.0f} nodes / {med(5):.0f} bytes in {med(6):.1f} s; "
      f"ddSMT {med(7):.0f} nodes / {med(8):.0f} bytes in {med(9):.1f} s")
EOF
rm -f "$rows"
