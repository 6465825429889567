# Shared by the shell tests: a scratch directory, a pass/fail tally and
# the closing "N passed, M failed" line.  Source it after setting $dir.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }

# expect_grep NAME FILE PATTERN
expect_grep() {
	if grep -q -- "$3" "$2"; then ok; else ko "$1: '$3' not in $2"; cat "$2"; fi
}

finish() {
	echo "$pass passed, $fail failed"
	[ "$fail" = 0 ]
}
