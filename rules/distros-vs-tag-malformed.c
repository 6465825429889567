// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "address.h"
#include "fixer.h"
#include "policy.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "subject-tag.h"

static void check_tag(struct sl_check *c, const struct sl_address *a,
		      const char *tag)
{
	const char *subject = c->msg->subject;

	if (!strstr(subject, tag)) {
		if (sl_subject_tag_near_miss(subject, tag, NULL, NULL, NULL))
			sl_report(c, "Subject", "Subject of a message to %s has "
				  "a near miss of the '%s' tag; the filter "
				  "wants exactly '%s'", a->addr, tag, tag);
	} else if (!sl_subject_tag_at_start(subject, tag)) {
		/* The filter sees the tag anyway: position is a note. */
		sl_report_weak_at(c, "Subject", tag, "'%s' is not at the "
				  "start of the Subject (after Re:/Fwd: and "
				  "other tags only)", tag);
	}
}

static void check(struct sl_check *c)
{
	const struct sl_address *a;
	const struct sl_list *l;

	if (!c->msg->subject)
		return;
	for (guint i = 0; (a = sl_msg_next_in_role(c->msg, c->policy,
						   "distros", &i, &l)); i++)
		if (l->subject_tag && strlen(l->subject_tag) > 2) {
			check_tag(c, a, l->subject_tag);
			return;
		}
}

/* The Subject edit is the one of the missing tag's fix too. */
static const struct sl_fix fix = {
	.apply = sl_subject_tag_fix,
	.summary = "writes a loose spelling of the tag exactly, and moves "
		   "it to the start of the Subject",
};

const struct sl_rule sl_rule_distros_vs_tag_malformed = {
	.id = "distros-vs-tag-malformed",
	.summary = "the [vs] Subject tag is misspelt or not at the start",
	.rationale =
		"Openwall asks reporters to prefix the Subject with the tag "
		"'[vs]'; whether its filter also accepts '[VS]', '[ vs ]' or "
		"'(vs)' is not documented, so a near miss may be dropped like "
		"a missing tag.  A tag in the middle of the Subject is not a "
		"prefix either; only reply prefixes and other [tags] should "
		"come before it, but the filter does see it there, so that "
		"case is only a note.",
	.help = "start the Subject with exactly \"[vs] \" (after any Re:)",
	.example_bad = "From: A <a@example.org>\n"
		       "To: linux-distros@vs.openwall.org\n"
		       "Subject: [VS] Linux kernel: overflow in foo\n\nbody\n",
	.example_good = "From: A <a@example.org>\n"
			"To: linux-distros@vs.openwall.org\n"
			"Subject: Re: [vs] Linux kernel: overflow in foo\n\nbody\n",
	.check = check,
	.fix = &fix,
};
