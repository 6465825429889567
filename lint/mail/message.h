/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_MESSAGE_H
#define SECLINT_MESSAGE_H

#include <gmime/gmime.h>

#include "seclint.h"

/* The largest input, or mbox message, seclint reads (lint/mail/input.c). */
#define SL_MAX_INPUT_SIZE (256u * 1024 * 1024)

struct sl_message *sl_message_new(void);
struct sl_message *sl_message_steal(struct sl_message *msg);
gboolean sl_is_recipient_header(const char *name);
/* Offsets in the input to lines (lint/mail/lines.c); NULL: lines unknown. */
struct sl_lines;
struct sl_lines *sl_lines_new_fd(int fd, gint64 start);
struct sl_lines *sl_lines_new_bytes(const char *bytes, gsize len);
/* The lines of one message cut out of an input: offset 0 is on @line. */
struct sl_lines *sl_lines_new_slice(const char *bytes, gsize len,
				    unsigned line);
/* How many newlines @n bytes at @p hold (eight bytes at a time). */
unsigned sl_newlines(const char *p, gsize n);
void sl_lines_free(struct sl_lines *lines);
/* The 1-based line of @offset, 0 if unknown. */
unsigned sl_lines_at(struct sl_lines *lines, gint64 offset);
/* The same, and a message starts there: later look-ups stay after it. */
unsigned sl_lines_mark(struct sl_lines *lines, gint64 offset);
typedef struct sl_lines sl_lines;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_lines, sl_lines_free)

/* Sets the line and column of the addresses @list got from @header, from
 * index @from on (lint/mail/location.c). */
void sl_locate_addresses(GPtrArray *list, guint from,
			 const struct sl_header_at *header);

gboolean sl_message_digest(struct sl_message *msg, GMimeMessage *gm,
			   struct sl_lines *lines, GError **error);

/* Hostile input (lint/mail/address.c). */
gboolean sl_address_has_open_comment(const char *value);
/* Makes @parser empty address headers with an unterminated comment before
 * GMime parses them (GMime 3.2.13 leaks there; see lint/mail/input.c). */
void sl_input_defuse_addresses(GMimeParser *parser);

/*
 * Reads every message of one input (a single RFC 5322 message, an mbox or
 * git format-patch output) and calls @each for each digested message.
 * Fails closed: empty, binary or header-less input and anything GMime
 * reports as critical is an error naming the reason.
 */
typedef gboolean (*sl_message_fn)(struct sl_message *msg, gpointer data,
				  GError **error);

gboolean sl_input_read(const char *path, const GPtrArray *extra_recipients,
		       gboolean *is_mbox, sl_message_fn each, gpointer data,
		       GError **error);

/*
 * The same, but each message of an mbox is handed to @raw as bytes, to be
 * parsed (sl_input_parse_raw, which takes its bytes) and digested on
 * another thread; a single message is still parsed here, streaming.
 */
struct sl_raw_message {
	GByteArray *bytes;
	unsigned index;		/* 1-based, in the input */
	unsigned line;		/* of its first byte */
	gint64 offset;		/* of its first byte */
};
typedef gboolean (*sl_raw_fn)(struct sl_raw_message *raw, gpointer data,
			      GError **error);

gboolean sl_input_read_split(const char *path,
			     const GPtrArray *extra_recipients,
			     gboolean *is_mbox, sl_message_fn each,
			     sl_raw_fn raw, gpointer data, GError **error);
gboolean sl_input_parse_raw(struct sl_raw_message *raw,
			    const GPtrArray *extra_recipients,
			    sl_message_fn each, gpointer data, GError **error);
void sl_raw_message_free(struct sl_raw_message *raw);

/* Parses the bytes of one input, as sl_input_read() does for a file. */
gboolean sl_input_parse(const char *bytes, gsize len,
			const GPtrArray *extra_recipients, gboolean *is_mbox,
			sl_message_fn each, gpointer data, GError **error);

/* A stream that appends what is written to it to @out (lint/mail/text-stream.c). */
GMimeStream *sl_text_stream_new(GString *out);

/* The crypto side of the digest (lint/mail/mime-crypto.c). */
/* Up to @limit + 1 bytes of @part's decoded content, read as a stream
 * (never the whole of a large part); never NULL data. */
GByteArray *sl_mime_read_prefix(GMimePart *part, gsize limit);
enum sl_crypto_kind sl_mime_crypto_kind(GMimeObject *parent, int index,
					GMimeObject *child);
enum sl_armor sl_mime_armor(GMimeObject *obj);

#endif
