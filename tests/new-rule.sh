#!/bin/sh
# tools/new-rule, as a newcomer runs it, in a throwaway copy of the tree
# (no network): it refuses an id that is taken or malformed and leaves the
# tree as it was; it writes the rule, its registration, its profile group
# and its fixtures; the copy configures and builds with the new rule
# (-Werror), ctest finds rule.ID, --list-rules and --explain show it; the
# rule is red (rule.ID, unit.registry, unit.citations fail, each saying
# why) until it is written; and once written as rules/README.md says, it
# is green, with its golden output blessed, the resolved profiles and the
# README's table written again.
# usage: new-rule.sh SOURCE-DIR [C-COMPILER]
set -u
src=$(cd "$1" && pwd) || exit 2
cc=${2:-}
dir=$(cd "$(dirname "$0")" && pwd)
. "$dir/lib.sh"
jobs=${SECLINT_TEST_JOBS:-2}
id=frob-widget
t=$tmp/tree
b=$tmp/build

# The copy: the files git knows (tracked, and untracked but not
# ignored), or outside git every file but .git and build trees.
mkdir "$t"
if [ "$(git -C "$src" rev-parse --show-toplevel 2>/dev/null)" = \
     "$(cd "$src" && pwd -P)" ]; then
	(cd "$src" && git ls-files -z --cached --others --exclude-standard |
		xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
		tar --null -T - -cf -) | tar -C "$t" -xf -
else
	(cd "$src" && find . \( -name .git -o -name 'obj-*' -o \
		-exec test -e '{}/CMakeCache.txt' \; \) -prune -o -type f -print0 |
		tar --null -T - -cf -) | tar -C "$t" -xf -
fi
[ -x "$t/tools/new-rule" ] && [ -f "$t/rules/rules.def" ] && ok ||
	ko "the copy of $src has no tools/new-rule or rules/rules.def"
cd "$t" || exit 2

# What the scaffold touches, to see that a refusal changes nothing.
state() {
	find rules tests/rules -type f | LC_ALL=C sort | xargs cksum
}
state >"$tmp/before"

refuse() {
	name=$1 said=$2
	shift 2
	check "$name" 1 sh tools/new-rule "$@"
	expect_grep "$name-said" "$tmp/err" "$said"
}
refuse taken "rules/report-html.c exists" report-html
refuse upper "is no rule id" Frob-widget
refuse one-word "is no rule id" frob
refuse underscore "is no rule id" frob_widget
refuse double-dash "is no rule id" frob--widget
refuse trailing-dash "is no rule id" frob-widget-
refuse severity "info, warning or error" $id --severity fatal
refuse summary-quotes "no double quotes" $id --summary 'says "x"'
refuse section-none "matches no section" $id --section "no such section"
refuse section-many "matches several sections" $id --section r
refuse profile-none "no rules/profiles/1999-01.conf" $id --profile 1999-01
check usage 2 sh tools/new-rule
check root 1 sh -c 'cd rules && sh ../tools/new-rule frob-widget'
expect_grep root-said "$tmp/err" "from the top of the seclint source tree"
state >"$tmp/after"
cmp -s "$tmp/before" "$tmp/after" && ok ||
	ko "a refused run changed the tree: $(diff "$tmp/before" "$tmp/after")"

# Configured before the rule exists: the build's globs find it.
cmake -S "$t" -B "$b" -DCMAKE_BUILD_TYPE=Debug -DSECLINT_WERROR=ON \
	${cc:+-DCMAKE_C_COMPILER="$cc"} >"$tmp/cmake.log" 2>&1 && ok ||
	{ ko "the copy does not configure"; tail -20 "$tmp/cmake.log"; }

check scaffold 0 sh tools/new-rule $id --summary "the Subject says 'frobnicate'" \
	--section "Report format"
cp "$tmp/out" "$tmp/scaffold.out"
for f in rules/$id.c tests/rules/$id/fire-TODO.eml \
	 tests/rules/$id/near-TODO.eml tests/rules/$id/pass-TODO.eml; do
	[ -s "$f" ] && ok || ko "no $f"
done
# At the end of the section asked for: after its last rule, before the
# next heading.
awk '/^SL_RULE\(sl_rule_frob_widget\)$/ { getline; print; exit }' \
	rules/rules.def >"$tmp/next"
expect_grep registered "$tmp/next" "^/\* AI-assisted"
expect_grep registered-after rules/rules.def "^SL_RULE(sl_rule_proposed_fix_not_mergeable)$"
awk '/^SL_RULE\(sl_rule_proposed_fix_not_mergeable\)$/ { getline; print; exit }' \
	rules/rules.def >"$tmp/prev"
expect_grep registered-position "$tmp/prev" "^SL_RULE(sl_rule_frob_widget)$"
profile=$(sed -n 's/^#define SL_DEFAULT_PROFILE "\(.*\)"$/\1/p' lint/engine/policy.h)
awk -v g="[rule $id]" '$0 == g { on = 1; next } /^\[/ { on = 0 } on' \
	"rules/profiles/$profile.conf" >"$tmp/group"
expect_grep profile-severity "$tmp/group" "^severity=warning$"
expect_grep profile-source "$tmp/group" "^source=none$"
expect_grep rule-symbol rules/$id.c "^const struct sl_rule sl_rule_frob_widget = {$"
expect_grep rule-summary rules/$id.c "\.summary = \"the Subject says 'frobnicate'\","
# The level is written once, in the profile group above: none in C.
expect_no_grep rule-no-severity rules/$id.c "\.severity"
for step in "SECLINT_BLESS=1 ctest --test-dir build -R 'rule\\\\.$id\\$'" \
	    "sh doc/readme-rules.sh build/seclint README.md" \
	    "SECLINT_BLESS=1 ctest --test-dir build -R profiles.resolved"; do
	expect_grep next-steps "$tmp/scaffold.out" "$step"
done
check again 1 sh tools/new-rule $id
expect_grep again-said "$tmp/err" "rules/$id.c exists"

# It builds, warning-free, and ctest has a test for it.
targets="seclint test_rule test_registry test_citations profile-dump"
build() {
	# shellcheck disable=SC2086 # one argument per target
	cmake --build "$b" --parallel "$jobs" --target $targets \
		>"$tmp/build.log" 2>&1 && ok ||
		{ ko "$1: the copy does not build"; tail -30 "$tmp/build.log"; }
}
build scaffolded
(cd "$b" && ctest -N) >"$tmp/tests"
expect_grep ctest-finds "$tmp/tests" "rule\.$id$"
check list-rules 0 "$b/seclint" --list-rules
expect_grep list-rules-line "$tmp/out" "^$id  *warning  *the Subject says 'frobnicate'"
check explain 0 "$b/seclint" --explain $id
expect_grep explain-said "$tmp/out" "$id"

# Red: each test says what is left to write.
said() { cat "$tmp/out" "$tmp/err" >"$tmp/said"; }
# fails NAME COMMAND...: a non-zero exit (cmocka's is the failures' count).
fails() {
	name=$1
	shift
	if "$@" >"$tmp/out" 2>"$tmp/err"; then
		ko "$name: exit 0, want a failure"
		cat "$tmp/out" "$tmp/err"
	else
		ok
	fi
}
fails red-rule "$b/tests/test_rule" $id "$t/tests/rules/$id"
said
expect_grep red-template "$tmp/said" "fire-TODO.eml: still the template tools/new-rule wrote"
expect_grep red-template-pass "$tmp/said" "pass-TODO.eml: still the template tools/new-rule wrote"
expect_grep red-examples "$tmp/said" "FAILED.*declaration examples"
fails red-registry "$b/tests/test_registry" "$t/tests/rules"
said
expect_grep red-registry-todo "$tmp/said" "$id: its declaration still says TODO"
expect_grep red-registry-count "$tmp/said" "$id: fewer than 3 fire- fixtures"
fails red-citations "$b/tests/test_citations"
said
expect_grep red-citations-said "$tmp/said" "$id under $profile: cites no document, yet warns"

# Written as the guide says: the check, the declaration's words, the
# fixtures; a notice of seclint's own (source=none), so info.
sed -i 's|^\t(void)c;$|\tif (c->msg->subject \&\& g_strrstr(c->msg->subject, "frobnicate"))\
\t\tsl_report_at(c, "Subject", "frobnicate", "the Subject says %s",\
\t\t\t     "frobnicate");|
	s/TODO a message the rule finds/frobnicate the widget/
	s/TODO the same message, made right/adjust the widget/
	s/TODO[:]* *//g
	s/SL_SEV_WARNING/SL_SEV_INFO/' rules/$id.c
sed -i "/^\[rule $id\]$/,/^severity=/ { /^#/d; s/^severity=warning$/severity=info/; }" \
	"rules/profiles/$profile.conf"
rm tests/rules/$id/*-TODO.eml
for n in 1 2 3; do
	for kind in fire pass; do
		verb=frobnicate
		[ $kind = pass ] && verb=adjust
		cat >"tests/rules/$id/$kind-$n.eml" <<EOF
From: Rae Reporter <rae@example.org>
To: security@kernel.org
Subject: $verb the widget, take $n
Date: Tue, 01 Dec 2026 10:00:00 +0000
Message-ID: <$id.$kind-$n@example.org>

Text $n.
EOF
	done
done
build written
check bless 0 env SECLINT_BLESS=1 "$b/tests/test_rule" $id "$t/tests/rules/$id"
expect_grep blessed "tests/rules/$id/fire-1.expect" \
	"^fire-1.eml:3:10: note: the Subject says frobnicate \[$id\]$"
check green-rule 0 "$b/tests/test_rule" $id "$t/tests/rules/$id"
check green-registry 0 "$b/tests/test_registry" "$t/tests/rules"
check green-citations 0 "$b/tests/test_citations"
fails red-profiles sh tests/profiles.sh "$b/tests/profile-dump" \
	"$b/seclint" "$t/tests"
said
expect_grep red-profiles-said "$tmp/said" "^+rule $id: info, follow-ups info$"
check bless-profiles 0 env SECLINT_BLESS=1 sh tests/profiles.sh \
	"$b/tests/profile-dump" "$b/seclint" "$t/tests"
check green-profiles 0 sh tests/profiles.sh "$b/tests/profile-dump" \
	"$b/seclint" "$t/tests"
check red-readme 1 sh doc/readme-rules.sh "$b/seclint" README.md --check
check readme 0 sh doc/readme-rules.sh "$b/seclint" README.md
check green-readme 0 sh doc/readme-rules.sh "$b/seclint" README.md --check
expect_grep readme-row README.md "^| \`$id\` | info | the Subject says 'frobnicate' |$"
finish
