// SPDX-License-Identifier: GPL-2.0-only
#include "address.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"

static void check(struct sl_check *c)
{
	const struct sl_address *distros =
		sl_msg_find_role(c->msg, c->policy, "distros");
	const struct sl_address *oss =
		sl_msg_find_role(c->msg, c->policy, "oss-security");

	if (distros && oss)
		sl_report_at(c, oss->header, oss->addr,
			     "the private list %s (%s) and the public list "
			     "%s (%s) are recipients", distros->addr,
			     distros->header, oss->addr, oss->header);
}

const struct sl_rule sl_rule_distros_with_oss_security = {
	.id = "distros-with-oss-security",
	.summary = "a message goes to a private distros list and to the "
		   "public oss-security list",
	.rationale =
		"The distros lists are for issues that are not public yet; "
		"oss-security is where issues are made public.  Openwall says "
		"an issue that is already public goes to oss-security instead "
		"of the distros lists, not as well, and a message to both "
		"publishes the private thread and every reply to it.",
	.help = "if the issue is public, write to oss-security alone; if not, "
		"to the distros list alone, and to oss-security on the "
		"disclosure date",
	.example_bad = "From: A <a@example.org>\n"
		       "To: linux-distros@vs.openwall.org\n"
		       "Cc: oss-security@lists.openwall.com\n"
		       "Subject: [vs] foo: overflow\n\nbody\n",
	.example_good = "From: A <a@example.org>\n"
			"To: oss-security@lists.openwall.com\n"
			"Subject: foo 1.2: overflow in bar\n\nbody\n",
	.check = check,
};
