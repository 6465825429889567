#!/bin/sh
# bench/alternate, the runner of bench/run.sh's rows 3 and 4: one line of
# four figures a command, the first command's ratios 1, each round's
# figures with -o, a directory for each command, and a run that is not
# of the work stopped with exit 2.
# usage: bench-alternate.sh ALTERNATE
alt=$1
dir=$(cd "$(dirname "$0")" && pwd)
. "$dir/lib.sh"

mkdir "$tmp/here"
: >"$tmp/here/marker"
# A command that does more work than another costs more CPU time.
check two 0 "$alt" 5 sh -c ':' -- \
	sh -c 'i=0; while [ $i -lt 20000 ]; do i=$((i + 1)); done'
if [ "$(wc -l <"$tmp/out")" = 2 ] &&
   awk 'NF != 4 { exit 1 } NR == 1 && ($3 != 1 || $4 != 1) { exit 1 }
	NR == 2 && $3 <= 1 { exit 1 }' "$tmp/out"; then
	ok
else
	ko "two: want 2 lines of 4 figures, the second's ratio above 1"
	cat "$tmp/out"
fi
# -o: each round's CPU ms, a line a round and a column a command.
check each 0 "$alt" -o "$tmp/each" 3 true -- true -- true
if [ "$(wc -l <"$tmp/each")" = 3 ] &&
   awk 'NF != 3 { exit 1 }' "$tmp/each"; then
	ok
else
	ko "each: want 3 lines of 3 figures"
	cat "$tmp/each"
fi
check each-unwritable 2 "$alt" -o "$tmp/nothere/each" 3 true
# -C: the command runs there; -0: only exit 0 is work done.
check dir 0 "$alt" 2 -C "$tmp/here" -0 test -f marker
check no-dir 2 "$alt" 2 -0 test -f "$tmp/nothere/marker"
expect_grep no-dir "$tmp/err" "status 1"
# Without -0, exit 1 is seclint's findings: work done; 2 is not.
check findings 0 "$alt" 2 sh -c 'exit 1'
check refused 2 "$alt" 2 sh -c 'exit 2'
check killed 2 "$alt" 2 sh -c 'kill -9 $$'
expect_grep killed "$tmp/err" "was killed"
check cannot-start 2 "$alt" 2 "$tmp/no-such-program"
check cannot-chdir 2 "$alt" 2 -C "$tmp/nothere" true
check usage 2 "$alt" 0 true
check usage-rounds 2 "$alt" 2x true
check nothing-after 2 "$alt" 2 true --
check no-command 2 "$alt" 2 -C "$tmp/here"
finish
