// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "seclint.h"

static void check(struct sl_check *c)
{
	const struct sl_address *to =
		sl_msg_find_role(c->msg, c->policy, "plain-text");

	if (!to)
		return;
	for (guint i = 0; i < c->msg->parts->len; i++) {
		const struct sl_part *p = c->msg->parts->pdata[i];

		if (!strcmp(p->type, "text/html")) {
			g_autofree char *where = g_strdup_printf("part %s",
								 p->path);

			sl_report(c, where, "text/html part %s in a message to %s",
				  p->path, to->addr);
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
		"anywhere in the message: alone, as the twin of a text part in "
		"multipart/alternative, in multipart/related or inside a "
		"forwarded message.",
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
