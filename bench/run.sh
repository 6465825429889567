#!/bin/sh
# Benchmarks seclint (not a test: it prints figures and exits 0).
# usage: sh bench/run.sh [WORKDIR]   (default: a temporary directory)
#
# Builds seclint and bench/parse-only in Release (build-bench), builds
# its inputs itself, then measures: throughput against GMime parse-only
# and cat, one patch as a whole process, the sendemail-validate hook's
# share of a git send-email dry run, and peak RSS at two mbox sizes.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d)}
mkdir -p "$work"
bin=$src/build-bench
jobs=$(nproc 2>/dev/null || echo 2)

cmake -S "$src" -B "$bin" -DCMAKE_BUILD_TYPE=Release -DSECLINT_BENCH=ON \
	-DBUILD_TESTING=OFF >/dev/null
cmake --build "$bin" -j "$jobs" >/dev/null
seclint=$bin/seclint
floor=$bin/parse-only

# median_ms N CMD...: the median wall time of N runs of CMD, in ms.
median_ms() {
	perl -MTime::HiRes=time -e '
		my $n = shift; my @t;
		for (1 .. $n) {
			my $t0 = time;
			system(@ARGV) == -1 and die "cannot run $ARGV[0]\n";
			push @t, (time - $t0) * 1000;
		}
		@t = sort { $a <=> $b } @t;
		printf "%.2f\n", $n % 2 ? $t[$n / 2]
				     : ($t[$n / 2 - 1] + $t[$n / 2]) / 2;
	' "$@"
}

# A real history gives the most realistic mbox; else the fixtures and
# this project's own format-patch output, repeated.
find_repo() {
	for g in /work/.mirror/*/ /work/.mirror/*/repo \
			$(find / -maxdepth 4 -name '*.git' -type d 2>/dev/null |
			  grep -v '^/proc'); do
		n=$(git --git-dir="$g" rev-list --count --no-merges HEAD \
			2>/dev/null || echo 0)
		if [ "$n" -ge 2000 ]; then
			echo "$g"
			return
		fi
	done
}

seed=$work/seed.mbox
repo=$(find_repo)
if [ -n "$repo" ]; then
	corpus="git format-patch --stdout of 3000 commits of $repo"
	git --git-dir="$repo" format-patch --stdout --no-merges -3000 HEAD \
		>"$seed"
	# A message seclint refuses ends the run early: the figures would
	# be of a fraction of the input.
	"$seclint" -j 1 "$seed" >/dev/null 2>"$work/seed.err" && rc=0 || rc=$?
	if [ "$rc" -gt 1 ]; then
		echo "bench: seclint refuses $repo's history" \
		     "($(head -1 "$work/seed.err")); using the fixtures" >&2
		repo=
	fi
fi
if [ -z "$repo" ]; then
	corpus="no usable repository with >= 2000 commits on this machine:"
	corpus="$corpus the test fixtures and seclint's own format-patch"
	corpus="$corpus output, repeated"
	: >"$seed"
	for f in "$src"/tests/rules/*/*.eml "$src"/tests/inputs/*.eml; do
		"$seclint" -j 1 "$f" >/dev/null 2>&1 && rc=0 || rc=$?
		[ "$rc" -le 1 ] || continue
		echo 'From seclint@example.org Mon Sep 17 00:00:00 2001' >>"$seed"
		sed 's/^From />From /' "$f" >>"$seed"
		echo >>"$seed"
	done
	cat "$src/tests/inputs/series.mbox" >>"$seed"
	git -C "$src" format-patch --stdout --root HEAD >>"$seed"
fi

# repeat_to FILE MB: FILE made of copies of the seed, >= MB megabytes.
repeat_to() {
	: >"$1"
	while [ "$(wc -c <"$1")" -lt $(($2 * 1000000)) ]; do
		cat "$seed" "$seed" "$seed" "$seed" >>"$1"
	done
}
large=$work/large.mbox
huge=$work/huge.mbox
repeat_to "$large" 100
cat "$large" "$large" >"$huge"
size=$(wc -c <"$large")
# Counted as seclint counts them: not every line starting "From " is a
# separator.
floor_count=$("$floor" "$large")
msgs=${floor_count%% *}
mb=$(echo "$size" | awk '{ printf "%.1f", $1 / 1e6 }')

mbps() { awk -v s="$size" -v ms="$1" 'BEGIN { printf "%.1f", s / 1e3 / ms }'; }

# The same mail addressed to the lists: format-patch output has no To,
# so most rules stop at the recipients.  These copies make the content
# rules read every message (security@: the kernel-report rules;
# linux-distros@: the embargo and Openwall rules).
addressed() {
	awk -v to="$1" '
		/^From [^ ]+ Mon Sep 17 00:00:00 2001$/ { head = 1 }
		head && /^$/ { print "To: " to; head = 0 }
		{ print }
	' "$seed" >"$2"
}
ksec=$work/to-security.mbox
ldist=$work/to-linux-distros.mbox
addressed security@kernel.org "$ksec"
addressed linux-distros@vs.openwall.org "$ldist"
asize=$(wc -c <"$ksec")
amb=$(echo "$asize" | awk '{ printf "%.1f", $1 / 1e6 }')
ambps() { awk -v s="$asize" -v ms="$1" 'BEGIN { printf "%.1f", s / 1e3 / ms }'; }

cat "$large" >/dev/null		# warm the page cache
t_cat=$(median_ms 3 sh -c "cat '$large' >/dev/null")
t_floor=$(median_ms 3 sh -c "'$floor' '$large' >/dev/null")
t_j1=$(median_ms 3 sh -c "'$seclint' -j 1 '$large' >/dev/null")
t_jn=$(median_ms 3 sh -c "'$seclint' '$large' >/dev/null")
t_json=$(median_ms 3 sh -c "'$seclint' --format=json '$large' >/dev/null")
t_afloor=$(median_ms 3 sh -c "'$floor' '$ksec' >/dev/null")
t_ksec1=$(median_ms 1 sh -c "'$seclint' -j 1 '$ksec' >/dev/null")
t_ksecn=$(median_ms 1 sh -c "'$seclint' '$ksec' >/dev/null")
t_ld1=$(median_ms 1 sh -c "'$seclint' -j 1 '$ldist' >/dev/null")
t_ldn=$(median_ms 1 sh -c "'$seclint' '$ldist' >/dev/null")

# One patch, seclint as a whole process.
patch=$work/one.patch
git -C "$src" format-patch --stdout -1 HEAD >"$patch"
t_one=$(median_ms 50 sh -c "exec '$seclint' '$patch' >/dev/null")
t_true=$(median_ms 50 sh -c "exec /bin/true")

# The hook's share of git send-email --dry-run over 20 patches, side by
# side with a no-op hook (the floor of any hook: git runs `git hook run`
# and the hook once per patch) and with seclint behind a sh script (as
# hooks/sendemail-validate, and install-hook before it used #!seclint).  Rounds are interleaved, so a load change
# during the run hits every variant alike.
hookrepo=$work/hookrepo
rm -rf "$hookrepo"
git init -q "$hookrepo"
(
	cd "$hookrepo"
	export HOME=$work GIT_CONFIG_NOSYSTEM=1
	git config user.name Bench
	git config user.email bench@example.org
	git config sendemail.smtpserver /bin/true
	for i in $(seq 1 21); do
		echo "$i" >>file
		git add file
		git commit -qm "bench: change $i"
	done
	mkdir -p hooks-none hooks-noop hooks-sh
	ln -s /bin/true hooks-noop/sendemail-validate
	printf '#!/bin/sh\nexec "%s" hook sendemail-validate "$@"\n' \
		"$seclint" >hooks-sh/sendemail-validate
	chmod +x hooks-sh/sendemail-validate
	git config core.hooksPath hooks-seclint
	"$seclint" install-hook >/dev/null
	# Wall time, and the CPU time of the whole process tree (children's
	# user + system, from times()), which load disturbs much less.
	perl -MTime::HiRes=time -e '
		my ($n, @dirs) = @ARGV; my (%t, %c);
		sub cpu { my @t = times; return $t[2] + $t[3]; }
		for (1 .. $n) {
			for my $d (@dirs) {
				system("git", "config", "core.hooksPath", $d);
				my ($t0, $c0) = (time, cpu());
				system("git send-email --dry-run --confirm=never " .
				       "--to x\@example.org -20 >/dev/null 2>&1");
				push @{$t{$d}}, (time - $t0) * 1000;
				push @{$c{$d}}, (cpu() - $c0) * 1000;
			}
		}
		sub median {
			my @s = sort { $a <=> $b } @_;
			return @s % 2 ? $s[@s / 2] : ($s[@s / 2 - 1] + $s[@s / 2]) / 2;
		}
		printf "%.2f ", median(@{$t{$_}}) for @dirs;
		printf "%.0f ", median(@{$c{$_}}) for @dirs;
		print "\n";
	' 7 hooks-none hooks-noop hooks-seclint hooks-sh >"$work/hook.times"
)
read -r t_plain t_noop t_hook t_sh c_plain c_noop c_hook c_sh \
	<"$work/hook.times"
load=$(cut -d' ' -f1-3 /proc/loadavg)

# Peak RSS in KB.
rss() {
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1
	else
		"$@" >/dev/null & pid=$!
		hwm=0
		while kill -0 "$pid" 2>/dev/null; do
			h=$(awk '/VmHWM/ { print $2 }' /proc/$pid/status \
				2>/dev/null || true)
			[ -n "$h" ] && hwm=$h
		done
		wait "$pid" || true
		echo "$hwm"
	fi
}
r_large=$(rss "$seclint" "$large")
r_huge=$(rss "$seclint" "$huge")
r_json=$(rss "$seclint" --format=json "$large")
r_floor=$(rss "$floor" "$large")

pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f%%", 100 * a / b }'; }

echo
echo "seclint benchmark, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores,"
echo "$(free -h | awk '/^Mem:/ { print $2 }') RAM, $(uname -r)"
echo "input: $mb MB, $msgs messages ($corpus)"
echo "parse-only: $floor_count (cut at seclint's separators)"
echo "load average at the hook measurement: $load"
echo
printf '%-44s %12s %10s\n' "measurement" "value" "target"
printf '%-44s %12s %10s\n' "cat FILE > /dev/null" "$(mbps "$t_cat") MB/s" ""
printf '%-44s %12s %10s\n' "parse-only (GMime floor)" "$(mbps "$t_floor") MB/s" ""
printf '%-44s %12s %10s\n' "seclint -j 1, all rules" "$(mbps "$t_j1") MB/s" ""
printf '%-44s %12s %10s\n' "seclint -j $jobs (default), all rules" "$(mbps "$t_jn") MB/s" ""
printf '%-44s %12s %10s\n' "seclint --format=json, all rules" "$(mbps "$t_json") MB/s" ""
printf '%-44s %12s %10s\n' "  -j 1 / parse-only" "$(pct "$t_floor" "$t_j1")" ">= 70%"
printf '%-44s %12s %10s\n' "  -j $jobs / parse-only" "$(pct "$t_floor" "$t_jn")" ">= 70%"
printf '%-44s %12s %10s\n' "the seed ($amb MB) addressed to a list:" "" ""
printf '%-44s %12s %10s\n' "  parse-only" "$(ambps "$t_afloor") MB/s" ""
printf '%-44s %12s %10s\n' "  To: security@, -j 1 / -j $jobs" "$(ambps "$t_ksec1") / $(ambps "$t_ksecn")" "MB/s"
printf '%-44s %12s %10s\n' "  To: linux-distros@, -j 1 / -j $jobs" "$(ambps "$t_ld1") / $(ambps "$t_ldn")" "MB/s"
printf '%-44s %12s %10s\n' "  security@ -j 1 / parse-only" "$(pct "$t_afloor" "$t_ksec1")" ""
printf '%-44s %12s %10s\n' "one patch, whole process (median of 50)" "$t_one ms" "< 10 ms"
printf '%-44s %12s %10s\n' "  /bin/true, same way (process floor)" "$t_true ms" ""
# hook_row LABEL WALL CPU: wall and CPU ms, each as % over no hook.
hook_row() {
	awk -v l="$1" -v w="$2" -v c="$3" -v w0="$t_plain" -v c0="$c_plain" \
	    'BEGIN { printf "%-44s %12s %10s\n", l, sprintf("%.0f ms +%.0f%%", w, 100 * (w - w0) / w0), sprintf("%.0f +%.0f%%", c, 100 * (c - c0) / c0) }'
}
printf '%-44s %12s %10s\n' "send-email --dry-run, 20 patches (median of 7)" "wall" "CPU ms"
printf '%-44s %12s %10s\n' "  no hook" "$t_plain ms" "$c_plain"
hook_row "  no-op hook (/bin/true): the floor" "$t_noop" "$c_noop"
hook_row "  seclint hook (install-hook); target < 5%" "$t_hook" "$c_hook"
hook_row "  seclint behind a sh script" "$t_sh" "$c_sh"
printf '%-44s %12s %10s\n' "peak RSS, $mb MB mbox" "$((r_large / 1024)) MB" "< 32 MB"
printf '%-44s %12s %10s\n' "peak RSS, twice as large" "$((r_huge / 1024)) MB" "same"
printf '%-44s %12s %10s\n' "peak RSS, --format=json, $mb MB" "$((r_json / 1024)) MB" ""
printf '%-44s %12s %10s\n' "peak RSS, parse-only" "$((r_floor / 1024)) MB" ""
[ -n "${1:-}" ] || rm -rf "$work"
exit 0
