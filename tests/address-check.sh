#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# GMime's own reading of an address header, which the digest reuses
# (lint/mail/address.c, sl_address_add_reading()), proved on every
# fixture, acceptance message and example: with SECLINT_CHECK_ADDRESSES=1
# a reading that differs from a parse of the value aborts seclint.
# usage: address-check.sh SECLINT SOURCE_DIR
seclint=$1 src=$2
SECLINT_CHECK_ADDRESSES=1
export SECLINT_CHECK_ADDRESSES
files=$(find "$src/tests/rules" "$src/tests/acceptance" "$src/tests/inputs" \
	"$src/examples" -type f \( -name '*.eml' -o -name '*.mbox' \) | sort)
# shellcheck disable=SC2086
"$seclint" --no-repo --color=never -j 2 $files >/dev/null 2>&1
rc=$?
if [ $rc -ge 128 ]; then
	echo "address-check: exit $rc" >&2
	exit 1
fi
exit 0
