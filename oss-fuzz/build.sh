#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build script for smtsmith (Rust conventions: cargo fuzz build -O,
# targets copied to $OUT). Also used by .clusterfuzzlite/build.sh.
#
# Z3 is built from source (the z3-src crate, Z3 5.3.3) with the platform's $CC $CXX $CFLAGS
# $CXXFLAGS by scripts/build-z3-instrumented.sh (variant `platform`, cached in $WORK): in an
# `address` build libFuzzer's counters and AddressSanitizer reach inside Z3, in an `undefined`
# build UBSan's checks do (the Rust targets bring the sanitizer runtime: cargo fuzz builds them
# with ASan, whose runtime carries UBSan's handlers but not vptr's, which the platform variant
# turns off). A `coverage` build links the Z3 wheel:
# a libz3 with its own profile runtime beside the targets' is not something this script has
# checked, so the platform's coverage report covers smtsmith's code only.
# SMTSMITH_Z3_FROM=wheel links the wheel in every build (an hour less of compiling).
# cvc5 (and Yices) stay the release wheels from PyPI, built by their projects with GCC and not
# instrumented: cvc5's sources are on no registry this script can fetch from with a pinned hash.
# The solver libraries are copied to $OUT/lib with the C++ runtime a source-built libz3 needs;
# the fuzz targets carry the rpath $ORIGIN/lib (fuzz/build.rs), libz3 the RUNPATH $ORIGIN.
# The wheels need libstdc++ with GLIBCXX_3.4.22 and glibc 2.26 on the runner (OSS-Fuzz's
# base-runner, Ubuntu 20.04, has both).
# OSS-Fuzz: the checkout is $SRC/smtsmith; run by hand: the checkout this script is in.
if [ -n "${SRC:-}" ] && [ -d "$SRC/smtsmith" ]; then
  cd "$SRC/smtsmith"
else
  cd "$(dirname "$0")/.."
fi
: "${OUT:?set OUT to the output folder}"

# OSS-Fuzz's default toolchain is a nightly; by hand, stable is the default here.
if rustc --version | grep -q nightly; then nightly=""; else nightly="+nightly"; fi

z3_from=${SMTSMITH_Z3_FROM:-source}
case "${SANITIZER:-address}" in
  address | undefined) ;;
  *) z3_from=wheel ;;
esac
if [ "$z3_from" = source ]; then
  z3_built=$(scripts/build-z3-instrumented.sh platform "${WORK:-$HOME/.cache}/smtsmith-z3")
  echo "$z3_built"
  export SMTSMITH_Z3_LIB_DIR=$(echo "$z3_built" | sed -n 's/^SMTSMITH_Z3_LIB_DIR=//p')
else
  echo "Z3: the pinned wheel (SANITIZER=${SANITIZER:-}, SMTSMITH_Z3_FROM=${SMTSMITH_Z3_FROM:-})"
  unset SMTSMITH_Z3_LIB_DIR
fi
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
# What libz3 needs beyond glibc, libgcc and libstdc++ (the runner has those): a source build's
# libc++, libc++abi and libunwind.
ldd "$z3_lib/libz3.so" | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}' | while read -r name path; do
  case "$name" in
    libc.so.* | libm.so.* | libgcc_s.so.* | libpthread.so.* | libdl.so.* | librt.so.* | ld-linux* | libstdc++.so.*) ;;
    *) cp -L "$path" "$OUT/lib/$name" ;;
  esac
done
# cvc5's libraries find their private GMP/MPFR/libpoly copies through RPATH $ORIGIN.
for f in "$cvc5_lib"/*.so.*; do cp -L "$f" "$OUT/lib/"; done

# The seed-mutation target's corpus entries are SMT-LIB scripts: smtsmith's own generated
# scripts, read back and printed as the mutator prints them (users add their benchmarks
# with `smtsmith seed-corpus DIR --out CORPUS`).
# (The command-line tool only prints scripts: the wheels and no sanitizer serve it.)
env -u SMTSMITH_Z3_LIB_DIR RUSTFLAGS= cargo build --release --bin smtsmith
scripts_dir=$(mktemp -d)
target/release/smtsmith gen --count 300 --seed 0 --bytes 200 --out "$scripts_dir/gen" >/dev/null
target/release/smtsmith seed-corpus --out "$scripts_dir/corpus" "$scripts_dir/gen" >/dev/null

# fusion and janus read the labelled seeds: beside the targets on the runner, which has no
# checkout (construct::fusion::default_seed_dir).
rm -rf "$OUT/seeds"
cp -r seeds "$OUT/seeds"

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
  # No leak detection (libFuzzer's after an input, ASan's at exit): the solvers keep caches
  # (Z3's symbol tables, cvc5's node managers) for the life of a process, which
  # LeakSanitizer would report. Unsigned overflow, the one check of the platform's
  # `undefined` flags that does not end the process, is silenced as the platform's runner
  # silences it: Z3's hash functions wrap on purpose (hundreds of reports per 100 inputs),
  # and a report that does not end the process would leave its summary line for a later,
  # unrelated abort to be taken for (sys::take_sanitizer_summary).
  cat > "$OUT/$target.options" <<OPTIONS
[libfuzzer]
max_len = $max_len
timeout = 60$scale
rss_limit_mb = 2560
detect_leaks = 0
[asan]
quarantine_size_mb = 64
detect_leaks = 0
[ubsan]
silence_unsigned_overflow = 1
OPTIONS
  (cd "$corpus" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
done
