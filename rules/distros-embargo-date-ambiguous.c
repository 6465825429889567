// SPDX-License-Identifier: GPL-2.0-only
#include "embargo.h"
#include "rule.h"
#include "severity.h"

/* Is there a candidate with a real date that reads one way only? */
static gboolean has_clear_date(GPtrArray *dates)
{
	for (guint i = 0; i < dates->len; i++) {
		const struct sl_embargo_date *d = dates->pdata[i];

		if (sl_embargo_date_usable(d) && d->kind != SL_DATE_WEEKDAY)
			return TRUE;
	}
	return FALSE;
}

static void judge(struct sl_check *c, const struct sl_embargo_date *d,
		  gboolean clear)
{
	g_autofree char *day = d->when ?
		g_date_time_format(d->when, "%Y-%m-%d") : NULL;

	if ((d->flags & SL_DATE_AMBIGUOUS_ORDER) && !clear)
		sl_report(c, d->where, "'%s' can be read as %s; write the "
			  "date as ISO 8601 (YYYY-MM-DD)", d->text, d->note);
	else if (d->flags & (SL_DATE_AMBIGUOUS_ZONE | SL_DATE_WEEKDAY_MISMATCH))
		sl_report(c, d->where, "'%s': %s; write it as ISO 8601 with a "
			  "UTC time", d->text, d->note);
	else if (d->kind == SL_DATE_WEEKDAY && !clear)
		sl_report(c, d->where, "'%s' names a weekday without a date "
			  "(taken as %s); give the date, as ISO 8601 with a "
			  "UTC time", d->text, day);
}

static void check(struct sl_check *c)
{
	g_auto(sl_embargo_scan) s = { 0 };
	gboolean clear;

	if (!sl_embargo_applies(c->facts, c->policy, "distros"))
		return;
	sl_embargo_scan_open(&s, c->facts);
	clear = has_clear_date(s.dates);
	for (guint i = 0; i < s.dates->len; i++) {
		const struct sl_embargo_date *d = s.dates->pdata[i];

		if (d->trigger)
			judge(c, d, clear);
	}
}

const struct sl_rule sl_rule_distros_embargo_date_ambiguous = {
	.id = "distros-embargo-date-ambiguous",
	.summary = "the proposed disclosure date can be read more than one way",
	.rationale =
		"The distros lists require a tentative disclosure date/time "
		"in the first message, and a date the members read "
		"differently is not one: 03/05/2026 is 3 May in most of the "
		"world and 5 March in the US, IST and CST each name several "
		"zones, 'Tuesday, July 1st, 2026' contradicts itself (July 1 "
		"is a Wednesday), and 'next Friday' depends on when it is "
		"read.  seclint never guesses: it flags these and asks for "
		"ISO 8601 with a UTC time.",
	.help = "write the date as YYYY-MM-DD and the time in UTC, e.g. "
		"2026-07-01 14:00 UTC",
	.example_bad = SL_EXAMPLE_DISTROS
		       "Proposed embargo end: 03/10/2026.\n",
	.example_good = SL_EXAMPLE_DISTROS
			"Proposed embargo end: 2026-03-10 14:00 UTC.\n",
	.check = check,
};
