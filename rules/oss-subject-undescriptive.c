// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "address.h"
#include "regex-cache.h"
#include "reply-prefix.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"

/* The Subject without reply prefixes and [tags]. */
static char *bare_subject(const char *subject)
{
	g_autoptr(GRegex) re = sl_regex_new(
		"^\\s*(?:" SL_REPLY_PREFIX "\\s*|\\[[^]]*\\]\\s*)*",
		G_REGEX_CASELESS, 0, NULL);
	char *bare = g_regex_replace_literal(re, subject, -1, 0, "", 0, NULL);

	return g_strstrip(bare);
}

static gboolean only_cve_ids(const char *s)
{
	return sl_regex_match_simple("^(CVE-\\d{4}-\\d{4,}[\\s,;:/&and]*)+$", s,
				    G_REGEX_CASELESS, 0);
}

static guint word_count(const char *s)
{
	g_auto(GStrv) words = g_regex_split_simple("\\s+", s, 0, 0);
	guint n = 0;

	for (char **w = words; *w; w++)
		n += **w != '\0';
	return n;
}

static void check(struct sl_check *c)
{
	const struct sl_address *oss =
		sl_msg_find_role(c->msg, c->policy, "oss-security");
	g_autofree char *bare = NULL;

	if (!oss || c->msg->followup)
		return;
	bare = bare_subject(c->msg->subject ? c->msg->subject : "");
	if (!*bare)
		sl_report(c, "Subject", "the posting to %s has no Subject "
			  "text", oss->addr);
	else if (only_cve_ids(bare))
		sl_report(c, "Subject", "the Subject '%s' is only CVE ids; "
			  "name the software, versions and kind of bug", bare);
	else if (word_count(bare) < 3)
		sl_report(c, "Subject", "the Subject '%s' is too short to say "
			  "what is affected and how", bare);
}

const struct sl_rule sl_rule_oss_subject_undescriptive = {
	.id = "oss-subject-undescriptive",
	.summary = "an oss-security posting's Subject does not say what is "
		   "affected",
	.rationale =
		"oss-security asks that a Subject name the affected software, "
		"its versions and the kind of vulnerability, so readers can "
		"tell at a glance whether they are affected: a Subject that "
		"is only a CVE id, or empty once reply prefixes and tags are "
		"removed, says nothing.  Replies are not checked.",
	.help = "write e.g. \"CVE-2099-99999: Linux kernel 6.1-6.9 foo "
		"use-after-free\"",
	.example_bad = "From: A <a@example.org>\n"
		       "To: oss-security@lists.openwall.com\n"
		       "Subject: CVE-2099-99999\n\nbody\n",
	.example_good = "From: A <a@example.org>\n"
			"To: oss-security@lists.openwall.com\n"
			"Subject: CVE-2099-99999: Acme Placeholder 1.0 buffer "
			"overflow\n\nbody\n",
	.check = check,
};
