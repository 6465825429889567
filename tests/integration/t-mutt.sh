#!/bin/sh
# mutt or neomutt in batch mode, set up as the README says
# (set sendmail="seclint sendmail", seclint on PATH), in a throwaway HOME:
# a bad message is refused and the real sendmail (a stand-in that records
# its arguments and standard input) is not run; a clean one reaches it
# with the recipients and the message the client wrote, unchanged.
# usage: t-mutt.sh CLIENT SECLINT TESTS-DIR   (exit 77: CLIENT missing)
set -u
client=$1
seclint=$2
dir=$3
command -v "$client" >/dev/null 2>&1 || {
	echo "SKIP: $client is not installed (tests/install-deps.sh)"; exit 77; }
. "$dir/lib.sh"
unset SECLINT_SENDMAIL_ACTIVE MAIL MAILRC MUTT NEOMUTT EMAIL REPLYTO
export HOME="$tmp/home" GIT_CONFIG_NOSYSTEM=1 LC_ALL=C.UTF-8
mkdir -p "$HOME" "$tmp/bin" "$tmp/spool"
cd "$tmp" || exit 2
ln -s "$seclint" "$tmp/bin/seclint"
PATH=$tmp/bin:$PATH

# The real sendmail: records its argv (one per line) and its input.
cat >"$tmp/mta" <<EOT
#!/bin/sh
printf '%s\n' "\$@" >"$tmp/spool/argv"
cat >"$tmp/spool/msg"
EOT
chmod +x "$tmp/mta"
export SECLINT_SENDMAIL="$tmp/mta"

muttrc() {	# SENDMAIL: a muttrc sending through it
	cat <<EOT
set sendmail="$1"
set from="Alice Reporter <alice.reporter@reporter.test>"
set use_from=yes
set record=""
set copy=no
set postpone=no
EOT
}
muttrc "seclint sendmail" >"$tmp/muttrc"
muttrc "$tmp/mta" >"$tmp/muttrc-direct"
sed '1,/^$/d' "$dir/inputs/clean-report.eml" >"$tmp/body"

# mail RC ARGS...: the client in batch mode, the body on stdin.
mail() {
	rc=$1
	shift
	rm -f "$tmp/spool/"*
	"$client" -n -F "$rc" "$@" <"$tmp/body" >"$tmp/out" 2>&1
}
sent() { [ -e "$tmp/spool/argv" ]; }

# refused NAME RULE ARGS...: the client fails, seclint names RULE,
# nothing reaches the real sendmail.
refused() {
	name=$1 rule=$2
	shift 2
	mail "$tmp/muttrc" "$@"
	got=$?
	if [ "$got" != 0 ] && ! sent; then ok; else
		ko "$name: $client exit $got, sent=$(sent && echo yes || echo no)"
		cat "$tmp/out"; fi
	expect_grep "$name-rule" "$tmp/out" "error: .*\[$rule\]"
	expect_grep "$name-not-sent" "$tmp/out" "seclint: message not sent"
}

subj="foo: use-after-free in foo_complete()"
refused both-lists ksec-with-linux-distros -s "[vs] $subj" \
	-c linux-distros@vs.openwall.org security@kernel.org
refused both-lists-to ksec-with-linux-distros -s "[vs] $subj" \
	security@kernel.org linux-distros@vs.openwall.org
# ';' between addresses: the client splits there as at ',' (so does git
# send-email; GMime does not) and hands both to sendmail.
refused semicolon ksec-with-linux-distros -s "[vs] $subj" \
	-c "security@kernel.org; linux-distros@vs.openwall.org" \
	foo.maintainer@example.com
# Bcc: mutt leaves it out of the message; only the envelope names it.
refused bcc-public-list private-with-public-list -s "$subj" \
	-b netdev@vger.kernel.org security@kernel.org
refused bcc-distros ksec-with-linux-distros -s "[vs] $subj" \
	-b linux-distros@vs.openwall.org security@kernel.org
refused bcc-oss-security distros-with-oss-security -s "[vs] $subj" \
	-b oss-security@lists.openwall.com linux-distros@vs.openwall.org

# A clean report goes out: the same recipients and the same message as
# when the client calls the real sendmail itself (Date and Message-ID
# differ between two runs and are left out of the comparison).
clean() {	# NAME ARGS...
	name=$1
	shift
	mail "$tmp/muttrc-direct" "$@"
	grep -v -e '^Date: ' -e '^Message-ID: ' "$tmp/spool/msg" \
		>"$tmp/direct.msg"
	cp "$tmp/spool/argv" "$tmp/direct.argv"
	mail "$tmp/muttrc" "$@"
	got=$?
	if [ "$got" = 0 ] && sent; then ok; else
		ko "$name: $client exit $got, not sent"; cat "$tmp/out"; return; fi
	if cmp -s "$tmp/direct.argv" "$tmp/spool/argv"; then ok; else
		ko "$name: recipients changed"
		diff "$tmp/direct.argv" "$tmp/spool/argv"; fi
	grep -v -e '^Date: ' -e '^Message-ID: ' "$tmp/spool/msg" \
		>"$tmp/checked.msg"
	if cmp -s "$tmp/direct.msg" "$tmp/checked.msg"; then ok; else
		ko "$name: message changed"
		diff "$tmp/direct.msg" "$tmp/checked.msg"; fi
	[ "$(grep -c . "$tmp/checked.msg")" -gt 20 ] && ok ||
		ko "$name: the message is missing"
}
clean report -s "$subj" -c foo.maintainer@example.com security@kernel.org
printf -- '--\nsecurity@kernel.org\nfoo.maintainer@example.com\n' \
	>"$tmp/want.argv"
if cmp -s "$tmp/want.argv" "$tmp/spool/argv"; then ok; else
	ko "report: sendmail's argv"; cat "$tmp/spool/argv"; fi
clean fix-bcc -s "[PATCH] foo: fix use-after-free" -c b@example.org \
	-b c@example.org maintainer@example.org

finish
