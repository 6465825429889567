// SPDX-License-Identifier: GPL-2.0-only
#include "embargo.h"

#define ID "ksec-embargo-too-long"

static void check(struct sl_check *c)
{
	g_auto(sl_embargo_scan) s = { 0 };
	const struct sl_embargo_date *end;
	g_autofree char *open_ended = NULL;
	int limit = sl_profile_rule_int(c->policy, ID, "limit-days", 7);
	int max = sl_profile_rule_int(c->policy, ID, "max-days", 14);
	int grace = sl_profile_rule_int(c->policy, ID, "grace-hours", 12);

	end = sl_embargo_end(&s, c, "kernel-security", FALSE);
	if (!s.dates)
		return;
	open_ended = sl_embargo_long_request(s.text);
	if (open_ended) {
		sl_report(c, "body", "'%s' asks for a hold the security team "
			  "does not grant: at most %d calendar days, %d in "
			  "exceptional cases", open_ended, limit, max);
		return;
	}
	if (!end || !sl_embargo_exceeds(end, limit, grace))
		return;
	if (sl_embargo_exceeds(end, max, grace))
		sl_embargo_report(c, SL_SEV_ERROR, &s, end, "is more than %d "
				  "days away, beyond even the exceptional "
				  "extension", max);
	else
		sl_embargo_report(c, SL_SEV_WARNING, &s, end, "is more than %d "
				  "days away; up to %d needs the team to agree "
				  "that the bug is critical enough", limit,
				  max);
}

const struct sl_rule sl_rule_ksec_embargo_too_long = {
	.id = ID,
	.severity = SL_SEV_ERROR,
	.summary = "a report to security@kernel.org asks for an embargo "
		   "longer than 7 days (error past 14)",
	.rationale =
		"The kernel security team publishes a fix as soon as it is "
		"ready; the reporter or an affected party may ask to postpone "
		"that \"for up to 7 calendar days from the start of the "
		"release process, with an exceptional extension to 14 "
		"calendar days\" (security-bugs.rst).  The team's clock "
		"starts when a fix exists, which the message cannot show, so "
		"seclint measures from the message Date: an end more than 7 "
		"days away is a warning, more than 14 (or an open-ended hold "
		"such as \"until our talk\") an error.",
	.help = "ask for at most 7 days after the fix is ready, and say why "
		"if more is needed (never beyond 14)",
	.source = { "Documentation/process/security-bugs.rst",
		    "Disclosure and embargoed information",
		    "2023-06 (4fee0915e649) to 2026-05" },
	.example_bad = SL_EXAMPLE_KSEC
		       "Please keep this under embargo until 2026-04-30.\n",
	.example_good = SL_EXAMPLE_KSEC
			"Please keep this under embargo until 2026-03-10.\n",
	.check = check,
};
