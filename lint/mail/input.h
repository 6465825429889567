/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_INPUT_H
#define SECLINT_INPUT_H

#include <gmime/gmime.h>

#include "lines.h"
#include "message.h"

/* The largest input, or mbox message, seclint reads (lint/mail/input.c). */
#define SL_MAX_INPUT_SIZE (256u * 1024 * 1024)

/* Digests @gm into @msg (lint/mail/message.c). */
gboolean sl_message_digest(struct sl_message *msg, GMimeMessage *gm,
			   struct sl_lines *lines, GError **error);
/* Adds the ids an In-Reply-To or References value names (NULL names
 * none) to @ids, as the digest reads them (lint/mail/message.c). */
void sl_message_add_named(const char *value, GPtrArray *ids);
/* The list GMime keeps in @gm of the addresses in the header @name
 * ("From", "To", "Cc", "Bcc", "Reply-To"; any case), else NULL
 * (lint/mail/message.c). */
InternetAddressList *sl_message_gmime_list(GMimeMessage *gm,
					   const char *name);

/*
 * A GMime parser of the one message in @bytes, opened as the linter opens
 * its own: a leading mbox separator line is skipped (the message starts at
 * @bytes + *@start, where the parser's offsets count from), and address
 * headers with an unterminated comment are emptied before GMime parses
 * them (GMime 3.2.13 leaks there; see lint/mail/input.c).
 */
GMimeParser *sl_input_open_message(const char *bytes, gsize len,
				   gsize *start);

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

struct sl_thread_set;
/* With @threads (lint/mail/thread.h), every message of an mbox joins it
 * before the first is handed on; a single message is left to the caller. */
gboolean sl_input_read_split(const char *path,
			     const GPtrArray *extra_recipients,
			     struct sl_thread_set *threads, gboolean *is_mbox,
			     sl_message_fn each, sl_raw_fn raw, gpointer data,
			     GError **error);
gboolean sl_input_parse_raw(struct sl_raw_message *raw,
			    const GPtrArray *extra_recipients,
			    sl_message_fn each, gpointer data, GError **error);
void sl_raw_message_free(struct sl_raw_message *raw);

/* Whether GMime's address header callback cannot act on the message in
 * @bytes, proven from its raw lines; then it is parsed without it
 * (lint/mail/input.c).  SECLINT_CHECK_ADDRESS_HEADERS=1 (read once)
 * parses with it still, and aborts where it acts after a TRUE. */
gboolean sl_input_address_headers_plain(const char *bytes, gsize len);
/* Both, whether GMime's parse of it can draw no complaint seclint refuses
 * mail for (@quiet: sl_parse_quiet(), lint/mail/quiet.h), and the limits
 * (sl_limits_check_lines(), @lines may be NULL), on one search for the
 * line ends: what a message of an mbox is read with. */
struct sl_lines;
gboolean sl_input_prescan(const char *bytes, gsize len, gint64 base,
			  struct sl_lines *lines, gboolean *plain,
			  gboolean *quiet, GError **error);
gboolean sl_input_checking_address_headers(void);
/* The same, set (for tests: parse with the pattern, or as configured). */
void sl_input_check_address_headers(gboolean on);

/* What sl_input_read_split() adds to @threads for an input of bytes. */
void sl_input_scan_threads(const char *bytes, gsize len,
			   struct sl_thread_set *threads);

/* Parses the bytes of one input, as sl_input_read() does for a file. */
gboolean sl_input_parse(const char *bytes, gsize len,
			const GPtrArray *extra_recipients, gboolean *is_mbox,
			sl_message_fn each, gpointer data, GError **error);

#endif
