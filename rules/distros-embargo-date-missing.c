// SPDX-License-Identifier: GPL-2.0-only
#include "embargo.h"
#include "facts.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "signals.h"

static const char vague[] =
	"\\b(?:asap|as soon as possible"
	"|(?:whenever|once) (?:the )?fix(?:es)? (?:is|are) "
	"(?:public|released|available|merged)"
	"|to be (?:determined|decided)|tbd)\\b";

static gboolean has_time(GPtrArray *dates)
{
	for (guint i = 0; i < dates->len; i++) {
		const struct sl_embargo_date *d = dates->pdata[i];

		if (sl_embargo_date_usable(d) && d->has_time)
			return TRUE;
	}
	return FALSE;
}

static gboolean any_proposed(GPtrArray *dates)
{
	for (guint i = 0; i < dates->len; i++)
		if (((const struct sl_embargo_date *)dates->pdata[i])->trigger)
			return TRUE;
	return FALSE;
}

/*
 * Is the issue public as the message goes out?  A public list among the
 * recipients (a fix posted to its subsystem list with the distros list
 * Cc'd, an announcement), or the message shows it public (a fix linked or
 * upstream, a CVE said to be published): there is no embargo to date.
 */
static gboolean issue_public(struct sl_check *c)
{
	const char *own = NULL;
	g_autofree char *why = NULL;

	if (sl_msg_find_public_list(c->msg, c->policy))
		return TRUE;
	own = sl_facts_own_text(c->facts);
	why = sl_check_public_artefact(c, own);
	return why != NULL;
}

static void check(struct sl_check *c)
{
	g_auto(sl_embargo_scan) s = { 0 };
	g_autoptr(GMatchInfo) mi = NULL;
	g_autoptr(GRegex) re = NULL;
	g_autofree char *words = NULL;

	if (c->msg->followup ||
	    !sl_embargo_applies(c->facts, c->policy, "distros") ||
	    issue_public(c))
		return;
	sl_embargo_scan_open(&s, c->facts);
	if (any_proposed(s.dates)) {
		if (!has_time(s.dates) && sl_embargo_latest(s.dates))
			sl_report_weak(c, "body", "the proposed disclosure "
				       "date has no time: add a time and time "
				       "zone (e.g. 14:00 UTC)");
		return;
	}
	re = sl_regex_new(vague, G_REGEX_CASELESS, 0, NULL);
	if (g_regex_match(re, s.text, 0, &mi))
		words = g_match_info_fetch(mi, 0);
	sl_report(c, "body", "the first message to the list proposes no "
		  "public disclosure date/time%s%s%s; add one, e.g. "
		  "\"Proposed public disclosure: 2026-07-01 14:00 UTC\"",
		  words ? " ('" : "", words ? words : "",
		  words ? "' is not a date)" : "");
}

const struct sl_rule sl_rule_distros_embargo_date_missing = {
	.id = "distros-embargo-date-missing",
	.summary = "a first message to the distros lists proposes no "
		   "disclosure date",
	.rationale =
		"The (linux-)distros policy, as its administrator states it, "
		"is that the reporter gives a tentative public disclosure "
		"date/time in the very first message, and list members are "
		"asked to insist on one.  Without it the list cannot plan, "
		"and the 14-day clock runs anyway.  'ASAP' or 'once the fix "
		"is public' is not a date.  A date without a time is accepted "
		"with a note to add one.  Replies are not checked: the date "
		"belongs in the first message.  Nor is a message about an "
		"issue that is public as it is sent (a public list among the "
		"recipients, a fix linked or already upstream, a CVE said to "
		"be published): it has no embargo to date "
		"(distros-issue-already-public and private-with-public-list "
		"speak about those).",
	.help = "state a tentative public disclosure date and time, e.g. "
		"\"Proposed CRD: 2026-07-01 14:00 UTC\"",
	.example_bad = SL_EXAMPLE_DISTROS
		       "Details below; please publish ASAP.\n",
	.example_good = SL_EXAMPLE_DISTROS
			"Proposed public disclosure: 2026-03-10 14:00 UTC.\n",
	.check = check,
};
