#!/bin/sh
# Every profile in rules/profiles/ as the rules see it once loaded
# (tests/profile-dump.c) equals tests/profiles/resolved.golden.
# SECLINT_BLESS=1 writes the golden file instead.
# usage: profiles.sh PROFILE-DUMP SECLINT TESTS-DIR
set -u
dump=$1
seclint=$2
dir=$3
. "$dir/lib.sh"
rules=$(cd "$dir/../rules" && pwd)
golden=$dir/profiles/resolved.golden
names=$(cd "$rules/profiles" && ls -- *.conf | sed 's/\.conf$//')

# shellcheck disable=SC2086 # one argument per profile name
if "$dump" "$rules/policy.conf" $names >"$tmp/resolved" 2>"$tmp/err"; then
	ok
else
	ko "profile-dump failed"
	cat "$tmp/err"
fi
if [ -n "${SECLINT_BLESS:-}" ]; then
	cp "$tmp/resolved" "$golden"
	echo "wrote $golden"
elif diff -u "$golden" "$tmp/resolved"; then
	ok
else
	ko "the resolved profiles differ from $golden (diff above)"
fi

# Inheritance, in profiles of its own: a key replaced, a key dropped
# (note=), a rule switched off, a rule added.
p=$tmp/p
mkdir "$p"
cat >"$p/base.conf" <<'CONF'
[profile]
revision=base
document=d
[rule report-html]
severity=error
note=base note
[rule oss-crosspost]
severity=error
CONF
cat >"$p/child.conf" <<'CONF'
[profile]
inherit=base
revision=child
document=d
[rule report-html]
severity=warning
note=
[rule oss-crosspost]
severity=off
[rule report-attachment]
severity=info
CONF
if "$dump" "$rules/policy.conf" "$p/child.conf" >"$tmp/out" 2>"$tmp/err"; then
	ok
else
	ko "child.conf did not load"
	cat "$tmp/err"
fi
expect_grep child-replaced "$tmp/out" "^rule report-html: warning, follow-ups warning$"
expect_no_grep child-dropped "$tmp/out" "base note"
expect_grep child-off "$tmp/out" "^rule oss-crosspost: off$"
expect_grep child-added "$tmp/out" "^rule report-attachment: info,"
expect_no_grep child-inherit-own "$tmp/out" "revision=base"

# A circle and a missing parent: exit 2, naming the files.
sed 's/^inherit=base/inherit=loop/' "$p/child.conf" >"$p/loop.conf"
cp "$p/loop.conf" "$p/self.conf"
sed -i 's/^inherit=loop/inherit=self/' "$p/self.conf"
for bad in loop self; do
	check circle-$bad 2 "$seclint" --profile "$p/$bad.conf" --list-rules
	expect_grep circle-$bad-said "$tmp/err" "inherit=$bad: a circle of profiles"
done
sed 's/^inherit=base/inherit=nope/' "$p/child.conf" >"$p/orphan.conf"
check missing-parent 2 "$seclint" --profile "$p/orphan.conf" --list-rules
expect_grep missing-parent-said "$tmp/err" "orphan.conf: inherit=nope: .*nope.conf"
sed 's/^inherit=base/inherit=..\/base/' "$p/child.conf" >"$p/path.conf"
check parent-path 2 "$seclint" --profile "$p/path.conf" --list-rules
expect_grep parent-path-said "$tmp/err" "is no profile name"

# A parameter a rule in force reads is required: no default in C.
check param-missing 2 "$seclint" --profile 2023-06 --enable report-too-long \
	--list-rules
expect_grep param-missing-said "$tmp/err" \
	"profile 2023-06 has no \[rule report-too-long\] max-lines"
sed 's/^embargo-max-days=14$/embargo-max-days=fourteen/' \
	"$rules/policy.conf" >"$tmp/policy.conf"
ln -s "$rules/profiles" "$tmp/profiles"
ln -s "$rules/maintainers-lists.txt" "$tmp/maintainers-lists.txt"
check param-no-number 2 "$seclint" --policy "$tmp/policy.conf" --list-rules
expect_grep param-no-number-said "$tmp/err" \
	"\[role distros\] embargo-max-days=fourteen is no integer"

# Findings advise the addresses of the policy in force, not literals.
sed 's/^embargo-max-days=fourteen$/embargo-max-days=14/;
     s/^addresses=security@kernel.org$/addresses=security@example.net/;
     s/^addresses=linux-distros@vs.openwall.org$/addresses=linux-distros@example.net/' \
	"$rules/policy.conf" >"$tmp/policy.conf"
r=$dir/rules
"$seclint" --no-repo --policy "$tmp/policy.conf" \
	"$r/hwsec-software-bug/fire-overflow.eml" >"$tmp/out" 2>&1
expect_grep site-hwsec-said "$tmp/out" "software bugs go to security@example.net \[hwsec-software-bug\]"
"$seclint" --no-repo --policy "$tmp/policy.conf" \
	"$r/distros-superset-for-linux-issue/fire-kernel.eml" >"$tmp/out" 2>&1
expect_grep site-superset-said "$tmp/out" "use linux-distros@example.net \[distros-superset"
# The profile cache (lint/engine/profile-table.c), in a cache directory of
# the test's own and on a copy of rules/ (--policy): an edit is seen by
# the next run, also one in the same second that keeps the size and the
# mtime; an error is reported every time; what a run prints is the same
# with the cache, without one and in the check mode.
export XDG_CACHE_HOME="$tmp/xdg"
mkdir "$XDG_CACHE_HOME"
c=$tmp/copy
cp -R "$rules" "$c"
leaf=$c/profiles/2026-08.conf
level() {
	"$seclint" --policy "$c/policy.conf" --list-rules 2>&1 |
		sed -n "s/^report-version-unstable  *\([a-z]*\) .*/\1/p"
}
expect_level() {
	got=$(level)
	if [ "$got" = "$2" ]; then ok; else ko "$1: level '$got', want '$2'"; fi
}
# Past the racy window (two seconds): the files' stat data are exact.
sleep 3
expect_level cache-first error
if ls "$XDG_CACHE_HOME"/seclint/profile-* >/dev/null 2>&1; then
	ok
else
	ko "no profile cache written under \$XDG_CACHE_HOME/seclint"
fi
expect_level cache-hit error
# The policy is cached beside it (lint/engine/policy.c), with the address
# file it reads: an address taken out of that file is no list at the next
# run, though the policy was cached.
if ls "$XDG_CACHE_HOME"/seclint/policy-* >/dev/null 2>&1; then
	ok
else
	ko "no policy cache written under \$XDG_CACHE_HOME/seclint"
fi
public_alsa() {
	"$seclint" --no-repo --policy "$c/policy.conf" \
		--to alsa-devel@alsa-project.org "$dir/../examples/cc-both-lists.eml" 2>&1 |
		grep -c "public mailing list alsa-devel@alsa-project.org"
}
expect_public() {
	got=$(public_alsa)
	if [ "$got" = "$2" ]; then ok; else ko "$1: $got findings, want $2"; fi
}
expect_public policy-cached 1
cp -p "$c/maintainers-lists.txt" "$tmp/lists"
sed -i 's/^alsa-devel@alsa-project.org$/alsa-devxl@alsa-project.org/' "$c/maintainers-lists.txt"
touch -r "$tmp/lists" "$c/maintainers-lists.txt"
expect_public policy-address-edit 0
cp -p "$tmp/lists" "$c/maintainers-lists.txt"
expect_public policy-address-back 1
export SECLINT_CHECK_POLICY_CACHE=1
expect_level cache-checked error
unset SECLINT_CHECK_POLICY_CACHE
ex=$dir/../examples/cc-both-lists.eml
for args in "--list-profiles" "--explain report-version-unstable" \
	"--format=json $ex" "--format=sarif $ex" "--profile=2023-06 $ex"; do
	# shellcheck disable=SC2086 # the arguments, split
	XDG_CACHE_HOME=$tmp/none "$seclint" --no-repo --policy "$c/policy.conf" \
		$args >"$tmp/uncached" 2>&1
	for round in 1 2; do
		# shellcheck disable=SC2086
		SECLINT_CHECK_POLICY_CACHE=1 "$seclint" --no-repo \
			--policy "$c/policy.conf" $args >"$tmp/cached" 2>&1
		if cmp -s "$tmp/uncached" "$tmp/cached"; then
			ok
		else
			ko "cache: '$args' prints otherwise (round $round)"
			diff "$tmp/uncached" "$tmp/cached" | head -20
		fi
	done
done
# An edit long after the cache was written.
sed -i '/^\[rule report-version-unstable\]/,/^\[/s/^severity=error$/severity=warning/' "$leaf"
expect_level cache-edit warning
# In the same second, the same size and mtime, the same inode.
cp -p "$leaf" "$tmp/ref"
sed '/^\[rule report-version-unstable\]/,/^\[/s/^severity=warning$/severity=info\n\n\n/' "$leaf" >"$tmp/edited"
cat "$tmp/edited" >"$leaf"
touch -r "$tmp/ref" "$leaf"
if [ "$(wc -c <"$leaf")" = "$(wc -c <"$tmp/ref")" ]; then ok; else ko "cache: the edit changed the size"; fi
expect_level cache-racy info
# An error, every time, as without a cache.
sed -i '/^\[rule report-version-unstable\]/,/^\[/s/^severity=info$/severity=infx/' "$leaf"
XDG_CACHE_HOME=$tmp/none "$seclint" --policy "$c/policy.conf" --list-rules \
	>/dev/null 2>"$tmp/want"
for round in 1 2; do
	check cache-error-$round 2 "$seclint" --policy "$c/policy.conf" --list-rules
	if cmp -s "$tmp/want" "$tmp/err"; then ok; else ko "cache: error $round differs"; cat "$tmp/err"; fi
done
expect_grep cache-error-said "$tmp/err" "unknown severity 'infx'"
finish
