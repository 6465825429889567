#!/bin/sh
# -j N: an mbox of a few thousand messages gives byte-identical output
# (text and JSON) and exit status with 1, 2 and 8 threads.
# usage: t-parallel.sh SECLINT TESTS-DIR
set -u
seclint=$1
dir=$2
. "$dir/lib.sh"
# Messages without a Date header are measured from "now": fix it, so that
# runs a minute apart print the same days.
SECLINT_NOW=2026-03-05T10:00:00Z
export SECLINT_NOW

# One copy of every fixture seclint can check, as mbox messages.
: >"$tmp/one.mbox"
for f in "$dir"/rules/*/*.eml "$dir"/inputs/*.eml; do
	"$seclint" -j 1 "$f" >/dev/null 2>&1
	[ $? -le 1 ] || continue
	echo 'From seclint@example.org Mon Sep 17 00:00:00 2001' >>"$tmp/one.mbox"
	sed 's/^From />From /' "$f" >>"$tmp/one.mbox"
	echo >>"$tmp/one.mbox"
done
cat "$dir/inputs/series.mbox" >>"$tmp/one.mbox"
: >"$tmp/big.mbox"
while [ "$(grep -c '^From ' "$tmp/big.mbox")" -lt 2000 ]; do
	cat "$tmp/one.mbox" >>"$tmp/big.mbox"
done

# same_jobs NAME FORMAT MBOX: the output (and the exit status) at -j 2
# and -j 8 is that at -j 1, which is kept in $tmp/NAME.1.
same_jobs() {
	for j in 1 2 8; do
		"$seclint" -j "$j" --format="$2" "$3" >"$tmp/$1.$j" 2>&1
		echo "exit $?" >>"$tmp/$1.$j"
	done
	for j in 2 8; do
		if cmp -s "$tmp/$1.1" "$tmp/$1.$j"; then ok; else
			ko "$1: -j $j differs from -j 1"; fi
	done
}

for format in text json; do
	same_jobs "$format" "$format" "$tmp/big.mbox"
	expect_grep "$format-findings" "$tmp/$format.1" "ksec-with-linux-distros"
done

# A broken message in the middle: what comes before it is reported the
# same way, then the input error, with any number of threads.
{ cat "$tmp/big.mbox"; cat "$dir/inputs/garbage.txt" 2>/dev/null
  printf 'From x Mon Sep 17 00:00:00 2001\nContent-Type: multipart/mixed\n\nx\n'
  cat "$tmp/one.mbox"; } >"$tmp/broken.mbox"
same_jobs broken json "$tmp/broken.mbox"
expect_grep broken-exit "$tmp/broken.1" "exit 2"

# Long messages near each other (each over a job's 256 KiB, so the window
# of raw bytes read ahead fills before the window of jobs), between short
# ones: the same output with any number of threads.
: >"$tmp/long.mbox"
for i in 1 2 3 4 5; do
	printf 'From seclint@example.org Mon Sep 17 00:00:00 2001\n' >>"$tmp/long.mbox"
	printf 'From: bob@example.com\nTo: security@kernel.org\n' >>"$tmp/long.mbox"
	printf 'Cc: linux-distros@vs.openwall.org\nSubject: long %s\n\n' "$i" >>"$tmp/long.mbox"
	yes "a line of a long report, number $i, some seventy bytes long." |
		head -n $((4500 * i)) >>"$tmp/long.mbox"
	echo >>"$tmp/long.mbox"
	cat "$tmp/one.mbox" >>"$tmp/long.mbox"
done
same_jobs long json "$tmp/long.mbox"
expect_grep long-findings "$tmp/long.1" "long 5"

check_usage() {
	"$seclint" "$@" "$dir/inputs/clean-report.eml" >/dev/null 2>&1
	if [ $? = 2 ]; then ok; else ko "$* is not a usage error"; fi
}
check_usage -j 0
check_usage -j -3
check_usage -j x

finish
