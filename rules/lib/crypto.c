// SPDX-License-Identifier: GPL-2.0-only
/*
 * Is a digested message encrypted or signed, and how; is a part a PGP file
 * attached by hand.  No GMime here: the digest has already classified the
 * parts (lint/mail/mime-crypto.c).
 */
#include <string.h>

#include "crypto.h"
#include "facts.h"
#include "message.h"
#include "regex-cache.h"


static gboolean body_has_line(const struct sl_message *msg, const char *re)
{
	return sl_regex_match_simple(re, msg->body->str, G_REGEX_MULTILINE, 0);
}

static gboolean has_kind(const struct sl_message *msg, enum sl_crypto_kind kind,
			 const char *path)
{
	for (guint i = 0; i < msg->parts->len; i++) {
		const struct sl_part *p = msg->parts->pdata[i];

		if (p->crypto_kind == kind && !strcmp(p->path, path))
			return TRUE;
	}
	return FALSE;
}

/* The whole message is multipart/signed: its signature is part 2. */
static gboolean top_is_signed(const struct sl_message *msg)
{
	return has_kind(msg, SL_CRYPTO_PGP_SIGNATURE, "2") ||
	       has_kind(msg, SL_CRYPTO_SMIME_SIGNATURE, "2");
}

/*
 * Encrypted as a whole: PGP/MIME at the top (or signed, then encrypted),
 * a top-level S/MIME envelope, or an inline PGP message in the body text
 * (not in quoted lines).  A ciphertext forwarded inside a plain message is
 * not the message being encrypted.
 */
gboolean sl_pgp_armour(const char *body)
{
	return strstr(body, "-----BEGIN PGP ") != NULL;
}

gboolean sl_facts_pgp_armour(struct sl_facts *f)
{
	static const char key;
	struct sl_facts_slot *s = sl_facts_slot(f, &key);

	if (!s->filled)
		sl_facts_fill(s, GINT_TO_POINTER(sl_pgp_armour(
					 f->msg->body->str)),
			      NULL);
	return GPOINTER_TO_INT(s->data);
}

static enum sl_encryption encryption(struct sl_facts *f)
{
	const struct sl_message *msg = f->msg;

	if (has_kind(msg, SL_CRYPTO_PGP_ENCRYPTED, "2") ||
	    (top_is_signed(msg) &&
	     has_kind(msg, SL_CRYPTO_PGP_ENCRYPTED, "1.2")))
		return SL_ENC_PGP_MIME;
	if (msg->parts->len &&
	    ((const struct sl_part *)msg->parts->pdata[0])->crypto_kind ==
		    SL_CRYPTO_SMIME_ENVELOPED)
		return SL_ENC_SMIME;
	/* The pattern only for a body with the armour line's text at all:
	 * most have none, and compiling and running it was a tenth of the
	 * rules' share of a one-message run.  The armour's start first,
	 * which the scan of the text reads too. */
	if (sl_facts_pgp_armour(f) &&
	    strstr(msg->body->str, "-----BEGIN PGP MESSAGE-----") &&
	    body_has_line(msg, "^-----BEGIN PGP MESSAGE-----\r?$"))
		return SL_ENC_INLINE_PGP;
	return SL_ENC_NONE;
}

/* Most rules ask (to stay silent on what they cannot read): once. */
enum sl_encryption sl_facts_encryption(struct sl_facts *f)
{
	static const char key;
	struct sl_facts_slot *s = sl_facts_slot(f, &key);

	if (!s->filled)
		sl_facts_fill(s, GINT_TO_POINTER(encryption(f)), NULL);
	return (enum sl_encryption)GPOINTER_TO_INT(s->data);
}

gboolean sl_facts_is_encrypted(struct sl_facts *f)
{
	return sl_facts_encryption(f) != SL_ENC_NONE;
}

enum sl_signing sl_msg_signing(const struct sl_message *msg)
{
	if (has_kind(msg, SL_CRYPTO_PGP_SIGNATURE, "2"))
		return SL_SIGN_PGP_MIME;
	if (has_kind(msg, SL_CRYPTO_SMIME_SIGNATURE, "2") ||
	    (msg->parts->len &&
	     ((const struct sl_part *)msg->parts->pdata[0])->crypto_kind ==
		     SL_CRYPTO_SMIME_SIGNED))
		return SL_SIGN_SMIME;
	if (strstr(msg->body->str, "-----BEGIN PGP SIGNED MESSAGE-----") &&
	    sl_regex_match_simple("^-----BEGIN PGP SIGNED MESSAGE-----\r?$.*"
				 "^-----BEGIN PGP SIGNATURE-----\r?$.*"
				 "^-----END PGP SIGNATURE-----",
				 msg->body->str,
				 G_REGEX_MULTILINE | G_REGEX_DOTALL, 0))
		return SL_SIGN_INLINE_PGP;
	return SL_SIGN_NONE;
}

static gboolean pgp_file_name(const char *name)
{
	return name && sl_regex_match_simple("\\.(gpg|pgp)$", name,
					    G_REGEX_CASELESS, 0);
}

/*
 * Openwall's "manual PGP-encrypted attachment": an armoured PGP message
 * attached as a file (often .asc), or a binary OpenPGP file (.gpg, .pgp)
 * of one of the types mailers give them.  PGP/MIME's own ciphertext is
 * structure, and detached signatures and keys (armoured as such) are not
 * encrypted.
 */
gboolean sl_part_is_manual_pgp(const struct sl_part *part)
{
	static const char *const types[] = {
		"application/pgp-encrypted", "application/octet-stream",
		"application/pgp",
	};

	if (part->crypto || !part->leaf)
		return FALSE;
	if (part->armor == SL_ARMOR_MESSAGE)
		return sl_part_is_attachment(part);
	if (part->armor != SL_ARMOR_NONE || !pgp_file_name(part->filename))
		return FALSE;
	for (size_t i = 0; i < G_N_ELEMENTS(types); i++)
		if (!strcmp(part->type, types[i]))
			return TRUE;
	return FALSE;
}
