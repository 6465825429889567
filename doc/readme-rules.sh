#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# readme-rules.sh SECLINT README [--check]: the README's rule table, from
# `seclint --list-rules` (the rule declarations and the default profile),
# as doc/man.cmake makes the man page's.  The table is the lines between
# the "<!-- rules: ... -->" and "<!-- end of rules -->" markers.  Without
# --check README is rewritten; with it nothing is written, and the exit
# status is 1 if README differs from what would be written (a diff says
# how).
set -eu
[ $# -ge 2 ] || { sed -n '3,10p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
seclint=$1
readme=$2
tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp.table"' EXIT

{
	echo "| id | severity | fires when |"
	echo "|---|---|---|"
	"$seclint" --policy "$(dirname "$0")/../rules/policy.conf" --list-rules |
		awk '/^[a-z0-9-]+ +[a-z]+ +/ {
			id = $1; sev = $2
			sub(/^[^ ]+ +[^ ]+ +/, ""); gsub(/\|/, "\\|")
			printf "| `%s` | %s | %s |\n", id, sev, $0 }'
} >"$tmp.table"
[ "$(wc -l <"$tmp.table")" -gt 2 ] || { echo "readme-rules.sh: no rules listed" >&2; exit 2; }
awk -v table="$tmp.table" '
	/^<!-- end of rules -->$/ { skip = 0 }
	!skip { print }
	/^<!-- rules: / { while ((getline l < table) > 0) print l; skip = 1; n++ }
	END { if (n != 1) exit 3 }' "$readme" >"$tmp" ||
	{ echo "readme-rules.sh: $readme needs one <!-- rules: --> ... <!-- end of rules --> block" >&2; exit 2; }
if [ "${3:-}" = --check ]; then
	diff -u "$readme" "$tmp" && exit 0
	echo "readme-rules.sh: $readme's rule table is not current: run doc/readme-rules.sh $seclint $readme" >&2
	exit 1
fi
cat "$tmp" >"$readme"
