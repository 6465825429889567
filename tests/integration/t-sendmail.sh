#!/bin/sh
# seclint sendmail: refuses bad mail without running the MTA, hands clean
# mail to it byte for byte.  usage: t-sendmail.sh SECLINT TESTS-DIR
set -u
seclint=$1
dir=$2
in=$dir/inputs
. "$dir/lib.sh"
unset SECLINT_SENDMAIL

# The fake MTA records its argv (one per line) and its stdin.
mta=$tmp/fake-mta
cat >"$mta" <<EOT
#!/bin/sh
: >"$tmp/mta.argv"
for a in "\$@"; do printf '%s\n' "\$a" >>"$tmp/mta.argv"; done
cat >"$tmp/mta.stdin"
exit \${FAKE_MTA_STATUS:-0}
EOT
chmod +x "$mta"

send() {
	# send NAME EXPECTED-EXIT INPUT ARGS...
	name=$1 want=$2 input=$3
	shift 3
	rm -f "$tmp/mta.argv" "$tmp/mta.stdin"
	"$seclint" sendmail "$@" <"$input" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" = "$want" ]; then
		ok
	else
		ko "$name: exit $got, want $want"
		cat "$tmp/out" "$tmp/err"
	fi
}

mta_not_run() {
	if [ -e "$tmp/mta.argv" ]; then ko "$1: MTA ran"; else ok; fi
}

# (a) a bad message is refused and the MTA is not run.
send bad 1 "$in/bad-report.eml" -i security@kernel.org \
	linux-distros@vs.openwall.org -- "$mta"
expect_grep bad-rule "$tmp/err" "\[ksec-with-linux-distros\]"
expect_grep bad-not-sent "$tmp/err" "message not sent"
mta_not_run bad

# (b) clean-looking headers, both lists only on the envelope (Bcc).
printf 'From: r@example.org\nTo: security@kernel.org\nSubject: bug\n\nbug\n' \
	>"$tmp/bcc.eml"
send bcc 1 "$tmp/bcc.eml" -i security@kernel.org \
	linux-distros@vs.openwall.org -- "$mta"
expect_grep bcc-rule "$tmp/err" "\[ksec-with-linux-distros\]"
mta_not_run bcc
# ... also when git appends the recipients after "-- MTA".
send bcc-after-mta 1 "$tmp/bcc.eml" -- "$mta" -i security@kernel.org \
	linux-distros@vs.openwall.org
mta_not_run bcc-after-mta

# (c) a clean message goes through byte for byte, with its argv.
printf 'From: r@example.org\r\nTo: maintainer@example.org\r\nSubject: fix\r\n\r\n.\r\nbody \001 \377\r\n' \
	>"$tmp/clean.eml"
send clean 0 "$tmp/clean.eml" -i maintainer@example.org -- "$mta"
if cmp -s "$tmp/clean.eml" "$tmp/mta.stdin"; then ok; else
	ko "clean: MTA got different bytes"; fi
printf -- '-i\nmaintainer@example.org\n' >"$tmp/want.argv"
if cmp -s "$tmp/want.argv" "$tmp/mta.argv"; then ok; else
	ko "clean: MTA argv"; cat "$tmp/mta.argv"; fi
send clean-report 0 "$in/clean-report.eml" -oi -f me@example.org \
	-F 'Me Too' maintainer@example.org -- "$mta" -x
printf -- '-x\n-oi\n-f\nme@example.org\n-F\nMe Too\nmaintainer@example.org\n' \
	>"$tmp/want.argv"
if cmp -s "$tmp/want.argv" "$tmp/mta.argv"; then ok; else
	ko "clean-report: MTA argv"; cat "$tmp/mta.argv"; fi

# (d) usage errors.
send unknown-option 2 "$tmp/clean.eml" -bs -- "$mta"
mta_not_run unknown-option
send unknown-long 2 "$tmp/clean.eml" --frobnicate -- "$mta"
send no-mta-after-dashes 2 "$tmp/clean.eml" maintainer@example.org --
send bad-recipient 2 "$tmp/clean.eml" ';;;' -- "$mta"
mta_not_run bad-recipient

# (e) empty input is an input error.
: >"$tmp/empty.eml"
send empty 2 "$tmp/empty.eml" -i maintainer@example.org -- "$mta"
mta_not_run empty

# (f) the MTA's exit status is passed through.
FAKE_MTA_STATUS=75
export FAKE_MTA_STATUS
send mta-status 75 "$tmp/clean.eml" -i maintainer@example.org -- "$mta"
unset FAKE_MTA_STATUS
send mta-missing 2 "$tmp/clean.eml" -i maintainer@example.org \
	-- "$tmp/no-such-mta"

# (g) the MTA from $SECLINT_SENDMAIL.
SECLINT_SENDMAIL=$mta
export SECLINT_SENDMAIL
send env-mta 0 "$tmp/clean.eml" -i maintainer@example.org
if cmp -s "$tmp/clean.eml" "$tmp/mta.stdin"; then ok; else
	ko "env-mta: MTA got different bytes"; fi
send env-mta-bad 1 "$in/bad-report.eml" -i security@kernel.org
mta_not_run env-mta-bad
unset SECLINT_SENDMAIL

finish
