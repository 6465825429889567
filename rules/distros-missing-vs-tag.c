// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "address.h"
#include "fixer.h"
#include "policy.h"
#include "rule.h"
#include "severity.h"
#include "subject-tag.h"

/* A tag written in another case, like "[VS]", is not the tag. */
static gboolean has_near_miss(const char *subject, const char *tag)
{
	g_autofree char *s = g_utf8_strdown(subject, -1);
	g_autofree char *t = g_utf8_strdown(tag, -1);

	return strstr(s, t) != NULL;
}

static void check_list(struct sl_check *c, const struct sl_address *a,
		       const struct sl_list *l)
{
	const char *subject = c->msg->subject;

	if (!subject) {
		sl_report_at(c, a->header, a->addr,
			     "message to %s has no Subject; it "
			     "needs the '%s' tag", a->addr, l->subject_tag);
	} else if (!strstr(subject, l->subject_tag)) {
		sl_report(c, "Subject", "Subject of a message to %s lacks the "
			  "'%s' tag%s", a->addr, l->subject_tag,
			  has_near_miss(subject, l->subject_tag)
				  ? " (write it exactly so, in lower case)" : "");
	}
}

static void check(struct sl_check *c)
{
	for (guint i = 0; i < c->msg->recipients->len; i++) {
		const struct sl_address *a = c->msg->recipients->pdata[i];
		const struct sl_list *l = sl_policy_find_list(c->policy, a->addr);

		if (sl_list_has_role(l, "distros") && l->subject_tag) {
			check_list(c, a, l);
			return;	/* one finding per message */
		}
	}
}

/* The Subject edit is the one of the misspelt tag's fix too. */
static const struct sl_fix fix = {
	.apply = sl_subject_tag_fix,
	.summary = "adds the tag at the start of the Subject, after "
		   "Re:/Fwd:",
};

const struct sl_rule sl_rule_distros_missing_vs_tag = {
	.id = "distros-missing-vs-tag",
	.severity = SL_SEV_ERROR,
	.summary = "a message to the Openwall (linux-)distros lists lacks the "
		   "[vs] Subject tag",
	.rationale =
		"The distros lists run a spam filter that lets a message "
		"through when its Subject carries the literal tag '[vs]'; "
		"without it, a report may be rejected or silently held while "
		"the disclosure clock runs.  The tag may follow reply "
		"prefixes ('Re: [vs] ...') and other tags; it is matched "
		"after RFC 2047 decoding, as the filter sees it, and exactly: "
		"'[VS]' or look-alike brackets are not the tag.",
	.help = "prefix the Subject with \"[vs] \"",
	.example_bad = "From: A <a@example.org>\n"
		       "To: linux-distros@vs.openwall.org\n"
		       "Subject: Linux kernel: use-after-free in foo\n\nbody\n",
	.example_good = "From: A <a@example.org>\n"
			"To: linux-distros@vs.openwall.org\n"
			"Subject: [vs] Linux kernel: use-after-free in foo\n\n"
			"body\n",
	.check = check,
	.fix = &fix,
};
