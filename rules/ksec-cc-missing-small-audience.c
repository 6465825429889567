// SPDX-License-Identifier: GPL-2.0-only
#include "context.h"
#include "policy.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"

static void check(struct sl_check *c)
{
	g_autoptr(GPtrArray) to = NULL;
	int max = sl_param_int(c, "max-recipients");

	/* Only --security says that mail to a maintainer is a report. */
	if (!sl_check_security(c) || sl_msg_has_closed_list(c->msg, c->policy))
		return;
	to = sl_msg_recipients_but_sender(c->msg);
	if (!to->len || to->len > (guint)max)
		return;
	sl_report(c, "To", "a security report to %u recipient%s (From not "
		  "counted) must Cc %s (%d or fewer recipients)", to->len,
		  to->len == 1 ? "" : "s",
		  sl_policy_role_address(c->policy, "kernel-security"), max);
}

static const struct sl_param params[] = {
	{ .key = "max-recipients", .type = SL_PARAM_INT,
	  .doc = "a security report to this many recipients or fewer (From not "
	  "counted) must Cc the kernel security team" },
	{ .key = NULL },
};

const struct sl_rule sl_rule_ksec_cc_missing_small_audience = {
	.id = "ksec-cc-missing-small-audience",
	.summary = "a security report to two or fewer people does not Cc "
		   "the kernel security team",
	.rationale =
		"Reports now go to the maintainers, but a report that reaches "
		"one or two people can stall when they are away: the 2026 "
		"text says that with two or fewer recipients the security "
		"team must always be Cc'd.  Every To, Cc and Bcc address "
		"counts except the sender's own.  Mail to a maintainer looks "
		"like any other mail, so this rule only runs with --security "
		"(the sendemail-validate hook and sendmail mode cannot pass "
		"it).  Reports to the closed lists follow their own rules.  "
		"The limit is the profile's max-recipients.",
	.help = "Cc security@kernel.org",
	.example_bad = "From: A <a@example.org>\n"
		       "To: maint@example.org\n"
		       "Subject: foo: overflow\n\n"
		       "(checked with --security)\n",
	.example_good = "From: A <a@example.org>\n"
			"To: maint@example.org\n"
			"Cc: security@kernel.org\n"
			"Subject: foo: overflow\n\nbody\n",
	.check = check,
	.needs = "--security; it never fires without it.",
	.params = params,
};
