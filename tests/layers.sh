#!/bin/sh
# The layers of the source tree (issue 17), checked on its text:
# - includes point one way, lint/cli -> lint/engine -> rules -> rules/lib
#   (its sub-folders first, each a rank) -> lint/rule -> lint/repo ->
#   lint/mail -> lint/util: a file includes headers of its own folder and
#   of the folders below it, never above; the rule API is the layer
#   lint/rule, below the rules; rules and rules/lib reach up only for
#   policy.h (the policy's lists and roles, which the engine loads);
# - calls point the same way (read from the objects): a file calls
#   functions of its own folder and of the folders below it, and up only
#   into the rule API;
# - a rule (rules/*.c) includes only the rule API and rules/lib headers
#   (and system, GLib or GMime headers, in <>);
# - no header is over 250 lines;
# - header names are unique over the folders (the build puts all of them
#   on the include path) and hide no system header;
# - every source file is in a layer's folder (a new sub-folder is named
#   in $layers, at its rank);
# - no circle of files (issue 31): no file calls, through any number of
#   files, a file that calls it back, and no header includes itself so;
#   a folder may not call up, and a file may not lean on one that leans
#   back on it either.
# usage: layers.sh SOURCE-DIR 'OBJECT;OBJECT;...' (the objects of seclint)
set -u
src=$1
objects=${2-}
dir=$(cd "$(dirname "$0")" && pwd)
. "$dir/lib.sh"
cd "$src" || exit 2

# Top first; each folder may include from its own rank on.
layers="lint/cli lint/engine rules rules/lib/embargo rules/lib lint/rule lint/repo lint/mail lint/util"
# What a rule may include besides rules/lib: the rule API (lint/rule/),
# the policy's lists and roles, the digest, the regex helpers and the
# repository side's types.
rule_api="rule.h param.h fixer.h severity.h policy.h message.h address.h
regex-cache.h matches.h reply-prefix.h maintainers.h patch.h"
# The one header of lint/engine which rules and rules/lib may include: the
# lists, roles and addresses of the policy a rule asks about.  Its loading
# is the engine's; the rule API itself (lint/rule/) includes nothing above.
policy_up="policy.h"
max_lines=250

# Is folder $1 rules/lib or one of its sub-folders?
in_lib() {
	case $1 in rules/lib | rules/lib/*) return 0 ;; esac
	return 1
}

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
			if [ "$l" = rules ] && ! in_lib "$at" &&
			   ! echo " $rule_api " | tr '\n' ' ' | grep -q " $inc "; then
				ko "$f includes $at/$inc: a rule includes the rule API and rules/lib only"
				continue
			fi
			if [ "$(rank "$at")" -ge "$mine" ]; then
				ok
			elif [ "$at" = lint/engine ] &&
			     { [ "$l" = rules ] || in_lib "$l"; } &&
			     echo " $policy_up " | grep -q " $inc "; then
				ok
			else
				ko "$f includes $at/$inc: $l may not include from above it"
			fi
		done <"$tmp/inc"
	done
done
[ "$checked" -gt 100 ] && ok || ko "only $checked files checked"

# Every source file is in a layer: a folder left out is checked by nothing.
find lint rules -name '*.[ch]' | while read -r f; do
	l=${f%/*}
	echo " $layers " | grep -q " $l " || echo "$f"
done >"$tmp/stray"
[ -s "$tmp/stray" ] && ko "in no layer (name the folder in \$layers):" \
	"$(cat "$tmp/stray")" || ok

# Circles: a loop of files that call each other (A.c calls a function
# that B.c defines, B.c one of C.c, ..., and one of them one of A.c's),
# read from the objects (nm: U of a name another object has as T); or of
# headers that include each other.  A source file is named without its
# extension (lint/engine/output for output.c).  A source file's include
# of a header for a type is no tie here: the types of the digest and of
# the rule API are included from below as from above.
for l in $layers; do
	for f in "$l"/*.h; do
		[ -e "$f" ] || continue
		sed -n "s|^[[:space:]]*#[[:space:]]*include[[:space:]]*\"\\([^\"]*\\)\".*|$f \\1|p" "$f"
	done
done | awk 'NR == FNR { at[$1] = $2; next }
	    ($2 in at) { print $1, at[$2] "/" $2, "#include" }' \
	"$tmp/where" - >"$tmp/edges"
n_objects=0
old_ifs=$IFS
IFS=';'
for o in $objects; do
	IFS=$old_ifs
	# .../seclint_core.dir/lint/engine/output.c.o -> lint/engine/output
	node=${o##*.dir/}
	node=${node%.c.o}
	nm "$o" | awk -v node="$node" '
		$1 == "U" { print "use", node, $2 }
		NF == 3 && $2 == "T" { print "def", node, $3 }'
	n_objects=$((n_objects + 1))
done >"$tmp/symbols"
IFS=$old_ifs
[ "$n_objects" -gt 100 ] && ok || ko "only $n_objects objects read"
awk '$1 == "def" { at[$3] = $2 }
     $1 == "use" && ($3 in at) { print $2, at[$3], $3 }' \
	"$tmp/symbols" "$tmp/symbols" >"$tmp/calls"
n_calls=$(wc -l <"$tmp/calls")
[ "$n_calls" -gt 500 ] && ok || ko "only $n_calls calls between files read"
cat "$tmp/calls" >>"$tmp/edges"
# Calls up: a file that calls a function of a folder above its own; only
# the policy's questions (lint/engine/policy.c, for rules and rules/lib)
# are called so.
while read -r from to name; do
	f=${from%/*}
	t=${to%/*}
	[ "$f" = "$t" ] && continue
	[ "$(rank "$t")" -ge "$(rank "$f")" ] && continue
	[ "$to" = lint/engine/policy ] && { [ "$f" = rules ] || in_lib "$f"; } &&
		continue
	echo "  $from -> $to: $name"
done <"$tmp/calls" >"$tmp/up"
[ -s "$tmp/up" ] && ko "calls from a folder up into one above it:
$(cat "$tmp/up")" || ok
# Tarjan's strongly connected components; one of more than one node is a
# circle, printed with the ties inside it and the names they take.
sort -u "$tmp/edges" | awk '
	$1 != $2 && !(($1 " " $2) in edge) {
		succ[$1] = succ[$1] " " $2; node[$1]; node[$2]
		edge[$1 " " $2] = ""
	}
	$1 != $2 && NF > 2 { edge[$1 " " $2] = edge[$1 " " $2] " " $3 }
	function visit(v,   n, i, w, ws, c, k) {
		index_of[v] = low[v] = ++count
		stack[++top] = v
		on[v] = 1
		n = split(succ[v], ws, " ")
		for (i = 1; i <= n; i++) {
			w = ws[i]
			if (!(w in index_of)) {
				visit(w)
				if (low[w] < low[v])
					low[v] = low[w]
			} else if (on[w] && index_of[w] < low[v])
				low[v] = index_of[w]
		}
		if (low[v] != index_of[v])
			return
		c = ""
		k = 0
		do {
			w = stack[top--]
			on[w] = 0
			comp[++k] = w
			c = c " " w
		} while (w != v)
		if (k < 2)
			return
		print "circle:" c
		for (i = 1; i <= k; i++)
			for (n = 1; n <= k; n++)
				if ((comp[i] " " comp[n]) in edge)
					print "  " comp[i] " -> " comp[n] ":" \
					      edge[comp[i] " " comp[n]]
	}
	END { for (v in node) if (!(v in index_of)) visit(v) }' >"$tmp/circles"
[ -s "$tmp/circles" ] && ko "files in a circle:
$(cat "$tmp/circles")" || ok
finish
