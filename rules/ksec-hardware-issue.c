// SPDX-License-Identifier: GPL-2.0-only
#include "address.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"

static void check(struct sl_check *c)
{
	const struct sl_address *ksec =
		sl_msg_find_role(c->msg, c->policy, "kernel-security");

	if (ksec && !sl_msg_find_role(c->msg, c->policy, "hardware-security") &&
	    sl_msg_mentions_hardware(c->msg, c->facts))
		sl_report_at(c, ksec->header, ksec->addr,
			     "the report to %s reads like a "
			     "hardware issue; it may belong to the hardware "
			     "security team", ksec->addr);
}

const struct sl_rule sl_rule_ksec_hardware_issue = {
	.id = "ksec-hardware-issue",
	.summary = "a report to security@kernel.org looks like a hardware "
		   "vulnerability",
	.rationale =
		"Hardware vulnerabilities (speculative execution, side "
		"channels, CPU errata) follow their own process, with an "
		"encrypted list and longer embargoes, described in "
		"embargoed-hardware-issues.rst; the security list is mainly "
		"for software bugs.  A bug in the kernel's own mitigation code "
		"is still a software bug, so this is only a question.",
	.help = "if the flaw is in the hardware, write (encrypted) to "
		"hardware-security@kernel.org instead",
	.example_bad = "From: A <a@example.org>\n"
		       "To: security@kernel.org\n"
		       "Subject: new speculative execution side channel\n\n"
		       "body\n",
	.example_good = "From: A <a@example.org>\n"
			"To: security@kernel.org\n"
			"Subject: net: use-after-free in foo\n\nbody\n",
	.check = check,
};
