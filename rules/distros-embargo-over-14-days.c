// SPDX-License-Identifier: GPL-2.0-only
#include "embargo.h"

#define ID "distros-embargo-over-14-days"

static void check(struct sl_check *c)
{
	g_auto(sl_embargo_scan) s = { 0 };
	const struct sl_embargo_date *end;
	g_autofree char *name = NULL, *all = NULL;
	int max = sl_profile_rule_int(c->policy, ID, "max-days", 14);
	int grace = sl_profile_rule_int(c->policy, ID, "grace-hours", 12);

	if (!sl_embargo_applies(c->msg, c->policy, "distros"))
		return;
	sl_embargo_scan_open(&s, c->msg);
	end = sl_embargo_latest(s.dates);
	if (!end || !sl_embargo_exceeds(end, max, grace))
		return;
	name = sl_embargo_date_name(end);
	all = sl_embargo_describe(s.dates);
	sl_report(c, end->where, "the proposed embargo end %s is more than "
		  "the %d-day maximum (%d h grace) from %s%s; candidates: %s",
		  name, max, grace, sl_embargo_base_name(s.from_header),
		  c->msg->followup ? " (the 14 days count from the first "
		  "post of the thread, which may be earlier)" : "", all);
}

const struct sl_rule sl_rule_distros_embargo_over_14_days = {
	.id = ID,
	.severity = SL_SEV_ERROR,
	.summary = "the proposed embargo on the distros lists ends more than "
		   "14 days away",
	.rationale =
		"The Openwall distros lists accept an embargo of at most 14 "
		"days, counted from the first post to the list; the wiki "
		"says \"Please do not ask for a longer embargo.\"  A longer "
		"request is turned down and costs a round trip while the "
		"clock runs.  seclint reads the proposed end in the Subject "
		"and the message's own text, measures it from the Date header "
		"(or now), and allows half a day for time-zone slop; with "
		"several dates the latest counts.",
	.help = "propose a disclosure date at most 14 days after the first "
		"post to the list, with a time and time zone (ISO 8601, UTC)",
	.source = { "Openwall wiki, mailing-lists/distros",
		    "List policy and instructions for reporters", "2024" },
	.example_bad = "From: A <a@example.org>\n"
		       "To: linux-distros@vs.openwall.org\n"
		       "Date: Thu, 05 Mar 2026 10:00:00 +0000\n"
		       "Subject: [vs] foo: heap overflow\n\n"
		       "Proposed embargo end: 2026-04-02 14:00 UTC.\n",
	.example_good = "From: A <a@example.org>\n"
			"To: linux-distros@vs.openwall.org\n"
			"Date: Thu, 05 Mar 2026 10:00:00 +0000\n"
			"Subject: [vs] foo: heap overflow\n\n"
			"Proposed embargo end: 2026-03-12 14:00 UTC.\n",
	.check = check,
};
