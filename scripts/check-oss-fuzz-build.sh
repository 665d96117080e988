#!/usr/bin/env bash
# Checks oss-fuzz/build.sh the way OSS-Fuzz's `compile` runs it, without Docker: the variables
# the platform sets for SANITIZER (address, undefined or coverage; libFuzzer engine, x86_64),
# with this machine's clang standing in for the image's, a copy of this checkout's files as
# $SRC/smtsmith (tracked and untracked, not ignored: no target/, no vendor/solvers/, as a
# fresh clone has), and fresh $OUT and $WORK. Then $OUT is copied elsewhere and every target
# in it runs from there alone: an empty environment, the build's folders out of its reach,
# its .options applied as ClusterFuzz applies them (its [asan] and [ubsan] sections as
# ASAN_OPTIONS and UBSAN_OPTIONS).
#
#   scripts/check-oss-fuzz-build.sh [SANITIZER] [DIR]      (DIR: default /tmp/smtsmith-oss-fuzz)
#
# REUSE=1 re-checks in DIR's existing trees: the checkout's files are copied over the previous
# copy and $WORK is kept, so Z3's build (cached there) and cargo's are reused; its times are then
# not a fresh build's. OSS-Fuzz links the targets with its own prebuilt libFuzzer
# (CUSTOM_LIBFUZZER_PATH, built against libc++); here clang's libclang_rt.fuzzer stands in for
# it (Debian's is built against libstdc++, so CUSTOM_LIBFUZZER_STD_CXX=stdc++ here).
#
# Exit status 0 when the build succeeds, every target's libraries resolve inside the copied
# $OUT, and every target runs RUNS inputs (default 100; at most 120 s) and exits 0.
set -euo pipefail
checkout=$(cd "$(dirname "$0")/.." && pwd)
sanitizer=${1:-address}
dir=${2:-/tmp/smtsmith-oss-fuzz}
runs=${RUNS:-100}
clang=${CLANG:-$(command -v clang-19 || command -v clang)}
clangxx=${CLANGXX:-$(command -v clang++-19 || command -v clang++)}

# OSS-Fuzz's values (infra/base-images/base-clang and base-builder's `compile`, libFuzzer).
base_cflags="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"
ubsan_checks="array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unsigned-integer-overflow,unreachable,vla-bound,vptr"
ubsan_fatal="array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unreachable,vla-bound,vptr"
case "$sanitizer" in
  address)
    sanitizer_flags="-fsanitize=address -fsanitize-address-use-after-scope"
    coverage_flags="-fsanitize=fuzzer-no-link"
    rustflags="--cfg fuzzing -Zsanitizer=address -Cdebuginfo=1 -Cforce-frame-pointers" ;;
  undefined)
    sanitizer_flags="-fsanitize=$ubsan_checks -fno-sanitize-recover=$ubsan_fatal"
    coverage_flags="-fsanitize=fuzzer-no-link"
    rustflags="--cfg fuzzing -Cdebuginfo=1 -Cforce-frame-pointers" ;;
  coverage)
    sanitizer_flags="-fprofile-instr-generate -fcoverage-mapping -pthread -Wl,--no-as-needed -Wl,-ldl -Wl,-lm -Wno-unused-command-line-argument"
    coverage_flags=""
    rustflags="--cfg fuzzing -Cdebuginfo=1 -Cforce-frame-pointers -Cinstrument-coverage -C link-arg=-lc++" ;;
  *) echo "SANITIZER is address, undefined or coverage, not $sanitizer" >&2; exit 2 ;;
esac

if [ "${REUSE:-0}" = 1 ]; then
  rm -rf "$dir/out" "$dir/runner"
else
  rm -rf "$dir"
fi
mkdir -p "$dir/src/smtsmith" "$dir/out" "$dir/work"
(cd "$checkout" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar cf -) | tar xf - -C "$dir/src/smtsmith"
# build.sh runs `cargo fuzz build` in the checkout: it uses the toolchain there.
cflags="$base_cflags $sanitizer_flags $coverage_flags"
libfuzzer=$("$clang" -print-file-name=libclang_rt.fuzzer-x86_64.a)
[ -f "$libfuzzer" ] || { echo "no libFuzzer archive beside $clang ($libfuzzer)" >&2; exit 2; }
start=$(date +%s)
(
  cd "$dir/src/smtsmith"
  env SANITIZER="$sanitizer" FUZZING_ENGINE=libfuzzer FUZZING_LANGUAGE=rust ARCHITECTURE=x86_64 \
    CC="$clang" CXX="$clangxx" CFLAGS="$cflags" CXXFLAGS="$cflags -stdlib=libc++" \
    RUSTFLAGS="$rustflags" SRC="$dir/src" OUT="$dir/out" WORK="$dir/work" \
    CUSTOM_LIBFUZZER_PATH="$libfuzzer" CUSTOM_LIBFUZZER_STD_CXX=stdc++ \
    bash -eux "$dir/src/smtsmith/oss-fuzz/build.sh"
) >"$dir/build.log" 2>&1 || { echo "build.sh failed: $dir/build.log" >&2; tail -20 "$dir/build.log" >&2; exit 1; }
echo "build.sh ($sanitizer) took $(( $(date +%s) - start )) s; log $dir/build.log"

# $OUT alone: copied, the build's trees moved out of reach.
runner="$dir/runner"
cp -a "$dir/out" "$runner"
mv "$dir/src" "$dir/src.away"
mv "$dir/work" "$dir/work.away"
trap 'mv "$dir/src.away" "$dir/src"; mv "$dir/work.away" "$dir/work"' EXIT
status=0
for options in "$runner"/*.options; do
  target=$(basename "$options" .options)
  missing=$(env -i ldd "$runner/$target" | grep -c 'not found' || true)
  outside=$(env -i ldd "$runner/$target" | grep -E 'libz3|libcvc5|libc\+\+' | grep -vc "$runner/lib" || true)
  args=$(sed -n '/^\[libfuzzer\]/,/^\[/p' "$options" | sed -n 's/^\([a-z_]*\) = \(.*\)$/-\1=\2/p' | tr '\n' ' ')
  asan=$(sed -n '/^\[asan\]/,/^\[/p' "$options" | sed -n 's/^\([a-z_]*\) = \(.*\)$/\1=\2/p' | tr '\n' ':')
  ubsan=$(sed -n '/^\[ubsan\]/,/^\[/p' "$options" | sed -n 's/^\([a-z_]*\) = \(.*\)$/\1=\2/p' | tr '\n' ':')
  # shellcheck disable=SC2086
  if (cd "$runner" && env -i PATH=/usr/bin:/bin ASAN_OPTIONS="$asan" UBSAN_OPTIONS="$ubsan" ./"$target" $args -runs="$runs" -max_total_time=120) >"$dir/run-$target.log" 2>&1; then
    code=0
  else
    code=$?
  fi
  done_line=$(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$dir/run-$target.log" || echo "no Done line")
  ub_reports=$(grep -c 'runtime error: ' "$dir/run-$target.log" || true)
  echo "$target: libraries not found $missing, from outside \$OUT $outside, exit $code, $done_line, UBSan reports $ub_reports"
  if [ "$missing" != 0 ] || [ "$outside" != 0 ] || [ "$code" != 0 ]; then status=1; fi
done
env -i ldd "$runner/differential" | grep -E 'libz3|libc\+\+|libcvc5\.'
exit $status
