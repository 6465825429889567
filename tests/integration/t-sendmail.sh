#!/bin/sh
# seclint sendmail: speaks sendmail's command line, refuses bad mail
# without running the real sendmail, hands clean mail to it byte for byte
# with the command line unchanged.  usage: t-sendmail.sh SECLINT TESTS-DIR
set -u
seclint=$1
dir=$2
in=$dir/inputs
. "$dir/lib.sh"
unset SECLINT_SENDMAIL SECLINT_SENDMAIL_ACTIVE
HOME=$tmp/home
GIT_CONFIG_NOSYSTEM=1
export HOME GIT_CONFIG_NOSYSTEM
mkdir "$HOME"
cd "$tmp" || exit 2

# The stand-in for the real sendmail records its argv (one per line) and
# its stdin.
mta=$tmp/fake-mta
cat >"$mta" <<EOT
#!/bin/sh
: >"$tmp/mta.argv"
for a in "\$@"; do printf '%s\n' "\$a" >>"$tmp/mta.argv"; done
cat >"$tmp/mta.stdin"
exit \${FAKE_MTA_STATUS:-0}
EOT
chmod +x "$mta"
SECLINT_SENDMAIL=$mta
export SECLINT_SENDMAIL

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

# want_argv NAME ARG...: the real sendmail got exactly these arguments.
want_argv() {
	name=$1
	shift
	: >"$tmp/want.argv"
	for a in "$@"; do printf '%s\n' "$a" >>"$tmp/want.argv"; done
	if cmp -s "$tmp/want.argv" "$tmp/mta.argv"; then ok; else
		ko "$name: MTA argv"; cat "$tmp/mta.argv"; fi
}

want_bytes() {
	if cmp -s "$2" "$tmp/mta.stdin"; then ok; else
		ko "$1: MTA got different bytes"; fi
}

# (a) a bad message is refused and the MTA is not run.
send bad 1 "$in/bad-report.eml" -i security@kernel.org \
	linux-distros@vs.openwall.org
expect_grep bad-rule "$tmp/err" "\[ksec-with-linux-distros\]"
expect_grep bad-not-sent "$tmp/err" "message not sent"
mta_not_run bad

# (b) clean-looking headers, both lists only on the envelope (Bcc), in
# every way a client writes the command line.
printf 'From: r@example.org\nTo: security@kernel.org\nSubject: bug\n\nbug\n' \
	>"$tmp/bcc.eml"
send bcc-git 1 "$tmp/bcc.eml" -i security@kernel.org \
	linux-distros@vs.openwall.org
expect_grep bcc-rule "$tmp/err" "\[ksec-with-linux-distros\]"
mta_not_run bcc-git
# mutt and neomutt: sendmail -oem -oi -- RCPT...
send bcc-mutt 1 "$tmp/bcc.eml" -oem -oi -- security@kernel.org \
	linux-distros@vs.openwall.org
mta_not_run bcc-mutt
# b4 and git with an envelope sender: -i -f ADDR RCPT...
send bcc-b4 1 "$tmp/bcc.eml" -i -f r@example.org security@kernel.org \
	linux-distros@vs.openwall.org
mta_not_run bcc-b4
# one argument holding a list, with ';' as git writes it
send bcc-list 1 "$tmp/bcc.eml" -i "security@kernel.org; linux-distros@vs.openwall.org"
mta_not_run bcc-list
send bcc-comma 1 "$tmp/bcc.eml" -i -- "x@example.org, linux-distros@vs.openwall.org"
mta_not_run bcc-comma
# options after a recipient (getopt permutes them)
send bcc-permuted 1 "$tmp/bcc.eml" security@kernel.org -oi \
	linux-distros@vs.openwall.org
mta_not_run bcc-permuted
# -t: the headers name the recipients, Bcc included
printf 'From: r@example.org\nTo: security@kernel.org\nBcc: linux-distros@vs.openwall.org\nSubject: bug\n\nbug\n' \
	>"$tmp/hdr-bcc.eml"
send t-bcc 1 "$tmp/hdr-bcc.eml" -t -oi
mta_not_run t-bcc
send t-argv 1 "$tmp/bcc.eml" -t -i linux-distros@vs.openwall.org
mta_not_run t-argv

# One error finding and nothing else refuses the message too: a posting
# to oss-security cross-posted to LKML, in -t and in mutt's form.
in_one=$in/one-error.eml
send one-error-t 1 "$in_one" -t -oi
expect_grep one-error-t-rule "$tmp/err" "\[oss-crosspost\]"
mta_not_run one-error-t
send one-error-mutt 1 "$in_one" -oem -oi -- oss-security@lists.openwall.com \
	linux-kernel@vger.kernel.org
mta_not_run one-error-mutt

# (c) a clean message goes through byte for byte, with its argv.
printf 'From: r@example.org\r\nTo: maintainer@example.org\r\nSubject: fix\r\n\r\n.\r\nbody \001 \377\r\n' \
	>"$tmp/clean.eml"
send clean 0 "$tmp/clean.eml" -i maintainer@example.org
want_bytes clean "$tmp/clean.eml"
want_argv clean -i maintainer@example.org
send clean-mutt 0 "$tmp/clean.eml" -oem -oi -N failure,delay -B8BITMIME \
	-f me@example.org -- maintainer@example.org '-odd@example.org'
want_bytes clean-mutt "$tmp/clean.eml"
want_argv clean-mutt -oem -oi -N failure,delay -B8BITMIME -f me@example.org \
	-- maintainer@example.org '-odd@example.org'
send clean-report 0 "$in/clean-report.eml" -oi -fme@example.org \
	-F 'Me Too' -bm maintainer@example.org
want_argv clean-report -oi -fme@example.org -F 'Me Too' -bm \
	maintainer@example.org
send clean-t 0 "$tmp/clean.eml" -t -i
want_argv clean-t -t -i

# (d) usage errors: exit 2, nothing sent.
send unknown-option 2 "$tmp/clean.eml" -bs maintainer@example.org
expect_grep unknown-option-msg "$tmp/err" "unsupported sendmail option '-bs'"
mta_not_run unknown-option
send unknown-long 2 "$tmp/clean.eml" --frobnicate maintainer@example.org
send bare-o 2 "$tmp/clean.eml" -o maintainer@example.org
send no-value 2 "$tmp/clean.eml" maintainer@example.org -f
send no-recipients 2 "$tmp/clean.eml" -oi --
expect_grep no-recipients-msg "$tmp/err" "no recipients"
send bad-recipient 2 "$tmp/clean.eml" ';;;'
mta_not_run bad-recipient
# the old "-- REAL-SENDMAIL" form: a program is not a recipient
send old-form 2 "$tmp/clean.eml" -i maintainer@example.org -- "$mta"
expect_grep old-form-msg "$tmp/err" "seclint.sendmail"
mta_not_run old-form

# (e) empty input is an input error.
: >"$tmp/empty.eml"
send empty 2 "$tmp/empty.eml" -i maintainer@example.org
mta_not_run empty

# (f) the MTA's exit status is passed through.
FAKE_MTA_STATUS=75
export FAKE_MTA_STATUS
send mta-status 75 "$tmp/clean.eml" -i maintainer@example.org
unset FAKE_MTA_STATUS

# (g) which real sendmail: $SECLINT_SENDMAIL, git config seclint.sendmail
# (a shell command, as git's sendmailCmd), else /usr/sbin/sendmail.
SECLINT_SENDMAIL=$tmp/no-such-mta
send mta-missing 2 "$tmp/clean.eml" -i maintainer@example.org
expect_grep mta-missing-msg "$tmp/err" "no-such-mta.*cannot be run"
unset SECLINT_SENDMAIL
git config --global seclint.sendmail "'$mta' -X extra"
send config-mta 0 "$tmp/clean.eml" -oi maintainer@example.org
want_argv config-mta -X extra -oi maintainer@example.org
want_bytes config-mta "$tmp/clean.eml"
send config-mta-bad 1 "$in/bad-report.eml" -i security@kernel.org
mta_not_run config-mta-bad
# seclint as its own real sendmail would loop: refused
git config --global seclint.sendmail "'$seclint' sendmail"
send loop 2 "$tmp/clean.eml" -i maintainer@example.org
expect_grep loop-msg "$tmp/err" "runs seclint sendmail again"
git config --global --unset seclint.sendmail
if [ ! -e /usr/sbin/sendmail ] && [ ! -e /usr/lib/sendmail ]; then
	PATH=/usr/bin:/bin send default-missing 2 "$tmp/clean.eml" \
		-i maintainer@example.org
	expect_grep default-missing-msg "$tmp/err" "no real sendmail"
fi

finish
