#!/bin/sh
# The repository-aware rules on a real repository: an "upstream" bare
# repository, a clone with origin/master, a fix pushed upstream (on top of
# a commit that moves its line numbers) and one only local, MAINTAINERS.
# usage: t-repo.sh SECLINT TESTS-DIR
set -u
seclint=$1
dir=$2
. "$dir/lib.sh"

export HOME="$tmp/home" GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=Dev GIT_AUTHOR_EMAIL=dev@example.org
export GIT_COMMITTER_NAME=Dev GIT_COMMITTER_EMAIL=dev@example.org
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_CONFIG_PARAMETERS
mkdir -p "$HOME"

# lint NAME OUT ARGS...: seclint's text output in $tmp/OUT.
lint() {
	name=$1 out=$2
	shift 2
	"$seclint" --color=never "$@" >"$tmp/$out" 2>&1
	rc=$?
	[ "$rc" -le 1 ] && ok || { ko "$name: exit $rc"; cat "$tmp/$out"; }
}
expect_no() {
	if grep -q -- "$3" "$2"; then ko "$1: '$3' in $2"; cat "$2"; else ok; fi
}

source_file() {
	i=1
	while [ $i -le 40 ]; do echo "	line $i;"; i=$((i + 1)); done
	echo "	memcpy(dst, src, len);"
	i=41
	while [ $i -le 50 ]; do echo "	line $i;"; i=$((i + 1)); done
}

git init -q -b master "$tmp/work" && cd "$tmp/work" || exit 2
mkdir -p fs/foo net/bar
cp "$dir/repo/MAINTAINERS" MAINTAINERS
source_file >fs/foo/inode.c
source_file >net/bar/proto.c
git add . && git commit -qm "base"
git clone -q --bare "$tmp/work" "$tmp/upstream.git"
git clone -q "$tmp/upstream.git" "$tmp/clone"

# Upstream moves the lines, then takes the fix.
git remote add origin "$tmp/upstream.git"
{ printf '\t/* new */\n\t/* lines */\n\t/* on top */\n'; cat fs/foo/inode.c; } >x
mv x fs/foo/inode.c && git commit -qam "foo: comments"
sed -i 's/memcpy(dst, src, len);/memcpy(dst, src, min(len, sizeof(dst)));/' \
	fs/foo/inode.c
git commit -qam "foo: fix overflow in foo_write()" && git push -q origin master

# The clone fetches; the same fix, made on the old base, is local only,
# and so is a second fix nobody has seen.
cd "$tmp/clone" || exit 2
git fetch -q origin
sed -i 's/memcpy(dst, src, len);/memcpy(dst, src, min(len, sizeof(dst)));/' \
	fs/foo/inode.c
git commit -qam "foo: fix overflow in foo_write()"
sed -i 's/memcpy(dst, src, len);/memcpy(dst, src, clamp(len, 0, 9));/' \
	net/bar/proto.c
git commit -qam "bar: fix overflow"
git format-patch -q -2 -o "$tmp/out" --to=linux-distros@vs.openwall.org \
	--cc=security@kernel.org --subject-prefix="vs] [PATCH"
merged=$(ls "$tmp"/out/0001-*) local=$(ls "$tmp"/out/0002-*)
git format-patch -q -1 HEAD~1 -o "$tmp/ksec" --to=security@kernel.org
report=$(ls "$tmp"/ksec/*)

# The fix upstream (by patch-id, its line numbers moved) is public.
lint merged merged.txt "$merged"
expect_grep merged-r03 "$tmp/merged.txt" "\[ksec-after-fix-merged\]"
expect_grep merged-r49 "$tmp/merged.txt" "\[distros-issue-already-public\]"
expect_grep merged-names "$tmp/merged.txt" "foo: fix overflow in foo_write()"
lint local local.txt "$local"
expect_no local-r03 "$tmp/local.txt" "ksec-after-fix-merged"
expect_no local-r49 "$tmp/local.txt" "distros-issue-already-public"

# R11 names the missing maintainers from MAINTAINERS, not the lists.
lint report report.txt "$report"
expect_grep r11 "$tmp/report.txt" "\[report-missing-maintainers\]"
expect_grep r11-who "$tmp/report.txt" "alice@example.org"
expect_no r11-no-list "$tmp/report.txt" "linux-foofs@lists.example.net)"
lint maintainer cc.txt --cc alice@example.org "$report"
expect_no r11-cc "$tmp/cc.txt" "report-missing-maintainers"
# MAINTAINERS is parsed once and cached under the git directory: the
# findings are the same from the cache, from a damaged cache, racing
# processes, and where no cache can be written.
cache=.git/seclint/maintainers
[ -f "$cache" ] && ok || ko "maintainers cache: no $cache"
size=$(wc -c <"$cache")
lint cached cached.txt "$report"
cmp -s "$tmp/report.txt" "$tmp/cached.txt" && ok ||
	ko "maintainers cache: findings differ from the cache"
head -c 100 "$cache" >"$tmp/half" && cat "$tmp/half" >"$cache"
lint cache-damaged damaged.txt "$report"
cmp -s "$tmp/report.txt" "$tmp/damaged.txt" && ok ||
	ko "maintainers cache: findings differ with a damaged cache"
[ "$(wc -c <"$cache")" = "$size" ] && ok ||
	ko "maintainers cache: not written anew after damage"
rm -rf .git/seclint
for i in 1 2 3 4 5 6; do
	"$seclint" --color=never "$report" >"$tmp/race$i.txt" 2>&1 &
done
wait
for i in 1 2 3 4 5 6; do
	cmp -s "$tmp/report.txt" "$tmp/race$i.txt" && ok ||
		ko "maintainers cache: racing run $i differs"
done
[ "$(ls .git/seclint)" = maintainers ] && ok ||
	ko "maintainers cache: racing writers left $(ls .git/seclint)"
lint cache-raced raced.txt "$report"
cmp -s "$tmp/report.txt" "$tmp/raced.txt" && ok ||
	ko "maintainers cache: findings differ after the race"
rm -rf .git/seclint && echo 'not a directory' >.git/seclint
lint no-cache nocache.txt "$report"
cmp -s "$tmp/report.txt" "$tmp/nocache.txt" && ok ||
	ko "maintainers cache: findings differ without a cache"
rm .git/seclint
# .mailmap: the maintainer's old address reaches her too.
printf 'Alice Maintainer <alice@example.org> <alice@old.example.org>\n' \
	>.mailmap
lint mailmap mailmap.txt --cc alice@old.example.org "$report"
expect_no r11-mailmap "$tmp/mailmap.txt" "report-missing-maintainers"
lint mailmap-other other.txt --cc carol@old.example.org "$report"
expect_grep r11-mailmap-other "$tmp/other.txt" "report-missing-maintainers"
rm .mailmap

# R33: the commit a proposed fix's Fixes: names is upstream, as named.
base=$(git rev-parse --short=12 origin/master~1)
patch33() {
	printf 'From: r@reporter.test\nTo: security@kernel.org\n'
	printf 'Subject: [PATCH] foo: fix it\n\nFix it.\n\n'
	printf 'Fixes: %s ("%s")\nSigned-off-by: r <r@reporter.test>\n' "$1" "$2"
	printf -- '---\n--- a/fs/foo/inode.c\n+++ b/fs/foo/inode.c\n'
	printf '@@ -1 +1 @@\n-a\n+b\n'
}
patch33 "$base" "foo: comments" >"$tmp/r33-ok.eml"
lint r33-ok r33-ok.txt "$tmp/r33-ok.eml"
expect_no r33-ok "$tmp/r33-ok.txt" "proposed-fix-not-mergeable"
patch33 0123456789ab "foo: comments" >"$tmp/r33-unknown.eml"
lint r33-unknown r33-unknown.txt "$tmp/r33-unknown.eml"
expect_grep r33-unknown "$tmp/r33-unknown.txt" "on no upstream branch.*\[proposed-fix-not-mergeable\]"
patch33 "$base" "foo: something else" >"$tmp/r33-subject.eml"
lint r33-subject r33-subject.txt "$tmp/r33-subject.eml"
expect_grep r33-subject "$tmp/r33-subject.txt" "but upstream it is.*\[proposed-fix-not-mergeable\]"

# The sendemail-validate hook runs in the repository and sees it too.
git config sendemail.smtpserver /bin/true
"$seclint" install-hook >/dev/null 2>&1 || ko "install-hook"
git send-email --dry-run --confirm=never --to=oss-security@lists.openwall.com \
	--cc=security@kernel.org -1 HEAD~1 >"$tmp/hook.out" 2>"$tmp/hook.err"
expect_grep hook-r03 "$tmp/hook.err" "\[ksec-after-fix-merged\]"
git send-email --dry-run --confirm=never --to=oss-security@lists.openwall.com \
	--cc=security@kernel.org -1 HEAD >"$tmp/hook2.out" 2>"$tmp/hook2.err"
expect_no hook-local "$tmp/hook2.err" "ksec-after-fix-merged"
expect_grep hook-ran "$tmp/hook2.err" "private-with-public-list"

# --repo from elsewhere; --no-repo and a configured upstream that names
# nothing keep the repository rules silent; a bad --repo is exit 2.
cd "$tmp" || exit 2
lint outside outside.txt "$merged"
expect_no outside "$tmp/outside.txt" "ksec-after-fix-merged"
lint repo-opt repo.txt --repo "$tmp/clone" "$merged"
expect_grep repo-opt "$tmp/repo.txt" "\[ksec-after-fix-merged\]"
cd "$tmp/clone" || exit 2
lint no-repo norepo.txt --no-repo "$merged"
expect_no no-repo "$tmp/norepo.txt" "ksec-after-fix-merged"
git config seclint.upstream refs/remotes/origin/nothing
lint config config.txt "$merged"
expect_no config-none "$tmp/config.txt" "ksec-after-fix-merged"
git config seclint.upstream origin/master
lint config2 config2.txt "$merged"
expect_grep config-named "$tmp/config2.txt" "\[ksec-after-fix-merged\]"
"$seclint" --repo "$tmp/nowhere" "$merged" >/dev/null 2>&1
[ $? = 2 ] && ok || ko "bad --repo: exit not 2"

# A rework of the upstream fix (another diff, the same subject) is a
# backport of it: matched by its subject on the same file.
git config --unset seclint.upstream
sed -i 's/line 45;/line 45; \/\* reworked \*\//' fs/foo/inode.c
git commit -qam "foo: fix overflow in foo_write()"
git format-patch -q -1 -o "$tmp/rework" --to=oss-security@lists.openwall.com \
	--cc=security@kernel.org
lint rework rework.txt "$tmp"/rework/*
expect_grep rework "$tmp/rework.txt" "a commit with its subject is upstream"
git commit -q --amend -m "foo: mark line 45"
git format-patch -q -1 -o "$tmp/other" --to=oss-security@lists.openwall.com \
	--cc=security@kernel.org
lint other-subject other-subject.txt "$tmp"/other/*
expect_no other-subject "$tmp/other-subject.txt" "ksec-after-fix-merged"


# The system CA bundle (lint/util/git2-lazy.c): where libgit2 reads it with
# mbedTLS, the dynamic linker binds that call to seclint's stand-in (which
# skips the bundle during git_libgit2_init()), not to libmbedx509, and the
# repository rules above worked with it.  Nothing to check where libgit2
# has no mbedTLS, or the C library no LD_DEBUG.
LD_DEBUG=bindings "$seclint" --color=never "$merged" >/dev/null 2>"$tmp/bind.txt"
if grep -q "binding file [^ ]*libgit2[^ ]* .*mbedtls_x509_crt_parse_file" \
	"$tmp/bind.txt"; then
	expect_no ca-bundle-stand-in "$tmp/bind.txt" \
		"binding file [^ ]*libgit2[^ ]* .* to [^ ]*libmbedx509[^ ]* .*mbedtls_x509_crt_parse_file"
	expect_grep ca-bundle-bound "$tmp/bind.txt" \
		"binding file [^ ]*libgit2[^ ]* .* to [^ ]*seclint .*mbedtls_x509_crt_parse_file"
fi

finish
