/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The digest of a message (lint/mail/message.c): what a rule reads.  A
 * rule sees only a digested, read-only struct sl_message and the policy;
 * it never touches GMime and does no I/O.
 */
#ifndef SECLINT_MESSAGE_H
#define SECLINT_MESSAGE_H

#include <glib.h>

#include "address.h"

struct sl_recipients_seen;

/*
 * Crypto structure and OpenPGP armour (lint/mail/mime-crypto.c), for the
 * encryption and signature rules.  A part is structure only where RFC 3156
 * or RFC 8551 puts it and with the content that place requires: a
 * "signature" that is not an armoured signature is content (an attachment).
 */
enum sl_crypto_kind {
	SL_CRYPTO_NONE,
	SL_CRYPTO_PGP_SIGNATURE,	/* multipart/signed's signature */
	SL_CRYPTO_PGP_CONTROL,		/* multipart/encrypted's "Version: 1" */
	SL_CRYPTO_PGP_ENCRYPTED,	/* multipart/encrypted's ciphertext */
	SL_CRYPTO_SMIME_SIGNATURE,	/* multipart/signed's pkcs7-signature */
	SL_CRYPTO_SMIME_ENVELOPED,	/* top-level pkcs7-mime, encrypted */
	SL_CRYPTO_SMIME_SIGNED,		/* top-level pkcs7-mime, signed-data */
	SL_CRYPTO_SMIME_OTHER,		/* top-level pkcs7-mime, certs-only, ... */
};

/* The OpenPGP ASCII armour a leaf's decoded content starts with. */
enum sl_armor {
	SL_ARMOR_NONE,
	SL_ARMOR_MESSAGE,		/* -----BEGIN PGP MESSAGE----- */
	SL_ARMOR_SIGNED_MESSAGE,	/* clear-signed text */
	SL_ARMOR_SIGNATURE,
	SL_ARMOR_PUBLIC_KEY,
	SL_ARMOR_PRIVATE_KEY,
};

/* A member of an attached archive (lint/mail/archive-list.c). */
struct sl_archive_member {
	char *name;		/* its path in the archive, valid UTF-8 */
	guint64 size;		/* unpacked, as the archive says */
	GBytes *head;		/* its first unpacked bytes, or NULL (encrypted,
				 * or packed in a way seclint does not unpack) */
};

/* An attachment that is an archive: its table of contents. */
struct sl_archive {
	char *format;		/* "zip", "tar", "tar.gz", "gzip"; "xz", "7z",
				 * ... for a format seclint does not open */
	GPtrArray *members;	/* of struct sl_archive_member, files only */
	char *cut;		/* why not every member is listed, or NULL */
};

/* One node of the MIME tree, flattened in document order. */
struct sl_part {
	char *path;		/* "1", "1.2", "1.2.1" (IMAP-style) */
	char *type;		/* "text/html", lower case */
	char *disposition;	/* its type, lower case, comments left out
				 * ("attachment", "inline", "attachement"),
				 * or NULL */
	char *filename;		/* RFC 2231 decoded, or NULL */
	gboolean leaf;		/* not multipart, not message/rfc822 */
	gboolean crypto;	/* PGP/MIME or S/MIME structure part */
	unsigned depth;
	unsigned line;		/* its first header (or content) line; 0 unknown */
	enum sl_crypto_kind crypto_kind;	/* SL_CRYPTO_NONE iff !crypto */
	enum sl_armor armor;	/* leaves only */
	char *encoding;		/* Content-Transfer-Encoding, lower case, or NULL */
	gboolean flowed;	/* format=flowed (RFC 3676) */
	GBytes *head;		/* an attachment's first decoded bytes, or NULL */
	struct sl_archive *archive;	/* an attachment that is an archive */
	/* Body text: the part's decoded text is body[text_start, text_end). */
	gboolean in_body;
	gsize text_start, text_end;
};

/*
 * The digest of one message.  Its subject, body, addresses, display names
 * and part file names are valid UTF-8, whatever bytes the mail held:
 * invalid sequences become U+FFFD, so rules may use GRegex and g_utf8_* on
 * them.  (The raw header values kept for locations are as written.)
 */
struct sl_message {
	unsigned index;		/* 1-based position in its file */
	char *message_id;	/* without angle brackets, or NULL */
	char *subject;		/* RFC 2047 decoded, or NULL if absent */
	gboolean followup;	/* a reply or forward, not an initial report */
	gboolean reply;		/* its thread reaches a message outside the
				 * run (lint/mail/thread.h) */
	gboolean threaded;	/* In-Reply-To or References names a message */
	GPtrArray *parents;	/* the ids they name but its own, of char * */
	GPtrArray *recipients;	/* of struct sl_address */
	GPtrArray *followup_to;	/* Reply-To, Mail-Followup-To, Mail-Reply-To */
	GPtrArray *parts;	/* of struct sl_part */
	GString *body;		/* the text/plain content, decoded to UTF-8 */
	GPtrArray *from;	/* of struct sl_address; empty if unreadable */
	GDateTime *date;	/* the Date header, or NULL if absent/invalid */
	/* Where things are in the input (lint/mail/location.c); 0: unknown. */
	unsigned line;		/* the message's first header line */
	GArray *header_at;	/* of struct sl_header_at, in order */
	char *header_text;	/* their names and values, one block; or NULL */
	char *header_block;	/* where header_text is made, kept for the */
	gsize header_room;	/* next message with its size in bytes */
	GArray *body_at;	/* of struct sl_body_at, by offset */
	/* What a policy says of each recipient: a cache the engine keeps
	 * with the message (lint/engine/policy.c, sl_policy_recipients()),
	 * not part of the digest; NULL until first asked.  One block. */
	struct sl_recipients_seen *seen;
};

/* A header of the message, as written, and its line in the input. */
struct sl_header_at {
	const char *name;	/* both in the message's header_text */
	const char *raw;	/* the raw (folded) value */
	unsigned line;
};

/* The body from @offset on comes from the part whose content starts on
 * @line; @exact when its lines are the file's (7bit/8bit, not base64/QP). */
struct sl_body_at {
	gsize offset;
	unsigned line;
	gboolean exact;
};

void sl_message_free(struct sl_message *msg);
typedef struct sl_message sl_message;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_message, sl_message_free)

struct sl_message *sl_message_new(void);
struct sl_message *sl_message_steal(struct sl_message *msg);
/*
 * Sets reply and followup: a follow-up is a reply whose thread reaches
 * a message @outside the run, or, when no thread is named at all, a
 * message whose Subject starts with a reply or forward prefix.
 */
void sl_message_set_thread(struct sl_message *msg, gboolean outside);
gboolean sl_is_recipient_header(const char *name);
/*
 * An attachment (RFC 2183, RFC 2046): a forwarded message, or a leaf that
 * is not marked inline (an unknown disposition is an attachment), carries
 * a file name, or is neither text/plain nor HTML (never a crypto structure
 * part).
 */
gboolean sl_part_is_attachment(const struct sl_part *part);
/* HTML: text/html and its kin (text/watch-html, text/x-amp-html,
 * application/xhtml+xml). */
gboolean sl_part_is_html(const struct sl_part *part);

#endif
