#!/bin/sh
# `seclint install-hook`: what it configures (the sendemail-validate hook,
# sendemail.sendmailCmd and smtpServer running seclint sendmail, the
# user's own sendmail kept behind it as seclint.sendmail), --global, and
# --uninstall putting the config back byte for byte.  Sends with the real
# git send-email through a sendmail stand-in that records what it gets:
# a 3-patch series whose third patch is bad sends nothing.
# usage: t-install-hook.sh SECLINT TESTS-DIR
set -u
seclint=$1
dir=$2
. "$dir/lib.sh"
unset GIT_DIR GIT_WORK_TREE GIT_CONFIG_PARAMETERS GIT_CONFIG_COUNT \
	SECLINT_SENDMAIL SECLINT_SENDMAIL_ACTIVE XDG_CONFIG_HOME
export HOME="$tmp/home" GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@reporter.test
export GIT_COMMITTER_NAME=A GIT_COMMITTER_EMAIL=a@reporter.test
export SPOOL="$tmp/spool"
mkdir -p "$HOME" "$SPOOL"
ours="'$seclint' sendmail"
# The user's real sendmail: records its argv and the message.
printf '#!/bin/sh\nn=$(ls "$SPOOL" | wc -l)\nprintf "%%s\\n" "$@" >"$SPOOL/$n.argv"\ncat >"$SPOOL/$n.msg"\n' >"$tmp/mta"
chmod +x "$tmp/mta"

sent() { spool_count; }
conf() { git config "$@" 2>/dev/null; }
# want NAME KEY VALUE: git config KEY (all levels) is VALUE ("" = unset).
want() {
	if [ "$(conf --get "$2")" = "$3" ]; then ok; else
		ko "$1: $2 = '$(conf --get "$2")', want '$3'"; fi
}
# install NAME ARGS...: install-hook succeeds; its output in $tmp/out.
install() {
	name=$1
	shift
	"$seclint" install-hook "$@" >"$tmp/out" 2>"$tmp/err" && ok ||
		{ ko "$name: install-hook $* failed"; cat "$tmp/out" "$tmp/err"; }
}
same() {	# NAME BEFORE AFTER: the files are the same bytes and mode
	if cmp -s "$2" "$3" &&
	   [ "$(stat -L -c %a "$2")" = "$(stat -L -c %a "$3")" ]; then ok; else
		ko "$1: $3 differs from before"; diff "$2" "$3"; fi
}

send() { send_email "$@"; }	# tests/lib.sh

commit() {	# N BODY: a patch
	echo "$1" >>file && git add file
	git commit -qm "foo: fix use-after-free, part $1" -m "$2" \
		-m "Signed-off-by: A <a@reporter.test>"
}
ok_body="Proposed embargo: 5 days."
bad_body="Please keep this under embargo for 90 days."
sec="--to security@kernel.org --cc foo.maintainer@example.com"

# new_repo DIR: a repository holding the 3-patch series, patch 3 bad.
new_repo() {
	git init -q "$1" && cd "$1" || exit 2
	echo base >file && git add file && git commit -qm "foo: add file"
	commit 1 "$ok_body"
	commit 2 "$ok_body"
	commit 3 "$bad_body"
}
repo=$tmp/repo
new_repo "$repo"

# -- In a repository whose user sends with sendmailCmd ------------------
git config sendemail.sendmailCmd "'$tmp/mta' -X"
cp .git/config "$tmp/config.before"
chmod 600 .git/config "$tmp/config.before"
install repo
hook=.git/hooks/sendemail-validate
[ -x "$hook" ] && ok || ko "repo: no executable $hook"
expect_grep repo-hook "$hook" "^#!$seclint --run-hook$"
# This user owns that seclint: a link would be written through.
expect_grep repo-hook-why "$tmp/out" \
	"a script, not a link to seclint: you could overwrite seclint"
want repo-cmd sendemail.sendmailCmd "$ours"
want repo-server sendemail.smtpServer "$ours"
want repo-real seclint.sendmail "'$tmp/mta' -X"
expect_grep repo-says-hook "$tmp/out" "installed .*/sendemail-validate"
expect_grep repo-says-real "$tmp/out" \
	"seclint.sendmail = '$tmp/mta' -X .*config"
install repo-again
cp .git/config "$tmp/config.installed"
install repo-third
same repo-idempotent "$tmp/config.installed" .git/config

# The series: patch 3 is bad, the hook refuses it before anything goes.
send series-bad refused $sec -3
expect_grep series-bad-rule "$tmp/err" "\[ksec-embargo-too-long\]"
send series-good sent 2 $sec -2 HEAD~1
# The user's sendmail got each message with its options and recipients.
expect_grep real-sendmail-options "$SPOOL/0.argv" "^-X$"
expect_grep real-sendmail-rcpt "$SPOOL/0.argv" "^security@kernel.org$"
cat "$SPOOL"/*.msg >"$tmp/all.msg"
expect_grep real-sendmail-msg "$tmp/all.msg" "part 2"
# With the hook bypassed, the send-time check stops the bad message as it
# leaves: the two before it are already sent, and git stops there.
send series-no-validate died 2 $sec --no-validate -3
expect_grep series-no-validate-rule "$tmp/err" "\[ksec-embargo-too-long\]"
if grep -l "90 days" "$SPOOL"/*.msg >/dev/null 2>&1; then
	ko "series-no-validate: the bad patch was sent"; else ok; fi
# Recipients only on the envelope are checked at send time too.
send bcc-no-validate died 0 $sec --bcc linux-distros@vs.openwall.org \
	--no-validate -1 HEAD~1

install repo-uninstall --uninstall
[ -e "$hook" ] && ko "uninstall: hook left" || ok
same repo-uninstall-config "$tmp/config.before" .git/config
want repo-uninstalled-cmd sendemail.sendmailCmd "'$tmp/mta' -X"

# -- The hook as a symbolic link to seclint ------------------------------
# To a seclint this user cannot write (as a package's; here one owned by
# nobody), with the send-time check behind it, the hook is a link to
# seclint, which knows from its name that it is the hook.
lbin=$tmp/lbin
mkdir -p "$lbin" && cp "$seclint" "$lbin/seclint"
if chown nobody "$lbin/seclint" 2>/dev/null && chmod 755 "$lbin/seclint"
then
	linstall() {
		name=$1
		shift
		"$lbin/seclint" install-hook "$@" >"$tmp/out" 2>"$tmp/err" &&
			ok || { ko "$name: install-hook $* failed"
				cat "$tmp/out" "$tmp/err"; }
	}
	cp .git/config "$tmp/config.before"
	linstall link-install
	[ -L "$hook" ] && [ "$(readlink "$hook")" = "$lbin/seclint" ] && ok ||
		ko "link: $hook is not a link to $lbin/seclint"
	expect_grep link-says "$tmp/out" "a symbolic link to $lbin/seclint"
	linstall link-again
	expect_grep link-again-says "$tmp/out" "already installed"
	send link-series-bad refused $sec -3
	expect_grep link-series-bad-rule "$tmp/err" "\[ksec-embargo-too-long\]"
	send link-series-good sent 2 $sec -2 HEAD~1
	# seclint gone: git skips the dangling hook without a word, but it
	# sends through the missing seclint: nothing goes.
	mv "$lbin/seclint" "$lbin/gone"
	rm -f "$SPOOL"/*
	git send-email --confirm=never $sec -1 HEAD~1 >"$tmp/out" 2>"$tmp/err"
	[ $? != 0 ] && [ "$(sent)" = 0 ] && ok ||
		{ ko "link: mail sent with seclint gone"; cat "$tmp/err"; }
	mv "$lbin/gone" "$lbin/seclint"
	# An identity that sends past the send-time check: the script.
	git config sendemail.work.sendmailCmd "'$tmp/mta'"
	linstall link-identity
	[ ! -L "$hook" ] && ok || ko "link-identity: still a link"
	expect_grep link-identity-hook "$hook" "^#!$lbin/seclint --run-hook$"
	expect_grep link-identity-why "$tmp/out" "an identity sends past"
	git config --remove-section sendemail.work
	linstall link-back	# this seclint's script: no --force
	[ -L "$hook" ] && ok || ko "link-back: not a link"
	linstall link-uninstall --uninstall
	[ -e "$hook" ] || [ -L "$hook" ] && ko "link uninstall: hook left" || ok
	same link-uninstall-config "$tmp/config.before" .git/config
	# A dangling link of seclint's is removed too.
	ln -s "$tmp/nowhere/seclint" "$hook"
	linstall link-dangling-uninstall --uninstall
	[ -L "$hook" ] && ko "link: dangling link left" || ok
	# No send-time check possible (an SMTP host): the script, which
	# stops the send when seclint is gone.
	git config --unset sendemail.sendmailCmd
	git config sendemail.smtpServer smtp.example.org
	"$lbin/seclint" install-hook >"$tmp/out" 2>"$tmp/err"
	[ ! -L "$hook" ] && ok || ko "link-smtp: a link without a check behind"
	expect_grep link-smtp-why "$tmp/out" "send-time check cannot be set up"
	mv "$lbin/seclint" "$lbin/gone"
	git send-email --dry-run --confirm=never $sec -1 HEAD~1 \
		>"$tmp/out" 2>"$tmp/err" && ko "link-smtp: sent with seclint gone" ||
		expect_grep link-smtp-refused "$tmp/err" "no patches were sent"
	mv "$lbin/gone" "$lbin/seclint"
	"$lbin/seclint" install-hook --uninstall >/dev/null 2>&1
	git config --unset sendemail.smtpServer
	git config sendemail.sendmailCmd "'$tmp/mta' -X"
	[ -e "$hook" ] && ko "link-smtp: hook left" || ok
else
	echo "link form not tested: cannot chown a copy of seclint"
fi

# -- smtpServer a program (the user's real sendmail), or an SMTP host -----
git config --unset sendemail.sendmailCmd
git config sendemail.smtpServer "$tmp/mta"
cp .git/config "$tmp/config.before"
install server-path
want server-path-real seclint.sendmail "'$tmp/mta'"
want server-path-server sendemail.smtpServer "$ours"
send server-path-bad refused $sec -3
send server-path-good sent 1 $sec -1 HEAD~1
install server-path-uninstall --uninstall
same server-path-uninstall-config "$tmp/config.before" .git/config
git config sendemail.smtpServer smtp.example.org
cp .git/config "$tmp/config.before"
install smtp-host
expect_grep smtp-host-warns "$tmp/err" "send-time check NOT set up"
[ -x "$hook" ] && ok || ko "smtp-host: no hook"
same smtp-host-config-untouched "$tmp/config.before" .git/config
install smtp-host-uninstall --uninstall
[ -e "$hook" ] && ko "smtp-host uninstall: hook left" || ok
git config --unset sendemail.smtpServer

# -- A hook that is not seclint's is kept unless --force -----------------
printf '#!/bin/sh\nexit 0\n' >"$hook" && chmod +x "$hook"
"$seclint" install-hook >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] && ok || ko "other hook: not refused"
expect_grep other-hook-msg "$tmp/err" "not seclint's; use --force"
install force --force
expect_grep force-hook "$hook" "^#!$seclint --run-hook$"
install force-uninstall --uninstall
rm -f "$hook"

# -- --global: every repository, and each one's own hooks still run ------
# ~/.gitconfig a symbolic link into a dotfiles directory, mode 0600.
mkdir "$HOME/dotfiles"
printf '[user]\n\tname = A\n[sendemail]\n\tsendmailCmd = %s -X\n' \
	"$tmp/mta" >"$HOME/dotfiles/gitconfig"
ln -s dotfiles/gitconfig "$HOME/.gitconfig"
chmod 600 "$HOME/dotfiles/gitconfig"
cp -p "$HOME/dotfiles/gitconfig" "$tmp/global.before"
install global --global
global_hooks=$HOME/.config/seclint/git-hooks
want global-hookspath core.hooksPath "$global_hooks"
[ -x "$global_hooks/sendemail-validate" ] && ok || ko "global: no hook"
want global-cmd sendemail.sendmailCmd "$ours"
want global-real seclint.sendmail "$tmp/mta -X"
new_repo "$tmp/other"
send global-series-bad refused $sec -3
send global-series-good sent 2 $sec -2 HEAD~1
# the repository's own pre-commit hook runs through seclint's forwarder
printf '#!/bin/sh\ntouch "%s"\n' "$tmp/own-hook-ran" >.git/hooks/pre-commit
chmod +x .git/hooks/pre-commit
echo y >>file && git commit -qam "foo: more"
[ -e "$tmp/own-hook-ran" ] && ok || ko "global: the repository's hook did not run"
install global-uninstall --global --uninstall
same global-uninstall-config "$tmp/global.before" "$HOME/.gitconfig"
[ -L "$HOME/.gitconfig" ] && ok || ko "global: ~/.gitconfig is no longer a link"
[ -e "$global_hooks" ] && ko "global uninstall: $global_hooks left" || ok

# -- Usage errors ---------------------------------------------------------
check usage-unknown 2 "$seclint" install-hook --frobnicate
expect_grep usage-unknown-msg "$tmp/err" "usage: seclint install-hook"
check usage-global-repo 2 "$seclint" install-hook --global --repo "$repo"
mkdir "$tmp/plain"
check not-a-repo 2 "$seclint" install-hook --repo "$tmp/plain"
expect_grep not-a-repo-msg "$tmp/err" "not in a git repository"

finish
