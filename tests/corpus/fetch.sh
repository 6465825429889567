#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# fetch.sh: clone the public-inbox archives of mailing lists into the
# cache, or bring the clones there up to date, for build.sh and the bench.
#
# Usage: fetch.sh [--cache DIR] [--mirror URL] [--epochs N] [LIST...]
#
#   LIST      a list's inbox name on the mirror (lore.kernel.org/LIST/);
#             default: every list named in tests/corpus/lists.
#   --cache DIR   the cache (default $XDG_CACHE_HOME/seclint, i.e.
#             ~/.cache/seclint); LIST's epoch N goes to
#             DIR/archives/LIST/git/N.git, the layout of lore's mirroring
#             instructions.
#   --mirror URL  where from (default https://lore.kernel.org): LIST's
#             epoch N is URL/LIST/N, or, when URL holds {list} and {epoch},
#             URL with those replaced.  A path or file:// URL is a mirror too.
#   --epochs N    at most the first N epochs of each list (0: all).
#
# lore serves a list's archive as public-inbox epochs, git repositories of
# about a gigabyte each, one message per commit (blob m).  Epochs are tried
# from 0 until one is not on the mirror: epoch 0 must be there, a later
# one that cannot be cloned ends the list.  An epoch already in the cache
# is updated with git fetch.  A clone is made beside its place and moved
# there when complete, so an interrupted one is never taken for an archive.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/paths.sh"

cache=$seclint_cache
mirror=https://lore.kernel.org
epochs=0
lists=()
while [ $# -gt 0 ]; do
	case $1 in
	--cache) cache=$2; shift 2 ;;
	--mirror) mirror=$2; shift 2 ;;
	--epochs) epochs=$2; shift 2 ;;
	-h|--help) sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	-*) echo "fetch.sh: unknown option $1" >&2; exit 2 ;;
	*) lists+=("$1"); shift ;;
	esac
done
case $epochs in
''|*[!0-9]*) echo "fetch.sh: --epochs takes a number, not '$epochs'" >&2; exit 2 ;;
esac
if [ ${#lists[@]} -eq 0 ]; then
	while read -r l; do
		case $l in ''|'#'*) ;; *) lists+=("$l") ;; esac
	done <"$here/lists"
fi

# epoch_url LIST N: where the mirror keeps LIST's epoch N.
epoch_url() {
	case $mirror in
	*'{list}'*) u=${mirror//\{list\}/$1}; printf '%s\n' "${u//\{epoch\}/$2}" ;;
	*) printf '%s/%s/%s\n' "${mirror%/}" "$1" "$2" ;;
	esac
}

# fetch_list LIST: clone the epochs the cache lacks, update the others.
fetch_list() {
	local list=$1 n=0 dir url
	case $list in
	''|.*|*/*|*[!A-Za-z0-9._+-]*)
		echo "fetch.sh: '$list' is not a list name" >&2; return 2 ;;
	esac
	# The cache directory is also where seclint keeps the send-email
	# run's record where $XDG_RUNTIME_DIR is unset (lint/cli/runrecord.c),
	# which refuses a directory others may read: made 0700 if made here.
	[ -d "$cache" ] || (umask 077 && mkdir -p "$cache") || return 2
	mkdir -p "$cache/archives/$list/git"
	while [ "$epochs" = 0 ] || [ $n -lt "$epochs" ]; do
		dir=$cache/archives/$list/git/$n.git
		url=$(epoch_url "$list" $n)
		if [ -d "$dir" ]; then
			echo "fetch.sh: updating $list epoch $n from $url" >&2
			git --git-dir="$dir" fetch -q --prune "$url" \
				'+refs/*:refs/*' || return 2
		else
			rm -rf "$dir.part"
			if [ $n = 0 ]; then
				echo "fetch.sh: cloning $list epoch 0 from $url" >&2
				git clone -q --mirror "$url" "$dir.part" ||
					{ rm -rf "$dir.part"; return 2; }
			elif git clone -q --mirror "$url" "$dir.part" 2>/dev/null; then
				echo "fetch.sh: cloned $list epoch $n from $url" >&2
			else
				rm -rf "$dir.part"
				echo "fetch.sh: $list: no epoch $n at $url, so" \
				     "epochs 0 to $((n - 1))" >&2
				break
			fi
			mv "$dir.part" "$dir"
		fi
		n=$((n + 1))
	done
}

for l in "${lists[@]}"; do
	fetch_list "$l" || {
		echo "fetch.sh: cannot fetch $l from $mirror" >&2
		exit 2
	}
done
