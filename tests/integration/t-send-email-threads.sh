#!/bin/sh
# A threaded series is one run, not a conversation: the real git
# send-email, set up by `seclint install-hook` (the hook and the send-time
# check), sends nothing to security@kernel.org and linux-distros at once
# when the series only replies to itself (--thread, a self-reply), when
# --cc-cover/--to-cover (or sendemail.ccCover/toCover) carry the cover
# letter's recipients to every patch, or when --annotate adds a list to a
# later patch; a bad series sends nothing, not even its cover letter.  A
# reply in an existing thread stays a follow-up, and clean threaded and
# --cc-cover series go out whole.  The per-run record the two layers share
# is private and goes once its run has ended.  The user's real sendmail is
# a stand-in that records each message and its recipients.
# usage: t-send-email-threads.sh SECLINT TESTS-DIR
set -u
seclint=$1
dir=$2
. "$dir/lib.sh"
unset GIT_DIR GIT_WORK_TREE GIT_CONFIG_PARAMETERS GIT_CONFIG_COUNT \
	SECLINT_SENDMAIL SECLINT_SENDMAIL_ACTIVE XDG_CONFIG_HOME \
	GIT_SENDEMAIL_FILE_COUNTER GIT_SENDEMAIL_FILE_TOTAL POSIXLY_CORRECT
export HOME="$tmp/home" GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@reporter.test
export GIT_COMMITTER_NAME=A GIT_COMMITTER_EMAIL=a@reporter.test
export SPOOL="$tmp/spool" XDG_RUNTIME_DIR="$tmp/run"
mkdir -p "$HOME" "$SPOOL"
mkdir -m 700 "$XDG_RUNTIME_DIR"
printf '#!/bin/sh\nn=$(ls "$SPOOL" | grep -c msg)\nprintf "%%s\\n" "$@" >"$SPOOL/$n.argv"\ncat >"$SPOOL/$n.msg"\n' >"$tmp/mta"
chmod +x "$tmp/mta"

sec=security@kernel.org
distros=linux-distros@vs.openwall.org
maint=foo.maintainer@example.com
# No message went to both lists (the envelope: sendmail's arguments).
not_both() {
	for f in "$SPOOL"/*.argv; do
		[ -e "$f" ] || continue
		if grep -qix "$sec" "$f" && grep -qix "$distros" "$f"; then
			ko "$1: $(basename "$f" .argv) went to both lists"
			return
		fi
	done
	ok
}

# send NAME WANT(sent COUNT|refused|died COUNT) ARGS...: git send-email
# (tests/lib.sh); a message sent all the same went to one list at most.
send() {
	send_email "$@"
	[ "$want" = sent ] || not_both "$name"
}
err() { expect_grep "$1" "$tmp/err" "$2"; }

git init -q "$tmp/repo" && cd "$tmp/repo" || exit 2
echo base >file && git add file && git commit -qm "foo: add file"
commit() {	# N TRAILER: a fix whose patch is clean alone
	echo "$1" >>file && git add file
	git commit -qm "foo: fix use-after-free, part $1" \
		-m "Proposed embargo: 5 days." \
		-m "${2:+$2
}Signed-off-by: A <a@reporter.test>"
}
commit 1
commit 2
commit 3 "Cc: $distros"
git config sendemail.sendmailCmd "$tmp/mta"
"$seclint" install-hook >"$tmp/out" 2>"$tmp/err" ||
	{ ko "install-hook failed"; cat "$tmp/err"; }

# series DIR ARGS...: git format-patch output, cover letter filled in.
series() {
	out=$1
	shift
	rm -rf "$out"
	git format-patch -q --cover-letter -o "$out" "$@"
	sed -i -e 's/\*\*\* SUBJECT HERE \*\*\*/foo: fix use-after-free/' \
	    -e 's/\*\*\* BLURB HERE \*\*\*/The fixes. Proposed embargo: 5 days./' \
	    "$out"/0000-cover-letter.patch
}
# header FILE LINE: adds a header line to the patch FILE, after Subject.
header() { sed -i "0,/^Subject: /s//$2\\nSubject: /" "$1"; }

# -- A format-patch --thread series replies to its own cover letter -------
series "$tmp/thread" --thread -2	# patch 2: Cc: linux-distros
grep -q "^In-Reply-To: <cover" "$tmp"/thread/0002-*.patch && ok ||
	ko "format-patch --thread wrote no In-Reply-To"
send thread-trailer refused --to $sec --cc $maint "$tmp"/thread/*.patch
err thread-trailer-rule "error: .*\[ksec-with-linux-distros\]"
series "$tmp/thread-deep" --thread=deep -2
send thread-deep-trailer refused --to $sec --cc $maint \
	"$tmp"/thread-deep/*.patch
# near misses: clean threaded series go whole
series "$tmp/thread-clean" --thread -2 HEAD~1
send thread-clean sent 3 --to $sec --cc $maint "$tmp"/thread-clean/*.patch
series "$tmp/thread-vs" --thread -2 HEAD~1 --subject-prefix="vs] [PATCH"
send thread-clean-distros sent 3 --to $distros --cc $maint \
	"$tmp"/thread-vs/*.patch

# -- A message whose In-Reply-To is its own Message-ID --------------------
git format-patch -q -1 HEAD~1 -o "$tmp/self" --cc "$distros"
id=$(sed -n 's/^Message-Id: <\(.*\)>$/\1/p' "$tmp"/self/*.patch)
[ -n "$id" ] || header "$tmp"/self/*.patch "Message-Id: <self@reporter.test>"
id=${id:-self@reporter.test}
header "$tmp"/self/*.patch "In-Reply-To: <$id>"
send self-reply refused --to $sec "$tmp"/self/*.patch
err self-reply-rule "error: .*\[ksec-with-linux-distros\]"

# -- --cc-cover, --to-cover: the cover letter's recipients reach every patch
# Patch 1 Cc's security@ in a trailer; the cover letter names the distros
# list (and is fine alone: [vs], a date).
git commit -q --amend -m "foo: fix use-after-free, part 3" \
	-m "Proposed embargo: 5 days." \
	-m "Cc: $sec
Signed-off-by: A <a@reporter.test>"
series "$tmp/cover" -1 --subject-prefix="vs] [PATCH"
header "$tmp"/cover/0000-cover-letter.patch "Cc: $distros"
cover_files=$(ls "$tmp"/cover/*.patch)
send cc-cover refused --to $maint --cc-cover $cover_files
err cc-cover-origin "$distros (Cc, cover letter (--cc-cover))"
git config sendemail.ccCover true
send cc-cover-config refused --to $maint $cover_files
send no-cc-cover-wins sent 2 --to $maint --no-cc-cover $cover_files
git config --unset sendemail.ccCover
git config sendemail.sec.ccCover true
send cc-cover-identity refused --identity sec --to $maint $cover_files
send cc-cover-other-identity sent 2 --to $maint $cover_files
git config --remove-section sendemail.sec
# near miss: without the option the patches do not go to the distros list
send without-cc-cover sent 2 --to $maint $cover_files
sed -i "s/^Cc: $distros/To: $distros/" "$tmp"/cover/0000-cover-letter.patch
send to-cover refused --to $maint --to-cover $cover_files
err to-cover-origin "$distros (To, cover letter (--to-cover))"
git config sendemail.toCover true
send to-cover-config refused --to $maint $cover_files
git config --unset sendemail.toCover
# near miss: a clean --cc-cover series
sed -i "s/^To: $distros/Cc: other.maintainer@example.com/" \
	"$tmp"/cover/0000-cover-letter.patch
send cc-cover-clean sent 2 --to $maint --cc-cover $cover_files
for f in "$SPOOL"/1.argv; do
	grep -qx "other.maintainer@example.com" "$f" && ok ||
		ko "cc-cover-clean: git did not apply --cc-cover"
done
git commit -q --amend -m "foo: fix use-after-free, part 3" \
	-m "Proposed embargo: 5 days." \
	-m "Cc: $distros
Signed-off-by: A <a@reporter.test>"

# A --compose cover letter: git 2.39 shows the hook no such letter; the
# hook says its recipients are checked only as each message is sent.
GIT_EDITOR=true send compose-cover sent 1 --compose --subject x --cc-cover \
	--to $maint -1 HEAD~1
err compose-cover-warned "with --cc-cover git sends every patch"

# -- --annotate: a list added in the editor, after the hook (git < 2.43) --
# The second patch gets the distros list; git threads it to the first,
# which the send-time check passed a moment ago in the same run.
cat >"$tmp/editor" <<'EOT'
#!/bin/sh
for f in "$@"; do
	case $f in */0002-*) sed -i '0,/^Subject: /s//Cc: linux-distros@vs.openwall.org\nSubject: /' "$f" ;; esac
done
EOT
chmod +x "$tmp/editor"
GIT_EDITOR=$tmp/editor send annotate died 1 --annotate --to $sec --cc $maint \
	-2 HEAD~1
err annotate-rule "error: .*\[ksec-with-linux-distros\]"
GIT_EDITOR=true send annotate-clean sent 2 --annotate --to $sec --cc $maint \
	-2 HEAD~1

# -- A reply in an existing thread stays a follow-up ----------------------
# (ksec-with-linux-distros is a warning on follow-ups in this profile.)
send in-reply-to sent 1 --in-reply-to="<public.thread@lists.example.org>" \
	--to $sec --cc $distros --subject-prefix="vs] [PATCH" -1 HEAD~1
grep -q "^In-Reply-To: <public.thread@lists.example.org>" "$SPOOL/0.msg" &&
	ok || ko "in-reply-to: git did not thread the message"
git format-patch -q -1 HEAD~1 -o "$tmp/reply" --cc "$distros" \
	--in-reply-to="<public.thread@lists.example.org>" \
	--subject-prefix="vs] [PATCH"
send reply-file sent 1 --to $sec "$tmp"/reply/*.patch

# -- The per-run record: private, gone once its run has ended -------------
rec=$XDG_RUNTIME_DIR/seclint
[ "$(stat -c %a "$rec")" = 700 ] && ok || ko "record dir mode $(stat -c %a "$rec")"
n=0
for f in "$rec"/*; do
	[ -e "$f" ] || continue
	n=$((n + 1))
	[ "$(stat -c %a "$f")" = 600 ] && ok || ko "record $f mode $(stat -c %a "$f")"
done
[ "$n" -le 1 ] && ok || ko "records of ended runs left: $(ls "$rec")"
chmod 755 "$rec"
send record-not-private refused --to $maint "$tmp"/thread-clean/*.patch
err record-not-private-msg "not a directory only you can read"
chmod 700 "$rec"
ln -s /etc/passwd "$rec/send-email-1-1.run"
send record-cleaned sent 3 --to $maint "$tmp"/thread-clean/*.patch
[ -e "$rec/send-email-1-1.run" ] || [ -L "$rec/send-email-1-1.run" ] &&
	ko "a record of an ended run is left" || ok

# A record left by a run of another boot (the machine crashed; the record
# is written without fsync) is not this run's, even where a new git
# send-email has its process id and start time: a stand-in hook plants
# one, with a count and --to-cover recipients, before the first patch
# (named after git send-email, which runs the hook through git hook run).
# Only where git < 2.41: later gits number the messages for the hook,
# and the first is never read from a record.
# plant BOOT: the hook plants a record of boot BOOT, then runs seclint.
plant() {
	printf '%s\n' '#!/bin/sh' \
		'p=$PPID; field() { sed "s/.*) //" /proc/$p/stat | cut -d" " -f$1; }' \
		'until tr "\\0" " " </proc/$p/cmdline | grep -q git-send-email; do' \
		'	p=$(field 2); [ "$p" -gt 1 ] || exit 3; done' \
		"f=\"$rec\"/send-email-\$p-\$(field 20).run" \
		'[ -e "$f" ] || { umask 077; printf "[run]\\nboot=%s\\nfiles=1\\n\\n[cover]\\nto=%s;\\n" '"$1 $distros"' >"$f"; }' \
		"exec \"$seclint\" hook sendemail-validate \"\$@\"" \
		>"$hooks/sendemail-validate"
	chmod +x "$hooks/sendemail-validate"
}
hooks=$(git rev-parse --git-path hooks)
gitv=$(git version | sed -n 's/^git version \([0-9]*\)\.\([0-9]*\).*/\1 \2/p')
if [ -n "$gitv" ] && [ "${gitv% *}" -eq 2 ] && [ "${gitv#* }" -lt 41 ]; then
	mv "$hooks/sendemail-validate" "$tmp/hook.kept"
	plant "$(cat /proc/sys/kernel/random/boot_id)"
	send record-this-boot refused --to $maint --to-cover "$tmp"/cover/0001-*.patch
	err record-this-boot-origin "$distros (To, cover letter (--to-cover))"
	plant 00000000-0000-0000-0000-000000000000
	send record-other-boot sent 1 --to $maint --to-cover "$tmp"/cover/0001-*.patch
	rm -f "$hooks/sendemail-validate"
	mv "$tmp/hook.kept" "$hooks/sendemail-validate"
fi

# -- Checked alone or as one run: an mbox, files, standard input ----------
series "$tmp/fm" --thread -2 HEAD~1 --to $sec --subject-prefix="vs] [PATCH"
header "$tmp"/fm/0002-*.patch "Cc: $distros"
cat "$tmp"/fm/*.patch >"$tmp/series.mbox"
check mbox-series 1 "$seclint" "$tmp/series.mbox"
expect_grep mbox-series-rule "$tmp/out" "error: .*\[ksec-with-linux-distros\]"
check mbox-series-j1 1 "$seclint" -j 1 "$tmp/series.mbox"
check mbox-series-stdin 1 "$seclint" - <"$tmp/series.mbox"
check files-series 1 "$seclint" "$tmp"/fm/*.patch
# near miss: the patch alone replies to a message seclint was not given
check reply-alone 0 "$seclint" "$tmp"/fm/0002-*.patch
expect_grep reply-alone-warning "$tmp/out" "warning: .*\[ksec-with-linux-distros\]"

finish
