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

# git send-email through a stand-in sendmail that keeps each message it
# gets as $SPOOL/N.msg (and N.argv).  spool_count: how many it got.
# send_email NAME WANT(sent COUNT|refused|died COUNT) ARGS...: git
# send-email --confirm=never ARGS, with the spool emptied first, sends
# COUNT messages (sent), is stopped by the hook before it sends any
# (refused), or by the send-time check after COUNT (died).  Its output is
# in $tmp/out and $tmp/err.
spool_count() { ls "$SPOOL" | grep -c '\.msg$'; }
send_email() {
	name=$1 want=$2
	shift 2
	case $want in sent|died) count=$1; shift ;; *) count=0 ;; esac
	rm -f "$SPOOL"/*
	git send-email --confirm=never "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	got=$?
	case $want in
	sent) [ "$got" = 0 ] ;;
	refused) [ "$got" != 0 ] && grep -q "no patches were sent" "$tmp/err" ;;
	died) [ "$got" != 0 ] && grep -q "seclint: message not sent" "$tmp/err" ;;
	esac && [ "$(spool_count)" = "$count" ] && ok ||
		{ ko "$name: exit $got, $(spool_count) sent, want $want $count"
		  cat "$tmp/err"; }
}

finish() {
	echo "$pass passed, $fail failed"
	[ "$fail" = 0 ]
}
