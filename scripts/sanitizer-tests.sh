#!/usr/bin/env bash
# The four tests that need a Z3 built from source, which `cargo test` (and so CI) leaves
# ignored: AddressSanitizer and UBSan reports from inside libz3 become crash findings
# (tests/it/isolated.rs: an_address_sanitizer_report_inside_z3_is_a_crash_finding_with_its_frames,
# check_reads_the_sanitizer_report_of_a_worker_that_died_inside_z3,
# an_undefined_behaviour_report_inside_z3_is_a_crash_finding_keyed_by_its_place) and a Z3
# with libFuzzer's counters runs without libFuzzer (tests/it/linking.rs:
# an_instrumented_z3_runs_without_libfuzzer).
#
#   scripts/sanitizer-tests.sh            # all four
#   scripts/sanitizer-tests.sh asan       # one variant: asan, ubsan or fuzzer
#
# Each variant's Z3 is built by scripts/build-z3-instrumented.sh (cached under
# ~/.cache/smtsmith: the first build of each takes about an hour on 2 cores, docs/usage.md
# "Z3 from source"; later runs reuse it), smtsmith with nightly Rust (the sanitizer builds)
# into target/custom-VARIANT. Needs clang and a nightly toolchain. Exit status: 0 all
# passed, 1 a test failed, 2 a missing tool or a build that failed.
set -euo pipefail
cd "$(dirname "$0")/.."
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(asan ubsan fuzzer)
for v in "${variants[@]}"; do
  case "$v" in asan | ubsan | fuzzer) ;; *)
    echo "sanitizer-tests: unknown variant $v (asan, ubsan or fuzzer)" >&2
    exit 2
    ;;
  esac
done
command -v clang-19 >/dev/null || command -v clang >/dev/null || { echo "sanitizer-tests: clang is needed to build Z3 (apt-get install clang-19 libc++-19-dev libc++abi-19-dev libclang-rt-19-dev)" >&2; exit 2; }
cargo +nightly --version >/dev/null 2>&1 || { echo "sanitizer-tests: a nightly toolchain is needed (rustup toolchain install nightly)" >&2; exit 2; }
target=$(rustc -vV | sed -n 's/^host: //p')
failed=0
for v in "${variants[@]}"; do
  echo "== Z3 built with $v"
  lib=$(scripts/build-z3-instrumented.sh "$v" | sed -n 's/^SMTSMITH_Z3_LIB_DIR=//p')
  [ -n "$lib" ] || { echo "sanitizer-tests: the $v build printed no library folder" >&2; exit 2; }
  case "$v" in
    asan) flags=-Zsanitizer=address; tests=(isolated::an_address_sanitizer isolated::check_reads_the_sanitizer_report) ;;
    # UBSan's handlers come with Rust's ASan runtime (docs/usage.md).
    ubsan) flags=-Zsanitizer=address; tests=(isolated::an_undefined_behaviour) ;;
    fuzzer) flags=; tests=(linking::an_instrumented_z3_runs_without_libfuzzer) ;;
  esac
  # The build names the cfg the tests ask for (smtsmith_z3_asan, ...); a test still ignored
  # means the build did not see the library: count what ran.
  out=$(SMTSMITH_Z3_LIB_DIR="$lib" ASAN_OPTIONS=detect_leaks=0 RUSTFLAGS="$flags" \
    cargo +nightly test --release --target "$target" --target-dir "target/custom-$v" \
    --test it -- "${tests[@]}" 2>&1) || failed=1
  printf '%s\n' "$out" | grep -E '^test |test result' || true
  ran=$(printf '%s\n' "$out" | grep -cE '^test .* \.\.\. ok$' || true)
  if [ "$ran" -lt "${#tests[@]}" ]; then
    printf '%s\n' "$out" | tail -30
    echo "sanitizer-tests: $v: $ran of ${#tests[@]} tests passed" >&2
    failed=1
  fi
done
exit "$failed"
