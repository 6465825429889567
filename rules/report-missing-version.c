// SPDX-License-Identifier: GPL-2.0-only
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "signals.h"
#include "text.h"

static void check(struct sl_check *c)
{
	const struct sl_text *t = sl_initial_report_text(c);

	if (!t || sl_text_names_version(c->msg, t))
		return;
	sl_report(c, "body", "the report names no kernel version, tree or "
		  "commit; without the affected version range it will not "
		  "be processed");
}

const struct sl_rule sl_rule_report_missing_version = {
	.id = "report-missing-version",
	.summary = "the report does not say which kernel versions are affected",
	.rationale =
		"Many reports are about bugs that are already fixed, so the "
		"2026 text asks for the affected version range and says a "
		"report without any version indication will not be processed; "
		"verify on the development tree or the latest stable "
		"release.  Any version number, tree name (mainline, "
		"linux-next), commit id or 'introduced in' counts, in the "
		"text, the Subject, a pasted kernel log or the name of an "
		"attachment (a patch per stable branch); patches are not "
		"reports and are skipped.",
	.help = "say which versions you tested (e.g. \"v6.9-rc3 and 6.8.7; "
		"introduced in v5.10 by commit 0123456789ab\")",
	.example_bad = "From: A <a@reporter.test>\n"
		       "To: security@kernel.org\n"
		       "Subject: foo: overflow\n\n"
		       "There is an overflow in foo_ioctl().\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: security@kernel.org\n"
			"Subject: foo: overflow\n\n"
			"There is an overflow in foo_ioctl() in Linux 6.9.1.\n",
	.check = check,
};
