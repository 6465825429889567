// SPDX-License-Identifier: GPL-2.0-only
/*
 * Where the messages of an mbox start: exactly where git mailsplit (and
 * so git am) starts them.  git format-patch writes mboxo: a commit
 * message line "From the manual, ..." is not escaped, so taking every
 * line that starts "From " as a separator (as GMime's mbox mode does)
 * cuts ordinary patches in two; git takes only a line that ends like a
 * date, see sl_mbox_is_separator().  The input is read once, a block at a
 * time, and handed on a message at a time: memory does not grow with the
 * input.
 */
#define _GNU_SOURCE		/* memmem */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "errors.h"
#include "input.h"
#include "lines.h"
#include "mbox.h"

/*
 * git mailsplit's test (is_from_line() in git's builtin/mailsplit.c),
 * byte for byte: the line, its newline included, starts "From ", is at
 * least 20 bytes long, and its last ':' (at or after the space of
 * "From ", not in the last two bytes) has a digit 4 and 2 and 1 bytes
 * before it and 1 and 2 after it, followed by a number (strtol(3): white
 * space, a sign, digits) above 90, the year.  Nothing else of the line
 * counts: "From alice Thu Dec  3 13:45:42 2026 and on" separates,
 * "From alice Thu Dec  3 13:45 PST 2026" does not.  The number is read
 * within the line only (git's line ends with a NUL).
 */
gboolean sl_mbox_is_separator(const char *line, gsize len)
{
	const char *colon, *p, *end = line + len;
	gboolean negative = FALSE;
	guint64 year = 0;

	if (len < 20 || memcmp(line, "From ", 5))
		return FALSE;
	for (colon = end - 2;;) {
		if (colon < line + 5)
			return FALSE;
		if (*--colon == ':')
			break;
	}
	if (!g_ascii_isdigit(colon[-4]) || !g_ascii_isdigit(colon[-2]) ||
	    !g_ascii_isdigit(colon[-1]) || !g_ascii_isdigit(colon[1]) ||
	    !g_ascii_isdigit(colon[2]))
		return FALSE;
	/* strtol(colon + 3, NULL, 10) > 90, saturating like strtol */
	for (p = colon + 3; p < end && (*p == ' ' || (*p >= '\t' &&
						    *p <= '\r'));
	     p++)
		;
	if (p < end && (*p == '+' || *p == '-'))
		negative = *p++ == '-';
	for (; p < end && g_ascii_isdigit(*p) && year <= 90; p++)
		year = year * 10 + (guint64)(*p - '0');
	return !negative && year > 90;
}

/*
 * The reader keeps the current message, and what has been read after it,
 * in one buffer: read a block at a time, searched for "\nFrom " (a line
 * that could be a separator) with memmem(), so ordinary lines cost nothing.
 * A message is handed over as a copy of its bytes, or a long one as the
 * buffer itself (it is alone in it by then), and the reader starts again
 * with a buffer of two blocks.  A read is one block however large the
 * buffer has grown: the buffer holds the current message and at most a
 * few blocks after it, so what it keeps does not depend on the messages
 * before (reading to fill a buffer grown for one long message read
 * megabytes ahead from then on, and copied them at the next long one).
 */
#define SL_MBOX_READ (128u << 10)
/* Read beyond a message of the largest size: the line after it. */
#define SL_MBOX_LINE_SLACK (1u << 20)

struct sl_mbox_reader {
	int fd;			/* -1: the whole input is in @data */
	char *buf;		/* @cap bytes, owned, when read from @fd */
	gsize cap;
	const char *data;	/* the input from offset @at on, @len bytes */
	gsize len;
	gint64 at;
	gboolean eof;
	gsize max;		/* the largest message taken */
	gsize msg;		/* the current message starts at data[msg] */
	unsigned msg_line;	/* on this line */
	gsize scan;		/* no line starting "From " before data[scan] */
	gboolean line_start;	/* a line starts at data[scan] */
	unsigned index;		/* of the last message taken, 1-based */
	gboolean done;
	gboolean heads_only;	/* hand over header sections, no lines */
	gsize nl_line;		/* no newline in data[nl_line] on */
	gsize nl_searched;	/* for this many bytes */
};

static struct sl_mbox_reader *reader_new(gsize max)
{
	struct sl_mbox_reader *r = g_new0(struct sl_mbox_reader, 1);

	r->max = max;
	r->msg_line = 1;
	r->line_start = TRUE;
	return r;
}

struct sl_mbox_reader *sl_mbox_reader_new_fd(int fd, gint64 start,
					     gsize max_message)
{
	struct sl_mbox_reader *r = reader_new(max_message);

	r->fd = fd;
	r->cap = 2 * SL_MBOX_READ;
	r->buf = g_malloc(r->cap);
	r->data = r->buf;
	r->at = start;
	return r;
}

struct sl_mbox_reader *sl_mbox_reader_new_bytes(const char *bytes, gsize len,
						gsize max_message)
{
	struct sl_mbox_reader *r = reader_new(max_message);

	r->fd = -1;
	r->data = bytes;
	r->len = len;
	r->eof = TRUE;
	return r;
}

void sl_mbox_reader_free(struct sl_mbox_reader *r)
{
	if (!r)
		return;
	g_free(r->buf);
	g_free(r);
}

gsize sl_mbox_reader_held(const struct sl_mbox_reader *r)
{
	return r->cap;
}

static gboolean too_large(struct sl_mbox_reader *r, GError **error)
{
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
		    "message %u: larger than %" G_GSIZE_FORMAT
		    " MiB, refusing to guess", r->index + 1, r->max >> 20);
	return FALSE;
}

/* Forgets the first @n bytes of the buffer (read or handed over). */
static void forget(struct sl_mbox_reader *r, gsize n)
{
	r->at += (gint64)n;
	r->len -= n;
	r->scan -= n;
	r->msg -= n;
	if (r->nl_line >= n) {
		r->nl_line -= n;
	} else {
		r->nl_line = 0;
		r->nl_searched = 0;
	}
}

/* A block more, after what is kept of the buffer (from the current
 * message on; the buffer grows with a long message).  The sniff saw only
 * the first block: a NUL byte in any is binary input. */
static gboolean fill(struct sl_mbox_reader *r, GError **error)
{
	const char *nul;
	ssize_t n;

	/* A long message is at the start already: not moved for each
	 * block read onto it. */
	if (r->msg) {
		memmove(r->buf, r->buf + r->msg, r->len - r->msg);
		forget(r, r->msg);
	}
	if (r->len > r->max + SL_MBOX_LINE_SLACK)
		return too_large(r, error);
	if (r->cap - r->len < SL_MBOX_READ) {
		r->cap *= 2;
		r->buf = g_realloc(r->buf, r->cap);
		r->data = r->buf;
	}
	do
		n = pread(r->fd, r->buf + r->len, SL_MBOX_READ,
			  (off_t)(r->at + (gint64)r->len));
	while (n < 0 && errno == EINTR);
	if (n < 0) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
			    "read error: %s", g_strerror(errno));
		return FALSE;
	}
	nul = memchr(r->buf + r->len, '\0', (size_t)n);
	if (nul) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
			    "binary data (a NUL byte at byte %" G_GINT64_FORMAT
			    "), not a mail message", r->at + (nul - r->buf));
		return FALSE;
	}
	r->eof = n == 0;
	r->len += (gsize)n;
	return TRUE;
}

/*
 * The line starting at data[from], its newline included (of any length,
 * as git reads it); FALSE means more input is needed.
 */
static gboolean whole_line(struct sl_mbox_reader *r, gsize from, gsize *len)
{
	gsize avail = r->len - from, skip = 0;
	const char *nl;

	/* A long line is searched once, not again after each block. */
	if (r->nl_line == from && r->nl_searched <= avail)
		skip = r->nl_searched;
	nl = memchr(r->data + from + skip, '\n', avail - skip);
	if (nl)
		*len = (gsize)(nl - (r->data + from)) + 1;
	else if (r->eof)
		*len = avail;
	else {
		r->nl_line = from;
		r->nl_searched = avail;
		return FALSE;
	}
	return TRUE;
}

gboolean sl_mbox_reader_start(struct sl_mbox_reader *r, GError **error)
{
	gsize len;

	while (!whole_line(r, 0, &len))
		if (!fill(r, error))
			return FALSE;
	if (!sl_mbox_is_separator(r->data, len)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
			    "starts with 'From ' but not with an mbox "
			    "separator line ('From <sender> <date>')");
		return FALSE;
	}
	r->msg = r->scan = len;
	r->msg_line = 2;
	return TRUE;
}

/* The current message's bytes, up to data[end]; the buffer itself when
 * the message fills it alone, else a copy.  The next message starts at
 * data[msg] after it. */
static GByteArray *message_bytes(struct sl_mbox_reader *r, gsize end)
{
	GByteArray *bytes;
	char *rest;

	if (r->fd < 0 || r->msg || end < SL_MBOX_READ) {
		bytes = g_byte_array_sized_new((guint)(end - r->msg));
		g_byte_array_append(bytes, (const guint8 *)r->data + r->msg,
				    (guint)(end - r->msg));
		r->msg = end;
		return bytes;
	}
	r->cap = MAX(2 * SL_MBOX_READ, r->len - end + SL_MBOX_READ);
	rest = g_malloc(r->cap);
	memcpy(rest, r->buf + end, r->len - end);
	bytes = g_byte_array_new_take((guint8 *)g_realloc(r->buf, end), end);
	r->buf = rest;
	r->data = rest;
	r->msg = r->scan = end;
	forget(r, end);
	return bytes;
}

/* The current message, up to data[end], as a raw message; the next one
 * starts there. */
gsize sl_mbox_header_length(const char *bytes, gsize len)
{
	for (const char *p = bytes; (p = memchr(p, '\n', len - (p - bytes)));
	     p++) {
		const char *q = p + 1;

		if (q < bytes + len && *q == '\r')
			q++;
		if (q < bytes + len && *q == '\n')
			return (gsize)(q + 1 - bytes);
	}
	return len;
}

void sl_mbox_reader_heads_only(struct sl_mbox_reader *r)
{
	r->heads_only = TRUE;
}

static struct sl_raw_message *take(struct sl_mbox_reader *r, gsize end)
{
	struct sl_raw_message *raw = g_new0(struct sl_raw_message, 1);

	raw->index = ++r->index;
	raw->line = r->msg_line;
	raw->offset = r->at + (gint64)r->msg;
	if (r->heads_only) {
		gsize head = sl_mbox_header_length(r->data + r->msg,
						   end - r->msg);

		raw->line = 0;
		raw->bytes = g_byte_array_sized_new((guint)head);
		g_byte_array_append(raw->bytes,
				    (const guint8 *)r->data + r->msg,
				    (guint)head);
		r->msg = end;
		return raw;
	}
	r->msg_line += sl_newlines(r->data + r->msg, end - r->msg);
	raw->bytes = message_bytes(r, end);
	return raw;
}

enum from_line { BODY_TEXT, SEPARATOR, NEED_MORE, FAILED };

/* The line at data[@at], which starts "From ": a separator ends the
 * current message there (*@raw). */
static enum from_line at_from_line(struct sl_mbox_reader *r, gsize at,
				   struct sl_raw_message **raw, GError **error)
{
	gsize len;

	if (!whole_line(r, at, &len))
		return NEED_MORE;
	if (!sl_mbox_is_separator(r->data + at, len))
		return BODY_TEXT;
	if (at - r->msg > r->max)
		return too_large(r, error), FAILED;
	*raw = take(r, at);
	if (!r->heads_only)
		r->msg_line += sl_newlines(r->data + r->msg, len);
	r->msg += len;
	r->scan = r->msg;
	r->line_start = TRUE;
	return SEPARATOR;
}

/* Where the next line that starts "From " starts (*@at), from data[scan]
 * on; FALSE: none before the end of the buffer. */
static gboolean next_from(struct sl_mbox_reader *r, gsize *at)
{
	const char *from;

	if (r->line_start) {
		if (r->len - r->scan < 5 && !r->eof)
			return FALSE;
		*at = r->scan;
		r->line_start = FALSE;
		if (r->len - r->scan >= 5 && !memcmp(r->data + *at, "From ", 5))
			return TRUE;
	}
	from = memmem(r->data + r->scan, r->len - r->scan, "\nFrom ", 6);
	if (from) {
		*at = (gsize)(from - r->data) + 1;
		return TRUE;
	}
	r->scan = MAX(r->scan, r->len >= 5 ? r->len - 5 : 0);
	return FALSE;
}

gboolean sl_mbox_reader_next(struct sl_mbox_reader *r,
			     struct sl_raw_message **raw, GError **error)
{
	gsize at;

	*raw = NULL;
	while (!r->done) {
		gboolean found = next_from(r, &at);

		if (found) {
			switch (at_from_line(r, at, raw, error)) {
			case SEPARATOR:
				return TRUE;
			case FAILED:
				return FALSE;
			case BODY_TEXT:
				r->scan = at;
				continue;
			case NEED_MORE:
				/* Found again after the fill. */
				if (at == r->scan)
					r->line_start = TRUE;
				else
					r->scan = at - 1;
				break;
			}
		}
		if (!found && r->eof) {
			if (r->len - r->msg > r->max)
				return too_large(r, error);
			*raw = take(r, r->len);
			r->done = TRUE;
			return TRUE;
		}
		if (!fill(r, error))
			return FALSE;
	}
	return TRUE;
}
