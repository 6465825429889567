// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "seclint.h"

static gboolean has_text(const char *s)
{
	for (; *s; s++)
		if (!g_ascii_isspace(*s))
			return TRUE;
	return FALSE;
}

/* The IMAP-style path of a part's parent: "1.2" for "1.2.3"; the top
 * multipart is "0" and its children "1", "2", ... */
static char *parent_path(const char *path)
{
	const char *dot = strrchr(path, '.');

	return dot ? g_strndup(path, dot - path) : g_strdup("0");
}

/* Is @html the twin of a non-empty text/plain part in multipart/alternative? */
static gboolean has_plain_twin(const struct sl_message *msg,
			       const struct sl_part *html)
{
	g_autofree char *parent = parent_path(html->path);
	gboolean alternative = FALSE, twin = FALSE;

	if (!msg->body || !has_text(msg->body->str))
		return FALSE;
	for (guint i = 0; i < msg->parts->len; i++) {
		const struct sl_part *q = msg->parts->pdata[i];
		g_autofree char *up = parent_path(q->path);

		if (!strcmp(q->path, parent))
			alternative = !strcmp(q->type, "multipart/alternative");
		else if (!strcmp(up, parent) && !strcmp(q->type, "text/plain"))
			twin = TRUE;
	}
	return alternative && twin;
}

static void check(struct sl_check *c)
{
	const struct sl_address *to =
		sl_msg_find_role(c->msg, c->policy, "plain-text");

	/* Security context: oss-security alone is oss-not-plain-text's. */
	if (!to || !(sl_msg_has_closed_list(c->msg, c->policy) ||
		     sl_check_security(c)))
		return;
	for (guint i = 0; i < c->msg->parts->len; i++) {
		const struct sl_part *p = c->msg->parts->pdata[i];

		if (!strcmp(p->type, "text/html")) {
			g_autofree char *where = g_strdup_printf("part %s",
								 p->path);

			if (has_plain_twin(c->msg, p))
				sl_report_capped(c, SL_SEV_WARNING, where,
						 "text/html part %s (next to "
						 "its text/plain twin) in a "
						 "message to %s", p->path,
						 to->addr);
			else
				sl_report(c, where, "text/html part %s in a "
					  "message to %s", p->path, to->addr);
			return;
		}
	}
}

const struct sl_rule sl_rule_report_html = {
	.id = "report-html",
	.severity = SL_SEV_ERROR,
	.summary = "a security report contains HTML",
	.rationale =
		"The security and disclosure lists ask for plain text: "
		"reports are discussed by quoting them in replies, vger and "
		"the Openwall lists reject or mangle HTML, and an HTML report "
		"tempts readers to open it in a viewer, which for a "
		"confidential report is not acceptable.  This holds for HTML "
		"anywhere in the message: alone, in multipart/related or "
		"inside a forwarded message (an error), or as the twin of a "
		"text part in multipart/alternative (a warning: the text is "
		"there).  A posting to oss-security alone is "
		"oss-not-plain-text's.",
	.help = "configure your mailer to send plain text only (see "
		"Documentation/process/email-clients.rst)",
	.source = { "Documentation/process/security-bugs.rst",
		    "Contact (\"Please send plain text emails\")",
		    "2023-06; strengthened 2025-11" },
	.example_bad = "From: A <a@example.org>\n"
		       "To: security@kernel.org\n"
		       "Subject: bug\nMIME-Version: 1.0\n"
		       "Content-Type: text/html\n\n<p>bug</p>\n",
	.example_good = "From: A <a@example.org>\n"
			"To: security@kernel.org\n"
			"Subject: bug\nMIME-Version: 1.0\n"
			"Content-Type: text/plain\n\nbug\n",
	.check = check,
};
