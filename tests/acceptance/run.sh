#!/bin/sh
# Acceptance test: messages written from the catalogue alone (not from the
# per-rule fixtures), each judged under the five profiles as the table
# tests/acceptance/expect says.  See tests/acceptance/README.
# usage: run.sh SECLINT TESTS-DIR
#   ACCEPT_STRICT=1   fail on any finding the table does not mention
#   ACCEPT_VERBOSE=1  list the findings the table does not mention
#   ACCEPT_ONLY=GLOB  only the messages whose name matches GLOB
set -u
seclint=$1
dir=$2
case $seclint in /*) ;; */*) seclint=$PWD/$seclint ;; esac
case $dir in /*) ;; *) dir=$PWD/$dir ;; esac
. "$dir/lib.sh"
here=$dir/acceptance
table=$here/expect
python=/usr/bin/python3
[ -x "$python" ] || python=python3
profiles="v3-proposal 2023-06 2023-10 2024-02 2026-05 2026-08"
skipped=0

"$seclint" --list-rules | awk 'NR > 1 && $1 != "" { print $1 }' >"$tmp/known"

# A kernel-like repository for the lines whose args name @KREPO@.
make_krepo() {
	export HOME="$tmp/home" GIT_CONFIG_NOSYSTEM=1
	export GIT_AUTHOR_NAME=Dev GIT_AUTHOR_EMAIL=dev@example.org
	export GIT_COMMITTER_NAME=Dev GIT_COMMITTER_EMAIL=dev@example.org
	unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_CONFIG_PARAMETERS
	mkdir -p "$HOME" "$tmp/krepo"
	(cd "$tmp/krepo" && git init -q -b master . &&
	 mkdir -p scripts fs/quuxfs net/frob drivers/gpu/zap &&
	 cp "$here/MAINTAINERS" MAINTAINERS &&
	 printf '#!/usr/bin/perl\n' >scripts/get_maintainer.pl &&
	 for f in fs/quuxfs/super.c fs/quuxfs/dir.c net/frob/core.c \
		  drivers/gpu/zap/zap_drv.c; do
		i=0; while [ $i -lt 60 ]; do echo "	stmt$i();"; i=$((i+1)); done >$f
	 done &&
	 git add -A && git commit -q -m "Initial tree" &&
	 git tag v6.15) >/dev/null 2>&1 || echo "cannot build the kernel-like repository"
}
make_krepo

# profiles_of FIELD: the profile names a table field stands for.
profiles_of() {
	echo "$1" | tr ',' '\n' | while read -r p; do
		case $p in
		'*') echo "$profiles" | tr ' ' '\n' ;;
		A) echo v3-proposal ;; B) echo 2023-06 ;; C) echo 2023-10 ;;
		D) echo 2024-02 ;; E) echo 2026-05 ;; F) echo 2026-08 ;;
		*) echo "$p" ;;
		esac
	done
}

# The table without comments; one "FILE PROFILE EXIT CHECK..." line per
# profile a line names, in $tmp/lines; the args lines in $tmp/args.
grep -v '^[[:space:]]*#' "$table" | grep -v '^[[:space:]]*$' >"$tmp/table"
: >"$tmp/lines"
: >"$tmp/args"
while read -r file field rest; do
	if [ "$field" = args ]; then
		echo "$file $rest" >>"$tmp/args"
		continue
	fi
	for p in $(profiles_of "$field"); do
		echo "$file $p $rest" >>"$tmp/lines"
	done
done <"$tmp/table"

# KNOWN-FAILURES: "FILE[#N] PROFILES CHECK REASON..." lines, one per
# disagreement left open; expanded per profile into $tmp/known-failures.
: >"$tmp/known-failures"
if [ -f "$here/KNOWN-FAILURES" ]; then
	grep -v '^[[:space:]]*#' "$here/KNOWN-FAILURES" | grep -v '^[[:space:]]*$' |
	while read -r spec field check reason; do
		for p in $(profiles_of "$field"); do
			echo "$spec $p $check $reason"
		done
	done >"$tmp/known-failures"
fi
known_failures=0

# bad WHERE-SPEC PROFILE CHECK MESSAGE: a failed check, unless it is a
# known failure (then a KNOWN line with its reason).
bad() {
	reason=$(awk -v s="$1" -v p="$2" -v c="$3" \
		'$1 == s && $2 == p && $3 == c { $1 = $2 = $3 = ""; print; exit }' \
		"$tmp/known-failures")
	if [ -n "$reason" ]; then
		echo "KNOWN: $1 [$2]: $4 --$reason"
		known_failures=$((known_failures + 1))
		ok
	else
		ko "$1 [$2]: $4"
	fi
}

# run FILE PROFILE: seclint's findings as "N RULE SEVERITY" lines in
# $tmp/got, its exit status in $rc.
run() {
	args=$(awk -v f="$1" '$1 == f { $1 = ""; print }' "$tmp/args" | tail -n 1)
	[ -n "$args" ] || args=--no-repo
	args=$(echo "$args" | sed "s|@KREPO@|$tmp/krepo|g")
	# shellcheck disable=SC2086
	(cd "$here/msgs" && "$seclint" --format=json --color=never \
		--profile="$2" $args "$1") >"$tmp/json" 2>"$tmp/err" </dev/null
	rc=$?
	"$python" -c '
import json, sys
doc = json.load(open(sys.argv[1]))
for f in doc["findings"]:
    print(f["message"], f["rule"], f["severity"])
for e in doc.get("input_errors", []):
    print("input-error", e)
' "$tmp/json" >"$tmp/got" 2>"$tmp/pyerr" || {
		echo "(seclint output is not JSON)" >"$tmp/got"
		cat "$tmp/json" "$tmp/err" >>"$tmp/got"
	}
}

known() { grep -qx -- "$1" "$tmp/known"; }

# check_line FILE[#N] PROFILE EXIT CHECK...: one table line against $tmp/got.
check_line() {
	spec=$1 prof=$2 want=$3
	shift 3
	n=${spec#*#}
	[ "$n" = "$spec" ] && n='[0-9]*'
	where="$spec [$prof]"
	# The exit status depends on the rules the line wants to fire.
	for c in "$@"; do
		case $c in !*|~*) continue ;; esac
		known "${c%%=*}" && continue
		echo "SKIP: $where: exit $want (rule ${c%%=*} is not in seclint yet)"
		skipped=$((skipped + 1))
		want=-
		break
	done
	if [ "$want" != - ]; then
		if [ "$rc" = "$want" ]; then ok; else
			bad "$spec" "$prof" "exit=$want" "exit $rc, want $want"
			sed 's/^/    got: /' "$tmp/got"
		fi
	fi
	for c in "$@"; do
		case $c in
		!*) rule=${c#!} sev= neg=1 ;;
		~*) rule=${c#\~} sev= neg=info ;;
		*=*) rule=${c%%=*} sev=${c#*=} neg= ;;
		*) rule=$c sev= neg= ;;
		esac
		if ! known "$rule"; then
			echo "SKIP: $where: $c (rule $rule is not in seclint --list-rules yet)"
			skipped=$((skipped + 1))
			continue
		fi
		hits=$(grep -E "^$n $rule " "$tmp/got" | awk '{ print $3 }' | sort -u | tr '\n' ' ' | sed 's/ $//')
		if [ "$neg" = info ]; then
			if [ -z "$hits" ] || [ "$hits" = info ]; then ok; else
				bad "$spec" "$prof" "$c" "$rule may fire as info at most, fired ($hits)"
			fi
		elif [ -n "$neg" ]; then
			if [ -z "$hits" ]; then ok; else
				bad "$spec" "$prof" "$c" "$rule must not fire, fired ($hits)"
			fi
		elif [ -z "$hits" ]; then
			bad "$spec" "$prof" "$c" "$rule${sev:+ ($sev)} did not fire"
		elif [ -n "$sev" ] && ! echo " $hits " | grep -q " $sev "; then
			bad "$spec" "$prof" "$c" "$rule fired as $hits, want $sev"
		else
			ok
		fi
	done
}

# unexpected FILE PROFILE: findings no table line for this run mentions.
unexpected() {
	awk -v f="$1" -v p="$2" '{ s = $1; sub(/#.*/, "", s) }
		s == f && $2 == p { for (i = 4; i <= NF; i++) { r = $i
			sub(/^[!~]/, "", r); sub(/=.*/, "", r); print r } }' \
		"$tmp/lines" | sort -u >"$tmp/mentioned"
	while read -r num rule sev; do
		grep -qx -- "$rule" "$tmp/mentioned" && continue
		if [ "$sev" = error ] || [ "${ACCEPT_STRICT:-0}" = 1 ]; then
			bad "$1" "$2" "+$rule" "unexpected $rule ($sev) in message $num"
		elif [ "${ACCEPT_VERBOSE:-0}" = 1 ]; then
			echo "note: $1 [$2]: unmentioned $rule ($sev) in message $num"
		fi
	done <"$tmp/got"
}

awk '{ s = $1; sub(/#.*/, "", s); print s, $2 }' "$tmp/lines" | sort -u >"$tmp/runs"
while read -r file prof; do
	case $file in ${ACCEPT_ONLY:-*}) ;; *) continue ;; esac
	if [ ! -f "$here/msgs/$file" ]; then
		ko "$file: no such message"
		continue
	fi
	run "$file" "$prof"
	awk -v f="$file" -v p="$prof" '{ s = $1; sub(/#.*/, "", s) }
		s == f && $2 == p' "$tmp/lines" >"$tmp/mine"
	while read -r spec p want checks; do
		# shellcheck disable=SC2086
		check_line "$spec" "$p" "$want" $checks
	done <"$tmp/mine"
	unexpected "$file" "$prof"
done <"$tmp/runs"

# Every message must be in the table.
for m in "$here"/msgs/*.eml "$here"/msgs/*.mbox; do
	[ -f "$m" ] || continue
	b=${m##*/}
	grep -q "^$b[ #]" "$tmp/table" || ko "$b: not in the expectation table"
done

[ "$skipped" = 0 ] || echo "$skipped checks skipped (rules not in seclint yet)"
[ "$known_failures" = 0 ] || echo "$known_failures known failures (see KNOWN-FAILURES)"
finish
