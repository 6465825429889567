#!/bin/sh
# What a rule is and does lives in its declaration (rules/<id>.c, its
# profile groups, policy data), never in lint/ (issue 17): no file under
# lint/ names a rule id, in code or in a comment, nor a rule's profile
# group "[rule ID]".  The ids are the ones --list-rules prints.
# usage: lint-names-no-rule.sh SECLINT SOURCE-DIR
set -u
seclint=$1
src=$2
dir=$(cd "$(dirname "$0")" && pwd)
. "$dir/lib.sh"
cd "$src" || exit 2

"$seclint" --list-rules >"$tmp/list" 2>"$tmp/err" && ok ||
	{ ko "--list-rules failed"; cat "$tmp/err"; }
# The table after its "RULE SEVERITY SUMMARY" head: the first column.
awk 'head && NF { print $1 } $1 == "RULE" { head = 1 }' "$tmp/list" \
	>"$tmp/ids"
n=$(wc -l <"$tmp/ids")
[ "$n" -gt 50 ] && ok || ko "only $n rule ids in --list-rules"

# Each file and the rule ids it names, once each: an id anywhere, and a
# "[rule NAME]" group (lower case: "[rule ID]" in a comment is the
# placeholder).
find lint -type f | sort >"$tmp/files"
[ "$(wc -l <"$tmp/files")" -gt 40 ] && ok || ko "too few files under lint/"
while read -r f; do
	{ grep -oF -f "$tmp/ids" "$f"
	  grep -o '\[rule [a-z0-9-]*\]' "$f"
	} | sort -u | sed "s|^|$f |"
done <"$tmp/files" >"$tmp/named"

while read -r f id; do
	ko "$f names the rule $id: $(grep -nF -- "$id" "$f" | head -3 |
		tr '\n' ' ')"
done <"$tmp/named"
[ -s "$tmp/named" ] || ok
finish
