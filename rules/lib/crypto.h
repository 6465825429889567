/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_CRYPTO_H
#define SECLINT_CRYPTO_H

#include <glib.h>

#include "facts.h"
#include "message.h"

/* Encryption and signatures (rules/lib/crypto.c). */
enum sl_encryption {
	SL_ENC_NONE,
	SL_ENC_PGP_MIME,	/* multipart/encrypted at the top */
	SL_ENC_SMIME,		/* top-level enveloped pkcs7-mime */
	SL_ENC_INLINE_PGP,	/* -----BEGIN PGP MESSAGE----- in the body */
};

enum sl_signing {
	SL_SIGN_NONE,
	SL_SIGN_PGP_MIME,	/* multipart/signed at the top */
	SL_SIGN_SMIME,		/* multipart/signed or signed-data at the top */
	SL_SIGN_INLINE_PGP,	/* a clear-signed body */
};

/* How the message is encrypted, asked once per message. */
enum sl_encryption sl_facts_encryption(struct sl_facts *facts);
/* Is the whole content encrypted (PGP/MIME, S/MIME or inline PGP)? */
gboolean sl_facts_is_encrypted(struct sl_facts *facts);
/* Does @body hold "-----BEGIN PGP " anywhere (the armour of a PGP
 * message or of clear-signed text)? */
gboolean sl_pgp_armour(const char *body);
/* The same of the message's body, read once per message, for the
 * encryption and the scan of the text: most bodies hold none. */
gboolean sl_facts_pgp_armour(struct sl_facts *facts);
/* The signature seclint can see: inside encryption it cannot. */
enum sl_signing sl_msg_signing(const struct sl_message *msg);
/* An attachment encrypted by hand (.gpg, .asc, ...), not PGP/MIME. */
gboolean sl_part_is_manual_pgp(const struct sl_part *part);

#endif
