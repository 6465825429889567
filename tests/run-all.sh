#!/bin/sh
# Builds seclint twice, with -Werror and under AddressSanitizer +
# UndefinedBehaviorSanitizer, and runs the whole ctest suite on each; the
# second build also runs the unit tests under valgrind memcheck (and
# builds bench/parse-only and bench/alternate, so the bench compiles with
# -Werror).  Between the two, bounded libFuzzer runs (clang) on the
# fixtures: 60 s of parsing and linting, 30 s of --fix
# (SECLINT_FUZZ_SECONDS scales both), so the last line is ctest's summary.
set -eu
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)

cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DSECLINT_WERROR=ON \
	-DSECLINT_SANITIZE=address,undefined
cmake --build build-asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	ctest --test-dir build-asan --output-on-failure -j "$jobs"

fuzz=${SECLINT_FUZZ_SECONDS:-60}
sh tests/fuzz/run-fuzz.sh "$fuzz" fuzz_message
sh tests/fuzz/run-fuzz.sh "$((fuzz / 2))" fuzz_fix

cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSECLINT_WERROR=ON \
	-DSECLINT_BENCH=ON \
	-DSECLINT_VALGRIND=ON
cmake --build build -j "$jobs"
ctest --test-dir build --output-on-failure -j "$jobs"
