/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_MSGLIMITS_H
#define SECLINT_MSGLIMITS_H

#include <glib.h>


/*
 * Per message, checked before GMime parses it (lint/mail/msglimits.c); the values
 * and why they are generous for real mail: doc/limits.md.
 */
#define SL_MAX_HEADER_FIELDS 10000	/* all header sections together */
#define SL_MAX_HEADER_LENGTH (1024u * 1024)	/* one field, folded lines */
#define SL_MAX_HEADER_BYTES (4u * 1024 * 1024)	/* all header sections */
#define SL_MAX_HEADER_WORDS 50000	/* in one field, between white space */
#define SL_MAX_ADDRESSES 10000		/* in all address headers */
#define SL_MAX_ADDRESS_COLONS 1000	/* in one address header */
#define SL_MAX_PARAMETERS 100		/* in one Content-Type or -Disposition */
#define SL_MAX_MESSAGE_PARAMETERS 5000	/* in all of them together */
#define SL_MAX_MIME_DEPTH 64		/* multiparts and messages nested */
#define SL_MAX_MIME_PARTS 1000

struct sl_limits_scan;
/* @base: the input offset of the message's first byte (for messages). */
struct sl_limits_scan *sl_limits_scan_new(gint64 base);
/* The same scan by the slow code its fast paths replaced (every word
 * counted, every name compared, every Content-Type parsed): their proof
 * (tests/test_msglimits.c). */
struct sl_limits_scan *sl_limits_scan_new_reference(gint64 base);
void sl_limits_scan_free(struct sl_limits_scan *scan);
typedef struct sl_limits_scan sl_limits_scan;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_limits_scan, sl_limits_scan_free)
/* The next bytes of the message; FALSE with @error past a limit. */
gboolean sl_limits_scan_feed(struct sl_limits_scan *scan, const char *bytes,
			     gsize len, GError **error);
/* The end of the message. */
gboolean sl_limits_scan_finish(struct sl_limits_scan *scan, GError **error);
/* All of a message at once. */
gboolean sl_limits_check(const char *bytes, gsize len, gint64 base,
			 GError **error);
/* The same, and where the lines it passed end, for @lines (of the same
 * bytes, from memory: lint/mail/lines.c). */
struct sl_lines;
gboolean sl_limits_check_lines(const char *bytes, gsize len, gint64 base,
			       struct sl_lines *lines, GError **error);
/* The same as sl_limits_check() on the @n_ends line ends of @bytes that
 * sl_line_ends() found (all of them), read without searching again. */
gboolean sl_limits_check_ends(const char *bytes, gsize len, gint64 base,
			      const guint32 *ends, gsize n_ends,
			      GError **error);
/* One address header value GMime is about to parse (a second guard for
 * header sections the scan could not see as such). */
gboolean sl_limits_address_value(const char *header, const char *value,
				 GError **error);

#endif
