#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# build.sh: build a corpus of real mail that was sent to the kernel's and
# Openwall's security lists, from public-inbox git archives of public lists.
#
# Private lists have no public archive.  What a public archive does hold of
# them is the mail that ALSO went to a public list: fix patches that Cc
# security@kernel.org, reports Cc'd to a list, replies in such threads, bot
# mail, post-embargo threads naming linux-distros@, oss-security postings
# cross-posted to a kernel list.  This script finds those by their To: and
# Cc: headers (never by body text) and copies them out.
#
# Reproduce (what doc/precision.md's figures were measured on):
#
#   1. tests/corpus/build.sh --fetch
#      clones the archives of the lists in tests/corpus/lists from
#      lore.kernel.org, which serves each list's archive as public-inbox
#      git repositories, one per epoch (https://lore.kernel.org/LIST/0,
#      /1, ...), into the cache, then builds the corpus from them.  The
#      baseline was measured on epoch 0 of each, at the HEAD commits its
#      build.log names (tests/corpus/README); a clone made today holds
#      the mail sent since, so its corpus is drawn from more messages.
#   2. tests/corpus/build.sh            # again, from the cache, offline
#      or: tests/corpus/build.sh -o DIR ARCHIVE.git...
#   3. tests/corpus/report.sh build/seclint
#
# Usage: build.sh [-o OUTDIR] [--raw] [--cap CATEGORY=N]... [ARCHIVE...]
#        build.sh --fetch [--cache DIR] [--mirror URL] [--list NAME]...
#                 [--epochs N] [-o OUTDIR] [--raw] [--cap CATEGORY=N]...
#
#   ARCHIVE   a public-inbox git directory (one message per commit, blob
#             `m`: a v1 archive, or one epoch of a v2 one such as lore's),
#             or a directory holding one (OWNER+NAME/repo).
#             Default: every archive in the cache (CACHE/archives/LIST/git/
#             EPOCH.git, the layout of lore's mirroring instructions).
#   -o DIR    where the corpus goes (default $XDG_DATA_HOME/seclint/corpus,
#             i.e. ~/.local/share/seclint/corpus: it keeps the hand
#             verdicts, which are no cache).  Never inside a git work
#             tree: the corpus is other people's mail.
#   --cache DIR   where the archives are cloned (default
#             $XDG_CACHE_HOME/seclint, i.e. ~/.cache/seclint).
#   --fetch   first clone each list's epochs into the cache, or update the
#             clones there (git fetch), trying epochs 0, 1, ... until one
#             is not on the mirror (tests/corpus/fetch.sh, which the bench
#             uses too).
#   --mirror URL  where the archives are cloned from (default
#             https://lore.kernel.org): LIST's epoch N is URL/LIST/N, or,
#             when URL holds {list} and {epoch}, URL with those replaced
#             (a path or file:// URL is a mirror too).
#   --list NAME   a list to fetch (repeatable; default: every list named
#             in tests/corpus/lists).
#   --epochs N    fetch at most the first N epochs of each list.
#   --raw     keep every header as archived.  By default the headers that
#             the list servers and the archiver added on the way (Received,
#             List-*, DKIM/ARC, spam scores, ...) are dropped, so that a
#             message looks as it did when it left its sender, which is
#             when seclint sees it.  The body is never touched.
#   --cap C=N at most N messages of category C (see below; defaults:
#             security 300, cve 60, the others 400), or, with shape=N, at
#             most N of one shape within a category (default 100).
#
# Output: DIR/<category>/<nnnn>.eml, DIR/manifest.tsv, DIR/build.log.
# Categories, one per message, by the first closed or security list it is
# addressed to (To/Cc), in this order:
#   distros            linux-distros@vs.openwall.org or distros@vs.openwall.org
#   hardware-security  hardware-security@kernel.org
#   security           security@kernel.org
#   cve                cve@kernel.org
#   oss-security       oss-security@lists.openwall.com
# Deterministic: the same archives give the same corpus.  Messages are
# de-duplicated by Message-ID (a message sent to two lists is in both
# archives), sorted by Date, and when a category or one shape of it has
# more than its cap, every k-th is taken so the sample spans the years.
# Rebuilding removes only what a previous build wrote (the category
# directories, manifest.tsv, build.log, READY); other files in DIR stay
# (judgements, reports).  The first build reads every message of every
# archive (about 10 minutes for the 30 above); it keeps the commits that
# matched in DIR/.scan, so later builds take seconds.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/paths.sh"

outdir=$seclint_corpus
cache=$seclint_cache
mirror=https://lore.kernel.org
fetch=0
epochs=0
raw=0
caps=
archives=()
lists=()
while [ $# -gt 0 ]; do
	case $1 in
	-o) outdir=$2; shift 2 ;;
	-o*) outdir=${1#-o}; shift ;;
	--raw) raw=1; shift ;;
	--cap) caps="$caps $2"; shift 2 ;;
	--cache) cache=$2; shift 2 ;;
	--fetch) fetch=1; shift ;;
	--mirror) mirror=$2; shift 2 ;;
	--list) lists+=("$2"); shift 2 ;;
	--epochs) epochs=$2; shift 2 ;;
	-h|--help) sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	-*) echo "build.sh: unknown option $1" >&2; exit 2 ;;
	*) archives+=("$1"); shift ;;
	esac
done
if [ $fetch = 0 ] && { [ ${#lists[@]} -gt 0 ] || [ "$epochs" != 0 ]; }; then
	echo "build.sh: --list and --epochs say what to fetch: give --fetch too" >&2
	exit 2
fi

if [ $fetch = 1 ]; then
	bash "$here/fetch.sh" --cache "$cache" --mirror "$mirror" \
		--epochs "$epochs" ${lists[@]+"${lists[@]}"} || exit 2
fi

if [ ${#archives[@]} -eq 0 ]; then
	for d in "$cache"/archives/*/git/*.git; do
		[ -d "$d" ] && archives+=("$d")
	done
	if [ ${#archives[@]} -eq 0 ]; then
		echo "build.sh: no archive in $cache/archives: run build.sh" \
		     "--fetch (it clones the lists in tests/corpus/lists from" \
		     "$mirror), or name ARCHIVE paths" >&2
		exit 2
	fi
fi

# The nearest existing directory tells whether OUTDIR would be in a tree.
d=$outdir
while [ ! -d "$d" ]; do d=$(dirname "$d"); done
if git -C "$d" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	echo "build.sh: $outdir is inside a git work tree; the corpus is" \
	     "other people's mail and must stay out of every repository" >&2
	exit 2
fi
mkdir -p "$outdir"
outdir=$(cd "$outdir" && pwd -P)

exec python3 - "$outdir" "$raw" "$caps" "${archives[@]}" <<'PYTHON'
import email.header, email.parser, email.policy, email.utils
import hashlib, os, re, shutil, subprocess, sys, threading

outdir, raw, capspec = sys.argv[1], sys.argv[2] == "1", sys.argv[3]
paths = sys.argv[4:]

# Category per address, in priority order.
TARGETS = [
    ("distros", ("linux-distros@vs.openwall.org", "distros@vs.openwall.org")),
    ("hardware-security", ("hardware-security@kernel.org",)),
    ("security", ("security@kernel.org",)),
    ("cve", ("cve@kernel.org",)),
    ("oss-security", ("oss-security@lists.openwall.com",)),
]
CLOSED = {"distros", "hardware-security", "security"}
ADDR2CAT = {a: c for c, addrs in TARGETS for a in addrs}
PREFILTER = re.compile(
    rb"(?i)(?:^|[\s<,:\"])(?:linux-distros@vs\.openwall\.org|"
    rb"distros@vs\.openwall\.org|hardware-security@kernel\.org|"
    rb"security@kernel\.org|cve@kernel\.org|"
    rb"oss-security@lists\.openwall\.com)")

# Caps: per category, and per shape inside a category, so that (say) the
# many maintainers' patches that Cc security@ do not crowd out reports.
CAP = {"distros": 400, "hardware-security": 400, "security": 300,
       "cve": 60, "oss-security": 400}
SHAPE_CAP = 100
for item in capspec.split():
    k, _, v = item.partition("=")
    if k == "shape":
        SHAPE_CAP = int(v)
    elif k in CAP:
        CAP[k] = int(v)
    else:
        sys.exit("build.sh: --cap takes CATEGORY=N or shape=N, not " + item)

# Headers added after the message left its sender's mail client.
TRANSIT = re.compile(
    r"(?i)^(?:received|return-path|delivered-to|x-original-to|"
    r"authentication-results|arc-[a-z-]+|dkim-signature|"
    r"x-google-dkim-signature|domainkey-signature|x-received|"
    r"x-spam[a-z-]*|x-rspamd[a-z-]*|x-spamd[a-z-]*|x-virus[a-z-]*|"
    r"list-[a-z-]+|mailing-list|precedence|x-mailing-list|x-beenthere|"
    r"x-mailman-[a-z-]+|errors-to|x-loop|x-original-sender|"
    r"x-original-authentication-results|x-forwarded-[a-z-]+|"
    r"x-gm-message-state|x-google-smtp-source|x-ms-exchange-[a-z-]+|"
    r"x-ms-has-attach|x-ms-tnef-correlator|x-originatororg|"
    r"x-microsoft-antispam[a-z-]*|x-forefront-antispam-report[a-z-]*|"
    r"x-ms-office365-filtering-correlation-id|x-proofpoint-[a-z-]+|"
    r"x-me-[a-z-]+|feedback-id|x-greylist|x-scanned-by|x-threadid|"
    r"x-patchwork-[a-z-]+|x-mimecast-[a-z-]+|x-cmae-[a-z-]+|"
    r"x-ironport-[a-z-]+|x-sender|x-envelope-[a-z-]+|x-pm-[a-z-]+|"
    r"x-cr-[a-z-]+|x-cloudmark-[a-z-]+|x-ses-[a-z-]+|x-eopattributedmessage|"
    r"x-ms-publictraffictype|x-ms-traffictypediagnostic|"
    r"x-ms-exchange|x-ms-oob-tlc-oobclassifiers|x-auditid|x-dlp|"
    r"x-sasl-[a-z-]+|x-authenticated-[a-z-]+|x-amp-[a-z-]+|"
    r"x-originating-ip|x-ui-[a-z-]+|x-provags-id|x-kasl|x-mailfrom|"
    r"x-hashcash|sender):")

BOT_FROM = re.compile(
    r"(?i)syzbot|syzkaller|lkp@intel\.com|kernel test robot|"
    r"kbuild test robot|patchwork-bot|kernelci|bot@|robot@|noreply|"
    r"no-reply|do-not-reply|ci_notify|linaro-lkft|lkft@|"
    r"intel-lab-lkp|oe-kbuild|buildbot|bugzilla-daemon|"
    r"regressions@leemhuis|lore-bot")
PATCH_SUBJ = re.compile(r"(?i)^\s*\[[^\]]*\b(?:PATCH|RFC)\b[^\]]*\]")
PULL_SUBJ = re.compile(r"(?i)^\s*\[(?:GIT PULL|PULL|ANNOUNCE)")
REPLY_SUBJ = re.compile(r"(?i)^\s*(?:\[[^\]]*\]\s*)?(?:re|aw|sv|antw)\s*:")
FWD_SUBJ = re.compile(r"(?i)^\s*(?:\[[^\]]*\]\s*)?(?:fwd?|wg)\s*:")
CVE_REQ = re.compile(
    r"(?i)\bCVE[- ](?:ID )?(?:request|assignment)|request(?:ing)?\s+(?:a\s+|an\s+)?"
    r"CVE|CVE\s+(?:id\s+)?needed|(?:please|pls)\s+assign\s+(?:a\s+)?CVE")
ANNOUNCE = re.compile(
    r"(?i)\bCVE-\d{4}-\d{4,}\b|\b(?:announce(?:ment)?|advisory|"
    r"security (?:fix(?:es)?|release|update)|released?|XSA-\d+|"
    r"vulnerabilit(?:y|ies) (?:in|fixed)|stable review)\b")
MSGID = re.compile(r"<[^<>\s]+>")
LISTHOST = re.compile(
    r"(?i)@(?:vger\.kernel\.org|lists\.|kvack\.org|googlegroups\.com|"
    r"nongnu\.org|lists-|ozlabs\.org|alsa-project\.org)|"
    r"^(?:oss-security|linux-distros|distros)@|@lists\.openwall\.com")


def decode(v):
    if v is None:
        return ""
    try:
        return str(email.header.make_header(email.header.decode_header(v)))
    except Exception:
        return str(v)


def flat(s):
    return re.sub(r"\s+", " ", s or "").strip()


def shape_of(h, subj, frm):
    """A hint for the human judge, from headers only."""
    irt = MSGID.findall(h.get("In-Reply-To", "") or "")
    refs = MSGID.findall(h.get("References", "") or "")
    if BOT_FROM.search(frm):
        return "bot"
    if PATCH_SUBJ.match(subj) and not REPLY_SUBJ.match(subj):
        return "patch"
    if irt or refs or REPLY_SUBJ.match(subj):
        return "reply"
    if CVE_REQ.search(subj):
        return "cve-request"
    if PULL_SUBJ.match(subj) or FWD_SUBJ.match(subj):
        return "other"
    if ANNOUNCE.search(subj):
        return "announcement"
    return "first-report"


def repo_name(path):
    p = os.path.abspath(path)
    parts = p.rstrip("/").split("/")
    # The cache's LIST/git/EPOCH.git: "LIST/EPOCH".
    m = re.fullmatch(r"(\d+)\.git", parts[-1])
    if m and len(parts) > 2 and parts[-2] == "git":
        return f"{parts[-3]}/{m.group(1)}"
    for i, part in enumerate(parts):
        if "+" in part and i + 1 < len(parts):
            return part.replace("+", "/", 1)
    return os.path.basename(p)


def git_dir(path):
    for cand in (path, os.path.join(path, "repo")):
        r = subprocess.run(["git", "--git-dir", cand, "rev-parse",
                            "--verify", "-q", "HEAD:m"],
                           capture_output=True)
        if r.returncode == 0:
            return cand
    return None


def scan(gd, revs=None):
    """Yield (commit, author time, blob) for each message of an archive
    (or of the commits @revs, pairs of commit and author time)."""
    if revs is None:
        log = subprocess.run(["git", "--git-dir", gd, "log",
                              "--format=%H %at", "HEAD"],
                             capture_output=True, check=True,
                             text=True).stdout.split("\n")
        revs = [l.split() for l in log if l]
    p = subprocess.Popen(["git", "--git-dir", gd, "cat-file", "--batch"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def feed():
        for c, _ in revs:
            p.stdin.write((c + ":m\n").encode())
        p.stdin.close()

    t = threading.Thread(target=feed)
    t.start()
    for c, at in revs:
        head = p.stdout.readline().split()
        if len(head) < 3 or head[1] != b"blob":
            continue
        data = p.stdout.read(int(head[2]))
        p.stdout.read(1)
        yield c, int(at), data
    t.join()
    p.wait()


def candidates(gd, head):
    """The messages whose headers name a target address, and the number
    of messages in the archive.  The commits that matched are cached in
    OUTDIR/.scan (by archive HEAD and filter), so a rebuild with other
    caps reads only those instead of the whole archive."""
    tag = hashlib.sha1(PREFILTER.pattern).hexdigest()[:12]
    cache = os.path.join(outdir, ".scan", f"{head}-{tag}.txt")
    if os.path.exists(cache):
        with open(cache) as f:
            lines = f.read().split("\n")
        total = int(lines[0])
        revs = [l.split() for l in lines[1:] if l]
        return total, list(scan(gd, revs))
    total, out = 0, []
    for commit, at, data in scan(gd):
        total += 1
        hdr, _ = split_head(data)
        if PREFILTER.search(hdr):
            out.append((commit, at, data))
    os.makedirs(os.path.dirname(cache), exist_ok=True)
    with open(cache + ".tmp", "w") as f:
        f.write(f"{total}\n" + "".join(f"{c} {a}\n" for c, a, _ in out))
    os.replace(cache + ".tmp", cache)
    return total, out


def split_head(data):
    m = re.search(rb"\r?\n\r?\n", data)
    if not m:
        return data, b""
    return data[:m.start()], data[m.start():]


def strip_transit(data):
    head, rest = split_head(data)
    keep, cur = [], []
    for line in head.split(b"\n"):
        if line[:1] in (b" ", b"\t") and cur:
            cur.append(line)
            continue
        if cur:
            keep.append(cur)
        cur = [line]
    if cur:
        keep.append(cur)
    out = [b"\n".join(c) for c in keep
           if not (c[0].startswith(b"From ") or
                   TRANSIT.match(c[0].decode("latin-1")))]
    return b"\n".join(out) + rest


hp = email.parser.BytesHeaderParser(policy=email.policy.compat32)
found = {}            # key -> record
used = []
for path in paths:
    gd = git_dir(path)
    if not gd:
        continue
    name = repo_name(gd)
    head = subprocess.run(["git", "--git-dir", gd, "rev-parse", "HEAD"],
                          capture_output=True, text=True).stdout.strip()
    total, msgs = candidates(gd, head)
    hits = 0
    for commit, at, data in msgs:
        hdr, _ = split_head(data)
        h = hp.parsebytes(hdr + b"\n\n")
        rcpt = [a.lower() for _, a in email.utils.getaddresses(
            [decode(v) for k in ("To", "Cc") for v in (h.get_all(k) or [])])]
        cats = [c for c, addrs in TARGETS if any(a in rcpt for a in addrs)]
        if not cats:
            continue
        hits += 1
        mid = flat(h.get("Message-ID", "") or h.get("Message-Id", ""))
        m = MSGID.search(mid)
        key = m.group(0).lower() if m else \
            "sha1:" + hashlib.sha1(data).hexdigest()
        if key in found:
            found[key]["archives"].add(name)
            continue
        try:
            when = int(email.utils.parsedate_to_datetime(
                h.get("Date")).timestamp())
        except Exception:
            when = at
        subj = flat(decode(h.get("Subject")))
        frm = flat(decode(h.get("From")))
        lists = sorted({a for a in rcpt if LISTHOST.search(a)})
        found[key] = dict(
            key=key, mid=m.group(0) if m else "", when=when,
            date=flat(h.get("Date", "")), subj=subj, frm=frm, cat=cats[0],
            cats=cats, lists=lists, shape=shape_of(h, subj, frm),
            archive=name, archives={name}, commit=commit, data=data)
    used.append((name, gd, head, total, hits))
    print(f"archive {name} ({gd}) HEAD {head}: {total} messages, "
          f"{hits} addressed to a target list", file=sys.stderr)

if not used:
    sys.exit("build.sh: no public-inbox archive found (build.sh --fetch clones some)")

# Select: per category, per shape, every k-th by date.
def every_kth(items, n):
    if len(items) <= n:
        return items
    return [items[(i * len(items)) // n] for i in range(n)]

chosen = []
for cat, _ in TARGETS:
    msgs = sorted((r for r in found.values() if r["cat"] == cat),
                  key=lambda r: (r["when"], r["key"]))
    byshape = {}
    for r in msgs:
        byshape.setdefault(r["shape"], []).append(r)
    pick = []
    for s in sorted(byshape):
        pick += every_kth(byshape[s], SHAPE_CAP)
    pick.sort(key=lambda r: (r["when"], r["key"]))
    chosen += every_kth(pick, CAP[cat])

# Write.
for cat, _ in TARGETS:
    shutil.rmtree(os.path.join(outdir, cat), ignore_errors=True)
for f in ("manifest.tsv", "build.log", "READY"):
    try:
        os.remove(os.path.join(outdir, f))
    except FileNotFoundError:
        pass

def cell(s):
    return re.sub(r"[\t\r\n]+", " ", s)

counter = {}
rows = []
for r in chosen:
    n = counter[r["cat"]] = counter.get(r["cat"], 0) + 1
    rel = f"{r['cat']}/{n:04d}.eml"
    os.makedirs(os.path.join(outdir, r["cat"]), exist_ok=True)
    with open(os.path.join(outdir, rel), "wb") as f:
        f.write(r["data"] if raw else strip_transit(r["data"]))
    rows.append([rel, r["archive"], r["commit"], r["mid"], r["date"],
                 ",".join(r["cats"]), ",".join(r["lists"]), r["shape"],
                 r["frm"], r["subj"], ",".join(sorted(r["archives"]))])

with open(os.path.join(outdir, "manifest.tsv"), "w") as f:
    f.write("file\tarchive\tcommit\tmessage_id\tdate\ttargets\tlists\t"
            "shape\tfrom\tsubject\tarchives\n")
    for row in rows:
        f.write("\t".join(cell(c) for c in row) + "\n")

# Summary.
log = []
log.append(f"corpus: {outdir} ({'raw headers' if raw else 'transit headers dropped'})")
log.append("archives used (repository, git dir, HEAD, messages, matches):")
for name, gd, head, total, hits in used:
    log.append(f"  {name}\t{gd}\t{head}\t{total}\t{hits}")
SHAPES = ["first-report", "reply", "patch", "announcement", "bot",
          "cve-request", "other"]
def table(title, recs):
    log.append("")
    log.append(f"{title:<18} {'total':>6}  " +
               " ".join(f"{s:>12}" for s in SHAPES))
    for cat in [c for c, _ in TARGETS] + ["total"]:
        sel = [r for r in recs if cat in ("total", r["cat"])]
        log.append(f"{cat:<18} {len(sel):>6}  " +
                   " ".join(f"{sum(1 for r in sel if r['shape'] == s):>12}"
                            for s in SHAPES))
table("found (unique)", list(found.values()))
table("chosen", chosen)
closed = sum(1 for r in rows if r[0].split("/")[0] in CLOSED)
log.append(f"addressed to a closed list (security@, hardware-security@, "
           f"the distros lists): {closed}")
log.append(f"addressed to cve@kernel.org (any category): "
           f"{sum(1 for r in rows if 'cve' in r[5].split(','))}")
log.append(f"addressed to oss-security (any category): "
           f"{sum(1 for r in rows if 'oss-security' in r[5].split(','))}")
text = "\n".join(log) + "\n"
sys.stdout.write(text)
with open(os.path.join(outdir, "build.log"), "w") as f:
    f.write(text)
PYTHON
