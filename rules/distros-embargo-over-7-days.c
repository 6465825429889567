// SPDX-License-Identifier: GPL-2.0-only
#include "embargo.h"
#include "rule.h"
#include "severity.h"

#define ID "distros-embargo-over-7-days"

static void check(struct sl_check *c)
{
	g_auto(sl_embargo_scan) s = { 0 };
	const struct sl_embargo_date *end;
	int limit = sl_param_days(c, "embargo-preferred-days");
	int max = sl_param_days(c, "embargo-max-days");
	int grace = sl_param_hours(c, "grace-hours");

	end = sl_embargo_end(&s, c, "distros", FALSE);
	if (!end || !sl_embargo_exceeds(end, limit, grace) ||
	    sl_embargo_exceeds(end, max, grace))
		return;
	sl_embargo_report(c, SL_SEV_ERROR, &s, end, "is more than %d days "
			  "away: embargoes shorter than %d days are preferred",
			  limit, limit);
}

static const struct sl_param params[] = {
	{ .key = "embargo-preferred-days",
	  .type = SL_PARAM_DURATION, .unit = G_TIME_SPAN_DAY,
	  .role = "distros",
	  .doc = "the embargo length the distros lists prefer not to pass, in days" },
	{ .key = "embargo-max-days",
	  .type = SL_PARAM_DURATION, .unit = G_TIME_SPAN_DAY,
	  .role = "distros",
	  .doc = "the longest embargo the distros lists accept, in days (past it, "
	  "another rule reports)" },
	{ .key = "grace-hours",
	  .type = SL_PARAM_DURATION, .unit = G_TIME_SPAN_HOUR,
	  .doc = "hours past the preferred length tolerated when the end is given "
	  "as a time" },
	{ .key = NULL },
};

const struct sl_rule sl_rule_distros_embargo_over_7_days = {
	.id = ID,
	.summary = "the proposed embargo on the distros lists is longer than "
		   "{embargo-preferred-days} days (but within "
		   "{embargo-max-days})",
	.rationale =
		"Fourteen days is the ceiling, not the target: the distros "
		"wiki prefers embargoes shorter than 7 days, and the kernel "
		"proposal of 2023 (profile v3-proposal) makes 7 calendar days "
		"the rule and 14 the exception.  The end date comes from the "
		"same reading as the 14-day check; past 14 days that rule "
		"speaks instead.",
	.help = "unless the fix needs the time, propose a date within "
		"{embargo-preferred-days} days",
	.example_bad = SL_EXAMPLE_DISTROS
		       "Proposed embargo end: 2026-03-17 14:00 UTC.\n",
	.example_good = SL_EXAMPLE_DISTROS
			"Proposed embargo end: 2026-03-10 14:00 UTC.\n",
	.check = check,
	.params = params,
};
