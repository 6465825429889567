// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "literals.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

/*
 * The four marks of the section an AI assistant starts a report with
 * for its reporter, who is to remove it: a title, an instruction to
 * remove it, the recipients to use, the reminder to check the mail
 * client.  Two of them near the top make the section; one alone is
 * ordinary text (a forwarded message's To: and Cc:, a Cc: trailer, a
 * word on a mail client).
 */
enum mark { TITLE, REMOVE, RECIPIENTS, CLIENT, MARKS };

static const char *const mark_name[MARKS] = {
	[TITLE] = "a temporary section's title",
	[REMOVE] = "an instruction to remove it before sending",
	[RECIPIENTS] = "the recipients to send to",
	[CLIENT] = "a reminder to check the mail client",
};

/* Sentence marks are read in the unwrapped text; line marks line by
 * line. */
static const char *const mark_re[MARKS] = {
	/* A title line: decorated ("=== Temporary section ==="), ending
	 * as a heading does ("Temporary notes:"), or in capitals; not the
	 * words in running text. */
	[TITLE] =
		"(?im)^\\s*[=*#\\[(<_-]+\\s*((begin|start|end)( of)? )?(the )?"
		"temporary (section|block|header|notes?|preamble|part)\\b|"
		"^\\s*((begin|start|end)( of)? )?(the )?temporary "
		"(section|block|header|notes?|preamble|part)\\b[^\\n]{0,40}"
		"[:\\])=*-]\\s*$|"
		"^[\\s=*#\\[(<_-]*(?-i:(BEGIN |START OF |END OF )?TEMPORARY"
		"( SECTION| NOTES?| BLOCK| HEADER)?)[\\s=*#\\])>_:.-]*$",
	[REMOVE] =
		"(?i)\\b(remove|delete|strip|drop|cut|take out)\\b[^.!?]{0,60}?"
		"\\bbefore (you )?(send|sending|submit|submitting|post|posting|"
		"mail|mailing)\\b|\\b(do not|don't) (send|include|forward) "
		"this (section|block|part|note)\\b",
	[RECIPIENTS] =
		"(?im)^[\\s*>-]*([^:\\n]{0,30}\\b)?(To|Cc|Bcc|recipients?|"
		"maintainers|lists?|send (it |them )?to)\\b[^:\\n]{0,20}:"
		"[^\\n]*@",
	[CLIENT] =
		"(?i)\\bemail-clients(\\.rst)?\\b|\\b(check|make sure|ensure|"
		"verify|confirm|set ?up|configure)\\b[^.!?]{0,80}?\\b(e-?mail|"
		"mail) (client|program|user agent)\\b|\\b(e-?mail|mail) "
		"(client|program)\\b[^.!?]{0,60}?\\b(set ?up|configured|"
		"properly|plain[- ]text|wrap\\w*|mangl\\w*)\\b",
};

/* The words one of which each match of a mark holds (rules/lib/literals.h):
 * the title's "temporary", the instruction's "before" or "this", the
 * recipients' "@", the client's "mail". */
static const struct sl_guard mark_guard[MARKS] = {
	[TITLE] = { .has = (const char *const[]){ "temporary", NULL },
		    .caseless = TRUE },
	[REMOVE] = { .has = (const char *const[]){ "\\bbefore ", " this ",
						   NULL },
		     .caseless = TRUE },
	[RECIPIENTS] = { .has = (const char *const[]){ "@", NULL },
			 .caseless = TRUE },
	[CLIENT] = { .has = (const char *const[]){ "\\bemail-clients",
						   "mail ", NULL },
		     .caseless = TRUE },
};

/* The marks as they are read: the rarest first, the recipients last
 * ("@" is in most posts, and their pattern is tried at each line start);
 * reading stops where two can no longer be found, which most posts
 * (those without a title, a word on the mail client or an instruction
 * to remove) reach before the recipients. */
static const enum mark reading_order[MARKS] = {
	TITLE, CLIENT, REMOVE, RECIPIENTS
};

/* sl_regex_test() of mark @m, on a text that holds one of its words. */
static gboolean has_mark(int m, const char *text)
{
	return sl_guarded_test(NULL, mark_re[m], 0, &mark_guard[m], text);
}

/* The first @n non-blank lines of @text (blank ones between kept), one
 * string, and in *@lines one a line. */
static char *head(const char *text, int n, char ***lines)
{
	g_autofree char *copy = NULL;
	g_autofree char **all = sl_text_lines(text, &copy);
	GPtrArray *kept = g_ptr_array_new();

	for (char **l = all; *l && n > 0; l++) {
		g_ptr_array_add(kept, g_strdup(*l));
		if (strspn(*l, " \t") != strlen(*l))
			n--;
	}
	g_ptr_array_add(kept, NULL);
	*lines = (char **)g_ptr_array_free(kept, FALSE);
	return g_strjoinv("\n", *lines);
}

/* The first line of @lines that shows one of the @found marks alone. */
static const char *first_mark(char **lines, const gboolean *found)
{
	for (char **l = lines; *l; l++)
		for (int m = 0; m < MARKS; m++)
			if (found[m] && has_mark(m, *l))
				return *l;
	return NULL;
}

static void check(struct sl_check *c)
{
	const struct sl_text *t;
	g_auto(GStrv) lines = NULL;
	g_autofree char *top = NULL;
	g_autofree char *flat = NULL;
	g_autoptr(GString) marks = NULL;
	gboolean found[MARKS] = { FALSE };
	const char *at;
	unsigned n = 0;

	if (c->msg->followup || !sl_facts_content_visible(c->facts))
		return;
	t = sl_facts_text(c->facts);
	if (!t->prose_lines || sl_msg_is_patch_submission(c->msg, t))
		return;
	top = head(t->prose->str, sl_param_int(c, "head-lines"), &lines);
	for (int i = 0; i < MARKS && n + (MARKS - i) >= 2; i++) {
		enum mark m = reading_order[i];
		const char *in = top;

		/* Titles and recipients are lines; the rest sentences. */
		if (m != TITLE && m != RECIPIENTS) {
			if (!flat)
				flat = sl_text_unwrap(top);
			in = flat;
		}
		found[m] = has_mark(m, in);
		n += found[m] != FALSE;
	}
	if (n < 2)
		return;
	marks = g_string_new(NULL);
	n = 0;
	for (int m = 0; m < MARKS; m++)
		if (found[m])
			g_string_append_printf(marks, "%s%s", n++ ? ", " : "",
					       mark_name[m]);
	/* No mark found again: a NULL excerpt points at the body itself. */
	at = first_mark(lines, found);
	sl_report_at(c, "body", at, "the message still starts with the "
		     "section an AI assistant writes for the reporter to "
		     "remove (%s)", marks->str);
}

static const struct sl_param params[] = {
	{ .key = "head-lines", .type = SL_PARAM_INT,
	  .doc = "non-blank lines at the top of the sender's own text in which the "
	  "temporary section is looked for" },
	{ .key = NULL },
};

const struct sl_rule sl_rule_ai_report_temporary_section = {
	.id = "ai-report-temporary-section",
	.summary = "a report still has the temporary section its AI assistant "
		   "wrote for the reporter",
	.rationale =
		"Since 2026-08 the text makes an AI assistant start the report "
		"with a temporary section for the reporter: the addresses to "
		"send the report and the patch to, and a reminder to check "
		"that the mail client is set up for plain text.  Removing it "
		"is the reporter's step of the procedure; sent, it shows the "
		"maintainers a report nobody read before it left.  The rule "
		"looks at the top of the sender's own text of a first message "
		"that is not a patch for four marks: a title (temporary "
		"section, TEMPORARY on a line of its own), an instruction to "
		"remove something before sending, recipients listed as To:, "
		"Cc: or similar lines with addresses, and a reminder about the "
		"mail client or email-clients.rst.  Two of them are the "
		"section; one alone is ordinary text (a forwarded message's "
		"headers, a Cc: trailer, a word on a mail client), and replies "
		"are never read.",
	.help = "delete the temporary section (recipients, mail-client "
		"reminder) and put those recipients in To: and Cc:",
	.example_bad = "From: A <a@reporter.test>\n"
		       "To: foo@maintainer.test\n"
		       "Subject: foo: overflow in foo_ioctl\n\n"
		       "=== TEMPORARY SECTION: remove before sending ===\n"
		       "To: foo@maintainer.test\n"
		       "Check that your email client sends plain text.\n"
		       "=== END OF TEMPORARY SECTION ===\n\n"
		       "There is an overflow in foo_ioctl().\n",
	.example_good = "From: A <a@reporter.test>\n"
			"To: foo@maintainer.test\n"
			"Subject: foo: overflow in foo_ioctl\n\n"
			"There is an overflow in foo_ioctl().\n",
	.check = check,
	.params = params,
};
