// SPDX-License-Identifier: GPL-2.0-only
#include "seclint.h"

static void check(struct sl_check *c)
{
	const struct sl_address *to =
		sl_msg_find_role(c->msg, c->policy, "plain-text");

	if (!to)
		return;
	for (guint i = 0; i < c->msg->parts->len; i++) {
		const struct sl_part *p = c->msg->parts->pdata[i];
		g_autofree char *where = NULL;

		if (!sl_part_is_attachment(p))
			continue;
		where = g_strdup_printf("part %s", p->path);
		sl_report(c, where, "part %s (%s%s%s) is an attachment in a "
			  "message to %s", p->path, p->type,
			  p->filename ? ", " : "",
			  p->filename ? p->filename : "", to->addr);
	}
}

const struct sl_rule sl_rule_report_attachment = {
	.id = "report-attachment",
	.severity = SL_SEV_WARNING,
	.summary = "a security report carries an attachment",
	.rationale =
		"Reports are discussed by quoting them in replies, so the "
		"details belong inline: description, impact, reproduction "
		"steps and the proposed fix, all in plain text, like a patch "
		"sent with git send-email.  An attachment is a part marked "
		"as one, a part with a file name, or a part that is not text; "
		"forwarded messages count.  The parts of PGP/MIME and S/MIME "
		"(the signature, the encrypted payload) and an attached public "
		"key (application/pgp-keys) do not: Openwall asks for PGP/MIME "
		"when files must be sent encrypted.",
	.help = "paste the content inline (patches with git send-email); "
		"if files must travel, encrypt the message with PGP/MIME",
	.source = { "Documentation/process/security-bugs.rst",
		    "Contact (\"without attachments where possible\")",
		    "2023-06; Openwall wiki mailing-lists/distros, message formats" },
	.example_bad = "From: A <a@example.org>\n"
		       "To: security@kernel.org\n"
		       "Subject: bug\nMIME-Version: 1.0\n"
		       "Content-Type: multipart/mixed; boundary=b\n\n"
		       "--b\nContent-Type: text/plain\n\nsee attached\n"
		       "--b\nContent-Type: application/octet-stream\n"
		       "Content-Disposition: attachment; filename=poc\n\nxx\n"
		       "--b--\n",
	.example_good = "From: A <a@example.org>\n"
			"To: security@kernel.org\n"
			"Subject: bug\n\nthe reproducer, inline\n",
	.check = check,
};
