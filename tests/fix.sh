#!/bin/sh
# --fix on the command line: where the fixed message goes, what is never
# overwritten, what is said, and the exit status (that of the fixed mail).
# usage: fix.sh SECLINT TESTS-DIR
set -u
seclint=$1
dir=$2
in=$dir/inputs
. "$dir/lib.sh"

expect_same() {
	# expect_same NAME FILE1 FILE2
	if cmp -s "$2" "$3"; then ok; else ko "$1: $2 and $3 differ"; fi
}

expect_absent() {
	if [ -e "$2" ]; then ko "$1: $2 exists"; else ok; fi
}

# A new file next to the input; the input is left alone.
cp "$in/bad-report.eml" "$tmp/r.eml"
chmod 600 "$tmp/r.eml"
check new-file 0 "$seclint" --fix "$tmp/r.eml"
expect_same new-file-input-kept "$in/bad-report.eml" "$tmp/r.eml"
expect_grep new-file-said "$tmp/err" \
	"r.eml: fixed \[ksec-with-linux-distros\]: removed linux-distros@vs.openwall.org"
expect_grep new-file-diff "$tmp/err" "^  -Cc: linux-distros@vs.openwall.org$"
expect_grep new-file-advice "$tmp/err" "UNTIL a fix is accepted"
expect_grep new-file-wrote "$tmp/err" "wrote $tmp/r.eml.fixed (1 fix)"
expect_no_grep new-file-cc-gone "$tmp/r.eml.fixed" "^Cc:"
expect_grep new-file-to-kept "$tmp/r.eml.fixed" "^To: security@kernel.org$"
# Only the Cc line differs; the mode of a private report is kept.
diff "$tmp/r.eml" "$tmp/r.eml.fixed" >"$tmp/diff"
expect_grep new-file-only-cc "$tmp/diff" "^< Cc: linux-distros@vs.openwall.org$"
if [ "$(grep -c '^[<>]' "$tmp/diff")" = 1 ]; then ok; else ko "diff: $(cat "$tmp/diff")"; fi
if [ "$(stat -c %a "$tmp/r.eml.fixed")" = 600 ]; then ok; else ko "mode $(stat -c %a "$tmp/r.eml.fixed")"; fi
check new-file-relint 0 "$seclint" "$tmp/r.eml.fixed"

# An existing output is never overwritten without --force.
echo keep >"$tmp/r.eml.fixed"
check refuse-overwrite 2 "$seclint" --fix "$tmp/r.eml"
expect_grep refuse-overwrite-said "$tmp/err" "r.eml.fixed' exists; --force overwrites it"
expect_no_grep refuse-overwrite-quiet "$tmp/err" "fixed \["
expect_grep refuse-overwrite-kept "$tmp/r.eml.fixed" "^keep$"
check force 0 "$seclint" --fix --force "$tmp/r.eml"
expect_no_grep force-written "$tmp/r.eml.fixed" "^keep$"
check fix-to 0 "$seclint" --fix-to="$tmp/now.eml" "$tmp/r.eml"
expect_grep fix-to-wrote "$tmp/err" "wrote $tmp/now.eml (1 fix)"
expect_same fix-to-same "$tmp/r.eml.fixed" "$tmp/now.eml"
check fix-to-exists 2 "$seclint" --fix-to="$tmp/now.eml" "$tmp/r.eml"

# In place: FILE.orig first, then FILE; a backup is never overwritten.
cp "$in/bad-report.eml" "$tmp/p.eml"
check in-place 0 "$seclint" --fix --in-place "$tmp/p.eml"
expect_same in-place-backup "$in/bad-report.eml" "$tmp/p.eml.orig"
expect_same in-place-fixed "$tmp/r.eml.fixed" "$tmp/p.eml"
expect_grep in-place-said "$tmp/err" "saved the original as $tmp/p.eml.orig"
check in-place-again 0 "$seclint" --fix --in-place "$tmp/p.eml"
expect_grep in-place-nothing "$tmp/err" "p.eml: nothing to fix; no file written"
cp "$in/bad-report.eml" "$tmp/p.eml"
check in-place-backup-exists 2 "$seclint" --fix --in-place "$tmp/p.eml"
expect_grep in-place-backup-said "$tmp/err" "backup '$tmp/p.eml.orig' exists"
expect_same in-place-untouched "$in/bad-report.eml" "$tmp/p.eml"
ln -s "$tmp/r.eml" "$tmp/link.eml"
check in-place-symlink 2 "$seclint" --fix --in-place "$tmp/link.eml"
expect_absent in-place-symlink-no-backup "$tmp/link.eml.orig"

# A backup that is a dangling symbolic link exists too; the advice is
# not --force (refused with --in-place).
cp "$in/bad-report.eml" "$tmp/d.eml"
ln -s "$tmp/nowhere" "$tmp/d.eml.orig"
check in-place-dangling-backup 2 "$seclint" --fix --in-place "$tmp/d.eml"
expect_grep in-place-dangling-said "$tmp/err" "backup '$tmp/d.eml.orig' exists; move it away first"
expect_no_grep in-place-dangling-no-force "$tmp/err" "force"
expect_same in-place-dangling-untouched "$in/bad-report.eml" "$tmp/d.eml"

# Only regular files are written: a FIFO, a symbolic link or (as root) a
# device node named as the output is refused, with --force too.
mkfifo "$tmp/fifo"
check fifo-target 2 "$seclint" --fix-to="$tmp/fifo" --force "$tmp/r.eml"
expect_grep fifo-target-said "$tmp/err" "'$tmp/fifo' is a FIFO; seclint writes only regular files"
if [ -p "$tmp/fifo" ]; then ok; else ko "fifo-target: the FIFO was replaced"; fi
check fifo-fixed 2 "$seclint" --fix --force "$tmp/r.eml" --fix-to="$tmp/fifo"
ln -s "$tmp/now.eml" "$tmp/out-link"
check symlink-target 2 "$seclint" --fix-to="$tmp/out-link" --force "$tmp/r.eml"
expect_grep symlink-target-said "$tmp/err" "is a symbolic link; seclint writes only regular files"
if [ -L "$tmp/out-link" ]; then ok; else ko "symlink-target: the link was replaced"; fi
mkdir "$tmp/dir.eml"
check dir-target 2 "$seclint" --fix-to="$tmp/dir.eml" --force "$tmp/r.eml"
if [ "$(id -u)" = 0 ] && mknod "$tmp/null" c 1 3 2>/dev/null; then
	check device-target 2 "$seclint" --fix-to="$tmp/null" --force "$tmp/r.eml"
	expect_grep device-target-said "$tmp/err" "is a character device"
	if [ -c "$tmp/null" ]; then ok; else ko "device-target: the node was replaced"; fi
	cp "$tmp/r.eml" "$tmp/dev.eml"
	mknod "$tmp/dev.eml.fixed" c 1 3
	check device-fixed 2 "$seclint" --fix --force "$tmp/dev.eml"
	if [ -c "$tmp/dev.eml.fixed" ]; then ok; else ko "device-fixed: replaced"; fi
fi

# Standard input to standard output; the findings go to standard error.
check stdin 0 sh -c "\"$seclint\" --fix - < \"$in/bad-report.eml\""
expect_same stdin-out "$tmp/r.eml.fixed" "$tmp/out"
expect_grep stdin-said "$tmp/err" "^-: fixed \[ksec-with-linux-distros\]"
expect_grep stdin-wrote "$tmp/err" "^-: wrote the message to standard output"
check stdin-pipe 0 sh -c "cat \"$in/bad-report.eml\" | \"$seclint\" --fix -"
expect_same stdin-pipe-out "$tmp/r.eml.fixed" "$tmp/out"
check fix-to-stdout 0 "$seclint" --fix-to=- "$in/bad-report.eml"
expect_same fix-to-stdout-out "$tmp/r.eml.fixed" "$tmp/out"

# What cannot be fixed stays, and sets the exit status; where the
# message goes to standard output, its findings go to standard error.
sed 's/^Content-Type: text\/plain.*/Content-Type: text\/html; charset=utf-8/' \
	"$in/bad-report.eml" >"$tmp/html.eml"
check remaining 1 "$seclint" --fix "$tmp/html.eml"
expect_grep remaining-named "$tmp/out" "^$tmp/html.eml.fixed:[0-9][0-9:]*: error: .*\[report-html\]"
expect_no_grep remaining-fixed "$tmp/out" "ksec-with-linux-distros"
check remaining-stdout 1 sh -c "\"$seclint\" --fix - < \"$tmp/html.eml\""
expect_grep remaining-stdout-err "$tmp/err" "^<stdin>:[0-9][0-9:]*: error: .*\[report-html\]"
expect_no_grep remaining-stdout-clean "$tmp/out" "error:"

# A list given on the command line is not in the file to take it from.
check extra-recipient 1 "$seclint" --fix-to=- --cc linux-distros@vs.openwall.org \
	"$tmp/r.eml.fixed"
expect_grep extra-recipient-said "$tmp/err" \
	"not fixed \[ksec-with-linux-distros\]: the distros address is not in the message's own headers"
expect_grep extra-recipient-error "$tmp/err" "error: .*\[ksec-with-linux-distros\]"

# Nothing to fix: said, nothing written, the lint's exit status.
check nothing 0 "$seclint" --fix "$in/clean-report.eml"
expect_grep nothing-said "$tmp/err" "clean-report.eml: nothing to fix; no file written"
expect_absent nothing-no-file "$in/clean-report.eml.fixed"
check nothing-fix-to 0 "$seclint" --fix-to="$tmp/clean-copy.eml" "$in/clean-report.eml"
expect_grep nothing-fix-to-said "$tmp/err" "clean-report.eml: nothing to fix; no file written"
expect_absent nothing-fix-to-no-file "$tmp/clean-copy.eml"
check nothing-stdout 0 sh -c "\"$seclint\" --fix - < \"$in/clean-report.eml\""
expect_same nothing-stdout-same "$in/clean-report.eml" "$tmp/out"

# An mbox: each message fixed, the others byte for byte.
check mbox 0 "$seclint" --fix-to="$tmp/series.mbox" "$in/series.mbox"
expect_grep mbox-index "$tmp/err" "series.mbox:2: fixed \[ksec-with-linux-distros\]"
if [ "$(grep -c '^From ' "$tmp/series.mbox")" = 3 ]; then ok; else ko "mbox: messages lost"; fi
diff "$in/series.mbox" "$tmp/series.mbox" >"$tmp/diff"
if [ "$(grep -c '^[<>]' "$tmp/diff")" = 1 ]; then ok; else ko "mbox diff: $(cat "$tmp/diff")"; fi

# A message of an mbox that cannot be read is named once.
{ cat "$in/series.mbox"; printf 'From alice@example.org Thu Dec  3 13:45:42 2026\nFrom: a@example.org\nTo: security@kernel.org\nSubject: x\nTo: ' ;
  i=0; while [ $i -lt 1001 ]; do printf 'g:'; i=$((i + 1)); done; printf ' a@example.org\n\nhi\n'; } >"$tmp/bad.mbox"
check mbox-bad-message 2 "$seclint" --fix-to="$tmp/bad-fixed.mbox" "$tmp/bad.mbox"
cat "$tmp/out" "$tmp/err" >"$tmp/both"
expect_grep mbox-bad-message-said "$tmp/both" "message 4: more than 1000 ':'"
expect_no_grep mbox-bad-message-once "$tmp/both" "message 4: message"

# The tag: added after the reply prefix, outside encoded words.
printf 'From: r@example.org\nTo: linux-distros@vs.openwall.org\nSubject: Re: =?UTF-8?Q?=C3=BCber?= foo\n\nbody\n' >"$tmp/tag.eml"
check tag 0 "$seclint" --fix "$tmp/tag.eml"
expect_grep tag-written "$tmp/tag.eml.fixed" "^Subject: Re: \[vs\] =?UTF-8?Q?=C3=BCber?= foo$"
expect_grep tag-said "$tmp/err" "^  +Subject: Re: \[vs\] =?UTF-8"

# Unreadable input: nothing written, exit 2.
check unreadable 2 "$seclint" --fix "$in/empty.eml"
expect_absent unreadable-no-file "$in/empty.eml.fixed"

# Usage errors.
check in-place-alone 2 "$seclint" --in-place "$tmp/r.eml"
check force-alone 2 "$seclint" --force "$tmp/r.eml"
check in-place-stdin 2 "$seclint" --fix --in-place -
check in-place-fix-to 2 "$seclint" --fix-to="$tmp/x.eml" --in-place "$tmp/r.eml"
check in-place-force 2 "$seclint" --fix --in-place --force "$tmp/r.eml"
check fix-to-two 2 "$seclint" --fix-to="$tmp/x.eml" "$tmp/r.eml" "$tmp/p.eml"
check fix-to-empty 2 "$seclint" --fix-to= "$tmp/r.eml"
check staged 2 "$seclint" --fix --staged

# --explain says which rules --fix handles, and how.
check explain-fixable 0 "$seclint" --explain distros-missing-vs-tag
expect_grep explain-fixable-said "$tmp/out" "seclint --fix adds the tag"
check explain-not-fixable 0 "$seclint" --explain report-html
expect_no_grep explain-not-fixable-said "$tmp/out" "seclint --fix"

# The hook and sendmail modes never rewrite mail.
check hook 2 "$seclint" hook sendemail-validate --fix "$tmp/r.eml"
expect_grep hook-said "$tmp/err" "never rewrites"
check sendmail 2 sh -c "\"$seclint\" sendmail --fix -i a@example.org < \"$tmp/r.eml\""
expect_grep sendmail-said "$tmp/err" "never rewrites"

finish
