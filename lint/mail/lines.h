/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_LINES_H
#define SECLINT_LINES_H

#include <glib.h>

/* Offsets in the input to lines (lint/mail/lines.c); NULL: lines unknown. */
struct sl_lines;
struct sl_lines *sl_lines_new_fd(int fd, gint64 start);
struct sl_lines *sl_lines_new_bytes(const char *bytes, gsize len);
/* The lines of one message cut out of an input: offset 0 is on @line. */
struct sl_lines *sl_lines_new_slice(const char *bytes, gsize len,
				    unsigned line);
/* How many newlines @n bytes at @p hold (sixteen bytes at a time). */
unsigned sl_newlines(const char *p, gsize n);
/* How many bytes @byte @n bytes at @p hold (the same way). */
unsigned sl_bytes_count(const char *p, gsize n, char byte);
void sl_lines_free(struct sl_lines *lines);
/*
 * Where the lines of @len bytes at @p end: the offset after each newline,
 * in order (*@n of them, sl_line_ends_free() them), found sixteen bytes
 * at a time, for the scans of a message's lines to share instead of each
 * searching every line for its end; NULL (*@n 0) for more than
 * SL_LINE_ENDS_MOST of them or more than 4 GiB of bytes.
 */
#define SL_LINE_ENDS_MOST (1u << 18)
guint32 *sl_line_ends(const char *p, gsize len, gsize *n);
/*
 * Arrays of line ends for sl_lines_set_ends(): room for at least @cap
 * ends, more room for @cap (the first ones kept), and freeing.  Arrays of
 * up to some 32,000 ends are kept for the next message (lint/mail/lines.c).
 */
guint32 *sl_line_ends_new(gsize cap);
guint32 *sl_line_ends_renew(guint32 *ends, gsize cap);
void sl_line_ends_free(guint32 *ends);
/* Where lines end in lines from memory, known from a scan of the same
 * bytes (the limits scan, lint/mail/msglimits.c): the offset after each
 * newline before @upto, in order (@n of them at @ends, taken).
 * sl_lines_at() looks offsets up to @upto up there instead of counting. */
void sl_lines_set_ends(struct sl_lines *lines, guint32 *ends, gsize n,
		       gint64 upto);
/* The 1-based line of @offset, 0 if unknown. */
unsigned sl_lines_at(struct sl_lines *lines, gint64 offset);
/* The same, and a message starts there: later look-ups stay after it. */
unsigned sl_lines_mark(struct sl_lines *lines, gint64 offset);
typedef struct sl_lines sl_lines;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_lines, sl_lines_free)

#endif
