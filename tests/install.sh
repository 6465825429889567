#!/bin/sh
# `cmake --install` into a temporary prefix; the installed seclint must work
# from there, with its own policy, hooks and man page.
# usage: install.sh BUILD-DIR TESTS-DIR
set -u
build=$1
dir=$2
. "$dir/lib.sh"
prefix=$tmp/prefix

cmake --install "$build" --prefix "$prefix" >"$tmp/out" 2>&1 && ok ||
	{ ko "cmake --install"; cat "$tmp/out"; }
for f in bin/seclint share/seclint/policy.conf share/seclint/maintainers-lists.txt \
	 share/man/man1/seclint.1 \
	 share/seclint/hooks/sendemail-validate share/seclint/hooks/pre-commit \
	 share/seclint/hooks/seclint-sendmail; do
	[ -e "$prefix/$f" ] && ok || ko "not installed: $f"
done
"$prefix/bin/seclint" --explain oss-crosspost >"$tmp/out" 2>&1
expect_grep installed-policy "$tmp/out" "policy $prefix/bin/../share/seclint/policy.conf"
# The citation names its revision: the texts' INDEX is installed.
expect_grep installed-texts "$tmp/out" "Openwall wiki, mailing-lists/oss-security (sentences as quoted"
for f in share/seclint/texts/INDEX share/seclint/texts/README.md \
	 share/seclint/texts/kernel/4fee0915e649/security-bugs.rst \
	 share/seclint/texts/openwall/distros.txt; do
	[ -e "$prefix/$f" ] && ok || ko "not installed: $f"
done
"$prefix/bin/seclint" --list-profiles >"$tmp/out" 2>&1 && ok ||
	ko "installed seclint --list-profiles"
expect_grep installed-profiles "$tmp/out" "security-bugs.rst (commit 4fee0915e649, 2023-06-30)"
env -u SECLINT_POLICY "$prefix/bin/seclint" "$dir/inputs/bad-report.eml" \
	>"$tmp/out" 2>&1
[ $? = 1 ] && ok || ko "installed seclint on a bad report"
expect_grep installed-rule "$tmp/out" "\[ksec-with-linux-distros\]"
expect_grep man-rules "$prefix/share/man/man1/seclint.1" "^\.B report-attachment$"
expect_grep man-exit "$prefix/share/man/man1/seclint.1" "^\.SH EXIT STATUS"
finish
