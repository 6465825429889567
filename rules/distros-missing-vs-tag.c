// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "address.h"
#include "fixer.h"
#include "policy.h"
#include "routing.h"
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
	const struct sl_address *open;

	if (subject && strstr(subject, l->subject_tag))
		return;
	open = sl_msg_public_followup(c->msg, c->policy);
	if (open) {
		sl_report_capped(c, SL_SEV_INFO, "Subject", "a follow-up to "
				 "%s without the '%s' tag goes to the public "
				 "list %s too: the thread is public, and the "
				 "tag is for what the list is to receive",
				 a->addr, l->subject_tag, open->addr);
	} else if (!subject) {
		sl_report_at(c, a->header, a->addr,
			     "message to %s has no Subject; it "
			     "needs the '%s' tag", a->addr, l->subject_tag);
	} else {
		sl_report(c, "Subject", "Subject of a message to %s lacks the "
			  "'%s' tag%s", a->addr, l->subject_tag,
			  has_near_miss(subject, l->subject_tag)
				  ? " (write it exactly so, in lower case)" : "");
	}
}

static void check(struct sl_check *c)
{
	const struct sl_address *a;
	const struct sl_list *l;

	for (guint i = 0; (a = sl_msg_next_in_role(c->msg, c->policy,
						   "distros", &i, &l)); i++)
		if (l->subject_tag) {
			check_list(c, a, l);
			return;	/* one finding per message */
		}
}

/* Not on a public thread's follow-up: the list does not need the reply. */
static gboolean tag_fix(struct sl_fixing *fx)
{
	if (sl_msg_public_followup(fx->msg, fx->policy)) {
		sl_fix_decline(fx, "a follow-up in a public thread: drop the "
			       "distros list from the reply rather than tag "
			       "it, unless the list is to receive it");
		return FALSE;
	}
	return sl_subject_tag_fix(fx);
}

/* The Subject edit is the one of the misspelt tag's fix too. */
static const struct sl_fix fix = {
	.apply = tag_fix,
	.summary = "adds the tag at the start of the Subject, after "
		   "Re:/Fwd: (not on a follow-up in a public thread)",
};

const struct sl_rule sl_rule_distros_missing_vs_tag = {
	.id = "distros-missing-vs-tag",
	.summary = "a message to the Openwall (linux-)distros lists lacks the "
		   "[vs] Subject tag",
	.rationale =
		"The distros lists run a spam filter that lets a message "
		"through when its Subject carries the literal tag '[vs]'; "
		"without it, a report may be rejected or silently held while "
		"the disclosure clock runs.  The tag may follow reply "
		"prefixes ('Re: [vs] ...') and other tags; it is matched "
		"after RFC 2047 decoding, as the filter sees it, and exactly: "
		"'[VS]' or look-alike brackets are not the tag.  A follow-up "
		"that also goes to a public list (a reply-all in the public "
		"thread of a patch that Cc'd the list, a robot's build report "
		"on it) is only a note: on real list mail these were review "
		"chatter, and asking for '[vs]' so that the list takes it is "
		"the wrong advice.",
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
