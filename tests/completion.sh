#!/bin/sh
# The bash completion, as `cmake --install` installs it: bash with the
# installed completions/seclint sourced and COMP_LINE, COMP_POINT,
# COMP_WORDS and COMP_CWORD set as bash sets them for a <TAB>, then
# COMPREPLY checked.
# usage: completion.sh BUILD-DIR TESTS-DIR
set -u
build=$1
dir=$2
. "$dir/lib.sh"
prefix=$tmp/prefix
comp=$prefix/share/bash-completion/completions/seclint

cmake --install "$build" --prefix "$prefix" >"$tmp/out" 2>&1 && ok ||
	{ ko "cmake --install"; cat "$tmp/out"; }
[ -f "$comp" ] && ok || ko "not installed: $comp"
seclint=$prefix/bin/seclint
mkdir -p "$tmp/cwd" && cd "$tmp/cwd" || exit 1
: >install-notes.txt
mkdir -p policies && : >policies/lists.conf

# complete LINE: the replies for a <TAB> at the end of LINE, one a line
# (sorted), in $tmp/got; COMP_WORDS split as bash splits them, at blanks
# and at the characters of COMP_WORDBREAKS.
complete() {
	env -u SECLINT_POLICY bash --norc --noprofile -c '
		. "$1"
		COMP_LINE=$2 COMP_POINT=${#2}
		s=${2//[=:]/ & }
		read -r -a COMP_WORDS <<<"$s"
		[[ $2 == *" " ]] && COMP_WORDS+=("")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		_seclint
		printf "%s\n" "${COMPREPLY[@]}"' sh "$comp" "$1" |
		sed '/^$/d' | sort >"$tmp/got"
}

# expect NAME LINE REPLY...: exactly these replies (in any order).
expect() {
	name=$1 line=$2
	shift 2
	complete "$line"
	printf '%s\n' "$@" | sed '/^$/d' | sort >"$tmp/want"
	if cmp -s "$tmp/want" "$tmp/got"; then
		ok
	else
		ko "$name: '$line<TAB>'"
		diff "$tmp/want" "$tmp/got"
	fi
}

s=$seclint
"$s" --list-rules | awk '$1 ~ /^[a-z0-9][a-z0-9-]*$/ { print $1 }' | sort >"$tmp/rules"
[ "$(wc -l <"$tmp/rules")" -ge 60 ] && ok || ko "too few rules: $(cat "$tmp/rules")"

# Options: every long option of --help, "--name=" for one with a value.
complete "$s --"
"$s" --help | sed -n 's/^  \(-., \)\{0,1\}\(--[a-z-]*\).*/\2/p' | sort >"$tmp/want"
sed 's/=$//' "$tmp/got" | sort | cmp -s - "$tmp/want" && ok ||
	{ ko "options"; diff "$tmp/want" "$tmp/got"; }
expect opt-prefix "$s --exp" --explain=
expect opt-flag "$s --no-r" --no-repo
expect opt-fix "$s --fix" --fix --fix-to=

# Rule ids: all of them, after --explain, as a separate word or after '='.
complete "$s --explain "
cmp -s "$tmp/rules" "$tmp/got" && ok || { ko "explain: all rules"; diff "$tmp/rules" "$tmp/got"; }
expect explain "$s --explain ksec-with" ksec-with-linux-distros
expect explain-eq "$s --explain=ksec-with" ksec-with-linux-distros
expect explain-none "$s --explain no-such-rule"
expect disable "$s --disable oss-cr" oss-crosspost
expect disable-list "$s --disable report-html,oss-cr" report-html,oss-crosspost
expect disable-list-eq "$s --disable=report-html,oss-cr" report-html,oss-crosspost
expect enable "$s --enable=report-too" report-too-long
# --severity RULE=LEVEL: the rule with its '=', then the level after it.
expect severity-rule "$s --severity report-ht" report-html=
expect severity-level "$s --severity report-html=w" warning
expect severity-levels "$s --severity report-html=" off info warning error
expect severity-eq "$s --severity=report-html=e" error

# Profiles: the installed profiles directory's, after --profile.
ls "$prefix/share/seclint/profiles" | sed -n 's/\.conf$//p' >"$tmp/profiles"
[ "$(wc -l <"$tmp/profiles")" -ge 5 ] && ok || ko "installed profiles: $(cat "$tmp/profiles")"
complete "$s --profile "
sort "$tmp/profiles" | cmp -s - "$tmp/got" && ok ||
	{ ko "profiles"; sort "$tmp/profiles" | diff - "$tmp/got"; }
expect profile-prefix "$s --profile=2023-1" 2023-10
expect profile-path "$s --profile ./pol" ./policies
# A profile directory next to --policy FILE (seclint's own lookup).
mkdir -p policies/profiles && : >policies/profiles/local-rev.conf
expect profile-policy "$s --policy policies/lists.conf --profile l" local-rev

# Values, files and sub-commands.
expect format "$s --format " text json sarif
expect color "$s --color=al" always
expect address "$s --to secur"
expect jobs "$s -j "
expect policy-file "$s --policy inst" install-notes.txt
expect policy-file-eq "$s --policy=inst" install-notes.txt
expect file "$s inst" install-hook install-notes.txt
expect file-later "$s --strict inst" install-notes.txt
expect install-hook "$s install-hook --un" --uninstall
expect install-hook-repo "$s install-hook --repo pol" policies
expect sendmail "$s sendmail -"

finish
