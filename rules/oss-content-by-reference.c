// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "address.h"
#include "message.h"
#include "regex-cache.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"
#include "text.h"

/* Less prose than this around the links says little on its own. */
#define SL_MIN_PROSE 300
/* "Details at <URL>" with less than this is a pointer, not a posting. */
#define SL_MIN_PROSE_WITH_POINTER 600

/* Sending the reader elsewhere: "details at", "see the advisory at". */
static const char pointer[] =
	"(?i:\\b(details (are )?(at|here|in|on)|see (the |our |my )?"
	"(advisory|details|write-?up|blog post|report|announcement)|"
	"(full|more|further) (details|information|info|advisory|write-?up)|"
	"read more|for (more|the|full) details)\\b[^\\n]{0,30}"
	"<?((https?|ftp)://|www\\.))";

/* A line that is only a link, perhaps after "[1]", "- " or a short label. */
static const char link_line[] =
	"^\\s*(\\[\\d+\\]|[-*]|[\\w ]{1,30}:)?\\s*<?((https?|ftp)://|www\\.)"
	"\\S+\\s*$";

static gboolean mostly_link_lines(const char *own)
{
	g_auto(GStrv) lines = g_strsplit(own, "\n", -1);
	guint links = 0, text = 0;

	for (char **l = lines; *l; l++) {
		if (!*g_strstrip(*l))
			continue;
		if (sl_regex_match_simple(link_line, *l, G_REGEX_CASELESS, 0))
			links++;
		else
			text++;
	}
	return links >= 3 && links > text;
}

/* Text attached as a file is in the message too. */
static gboolean has_text_attachment(const struct sl_message *msg)
{
	for (guint i = 0; i < msg->parts->len; i++) {
		const struct sl_part *p = msg->parts->pdata[i];

		if (sl_part_is_attachment(p) && g_str_has_prefix(p->type, "text/"))
			return TRUE;
	}
	return FALSE;
}

static void check(struct sl_check *c)
{
	const struct sl_address *oss =
		sl_msg_find_role(c->msg, c->policy, "oss-security");
	const char *own = NULL;
	glong len;
	guint urls;

	if (!oss || c->msg->followup || has_text_attachment(c->msg))
		return;
	own = sl_facts_own_prose(c->facts, &len, &urls);
	if (!urls)
		return;
	if (len < SL_MIN_PROSE ||
	    (len < SL_MIN_PROSE_WITH_POINTER &&
	     sl_regex_match_simple(pointer, own, 0, 0)))
		sl_report(c, "body", "the posting to %s seems to give the "
			  "details only by link (%ld characters of text, %u "
			  "link%s); put the essential part in the message",
			  oss->addr, len, urls, urls == 1 ? "" : "s");
	else if (mostly_link_lines(own))
		sl_report(c, "body", "the posting to %s is mostly a list of "
			  "links; put the essential part in the message",
			  oss->addr);
}

const struct sl_rule sl_rule_oss_content_by_reference = {
	.id = "oss-content-by-reference",
	.summary = "an oss-security posting gives its content only by link",
	.rationale =
		"oss-security asks that at least the essential part of a "
		"posting (the vulnerability detail, the exploit) be in the "
		"message itself, links being welcome only beside it: the "
		"message should stay valuable with every external resource "
		"gone (Openwall wiki, mailing-lists/oss-security, List "
		"content guidelines).  An initial posting with links and "
		"under about 300 characters of its own text (600 when it says "
		"'details at' a link), or whose lines are mostly links, is "
		"flagged.  Quoted text and the signature do not count; a text "
		"attachment is content in the message.",
	.help = "paste the description (affected versions, the bug, its "
		"impact, the fix, the exploit if any) into the posting and "
		"keep the links as references",
	.example_bad = "From: A <a@example.org>\n"
		       "To: oss-security@lists.openwall.com\n"
		       "Subject: foo 1.2: heap overflow in bar\n\n"
		       "Details: https://example.org/advisory\n",
	.example_good = "From: A <a@example.org>\n"
			"To: oss-security@lists.openwall.com\n"
			"Subject: foo 1.2: heap overflow in bar\n\n"
			"foo 1.2 and earlier overflow a heap buffer in "
			"bar_parse() when a record is longer than 4 KiB: the "
			"length field is trusted and copied with memcpy(). A "
			"crafted file gives code execution in any program that "
			"opens it.  Fixed in foo 1.2.1 by checking the length "
			"against the buffer; the fix is commit 0123456789ab.  "
			"Found by fuzzing with AFL++.\n\n"
			"Advisory: https://example.org/advisory\n",
	.check = check,
};
