// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "address.h"
#include "policy.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"

static const char *distros_tag_in(const struct sl_check *c)
{
	for (guint i = 0; i < c->policy->lists->len; i++) {
		const struct sl_list *l = c->policy->lists->pdata[i];

		if (sl_list_has_role(l, "distros") && l->subject_tag &&
		    strstr(c->msg->subject, l->subject_tag))
			return l->subject_tag;
	}
	return NULL;
}

static void check(struct sl_check *c)
{
	const struct sl_address *oss =
		sl_msg_find_role(c->msg, c->policy, "oss-security");
	const char *tag = oss && c->msg->subject ? distros_tag_in(c) : NULL;

	if (tag && !sl_msg_find_role(c->msg, c->policy, "distros"))
		sl_report_at(c, "Subject", tag, "the public posting to %s "
			     "still carries the private lists' '%s' tag",
			     oss->addr, tag);
}

const struct sl_rule sl_rule_oss_vs_tag_leftover = {
	.id = "oss-vs-tag-leftover",
	.summary = "a posting to oss-security carries the distros [vs] tag",
	.rationale =
		"The [vs] tag is for the private distros lists.  On a public "
		"oss-security posting it usually means the text was copied "
		"from the embargoed thread: check that nothing in it is still "
		"under embargo or was shared in confidence, then drop the tag.",
	.help = "remove \"[vs]\" from the Subject and re-read the text for "
		"anything still embargoed",
	.example_bad = "From: A <a@example.org>\n"
		       "To: oss-security@lists.openwall.com\n"
		       "Subject: [vs] Linux kernel 6.9: overflow in foo\n\nbody\n",
	.example_good = "From: A <a@example.org>\n"
			"To: oss-security@lists.openwall.com\n"
			"Subject: Linux kernel 6.9: overflow in foo\n\nbody\n",
	.check = check,
};
