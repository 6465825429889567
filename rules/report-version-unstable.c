// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "literals.h"
#include "matches.h"
#include "message.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "signals.h"
#include "text.h"

/*
 * A kernel version as a report writes it, with what follows it up to
 * white space: "6.12.3", "v6.13-rc2", "7.1", "5.14.0-427.13.1.el9_4",
 * "6.10.0-rc4-00123-gabcdef123456".  Groups 1 and 2 are the two words
 * before it (a distribution's or a tool's name: "Rocky Linux 9.3",
 * "gcc 13.2"), 3 the version, 4 the rest.
 */
static const char version_token[] =
	"(?:(?:([\\w!/-]+)\\s+)?([\\w!/-]+):?\\s+)?"
	"(?:(?<![\\w.+:/-])|(?<=(?i:linux)-)|(?<=(?i:kernel)-))"
	"v?([2-9]\\.\\d{1,2}(?:\\.\\d{1,3})?(?:-rc\\d{1,2})?)"
	"((?:[-+~_]|\\.(?=\\w))(?:[\\w+~-]|\\.(?=\\w))*)?";

/* The word before a number that is no kernel version: a tool's, a
 * protocol's or a document's ("gcc 13.2", "CVSS 7.5", "section 4.2"). */
static const char not_kernel_word[] =
	"(?i)^(gcc|clang|llvm|qemu|python3?|glibc|binutils|cvss(v\\d)?|"
	"openssl|openssh|systemd|xen|libvirt|rustc?|go|tls|ssl|smb|http|"
	"usb|pcie?|bluetooth|acpi|uefi|bios|firmware|spec|specification|"
	"section|sections|revision|rev|chapter|table|figure|rfc|version|"
	"iproute2|e2fsprogs|xfsprogs|btrfs-progs|syzkaller|kvmtool|"
	"virtiofsd|cvss:3)$";

/* Units after a number that is no kernel version ("2.5 seconds"). */
static const char unit_after[] =
	"^\\s*(%|ms\\b|s\\b|sec|second|minute|hour|[kmgt]i?b\\b|[kmg]hz\\b|"
	"x\\b|times\\b|us\\b|ns\\b|v\\b|w\\b)";

/* A distribution's name before its release: "RHEL 9.4", "Rocky Linux
 * 9.3" (in the two words before it). */
static const char distro_word[] =
	"(?i)\\b(debian|ubuntu|fedora|rhel|centos|rocky|almalinux|alma|"
	"opensuse|leap|sles|sle|suse|oracle|amazon|android|chromeos|mint|"
	"openeuler|anolis|kylin|raspbian|alpine|gentoo|nixos|stream)\\b";

/*
 * What follows a version that makes it a distribution's kernel: a
 * package release number ("-427.13.1.el9_4", "-45-generic",
 * "-18-amd64"), a distribution tag ("el9", "fc40") or flavour.  Not "-rc",
 * not a git describe string ("-00123-gabcdef123456"), not a linux-next tag.
 */
static const char distro_suffix[] =
	"(?i)^-\\d|\\.(el|fc|amzn|an|oe|mga|ky|uek)\\d|-(generic|amd64|arm64|"
	"armmp|686(-pae)?|cloud|lowlatency|azure|aws|gcp|oracle|oem|kvm|ibm|"
	"raspi|default|arch\\d|lts|zen|hardened|android\\d+|microsoft|wsl|"
	"pve|truenas|cachyos|manjaro|rpi)\\b";

/* A git describe string ("-00123-gabcdef123456") or a linux-next tag:
 * stable whatever else follows. */
static const char stable_suffix[] =
	"(?i)-g[0-9a-f]{7,40}\\b|-next-20\\d{6}\\b";

/* A commit id: 12 to 40 hex digits, not an address ("ffff8880..."), or
 * 7 and more after the word "commit" or in a link to a commit. */
static const char commit_id[] =
	"(?<![\\w/.+-])(?!ffff|0000)(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\\d)"
	"[0-9a-f]{12,40}(?![\\w-])|/commits?/[0-9a-f]{7,40}\\b|"
	"(?i)\\bcommit\\s+(?-i)[0-9a-f]{7,11}\\b";

/* A dated linux-next: its tag, or the tree with a date beside it. */
static const char next_dated[] =
	"(?i)\\bnext-20\\d{6}\\b|\\blinux-next\\b[^\\n.]{0,24}?"
	"\\b20\\d\\d-?[01]\\d-?[0-3]\\d\\b";

/*
 * Names of a version that changes from one day to the next: "latest
 * mainline", "current git", "upstream HEAD", "linux-next", "Linus' tree",
 * "the latest stable".
 */
static const char time_dependent[] =
	"(?i)\\b(latest|current|recent|newest|today'?s|up[- ]to[- ]date|"
	"most recent)\\s+(upstream|mainline|linus'?s?|torvalds'?s?|master|"
	"git|kernels?|linux|stable|long[- ]?term|lts|linux-next|rc|release|"
	"tree|development tree|head|tip)\\b|"
	"\\b(upstream|mainline|linus'?s?|torvalds'?s?)\\s+(head|master|tip)\\b|"
	"\\btip of (the )?(tree|master|mainline|upstream)\\b|"
	"\\b(torvalds/linux|linus'?s? (tree|master|branch))\\b|"
	"\\bmainline\\b|\\blinux-next\\b|"
	"\\b(against|on|at|of)\\s+(git\\s+)?(?-i:HEAD)\\b|"
	"\\b(net-next|bpf-next|mm-unstable|mm-stable|mm-everything)\\b";

/* A distribution kernel named without a version of its own: "RHEL 9",
 * "Ubuntu 22.04's kernel", "the Debian kernel". */
static const char distro_kernel[] =
	"\\b(Debian|Ubuntu|Fedora|RHEL|Red Hat Enterprise Linux|CentOS|"
	"Rocky Linux|AlmaLinux|openSUSE|SLES|SUSE Linux Enterprise|"
	"Oracle Linux|Amazon Linux|Android|ChromeOS|Linux Mint|openEuler|"
	"Arch Linux|Raspberry Pi OS)"
	"((\\s+(Linux|Server|Stream|Leap|LTS|Enterprise))*\\s+\\d+(\\.\\d+)?"
	"(\\s+LTS)?('s)?(\\s+(stock|stable|default|distribution|distro))?"
	"(\\s+kernels?)?|('s)?(\\s+(stock|stable|default|distribution|"
	"distro))?\\s+kernels?)\\b";

/* The lines of a kernel log or an attached log that name its kernel. */
static const char log_version_line[] =
	"(?m)^.*\\b(Not tainted|Tainted:|Linux version|HEAD commit:|"
	"git tree:|Kernel Configuration)\\b.*$";

struct versions {
	char *stable;		/* the first stable identifier seen */
	char *distro;		/* the first distribution kernel */
	char *dependent;	/* the first time-dependent name */
	const char *distro_in;	/* where: "Subject" or "body" */
	const char *dependent_in;
};

static void versions_clear(struct versions *v)
{
	g_free(v->stable);
	g_free(v->distro);
	g_free(v->dependent);
}

static void keep(char **slot, char *found)
{
	if (*slot || !found)
		g_free(found);
	else
		*slot = found;
}

/*
 * version_token is tried only where a match can start.  Each match holds
 * its version's "[2-9]." and starts at most two words before it: PCRE2's
 * search tried the two optional words at every byte of the text, a
 * thousand instructions a byte of prose.  The window of a version: back
 * from its digit over an optional "v", white space, ":", a word, white
 * space and a word, as the pattern reads them, with every byte that is
 * not ASCII taken for a word character and for a space (\w and \s are
 * Unicode's): a wider window, never a narrower one.  Each character start
 * of a window is tried in turn with the pattern anchored, as the search
 * tries each start, so the first match found is the search's.
 */
static gboolean word_byte(guchar b)
{
	return b >= 0x80 || g_ascii_isalnum(b) || b == '_' || b == '!' ||
	       b == '/' || b == '-';
}

static gboolean space_byte(guchar b)
{
	return b >= 0x80 || (b && strchr(" \t\n\v\f\r", b));
}

/* Back from @at over the bytes @in admits, not below @lo. */
static gsize back_over(const guchar *s, gsize at, gsize lo,
		       gboolean (*in)(guchar))
{
	while (at > lo && in(s[at - 1]))
		at--;
	return at;
}

/* Where a match of version_token whose version starts at @c may start,
 * at the earliest (not before @lo). */
static gsize window_start(const guchar *s, gsize c, gsize lo)
{
	gsize p = c > lo && s[c - 1] == 'v' ? c - 1 : c;
	gsize q = back_over(s, p, lo, space_byte), r, t, u;

	if (q == p)
		return p;		/* no white space: no words before */
	if (q > lo && s[q - 1] == ':')
		q--;
	r = back_over(s, q, lo, word_byte);
	if (r == q)
		return p;
	t = back_over(s, r, lo, space_byte);
	if (t == r)
		return r;
	u = back_over(s, t, lo, word_byte);
	return u < t ? u : r;
}

struct tokens {
	sl_matches *m;		/* version_token, anchored */
	sl_matches *search;	/* the search, with SECLINT_CHECK_LITERALS=1 */
	const guchar *s;
	gsize len;
	gsize from;		/* no match starts before */
};

/* Does the search find the match @t found (@found: one at all)? */
static void tokens_prove(struct tokens *t, gboolean found)
{
	gboolean again = sl_matches_next(t->search);

	for (int g = 0; again == found && found && g <= 4; g++) {
		int a, b, c, d;

		sl_matches_fetch_pos(t->m, g, &a, &b);
		sl_matches_fetch_pos(t->search, g, &c, &d);
		if (a != c || b != d)
			again = !found;
	}
	if (again != found)
		g_error("seclint: version_token's windows and its search "
			"differ: %s", (const char *)t->s);
}

/* The next match of version_token, as sl_matches_next() of a search. */
static gboolean tokens_next(struct tokens *t)
{
	gboolean found = FALSE;

	while (!found && t->from < t->len) {
		const guchar *d = memchr(t->s + t->from, '.', t->len - t->from);
		gsize c, at;

		if (!d)
			break;
		at = (gsize)(d - t->s);
		if (at == t->from || t->s[at - 1] < '2' || t->s[at - 1] > '9') {
			t->from = at + 1;	/* no version's "[2-9]." */
			continue;
		}
		c = at - 1;
		for (gsize i = window_start(t->s, c, t->from); i <= c; i++)
			if ((t->s[i] & 0xC0) != 0x80 &&
			    sl_matches_next_at(t->m, i)) {
				found = TRUE;
				break;
			}
		if (found) {
			int start, end;

			sl_matches_fetch_pos(t->m, 0, &start, &end);
			t->from = (gsize)end;
		} else {
			t->from = c + 1;
		}
	}
	if (t->search)
		tokens_prove(t, found);
	return found;
}

/* The version tokens of @text: stable ones, and distributions'. */
static void scan_tokens(const char *text, struct versions *v)
{
	g_autoptr(sl_matches) m = sl_matches_fixed(version_token,
						   G_REGEX_ANCHORED, text, -1);
	g_autoptr(sl_matches) search = sl_literals_checking()
		? sl_matches_fixed(version_token, 0, text, -1) : NULL;
	struct tokens tk = { m, search, (const guchar *)text, strlen(text), 0 };

	while (!v->stable && tokens_next(&tk)) {
		g_autofree char *far = sl_matches_fetch(m, 1);
		g_autofree char *near = sl_matches_fetch(m, 2);
		g_autofree char *rest = sl_matches_fetch(m, 4);
		g_autofree char *words = g_strconcat(far, " ", near, NULL);
		int from, to, start, end;

		sl_matches_fetch_pos(m, 3, &start, &end);
		if (sl_regex_test(not_kernel_word, 0, near) ||
		    (!*rest && sl_regex_test(unit_after, G_REGEX_CASELESS,
					     text + end)))
			continue;
		sl_matches_fetch_pos(m, 0, &from, &end);
		if (sl_regex_test(distro_word, 0, words)) {
			/* "RHEL 9.4", "Rocky Linux 9.3": name and release */
			sl_matches_fetch_pos(m, sl_regex_test(distro_word, 0,
							      near) ? 2 : 1,
					     &from, &to);
			keep(&v->distro, g_strndup(text + from,
						   (gsize)(end - from)));
		} else if (!sl_regex_test(stable_suffix, 0, rest) &&
			   sl_regex_test(distro_suffix, 0, rest)) {
			keep(&v->distro, g_strndup(text + start,
						   (gsize)(end - start)));
		} else {
			v->stable = sl_matches_fetch(m, 3);
		}
	}
}

/* Whatever of @text (in @where) tells a version; @names: the
 * time-dependent and distribution names count too (not in a log's lines). */
static void scan(const char *text, const char *where, gboolean names,
		 struct versions *v)
{
	if (!v->stable)
		keep(&v->stable, sl_regex_find(commit_id, text, 0));
	if (!v->stable)
		keep(&v->stable, sl_regex_find(next_dated, text, 0));
	if (!v->distro)
		v->distro_in = where;
	if (!v->stable)
		scan_tokens(text, v);
	if (v->stable || !names)
		return;
	keep(&v->distro, sl_regex_find(distro_kernel, text, 0));
	if (!v->dependent)
		v->dependent_in = where;
	keep(&v->dependent, sl_regex_find(time_dependent, text, 0));
}

/* The lines of a kernel log that name the kernel it ran. */
static void scan_log(const char *log, struct versions *v)
{
	g_autoptr(sl_matches) m = NULL;

	if (!*log)
		return;
	m = sl_matches_fixed(log_version_line, 0, log, -1);
	while (!v->stable && sl_matches_next(m)) {
		g_autofree char *line = sl_matches_fetch(m, 0);

		scan(line, "body", FALSE, v);
	}
}

/* Logs and configurations sent as attachments, of whatever type: the
 * lines of their first bytes that name a kernel. */
static void scan_attachments(const struct sl_message *msg, struct versions *v)
{
	for (guint i = 0; !v->stable && i < msg->parts->len; i++) {
		const struct sl_part *p = msg->parts->pdata[i];
		g_autofree char *head = NULL;
		gsize len;
		const char *data;

		if (!sl_part_is_attachment(p) || !p->head || p->crypto)
			continue;
		data = g_bytes_get_data(p->head, &len);
		head = g_utf8_make_valid(data, (gssize)len);
		scan_log(head, v);
	}
}

static void report(struct sl_check *c, const struct versions *v)
{
	g_autofree char *what = NULL;

	if (!v->distro && !v->dependent) {
		/* the version may be where the rule cannot read */
		sl_report_capped(c, SL_SEV_WARNING, "body", "the report names "
				 "no kernel version, tree or commit; give the "
				 "exact release or the commit id you tested");
		return;
	}
	if (v->distro && v->dependent)
		what = g_strdup_printf("a distribution kernel ('%s') and a "
				       "time-dependent version ('%s')",
				       v->distro, v->dependent);
	else if (v->distro)
		what = g_strdup_printf("a distribution kernel ('%s'), which "
				       "maintainers cannot map to their tree",
				       v->distro);
	else
		what = g_strdup_printf("a time-dependent version ('%s'), which "
				       "says nothing once the tree moves on",
				       v->dependent);
	sl_report_at(c, v->distro ? v->distro_in : v->dependent_in,
		     v->distro ? v->distro : v->dependent, "the report names "
		     "only %s; give the exact kernel.org release or the commit "
		     "id you tested", what);
}

static void check(struct sl_check *c)
{
	const struct sl_text *t = sl_initial_report_text(c);
	const char *subject = c->msg->subject ? c->msg->subject : "";
	struct versions v = { NULL, NULL, NULL, NULL, NULL };

	/* A patch posting is no report, even one whose hunks did not
	 * survive the mailer or that carries its patches as attachments:
	 * its base is the tree it applies to. */
	if (!t || sl_msg_patch_subject(c->msg) ||
	    sl_msg_patch_attachment(c->msg) || sl_text_not_own_finding(t))
		return;
	scan(subject, "Subject", TRUE, &v);
	if (!v.stable)
		scan(t->prose->str, "body", TRUE, &v);
	if (!v.stable)
		scan_log(t->log->str, &v);
	if (!v.stable)
		scan_attachments(c->msg, &v);
	if (!v.stable)
		report(c, &v);
	versions_clear(&v);
}

const struct sl_rule sl_rule_report_version_unstable = {
	.id = "report-version-unstable",
	.summary = "the report names no stable kernel version: none, only a "
		   "time-dependent one, or only a distribution kernel",
	.rationale =
		"A version the maintainers can check out is what lets them "
		"tell a new bug from one already fixed.  Names that move with "
		"time (latest mainline, current git, upstream HEAD, "
		"linux-next without its date, the latest stable) and "
		"distribution kernels (5.14.0-427.13.1.el9_4, "
		"6.8.0-45-generic, the Ubuntu 22.04 kernel), which carry "
		"patches no maintainer "
		"has, identify nothing; from the 2026-08 text on, a report "
		"without an exact kernel.org release (6.12.3, v6.13-rc2), a "
		"commit id (alone or in its git describe string) or a dated "
		"linux-next tag (next-20260501) is not processed.  One of "
		"them anywhere in the report, its Subject, the lines of a "
		"pasted or attached kernel log that name the running kernel "
		"(Not tainted 6.9.0-rc1) or an attached configuration "
		"satisfies the rule, so a distribution kernel given beside "
		"an upstream version is fine.  A stable series named as a "
		"range (6.1.y) is taken as one.  A report that names no "
		"version at all is only a warning: the version may be where "
		"the rule cannot read it, and on real mail such messages "
		"were mostly questions about the current code; one that asks "
		"whether the code it quotes matters ('Do we care?') or "
		"passes on a report its sender received is not judged.  "
		"Only first "
		"reports are judged: replies and patch postings (a [PATCH] "
		"Subject, an attached patch) are not reports.",
	.help = "name the exact release or commit you reproduced it on "
		"(e.g. 'v6.13-rc2', 'mainline at commit 0123456789ab', "
		"'next-20260501'), not a moving tree or a distribution kernel",
	.example_bad = "From: A <a@reporter.test>\n"
		       "To: foo@example.org\n"
		       "Cc: security@kernel.org\n"
		       "Subject: foo: overflow in foo_ioctl()\n\n"
		       "There is an overflow in foo_ioctl(); it reproduces on "
		       "the latest mainline.\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: foo@example.org\n"
			"Cc: security@kernel.org\n"
			"Subject: foo: overflow in foo_ioctl()\n\n"
			"There is an overflow in foo_ioctl(); it reproduces on "
			"mainline at commit 0123456789ab (v6.13-rc2).\n",
	.check = check,
};
