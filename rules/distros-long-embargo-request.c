// SPDX-License-Identifier: GPL-2.0-only
#include "embargo.h"
#include "rule.h"
#include "severity.h"

#define ID "distros-long-embargo-request"

/* A period asked for as such: "90-day embargo", "embargo of 2 months". */
static const struct sl_embargo_date *long_period(GPtrArray *dates, int max)
{
	for (guint i = 0; i < dates->len; i++) {
		const struct sl_embargo_date *d = dates->pdata[i];

		if (d->kind == SL_DATE_RELATIVE && sl_embargo_date_usable(d) &&
		    sl_embargo_exceeds(d, max, 0))
			return d;
	}
	return NULL;
}

static void check(struct sl_check *c)
{
	g_auto(sl_embargo_scan) s = { 0 };
	g_autofree char *words = NULL;
	const struct sl_embargo_date *period;
	int max = sl_param_days(c, "embargo-max-days");

	if (!sl_embargo_applies(c->facts, c->policy, "distros"))
		return;
	sl_embargo_scan_open(&s, c->facts);
	words = g_strdup(sl_embargo_scan_long_request(c->facts));
	if (!words && c->msg->subject)
		words = sl_embargo_long_request(c->msg->subject);
	period = long_period(s.dates, max);
	if (words)
		sl_report(c, "body", "'%s' asks for a longer embargo than the "
			  "lists allow: %d days at most", words, max);
	else if (period)
		sl_report(c, period->where, "'%s' asks for a %d-day embargo; "
			  "the lists allow %d days at most", period->text,
			  period->days, max);
}

static const struct sl_param params[] = {
	{ .key = "embargo-max-days",
	  .type = SL_PARAM_DURATION, .unit = G_TIME_SPAN_DAY,
	  .role = "distros",
	  .doc = "the longest embargo the distros lists accept, in days" },
	{ .key = "embargo-preferred-days",
	  .type = SL_PARAM_DURATION, .unit = G_TIME_SPAN_DAY,
	  .role = "distros",
	  .doc = "the embargo length the distros lists prefer not to pass, in "
	  "days (the help says it)" },
	{ .key = NULL },
};

const struct sl_rule sl_rule_distros_long_embargo_request = {
	.id = ID,
	.summary = "the message asks the distros lists for a long or "
		   "open-ended embargo",
	.rationale =
		"The distros wiki asks reporters not to ask for an embargo "
		"longer than 14 days, and the list administrator answers such "
		"requests with the 14-day maximum.  Habits from bug-bounty "
		"programmes (90 days), 'next quarter' or 'after the "
		"conference' are refused, so the request only delays the "
		"report.  A hold the sentence takes back ('the standard "
		"90-day embargo does not apply here') is no request.",
	.help = "ask for at most {embargo-max-days} days "
		"({embargo-preferred-days} or fewer preferred) and give "
		"the date",
	.example_bad = SL_EXAMPLE_DISTROS
		       "Standard 90-day embargo requested.\n",
	.example_good = SL_EXAMPLE_DISTROS
			"We request a 7-day embargo.\n",
	.check = check,
	.params = params,
};
