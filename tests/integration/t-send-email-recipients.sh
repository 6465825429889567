#!/bin/sh
# The sendemail-validate hook finds every recipient the real git
# send-email sends to: trailers per --suppress-cc, ';' lists, Getopt::Long
# spellings, --to-cmd/--cc-cmd, alias files.  git sends through a sendmail
# stand-in that records what it gets: for every refused case it receives
# nothing, and the same command with --no-validate shows that git really
# sends to the address; for every accepted case it receives every message.
# The hook is written by hand (not install-hook) to test this layer alone.
# usage: t-send-email-recipients.sh SECLINT TESTS-DIR
set -u
seclint=$1
dir=$2
. "$dir/lib.sh"

export HOME="$tmp/home" GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@example.org
export GIT_COMMITTER_NAME=A GIT_COMMITTER_EMAIL=a@example.org
unset GIT_DIR GIT_WORK_TREE GIT_CONFIG_PARAMETERS GIT_CONFIG_COUNT POSIXLY_CORRECT
export SPOOL="$tmp/spool"
mkdir -p "$HOME" "$SPOOL"
repo=$tmp/repo
git init -q "$repo" && cd "$repo" || exit 1
mkdir sub
printf '#!/bin/sh\nn=$(ls "$SPOOL" | wc -l)\nprintf "%%s\\n" "$@" >"$SPOOL/$n.rcpt"\ncat >"$SPOOL/$n.msg"\n' >"$tmp/mta"
chmod +x "$tmp/mta"
git config sendemail.smtpserver "$tmp/mta"
git config sendemail.confirm never
printf '#!/bin/sh\nexec "%s" hook sendemail-validate "$@"\n' "$seclint" >.git/hooks/sendemail-validate
chmod +x .git/hooks/sendemail-validate

distros=linux-distros@vs.openwall.org
commit() {	# FILE-LINE TRAILERS...
	echo "$1" >>file && git add file
	msg="foo: fix use-after-free in bar

Proposed embargo: 5 days."
	shift
	for t in "$@"; do msg="$msg
$t"; done
	git commit -qm "$msg"
}

# run ARGS...: git send-email with the spool emptied first.
run() {
	rm -f "$SPOOL"/*
	git send-email "$@" >"$tmp/out" 2>"$tmp/err"
}
sent() { ls "$SPOOL" | grep -c '\.msg$'; }

# bad NAME ADDR ARGS...: refused, nothing sent; git sends to ADDR without
# the hook.
bad() {
	name=$1 addr=$2
	shift 2
	run "$@"
	got=$?
	if [ "$got" != 0 ] && [ "$(sent)" = 0 ] &&
	   grep -q "no patches were sent" "$tmp/err" &&
	   grep -q "error: .*\[[a-z-]*\]$" "$tmp/err"; then ok
	else ko "$name: exit $got, $(sent) sent, want refused"; cat "$tmp/err"; fi
	cp "$tmp/err" "$tmp/refused"
	run --no-validate "$@"
	if cat "$SPOOL"/*.rcpt 2>/dev/null | grep -qix -- "$addr"; then ok
	else ko "$name: without the hook git does not send to $addr"; cat "$tmp/out" "$tmp/err"; fi
}

# good NAME COUNT ARGS...: all COUNT messages sent.
good() {
	name=$1 count=$2
	shift 2
	run "$@"
	got=$?
	if [ "$got" = 0 ] && [ "$(sent)" = "$count" ]; then ok
	else ko "$name: exit $got, $(sent) sent, want $count"; cat "$tmp/err"; fi
}

# not_to NAME ADDR: the last run did not send to ADDR.
not_to() {
	if cat "$SPOOL"/*.rcpt 2>/dev/null | grep -qix -- "$2"; then
		ko "$1: sent to $2"; else ok; fi
}

err() { expect_grep "$1" "$tmp/err" "$2"; }
refused() { expect_grep "$1" "$tmp/refused" "$2"; }	# after bad

echo base >file && git add file && git commit -qm "foo: add file"
sec="--to security@kernel.org"

# -- Trailers: Cc:, *-by:, Signed-off-by:, per --suppress-cc -------------
commit 1 "Cc: stable@vger.kernel.org"
bad trailer-cc stable@vger.kernel.org $sec -1
refused trailer-cc-origin "Cc, Cc: trailer of patch"
good trailer-cc-suppressed 1 $sec --suppress-cc=bodycc -1
not_to trailer-cc-suppressed stable@vger.kernel.org
good trailer-cc-suppress-body 1 $sec --suppress-cc=body -1
good trailer-cc-suppress-all 1 $sec --suppress-cc=all -1
git config sendemail.suppressCc bodycc
good trailer-cc-config 1 $sec -1
git config --unset sendemail.suppressCc
git config sendemail.sec.suppressCc bodycc
good trailer-cc-identity-config 1 $sec --identity=sec -1
bad trailer-cc-other-identity stable@vger.kernel.org $sec -1
git config --remove-section sendemail.sec
good trailer-cc-clean 1 --to maint@example.org -1

commit 2 "Reported-by: Dave <$distros>"
bad reported-by $distros $sec -1
good reported-by-misc-by 1 $sec --suppress-cc=misc-by -1
bad reported-by-only-sob $distros $sec --suppress-cc=sob -1

commit 3 "Signed-off-by: Lists <$distros>"
bad signed-off-by $distros $sec -1
good no-signed-off-by-cc 1 $sec --no-signed-off-by-cc -1
good no-signed-off-cc 1 $sec --no-signed-off-cc -1
good suppress-sob 1 $sec --suppress-cc=sob -1
git config sendemail.suppressCc sob
bad signed-off-by-cc-trumps $distros $sec --signed-off-by-cc -1
git config sendemail.signedOffByCc false
git config --unset sendemail.suppressCc
good signed-off-by-cc-config 1 $sec -1
git config --unset sendemail.signedOffByCc

# the From: of the patch (its author) is Cc'd unless --suppress-cc=author
git commit -q --amend --author "Lists <$distros>" -m "foo: fix it" -m "Proposed embargo: 5 days."
bad author $distros $sec -1
good author-suppressed 1 $sec --suppress-cc=author -1
git commit -q --amend --reset-author -m "foo: fix it" -m "Proposed embargo: 5 days."

# -- ';' and ',' lists ----------------------------------------------------
bad semicolon-cc $distros $sec --cc "maint@example.org; $distros" -1
bad semicolon-to $distros --to "security@kernel.org;$distros" -1
bad blank-separated $distros --to "security@kernel.org $distros" -1
good semicolon-clean 1 --to "maint@example.org; other@example.org" -1
git config sendemail.cc "maint@example.org;$distros"
bad semicolon-config $distros $sec -1
good no-cc-drops-config 1 $sec --no-cc -1
bad cc-wins-over-no-cc stable@vger.kernel.org $sec --no-cc --cc stable@vger.kernel.org -1
git config --unset sendemail.cc
git config --add sendemail.cc maint@example.org
git config --add sendemail.cc "$distros"
bad config-multi-valued $distros $sec -1
git config --unset-all sendemail.cc
git format-patch -q -1 --cc "maint@example.org; $distros" -o "$tmp/fp"
bad semicolon-patch-header $distros $sec "$tmp"/fp/*.patch
rm -rf "$tmp/fp"

# -- Getopt::Long's spellings ---------------------------------------------
bad single-dash "$distros" $sec -cc="$distros" -1
bad upper-case "$distros" $sec --CC="$distros" -1
bad plus "$distros" $sec +cc="$distros" -1
bad abbreviated-bcc "$distros" $sec -bc="$distros" -1
bad abbreviated-bcc-space "$distros" $sec --bc "$distros" -1
bad mixed-case-bcc "$distros" $sec --bCC "$distros" -1
git config sendemail.sec.cc "$distros"
bad identity-single-dash "$distros" $sec -identity=sec -1
bad identity-abbreviated "$distros" $sec --ident sec -1
git config sendemail.identity sec
bad identity-config "$distros" $sec -1
good no-identity 1 $sec --no-identity -1
git config --unset sendemail.identity
git config --remove-section sendemail.sec
good to-takes-next-arg 1 --to maint@example.org --subject x -1

# -- Commands git runs: --to-cmd, --cc-cmd, sendemail.ccCmd ---------------
printf '#!/bin/sh\ntest -f "$1" || exit 3\necho "%s"\n' "$distros" >sub/cc-cmd
chmod +x sub/cc-cmd
cd sub || exit 1
bad cc-cmd-relative "$distros" $sec --cc-cmd=./cc-cmd -1
refused cc-cmd-origin "cc-cmd './cc-cmd'"
bad to-cmd "$distros" $sec --to-cmd ./cc-cmd -1
good cc-cmd-suppressed 1 $sec --cc-cmd=./cc-cmd --suppress-cc=cccmd -1
git format-patch -q -1 -o patches
bad cc-cmd-relative-file "$distros" $sec --cc-cmd=./cc-cmd patches/*.patch
bad cc-cmd-directory "$distros" $sec --cc-cmd=./cc-cmd patches
cd .. || exit 1
git config sendemail.ccCmd "sub/cc-cmd"
bad cc-cmd-config "$distros" $sec -1
git config --unset sendemail.ccCmd
printf '#!/bin/sh\nexit 4\n' >"$tmp/fail-cmd" && chmod +x "$tmp/fail-cmd"
run $sec --cc-cmd="$tmp/fail-cmd" -1
[ $? != 0 ] && [ "$(sent)" = 0 ] && ok || ko "failing cc-cmd: sent"
err failing-cc-cmd-message "cc-cmd '$tmp/fail-cmd' failed"
printf '#!/bin/sh\necho maint@example.org\n' >"$tmp/ok-cmd" && chmod +x "$tmp/ok-cmd"
good cc-cmd-clean 1 $sec --cc-cmd="$tmp/ok-cmd" -1
# git 2.39 has no --header-cmd: sendemail.headerCmd is not run by it
git config sendemail.headerCmd "sub/cc-cmd"
good header-cmd-not-in-2.39 1 $sec -1
not_to header-cmd-not-in-2.39 "$distros"
git config --unset sendemail.headerCmd

# -- Alias files ----------------------------------------------------------
alias_type() { git config sendemail.aliasfiletype "$1"; git config sendemail.aliasesfile "$2"; }
printf 'secteam: maint@example.org,\n\t%s\nother: a@example.org, \\\n  b@example.org\n' "$distros" >"$tmp/sendmail-indent"
alias_type sendmail "$tmp/sendmail-indent"
bad sendmail-indented "$distros" $sec --cc secteam -1
printf 'secteam: maint@example.org, \\\n%s\n' "$distros" >"$tmp/sendmail-backslash"
alias_type sendmail "$tmp/sendmail-backslash"
bad sendmail-backslash "$distros" $sec --cc secteam -1
printf 'secteam: |/usr/bin/procmail\n' >"$tmp/sendmail-pipe"
alias_type sendmail "$tmp/sendmail-pipe"
run $sec --cc maint@example.org -1
[ $? != 0 ] && [ "$(sent)" = 0 ] && ok || ko "sendmail pipe alias: sent"
err sendmail-pipe-message "pipe. redirection not supported"
printf 'alias SecTeam %s\nalias secteam maint@example.org\n' "$distros" >"$tmp/mutt"
alias_type mutt "$tmp/mutt"
bad mutt-case "$distros" $sec --cc SecTeam -1
good mutt-case-other 1 $sec --cc secteam -1
printf 'alias secteam maint@example.org %s\n' "$distros" >"$tmp/mailrc"
alias_type mailrc "$tmp/mailrc"
bad mailrc "$distros" $sec --cc secteam -1
printf 'secteam\tSec Team\t(maint@example.org,\n   %s)\n' "$distros" >"$tmp/pine"
alias_type pine "$tmp/pine"
bad pine-continued "$distros" $sec --cc secteam -1
printf 'secteam = Sec Team = %s\n' "$distros" >"$tmp/elm"
alias_type elm "$tmp/elm"
bad elm "$distros" $sec --cc secteam -1
printf '(define-mail-alias "secteam" "%s")\n' "$distros" >"$tmp/gnus"
alias_type gnus "$tmp/gnus"
bad gnus "$distros" $sec --cc secteam -1
printf 'alias one maint@example.org\n' >"$tmp/mutt1"
printf 'alias two %s\n' "$distros" >"$tmp/mutt2"
git config sendemail.aliasfiletype mutt
git config sendemail.aliasesfile "$tmp/mutt1"
git config --add sendemail.aliasesfile "$tmp/mutt2"
bad several-alias-files "$distros" $sec --cc two -1
printf 'alias nested two\n' >>"$tmp/mutt1"
bad nested-alias "$distros" $sec --cc "maint@example.org; nested" -1
git format-patch -q -1 --cc two -o "$tmp/fp"
bad alias-in-patch-header "$distros" $sec "$tmp"/fp/*.patch
rm -rf "$tmp/fp"
git config --unset-all sendemail.aliasesfile
git config --unset sendemail.aliasfiletype

# -- A series: one bad patch stops all; a good one goes whole -------------
commit 4 "Cc: maint@example.org"
commit 5 "Cc: maint@example.org"
commit 6 "Cc: $distros"
bad series-third-bad "$distros" $sec -3
good series-good 2 $sec -2 HEAD~1
good series-suppressed 3 $sec --suppress-cc=bodycc -3

# -- What the hook cannot see in git 2.39 is said on stderr ---------------
GIT_EDITOR=true run $sec --compose --subject "cover" -1
err compose-warned "never shows the cover letter to the hook"
GIT_EDITOR=true run $sec --annotate -1
err annotate-warned "edits made in the editor come after this check"

run --cc maint@example.org -1 </dev/null
err prompt-warned "will ask .To whom should the emails be sent"

# -- What seclint cannot read the way git does: exit 2 --------------------
# A stand-in named git-send-email runs the hook as git would, so that the
# hook reads this command line from /proc.
rm -rf "$tmp/fp"
git format-patch -q -1 HEAD~1 -o "$tmp/fp"	# Cc: maint@example.org
mkdir -p "$tmp/bin"
printf '#!/bin/sh
"%s" hook sendemail-validate "%s"
' "$seclint" \
	"$(ls "$tmp"/fp/*.patch)" >"$tmp/bin/git-send-email"
chmod +x "$tmp/bin/git-send-email"
fake() { "$tmp/bin/git-send-email" "$@" >"$tmp/out" 2>"$tmp/err"; }
fake --to maint@example.org --cc-file=x
[ $? = 2 ] && ok || ko "unknown --cc-file: not refused"
err unknown-option-message "option '--cc-file=x' is not one seclint understands"
fake --to maint@example.org +zz
[ $? = 2 ] && ok || ko "unknown +zz: not refused"
fake --to maint@example.org --subject-prefix=x --topo-order -s
[ $? = 0 ] && ok || { ko "format-patch options refused"; cat "$tmp/err"; }
POSIXLY_CORRECT=1 fake --to maint@example.org
[ $? = 2 ] && ok || ko "POSIXLY_CORRECT: not refused"
fake --to security@kernel.org --c "$distros"
[ $? = 0 ] && ok || ko "ambiguous --c: git passes it to format-patch"
fake --to security@kernel.org --to= --bcc "$distros"
[ $? = 1 ] && ok || ko "--to= is passed through, --bcc is read"
fake --to security@kernel.org --smtp-pass --bcc "$distros"
[ $? = 1 ] && ok || ko "--smtp-pass takes no option as its value"
fake --to security@kernel.org --smtp-debug "$distros"
[ $? = 0 ] && ok || ko "--smtp-debug takes only a number"

# refuse2 NAME MESSAGE ARGS...: the hook exits 2 and says MESSAGE.
refuse2() {
	name=$1 msg=$2
	shift 2
	fake "$@"
	got=$?
	[ "$got" = 2 ] && ok || { ko "$name: hook exit $got, want 2"; cat "$tmp/err"; }
	err "$name-message" "$msg"
}
# Alias files git cannot read, or reads only with a warning.
git config sendemail.aliasfiletype mutt
git config sendemail.aliasesfile "$tmp/no-such-aliases"
refuse2 alias-missing "sendemail.aliasesFile: .*no-such-aliases.*No such file" \
	--to maint@example.org
git config sendemail.aliasesfile "$tmp"
refuse2 alias-directory "sendemail.aliasesFile: .*Is a directory" \
	--to maint@example.org
git config sendemail.aliasfiletype sendmail
printf 'sec: "a b"@example.org\n' >"$tmp/al-quotes"
git config sendemail.aliasesfile "$tmp/al-quotes"
refuse2 alias-quotes "al-quotes: sendmail alias with quotes is not supported" \
	--to sec
printf 'sec: :include:/etc/sec-list\n' >"$tmp/al-include"
git config sendemail.aliasesfile "$tmp/al-include"
refuse2 alias-include "al-include: .:include:. not supported" --to sec
printf 'this is no alias line\n' >"$tmp/al-garbage"
git config sendemail.aliasesfile "$tmp/al-garbage"
refuse2 alias-garbage "al-garbage: sendmail line is not recognized" --to sec
# ... and the real git sends nothing with such a file.
run --to sec -1
[ $? != 0 ] && [ "$(sent)" = 0 ] && ok || ko "garbage alias file: sent"
git config --unset sendemail.aliasesfile
git config --unset sendemail.aliasfiletype
# Commands that fail: exit status, missing program, signal.
refuse2 cc-cmd-fails "--cc-cmd 'false' failed (Child process exited with code 1)" \
	--to maint@example.org --cc-cmd=false
refuse2 cc-cmd-missing "--cc-cmd '$tmp/no-such-cmd' failed .*code 127" \
	--to maint@example.org --cc-cmd="$tmp/no-such-cmd"
refuse2 to-cmd-killed "--to-cmd .* failed (Child process killed by signal 9)" \
	--to maint@example.org --to-cmd='kill -9 $$'
git config sendemail.ccCmd false
refuse2 cc-cmd-config-fails "cc-cmd 'false' failed" --to maint@example.org
git config --unset sendemail.ccCmd
# Options: a recipient option seclint does not know is refused; any other
# unknown option git hands to format-patch, which stops before the hook.
refuse2 unknown-bcc-option "option '--bcc-list=x' is not one seclint understands" \
	--to maint@example.org --bcc-list=x
refuse2 plus-cc-cmd "--cc-cmd 'x' failed" --to maint@example.org +cc-cmd=x
run --to maint@example.org --frobnicate -1
[ $? != 0 ] && [ "$(sent)" = 0 ] && ok || ko "--frobnicate: sent"
err frobnicate-format-patch "unrecognized argument: --frobnicate"

finish
