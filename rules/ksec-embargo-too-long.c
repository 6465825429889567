// SPDX-License-Identifier: GPL-2.0-only
#include "embargo.h"
#include "rule.h"
#include "severity.h"

#define ID "ksec-embargo-too-long"

/* Is @end more than @days (plus the grace) after @fix, or the base? */
static gboolean exceeds(const struct sl_embargo_date *end,
			const struct sl_embargo_date *fix, int days, int grace)
{
	return fix ? sl_embargo_exceeds_since(end, fix->when, days, grace)
		   : sl_embargo_exceeds(end, days, grace);
}

static void check(struct sl_check *c)
{
	const struct sl_embargo_date *fix;
	g_auto(sl_embargo_scan) s = { 0 };
	const struct sl_embargo_date *end;
	const char *open_ended;
	int limit = sl_param_days(c, "limit-days");
	int max = sl_param_days(c, "max-days");
	int grace = sl_param_hours(c, "grace-hours");

	end = sl_embargo_end(&s, c, "kernel-security", FALSE);
	if (!s.dates)
		return;
	open_ended = sl_embargo_scan_long_request(c->facts);
	if (open_ended) {
		sl_report(c, "body", "'%s' asks for a hold the security team "
			  "does not grant: at most %d calendar days, %d in "
			  "exceptional cases", open_ended, limit, max);
		return;
	}
	if (!end)
		return;
	/* The days run from when the fix is ready, where the message says
	 * so; a period ("in 10 days") is counted from the message. */
	fix = sl_embargo_fix_ready(s.dates);
	if (fix && (end->kind == SL_DATE_RELATIVE ||
		    g_date_time_compare(fix->when, end->when) >= 0))
		fix = NULL;
	if (fix) {
		g_autofree char *name = sl_embargo_date_name(fix);

		s.since = g_strdup_printf("the day the fix is ready, %s",
					  name);
	}
	if (!exceeds(end, fix, limit, grace))
		return;
	if (exceeds(end, fix, max, grace))
		sl_embargo_report(c, SL_SEV_ERROR, &s, end, "is more than %d "
				  "days away, beyond even the exceptional "
				  "extension", max);
	else
		sl_embargo_report(c, SL_SEV_WARNING, &s, end, "is more than %d "
				  "days away; up to %d needs the team to agree "
				  "that the bug is critical enough", limit,
				  max);
}

static const struct sl_param params[] = {
	{ .key = "limit-days",
	  .type = SL_PARAM_DURATION, .unit = G_TIME_SPAN_DAY,
	  .doc = "calendar days a fix may be held without an exceptional reason "
	  "(past it: a warning)" },
	{ .key = "max-days", .type = SL_PARAM_DURATION, .unit = G_TIME_SPAN_DAY,
	  .doc = "calendar days a fix may be held at most, in exceptional cases "
	  "(past it: an error)" },
	{ .key = "grace-hours",
	  .type = SL_PARAM_DURATION, .unit = G_TIME_SPAN_HOUR,
	  .doc = "hours past a limit tolerated when the end is given as a time" },
	{ .key = NULL },
};

const struct sl_rule sl_rule_ksec_embargo_too_long = {
	.id = ID,
	.summary = "a report to security@kernel.org asks for an embargo "
		   "longer than {limit-days} days (error past {max-days})",
	.rationale =
		"The kernel security team publishes a fix as soon as it is "
		"ready; the reporter or an affected party may ask to postpone "
		"that for up to 7 calendar days from the start of the release "
		"process, 14 in exceptional cases (security-bugs.rst).  The "
		"team's clock starts when a fix exists: seclint counts from "
		"the day the message says the fix is ready ('the fix will be "
		"ready on March 12'), else from the message Date.  An end "
		"more than 7 days on is a warning, more than 14 (or an "
		"open-ended hold such as 'until our talk') an error.  Holds "
		"count as embargo requests ('hold it back 30 days', 'do not "
		"merge before <date>'), and a date may stand before its "
		"phrase ('we suggest 2026-03-20 as the disclosure date'); "
		"what the sentence takes back ('the 90-day deadline does not "
		"apply', 'no embargo needed') is none.",
	.help = "ask for at most {limit-days} days after the fix is ready, "
		"and say why if more is needed (never beyond {max-days})",
	.example_bad = SL_EXAMPLE_KSEC
		       "Please keep this under embargo until 2026-04-30.\n",
	.example_good = SL_EXAMPLE_KSEC
			"Please keep this under embargo until 2026-03-10.\n",
	.check = check,
	.params = params,
};
