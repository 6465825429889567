// SPDX-License-Identifier: GPL-2.0-only
#include <stdlib.h>
#include <string.h>

#include "address.h"
#include "context.h"
#include "facts.h"
#include "fixref.h"
#include "literals.h"
#include "matches.h"
#include "message.h"
#include "patch.h"
#include "policy.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

static const char embargo_words[] =
	"(?i)\\b(?:embargo(?:ed)?|do not (?:disclose|share|publish)|"
	"not (?:yet )?public|coordinated (?:disclosure|release)|"
	"disclosure date|CRD)\\b";
static const char exploit_words[] =
	"(?i)\\b(?:exploit(?:s|ed|able)?|privilege escalation|LPE|root shell|"
	"CVE-[0-9]{4}-[0-9]{4,})\\b";
/* An ISO date after words that set a date, up to 80 characters on. */
/* The words one of which each match of them holds (rules/lib/literals.h). */
static const struct sl_guard embargo_guard = {
	.has = (const char *const[]){
		/* whole phrases: "public" and "do not " alone are in
		 * many a commit message */
		"\\bembargo", "\\bdo not disclose", "\\bdo not share",
		"\\bdo not publish", "\\bnot public", "\\bnot yet public",
		"\\bcoordinated ", "\\bdisclosure date", "\\bcrd", NULL
	},
	.caseless = TRUE,
};
static const struct sl_guard exploit_guard = {
	.has = (const char *const[]){
		"\\bexploit", "\\bprivilege escalation", "\\blpe",
		"\\broot shell", "\\bcve-", NULL
	},
	.caseless = TRUE,
};
static const char dated[] =
	"(?i)\\b(?:embargo\\w*|until|disclos\\w*|public\\w*|CRD|release)\\b"
	"[^\\n]{0,80}?\\b([0-9]{4})-([0-9]{2})-([0-9]{2})\\b";

/* Is a date named after embargo words later than the message? */
static gboolean future_date(const struct sl_message *msg, const char *text)
{
	g_autoptr(GDateTime) now = g_date_time_new_now_utc();
	GDateTime *base = msg->date ? msg->date : now;
	/* "under embargo until\n2026-06-16": a wrapped line is no end. */
	g_autofree char *flat = sl_text_unwrap(text);
	g_autoptr(sl_matches) mi = sl_matches_fixed(dated, 0, flat, -1);
	gboolean later = FALSE;

	while (!later && sl_matches_next(mi)) {
		g_autofree char *y = sl_matches_fetch(mi, 1);
		g_autofree char *m = sl_matches_fetch(mi, 2);
		g_autofree char *d = sl_matches_fetch(mi, 3);
		g_autoptr(GDateTime) when = g_date_time_new_utc(
			atoi(y), atoi(m), atoi(d), 23, 59, 59);

		later = when && g_date_time_compare(when, base) > 0;
	}
	return later;
}

static gboolean is_patch_mail(const struct sl_message *msg, const char *own)
{
	return sl_text_has_patch(own) ||
	       (msg->subject && sl_regex_match_simple(
		       "\\[[^]]*PATCH[^]]*\\b0+/[0-9]+\\]", msg->subject,
		       G_REGEX_CASELESS, 0));
}

/*
 * The Subject and the commit message, joined: a text the facts keep
 * (rules/lib/literals.h), read once for the words of both lists, where
 * a copy made for each call was read once for each.
 */
static const char *words_of(struct sl_check *c, const char *own)
{
	static const char key;
	struct sl_facts_slot *s = sl_facts_slot(c->facts, &key);

	if (!s->filled) {
		g_autofree char *message = sl_text_before_patch(own);

		sl_facts_fill(s, g_strconcat(c->msg->subject ? c->msg->subject
							     : "",
					     "\n", message, NULL),
			      g_free);
		sl_facts_literals_keep(c->facts, s->data);
	}
	return s->data;
}

static void check(struct sl_check *c)
{
	const struct sl_address *list =
		sl_msg_find_public_list(c->msg, c->policy);
	const char *own = NULL, *words;
	gboolean embargo, exploit;

	if (!list || sl_msg_find_role(c->msg, c->policy, "oss-security"))
		return;
	own = sl_facts_own_text(c->facts);
	if (!is_patch_mail(c->msg, own))
		return;
	words = words_of(c, own);
	embargo = sl_guarded_test(c->facts, embargo_words, 0, &embargo_guard,
				  words);
	exploit = sl_guarded_test(c->facts, exploit_words, 0, &exploit_guard,
				  words);
	if (!embargo && !exploit)
		return;
	if (sl_check_embargoed(c) || future_date(c->msg, words))
		sl_report(c, "body", "a patch for an embargoed issue goes to %s "
			  "with words on its security impact (%s) in the "
			  "commit message; post the fix without them%s",
			  list->addr, embargo ? "embargo" : "exploit",
			  strstr(words, "Reported-by:") ? " (Reported-by: "
			  "names the reporter too)" : "");
	else if (embargo)
		sl_report_weak(c, "body", "a patch to %s speaks of an embargo "
			       "in its commit message; if the issue is "
			       "embargoed, say nothing of its security impact",
			       list->addr);
}

const struct sl_rule sl_rule_public_patch_reveals_security = {
	.id = "public-patch-reveals-security",
	.summary = "a fix posted to a public list tells of an embargoed "
		   "issue's security impact",
	.rationale =
		"A fix for an embargoed bug is usually posted in public like "
		"any other patch, but without saying what it is: the kernel "
		"texts promise reporters that the report, exploits and CVE "
		"information will not be published alongside the fix without "
		"their permission, and Openwall notes that kernel maintainers "
		"customarily post fixes publicly without any indication of "
		"their security relevance.  Security words in commit messages "
		"are common in the kernel, so this warns only when a future "
		"embargo date is given or --embargoed is passed, and is "
		"otherwise a reminder when embargo words appear.  Posting to "
		"oss-security is disclosure, not this.",
	.help = "drop the embargo, exploit and CVE details from the commit "
		"message and cover letter until the embargo ends",
	.example_bad = "From: A <a@example.org>\n"
		       "To: netdev@vger.kernel.org\n"
		       "Date: Mon, 1 Jun 2026 10:00:00 +0000\n"
		       "Subject: [PATCH] net: foo: fix UAF\n\n"
		       "Exploitable for root; embargo until 2026-06-10.\n\n"
		       "diff --git a/net/foo.c b/net/foo.c\n",
	.example_good = "From: A <a@example.org>\n"
			"To: netdev@vger.kernel.org\n"
			"Date: Mon, 1 Jun 2026 10:00:00 +0000\n"
			"Subject: [PATCH] net: foo: fix UAF\n\n"
			"Take the reference before the lookup.\n\n"
			"diff --git a/net/foo.c b/net/foo.c\n",
	.check = check,
	.needs = "--embargoed, or a future date in the text, for a warning; "
		 "otherwise at most a note.",
};
