#!/bin/sh
# 200 MB messages, generated here and read from a file and from a pipe,
# each under a 256 MiB address-space limit (ulimit -v): seclint streams
# what it does not decode.  A 200 MB attachment is checked; a text body
# over 16 MiB is refused before it is decoded; a 1 MB one is checked (the
# text rules are not linear in the body yet: see README, Limits).
# Release build only (sanitizers need far more address space).
# usage: huge.sh SECLINT TESTS-DIR
set -u
seclint=$1
dir=$2
. "$dir/lib.sh"

head_to_both='From: bob@example.com
To: security@kernel.org
Cc: linux-distros@vs.openwall.org
Subject: [vs] big
'
line='QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAx'

attachment() {
	printf '%sContent-Type: multipart/mixed; boundary=b\n\n' "$head_to_both"
	printf -- '--b\nContent-Type: text/plain\n\nsee the dump\n--b\n'
	printf 'Content-Type: application/octet-stream\n'
	printf 'Content-Transfer-Encoding: base64\n'
	printf 'Content-Disposition: attachment; filename=core\n\n'
	yes "$line" | head -c "$1"
	printf '\n--b--\n'
}

text() {
	printf '%s\n' "$head_to_both"
	yes 'a line of text in a very large body, seventy-odd bytes long.' |
		head -c "$1"
}

# run NAME EXPECTED-EXIT PATTERN FILE: from the file, then from a pipe.
run() {
	for how in file pipe; do
		if [ $how = file ]; then
			(ulimit -v 262144; "$seclint" "$4") >"$tmp/out" 2>&1
		else
			(ulimit -v 262144; "$seclint" - <"$4") >"$tmp/out" 2>&1
		fi
		got=$?
		if [ "$got" = "$2" ]; then ok; else
			ko "$1 ($how): exit $got, want $2"
			head -c 2000 "$tmp/out"
		fi
		expect_grep "$1 ($how)" "$tmp/out" "$3"
	done
}

attachment 200000000 >"$tmp/m.eml"
run attachment-200MB 1 '\[ksec-with-linux-distros\]' "$tmp/m.eml"
text 200000000 >"$tmp/m.eml"
run text-200MB 2 'text body larger than 16 MiB' "$tmp/m.eml"
text 1000000 >"$tmp/m.eml"
run text-1MB 1 '\[ksec-with-linux-distros\]' "$tmp/m.eml"
rm -f "$tmp/m.eml"
finish
