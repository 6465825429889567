#!/bin/sh
# b4 (Debian 12's 0.12) sending a prepared series (b4 prep, b4 send) in a
# throwaway repository and HOME, set up by `seclint install-hook`: b4 runs
# sendemail.smtpServer ("'SECLINT' sendmail") as its sendmail, once per
# message, and seclint hands clean mail to the real sendmail (a stand-in
# recording its argv and input).  No network: b4 only talks to the
# command.  b4 has no hook that sees the series before sending; `b4 send
# -o DIR` then `seclint DIR/*` is the whole-series check.
# usage: t-b4.sh SECLINT TESTS-DIR   (exit 77: b4 missing)
set -u
seclint=$1
dir=$2
command -v b4 >/dev/null 2>&1 || {
	echo "SKIP: b4 is not installed (tests/install-deps.sh)"; exit 77; }
. "$dir/lib.sh"
unset GIT_DIR GIT_WORK_TREE GIT_CONFIG_PARAMETERS GIT_CONFIG_COUNT \
	SECLINT_SENDMAIL_ACTIVE
export HOME="$tmp/home" GIT_CONFIG_NOSYSTEM=1 LC_ALL=C.UTF-8
export SPOOL="$tmp/spool"
mkdir -p "$HOME" "$SPOOL"
printf '#!/bin/sh\nn=$(ls "$SPOOL" | wc -l)\nprintf "%%s\\n" "$@" >"$SPOOL/$n.argv"\ncat >"$SPOOL/$n.msg"\n' >"$tmp/mta"
chmod +x "$tmp/mta"
export SECLINT_SENDMAIL="$tmp/mta"
# b4 prep --edit-cover runs the editor on the cover letter.
cat >"$tmp/cover-editor" <<'EOT'
#!/bin/sh
sed -i -e 's/^EDITME: cover title.*/foo: fix a use-after-free/' \
	-e '/^EDITME: describe/,/^$/c\
This fixes a use-after-free in foo_complete() (drivers/misc/foo.c).\
' "$1"
EOT
chmod +x "$tmp/cover-editor"
export EDITOR="$tmp/cover-editor"	# b4: core.editor, else $EDITOR

sent() { ls "$SPOOL" | grep -c '\.msg$'; }

# series NAME COMMIT-BODY...: a repository with a b4 prep branch holding
# one patch per COMMIT-BODY, set up by install-hook.
series() {
	repo=$tmp/$1
	shift
	git init -q "$repo" && cd "$repo" || exit 2
	git config user.name "Alice Reporter"
	git config user.email alice.reporter@reporter.test
	echo base >f && git add f && git commit -qm "foo: add f"
	"$seclint" install-hook >"$tmp/out" 2>&1 ||
		{ ko "install-hook"; cat "$tmp/out"; }
	b4 prep -n fix >"$tmp/out" 2>&1 || { ko "b4 prep"; cat "$tmp/out"; }
	n=0
	for body in "$@"; do
		n=$((n + 1))
		echo "$n" >>f
		git commit -qam "foo: fix use-after-free, part $n" -m "$body" \
			-m "Signed-off-by: Alice Reporter <alice.reporter@reporter.test>"
	done
	b4 prep --edit-cover >"$tmp/out" 2>&1 ||
		{ ko "b4 prep --edit-cover"; cat "$tmp/out"; }
}

# send NAME WANT-EXIT(0|fail) WANT-SENT ARGS...: b4 send, Enter at its
# prompt.
send() {
	name=$1 want=$2 count=$3
	shift 3
	rm -f "$SPOOL"/*
	echo | b4 send --no-sign "$@" >"$tmp/out" 2>&1
	got=$?
	if { [ "$want" = 0 ] && [ "$got" = 0 ]; } ||
	   { [ "$want" = fail ] && [ "$got" != 0 ]; }; then ok; else
		ko "$name: b4 send exit $got, want $want"; cat "$tmp/out"; fi
	if [ "$(sent)" = "$count" ]; then ok; else
		ko "$name: $(sent) sent, want $count"; cat "$tmp/out"; fi
}

fixed="Reported-by: Alice Reporter <alice.reporter@reporter.test>"

# install-hook pointed b4 at seclint sendmail.
series one "$fixed"
git config sendemail.smtpServer >"$tmp/out"
expect_grep smtpserver "$tmp/out" "seclint' sendmail$"

# Both lists at once: refused, nothing reaches the real sendmail.
send both-lists fail 0 --to security@kernel.org \
	--cc linux-distros@vs.openwall.org
expect_grep both-lists-rule "$tmp/out" "\[ksec-with-linux-distros\]"
expect_grep both-lists-not-sent "$tmp/out" "seclint: message not sent"
# linux-distros added by b4 from a Cc: trailer of the patch.
series trailer "Cc: linux-distros@vs.openwall.org"
send trailer-cc fail 0 --to security@kernel.org
expect_grep trailer-rule "$tmp/out" "\[ksec-with-linux-distros\]"

# A clean patch goes out once, with the recipients b4 gave and the
# message b4 wrote when it calls the real sendmail itself (Date,
# Message-ID and the gzip stamp in X-B4-Tracking differ between two runs
# and are left out).
series good "$fixed"
cp -a "$tmp/good" "$tmp/direct"
rm -f "$SPOOL"/*
(cd "$tmp/direct" && git config sendemail.smtpServer "$tmp/mta" &&
	echo | b4 send --no-sign --to foo.maintainer@example.com \
		--cc security@kernel.org >"$tmp/out" 2>&1)
strip() {
	awk '/^(Date|Message-I[dD]|X-B4-Tracking): /{skip=1; next}
	     skip && /^[ \t]/{next} {skip=0; print}' "$1"
}
strip "$SPOOL/0.msg" >"$tmp/direct.msg"
cp "$SPOOL/0.argv" "$tmp/direct.argv"
send good 0 1 --to foo.maintainer@example.com --cc security@kernel.org
# (b4 puts the recipients in a Python set: their order varies.)
sort "$tmp/direct.argv" >"$tmp/direct.sorted"
sort "$SPOOL/0.argv" >"$tmp/checked.sorted"
if cmp -s "$tmp/direct.sorted" "$tmp/checked.sorted" &&
   [ "$(head -3 "$SPOOL/0.argv")" = "$(head -3 "$tmp/direct.argv")" ]; then
	ok; else ko "good: argv changed"; diff "$tmp/direct.argv" "$SPOOL/0.argv"; fi
grep -qx security@kernel.org "$SPOOL/0.argv" && ok ||
	ko "good: security@kernel.org not a recipient"
strip "$SPOOL/0.msg" >"$tmp/checked.msg"
if cmp -s "$tmp/direct.msg" "$tmp/checked.msg"; then ok; else
	ko "good: message changed"; diff "$tmp/direct.msg" "$tmp/checked.msg"; fi
expect_grep good-body "$tmp/checked.msg" "part 1"

# A 3-patch series whose third patch asks for a 90-day embargo.  b4 sends
# message by message (cover letter, 1/3, 2/3, 3/3): the send-time check
# stops 3/3 only.  `b4 send -o` and seclint on its output refuse the
# series before anything is sent.
series three "Proposed embargo: 5 days." "Proposed embargo: 5 days." \
	"Please keep this under embargo for 90 days."
b4 send --no-sign -o "$tmp/out-dir" --to foo.maintainer@example.com \
	--cc security@kernel.org >"$tmp/out" 2>&1
[ "$(ls "$tmp/out-dir" | wc -l)" = 4 ] && ok ||
	{ ko "b4 send -o: want 4 messages"; ls "$tmp/out-dir"; }
check whole-series 1 "$seclint" "$tmp/out-dir"/*
expect_grep whole-series-rule "$tmp/out" "part-3.eml:.*error: .*\[ksec-embargo-too-long\]"
send three fail 3 --to foo.maintainer@example.com --cc security@kernel.org
if grep -l "90 days" "$SPOOL"/*.msg >/dev/null 2>&1; then
	ko "three: the bad patch was sent"; else ok; fi

finish
