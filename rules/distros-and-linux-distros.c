// SPDX-License-Identifier: GPL-2.0-only
#include "address.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"

static void check(struct sl_check *c)
{
	const struct sl_address *full =
		sl_msg_find_role(c->msg, c->policy, "distros-all");
	const struct sl_address *linux_only =
		sl_msg_find_role(c->msg, c->policy, "distros-linux");

	if (full && linux_only)
		sl_report_at(c, full->header, full->addr,
			     "both %s (%s) and its Linux-only sub-list %s (%s) "
			     "are recipients", full->addr, full->header,
			     linux_only->addr, linux_only->header);
}

const struct sl_rule sl_rule_distros_and_linux_distros = {
	.id = "distros-and-linux-distros",
	.summary = "a message goes to both distros@ and linux-distros@",
	.rationale =
		"Every member of linux-distros is also on distros, so writing "
		"to both only doubles the moderators' work and splits the "
		"thread.  The Openwall wiki asks for one of the two lists, "
		"depending on whether non-Linux systems are affected.",
	.help = "keep linux-distros@ for a Linux-only issue, distros@ when "
		"BSDs, illumos or Solaris may be affected; not both",
	.example_bad = "From: A <a@example.org>\n"
		       "To: distros@vs.openwall.org\n"
		       "Cc: linux-distros@vs.openwall.org\n"
		       "Subject: [vs] foo: overflow\n\nbody\n",
	.example_good = "From: A <a@example.org>\n"
			"To: linux-distros@vs.openwall.org\n"
			"Subject: [vs] foo: overflow\n\nbody\n",
	.check = check,
};
