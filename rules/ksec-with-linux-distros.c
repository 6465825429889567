// SPDX-License-Identifier: GPL-2.0-only
#include "address.h"
#include "query.h"
#include "rule.h"
#include "severity.h"

static void check(struct sl_check *c)
{
	const struct sl_address *ksec =
		sl_msg_find_role(c->msg, c->policy, "kernel-security");
	const struct sl_address *distros =
		sl_msg_find_role(c->msg, c->policy, "distros");

	if (ksec && distros)
		sl_report_at(c, distros->header, distros->addr,
			     "%s (%s) and %s (%s) are both recipients",
			     ksec->addr, ksec->header, distros->addr,
			     distros->header);
}

const struct sl_rule sl_rule_ksec_with_linux_distros = {
	.id = "ksec-with-linux-distros",
	.severity = SL_SEV_ERROR,
	.summary = "the kernel security team and the Openwall distros lists "
		   "are recipients of one message",
	.rationale =
		"The kernel security team fixes the bug; the (linux-)distros "
		"lists prepare distributions for its disclosure.  Writing to "
		"linux-distros starts its 14-day clock to a mandatory public "
		"posting, so when it gets the report together with "
		"security@kernel.org the clock runs before the kernel "
		"developers have even looked at the bug.  The kernel text "
		"says plainly: \"Do not Cc: both lists at once.\"  Report to "
		"security@kernel.org first; contact linux-distros only once a "
		"fix is accepted.  Bcc counts as much as Cc.",
	.help = "send the report to security@kernel.org alone; write to "
		"linux-distros separately once a fix has been accepted",
	.source = { "Documentation/process/security-bugs.rst",
		    "Coordination with other groups", "2023-06 (4fee0915e649)" },
	.example_bad = "From: A <a@example.org>\n"
		       "To: security@kernel.org\n"
		       "Cc: linux-distros@vs.openwall.org\n"
		       "Subject: [vs] net: use-after-free in foo\n\nbody\n",
	.example_good = "From: A <a@example.org>\n"
			"To: security@kernel.org\n"
			"Subject: net: use-after-free in foo\n\nbody\n",
	.check = check,
};
