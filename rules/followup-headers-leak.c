// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "address.h"
#include "message.h"
#include "policy.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"

static gboolean is_recipient(const struct sl_message *msg, const char *addr)
{
	for (guint i = 0; i < msg->recipients->len; i++) {
		const struct sl_address *a = msg->recipients->pdata[i];

		if (!strcmp(a->addr, addr))
			return TRUE;
	}
	return FALSE;
}

/*
 * A reply-routing address that is a mailing list the message itself does
 * not go to, where that list would break the rules: a public list on a
 * private report, or another list on an oss-security posting.
 */
static gboolean leaks(const struct sl_check *c, const struct sl_address *f,
		      gboolean private, gboolean oss)
{
	if (is_recipient(c->msg, f->addr))
		return FALSE;
	if (private && sl_policy_is_public_list(c->policy, f->addr))
		return TRUE;
	return oss && sl_policy_is_mailing_list(c->policy, f->addr) &&
	       !sl_list_has_role(sl_policy_find_list(c->policy, f->addr),
				 "oss-security");
}

static void check(struct sl_check *c)
{
	gboolean private = sl_msg_has_closed_list(c->msg, c->policy);
	gboolean oss = sl_msg_find_role(c->msg, c->policy, "oss-security") != NULL;

	for (guint i = 0; (private || oss) && i < c->msg->followup_to->len; i++) {
		const struct sl_address *f = c->msg->followup_to->pdata[i];

		if (leaks(c, f, private, oss)) {
			sl_report_at(c, f->header, f->addr,
				     "%s routes replies to the mailing "
				     "list %s, which this message does not go "
				     "to", f->header, f->addr);
			return;
		}
	}
}

const struct sl_rule sl_rule_followup_headers_leak = {
	.id = "followup-headers-leak",
	.summary = "Reply-To or Mail-Followup-To would send the replies to a "
		   "list the message itself must not go to",
	.rationale =
		"Replies follow Reply-To, Mail-Followup-To and Mail-Reply-To. "
		"A private report whose follow-up headers name LKML or "
		"oss-security is clean itself, but the first reply to it "
		"publishes the thread; an oss-security posting whose replies "
		"go to another list is the cross-posting oss-security asks "
		"people to avoid.  Mutt adds Mail-Followup-To for the lists "
		"you subscribe to, so check your mailer's settings.",
	.help = "remove the list from Reply-To / Mail-Followup-To (mutt: "
		"unset followup_to or unsubscribe the list)",
	.example_bad = "From: A <a@example.org>\n"
		       "To: security@kernel.org\n"
		       "Mail-Followup-To: security@kernel.org, "
		       "linux-kernel@vger.kernel.org\n"
		       "Subject: foo: use-after-free\n\nbody\n",
	.example_good = "From: A <a@example.org>\n"
			"To: security@kernel.org\n"
			"Reply-To: a@example.org\n"
			"Subject: foo: use-after-free\n\nbody\n",
	.check = check,
};
