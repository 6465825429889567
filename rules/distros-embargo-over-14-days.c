// SPDX-License-Identifier: GPL-2.0-only
#include "embargo.h"
#include "rule.h"
#include "severity.h"

#define ID "distros-embargo-over-14-days"

/*
 * A reply: the 14 days run from the first post, which the oldest quoted
 * "On <date>, X wrote:" line shows if it is older than this message.
 */
static GDateTime *thread_start(const struct sl_check *c,
			       const struct sl_embargo_scan *s)
{
	GDateTime *start;

	if (!c->msg->followup)
		return NULL;
	start = sl_embargo_scan_thread_start(c->facts);
	if (!start || g_date_time_compare(start, s->base) >= 0)
		return NULL;
	return start;
}

static void check(struct sl_check *c)
{
	g_auto(sl_embargo_scan) s = { 0 };
	const struct sl_embargo_date *end;
	g_autofree char *since = NULL;
	GDateTime *first;
	int max = sl_param_days(c, "embargo-max-days");
	int grace = sl_param_hours(c, "grace-hours");

	end = sl_embargo_end(&s, c, "distros", FALSE);
	if (!end)
		return;
	first = thread_start(c, &s);
	if (first && sl_embargo_exceeds_since(end, first, max, grace)) {
		since = g_date_time_format(first, "%Y-%m-%d %H:%M UTC");
		sl_embargo_report(c, SL_SEV_ERROR, &s, end, "is more than the "
				  "%d-day maximum (%d h grace for a time) "
				  "after the quoted message of %s, the oldest "
				  "in this thread", max, grace, since);
	} else if (sl_embargo_exceeds(end, max, grace)) {
		sl_embargo_report(c, SL_SEV_ERROR, &s, end, "is more than the "
				  "%d-day maximum (%d h grace for a time)%s",
				  max, grace, c->msg->followup ?
				  ", and the days count from the first post "
				  "of the thread, which may be earlier" : "");
	}
}

static const struct sl_param params[] = {
	{ .key = "embargo-max-days",
	  .type = SL_PARAM_DURATION, .unit = G_TIME_SPAN_DAY,
	  .role = "distros",
	  .doc = "the longest embargo the distros lists accept, in days" },
	{ .key = "grace-hours",
	  .type = SL_PARAM_DURATION, .unit = G_TIME_SPAN_HOUR,
	  .doc = "hours past the maximum tolerated when the end is given as a time" },
	{ .key = NULL },
};

const struct sl_rule sl_rule_distros_embargo_over_14_days = {
	.id = ID,
	.summary = "the proposed embargo on the distros lists ends more than "
		   "{embargo-max-days} days away",
	.rationale =
		"The Openwall distros lists accept an embargo of at most 14 "
		"days, counted from the first post to the list, and ask "
		"reporters not to ask for more.  A longer request is turned "
		"down and costs a round trip while the clock runs.  seclint "
		"reads the proposed end in the Subject and the message's own "
		"text, measures it from the Date header (or now), and allows "
		"half a day for time-zone slop; with several dates the latest "
		"counts.  In a reply the days count from the oldest quoted "
		"'On <date>, ... wrote:' line when there is one.  A date "
		"counts when an embargo phrase stands before it or after it "
		"in its sentence ('we suggest August 15th 2022 as a potential "
		"date for public disclosure'), and holds count ('hold it back "
		"30 days', 'do not merge before <date>'); a sentence that "
		"takes the embargo back ('the 90-day deadline does not "
		"apply', 'no embargo needed') proposes none.",
	.help = "propose a disclosure date at most {embargo-max-days} days "
		"after the first "
		"post to the list, with a time and time zone (ISO 8601, UTC)",
	.example_bad = SL_EXAMPLE_DISTROS
		       "Proposed embargo end: 2026-04-02 14:00 UTC.\n",
	.example_good = SL_EXAMPLE_DISTROS
			"Proposed embargo end: 2026-03-12 14:00 UTC.\n",
	.check = check,
	.params = params,
};
