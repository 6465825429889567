#!/bin/sh
# seclint and the real `git mailsplit` split the same mboxes side by side:
# the same number of messages, each with the same Message-ID.  The mboxes
# hold one message after each candidate separator line: the shapes git's
# is_from_line() accepts and the near misses around each of its tests,
# LF and CRLF, and a few hundred lines generated from a fixed seed.
# Every message goes to both lists, so seclint reports each one it sees.
# usage: t-mailsplit.sh SECLINT TESTS-DIR
set -u
seclint=$1
dir=$2
. "$dir/lib.sh"

command -v git >/dev/null || { echo "SKIP: no git"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }

# candidates: one "From " line per line of output.
candidates() {
	cat <<'LINES'
From alice@example.org Thu Dec  3 13:45:42 2026
From 0123456789abcdef0123456789abcdef01234567 Mon Sep 17 00:00:00 2001
From - Thu Dec 03 13:45:42 2026
From MAILER-DAEMON  Thu Dec  3 13:45:42 2026 +0000
From "john doe"@example.org  Thu Dec 03 13:45 UTC 2026
From "john doe"@example.org  Thu Dec 03 13:45:42 2026 UTC
From Alice Example <alice@example.org> Thu Dec 3 13:45:42 2026
From alice@example.org Dec 3 13:45:42 2026
From alice@example.org 3 Dec 2026 13:45:42
From alice@example.org Thu Dec  3 13:45 PST 2026
From alice@example.org Thu Dec  3 13:45:42
From alice@example.org
From alice@example.org Thu Dec  3 13:45:42 2026 and on
From the logs of Thu Dec  3 13:45:42 2026
From  Thu Dec  3 13:45:42 2026
From xyz 13:45:42 91
From xyz 13:45:42 90
From x 13:45:42 91
From x Thu Dec  3 13:45:42 -2026
From x Thu Dec  3 13:45:42 +2026
From x Thu Dec  3 13:45:42 0091
From x Thu Dec  3 13:45:42 99999999999999999999999
From x Thu Dec  3 1x:45:42 2026
From x Thu Dec  3 13:4:42 2026
From x:12:34 2026 and more
From 1:2:34 2026 tail
From the zlib manual, inflate will return:
From git-config(1): see 12:30 2026
From mboxrd@z Thu Jan  1 00:00:00 1970
From a 12:34:56	2026
LINES
	python3 - <<'PY'
import random
r = random.Random(16)
words = ["alice@example.org", "Alice", "<a@b>", "-", "Thu", "Dec", "3",
         "13:45:42", "13:45", "1:2:3", "12:34", "2026", "90", "91", "0091",
         "-2026", "+0100", "UTC", ":", "::", "1:", ":12", "x1:23 4", "99:99:99"]
times = ["13:45:42", "1:45:42", "13:45", "13:4:42", "x3:45:42", "13:45:4",
         "00:00:00", "9:99:99", "13::42", "13:45:42:"]
years = ["2026", "91", "90", "0091", "-2026", "+2026", " 2026", "\t2026",
         "2026x", "x2026", "", "99999999999999999999", "1970", "\v2026"]
sep = lambda: r.choice([" ", " ", "  ", "\t"])
for _ in range(400):
    n = r.randint(0, 6)
    line = "From " + "".join(r.choice(words) + sep() for _ in range(n))
    if r.random() < 0.6:
        line += r.choice(times) + sep() + r.choice(years)
        if r.random() < 0.3:
            line += sep() + r.choice(words)
    if r.random() < 0.5:
        line = line.rstrip(" \t")
    print(line)
PY
}

# mbox EOL: a separator, then each candidate followed by a message.
mbox() {
	eol=$1 i=0
	{
		printf 'From first@example.org Thu Dec  3 13:45:42 2026\n'
		printf 'From: a@example.org\nTo: security@kernel.org\n'
		printf 'Cc: linux-distros@vs.openwall.org\n'
		printf 'Message-ID: <m0@example.org>\nSubject: [vs] m0\n\nhi\n'
		candidates | while IFS= read -r line; do
			i=$((i + 1))
			printf '%s\n' "$line"
			printf 'From: a@example.org\nTo: security@kernel.org\n'
			printf 'Cc: linux-distros@vs.openwall.org\n'
			printf 'Message-ID: <m%d@example.org>\n' "$i"
			printf 'Subject: [vs] m%d\n\nhi\n' "$i"
		done
	} | if [ "$eol" = crlf ]; then sed 's/$/\r/'; else cat; fi
}

# The Message-IDs of the messages git mailsplit cuts out of $1, in order.
git_ids() {
	rm -rf "$tmp/split" && mkdir "$tmp/split"
	git mailsplit -o"$tmp/split" "$1" >/dev/null || return 1
	for f in "$tmp/split"/*; do
		sed -n '2,/^\r\{0,1\}$/s/^Message-ID: <\([^>]*\)>.*/\1/p' "$f" |
			head -n 1
	done
}

# The same from seclint's JSON findings (one message per Message-ID).
seclint_ids() {
	"$seclint" --no-repo -j 1 --format=json "$1" >"$tmp/json"
	[ $? -le 1 ] || return 1
	python3 -c '
import json, sys
seen = []
for f in json.load(open(sys.argv[1]))["findings"]:
    key = (f["message"], f.get("message_id"))
    if key not in seen:
        seen.append(key)
for n, (index, mid) in enumerate(seen, 1):
    assert index == n, (index, n)
    print(mid)
' "$tmp/json"
}

for eol in lf crlf; do
	mbox $eol >"$tmp/$eol.mbox"
	git_ids "$tmp/$eol.mbox" >"$tmp/git.ids" || ko "$eol: git mailsplit failed"
	seclint_ids "$tmp/$eol.mbox" >"$tmp/seclint.ids" ||
		ko "$eol: seclint failed"
	n=$(wc -l <"$tmp/git.ids")
	if [ "$n" -gt 50 ] && cmp -s "$tmp/git.ids" "$tmp/seclint.ids"; then
		ok
	else
		ko "$eol: git mailsplit and seclint split differently ($n)"
		diff "$tmp/git.ids" "$tmp/seclint.ids" | head -20
	fi
done

# The issue's case: the third message, to both lists, after a From_ line
# with a full name and no weekday, is seen and fails.
cat >"$tmp/three.mbox" <<'EOF3'
From alice@example.org Thu Dec  3 13:45:42 2026
From: a@example.org
To: x@example.org
Subject: one

hi
From Alice Example <alice@example.org> Dec 3 13:45:42 2026
From: a@example.org
To: y@example.org
Subject: two

hi
From alice@example.org  3 Dec  13:45:42 2026
From: a@example.org
To: security@kernel.org
Cc: linux-distros@vs.openwall.org
Subject: [vs] three

hi
EOF3
check three-messages 1 "$seclint" --no-repo "$tmp/three.mbox"
expect_grep three-messages "$tmp/out" 'In message 3'
rm -rf "$tmp/split" && mkdir "$tmp/split"
git mailsplit -o"$tmp/split" "$tmp/three.mbox" >"$tmp/n"
expect_grep three-messages-git "$tmp/n" '^3$'
finish
