// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "seclint.h"

static const struct sl_part *first_html(const struct sl_message *msg)
{
	for (guint i = 0; i < msg->parts->len; i++) {
		const struct sl_part *p = msg->parts->pdata[i];

		if (!strcmp(p->type, "text/html"))
			return p;
	}
	return NULL;
}

static void check(struct sl_check *c)
{
	const struct sl_address *to =
		sl_msg_find_role(c->msg, c->policy, "plain-text");
	const struct sl_part *html;
	g_autofree char *where = NULL;

	if (!to || !(html = first_html(c->msg)))
		return;
	where = g_strdup_printf("part %s", html->path);
	if (sl_msg_html(c->msg) == SL_HTML_ONLY)
		sl_report(c, where, "the message to %s is HTML (part %s) with "
			  "no real plain-text version", to->addr, html->path);
	else
		sl_report_capped(c, SL_SEV_WARNING, where, "the message to %s "
				 "carries an HTML copy (part %s) beside its "
				 "plain text", to->addr, html->path);
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
		"confidential report is not acceptable.  HTML with no real "
		"plain-text version (none, empty, or \"needs an HTML viewer\") "
		"is an error; an HTML twin of a real text part in "
		"multipart/alternative, in multipart/related or in a forwarded "
		"message is a warning, since the text can still be quoted.  "
		"oss-security's own plain-text rule is oss-not-plain-text.",
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
