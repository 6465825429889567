// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "seclint.h"

static void check(struct sl_check *c)
{
	const struct sl_address *oss =
		sl_msg_find_role(c->msg, c->policy, "no-crosspost");

	if (!oss)
		return;
	for (guint i = 0; i < c->msg->recipients->len; i++) {
		const struct sl_address *a = c->msg->recipients->pdata[i];

		if (strcmp(a->addr, oss->addr) &&
		    sl_policy_is_mailing_list(c->policy, a->addr)) {
			sl_report_at(c, a->header, a->addr,
				     "%s is cross-posted to the "
				     "mailing list %s (%s)", oss->addr, a->addr,
				     a->header);
			return;
		}
	}
}

const struct sl_rule sl_rule_oss_crosspost = {
	.id = "oss-crosspost",
	.severity = SL_SEV_ERROR,
	.summary = "a message to oss-security is cross-posted to another "
		   "mailing list",
	.rationale =
		"oss-security wants focused postings: a thread shared with "
		"LKML, netdev or any other list drifts into that list's "
		"topics, and a private list on the same message publishes "
		"its thread.  Post to oss-security separately; the posting "
		"may link to the other list's archive.  Individual people "
		"on Cc are fine.",
	.help = "send one message to oss-security alone and a separate one "
		"to the other list",
	.source = { "Documentation/process/security-bugs.rst",
		    "Contacting the oss-security list, List rules",
		    "v3 proposal (2023-03); Openwall wiki "
		    "mailing-lists/oss-security, list content guidelines" },
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
