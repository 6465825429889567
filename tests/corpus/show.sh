#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# show.sh: print what a hand verdict on a corpus message needs to see: its
# headers (who it went to, whether it is a reply), its MIME parts, what
# report.sh found in it with the verdicts recorded so far, and its own text
# (quoted lines left out).
#
# Usage: show.sh [-n LINES] [-d OUTDIR] FILE|MESSAGE-ID...
#
#   FILE        a corpus file, as report.tsv names it (security/0012.eml)
#               or as a path
#   MESSAGE-ID  <...> as in manifest.tsv
#   -n LINES    lines of own text to print (default 40; 0: all)
#   -d OUTDIR   the corpus (default $XDG_DATA_HOME/seclint/corpus, as
#               build.sh)
#
# Whether a reply's parent was public: "parent in corpus" names the corpus
# file of the In-Reply-To message when the corpus holds it (the corpus is
# a sample, so "not in corpus" says nothing).
set -eu

. "$(dirname "$0")/paths.sh"
outdir=$seclint_corpus
lines=40
while [ $# -gt 0 ]; do
	case $1 in
	-n) lines=$2; shift 2 ;;
	-d) outdir=$2; shift 2 ;;
	-h|--help) sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	-*) echo "show.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || { echo "usage: show.sh [-n LINES] [-d OUTDIR] FILE|MESSAGE-ID..." >&2; exit 2; }
[ -f "$outdir/manifest.tsv" ] || {
	echo "show.sh: no $outdir/manifest.tsv (run tests/corpus/build.sh)" >&2
	exit 2
}

exec python3 - "$outdir" "$lines" "$@" <<'PYTHON'
import csv, email, email.header, email.policy, os, re, sys

outdir, nlines, args = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
man = list(csv.DictReader(open(os.path.join(outdir, "manifest.tsv")),
                          delimiter="\t", quoting=csv.QUOTE_NONE))
by_file = {m["file"]: m for m in man}
by_mid = {m["message_id"].lower(): m for m in man}
report = []
rp = os.path.join(outdir, "report.tsv")
if os.path.exists(rp):
    report = list(csv.DictReader(open(rp), delimiter="\t",
                                 quoting=csv.QUOTE_NONE))


def text(v):
    try:
        v = str(email.header.make_header(email.header.decode_header(v)))
    except Exception:
        v = str(v)
    return " ".join(v.split())


status = 0
for arg in args:
    m = by_mid.get(arg.lower()) or by_file.get(arg)
    if m is None and os.path.exists(arg):
        rel = os.path.relpath(os.path.realpath(arg), os.path.realpath(outdir))
        m = by_file.get(rel)
    if m is None:
        print(f"show.sh: {arg} is not in {outdir}/manifest.tsv",
              file=sys.stderr)
        status = 2
        continue
    path = os.path.join(outdir, m["file"])
    msg = email.message_from_binary_file(open(path, "rb"),
                                         policy=email.policy.compat32)
    print(f"===== {m['file']}  shape={m['shape']}  archive="
          f"{m['archive'].split('/')[-1]}")
    for h in ("Message-ID", "From", "Date", "Subject", "To", "Cc", "Bcc",
              "Reply-To", "Mail-Followup-To", "In-Reply-To", "References"):
        for v in msg.get_all(h) or []:
            v = text(v)
            print(f"{h}: {v[:300] + ' ...' if len(v) > 300 else v}")
    irt = re.findall(r"<[^<>\s]+>", str(msg.get("In-Reply-To") or ""))
    if irt:
        p = by_mid.get(irt[0].lower())
        print(f"parent in corpus: {p['file'] if p else 'no'}")
    parts = []
    for part in msg.walk():
        if part.is_multipart():
            continue
        fn = part.get_filename()
        parts.append(part.get_content_type() + (f" ({fn})" if fn else ""))
    if parts != ["text/plain"]:
        print("parts: " + ", ".join(parts))
    for r in report:
        if r["file"] == m["file"]:
            v = f"  [{r['verdict']}: {r['reason']}]" if r["verdict"] else ""
            print(f"finding: {r['severity']} {r['rule']} (line {r['line']}):"
                  f" {r['text'][:160]}{v}")
    body = ""
    for part in msg.walk():
        if part.get_content_type() == "text/plain" and \
           part.get_content_disposition() != "attachment":
            raw = part.get_payload(decode=True) or b""
            body = raw.decode(part.get_content_charset() or "utf-8",
                              "replace")
            break
    own = [l for l in body.splitlines() if not l.startswith(">")]
    print("-----")
    print("\n".join(own if nlines == 0 else own[:nlines]))
    if nlines and len(own) > nlines:
        print(f"... ({len(own) - nlines} more lines; -n 0 for all)")
sys.exit(status)
PYTHON
