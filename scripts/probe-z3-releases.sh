#!/usr/bin/env bash
# Runs SMT-LIB files with the `z3` binary of pinned Z3 releases (vendor/z3-solver.sha256),
# one line per (file, release) with what the binary printed: for reproducers smtsmith's
# reader does not take yet (the optimizer's `minimize`/`maximize`/`get-objectives`), whose
# affected releases `smtsmith bisect` cannot probe.
#
#   scripts/probe-z3-releases.sh FILE.smt2... [-- RELEASE...]   (default: every pinned release)
#
# Fetches each release's wheel it lacks with pip into vendor/solvers/z3-solver-RELEASE/ and
# checks it against the pinned SHA-256 before running anything from it.
set -euo pipefail
cd "$(dirname "$0")/.."
files=(); releases=()
while [ $# -gt 0 ]; do
  case "$1" in --) shift; releases=("$@"); break ;; *) files+=("$(realpath "$1")"); shift ;; esac
done
[ ${#files[@]} -gt 0 ] || { echo "probe-z3-releases: give at least one FILE" >&2; exit 2; }
[ ${#releases[@]} -gt 0 ] || mapfile -t releases < <(grep -v '^#' vendor/z3-solver.sha256 | awk '{print $1}' | sort -uV)
for v in "${releases[@]}"; do
  dir=vendor/solvers/z3-solver-$v
  bin=$(find "$dir" -path '*bin/z3' -type f 2>/dev/null | head -1 || true)
  if [ -z "$bin" ]; then
    wheel=$(awk -v v="$v" '$1 == v {print $2; exit}' vendor/z3-solver.sha256)
    sum=$(awk -v v="$v" '$1 == v {print $3; exit}' vendor/z3-solver.sha256)
    [ -n "$wheel" ] || { echo "probe-z3-releases: $v is not pinned" >&2; exit 2; }
    tmp=$(mktemp -d)
    platform=$(echo "$wheel" | sed 's/.*-none-\(.*\)\.whl/\1/' | cut -d. -f1)
    pip download --quiet --no-deps "z3-solver==$v" --platform "$platform" --only-binary=:all: -d "$tmp" >&2
    echo "$sum  $tmp/$wheel" | sha256sum --check --quiet || { echo "probe-z3-releases: $wheel does not match its pinned hash" >&2; exit 1; }
    # The whole wheel, marked complete as smtsmith's own fetch marks it (src/harness/wheel.rs), so a
    # build for this release finds it in place.
    rm -rf "$dir" && mkdir -p "$tmp/unpacked"
    unzip -q -o "$tmp/$wheel" -d "$tmp/unpacked"
    printf '%s %s\n' "$wheel" "$sum" > "$tmp/unpacked/.complete"
    mv "$tmp/unpacked" "$dir"
    rm -rf "$tmp"
    bin=$(find "$dir" -path '*bin/z3' -type f | head -1)
    chmod +x "$bin"
  fi
  for f in "${files[@]}"; do
    printf '%s\t%s\t%s\n' "$(basename "$f")" "$v" "$(timeout 20 "$bin" "$f" 2>&1 | tr '\n' ' ')"
  done
done
