// SPDX-License-Identifier: GPL-2.0-only
#include "address.h"
#include "context.h"
#include "maintainers.h"
#include "policy.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"

/* Could MAINTAINERS name someone for the files the message names? */
static gboolean maintainers_known(struct sl_check *c)
{
	const struct sl_maintainers *m = sl_check_maintainers(c);
	g_auto(GStrv) files = NULL;
	g_autoptr(GPtrArray) sections = NULL;

	if (!m)
		return FALSE;
	files = sl_check_named_files(c);
	if (!*files)
		return FALSE;
	sections = sl_maintainers_for(m, (const char *const *)files);
	for (guint i = 0; i < sections->len; i++)
		if (*((const struct sl_maint_section *)
		      sections->pdata[i])->maintainers)
			return TRUE;
	return FALSE;
}

static void check(struct sl_check *c)
{
	g_autoptr(GPtrArray) to = NULL;
	const struct sl_address *only;

	/* The only recipient has the role only if one has: that question is
	 * kept per message, the set of recipients is not. */
	if (!sl_msg_find_role(c->msg, c->policy, "kernel-security"))
		return;
	to = sl_msg_recipients_but_sender(c->msg);
	if (to->len != 1)
		return;
	only = to->pdata[0];
	if (!sl_list_has_role(sl_policy_find_list(c->policy, only->addr),
			      "kernel-security"))
		return;
	if (maintainers_known(c))
		sl_report_weak(c, only->header, "%s is the only recipient; the "
			       "maintainers of the files it names are known "
			       "(see report-missing-maintainers): send it to "
			       "them and Cc %s", only->addr, only->addr);
	else
		sl_report(c, only->header, "%s is the only recipient: the "
			  "report should go to the affected code's maintainers, "
			  "with %s in Cc", only->addr, only->addr);
}

const struct sl_rule sl_rule_ksec_only_recipient = {
	.id = "ksec-only-recipient",
	.summary = "a report goes to the kernel security team alone, without "
		   "the maintainers",
	.rationale =
		"Since 2026 the kernel wants security reports sent to the "
		"maintainers of the affected code, with the security team in "
		"Cc; the team alone is only for a reporter who cannot find "
		"the right maintainers.  Locating the subsystem is most of "
		"the team's work on a report (80% of it, says the commit that "
		"changed the text), and the maintainers fix the bug.  The "
		"sender's own address does not count as a recipient.  When "
		"the repository's MAINTAINERS names people for the files the "
		"message names, report-missing-maintainers lists them and "
		"this is only a reminder.",
	.help = "send the report to the maintainers (scripts/get_maintainer.pl) "
		"and Cc security@kernel.org",
	.example_bad = "From: A <a@example.org>\n"
		       "To: security@kernel.org\n"
		       "Subject: net/foo: overflow\n\nbody\n",
	.example_good = "From: A <a@example.org>\n"
			"To: foo-maint@example.org\n"
			"Cc: security@kernel.org\n"
			"Subject: net/foo: overflow\n\nbody\n",
	.check = check,
	.needs = "optionally a git repository with MAINTAINERS: when it "
		 "names maintainers for the files, this is only a note.",
};
