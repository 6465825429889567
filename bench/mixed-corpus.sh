#!/bin/sh
# Builds bench/run.sh's corpus of real mail: git patches and the posts of
# a kernel mailing list, in one mbox.
# usage: sh bench/mixed-corpus.sh [--cache DIR] OUT.mbox
#
# BENCH_PATCHES (default 6000) patches: `git format-patch --stdout` of the
# newest non-merge commits of BENCH_REPO, a git directory, or of the first
# repository in CACHE/repos/ with that many commits.
# BENCH_POSTS (default 8000) posts: the newest messages of BENCH_ARCHIVE, a
# public-inbox archive (one message per commit, blob `m`), or of the
# largest one in CACHE/archives/ (what tests/corpus/fetch.sh clones); each
# is given an mbox separator and its "From " lines are quoted (mboxrd), as
# a mail client saves them.
# CACHE is --cache DIR, else $XDG_CACHE_HOME/seclint (~/.cache/seclint).
# The figures in doc/performance.md were taken with libgit2 and
# linux-usb's archive; to have the same kinds of mail there:
#   git clone --mirror https://github.com/libgit2/libgit2 CACHE/repos/libgit2.git
#   sh tests/corpus/fetch.sh --epochs 1 linux-usb
# Beside OUT it leaves patches.mbox, posts.mbox and corpus.txt (what went
# in, with the commits, for the record).
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
. "$src/tests/corpus/paths.sh"
cache=$seclint_cache
if [ "${1:-}" = --cache ]; then
	cache=$2
	shift 2
fi
[ $# = 1 ] || { echo "usage: mixed-corpus.sh [--cache DIR] OUT.mbox" >&2; exit 2; }
out=$1
dir=$(cd "$(dirname "$out")" && pwd)
npatch=${BENCH_PATCHES:-6000}
npost=${BENCH_POSTS:-8000}

count() { git --git-dir="$1" rev-list --count --no-merges HEAD 2>/dev/null || echo 0; }

repo=${BENCH_REPO:-}
archive=${BENCH_ARCHIVE:-}
if [ -z "$repo" ]; then
	for g in "$cache"/repos/*.git; do
		[ -d "$g" ] && [ "$(count "$g")" -ge "$npatch" ] && { repo=$g; break; }
	done
fi
if [ -z "$archive" ]; then
	best=0
	for g in "$cache"/archives/*/git/*.git; do
		[ -d "$g" ] || continue
		n=$(count "$g")
		[ "$n" -gt "$best" ] && archive=$g best=$n
	done
fi
if [ -z "$repo" ] || [ -z "$archive" ]; then
	echo "mixed-corpus: need a repository with $npatch commits (BENCH_REPO," \
	     "or one in $cache/repos) and a public-inbox archive" \
	     "(BENCH_ARCHIVE, or one in $cache/archives); found" \
	     "'${repo:-none}' and '${archive:-none}'" >&2
	exit 1
fi

git --git-dir="$repo" format-patch --stdout --no-merges -"$npatch" HEAD \
	>"$dir/patches.mbox"
# Commits that remove a message (a spam purge) have no blob `m`.
git --git-dir="$archive" log --format='%H:m' -"$((npost * 2))" HEAD |
	git --git-dir="$archive" cat-file --batch |
	perl -e '
		my $want = shift; my $n = 0;
		binmode STDIN; binmode STDOUT;
		while ($n < $want and my $head = <STDIN>) {
			my ($id, $type, $size) = split " ", $head;
			next if $type eq "missing";
			die "mixed-corpus: $id: $type\n" unless $type eq "blob";
			read(STDIN, my $m, $size) == $size or die "short read\n";
			<STDIN>;
			$m =~ s/^(>*From )/>$1/mg;
			$m .= "\n" unless $m =~ /\n\z/;
			print "From mboxrd\@z Thu Jan  1 00:00:00 1970\n", $m, "\n";
			$n++;
		}
		die "mixed-corpus: only $n posts\n" if $n < $want;
	' "$npost" >"$dir/posts.mbox"
cat "$dir/patches.mbox" "$dir/posts.mbox" >"$out"
printf '%s\n' "$npatch patches of $repo ($(git --git-dir="$repo" rev-parse HEAD))" \
	"and $npost posts of $archive ($(git --git-dir="$archive" rev-parse HEAD))" \
	| tr '\n' ' ' >"$dir/corpus.txt"
echo >>"$dir/corpus.txt"
