# bash completion for seclint                              -*- shell-script -*-
# SPDX-License-Identifier: GPL-2.0-only
#
# Completes seclint's options (as its --help lists them), profile names
# (the profiles directory that seclint reads), rule ids (its --list-rules)
# after --explain, --disable, --enable and --severity RULE=LEVEL, the
# values of --format and --color, file names, and the sub-commands.
# `cmake --install` and the Debian package install it as
# share/bash-completion/completions/seclint, which bash-completion loads
# the first time seclint is completed; without bash-completion, source
# this file from ~/.bashrc.  It uses no function of bash-completion's.

# This file's directory: installed, share/seclint is two levels up.
case ${BASH_SOURCE[0]} in
*/*) _seclint_here=$(cd "${BASH_SOURCE[0]%/*}" 2>/dev/null && pwd) ;;
*) _seclint_here=$PWD ;;
esac

# _seclint_options EXE: its options, one a line, "--name=" when the
# option takes a value ("-j=" for a short one).
_seclint_options() {
	"$1" --help 2>/dev/null | awk '/^  -/ {
		short = ""; long = $1
		if (long ~ /^-[A-Za-z],$/) { short = substr(long, 1, 2); long = $2 }
		if (long !~ /^--/) next
		arg = long ~ /=/ ? "=" : ""
		sub(/=.*/, "", long)
		print long arg
		if (short != "") print short arg
	}'
}

# _seclint_rules EXE: the rule ids.
_seclint_rules() {
	"$1" --list-rules 2>/dev/null |
		awk '$1 ~ /^[a-z0-9][a-z0-9-]*$/ { print $1 }'
}

# _seclint_profiles EXE POLICY: the profile names, from the directory
# seclint reads them from: next to the policy (--policy, else
# $SECLINT_POLICY, else share/seclint of EXE's prefix); failing those,
# next to this file (installed) or in its source tree.
_seclint_profiles() {
	local exe=$1 policy=${2:-$SECLINT_POLICY} dir f bin
	local -a dirs=()
	[[ -n $policy ]] && dirs+=("$(dirname -- "$policy")/profiles")
	if bin=$(type -P -- "$exe") && bin=$(readlink -f -- "$bin"); then
		dirs+=("${bin%/*}/../share/seclint/profiles")
	fi
	dirs+=("$_seclint_here/../../seclint/profiles"
	       "$_seclint_here/../rules/profiles")
	for dir in "${dirs[@]}"; do
		[[ -d $dir ]] || continue
		for f in "$dir"/*.conf; do
			[[ -f $f ]] || continue
			f=${f##*/}
			printf '%s\n' "${f%.conf}"
		done
		return
	done
}

_seclint() {
	# The line up to the cursor, split at blanks: bash's own words are
	# also split at '=' and ':', which --severity=RULE=LEVEL is full of.
	local line=${COMP_LINE:0:COMP_POINT}
	local cur=${line##*[[:space:]]}
	local -a words
	read -r -a words <<<"${line:0:${#line}-${#cur}}"
	local n=${#words[@]}
	local prev=${words[n - 1]}
	local exe=${words[0]:-seclint}
	[[ $exe == "~/"* ]] && exe=$HOME/${exe#"~/"}
	type -P -- "$exe" >/dev/null || exe=seclint

	# bash replaces only the part of $cur after its last word-break
	# character; $keep is the part before, which every reply must lose.
	local word=${cur##*[$COMP_WORDBREAKS]}
	local keep=${cur:0:${#cur}-${#word}}

	local -a cands=()
	local opt= val=$cur pre= files= dirs= policy= i options takes

	for ((i = 1; i < n; i++)); do
		case ${words[i]} in
		--policy=*) policy=${words[i]#--policy=} ;;
		--policy) policy=${words[i + 1]} ;;
		esac
	done

	if [[ ${words[1]} == install-hook ]] && ((n > 1)); then
		case $prev in
		--repo) dirs=1 ;;
		*) cands=(--repo --global --force --uninstall) ;;
		esac
		[[ $cur == --repo=* ]] && { dirs=1 pre=--repo= val=${cur#--repo=}; }
	elif [[ ${words[1]} == sendmail || ${words[1]} == hook ]] && ((n > 1)); then
		:	# sendmail's own options and recipients: nothing to offer
	else
		options=$(_seclint_options "$exe")
		takes=$(sed -n 's/=$//p' <<<"$options")
		if [[ $cur == --*=* ]]; then
			opt=${cur%%=*} val=${cur#*=} pre=$opt=
		elif [[ $prev == -* ]] && grep -qxF -- "$prev" <<<"$takes"; then
			opt=$prev
		fi
		case $opt in
		'') if [[ $cur == -* ]]; then
			mapfile -t cands < <(grep -- '^--' <<<"$options")
		    else
			files=1
			((n == 1)) && cands=(install-hook sendmail)
		    fi ;;
		--format) cands=(text json sarif) ;;
		--color) cands=(auto always never) ;;
		--profile)
			if [[ $val == */* ]]; then files=1
			else mapfile -t cands < <(_seclint_profiles "$exe" "$policy")
			fi ;;
		--explain) mapfile -t cands < <(_seclint_rules "$exe") ;;
		--disable | --enable)	# a comma-separated list
			local listed=${val%"${val##*,}"} r
			for r in $(_seclint_rules "$exe"); do
				cands+=("$listed$r")
			done ;;
		--severity)		# RULE=LEVEL
			local r
			if [[ $val == *=* ]]; then
				r=${val%%=*}
				cands=("$r=off" "$r=info" "$r=warning" "$r=error")
			else
				for r in $(_seclint_rules "$exe"); do
					cands+=("$r=")
				done
			fi ;;
		--policy | --fix-to) files=1 ;;
		--repo) dirs=1 ;;
		*) ;;		# an address, a number: nothing to offer
		esac
	fi

	local c
	COMPREPLY=()
	for c in "${cands[@]}"; do
		[[ $pre$c == "$cur"* ]] && COMPREPLY+=("${c:${#keep}-${#pre}}")
	done
	if [[ -n $files$dirs ]]; then
		local -a paths
		mapfile -t paths < <(compgen "${dirs:+-d}${files:+-f}" -- "$val")
		for c in "${paths[@]}"; do
			COMPREPLY+=("${c:${#keep}-${#pre}}")
		done
		compopt -o filenames 2>/dev/null
	fi
	# "--format=", "RULE=": the value follows without a blank.
	for c in "${COMPREPLY[@]}"; do
		[[ $c == *= ]] && { compopt -o nospace 2>/dev/null; break; }
	done
	return 0
}
complete -F _seclint seclint
