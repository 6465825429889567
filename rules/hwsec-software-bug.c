// SPDX-License-Identifier: GPL-2.0-only
#include "address.h"
#include "policy.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

static void check(struct sl_check *c)
{
	const struct sl_address *hw =
		sl_msg_find_role(c->msg, c->policy, "hardware-security");

	/* An encrypted body cannot be read; judge nothing from it. */
	if (hw && sl_facts_content_visible(c->facts) &&
	    !sl_msg_mentions_hardware(c->msg, c->facts))
		sl_report_at(c, hw->header, hw->addr,
			     "nothing in the report to %s points "
			     "at the hardware; software bugs go to %s",
			     hw->addr, sl_policy_role_address(
					c->policy, "kernel-security"));
}

const struct sl_rule sl_rule_hwsec_software_bug = {
	.id = "hwsec-software-bug",
	.summary = "a report to hardware-security@kernel.org shows no sign of "
		   "a hardware issue",
	.rationale =
		"The hardware security team handles flaws in CPUs and other "
		"hardware; pure software bugs are sent back to the regular "
		"kernel security team, which costs the reporter time.  Neither "
		"the Subject nor the text mentions speculation, side channels, "
		"microcode or a CPU erratum.  Encrypted reports are not "
		"judged.",
	.help = "send software bugs to security@kernel.org",
	.example_bad = "From: A <a@example.org>\n"
		       "To: hardware-security@kernel.org\n"
		       "Subject: net: use-after-free in foo\n\nbody\n",
	.example_good = "From: A <a@example.org>\n"
			"To: hardware-security@kernel.org\n"
			"Subject: CPU erratum leaks data across SMT siblings\n"
			"\nbody\n",
	.check = check,
};
