// SPDX-License-Identifier: GPL-2.0-only
#include "embargo.h"

#define ID "ksec-embargo-too-long"

static void check(struct sl_check *c)
{
	g_auto(sl_embargo_scan) s = { 0 };
	const struct sl_embargo_date *end;
	g_autofree char *name = NULL, *all = NULL, *open_ended = NULL;
	int limit = sl_profile_rule_int(c->policy, ID, "limit-days", 7);
	int max = sl_profile_rule_int(c->policy, ID, "max-days", 14);
	int grace = sl_profile_rule_int(c->policy, ID, "grace-hours", 12);

	if (!sl_embargo_applies(c->msg, c->policy, "kernel-security"))
		return;
	sl_embargo_scan_open(&s, c->msg);
	open_ended = sl_embargo_long_request(s.text);
	if (open_ended) {
		sl_report(c, "body", "'%s' asks for a hold the security team "
			  "does not grant: at most %d calendar days, %d in "
			  "exceptional cases", open_ended, limit, max);
		return;
	}
	end = sl_embargo_latest(s.dates);
	if (!end || !sl_embargo_exceeds(end, limit, grace))
		return;
	name = sl_embargo_date_name(end);
	all = sl_embargo_describe(s.dates);
	if (sl_embargo_exceeds(end, max, grace))
		sl_report(c, end->where, "the requested embargo end %s is more "
			  "than %d days from %s, beyond even the exceptional "
			  "extension; candidates: %s", name, max,
			  sl_embargo_base_name(s.from_header), all);
	else
		sl_report_capped(c, SL_SEV_WARNING, end->where, "the requested "
				 "embargo end %s is more than %d days from %s; "
				 "longer needs the team to agree the bug is "
				 "critical enough (at most %d); candidates: %s",
				 name, limit,
				 sl_embargo_base_name(s.from_header), max, all);
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
	.example_bad = "From: A <a@example.org>\n"
		       "To: security@kernel.org\n"
		       "Date: Thu, 05 Mar 2026 10:00:00 +0000\n"
		       "Subject: foo: heap overflow\n\n"
		       "Please keep this under embargo until 2026-04-30.\n",
	.example_good = "From: A <a@example.org>\n"
			"To: security@kernel.org\n"
			"Date: Thu, 05 Mar 2026 10:00:00 +0000\n"
			"Subject: foo: heap overflow\n\n"
			"Please keep this under embargo until 2026-03-10.\n",
	.check = check,
};
