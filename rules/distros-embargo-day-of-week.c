// SPDX-License-Identifier: GPL-2.0-only
#include "embargo.h"
#include "rule.h"
#include "severity.h"

#define ID "distros-embargo-day-of-week"

static gboolean off_day(GDateWeekday day, gboolean monday)
{
	return day >= G_DATE_FRIDAY || (monday && day == G_DATE_MONDAY);
}

static void check(struct sl_check *c)
{
	g_auto(sl_embargo_scan) s = { 0 };
	const struct sl_embargo_date *end;
	g_autofree char *local = NULL;
	gboolean monday = sl_param_flag(c, "monday");
	GDateWeekday utc;

	end = sl_embargo_end(&s, c, "distros", FALSE);
	if (!end)
		return;
	utc = end->exact ? (GDateWeekday)g_date_time_get_day_of_week(end->when)
			 : end->weekday;
	if (!off_day(utc, monday))
		return;
	if (end->weekday != utc)
		local = g_strdup_printf(" (a %s where it was written)",
					sl_weekday_name(end->weekday));
	sl_embargo_report(c, SL_SEV_ERROR, &s, end, "falls on a %s in UTC%s; "
			  "vendors prefer to publish updates Tuesday to "
			  "Thursday", sl_weekday_name(utc), local ? local : "");
}

static const struct sl_param params[] = {
	{ .key = "monday", .type = SL_PARAM_FLAG,
	  .doc = "1: Monday counts as a day off too (the 2023 proposal); 0: only "
	  "Friday to Sunday" },
	{ .key = NULL },
};

const struct sl_rule sl_rule_distros_embargo_day_of_week = {
	.id = ID,
	.summary = "the proposed disclosure falls on a Friday or a weekend",
	.rationale =
		"Distributions publish updates on working days: the list "
		"administrator answers proposed dates near a weekend with a "
		"weekday instead, Kees Cook counts embargoes ending on "
		"Fridays among the usual mistakes, and the 2023 proposal "
		"(profile v3-proposal) notes that vendors prefer Tuesday "
		"through Thursday, so it also counts Monday as off.  The "
		"weekday is taken in UTC, so a Thursday 23:00 PDT end is a "
		"Friday.  Public holidays are not known.",
	.help = "move the date to a Tuesday, Wednesday or Thursday (UTC)",
	.example_bad = SL_EXAMPLE_DISTROS
		       "Proposed embargo end: 2026-03-13 14:00 UTC.\n",
	.example_good = SL_EXAMPLE_DISTROS
			"Proposed embargo end: 2026-03-10 14:00 UTC.\n",
	.check = check,
	.params = params,
};
