// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "address.h"
#include "policy.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"

/*
 * Any other public list, wherever it is hosted, makes it an error; a
 * list on Bcc only a note, as the readers of either list see no
 * cross-post (each list gets a posting of its own).
 */
static enum sl_severity crosspost_severity(const struct sl_address *list)
{
	if (list->header && g_str_has_suffix(list->header, "Bcc"))
		return SL_SEV_INFO;
	return SL_SEV_ERROR;
}

static void check(struct sl_check *c)
{
	const struct sl_address *oss =
		sl_msg_find_role(c->msg, c->policy, "no-crosspost");
	const struct sl_address *list = NULL;

	if (!oss)
		return;
	/* Closed lists with oss-security: distros-with-oss-security and
	 * private-with-public-list say so.  The most severe list is named. */
	for (guint i = 0; i < c->msg->recipients->len; i++) {
		const struct sl_address *a = c->msg->recipients->pdata[i];

		if (strcmp(a->addr, oss->addr) &&
		    sl_policy_is_public_list(c->policy, a->addr) &&
		    (!list || crosspost_severity(a) > crosspost_severity(list)))
			list = a;
	}
	/* Names the list first: the location points at it. */
	if (list)
		sl_report_capped(c, crosspost_severity(list), list->header,
				 "the mailing list %s (%s) is a recipient "
				 "next to %s: a cross-post", list->addr,
				 list->header, oss->addr);
}

const struct sl_rule sl_rule_oss_crosspost = {
	.id = "oss-crosspost",
	.summary = "a message to oss-security is cross-posted to another "
		   "mailing list",
	.rationale =
		"oss-security wants focused postings: a thread shared with "
		"LKML, netdev or any other list drifts into that list's "
		"topics.  Post to oss-security separately; the posting "
		"may link to the other list's archive.  Any other public "
		"list is an error, wherever it is hosted (vger, kvack.org, "
		"googlegroups.com, lists.*, nongnu.org, ...): which addresses "
		"are lists is data (rules/policy.conf: its lists, its host "
		"patterns, and every L: address of the kernel's MAINTAINERS in "
		"rules/maintainers-lists.txt).  A list on Bcc is a note (each "
		"list sees a posting of its own).  Closed lists are the "
		"business of distros-with-oss-security and "
		"private-with-public-list.  Individual people on Cc are "
		"fine.  To keep a cross-post anyway: --severity "
		"oss-crosspost=warning, or git config "
		"seclint.oss-crosspost.severity warning.",
	.help = "send one message to oss-security alone and a separate one "
		"to the other list",
	.example_bad = "From: A <a@example.org>\n"
		       "To: oss-security@lists.openwall.com\n"
		       "Cc: linux-kernel@vger.kernel.org\n"
		       "Subject: Linux kernel 6.9 foo use-after-free\n\nbody\n",
	.example_good = "From: A <a@example.org>\n"
			"To: oss-security@lists.openwall.com\n"
			"Cc: maintainer@example.org\n"
			"Subject: Linux kernel 6.9 foo use-after-free\n\nbody\n",
	.check = check,
};
