// SPDX-License-Identifier: GPL-2.0-only
#include "embargo.h"
#include "rule.h"
#include "severity.h"

#define ID "distros-embargo-under-1-day"

static gboolean before(const struct sl_embargo_date *d, int hours)
{
	return d->exact ? d->seconds < (gint64)hours * 3600
			: d->days < (hours + 23) / 24;
}

static void check(struct sl_check *c)
{
	g_auto(sl_embargo_scan) s = { 0 };
	const struct sl_embargo_date *end;
	int min = sl_param_hours(c, "min-hours");

	end = sl_embargo_end(&s, c, "distros", TRUE);
	if (!end || !before(end, min))
		return;
	if (before(end, 0))
		sl_embargo_report(c, SL_SEV_ERROR, &s, end, "is in the past: "
				  "is the date wrong, or is the issue public "
				  "already (then write to oss-security)?");
	else
		sl_embargo_report(c, SL_SEV_INFO, &s, end, "leaves less than "
				  "%d hours; a day is the reasonable minimum",
				  min);
}

static const struct sl_param params[] = {
	{ .key = "min-hours",
	  .type = SL_PARAM_DURATION, .unit = G_TIME_SPAN_HOUR,
	  .doc = "an embargo ending sooner than this many hours is too short to act "
	  "on" },
	{ .key = NULL },
};

const struct sl_rule sl_rule_distros_embargo_under_1_day = {
	.id = ID,
	.summary = "the proposed embargo on the distros lists is shorter "
		   "than a day, or already over",
	.rationale =
		"Distributions need time to build and test updates: the "
		"distros wiki calls one day the reasonable minimum, while in "
		"extreme cases a few hours of notice may help.  A short "
		"notice is therefore only noted; an end that lies before the "
		"message was sent is a warning, since the date is probably "
		"wrong or the issue already public, and public issues belong "
		"on oss-security.  With several dates the earliest counts.",
	.help = "give the distributions at least a day, or post to "
		"oss-security if the issue is public",
	.example_bad = SL_EXAMPLE_DISTROS
		       "Proposed embargo end: 2026-03-04 14:00 UTC.\n",
	.example_good = SL_EXAMPLE_DISTROS
			"Proposed embargo end: 2026-03-10 14:00 UTC.\n",
	.check = check,
	.params = params,
};
