// SPDX-License-Identifier: GPL-2.0-only
#include "address.h"
#include "crypto.h"
#include "message.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"

static void check(struct sl_check *c)
{
	const struct sl_address *to =
		sl_msg_find_role(c->msg, c->policy, "distros");

	if (!to)
		return;
	for (guint i = 0; i < c->msg->parts->len; i++) {
		const struct sl_part *p = c->msg->parts->pdata[i];
		g_autofree char *where = NULL;

		if (!sl_part_is_manual_pgp(p))
			continue;
		where = g_strdup_printf("part %s", p->path);
		sl_report(c, where, "part %s (%s%s%s) is a PGP-encrypted file "
			  "attached by hand, which %s does not support; send "
			  "the whole message as PGP/MIME instead", p->path,
			  p->type, p->filename ? ", " : "",
			  p->filename ? p->filename : "", to->addr);
	}
}

const struct sl_rule sl_rule_distros_manual_pgp_attachment = {
	.id = "distros-manual-pgp-attachment",
	.summary = "a file encrypted by hand is attached to a message to the "
		   "distros lists",
	.rationale =
		"The distros lists re-encrypt each message to their members "
		"and support plain messages, PGP/MIME (attachments included) "
		"and inline PGP, but not attachments encrypted by hand: files "
		"go inside a PGP/MIME message.  Such a file is an armoured "
		"PGP message attached as a file (often .asc), or a .gpg or "
		".pgp file of type application/pgp-encrypted, application/pgp "
		"or application/octet-stream.  PGP/MIME's own encrypted.asc "
		"part, detached signatures and public keys are not.",
	.help = "drop the encrypted file and encrypt the whole message, "
		"attachments and all, with PGP/MIME",
	.example_bad = "From: A <a@example.org>\n"
		       "To: linux-distros@vs.openwall.org\n"
		       "Subject: [vs] foo: overflow\nMIME-Version: 1.0\n"
		       "Content-Type: multipart/mixed; boundary=b\n\n"
		       "--b\nContent-Type: text/plain\n\nSee the file.\n"
		       "--b\nContent-Type: application/octet-stream;"
		       " name=report.txt.gpg\n"
		       "Content-Transfer-Encoding: base64\n\nhQEMA0Ex\n--b--\n",
	.example_good = "From: A <a@example.org>\n"
			"To: linux-distros@vs.openwall.org\n"
			"Subject: [vs] foo: overflow\n\n"
			"The details, inline.\n",
	.check = check,
};
