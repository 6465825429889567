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

# expect_no_grep NAME FILE PATTERN
expect_no_grep() {
	if grep -q -- "$3" "$2"; then ko "$1: '$3' in $2"; cat "$2"; else ok; fi
}

# check NAME EXPECTED-EXIT COMMAND...: the exit status, with the output
# in $tmp/out and $tmp/err.
check() {
	name=$1 want=$2
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" = "$want" ]; then
		ok
	else
		ko "$name: exit $got, want $want"
		cat "$tmp/out" "$tmp/err"
	fi
}

finish() {
	echo "$pass passed, $fail failed"
	[ "$fail" = 0 ]
}
