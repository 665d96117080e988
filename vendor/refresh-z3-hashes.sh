#!/usr/bin/env bash
# Regenerates the body of vendor/z3-solver.sha256 from the package index, through pip only
# (a dry-run install reports each wheel's sha256 without unpacking it).
# Usage: vendor/refresh-z3-hashes.sh 5.4.1.0 5.4.0.0 ... > /tmp/rows  (then review and paste)
set -euo pipefail
for v in "$@"; do
  rep=$(mktemp)
  python3 -m pip install --dry-run --no-deps --ignore-installed --quiet --report "$rep" \
    --only-binary=:all: --implementation cp --python-version 3.11 --abi cp311 \
    --platform manylinux_2_27_x86_64 --platform manylinux2014_x86_64 --platform manylinux1_x86_64 \
    --target "$(mktemp -d)" "z3-solver==$v" >/dev/null
  python3 - "$v" "$rep" <<'PY'
import json, sys
v, rep = sys.argv[1], sys.argv[2]
for item in json.load(open(rep))["install"]:
    info = item["download_info"]
    print(v, info["url"].rsplit("/", 1)[1], info["archive_info"]["hashes"]["sha256"])
PY
  rm -f "$rep"
done
