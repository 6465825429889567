#!/bin/sh
# Benchmarks seclint (not a test: it prints figures and exits 0).
# usage: sh bench/run.sh [--cache DIR] [WORKDIR]
#   WORKDIR   where the inputs are built and kept (default: a temporary
#             directory, removed at the end)
#
# Builds seclint, bench/parse-only (the floor: seclint's mbox cutter
# and GMime's parser, nothing else) and bench/alternate (runs commands in
# turn, a process at a time) in Release in build-bench, builds a mixed
# corpus of real mail, and measures the five rows of issue 18 side by
# side, each from runs in turn a process at a time (A B A B ...; for a
# ratio, the median of the pairs' ratios), so that a change of load
# during the run hits both sides alike (a shared machine's speed moves
# by a fifth within a second):
#
#   1. seclint -j 1, all rules, the mail as addressed / parse-only
#      --checked (GMime's parse with its checks on, which seclint once
#      paid for every message: the floor issue 32 set the goal against)
#   2. the same with every message also --to security@kernel.org
#   3. one message, whole process / seclint --version
#   4. the hook's added time per patch in git send-email --dry-run /
#      that of a hook that only starts seclint (`seclint --version`: the
#      floor of any hook that is seclint, issue 32), in a plain tree and
#      in a tree with a kernel MAINTAINERS: the series to a list, and to
#      security@kernel.org with the file's maintainers in Cc, which reads
#      MAINTAINERS.  Beside it, the old measure (issue 18): / a no-op
#      hook's (/bin/true)
#   5. peak RSS, the corpus and twice the corpus (medians of three runs)
#
# and, beside rows 1 and 2, what the checks cost GMime's parse
# (parse-only --checked / plain parse-only); beside row 4, what its floor
# costs over the no-op hook.
#
# The corpus (bench/mixed-corpus.sh): BENCH_PATCHES (6000) patches of
# `git format-patch` of a repository with that many commits, and
# BENCH_POSTS (8000) posts of a kernel mailing list's public-inbox
# archive: BENCH_REPO and BENCH_ARCHIVE (git directories), else found in
# the cache, --cache DIR or $XDG_CACHE_HOME/seclint (mixed-corpus.sh says
# how to fill it).  The kernel MAINTAINERS file for row 4 is
# BENCH_MAINTAINERS, or the one in Debian's linux-source package
# (downloaded with apt-get download when that works), or row 4's second
# line is left out.  Times are CPU (user + system of the process tree)
# unless the row says wall.  BENCH_PAIRS (9, odd) is the number of
# pairs rows 1 and 2's medians are of; BENCH_ONE_ROUNDS (300) the
# rounds of row 3; BENCH_HOOK_ROUNDS (20) the sends of the series in
# each of row 4's four trees.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
cache=
if [ "${1:-}" = --cache ]; then
	cache=$(cd "$2" && pwd)
	shift 2
fi
keep=${1:-}
work=${1:-$(mktemp -d)}
mkdir -p "$work"
work=$(cd "$work" && pwd)
bin=$src/build-bench
jobs=$(nproc 2>/dev/null || echo 2)
pairs=${BENCH_PAIRS:-9}

cmake -S "$src" -B "$bin" -DCMAKE_BUILD_TYPE=Release -DSECLINT_BENCH=ON \
	-DBUILD_TESTING=OFF >/dev/null
cmake --build "$bin" -j "$jobs" >/dev/null
seclint=$bin/seclint
floor=$bin/parse-only
alternate=$bin/alternate

mixed=$work/mixed.mbox
[ -s "$mixed" ] || sh "$src/bench/mixed-corpus.sh" ${cache:+--cache "$cache"} \
	"$mixed" >&2
double=$work/double.mbox
[ -s "$double" ] || cat "$mixed" "$mixed" >"$double"
size=$(wc -c <"$mixed")
mb=$(echo "$size" | awk '{ printf "%.1f", $1 / 1e6 }')
floor_count=$("$floor" "$mixed")

# Every lint row runs outside any repository, as a reader of an mbox
# would, so no rule opens one.
outside=$work/outside
mkdir -p "$outside"

# A message seclint refuses (exit 2) ends its run early, and the figures
# would be of a part of the input.
(cd "$outside" && "$seclint" -j 1 "$mixed" >/dev/null 2>"$work/mixed.err") &&
	rc=0 || rc=$?
if [ "$rc" -gt 1 ]; then
	echo "bench: seclint refuses the corpus: $(head -1 "$work/mixed.err")" >&2
	exit 0
fi

# pair N A... -- B...: runs A and B in turn N times each (after one
# warm-up of each; bench/alternate) and prints "cpuA cpuB ratio wallA
# wallB wratio", the medians of each side (ms) and of the pairs' ratios
# A/B.  With the floor as A, the ratio is seclint's throughput as a share
# of the floor's.
pair() {
	(cd "$outside" && "$alternate" "$@") | awk '
		NR == 1 { ca = $1; wa = $2 }
		NR == 2 { printf "%.2f %.2f %.3f %.2f %.2f %.3f\n", ca, $1,
			  1 / $3, wa, $2, 1 / $4 }'
}

cat "$mixed" >/dev/null		# warm the page cache
# Rows 1 and 2 against GMime's parse with its checks on (a warning
# callback, without which seclint could not refuse broken mail): the
# floor seclint can reach (issue 32).
set -- $(pair "$pairs" -0 "$floor" --checked "$mixed" -- \
	"$seclint" -j 1 "$mixed")
r1=$3 c_checked=$1 c_j1=$2
set -- $(pair "$pairs" -0 "$floor" --checked "$mixed" -- \
	"$seclint" -j 1 --to security@kernel.org "$mixed")
r2=$3 c_ksec=$2
set -- $(pair "$pairs" -0 "$floor" "$mixed" -- "$seclint" "$mixed")
w_jn=$5 w_floor=$4
# What the checks cost GMime's parse: parse-only --checked / parse-only.
set -- $(pair "$pairs" -0 "$floor" "$mixed" -- \
	-0 "$floor" --checked "$mixed")
r_checked=$(printf '%.2f' "$3") c_floor=$1

# Row 3: one message.  A real post of the corpus addressed to a list.
one=$work/one.eml
perl -ne 'if (/^From \S+\s+\w{3} \w{3}/) { exit if $n++ } elsif ($n) { print }' \
	"$work/posts.mbox" 2>/dev/null >"$one" || true
[ -s "$one" ] || git -C "$src" format-patch --stdout -1 HEAD >"$one"
# The two in turn, a process at a time (bench/alternate.c says why):
# "cpu wall 1 1" of --version, then "cpu wall ratio wall-ratio" of the
# message, medians.
one_rounds=${BENCH_ONE_ROUNDS:-300}
set -- $(cd "$outside" && "$alternate" "$one_rounds" "$seclint" --version -- \
	"$seclint" "$one")
r3=$(printf '%.2f' "$7") r3w=$(printf '%.2f' "$8")
c_one=$(printf '%.1f' "$5") c_version=$(printf '%.1f' "$1")

# Row 4: git send-email --dry-run of 20 patches with no hook, a no-op
# hook (/bin/true: what any hook costs git) and seclint's hook as
# install-hook sets it up; the hook's added time per patch over the
# no-op hook's.
# hook_tree DIR [MAINTAINERS]: a repository with 20 commits to send, as
# DIR.none, DIR.noop, DIR.seclint and DIR.floor, each with those hooks.
hook_tree() {
	rm -rf "$1" "$1".*
	git init -q "$1"
	(
		cd "$1"
		git config user.name Bench
		git config user.email bench@example.org
		git config sendemail.smtpserver /bin/true
		mkdir -p net/core
		echo 'int dev_queue_xmit(void);' >net/core/dev.c
		if [ -n "${2:-}" ]; then
			cp "$2" MAINTAINERS
			git add MAINTAINERS
		fi
		git add net/core/dev.c
		git commit -qm "net: start"
		for i in $(seq 1 20); do
			echo "/* $i */" >>net/core/dev.c
			git add net/core/dev.c
			git commit -qm "net: change $i" -m "Change $i of the bench series." \
				-m "Signed-off-by: Bench <bench@example.org>"
		done
		mkdir -p hooks-none hooks-noop hooks-floor
		ln -s /bin/true hooks-noop/sendemail-validate
		# The floor of any hook that is seclint: starting it (the
		# dynamic linking of GMime, GLib and their libraries).
		printf '#!%s --version\n' "$seclint" \
			>hooks-floor/sendemail-validate
		chmod +x hooks-floor/sendemail-validate
		git config core.hooksPath hooks-seclint
		"$seclint" install-hook >/dev/null
	)
	for h in none noop seclint floor; do
		cp -a "$1" "$1.$h"
		git -C "$1.$h" config core.hooksPath "hooks-$h"
	done
	rm -rf "$1"
}
# hook_row DIR ADDRESSES: "none noop seclint floor", the median CPU ms of
# a send of the series with ADDRESSES (send-email's options), the four
# trees in turn a send at a time.
hook_rounds=${BENCH_HOOK_ROUNDS:-20}
hook_row() {
	send="send-email --dry-run --confirm=never --suppress-cc=all $2 -20"
	# shellcheck disable=SC2086 # $send is words
	out=$("$alternate" "$hook_rounds" -C "$1.none" -0 git $send -- \
		-C "$1.noop" -0 git $send -- -C "$1.seclint" -0 git $send -- \
		-C "$1.floor" -0 git $send) ||
		{ echo "bench: row 4: git send-email failed in $1.*" >&2; return; }
	echo "$out" | awk '{ printf "%s ", $1 } END { print "" }'
}
export HOME="$work" GIT_CONFIG_NOSYSTEM=1
hook_tree "$work/tree" ""
set -- $(hook_row "$work/tree" "--to netdev@vger.kernel.org")
h_none=$1 h_noop=$2 h_sec=$3 h_floor=$4
maint=${BENCH_MAINTAINERS:-}
if [ -z "$maint" ] && [ ! -s "$work/MAINTAINERS" ]; then
	(
		cd "$work" && apt-get download linux-source-6.1 >/dev/null 2>&1 &&
		deb=$(ls linux-source-6.1_*.deb | head -1) &&
		dpkg-deb --fsys-tarfile "$deb" | tar -xOf - \
			./usr/src/linux-source-6.1.tar.xz |
			tar -xJOf - linux-source-6.1/MAINTAINERS >MAINTAINERS &&
		rm -f "$deb"
	) || rm -f "$work/MAINTAINERS"
fi
[ -z "$maint" ] && [ -s "$work/MAINTAINERS" ] && maint=$work/MAINTAINERS
if [ -n "$maint" ]; then
	hook_tree "$work/ktree" "$maint"
	set -- $(hook_row "$work/ktree" "--to netdev@vger.kernel.org")
	k_none=$1 k_noop=$2 k_sec=$3 k_floor=$4
	# A patch to a public list never reads MAINTAINERS; one to
	# security@kernel.org does (are its maintainers in Cc?), from the
	# cache of the parsed file after the first patch of the series.
	set -- $(hook_row "$work/ktree" "--to security@kernel.org --cc davem@davemloft.net --cc kuba@kernel.org")
	s_none=$1 s_noop=$2 s_sec=$3 s_floor=$4
fi
added() { awk -v n="$1" -v o="$2" -v s="$3" \
	'BEGIN { printf "%.2f", (s - n) / (o - n) }'; }
per() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.1f", (s - n) / 20 }'; }

# Row 5: peak RSS (KB), -j 1 and the default: the median of three runs
# each, taken in turn.  With two threads a run's peak depends on what the
# other thread holds when the largest message is read, and varies by a
# few per cent from run to run.
rss() { (cd "$outside" && /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1); }
median3() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
set --
for i in 1 2 3; do
	set -- "$@" "$(rss "$seclint" -j 1 "$mixed")" \
	    "$(rss "$seclint" -j 1 "$double")" "$(rss "$seclint" "$mixed")" \
	    "$(rss "$seclint" "$double")"
done
m1=$(median3 "$1" "$5" "$9") m2=$(median3 "$2" "$6" "${10}")
n1=$(median3 "$3" "$7" "${11}") n2=$(median3 "$4" "$8" "${12}")
f1=$(rss "$floor" "$mixed")
rss_cell() { awk -v a="$1" -v b="$2" \
	'BEGIN { printf "%.1f / %.1f MB (%.2f)", a / 1024, b / 1024, b / a }'; }

goal() { awk -v v="$1" -v op="$2" -v g="$3" 'BEGIN {
	ok = op == ">=" ? v >= g : v <= g; printf "%s", ok ? "met" : "not met" }'; }
row() { printf '| %s | %s | %s | %s |\n' "$1" "$2" "$3" "$4"; }

r1i=$(printf '%.2f' "$r1") r2i=$(printf '%.2f' "$r2")
echo
echo "seclint benchmark, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores," \
     "$(free -h | awk '/^Mem:/ { print $2 }') RAM, $(uname -r)," \
     "load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "corpus: $mb MB, $(cat "$work/corpus.txt" 2>/dev/null)"
echo "parse-only: $floor_count; pairs: $pairs (row 3: $one_rounds rounds; row 4: $hook_rounds)"
echo
row "measure" "value" "goal" ""
row "---" "---" "---" "---"
row "\`seclint -j 1\`, all rules, as addressed / parse-only --checked (throughput)" \
    "$r1i" "at least 0.70" "$(goal "$r1i" '>=' 0.70)"
row "the same, every message also \`--to security@kernel.org\` / parse-only --checked" \
    "$r2i" "at least 0.35" "$(goal "$r2i" '>=' 0.35)"
row "one message, whole process / \`seclint --version\` (CPU; wall $r3w)" \
    "$r3 ($c_one / $c_version ms)" "at most 1.4" "$(goal "$r3" '<=' 1.4)"
# hook_cells NONE NOOP SECLINT FLOOR: row 4's value, "seclint's added
# time per patch / the --version hook's (ms / ms; / the no-op hook's)".
hook_cells() {
	printf '%s (%s / %s ms; %s of the no-op hook'"'"'s)' \
	    "$(added "$1" "$4" "$3")" "$(per "$1" "$3")" "$(per "$1" "$4")" \
	    "$(added "$1" "$2" "$3")"
}
hook_goal() { goal "$(added "$1" "$4" "$3")" '<=' 1.4; }
row "hook, added time per patch / a \`seclint --version\` hook's" \
    "$(hook_cells "$h_none" "$h_noop" "$h_sec" "$h_floor")" \
    "at most 1.4" "$(hook_goal "$h_none" "$h_noop" "$h_sec" "$h_floor")"
if [ -n "$maint" ]; then
	row "the same in a tree with a kernel MAINTAINERS" \
	    "$(hook_cells "$k_none" "$k_noop" "$k_sec" "$k_floor")" \
	    "at most 1.4" "$(hook_goal "$k_none" "$k_noop" "$k_sec" "$k_floor")"
	row "the same, the series to security@kernel.org with its maintainers in Cc (MAINTAINERS read)" \
	    "$(hook_cells "$s_none" "$s_noop" "$s_sec" "$s_floor")" \
	    "at most 1.4" "$(hook_goal "$s_none" "$s_noop" "$s_sec" "$s_floor")"
fi
row "peak RSS, -j 1: corpus / twice the corpus (median of 3 runs)" \
    "$(rss_cell "$m1" "$m2")" "under 32 MB, flat (at most 1.10)" \
    "$(awk -v a="$m1" -v b="$m2" 'BEGIN { print (b < 32768 && b <= a * 1.1) ? "met" : "not met" }')"
row "peak RSS, -j $jobs: corpus / twice the corpus (median of 3 runs)" \
    "$(rss_cell "$n1" "$n2")" "under 32 MB, flat (at most 1.10)" \
    "$(awk -v a="$n1" -v b="$n2" 'BEGIN { print (b < 32768 && b <= a * 1.1) ? "met" : "not met" }')"
echo
echo "rows 1 and 2's floor: GMime's parse with its checks on" \
     "(parse-only --checked) / plain parse-only: $r_checked; seclint -j 1" \
     "as addressed / plain parse-only: $(awk -v a="$r1" -v b="$r_checked" 'BEGIN { printf "%.2f", a * b }')" \
     "(seclint leaves the checks off where its header pre-scan proves them idle)"
echo "floor of row 4: a hook that only starts seclint (\`seclint --version\`)," \
     "added time per patch / the no-op hook's: $(added "$h_none" "$h_noop" "$h_floor")" \
     "($(per "$h_none" "$h_floor") / $(per "$h_none" "$h_noop") ms)"
echo "context: parse-only $(awk -v s="$size" -v c="$c_floor" 'BEGIN { printf "%.0f", s / 1e3 / c }') MB/s CPU," \
     "seclint -j 1 $(awk -v s="$size" -v c="$c_j1" 'BEGIN { printf "%.0f", s / 1e3 / c }') MB/s," \
     "--to security@ -j 1 $(awk -v s="$size" -v c="$c_ksec" 'BEGIN { printf "%.1f", s / 1e3 / c }') MB/s;" \
     "-j $jobs wall / parse-only wall $(awk -v a="$w_jn" -v b="$w_floor" 'BEGIN { printf "%.2f", b / a }') (throughput);" \
     "parse-only peak RSS $((f1 / 1024)) MB"
[ -n "$keep" ] || rm -rf "$work"
exit 0
