#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The digest's shortcuts proved on every fixture, acceptance message and
# example: with SECLINT_CHECK_DIGEST=1 a reused GMime address reading
# that differs from a parse of the value or an address copied in one
# block that differs from its normal form (lint/mail/address.c), a pass
# over the headers that differs from their lookup by name
# (lint/mail/message.c), or a part's window on the input that differs
# from its stream (lint/mail/mime-crypto.c), aborts seclint.
# usage: digest-check.sh SECLINT SOURCE_DIR
seclint=$1 src=$2
SECLINT_CHECK_DIGEST=1
export SECLINT_CHECK_DIGEST
files=$(find "$src/tests/rules" "$src/tests/acceptance" "$src/tests/inputs" \
	"$src/examples" -type f \( -name '*.eml' -o -name '*.mbox' \) | sort)
# shellcheck disable=SC2086
"$seclint" --no-repo --color=never -j 2 $files >/dev/null 2>&1
rc=$?
if [ $rc -ge 128 ]; then
	echo "digest-check: exit $rc" >&2
	exit 1
fi
exit 0
