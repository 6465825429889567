// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "crypto.h"
#include "embargo.h"
#include "matches.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

/* Asking to hold the fix or the disclosure back. */
static const char hold[] =
	"embargo|\\bhold\\b|postpon|\\bdelay|\\bdefer|\\bCRD\\b|"
	"keep (?:this|it|the \\w+) (?:private|confidential|quiet|embargoed)|"
	"coordinat\\w* (?:the |our )?(?:disclosure|release|publication)|"
	"(?:coordinated|public) (?:disclosure|release)|disclosure date|"
	"\\buntil (?:after )?(?:our|my|the|we|I)\\b";

/* Reasons the kernel texts do not accept. */
static const char reason[] =
	"\\b(?:conference|talk|presentation|paper|black\\s?hat|def\\s?con|"
	"usenix|bug bounty|blog post|our advisory|keynote|"
	"present(?:ing)? (?:it|this|our \\w+) at|offensivecon|hexacon|"
	"pwn2own)\\b";

/* "no embargo needed" asks for nothing. */
static const char negated[] =
	"\\b(?:no|not|n't|without|never)\\s+(?:\\w+\\s+){0,2}$";

/* Sentences end at . ! or ? before white space, and at a paragraph
 * break (@flat is unwrapped, so every newline left is one). */
static gboolean sentence_starts(const char *flat, gint i)
{
	return i == 0 || flat[i - 1] == '\n' ||
	       (strchr(".!?", flat[i - 1]) && g_ascii_isspace(flat[i]));
}

static char *sentence_around(const char *flat, gint start, gint end)
{
	gint s = start, e = end;

	while (!sentence_starts(flat, s))
		s--;
	while (flat[e] && !sentence_starts(flat, e + 1) && flat[e] != '\n')
		e++;
	return g_strndup(flat + s, (gsize)(e - s + (flat[e] ? 1 : 0)));
}

/* The sentence around each reason phrase, not a split of the whole text
 * into sentences: that made a 2 MB body take 13 s. */
static char *invalid_reason(struct sl_facts *f, const char *text)
{
	g_autofree char *flat = NULL;
	g_autoptr(sl_matches) mi = NULL;

	/* Words @hold and @reason cannot match without (scan.c lists them):
	 * most messages have none, and need not be unwrapped. */
	if (!sl_embargo_scan_has(f, SL_EMBARGO_WORDS_REASON) ||
	    !sl_embargo_scan_has(f, SL_EMBARGO_WORDS_ASKS))
		return NULL;
	flat = sl_text_unwrap(text);
	mi = sl_matches_fixed(reason, G_REGEX_CASELESS, flat, -1);

	while (sl_matches_next(mi)) {
		g_autofree char *sentence = NULL;
		g_autofree char *asks = NULL;
		gint ms, me;

		sl_matches_fetch_pos(mi, 0, &ms, &me);
		sentence = sentence_around(flat, ms, me);
		asks = sl_regex_find_unless_after(sentence, hold, negated, 30);
		if (asks && !sl_regex_match_simple("embargo\\w*\\s+(?:is\\s+)?"
						  "(?:not\\s+)?needed", sentence,
						  G_REGEX_CASELESS, 0))
			return sl_matches_fetch(mi, 0);
	}
	return NULL;
}

static void check(struct sl_check *c)
{
	g_auto(sl_embargo_scan) s = { 0 };
	const char *text;
	g_autofree char *why = NULL;

	if ((!sl_msg_find_role(c->msg, c->policy, "kernel-security") &&
	     !sl_msg_find_role(c->msg, c->policy, "hardware-security")) ||
	    sl_facts_is_encrypted(c->facts))
		return;
	sl_embargo_scan_open(&s, c->facts);
	text = s.text;
	why = invalid_reason(c->facts, text);
	if (why)
		sl_report(c, "body", "the embargo request is tied to '%s'; the "
			  "only valid reason to defer a fix is the logistics "
			  "of QA and large-scale rollouts", why);
}

const struct sl_rule sl_rule_embargo_invalid_reason = {
	.id = "embargo-invalid-reason",
	.summary = "an embargo request is justified by a talk, paper, "
		   "bounty or blog post",
	.rationale =
		"The kernel security team defers the publication of a fix for "
		"one reason only, the logistics of QA and large-scale "
		"rollouts, and the hardware process adds that stretching an "
		"embargo for a conference talk or other non-technical reasons "
		"burdens the developers.  A request timed to a talk, a paper, "
		"a bounty or an advisory will be refused.",
	.help = "drop the talk or paper from the request; ask only for the "
		"time distributions need to ship the fix",
	.example_bad = "From: A <a@example.org>\n"
		       "To: security@kernel.org\n"
		       "Subject: foo: heap overflow\n\n"
		       "Please keep the embargo until after our Black Hat "
		       "talk.\n",
	.example_good = "From: A <a@example.org>\n"
			"To: security@kernel.org\n"
			"Subject: foo: heap overflow\n\n"
			"Please keep the embargo for 5 days so the "
			"distributions can ship the fix.\n",
	.check = check,
};
