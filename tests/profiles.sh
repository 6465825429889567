#!/bin/sh
# Every profile in rules/profiles/ as the rules see it once loaded
# (tests/profile-dump.c) equals tests/profiles/resolved.golden.
# SECLINT_BLESS=1 writes the golden file instead.
# usage: profiles.sh PROFILE-DUMP TESTS-DIR
set -u
dump=$1
dir=$2
. "$dir/lib.sh"
rules=$dir/../rules
golden=$dir/profiles/resolved.golden
names=$(cd "$rules/profiles" && ls -- *.conf | sed 's/\.conf$//')

# shellcheck disable=SC2086 # one argument per profile name
if "$dump" "$rules/policy.conf" $names >"$tmp/resolved" 2>"$tmp/err"; then
	ok
else
	ko "profile-dump failed"
	cat "$tmp/err"
fi
if [ -n "${SECLINT_BLESS:-}" ]; then
	cp "$tmp/resolved" "$golden"
	echo "wrote $golden"
elif diff -u "$golden" "$tmp/resolved"; then
	ok
else
	ko "the resolved profiles differ from $golden (diff above)"
fi
finish
