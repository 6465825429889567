#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# A check mode proved on every fixture, acceptance message, input
# (inputs/guards.mbox holds the hostile texts of the guards and windows)
# and example:
# with VARIABLE=1 seclint proves a shortcut against what it replaced and
# aborts on a difference.  SECLINT_CHECK_DIGEST: a reused GMime address
# reading that differs from a parse of the value or an address copied in
# one block that differs from its normal form (lint/mail/address.c), a
# pass over the headers that differs from their lookup by name
# (lint/mail/message.c), or a part's window on the input that differs
# from its stream (lint/mail/mime-crypto.c).  SECLINT_CHECK_TEXT: a scan of a body whose
# texts differ from those of the scan a line at a time, or an own text
# that differs from sl_text_own()'s (rules/lib/text.c).
# SECLINT_CHECK_PRESCAN: an mbox message's limits and address pre-scan
# over its line ends that differ from the scans a line at a time, or a
# remembered From value of the thread scan that differs from a new
# reading (lint/mail/input.c).  SECLINT_CHECK_QUIET: a message parsed
# without GMime's warning callback, as its header section allowed, that
# draws a complaint seclint refuses mail for when parsed with it
# (lint/mail/quiet.c).
# SECLINT_CHECK_LITERALS: a text a literal list or guard ruled out that
# its pattern matches (rules/lib/literals.h); run as addressed and to
# each closed list too, so that every content rule reads each file.
# usage: check-mode.sh VARIABLE SECLINT SOURCE_DIR [OPTION...]: each
# OPTION (a --to=) is a run of its own, after the one as addressed.
var=$1 seclint=$2 src=$3
shift 3
export "$var=1"
fail=0
files=$(find "$src/tests/rules" "$src/tests/acceptance" "$src/tests/inputs" \
	"$src/examples" -type f \( -name '*.eml' -o -name '*.mbox' \) | sort)
for to in "" "$@"; do
	# shellcheck disable=SC2086
	"$seclint" --no-repo --color=never -j 2 $to $files >/dev/null 2>&1
	rc=$?
	if [ $rc -ge 128 ]; then
		echo "check-mode $var${to:+ $to}: exit $rc" >&2
		fail=1
	fi
done
exit $fail
