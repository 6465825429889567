#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Every literal list and guard before a pattern (rules/lib/literals.h)
# proved on every fixture, acceptance message, input (inputs/guards.mbox:
# the hostile texts of guards and windows) and example: with
# SECLINT_CHECK_LITERALS=1 a text ruled out that the pattern matches
# aborts seclint.  As addressed, and to each closed list too, so that
# every content rule reads each file.
# usage: literals-check.sh SECLINT SOURCE_DIR
seclint=$1 src=$2
SECLINT_CHECK_LITERALS=1
export SECLINT_CHECK_LITERALS
fail=0
files=$(find "$src/tests/rules" "$src/tests/acceptance" "$src/tests/inputs" \
	"$src/examples" \
	-type f \( -name '*.eml' -o -name '*.mbox' \) | sort)
for to in "" --to=security@kernel.org --to=hardware-security@kernel.org \
	  --to=distros@vs.openwall.org; do
	# shellcheck disable=SC2086
	"$seclint" --no-repo --color=never -j 2 $to $files >/dev/null 2>&1
	rc=$?
	if [ $rc -ge 128 ]; then
		echo "literals-check: $to: exit $rc" >&2
		fail=1
	fi
done
exit $fail
