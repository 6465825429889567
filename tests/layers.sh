#!/bin/sh
# The layers of the source tree (issue 17), checked on its text:
# - includes point one way, lint/cli -> lint/engine -> rules -> rules/lib
#   -> lint/mail -> lint/util: a file includes headers of its own folder
#   and of the folders below it, never above; rules and rules/lib reach
#   up only for the rule API;
# - a rule (rules/*.c) includes only the rule API and rules/lib headers
#   (and system, GLib or GMime headers, in <>);
# - no header is over 250 lines;
# - header names are unique over the folders (the build puts all of them
#   on the include path) and hide no system header.
# usage: layers.sh SOURCE-DIR
set -u
src=$1
dir=$(cd "$(dirname "$0")" && pwd)
. "$dir/lib.sh"
cd "$src" || exit 2

# Top first; each folder may include from its own rank on.
layers="lint/cli lint/engine rules rules/lib lint/mail lint/util"
# The rule API: what a rule may include besides rules/lib.
rule_api="rule.h fixer.h severity.h policy.h message.h address.h regex-cache.h
matches.h reply-prefix.h"
# The rule API headers of lint/engine, which rules and rules/lib may include.
rule_api_up="rule.h fixer.h severity.h policy.h"
max_lines=250

rank() {
	r=0
	for l in $layers; do
		[ "$l" = "$1" ] && { echo $r; return; }
		r=$((r + 1))
	done
	echo -1
}

# Header (and rules.def) names and the folder each is in.
for l in $layers; do
	for f in "$l"/*.h "$l"/*.def; do
		[ -e "$f" ] && echo "$(basename "$f") $l"
	done
done >"$tmp/where"
n_headers=$(grep -c '\.h ' "$tmp/where")
[ "$n_headers" -gt 30 ] && ok || ko "only $n_headers headers found in $src"

cut -d' ' -f1 "$tmp/where" | sort | uniq -d >"$tmp/dup"
[ -s "$tmp/dup" ] && ko "header names in two folders: $(cat "$tmp/dup")" || ok
while read -r name _; do
	case $name in *.h) ;; *) continue ;; esac
	[ -e "/usr/include/$name" ] && ko "$name hides <$name>" || ok
done <"$tmp/where"

for l in $layers; do
	for f in "$l"/*.h; do
		[ -e "$f" ] || continue
		n=$(wc -l <"$f")
		[ "$n" -le $max_lines ] && ok ||
			ko "$f: $n lines, over $max_lines"
	done
done

checked=0
for l in $layers; do
	mine=$(rank "$l")
	for f in "$l"/*.c "$l"/*.h; do
		[ -e "$f" ] || continue
		checked=$((checked + 1))
		sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" >"$tmp/inc"
		while read -r inc; do
			at=$(awk -v n="$inc" '$1 == n { print $2 }' "$tmp/where")
			if [ -z "$at" ]; then
				ko "$f includes \"$inc\", which is in no layer"
				continue
			fi
			if [ "$l" = rules ] && [ "$at" != rules/lib ] &&
			   ! echo " $rule_api " | tr '\n' ' ' | grep -q " $inc "; then
				ko "$f includes $at/$inc: a rule includes the rule API and rules/lib only"
				continue
			fi
			if [ "$(rank "$at")" -ge "$mine" ]; then
				ok
			elif [ "$at" = lint/engine ] &&
			     { [ "$l" = rules ] || [ "$l" = rules/lib ]; } &&
			     echo " $rule_api_up " | grep -q " $inc "; then
				ok
			else
				ko "$f includes $at/$inc: $l may not include from above it"
			fi
		done <"$tmp/inc"
	done
done
[ "$checked" -gt 100 ] && ok || ko "only $checked files checked"
finish
