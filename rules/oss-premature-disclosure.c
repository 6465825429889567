// SPDX-License-Identifier: GPL-2.0-only
#include "embargo.h"
#include "matches.h"
#include "message.h"
#include "regex-cache.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

/* Words that say the content is still secret. */
static const char marker[] =
	"\\b(?:(?:still |currently )?under embargo|embargoed"
	"|do not (?:disclose|"
	"share|publish|forward|distribute)|not (?:yet )?(?:public|to be made "
	"public))\\b";

/* ... unless they speak of the past: "was embargoed", "no longer". */
static const char past[] =
	"\\b(?:was|were|been|previously|formerly|no longer|had been|"
	"which was)\\s+$";

/* A trigger that speaks of disclosure, not any "until". */
static const char disclosure[] =
	"embargo|crd|disclos|public|publish|tentative|coordinated";

static char *find_marker(const char *text)
{
	return sl_regex_find_unless_after(text, marker, past, 30);
}

/*
 * @text without mail disclaimers: each paragraph from the sentence where
 * a disclaimer starts ("The contents of this email ... are confidential
 * ... do not disclose the contents to any other person") to its end, so
 * that a footer's words are no embargo.
 */
static char *without_disclaimers(const char *text)
{
	g_auto(GStrv) paras = sl_regex_split_all(
		sl_regex_cached("\\n\\s*\\n", 0), text);
	GString *kept = g_string_new(NULL);

	for (char **p = paras; *p; p++) {
		g_autofree char *flat = sl_text_unwrap(*p);
		gint s = 0, e = 0;

		while (flat[s]) {
			g_autofree char *sentence = NULL;

			sl_text_sentence_bounds(flat, s, s, &s, &e);
			sentence = g_strndup(flat + s, (gsize)(e - s));
			if (sl_text_is_disclaimer(sentence))
				break;
			s = flat[e] ? e + 1 : e;
		}
		g_string_append_len(kept, flat, s);
		g_string_append(kept, "\n\n");
	}
	return g_string_free(kept, FALSE);
}

/*
 * Dates that are no embargo still running: "Exploits will be published
 * on ..." (the wiki asks for that date) and "the embargo ended on ...".
 */
static const char not_pending[] =
	"exploit|\\bpoc\\b|proof[- ]of[- ]concept|\\b(?:ended|lifted|expired|"
	"passed|was|were|had)\\b";


static const struct sl_embargo_date *
future_date(const struct sl_message *msg, const struct sl_embargo_scan *s)
{
	for (guint i = 0; i < s->dates->len; i++) {
		const struct sl_embargo_date *d = s->dates->pdata[i];

		if (sl_embargo_date_usable(d) &&
		    (d->exact ? d->seconds > 0 : d->days > 0) &&
		    sl_regex_match_simple(disclosure, d->trigger,
					 G_REGEX_CASELESS, 0) &&
		    !sl_embargo_date_context(msg, s, d, not_pending))
			return d;
	}
	return NULL;
}

static void check(struct sl_check *c)
{
	g_auto(sl_embargo_scan) s = { 0 };
	const struct sl_embargo_date *d;
	g_autofree char *words = NULL, *name = NULL, *own = NULL;

	if (!sl_embargo_applies(c->facts, c->policy, "oss-security"))
		return;
	sl_embargo_scan_open(&s, c->facts);
	d = future_date(c->msg, &s);
	if (d) {
		name = sl_embargo_date_name(d);
		sl_report(c, d->where, "the posting names a disclosure date "
			  "still ahead (%s from %s): oss-security is public, "
			  "post there on the disclosure date", name,
			  sl_embargo_base_name(s.from_header));
		return;
	}
	own = without_disclaimers(s.text);
	words = find_marker(own);
	/* A reply's Subject is the thread's, not a word of this posting
	 * ("Re: Handling of embargoed security issues"). */
	if (!words && c->msg->subject && !c->msg->followup)
		words = find_marker(c->msg->subject);
	if (words)
		sl_report(c, "body", "the posting says '%s', but oss-security "
			  "is a public list: remove what is still embargoed",
			  words);
}

const struct sl_rule sl_rule_oss_premature_disclosure = {
	.id = "oss-premature-disclosure",
	.summary = "a posting to the public oss-security list is still under "
		   "embargo",
	.rationale =
		"oss-security is public and archived; an embargoed issue is "
		"posted there when the embargo ends, on the public disclosure "
		"date.  A posting that names a disclosure date still in the "
		"future, or calls its content embargoed, was probably copied "
		"from the private thread too early.  Saying that an embargo "
		"ended, or naming a date already past, is fine, and so are "
		"a mail disclaimer's words (do not disclose the contents of "
		"this email) and a reply's Subject, which is the thread's "
		"(a policy discussion of embargoed issues).",
	.help = "wait for the agreed disclosure date, or remove the "
		"embargoed parts",
	.example_bad = "From: A <a@example.org>\n"
		       "To: oss-security@lists.openwall.com\n"
		       "Date: Thu, 05 Mar 2026 10:00:00 +0000\n"
		       "Subject: foo: heap overflow in the bar parser\n\n"
		       "This issue is under embargo until 2026-03-12.\n",
	.example_good = "From: A <a@example.org>\n"
			"To: oss-security@lists.openwall.com\n"
			"Date: Thu, 12 Mar 2026 14:00:00 +0000\n"
			"Subject: foo: heap overflow in the bar parser\n\n"
			"The embargo ended today (2026-03-12).\n",
	.check = check,
};
