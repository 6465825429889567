#!/bin/sh
# 200 MB messages, generated here and read from a file and from a pipe,
# each under a 256 MiB address-space limit (ulimit -v): seclint streams
# what it does not decode.  A 200 MB attachment is checked; a text body
# over 16 MiB is refused before it is decoded; a 1 MB one is checked.
# Then the hostile shapes of doc/limits.md under the documented memory
# bound.  Release build only (sanitizers need far more address space).
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

# limited KIB NAME EXPECTED-EXIT PATTERN FILE: from the file, then from a
# pipe, each under ulimit -v KIB.
limited() {
	for how in file pipe; do
		if [ $how = file ]; then
			(ulimit -v "$1"; "$seclint" --no-repo "$5") >"$tmp/out" 2>&1
		else
			(ulimit -v "$1"; "$seclint" --no-repo - <"$5") >"$tmp/out" 2>&1
		fi
		got=$?
		if [ "$got" = "$3" ]; then ok; else
			ko "$2 ($how, ulimit -v $1): exit $got, want $3"
			head -c 2000 "$tmp/out"
		fi
		expect_grep "$2 ($how)" "$tmp/out" "$4"
	done
}

# run NAME EXPECTED-EXIT PATTERN FILE: under 256 MiB.
run() {
	limited 262144 "$@"
}

attachment 200000000 >"$tmp/m.eml"
run attachment-200MB 1 '\[ksec-with-linux-distros\]' "$tmp/m.eml"
text 200000000 >"$tmp/m.eml"
run text-200MB 2 'text body larger than 16 MiB' "$tmp/m.eml"
text 1000000 >"$tmp/m.eml"
run text-1MB 1 '\[ksec-with-linux-distros\]' "$tmp/m.eml"

# Hostile shapes that took GMime about 50 times their size (5 million
# short headers, a million recipients, one 100 MB header line) and one
# that overflowed its stack (nested address groups), then each limit's
# last accepted value: every run under an address-space limit of 4 times
# the input plus 32 MiB, the documented bound (doc/limits.md).
bounded() {
	size=$(wc -c <"$4")
	limited $(( (4 * size + 32 * 1048576) / 1024 )) "$@"
}

fields() {	# N: a message with N more header fields
	printf '%s' "$head_to_both"
	awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) print "X-A: b"; print ""; print "body" }'
}
recipients() {	# N: To with N more recipients, folded
	printf 'From: bob@example.com\nCc: linux-distros@vs.openwall.org\n'
	printf 'Subject: [vs] big\nTo: security@kernel.org'
	awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf ",\n user%d@example.org", i; print ""; print ""; print "body" }'
}
long_field() {	# N: one header field of N bytes
	printf '%sX-Long: ' "$head_to_both"
	yes a | tr -d '\n' | head -c "$1"
	printf '\n\nbody\n'
}

fields 5000000 >"$tmp/m.eml"
bounded headers-5M 2 'message 1: more than 10000 header fields' "$tmp/m.eml"
recipients 1000000 >"$tmp/m.eml"
bounded recipients-1M 2 'message 1: more than 10000 addresses' "$tmp/m.eml"
long_field 100000000 >"$tmp/m.eml"
bounded header-100MB 2 'message 1: a header field longer than 1 MiB' "$tmp/m.eml"
{ printf '%sBcc: ' "$head_to_both"
  awk 'BEGIN { for (i = 0; i < 40000; i++) printf "g: "; printf "a@example.org"; for (i = 0; i < 40000; i++) printf ";"; print ""; print ""; print "hi" }'
} >"$tmp/m.eml"
bounded groups-40000 2 "more than 1000 ':' in the addresses of Bcc" "$tmp/m.eml"
# GMime compared every parameter with every later one (150,000 took 79 s
# of CPU) and keeps two tokens per word of a field.
{ printf '%sMIME-Version: 1.0\nContent-Type: text/plain' "$head_to_both"
  awk 'BEGIN { for (i = 0; i < 90000; i++) printf "; a%d=b", i; print ""; print ""; print "hi" }'
} >"$tmp/m.eml"
bounded parameters-90000 2 'message 1: more than 100 parameters in Content-Type' "$tmp/m.eml"
{ printf '%sX-Words:' "$head_to_both"
  awk 'BEGIN { for (i = 0; i < 500000; i++) printf " a"; print ""; print ""; print "hi" }'
} >"$tmp/m.eml"
bounded words-500000 2 'message 1: more than 50000 words in X-Words' "$tmp/m.eml"
{ printf '%sX-Words:' "$head_to_both"
  awk 'BEGIN { for (i = 0; i < 49990; i++) printf " a"; print ""; print ""; print "hi" }'
} >"$tmp/m.eml"
bounded words-49990 1 '\[ksec-with-linux-distros\]' "$tmp/m.eml"
# An attachment that starts like a zip is read into memory to find its
# directory, at most 64 MiB of it: within the bound.
zip_like() {	# N: a "zip" of N bytes, base64
	printf '%sContent-Type: multipart/mixed; boundary=b\n\n' "$head_to_both"
	printf -- '--b\nContent-Type: text/plain\n\nsee the zip\n--b\n'
	printf 'Content-Type: application/zip\n'
	printf 'Content-Transfer-Encoding: base64\n'
	printf 'Content-Disposition: attachment; filename=poc.zip\n\n'
	{ printf 'PK\003\004'; head -c "$1" /dev/zero; } | base64
	printf -- '--b--\n'
}
zip_like 100000000 >"$tmp/m.eml"
bounded zip-100MB 1 'zip archive (larger than 64 MiB, not opened)' "$tmp/m.eml"
fields 9990 >"$tmp/m.eml"
bounded headers-9990 1 '\[ksec-with-linux-distros\]' "$tmp/m.eml"
recipients 9990 >"$tmp/m.eml"
bounded recipients-9990 1 '\[ksec-with-linux-distros\]' "$tmp/m.eml"
long_field 1000000 >"$tmp/m.eml"
bounded header-1MB 1 '\[ksec-with-linux-distros\]' "$tmp/m.eml"
rm -f "$tmp/m.eml"
finish
