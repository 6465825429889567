#!/bin/sh
# tests/corpus/build.sh on small public-inbox archives made here, as a
# mirror lore.kernel.org would be: --fetch clones each list's epochs into
# the cache (and updates them), the corpus is built from the cache or
# from ARCHIVE paths, and the same archives give the same corpus.
# usage: t-build.sh TESTS-DIR
set -u
dir=$1
. "$dir/lib.sh"
build=$dir/corpus/build.sh

export HOME="$tmp/home" GIT_CONFIG_NOSYSTEM=1 XDG_DATA_HOME= XDG_CACHE_HOME=
export GIT_AUTHOR_NAME=Archiver GIT_AUTHOR_EMAIL=archiver@example.org
export GIT_COMMITTER_NAME=Archiver GIT_COMMITTER_EMAIL=archiver@example.org
unset GIT_DIR GIT_WORK_TREE GIT_CONFIG_PARAMETERS
mkdir -p "$HOME"

# msg ID TO CC [SUBJECT]: a message as an archive keeps it, with the
# headers a list server adds on the way.
msg() {
	printf 'Received: from mx.example.org by lists.example.org\n'
	printf 'DKIM-Signature: v=1; a=rsa-sha256; d=example.org; b=abc\n'
	printf 'From: Reporter <r@example.org>\nTo: %s\n' "$2"
	[ -n "$3" ] && printf 'Cc: %s\n' "$3"
	printf 'Subject: %s\nDate: Mon, 6 Jan 2025 10:0%s:00 +0000\n' \
		"${4:-[PATCH] foo: fix a use-after-free}" "${1#m}"
	printf 'Message-ID: <%s@example.org>\n' "$1"
	printf 'List-Id: <linux-foo.vger.kernel.org>\n\nThe text of %s.\n' "$1"
}

# epoch REPO MSGFILE...: a public-inbox epoch, one message per commit as
# blob m; "-" is a deletion (blob d, no m), as public-inbox records one.
epoch() {
	repo=$1
	shift
	git init -q "$tmp/work" && (
		cd "$tmp/work" || exit 1
		for f; do
			git rm -q --cached --ignore-unmatch m d
			rm -f m d
			if [ "$f" = - ]; then echo gone >d; git add d
			else cp "$f" m; git add m; fi
			git commit -q -m "msg"
		done
	) && git clone -q --bare "$tmp/work" "$repo" && rm -rf "$tmp/work"
}

m=$tmp/msgs
mkdir -p "$m"
msg m1 "security@kernel.org" "linux-foo@vger.kernel.org" >"$m/1"
msg m2 "linux-foo@vger.kernel.org" "" >"$m/2"
msg m3 "oss-security@lists.openwall.com" "linux-foo@vger.kernel.org" \
	"foo: CVE-2025-0001: use-after-free in foo_ioctl" >"$m/3"
msg m4 "cve@kernel.org" "linux-foo@vger.kernel.org" "Re: CVE-2025-0002" >"$m/4"
msg m5 "linux-distros@vs.openwall.org" "linux-bar@vger.kernel.org" \
	"Re: [vs] foo" >"$m/5"
lore=$tmp/lore
epoch "$lore/foo/0" "$m/1" "$m/2" - "$m/3"
epoch "$lore/foo/1" "$m/4"
# m1 again in another list: one corpus message, from two archives.
epoch "$lore/bar/0" "$m/1" "$m/5"

# --fetch: epochs 0 and 1 of foo, 0 of bar, into the default cache.
out=$tmp/corpus
check fetch 0 bash "$build" --fetch --mirror "file://$lore" --list foo \
	--list bar -o "$out"
cache=$HOME/.cache/seclint/archives
for e in foo/git/0.git foo/git/1.git bar/git/0.git; do
	[ -f "$cache/$e/HEAD" ] && ok || ko "not cloned: $e"
done
[ -e "$cache/foo/git/2.git" ] && ko "an epoch 2 of foo" || ok
expect_grep fetch-end "$tmp/err" "fetch.sh: foo: no epoch 2 at file://$lore/foo/2, so epochs 0 to 1"
[ "$(tail -n +2 "$out/manifest.tsv" | wc -l)" = 4 ] && ok ||
	{ ko "manifest: want 4 messages"; cat "$out/manifest.tsv"; }
for c in security oss-security cve distros; do
	[ -f "$out/$c/0001.eml" ] && ok || ko "no $c/0001.eml"
done
expect_grep archives "$out/manifest.tsv" "<m1@example.org>.*bar/0,foo/0"
expect_grep transit-kept "$out/security/0001.eml" "^Subject: \[PATCH\] foo"
expect_no_grep transit-dropped "$out/security/0001.eml" "^Received:\|^DKIM-Signature:\|^List-Id:"
expect_grep log "$out/build.log" "foo/1	$cache/foo/git/1.git"

# From the cache, offline: the same corpus.
cp "$out/manifest.tsv" "$tmp/manifest.first"
check offline 0 bash "$build" -o "$out"
cmp -s "$tmp/manifest.first" "$out/manifest.tsv" && ok || ko "offline: another corpus"

# --fetch again: what the mirror got since comes along.
msg m6 "security@kernel.org" "linux-baz@vger.kernel.org" "[PATCH] baz" >"$m/6"
git clone -q "$lore/foo/0" "$tmp/up" && cp "$m/6" "$tmp/up/m" &&
	git -C "$tmp/up" commit -qam "msg" && git -C "$tmp/up" push -q origin HEAD ||
	ko "cannot add to the mirror"
check update 0 bash "$build" --fetch --mirror "file://$lore" --list foo -o "$out"
expect_grep update-log "$tmp/err" "fetch.sh: updating foo epoch 0"
expect_grep update-new "$out/manifest.tsv" "<m6@example.org>"

# ARCHIVE paths, as before: only that archive, wherever it is.
check archive-path 0 bash "$build" -o "$tmp/corpus2" "$cache/foo/git/1.git"
[ "$(tail -n +2 "$tmp/corpus2/manifest.tsv" | wc -l)" = 1 ] && ok ||
	{ ko "archive path: want 1 message"; cat "$tmp/corpus2/manifest.tsv"; }

# A mirror of another layout, as a template, and a cache named by --cache.
mkdir -p "$tmp/gh" && git clone -q --bare "$lore/bar/0" "$tmp/gh/bar.0"
check template 0 bash "$build" --fetch --cache "$tmp/c2" \
	--mirror "$tmp/gh/{list}.{epoch}" --list bar -o "$tmp/corpus3"
[ -f "$tmp/c2/archives/bar/git/0.git/HEAD" ] && ok || ko "template: not cloned"
expect_grep template-corpus "$tmp/corpus3/manifest.tsv" "<m5@example.org>"

# Refusals: no archive at all, a list not on the mirror, a corpus inside
# a git work tree.
check empty-cache 2 bash "$build" --cache "$tmp/empty" -o "$tmp/corpus4"
expect_grep empty-cache-msg "$tmp/err" "no archive in $tmp/empty/archives: run build.sh --fetch"
check no-such-list 2 bash "$build" --fetch --cache "$tmp/c3" \
	--mirror "file://$lore" --list nope -o "$tmp/corpus5"
[ -e "$tmp/c3/archives/nope/git/0.git" ] && ko "a failed clone left behind" || ok
git init -q "$tmp/wt"
check in-work-tree 2 bash "$build" -o "$tmp/wt/corpus" "$cache/foo/git/1.git"
expect_grep in-work-tree-msg "$tmp/err" "inside a git work tree"

finish
