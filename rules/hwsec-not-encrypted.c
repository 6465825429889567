// SPDX-License-Identifier: GPL-2.0-only
#include "address.h"
#include "crypto.h"
#include "routing.h"
#include "rule.h"
#include "severity.h"

static void check(struct sl_check *c)
{
	const struct sl_address *hw =
		sl_msg_find_role(c->msg, c->policy, "hardware-security");

	if (!hw)
		return;
	switch (sl_facts_encryption(c->facts)) {
	case SL_ENC_PGP_MIME:
	case SL_ENC_SMIME:
		return;
	case SL_ENC_INLINE_PGP:
		sl_report_capped(c, SL_SEV_INFO, "body",
				 "the message to %s is inline PGP; the list "
				 "takes PGP or S/MIME encrypted mail, and "
				 "PGP/MIME is the form mailers and the "
				 "list software handle best", hw->addr);
		return;
	case SL_ENC_NONE:
		sl_report(c, "body", "the message to %s is not encrypted; "
			  "the list accepts only PGP or S/MIME encrypted mail",
			  hw->addr);
		return;
	}
}

const struct sl_rule sl_rule_hwsec_not_encrypted = {
	.id = "hwsec-not-encrypted",
	.summary = "a message to hardware-security@kernel.org is not "
		   "encrypted",
	.rationale =
		"The hardware security list is an encrypted list: mail to it "
		"can be sent PGP or S/MIME encrypted "
		"(embargoed-hardware-issues.rst, Contact).  The list software "
		"decrypts each message and re-encrypts it for every "
		"subscriber, so a plain-text report travels unprotected and "
		"is not what the team asks for.  The document says mail can "
		"be encrypted, not that it must, so this is a warning (the "
		"signature, which it says must be there, is "
		"hwsec-not-signed's error).  PGP/MIME and top-level S/MIME "
		"envelopes pass; an inline PGP message gets a note, since the "
		"text names no format and PGP/MIME is safer; an opaque S/MIME "
		"signature (signed-data) is not encryption.",
	.help = "encrypt to the list's key (https://www.kernel.org/static/"
		"files/hardware-security.asc) or certificate (.crt) with "
		"PGP/MIME or S/MIME",
	.example_bad = "From: A <a@example.org>\n"
		       "To: hardware-security@kernel.org\n"
		       "Subject: CPU erratum: speculative load leak\n\n"
		       "The details in plain text.\n",
	.example_good = "From: A <a@example.org>\n"
			"To: hardware-security@kernel.org\n"
			"Subject: ...\nMIME-Version: 1.0\n"
			"Content-Type: multipart/encrypted; boundary=b;"
			" protocol=\"application/pgp-encrypted\"\n\n"
			"--b\nContent-Type: application/pgp-encrypted\n\n"
			"Version: 1\n"
			"--b\nContent-Type: application/octet-stream;"
			" name=encrypted.asc\n\n"
			"-----BEGIN PGP MESSAGE-----\n\nhQEMA...\n"
			"-----END PGP MESSAGE-----\n--b--\n",
	.check = check,
};
