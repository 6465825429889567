#!/bin/sh
# The real git send-email --dry-run, with the hook installed by
# `seclint install-hook`, in a throwaway repository.
# usage: t-send-email.sh SECLINT TESTS-DIR
set -u
seclint=$1
dir=$2
. "$dir/lib.sh"

not_ok() { ko "$@"; cat "$tmp/err" 2>/dev/null; }

export HOME="$tmp/home" GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@example.org
export GIT_COMMITTER_NAME=A GIT_COMMITTER_EMAIL=a@example.org
unset GIT_DIR GIT_WORK_TREE GIT_CONFIG_PARAMETERS
mkdir -p "$HOME"
repo=$tmp/repo
git init -q "$repo" && cd "$repo" || exit 1
git config sendemail.smtpserver /bin/true
echo one >file && git add file && git commit -qm "foo: first change"
echo two >>file && git commit -qam "foo: fix use-after-free in bar" -m "Proposed embargo: 5 days."

"$seclint" install-hook >"$tmp/out" 2>"$tmp/err" && ok || not_ok install-hook
test -x .git/hooks/sendemail-validate && ok || not_ok hook not executable
"$seclint" install-hook >"$tmp/out" 2>"$tmp/err" && ok || not_ok reinstall-same
grep -q "already installed" "$tmp/out" && ok || not_ok reinstall-message

# send EXPECT(0|fail) NAME ARGS...: a dry run of the last commit.
send() {
	want=$1 name=$2
	shift 2
	git send-email --dry-run --confirm=never "$@" -1 >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$want" = 0 ] && [ "$got" = 0 ]; then ok
	elif [ "$want" = fail ] && [ "$got" != 0 ] &&
	     grep -q "no patches were sent" "$tmp/err"; then ok
	else not_ok "$name: send-email exit $got, want $want"; fi
}

expect_err() {
	grep -q -- "$2" "$tmp/err" && ok || not_ok "$1: '$2' not on stderr"
}

send fail both-lists --to security@kernel.org --cc linux-distros@vs.openwall.org
expect_err both-lists-rule "\[ksec-with-linux-distros\]"
expect_err both-lists-origin "send-email (pid"
expect_err both-lists-bypass "--no-validate"

send fail no-vs-tag --to linux-distros@vs.openwall.org
expect_err no-vs-tag-rule "\[distros-missing-vs-tag\]"

send 0 vs-tag --to linux-distros@vs.openwall.org --subject-prefix="vs] [PATCH"
send fail equals-and-comma-list --to=security@kernel.org,linux-distros@vs.openwall.org
send fail abbreviated-bcc --to security@kernel.org --bc distros@vs.openwall.org
expect_err abbreviated-bcc-rule "\[ksec-with-linux-distros\]"

git config sendemail.cc linux-distros@vs.openwall.org
send fail config-cc --to security@kernel.org
expect_err config-cc-origin "git config sendemail.cc"
send 0 no-cc-drops-config --to security@kernel.org --no-cc
git config --unset sendemail.cc

git config sendemail.sec.bcc linux-distros@vs.openwall.org
send fail identity --identity sec --to security@kernel.org
git config --remove-section sendemail.sec

git -c sendemail.cc=distros@vs.openwall.org send-email --dry-run \
	--confirm=never --to security@kernel.org -1 >"$tmp/out" 2>"$tmp/err" &&
	not_ok "git -c sendemail.cc not seen" || ok

printf 'alias secteam Security <security@kernel.org>, linux-distros@vs.openwall.org\n' >"$tmp/aliases"
git config sendemail.aliasesfile "$tmp/aliases"
git config sendemail.aliasfiletype mutt
send fail alias --to secteam
expect_err alias-origin "alias secteam"
git config --unset sendemail.aliasesfile

send 0 clean --to maintainer@example.org --cc linux-kernel@vger.kernel.org

# One error finding and nothing else stops the series too: the first
# commit sent to oss-security and cross-posted to LKML.
git send-email --dry-run --confirm=never --to oss-security@lists.openwall.com \
	--cc linux-kernel@vger.kernel.org -1 HEAD~1 >"$tmp/out" 2>"$tmp/err"
[ $? != 0 ] && ok || not_ok "one-error: sent"
expect_err one-error-not-sent "no patches were sent"
[ "$(grep -c ': error: .*\[oss-crosspost\]$' "$tmp/err")" = 1 ] &&
[ "$(grep -c ': \(error\|warning\|note\): ' "$tmp/err")" = 1 ] && ok ||
	not_ok "one-error: not exactly one finding"

# git >= 2.41 passes a header file; this git (2.39) does not, so call the
# hook the way newer git does.
git format-patch -q -1 -o "$tmp/p"
patch=$(ls "$tmp"/p/*.patch)
printf 'From: A <a@example.org>\nTo: security@kernel.org\nCc: Alice <alice@example.org>,\n\tlinux-distros@vs.openwall.org,\n\t=?UTF-8?q?Zo=C3=AB?= <zoe@example.net>\nSubject: x\n' >"$tmp/hdr"
.git/hooks/sendemail-validate "$patch" "$tmp/hdr" 2>"$tmp/err" </dev/null
[ $? = 1 ] && ok || not_ok header-file-bad
expect_err header-file-origin "Cc, send-email headers"
printf 'From: A <a@example.org>\nTo: \nCc: maintainer@example.org\nSubject: x\n' >"$tmp/hdr"
.git/hooks/sendemail-validate "$patch" "$tmp/hdr" 2>"$tmp/err" </dev/null &&
	ok || not_ok header-file-clean
"$seclint" hook sendemail-validate "$patch" "$tmp/nonexistent" 2>"$tmp/err"
[ $? = 2 ] && ok || not_ok header-file-missing

# seclint started as sendemail-validate (the hook as a link to it) is
# `seclint hook sendemail-validate`: the same findings, the same exits.
mkdir -p "$tmp/as-hook"
ln -s "$seclint" "$tmp/as-hook/sendemail-validate"
printf 'From: A <a@example.org>\nTo: security@kernel.org\nCc: linux-distros@vs.openwall.org\nSubject: x\n' >"$tmp/hdr-bad"
for args in "$patch" "$patch $tmp/hdr" "$patch $tmp/hdr-bad" \
	    "$patch $tmp/nonexistent" "" "$patch $tmp/hdr $tmp/hdr"; do
	# shellcheck disable=SC2086
	"$seclint" hook sendemail-validate $args >"$tmp/sub.out" \
		2>"$tmp/sub.err" </dev/null
	sub=$?
	# shellcheck disable=SC2086
	"$tmp/as-hook/sendemail-validate" $args >"$tmp/link.out" \
		2>"$tmp/link.err" </dev/null
	link=$?
	[ "$sub" = "$link" ] && cmp -s "$tmp/sub.out" "$tmp/link.out" &&
		cmp -s "$tmp/sub.err" "$tmp/link.err" && ok ||
		{ not_ok "as-hook '$args': exit $link, want $sub"
		  diff "$tmp/sub.err" "$tmp/link.err"; }
done

# A different existing hook is not overwritten without --force.
printf '#!/bin/sh\nexit 0\n' >.git/hooks/sendemail-validate
"$seclint" install-hook 2>"$tmp/err" && not_ok overwrote-hook || ok
"$seclint" install-hook --force >"$tmp/out" 2>"$tmp/err" && ok || not_ok force
# core.hooksPath is honoured.
git config core.hooksPath myhooks
"$seclint" install-hook --repo "$repo" >"$tmp/out" 2>"$tmp/err" && ok || not_ok hookspath
test -x myhooks/sendemail-validate && ok || not_ok hookspath-file
send fail hookspath-send --to security@kernel.org --cc linux-distros@vs.openwall.org

finish
