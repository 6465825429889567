/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_MBOX_H
#define SECLINT_MBOX_H

#include <gmime/gmime.h>

/*
 * mbox separators (lint/mail/mbox.c): which "From " lines start a message.
 * @line is one line, its newline included (as git mailsplit reads it).
 */
gboolean sl_mbox_is_separator(const char *line, gsize len);

/*
 * Cuts an mbox into messages (git mailsplit's rule: only a real From_ line
 * separates).  Reads @fd from @start with pread(), a block at a time, or
 * takes @bytes as they are; a message longer than @max_message is an error.
 */
struct sl_mbox_reader;
struct sl_mbox_reader *sl_mbox_reader_new_fd(int fd, gint64 start,
					     gsize max_message);
struct sl_mbox_reader *sl_mbox_reader_new_bytes(const char *bytes, gsize len,
						gsize max_message);
void sl_mbox_reader_free(struct sl_mbox_reader *reader);
/* The size of the reader's buffer (its capacity, read or not): a few
 * blocks, or while a long message is read up to twice its length; 0 when
 * reading bytes. */
gsize sl_mbox_reader_held(const struct sl_mbox_reader *reader);
typedef struct sl_mbox_reader sl_mbox_reader;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_mbox_reader, sl_mbox_reader_free)
/* Checks that the input starts with a separator line. */
gboolean sl_mbox_reader_start(struct sl_mbox_reader *reader, GError **error);
/* The next message (the bytes between two separator lines, with its index,
 * first line and offset) to *@raw, NULL at the end; FALSE on an error. */
struct sl_raw_message;
gboolean sl_mbox_reader_next(struct sl_mbox_reader *reader,
			     struct sl_raw_message **raw, GError **error);
/*
 * The same, for a scan that reads only headers: the header section of the
 * next message (sl_mbox_header_length()), in the reader's buffer until the
 * next call, to *@head; NULL at the end.
 */
gboolean sl_mbox_reader_next_head(struct sl_mbox_reader *reader,
				  const char **head, gsize *head_len,
				  GError **error);

/*
 * Where each message of an mbox is, as a reader of it cut it: another
 * reader of the same file from the same offset then reads each message
 * where it is, without cutting the input again.  Holds up to @most
 * messages (8 bytes each); the rest is cut again.
 */
struct sl_mbox_plan;
struct sl_mbox_plan *sl_mbox_plan_new(guint most);
void sl_mbox_plan_free(struct sl_mbox_plan *plan);
typedef struct sl_mbox_plan sl_mbox_plan;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_mbox_plan, sl_mbox_plan_free)
/* @reader's next_head() calls (a file's) record what they cut in @plan. */
void sl_mbox_reader_record(struct sl_mbox_reader *reader,
			   struct sl_mbox_plan *plan);
/* @reader (a file's, the one recorded) hands over the messages @plan
 * holds, and its error or end, read where they are: the same messages,
 * indexes, lines, offsets and errors as it would find itself.  @plan must
 * outlive the reading. */
void sl_mbox_reader_follow(struct sl_mbox_reader *reader,
			   const struct sl_mbox_plan *plan);
/* The length of the header section of the message in @bytes: up to and
 * with the empty line that ends it, or all of @bytes. */
gsize sl_mbox_header_length(const char *bytes, gsize len);

/* The buffer of a message's @len bytes (struct sl_raw_message's), and its
 * end: a small one is kept for the next message (lint/mail/mbox.c). */
GByteArray *sl_mbox_bytes_new(gsize len);
void sl_mbox_bytes_free(GByteArray *bytes);

#endif
