// SPDX-License-Identifier: GPL-2.0-only
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "address.h"
#include "context.h"
#include "embargo.h"
#include "literals.h"
#include "matches.h"
#include "nonconforming.h"
#include "policy.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "signals.h"
#include "text.h"

struct out_of_scope {
	const char *what;	/* for the finding */
	const char *claim;	/* the report says so */
	const char *unless;	/* ... but also says this: in scope */
	/* one of these is in each match of @claim (rules/lib/literals.h) */
	const char *const *needs;
};

/* CAP_ or root after the verb. */
static const char *const privilege_words[] = { "\\bcap_", "\\broot", NULL };
/* The option's name, however written. */
static const char *const debug_words[] = {
	"kasan", "kmsan", "lockdep", "prove_locking", "fault_injection",
	"fault injection", "failslab", "fail_page_alloc", "debug_", NULL
};
static const char *const staging_words[] = {
	"drivers/staging/", "(experimental)", NULL
};
/* "pointer leak", "leaks addresses", "KASLR bypass". */
static const char *const address_words[] = {
	"leak", "disclosure", "kaslr ", NULL
};
static const char *const physical_words[] = { "physical access", NULL };

static const struct out_of_scope classes[] = {
	{ "it needs CAP_SYS_ADMIN, CAP_NET_ADMIN or root",
	  "(?i)\\b(requires?|requiring|needs?|needed|must (have|be)|only "
	  "(as|with|by)|run(ning)? as|privileged)\\b[^.\\n]{0,30}?"
	  "(\\bCAP_(SYS_ADMIN|NET_ADMIN|SYS_RAWIO|SYS_MODULE)\\b|"
	  "\\broot\\b( privileges?| access| user)?)",
	  "(?i)\\b(unprivileged|(?<!initial )user namespaces?|userns|unshare|non-root|"
	  "normal user|regular user|any (local )?user)\\b", privilege_words },
	{ "it only shows with debugging options (KASAN, LOCKDEP, fault "
	  "injection)",
	  "(?i)\\bonly\\b[^.\\n]{0,20}?\\b(with|when|under|if|on)\\b[^.\\n]{0,30}?\\b(CONFIG_)?"
	  "(KASAN|KMSAN|LOCKDEP|PROVE_LOCKING|FAULT_INJECTION|FAILSLAB|"
	  "FAIL_PAGE_ALLOC|DEBUG_[A-Z_]+)\\b|\\b(with|using|needs?|requires?)"
	  " (CONFIG_)?(fault[ _]injection|FAULT_INJECTION|failslab|"
	  "fail_page_alloc)\\b",
	  "(?i)\\b(production|default config\\w*|distribution kernels?|"
	  "distro kernels?|without (CONFIG_)?KASAN)\\b", debug_words },
	{ "the code is in drivers/staging or EXPERIMENTAL",
	  "\\bdrivers/staging/|\\bCONFIG_\\w+ \\(EXPERIMENTAL\\)|"
	  "\\(EXPERIMENTAL\\)", NULL, staging_words },
	/* Devices and media that break their specification: the query
	 * private-with-public-list shares (nonconforming() below). */
	{ NULL, NULL, NULL, NULL },
	{ "it only leaks kernel addresses (a pointer or KASLR leak)",
	  "(?i)\\b(kernel )?(pointer|address)(es)? (leak|disclosure)|"
	  "\\bleaks? (a |the |kernel )*(pointers?|addresses)\\b|"
	  "\\bKASLR (bypass|leak|defeat)",
	  "(?i)\\b(use[- ]after[- ]free|overflow|out[- ]of[- ]bounds write|"
	  "arbitrary (write|read)|privilege escalation|code execution|"
	  "double[- ]free|memory corruption)\\b", address_words },
	{ "it needs physical access", "(?i)\\bphysical access\\b", NULL,
	  physical_words },
};

/* Versions the report was tested on; not "introduced in v4.4", nor a
 * number in another name ("Codex:gpt-5.5", "CVSS 3.1"). */
static const char version[] =
	"(?i)(\\b(introduced|since|from|after|before|until|added) (in |by |"
	"with )?(commit \\w+ \\()?)?(?<![-.:/+])(?<!cvss )"
	"\\bv?(2(?=\\.6)|[3-7])\\.(\\d{1,2})(\\.\\d+)?(-rc\\d+)?\\b";


/*
 * The oldest kernel series still maintained on @when ("5.10"), from the
 * profile's "eol" list of SERIES@YYYY-MM-DD (the day each ended): the
 * first one that had not ended by then.  NULL if every listed one had,
 * or the list is unreadable: then nothing is called end-of-life.
 */
static char *oldest_maintained(const char *const *items, GDateTime *when)
{
	g_autofree char *day = g_date_time_format(when, "%Y-%m-%d");

	for (const char *const *i = items; i && *i; i++) {
		char *at = strchr(*i, '@');

		if (!at || strlen(at + 1) != 10)
			continue;
		if (strcmp(at + 1, day) > 0)
			return g_strndup(*i, (gsize)(at - *i));
	}
	return NULL;
}

/* Is the "." at @p of @text one of a version?  Each holds a digit 2 to 7,
 * "." and a \\d (any decimal digit: a byte outside ASCII may start one). */
static gboolean version_dot(const char *text, const char *p)
{
	return p > text && p[-1] >= '2' && p[-1] <= '7' &&
	       (g_ascii_isdigit(p[1]) || (guchar)p[1] >= 0x80);
}

/* Can @text hold a version? */
static gboolean may_name_version(const char *text)
{
	for (const char *p = strchr(text, '.'); p; p = strchr(p + 1, '.'))
		if (version_dot(text, p))
			return TRUE;
	return !sl_regex_cannot_match(version, 0, text);
}

/* What the versions of a text say against the oldest maintained series. */
struct eol_count {
	unsigned emaj, emin;
	unsigned tested;	/* versions tested, all older */
	gboolean newer;		/* one tested is not older */
};

/* Count the versions of @text (@len bytes, valid UTF-8) into @n. */
static void count_versions(const char *text, gsize len, struct eol_count *n)
{
	g_autoptr(sl_matches) mi = sl_matches_fixed_valid(version, 0, text,
							  len);

	while (!n->newer && sl_matches_next(mi)) {
		g_autofree char *origin = sl_matches_fetch(mi, 1);
		g_autofree char *maj = sl_matches_fetch(mi, 5);
		g_autofree char *min = sl_matches_fetch(mi, 6);
		unsigned a = strtoul(maj, NULL, 10), b = strtoul(min, NULL, 10);

		if (origin && *origin)
			continue;
		if (a > n->emaj || (a == n->emaj && b >= n->emin))
			n->newer = TRUE;
		else
			n->tested++;
	}
}

/*
 * The same, read only in the lines that may hold a version: no match of
 * the pattern spans a line (it has no \s, no "." and no class with a
 * newline; \b and the lookbehinds read a line's start as the text's
 * start), so its matches in the text are those of its lines in turn, and
 * a line without a version_dot() has none.  The
 * pattern has no first character for PCRE2 to look for (its optional
 * "introduced in" starts it), and tried every position of the text.
 */
static void count_versions_by_line(const char *text, gsize len,
				   struct eol_count *n)
{
	const char *end = text + len;

	for (const char *p = memchr(text, '.', len); p && !n->newer;
	     p = p < end ? memchr(p, '.', (gsize)(end - p)) : NULL) {
		const char *start, *stop;

		if (!version_dot(text, p)) {
			p++;
			continue;
		}
		for (start = p; start > text && start[-1] != '\n'; start--)
			;
		stop = memchr(p, '\n', (gsize)(end - p));
		if (!stop)
			stop = end;
		count_versions(start, (gsize)(stop - start), n);
		p = stop;
	}
}

/* Are all tested versions older than @eol ("5.10")?  With
 * SECLINT_CHECK_LITERALS=1, the lines' answer is compared with the whole
 * text's, and a difference aborts. */
static gboolean only_eol(const char *text, const char *eol)
{
	struct eol_count n = { 0 };
	gsize len;

	if (!eol || sscanf(eol, "%u.%u", &n.emaj, &n.emin) != 2 ||
	    !may_name_version(text))
		return FALSE;
	len = strlen(text);
	/* No matches in a text that is not UTF-8, as with lint/util. */
	if (!sl_utf8_valid(text, len))
		return FALSE;
	count_versions_by_line(text, len, &n);
	if (sl_literals_checking()) {
		struct eol_count all = { n.emaj, n.emin, 0, FALSE };

		count_versions(text, len, &all);
		if (all.newer != n.newer || (!n.newer && all.tested != n.tested))
			g_error("seclint: the versions of the lines differ "
				"from the text's: %s", text);
	}
	return !n.newer && n.tested > 0;
}

static void report(struct sl_check *c, const char *what, const char *hit)
{
	sl_report_at(c, "body", hit, "this probably falls outside the "
		     "kernel's threat model (%s); if so, it is a regular bug: "
		     "consider reporting it publicly to the maintainers", what);
}

/* The closed list the report goes to: the kernel's teams, or distros. */
static const char *closed_list(const struct sl_check *c)
{
	const struct sl_address *a = sl_msg_kernel_report_to(c->msg, c->policy);

	if (!a)
		a = sl_msg_find_role(c->msg, c->policy, "distros");
	return a ? a->addr : "the closed list";
}

/*
 * A bug that needs a device or a medium breaking its specification.  Where
 * the profile's threat model has that class of its own (2026-08's
 * "Non-conforming devices and media", non-conforming-devices=1), devices
 * reporting values outside their range count too, and the finding says
 * what private-with-public-list says of the same report: it is a regular
 * bug, so the closed list goes and the public lists stay.
 */
static gboolean nonconforming(struct sl_check *c)
{
	gboolean heading = sl_param_flag(c, "non-conforming-devices");
	g_autofree char *said = NULL;
	enum sl_nonconforming kind = sl_check_nonconforming(c, heading, &said);
	const struct sl_address *list;

	if (kind == SL_NONCONFORMING_NONE)
		return FALSE;
	if (!heading) {
		report(c, kind == SL_NONCONFORMING_IMAGE
			  ? "it needs a crafted file-system image to be mounted"
			  : "it needs physical access or an emulated or "
			    "malicious device",
		       said);
		return TRUE;
	}
	list = sl_msg_find_public_list(c->msg, c->policy);
	if (list)
		sl_report_at(c, "body", said, "this probably falls outside the "
			     "kernel's threat model (a device or medium that "
			     "breaks its specification: %s); if so, it is a "
			     "regular bug: keep the public list %s and drop %s",
			     sl_nonconforming_what(kind), list->addr,
			     closed_list(c));
	else
		sl_report_at(c, "body", said, "this probably falls outside the "
			     "kernel's threat model (a device or medium that "
			     "breaks its specification: %s); if so, it is a "
			     "regular bug: report it to the maintainers and "
			     "their public list, not to %s",
			     sl_nonconforming_what(kind), closed_list(c));
	return TRUE;
}

static void check(struct sl_check *c)
{
	const struct sl_text *t = NULL;
	g_autofree char *eol = NULL;
	g_autofree char *text = NULL;
	const char *flat;
	g_autoptr(GDateTime) when = NULL;
	gboolean from_header;

	/* The kernel's threat model: not for a distros report about
	 * other software, whose version numbers are no kernel's. */
	if (c->msg->followup || !sl_msg_has_closed_list(c->msg, c->policy) ||
	    !sl_facts_content_visible(c->facts) ||
	    (!sl_msg_kernel_report_to(c->msg, c->policy) &&
	     !sl_check_is_kernel_issue(c)))
		return;
	t = sl_facts_text(c->facts);
	text = g_strconcat(c->msg->subject ? c->msg->subject : "", "\n",
			   t->prose->str, NULL);
	flat = sl_facts_claims_text(c->facts);
	for (size_t i = 0; i < G_N_ELEMENTS(classes); i++) {
		g_autofree char *hit = NULL;

		if (!classes[i].claim) {
			if (nonconforming(c))
				return;
			continue;
		}
		if (sl_regex_ruled_out(c->facts, classes[i].claim, 0,
				       classes[i].needs, flat))
			continue;
		hit = sl_text_find_unnegated(sl_regex_cached(classes[i].claim,
							     0),
					     flat, NULL);
		if (hit && !(classes[i].unless &&
			     sl_regex_test(classes[i].unless, 0,
					   flat))) {
			report(c, classes[i].what, hit);
			return;
		}
	}
	when = sl_embargo_base(c->msg, &from_header);
	eol = oldest_maintained(sl_param_list(c, "eol"), when);
	if (only_eol(text, eol))
		report(c, "every version it names is older than the oldest "
		       "maintained series", NULL);
}

static const struct sl_param params[] = {
	{ .key = "non-conforming-devices", .type = SL_PARAM_FLAG,
	  .doc = "1: devices and media that break their specification are a class "
	  "of their own, devices reporting out-of-range values included, and "
	  "the finding says to keep the public lists and drop the closed one; "
	  "0: crafted images and fake devices only, as older texts list them" },
	{ .key = "eol", .type = SL_PARAM_LIST, .optional = TRUE,
	  .doc = "the longterm series and the day each ended, SERIES@YYYY-MM-DD "
	  "(3.16@2020-06-25 ...): a report whose every version is older than "
	  "the oldest series not ended on its Date is end-of-life; unset: "
	  "no version is" },
	{ .key = NULL },
};

const struct sl_rule sl_rule_threat_model_out_of_scope = {
	.id = "threat-model-out-of-scope",
	.summary = "the reported issue seems to be outside the kernel's "
		   "threat model",
	.rationale =
		"Most reports to the security team are regular bugs that "
		"should have gone through the normal public channels.  The "
		"2026 threat model names classes that are not security bugs: "
		"actions that need CAP_SYS_ADMIN, CAP_NET_ADMIN or root, "
		"issues seen only with debugging options, staging or "
		"experimental code, crafted file-system images, leaks of "
		"kernel addresses alone, physical access or fake devices (from "
		"2026-08, devices and media that break their specification, "
		"devices reporting values outside their documented range "
		"included, are one class, and such a bug goes to the public "
		"lists without security@), and "
		"end-of-life kernels: every version named older than the "
		"oldest series still maintained on the message's Date (the "
		"profile lists the longterm series and the day each ended).  "
		"Only kernel issues are judged: a report to the kernel teams, "
		"or one that names the kernel.  This is a note: a KASAN "
		"splat alone, or "
		"a claim that an unprivileged user can reach the bug, does "
		"not trigger it.",
	.help = "if the issue is in one of these classes, report it as a "
		"regular bug to the maintainers and their public list, without "
		"security@; otherwise say why it is exploitable",
	.params = params,
	.example_bad = "From: A <a@reporter.test>\n"
		       "To: security@kernel.org\n"
		       "Subject: foo: overflow\n\n"
		       "The overflow requires CAP_SYS_ADMIN to trigger.\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: security@kernel.org\n"
			"Subject: foo: overflow\n\n"
			"Any unprivileged user can trigger the overflow.\n",
	.check = check,
};
