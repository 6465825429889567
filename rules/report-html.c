// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "address.h"
#include "message.h"
#include "query.h"
#include "rule.h"
#include "severity.h"

static const struct sl_part *first_html(const struct sl_message *msg)
{
	for (guint i = 0; i < msg->parts->len; i++) {
		const struct sl_part *p = msg->parts->pdata[i];

		if (sl_part_is_html(p))
			return p;
	}
	return NULL;
}

static void check(struct sl_check *c)
{
	const struct sl_address *strict =
		sl_msg_find_role(c->msg, c->policy, "no-html");
	const struct sl_address *to = strict ? strict :
		sl_msg_find_role(c->msg, c->policy, "plain-text");
	const struct sl_part *html;
	g_autofree char *where = NULL;

	if (!to || !(html = first_html(c->msg)))
		return;
	where = g_strdup_printf("part %s", html->path);
	if (sl_msg_html(c->msg) == SL_HTML_ONLY)
		sl_report(c, where, "the message to %s is HTML (part %s) with "
			  "no real plain-text version", to->addr, html->path);
	else if (strict)
		sl_report(c, where, "the message to %s carries an HTML copy "
			  "(part %s) beside its plain text: %s takes no HTML "
			  "part at all", to->addr, html->path, to->addr);
	else
		sl_report_capped(c, SL_SEV_WARNING, where, "the message to %s "
				 "carries an HTML copy (part %s) beside its "
				 "plain text", to->addr, html->path);
}

const struct sl_rule sl_rule_report_html = {
	.id = "report-html",
	.summary = "a security report or an oss-security posting contains "
		   "HTML",
	.rationale =
		"The security and disclosure lists ask for plain text: "
		"reports are discussed by quoting them in replies, vger and "
		"the Openwall lists reject or mangle HTML, and an HTML report "
		"tempts readers to open it in a viewer, which for a "
		"confidential report the 2026 text calls unacceptable.  In a "
		"message to security@kernel.org, hardware-security@kernel.org "
		"or oss-security any HTML part (text/html, and Apple's "
		"text/watch-html, AMP's text/x-amp-html, XHTML) is an error, "
		"an HTML copy "
		"beside the plain text (multipart/alternative) included.  The "
		"distros lists' own policy names plain messages, PGP/MIME and "
		"inline PGP as its formats and says nothing of an HTML copy: "
		"there HTML with no real plain-text version is an error and "
		"an HTML twin of real text a warning.  Whether real plain "
		"text exists is judged from the text/plain part of the "
		"multipart/alternative itself: one that is empty, only says "
		"'view this in a browser' or holds only a mail disclaimer is "
		"none.  To keep a case your document allows: --severity "
		"report-html=warning, or git config "
		"seclint.report-html.severity warning.",
	.help = "configure your mailer to send plain text only, no HTML copy "
		"(see Documentation/process/email-clients.rst)",
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
