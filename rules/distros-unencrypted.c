// SPDX-License-Identifier: GPL-2.0-only
#include "address.h"
#include "crypto.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"

static void check(struct sl_check *c)
{
	const struct sl_address *to =
		sl_msg_find_role(c->msg, c->policy, "distros");

	if (!to)
		return;
	switch (sl_facts_encryption(c->facts)) {
	case SL_ENC_PGP_MIME:
	case SL_ENC_INLINE_PGP:
		return;
	case SL_ENC_SMIME:
		sl_report(c, "body", "the message to %s is S/MIME encrypted, "
			  "which is not among the formats the list takes "
			  "(plain text, PGP/MIME, inline PGP)", to->addr);
		return;
	case SL_ENC_NONE:
		sl_report(c, "body", "the message to %s is not encrypted; "
			  "that is allowed, but you may encrypt it to the "
			  "list's PGP key (PGP/MIME)", to->addr);
		return;
	}
}

const struct sl_rule sl_rule_distros_unencrypted = {
	.id = "distros-unencrypted",
	.summary = "a message to the distros lists is sent unencrypted",
	.rationale =
		"The distros lists accept plain unencrypted messages, "
		"PGP/MIME (with attachments) and inline PGP, and re-encrypt "
		"what they receive to their members, who must be able to "
		"handle PGP-encrypted mail.  Plain text is allowed, so this "
		"is only a reminder that an embargoed report can travel "
		"encrypted to the list too.  S/MIME is not among the "
		"supported formats.",
	.help = "optionally encrypt to the list's PGP key with PGP/MIME; "
		"plain text is accepted",
	.example_bad = "From: A <a@example.org>\n"
		       "To: linux-distros@vs.openwall.org\n"
		       "Subject: [vs] foo: overflow\n\nIn plain text.\n",
	.example_good = "From: A <a@example.org>\n"
			"To: linux-distros@vs.openwall.org\n"
			"Subject: [vs] foo: overflow\n\n"
			"-----BEGIN PGP MESSAGE-----\n\nhQEMA...\n"
			"-----END PGP MESSAGE-----\n",
	.check = check,
};
