#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# compare.sh: what changed between two runs of report.sh on the same corpus,
# e.g. the baseline and a build with rule fixes.
#
# Usage: compare.sh OLD-REPORT.tsv NEW-REPORT.tsv [OLD-STATUS.tsv NEW-STATUS.tsv]
#
# Keep a run's results before the next run overwrites them (CORPUS is
# the corpus directory, OLD any other):
#   tests/corpus/report.sh old/seclint CORPUS && mkdir -p OLD &&
#     cp CORPUS/report.tsv CORPUS/status.tsv OLD/
#   tests/corpus/report.sh new/seclint CORPUS
#   tests/corpus/compare.sh OLD/report.tsv CORPUS/report.tsv \
#     OLD/status.tsv CORPUS/status.tsv
#
# Prints, per rule and severity, the findings of each run and their hand
# verdicts (true/false as report.sh joined them), then every error finding
# that only one run has or whose severity changed, so the new errors are
# the ones to judge and the dropped ones can be checked against their
# verdicts (a dropped "true" error is a lost catch).  With the status files
# it also prints both exit-status distributions.  Findings are matched by
# Message-ID and rule.
set -eu

if [ $# -ne 2 ] && [ $# -ne 4 ]; then
	sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
	exit 2
fi
for f in "$@"; do
	[ -f "$f" ] || { echo "compare.sh: no file $f" >&2; exit 2; }
done

exec python3 - "$@" <<'PYTHON'
import csv, sys
from collections import Counter


def load(path):
    return list(csv.DictReader(open(path), delimiter="\t",
                               quoting=csv.QUOTE_NONE))


old, new = load(sys.argv[1]), load(sys.argv[2])
order = {"error": 0, "warning": 1, "info": 2, "input-error": 3}


def table(rows):
    t = {}
    for r in rows:
        s = t.setdefault((r["rule"], r["severity"]), Counter())
        s["n"] += 1
        if r["verdict"]:
            s[r["verdict"]] += 1
    return t


to, tn = table(old), table(new)
print(f"{'rule':<34} {'severity':<9} {'old':>5} {'t/f':>9} {'new':>5} "
      f"{'t/f':>9}")
for key in sorted(set(to) | set(tn),
                  key=lambda k: (order.get(k[1], 9), k[0])):
    a, b = to.get(key, Counter()), tn.get(key, Counter())
    if a == b:
        mark = ""
    else:
        mark = "  *"
    print(f"{key[0]:<34} {key[1]:<9} {a['n']:>5} "
          f"{a['true']:>4}/{a['false']:<4} {b['n']:>5} "
          f"{b['true']:>4}/{b['false']:<4}{mark}")


def errors(rows):
    e = {}
    for r in rows:
        e.setdefault((r["message_id"], r["rule"]), r)
    return e


eo, en = errors(old), errors(new)
print()
print("error findings that changed (old severity -> new severity):")
n = 0
for key in sorted(set(eo) | set(en), key=lambda k: (k[1], k[0])):
    a, b = eo.get(key), en.get(key)
    sa = a["severity"] if a else "-"
    sb = b["severity"] if b else "-"
    if sa == sb or "error" not in (sa, sb):
        continue
    r = b or a
    v = r["verdict"] or "unjudged"
    print(f"  {r['file']}\t{key[1]}\t{sa} -> {sb}\t{v}")
    n += 1
if not n:
    print("  none")

if len(sys.argv) == 5:
    for label, path in (("old", sys.argv[3]), ("new", sys.argv[4])):
        c = Counter(r["exit"] for r in load(path))
        print(f"exit status, {label}: " +
              ", ".join(f"{k}: {v}" for k, v in sorted(c.items())))
PYTHON
