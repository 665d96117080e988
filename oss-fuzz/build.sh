#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build script for smtsmith (Rust conventions: cargo fuzz build -O,
# targets copied to $OUT). Also used by .clusterfuzzlite/build.sh.
#
# Solver libraries: build.rs fetches the pinned Z3 and cvc5 wheels from PyPI (sha256-pinned)
# and links them dynamically. They are built by their projects with GCC/libstdc++ and are not
# instrumented: coverage feedback comes from smtsmith's generator, evaluator and oracles (as
# in local runs), and sanitizers check smtsmith's code. They are copied to $OUT/lib; the fuzz
# targets carry the rpath $ORIGIN/lib (fuzz/build.rs). Requires libstdc++ with GLIBCXX_3.4.22
# and glibc 2.26 on the runner (OSS-Fuzz's base-runner, Ubuntu 20.04, has both).
# OSS-Fuzz: the checkout is $SRC/smtsmith; run by hand: the checkout this script is in.
if [ -n "${SRC:-}" ] && [ -d "$SRC/smtsmith" ]; then
  cd "$SRC/smtsmith"
else
  cd "$(dirname "$0")/.."
fi
: "${OUT:?set OUT to the output folder}"

# OSS-Fuzz's default toolchain is a nightly; by hand, stable is the default here.
if rustc --version | grep -q nightly; then nightly=""; else nightly="+nightly"; fi
cargo $nightly fuzz build -O --debug-assertions
release=fuzz/target/x86_64-unknown-linux-gnu/release

# The library folders smtsmith's build script chose (its `links` metadata).
meta=$(ls -t $(grep -l '^cargo:z3_lib_dir=' "$release"/build/smtsmith-*/output) | head -1)
z3_lib=$(sed -n 's/^cargo:z3_lib_dir=//p' "$meta")
cvc5_lib=$(sed -n 's/^cargo:cvc5_lib_dir=//p' "$meta")
mkdir -p "$OUT/lib"
# Under its soname (libz3.so.5.4 for 5.4.1.0), which is what the targets ask for.
z3_soname=$(objdump -p "$z3_lib/libz3.so" | sed -n 's/^ *SONAME *//p')
cp -L "$z3_lib/libz3.so" "$OUT/lib/${z3_soname:-libz3.so}"
# cvc5's libraries find their private GMP/MPFR/libpoly copies through RPATH $ORIGIN.
for f in "$cvc5_lib"/*.so.*; do cp -L "$f" "$OUT/lib/"; done

# The seed-mutation target's corpus entries are SMT-LIB scripts: smtsmith's own generated
# scripts, read back and printed as the mutator prints them (users add their benchmarks
# with `smtsmith seed-corpus DIR --out CORPUS`).
cargo build --release --bin smtsmith
scripts_dir=$(mktemp -d)
target/release/smtsmith gen --count 300 --seed 0 --bytes 200 --out "$scripts_dir/gen" >/dev/null
target/release/smtsmith seed-corpus --out "$scripts_dir/corpus" "$scripts_dir/gen" >/dev/null

for target in $(cargo $nightly fuzz list); do
  cp "$release/$target" "$OUT/"
  max_len=512
  corpus=benches/corpus/differential
  scale=""
  if [ "$target" = seed_mutation ]; then
    max_len=32768
    corpus=$scripts_dir/corpus
    # Fast inputs get more mutations, as scripts/campaign.sh runs this target.
    scale=$'\nentropic_scale_per_exec_time = 1'
  fi
  # Per-check solver limits (2 s wall clock at most, resource limits first) keep one input
  # far below the timeout; a solver that ignores its limits is then a real timeout finding.
  cat > "$OUT/$target.options" <<OPTIONS
[libfuzzer]
max_len = $max_len
timeout = 60$scale
rss_limit_mb = 2560
[asan]
quarantine_size_mb = 64
OPTIONS
  (cd "$corpus" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
done
