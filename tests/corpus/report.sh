#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# report.sh: run seclint over every message of the real-mail corpus that
# tests/corpus/build.sh made, and say what fired.
#
# Usage: report.sh SECLINT [OUTDIR] [-- SECLINT-OPTION...]
#
#   SECLINT   the seclint binary to measure (e.g. build/seclint)
#   OUTDIR    the corpus (default $XDG_DATA_HOME/seclint/corpus, as
#             build.sh), with its manifest.tsv
#   after --   options given to every seclint run (e.g. --profile=2025-08,
#             --severity=RULE=warning)
#   JOBS=N    seclint processes at once (default 2)
#
# Each message is checked on its own, as one `seclint --format=json
# --no-repo FILE` run, so its exit status is its own.  The runs happen in
# an empty directory outside any git repository, with the user's and the
# system's git config shut out (GIT_CONFIG_GLOBAL=/dev/null,
# GIT_CONFIG_NOSYSTEM=1) and $SECLINT_POLICY unset, so nothing of this
# machine's configuration changes a result.  SECLINT_NOW is set to a fixed
# instant: seclint takes "now" as the base of embargo arithmetic only for a
# message without a Date header, and then the figures must not depend on
# the day they were taken.
#
# Writes, in OUTDIR:
#   report.tsv   one row per finding: file, message_id, shape, rule,
#                severity, line, text, where, verdict, reason
#                (verdict and reason from judgements*.tsv, see below)
#   status.tsv   one row per message: file, message_id, shape, exit,
#                errors, warnings, infos
# and prints the per-rule table (findings, messages, and the hand verdicts
# known for them) and the exit-status distribution.
#
# Verdicts: every OUTDIR/judgements*.tsv (columns message_id, file, rule,
# severity, verdict, reason; verdict true or false) is read, judgements.tsv
# first, and a finding takes the verdict of the judgement with its
# Message-ID, rule and severity (else, with its Message-ID and rule at
# another severity), so a verdict survives a rebuild that renumbers the
# files and a change that moves a finding's line.  Findings without one
# are listed as unjudged (OUTDIR/unjudged.tsv, errors and warnings), which
# is what is left to read; the unjudged errors are also printed after the
# table.
set -eu

if [ $# -lt 1 ]; then
	sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
	exit 2
fi
seclint=$(realpath "$1")
shift
. "$(dirname "$0")/paths.sh"
outdir=$seclint_corpus
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
	outdir=$1
	shift
fi
[ $# -gt 0 ] && [ "$1" = "--" ] && shift
outdir=$(realpath "$outdir")
[ -x "$seclint" ] || { echo "report.sh: $seclint is not executable" >&2; exit 2; }
[ -f "$outdir/manifest.tsv" ] || {
	echo "report.sh: no $outdir/manifest.tsv (run tests/corpus/build.sh)" >&2
	exit 2
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/seclint-corpus.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/run" "$tmp/out"
cd "$tmp/run"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	echo "report.sh: $tmp is inside a git work tree" >&2
	exit 2
fi
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 HOME=$tmp/run
export SECLINT_NOW=2026-01-01T00:00:00Z
unset SECLINT_POLICY GIT_DIR GIT_WORK_TREE

# One seclint per message: N.json and N.rc for the Nth manifest row.
tail -n +2 "$outdir/manifest.tsv" | cut -f1 | awk '{ print NR "\t" $0 }' >"$tmp/files"
[ $# -gt 0 ] && printf '%s\0' "$@" >"$tmp/opts" || : >"$tmp/opts"
export seclint outdir tmp
xargs -a "$tmp/files" -d '\n' -P "${JOBS:-2}" -n 16 bash -c '
	mapfile -d "" opts <"$tmp/opts"
	for line; do
		n=${line%%	*}; f=${line#*	}
		"$seclint" --format=json --no-repo "${opts[@]}" "$outdir/$f" \
			>"$tmp/out/$n.json" 2>"$tmp/out/$n.err" </dev/null
		echo $? >"$tmp/out/$n.rc"
	done' bash

exec python3 - "$outdir" "$tmp/out" <<'PYTHON'
import csv, glob, json, os, sys

outdir, out = sys.argv[1], sys.argv[2]
man = list(csv.DictReader(open(os.path.join(outdir, "manifest.tsv")),
                          delimiter="\t", quoting=csv.QUOTE_NONE))

# judgements.tsv first, then judgements-*.tsv in name order: a later file's
# verdict on the same finding replaces an earlier one.  A verdict names its
# severity; one on (message, rule, severity) is preferred to one on the
# same message and rule at another severity, which is only a fallback for
# a finding whose severity a profile moved.
verdicts, fallback = {}, {}
paths = glob.glob(os.path.join(outdir, "judgements*.tsv"))
for path in sorted(paths, key=lambda p: (os.path.basename(p) !=
                                         "judgements.tsv", p)):
    for r in csv.DictReader(open(path), delimiter="\t",
                            quoting=csv.QUOTE_NONE):
        if r.get("verdict") in ("true", "false"):
            v = (r["verdict"], r.get("reason", ""))
            verdicts[(r["message_id"], r["rule"], r.get("severity"))] = v
            fallback[(r["message_id"], r["rule"])] = v

def verdict(mid, rule, severity):
    return verdicts.get((mid, rule, severity),
                        fallback.get((mid, rule), ("", "")))

def cell(s):
    return " ".join(str(s if s is not None else "").split())

rows, status, rc_count = [], [], {}
for n, m in enumerate(man, 1):
    rc = int(open(os.path.join(out, f"{n}.rc")).read())
    rc_count[rc] = rc_count.get(rc, 0) + 1
    try:
        doc = json.load(open(os.path.join(out, f"{n}.json")))
    except ValueError:
        doc = {"findings": [], "input_errors": [
            {"reason": open(os.path.join(out, f"{n}.err")).read().strip()}]}
    sev = {"error": 0, "warning": 0, "info": 0}
    for f in doc.get("findings", []):
        sev[f["severity"]] = sev.get(f["severity"], 0) + 1
        v = verdict(m["message_id"], f["rule"], f["severity"])
        rows.append([m["file"], m["message_id"], m["shape"], f["rule"],
                     f["severity"], f.get("line") or "", cell(f["text"]),
                     f.get("where") or "", v[0], cell(v[1])])
    for e in doc.get("input_errors", []):
        rows.append([m["file"], m["message_id"], m["shape"], "(input-error)",
                     "input-error", "", cell(e.get("reason")), "", "", ""])
    status.append([m["file"], m["message_id"], m["shape"], rc,
                   sev["error"], sev["warning"], sev["info"]])

head = ["file", "message_id", "shape", "rule", "severity", "line", "text",
        "where", "verdict", "reason"]
with open(os.path.join(outdir, "report.tsv"), "w") as f:
    f.write("\t".join(head) + "\n")
    for r in rows:
        f.write("\t".join(str(c) for c in r) + "\n")
with open(os.path.join(outdir, "unjudged.tsv"), "w") as f:
    f.write("\t".join(head[:8]) + "\n")
    for r in rows:
        if r[4] in ("error", "warning") and not r[8]:
            f.write("\t".join(str(c) for c in r[:8]) + "\n")
with open(os.path.join(outdir, "status.tsv"), "w") as f:
    f.write("file\tmessage_id\tshape\texit\terrors\twarnings\tinfos\n")
    for r in status:
        f.write("\t".join(str(c) for c in r) + "\n")

order = {"error": 0, "warning": 1, "info": 2, "input-error": 3}
stats = {}
for r in rows:
    s = stats.setdefault((r[3], r[4]), {"n": 0, "msgs": set(), "true": 0,
                                        "false": 0})
    s["n"] += 1
    s["msgs"].add(r[0])
    if r[8]:
        s[r[8]] += 1
print(f"{'rule':<34} {'severity':<11} {'findings':>8} {'messages':>8} "
      f"{'true':>5} {'false':>5} {'unjudged':>8} {'precision':>9}")
for (rule, sev), s in sorted(stats.items(),
                             key=lambda kv: (order.get(kv[0][1], 9),
                                             -kv[1]["n"], kv[0][0])):
    judged = s["true"] + s["false"]
    prec = f"{100 * s['true'] / judged:.0f}%" if judged else "-"
    print(f"{rule:<34} {sev:<11} {s['n']:>8} {len(s['msgs']):>8} "
          f"{s['true']:>5} {s['false']:>5} {s['n'] - judged:>8} {prec:>9}")
print()
print(f"messages: {len(man)}; exit status: " +
      ", ".join(f"{k}: {v}" for k, v in sorted(rc_count.items())))
for level in ("error", "warning"):
    group = [s for (r, sev), s in stats.items() if sev == level]
    t = sum(s["true"] for s in group)
    fl = sum(s["false"] for s in group)
    print(f"{level} findings: {sum(s['n'] for s in group)}, judged true {t}, "
          f"false {fl}" + (f", precision {100 * t / (t + fl):.1f}%"
                           if t + fl else ""))
# Issue 29's line: a warning rule with five or more findings is read only
# if most of them are right.
for (rule, sev), s in sorted(stats.items()):
    judged = s["true"] + s["false"]
    if sev == "warning" and s["n"] >= 5 and judged and \
            s["true"] < 0.7 * judged:
        print(f"warning rule under 70% true: {rule} "
              f"({s['true']} of {judged})")
# What is left to read before the precision above covers every error.
left = [r for r in rows if r[4] == "error" and not r[8]]
if left:
    print(f"unjudged error findings: {len(left)} (judge them into "
          f"{outdir}/judgements.tsv; tests/corpus/show.sh FILE shows one)")
    for r in left:
        print(f"  {r[0]}\t{r[3]}\t{r[6][:100]}")
print(f"wrote {outdir}/report.tsv, status.tsv, unjudged.tsv")
PYTHON
