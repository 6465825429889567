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

	if (!hw || sl_msg_signing(c->msg) != SL_SIGN_NONE)
		return;
	if (sl_facts_is_encrypted(c->facts))
		sl_report_weak(c, "body", "any signature is inside the "
			       "encryption, where seclint cannot see it; "
			       "make sure the message to %s is signed too",
			       hw->addr);
	else
		sl_report(c, "body", "the message to %s carries no PGP/MIME, "
			  "S/MIME or clear-signed signature", hw->addr);
}

const struct sl_rule sl_rule_hwsec_not_signed = {
	.id = "hwsec-not-signed",
	.summary = "a message to hardware-security@kernel.org is not signed",
	.rationale =
		"Mail to the hardware security list must be signed with the "
		"reporter's PGP key or S/MIME certificate "
		"(embargoed-hardware-issues.rst, Contact): the team has to "
		"know who discloses an embargoed issue, and the document's "
		"must makes a missing signature an error.  A signature counts "
		"where RFC 3156 and RFC 8551 put it: a top-level "
		"multipart/signed whose second part really is an armoured PGP "
		"signature or a CMS signature, an S/MIME signed-data "
		"envelope, or a clear-signed body.  An "
		"application/pgp-signature part anywhere else, or one "
		"carrying other content, is an attachment, not a signature.  "
		"In an encrypted message the signature is hidden, so that "
		"gets a note.",
	.help = "sign the message with your PGP key (PGP/MIME) or S/MIME "
		"certificate; encrypting and signing in one step is best",
	.example_bad = "From: A <a@example.org>\n"
		       "To: hardware-security@kernel.org\n"
		       "Subject: CPU erratum: speculative load leak\n\n"
		       "Unsigned.\n",
	.example_good = "From: A <a@example.org>\n"
			"To: hardware-security@kernel.org\n"
			"Subject: CPU erratum\nMIME-Version: 1.0\n"
			"Content-Type: multipart/signed; boundary=b;"
			" protocol=\"application/pgp-signature\"\n\n"
			"--b\nContent-Type: text/plain\n\nSigned.\n"
			"--b\nContent-Type: application/pgp-signature\n\n"
			"-----BEGIN PGP SIGNATURE-----\n\niHUEARYKAB0=\n"
			"-----END PGP SIGNATURE-----\n--b--\n",
	.check = check,
};
