#!/bin/sh
# Builds a libFuzzer harness in build-fuzz and runs it for SECONDS
# (default 60) on the fixtures as seed corpus; fails on any crash, leak,
# timeout or sanitizer report.  Crashing inputs are left in build-fuzz/crashes.
# usage: run-fuzz.sh [SECONDS [TARGET]]; TARGET is fuzz_message (the
# default: parsing and linting), fuzz_fix (--fix) or fuzz_archive (the
# members of attached archives).
set -eu
cd "$(dirname "$0")/../.."
seconds=${1:-60}
target=${2:-fuzz_message}
jobs=$(nproc 2>/dev/null || echo 2)

cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug \
	-DSECLINT_WERROR=ON -DSECLINT_FUZZ=ON -DBUILD_TESTING=OFF >/dev/null
cmake --build build-fuzz -j "$jobs" --target "$target"

corpus=build-fuzz/corpus
mkdir -p "$corpus" build-fuzz/crashes
cp tests/rules/*/*.eml tests/inputs/* "$corpus"/ 2>/dev/null || true
[ -d tests/inputs/hostile ] && cp tests/inputs/hostile/* "$corpus"/ 2>/dev/null
cp tests/fuzz/seeds/* "$corpus"/
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	build-fuzz/tests/fuzz/"$target" -max_len=65536 -timeout=10 \
	-max_total_time="$seconds" -rss_limit_mb=2048 \
	-artifact_prefix=build-fuzz/crashes/ -print_final_stats=1 "$corpus"
