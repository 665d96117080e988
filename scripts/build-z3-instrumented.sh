#!/usr/bin/env bash
# Builds Z3 5.3.3 from source (the `z3-src` crate 503.3.0 on crates.io, MIT, sha256-pinned
# below) with clang and libFuzzer's coverage counters, and in other variants AddressSanitizer
# or UndefinedBehaviorSanitizer, so that libFuzzer's guidance and the sanitizers reach inside
# Z3. The build is cached outside target/ by version and flags; smtsmith links it with
#   SMTSMITH_Z3_LIB_DIR=<printed folder> cargo build --release
# (and the fuzz targets with the same variable under cargo +nightly fuzz).
#
# Usage: scripts/build-z3-instrumented.sh [VARIANT] [CACHE]
#   fuzzer         -fsanitize=fuzzer-no-link (libFuzzer's counters and comparisons)
#   fuzzer-hidden  the fuzzer build, copied, with libz3's calls that hand its counters and
#                  PC table to libFuzzer pointed at libc's labs(): libz3 still counts (same
#                  work per input), libFuzzer does not see it (the comparison campaigns'
#                  "counters hidden" arm; no compiling, seconds)
#   partial        -fsanitize=fuzzer-no-link only in the files scripts/z3-partial-coverage.txt
#                  names (theory solvers, rewriters), via -fsanitize-coverage-allowlist
#   asan           the same as fuzzer and -fsanitize=address (link smtsmith with
#                  RUSTFLAGS=-Zsanitizer=address: cargo fuzz -s address)
#   ubsan          the same as fuzzer and -fsanitize=undefined but its vptr check (which needs
#                  UBSan's C++ runtime; the fuzz target's UBSan handlers come from Rust's
#                  ASan runtime, which has no vptr handler: cargo fuzz -s address)
#   coverage       -fprofile-instr-generate -fcoverage-mapping without debug information
#                  (llvm-cov line coverage: scripts/z3-line-coverage.sh)
#   platform       the compilers and flags a fuzzing platform sets: $CC $CXX $CFLAGS $CXXFLAGS
#                  as OSS-Fuzz and ClusterFuzzLite export them (oss-fuzz/build.sh); no z3
#                  binary (the platform replays with the fuzz targets), and libz3's RUNPATH
#                  is $ORIGIN so that the C++ runtime copied beside it is found
# docs/usage.md, "Z3 from source", says which have been built and measured.
# CACHE defaults to ~/.cache/smtsmith. Needs clang with a C++ library that has <format>
# (Z3 5.3.3 includes it; GCC 12's libstdc++ and LLVM 14's libc++ do not): on Debian 12,
#   apt-get install clang-19 libc++-19-dev libc++abi-19-dev libclang-rt-19-dev
# (CLANG/CLANGXX name other compilers; libz3 is built against libc++, which is fine beside
# smtsmith's libstdc++: only Z3's C API crosses). And Python's pip: CMake comes from PyPI
# (Z3 asks for 3.26 or later; Debian 12 has 3.25). Prints the folder holding libz3.so (and
# the z3 binary beside it in ../bin), and the build's time and disk use.
set -euo pipefail

VARIANT=${1:-fuzzer}
CACHE=${2:-${HOME}/.cache/smtsmith}
CRATE_VERSION=503.3.0
Z3_VERSION=5.3.3
CRATE_SHA256=cfb8cac8650fc9a7e536c4583f8f68a4ce63eba9f13832ee5a30bce79bd71a6b
CLANG=${CLANG:-$(command -v clang-19 || command -v clang || true)}
CLANGXX=${CLANGXX:-$(command -v clang++-19 || command -v clang++ || true)}
JOBS=${JOBS:-$(nproc)}

if [ "$VARIANT" = fuzzer-hidden ]; then
  FROM=$("$0" fuzzer "$CACHE" | sed -n 's/^SMTSMITH_Z3_LIB_DIR=//p')
  PREFIX="$(dirname "$FROM")-hidden"
  if [ ! -f "$PREFIX/.complete" ]; then
    rm -rf "$PREFIX"
    cp -a "$(dirname "$FROM")" "$PREFIX.tmp"
    python3 "$(dirname "$0")/hide-sancov-counters.py" "$PREFIX.tmp/lib/libz3.so"
    sed -i 's/^\([^ ]*\) fuzzer /\1 fuzzer-hidden /' "$PREFIX.tmp/.complete"
    mv "$PREFIX.tmp" "$PREFIX"
  fi
  echo "SMTSMITH_Z3_LIB_DIR=$PREFIX/lib"
  exit 0
fi

CXXLIB=${CXXLIB:--stdlib=libc++}
EXTRA_CMAKE=()
if [ "$VARIANT" = platform ]; then
  : "${CC:?the platform variant builds with \$CC \$CXX \$CFLAGS \$CXXFLAGS; CC is not set}"
  : "${CXX:?the platform variant builds with \$CC \$CXX \$CFLAGS \$CXXFLAGS; CXX is not set}"
  CLANG=$(command -v "$CC" || true)
  CLANGXX=$(command -v "$CXX" || true)
  # The platform's CXXFLAGS already choose the C++ library (OSS-Fuzz: -stdlib=libc++).
  CXXLIB=""
  # Release without CMake's -O3: the platform's optimisation level (OSS-Fuzz: -O1) holds.
  EXTRA_CMAKE=(-DCMAKE_C_COMPILER="$CLANG" -DCMAKE_C_FLAGS="${CFLAGS:-}"
    -DCMAKE_CXX_FLAGS_RELEASE=-DNDEBUG -DCMAKE_C_FLAGS_RELEASE=-DNDEBUG
    -DZ3_BUILD_EXECUTABLE=FALSE -DCMAKE_INSTALL_RPATH='$ORIGIN')
fi

# An OSS-Fuzz `undefined` build's CXXFLAGS include UBSan's vptr check, which needs UBSan's C++
# runtime (__ubsan_handle_dynamic_type_cache_miss_abort, __ubsan_vptr_type_cache). The fuzz
# targets bring UBSan's handlers with Rust's ASan runtime, which has all the others the
# platform's checks call but not these two (nm on librustc-nightly_rt.asan.a against a C++
# file compiled with OSS-Fuzz's flags): without vptr the library links; with it, it does not.
platform_flags() {
  case " $1 " in
    *-fsanitize=*vptr* | *-fsanitize=*undefined*) echo "$1 -fno-sanitize=vptr" ;;
    *) echo "$1" ;;
  esac
}
case "$VARIANT" in
  platform) FLAGS=$(platform_flags "${CXXFLAGS:-}") ;;
  fuzzer) FLAGS="-fsanitize=fuzzer-no-link" ;;
  partial) FLAGS="-fsanitize=fuzzer-no-link -fsanitize-coverage-allowlist=$(cd "$(dirname "$0")" && pwd)/z3-partial-coverage.txt" ;;
  asan) FLAGS="-fsanitize=fuzzer-no-link,address" ;;
  ubsan) FLAGS="-fsanitize=fuzzer-no-link,undefined -fno-sanitize=vptr -fno-sanitize-recover=undefined" ;;
  coverage) FLAGS="-fprofile-instr-generate -fcoverage-mapping" ;;
  *) echo "unknown variant $VARIANT (fuzzer, fuzzer-hidden, partial, asan, ubsan, coverage or platform)" >&2; exit 2 ;;
esac
# Line tables for the sanitizers' and libFuzzer's frames; a coverage build maps lines without
# them. CMake's Release type appends its own -O3 -DNDEBUG after these flags, and the last -O
# wins: every variant but platform is compiled at -O3 (the -O here is recorded, not used).
case "$VARIANT" in
  platform) ;;
  coverage) FLAGS="$FLAGS -O1" ;;
  *) FLAGS="$FLAGS -g1 -O2" ;;
esac
# The z3 binary (reproducers, bisection of this build) links libFuzzer's runtime without its
# main, which defines the counters' callbacks that libz3 calls; a fuzz target's own libFuzzer
# defines them for libz3 there.
EXE_FLAGS="$FLAGS"
case "$VARIANT" in
  fuzzer | partial | asan | ubsan) EXE_FLAGS="$FLAGS $("$CLANG" -print-file-name=libclang_rt.fuzzer_no_main-x86_64.a) -lstdc++" ;;
esac
if [ -z "$CLANG" ] || [ -z "$CLANGXX" ]; then
  echo "no clang found: install Debian's clang-19 libc++-19-dev libc++abi-19-dev libclang-rt-19-dev, or set CLANG and CLANGXX" >&2
  exit 2
fi

# The key names the allowlist by its content, not by where this clone is.
KEY_FLAGS=$FLAGS
if [ "$VARIANT" = partial ]; then
  KEY_FLAGS="$FLAGS $(sha256sum "$(dirname "$0")/z3-partial-coverage.txt" | cut -c1-16)"
  KEY_FLAGS=${KEY_FLAGS//$(cd "$(dirname "$0")" && pwd)/}
fi
[ "$VARIANT" = platform ] && KEY_FLAGS="$FLAGS | C: ${CFLAGS:-}"
KEY=$(printf '%s|%s|%s|%s' "$Z3_VERSION" "$KEY_FLAGS" "$CXXLIB" "$("$CLANGXX" --version | head -1)" | sha256sum | cut -c1-12)
PREFIX="$CACHE/z3-$Z3_VERSION-$VARIANT-$KEY"
if [ -f "$PREFIX/.complete" ]; then
  echo "cached: $PREFIX/lib"
  echo "SMTSMITH_Z3_LIB_DIR=$PREFIX/lib"
  exit 0
fi
mkdir -p "$CACHE"
WORK="$CACHE/build-z3-$Z3_VERSION-$VARIANT-$KEY"
rm -rf "$WORK"
mkdir -p "$WORK"

# The sources: the crate as crates.io serves it, checked against the pinned sha256.
CRATE="$CACHE/z3-src-$CRATE_VERSION.crate"
if [ ! -f "$CRATE" ]; then
  curl -sSfL -o "$CRATE.tmp" "https://static.crates.io/crates/z3-src/z3-src-$CRATE_VERSION.crate"
  mv "$CRATE.tmp" "$CRATE"
fi
echo "$CRATE_SHA256  $CRATE" | sha256sum -c --quiet
tar xzf "$CRATE" -C "$WORK"
SRC="$WORK/z3-src-$CRATE_VERSION/z3"

# CMake from PyPI (Z3 5.3.3 asks for 3.26 or later; Debian 12 has 3.25).
# The wheel's own binary (its bin/cmake wrapper needs the folder on PYTHONPATH).
CMAKE="$CACHE/cmake-pypi/cmake/data/bin/cmake"
if [ ! -x "$CMAKE" ]; then
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore \
    --target "$CACHE/cmake-pypi" 'cmake>=3.26,<5'
fi

START=$(date +%s)
"$CMAKE" -S "$SRC" -B "$WORK/build" \
  -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$CLANGXX" \
  -DCMAKE_CXX_FLAGS="$FLAGS $CXXLIB" \
  -DCMAKE_SHARED_LINKER_FLAGS="$FLAGS $CXXLIB" -DCMAKE_EXE_LINKER_FLAGS="$EXE_FLAGS $CXXLIB" \
  -DCMAKE_INSTALL_LIBDIR=lib -DCMAKE_INSTALL_BINDIR=bin \
  -DZ3_BUILD_LIBZ3_SHARED=TRUE -DZ3_BUILD_EXECUTABLE=TRUE \
  -DZ3_BUILD_TEST_EXECUTABLES=FALSE -DZ3_ENABLE_EXAMPLE_TARGETS=FALSE \
  -DZ3_BUILD_PYTHON_BINDINGS=FALSE -DZ3_INCLUDE_GIT_HASH=FALSE -DZ3_INCLUDE_GIT_DESCRIBE=FALSE \
  "${EXTRA_CMAKE[@]}" -DCMAKE_INSTALL_PREFIX="$PREFIX" >"$WORK/configure.log"
"$CMAKE" --build "$WORK/build" -j "$JOBS" >"$WORK/build.log"
"$CMAKE" --install "$WORK/build" >"$WORK/install.log"
END=$(date +%s)

echo "$Z3_VERSION $VARIANT $FLAGS" >"$PREFIX/.complete"
echo "built Z3 $Z3_VERSION ($VARIANT: $FLAGS) in $((END - START)) s with $JOBS jobs"
echo "disk: build tree $(du -sh "$WORK" | cut -f1), installed $(du -sh "$PREFIX" | cut -f1)"
echo "SMTSMITH_Z3_LIB_DIR=$PREFIX/lib"
