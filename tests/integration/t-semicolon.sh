#!/bin/sh
# ';' between addresses reads the same in every mode.  git send-email
# (Mail::Address) and mutt end an address at ';' as at ',' and send to
# both; GMime stops there.  A draft with "Cc: security@kernel.org;
# linux-distros@vs.openwall.org" is refused by seclint FILE, standard
# input, --staged (the pre-commit hook), sendmail -t and the hook of the
# real git send-email; the same draft with two other addresses passes
# everywhere.  The real sendmail is a stand-in that records what it gets.
# usage: t-semicolon.sh SECLINT TESTS-DIR
set -u
seclint=$1
dir=$2
. "$dir/lib.sh"
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_CONFIG_PARAMETERS \
	GIT_CONFIG_COUNT SECLINT_SENDMAIL_ACTIVE POSIXLY_CORRECT
export HOME="$tmp/home" GIT_CONFIG_NOSYSTEM=1 XDG_RUNTIME_DIR="$tmp/run"
export GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=alice@reporter.test
export GIT_COMMITTER_NAME=A GIT_COMMITTER_EMAIL=alice@reporter.test
mkdir -p "$HOME" "$tmp/spool"
mkdir -m 700 "$XDG_RUNTIME_DIR"
printf '#!/bin/sh\nprintf "%%s\\n" "$@" >"%s/argv"\ncat >"%s/msg"\n' \
	"$tmp/spool" "$tmp/spool" >"$tmp/mta"
chmod +x "$tmp/mta"
export SECLINT_SENDMAIL="$tmp/mta"

# draft CC: a report to the maintainer with that Cc line.
draft() {
	cat <<EOT
From: Alice Reporter <alice@reporter.test>
To: Foo Maintainer <foo.maintainer@example.com>
Cc: $1
Subject: [vs] foo: use-after-free in foo_complete()
Date: Tue, 2 Mar 2027 09:01:00 +0000
Message-ID: <semicolon.1@reporter.test>

Closing /dev/foo while an ioctl(FOO_SUBMIT) is in flight frees the
request object, which foo_complete() then dereferences (Linux 6.8-rc3).
Reproducer: run ./foo-race as an unprivileged user; KASAN reports a
slab-use-after-free.  Proposed public disclosure: 2027-03-09 14:00 UTC.
EOT
}
draft "security@kernel.org; linux-distros@vs.openwall.org" >"$tmp/bad.eml"
draft "security@kernel.org;linux-distros@vs.openwall.org" >"$tmp/bad2.eml"
draft "Sec <security@kernel.org>; Distros <linux-distros@vs.openwall.org>" \
	>"$tmp/bad3.eml"
draft "other.maintainer@example.com; foo.list@example.com" >"$tmp/good.eml"
rule="error: .*\[ksec-with-linux-distros\]"

for f in bad bad2 bad3; do
	check "$f-file" 1 "$seclint" "$tmp/$f.eml"
	expect_grep "$f-file-rule" "$tmp/out" "$rule"
	check "$f-stdin" 1 "$seclint" - <"$tmp/$f.eml"
done
check good-file 0 "$seclint" "$tmp/good.eml"
check good-stdin 0 "$seclint" - <"$tmp/good.eml"
expect_no_grep good-file-rule "$tmp/out" "ksec-with-linux-distros"

# sendmail -t: the recipients are the headers' (and nothing is sent)
rm -f "$tmp/spool/"*
check sendmail-t 1 "$seclint" sendmail -t -i <"$tmp/bad.eml"
expect_grep sendmail-t-rule "$tmp/err" "$rule"
[ -e "$tmp/spool/msg" ] && ko "sendmail -t: sent" || ok
check sendmail-t-good 0 "$seclint" sendmail -t -i <"$tmp/good.eml"
[ -e "$tmp/spool/msg" ] && ok || ko "sendmail -t good: not sent"
# ... and as mutt hands them over, on the command line
rm -f "$tmp/spool/"*
check sendmail-argv 1 "$seclint" sendmail -oi -- foo.maintainer@example.com \
	"security@kernel.org; linux-distros@vs.openwall.org" <"$tmp/good.eml"
[ -e "$tmp/spool/msg" ] && ko "sendmail argv: sent" || ok

# --staged: a draft kept in a repository, to send later
git init -q "$tmp/repo" && cd "$tmp/repo" || exit 2
cp "$tmp/bad.eml" report.eml && git add report.eml
check staged 1 "$seclint" --staged
expect_grep staged-rule "$tmp/out" "$rule"
cp "$tmp/good.eml" report.eml && git add report.eml
check staged-good 0 "$seclint" --staged

# the hook of the real git send-email, sending that draft as a patch file
git config sendemail.sendmailCmd "$tmp/mta"
"$seclint" install-hook >/dev/null 2>&1 || ko "install-hook failed"
echo x >file && git add file && git commit -qm "foo: x"
rm -f "$tmp/spool/"*
git send-email --confirm=never "$tmp/bad.eml" >"$tmp/out" 2>"$tmp/err"
[ $? != 0 ] && [ ! -e "$tmp/spool/msg" ] && ok ||
	{ ko "send-email: sent"; cat "$tmp/err"; }
expect_grep send-email-rule "$tmp/err" "$rule"
git send-email --confirm=never "$tmp/good.eml" >"$tmp/out" 2>"$tmp/err" &&
	ok || { ko "send-email good: refused"; cat "$tmp/err"; }
grep -qx foo.list@example.com "$tmp/spool/argv" && ok ||
	ko "send-email good: git did not split at ';'"

finish
