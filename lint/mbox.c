// SPDX-License-Identifier: GPL-2.0-only
/*
 * Where the messages of an mbox start.  git format-patch writes mboxo:
 * a commit message line "From the manual, ..." is not escaped, so taking
 * every line that starts "From " as a separator (as GMime's mbox mode
 * does) cuts ordinary patches in two.  As git mailsplit does, a "From "
 * line separates messages only when it looks like a real From_ line:
 * "From", a sender, an asctime(3) date, e.g. what format-patch writes
 *   From 0123...(40 or 64 hex digits) Mon Sep 17 00:00:00 2001
 * and what mutt, Thunderbird, postfix local(8), procmail and public-inbox
 * write:
 *   From alice@example.org Thu Dec  3 13:45:42 2026
 *   From - Thu Dec 03 13:45:42 2026
 *   From "a b"@example.org  Thu Dec  3 13:45:42 2026 +0100
 *   From MAILER-DAEMON  Thu Dec  3 13:45 UTC 2026
 * Every other line is body text.  The input is read once, a block at a
 * time, and handed on a message at a time: memory does not grow with the
 * input.
 */
#define _GNU_SOURCE		/* memmem */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "mbox.h"
#include "message.h"

/* A From_ line longer than this is body text (a sender is at most 254). */
#define SL_MBOX_LINE_MAX 1024

/*
 * "From ", the envelope sender (a word, or a quoted local part that may
 * hold spaces, with its domain), the date as asctime(3) prints it (day
 * padded with a space or a zero, seconds optional) with an optional zone
 * before or after the year.
 */
static const char separator_pattern[] =
	"^From (?:\"(?:[^\"\\\\\\r\\n]|\\\\.)*\"\\S*|\\S+) +"
	"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) +"
	"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) +"
	"[0-3]?[0-9] +[0-2]?[0-9]:[0-5][0-9](?::[0-6][0-9])? +"
	"(?:(?:[A-Z]{1,5}|[+-][0-9]{4}) +)?[0-9]{4}"
	"(?: +(?:[A-Z]{1,5}|[+-][0-9]{4}))?[ \\t]*\\r?$";

/*
 * Not a separator, but what one looks like with its date lost or mangled:
 * "From", an envelope sender (an address, a commit id, MAILER-DAEMON) and
 * nothing else or a weekday.  Taking it for body text could hide the
 * headers of a message; prose rarely reads like this.
 */
static const char damaged_pattern[] =
	"^From (?:\\S*@\\S*|[0-9a-f]{40,64}|MAILER-DAEMON)"
	"(?: +(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\\b.*)?[ \\t]*\\r?$";

static gboolean line_matches(const char *pattern, const char *line,
			     gsize len)
{
	g_autoptr(sl_matches) m = NULL;

	if (len < 5 || memcmp(line, "From ", 5) || len > SL_MBOX_LINE_MAX)
		return FALSE;
	m = sl_matches_fixed(pattern, G_REGEX_RAW, line, (gssize)len);
	return sl_matches_next(m);
}

gboolean sl_mbox_is_separator(const char *line, gsize len)
{
	return line_matches(separator_pattern, line, len);
}

gboolean sl_mbox_is_damaged_separator(const char *line, gsize len)
{
	return !sl_mbox_is_separator(line, len) &&
	       line_matches(damaged_pattern, line, len);
}

/*
 * The reader keeps the current message, and what has been read after it,
 * in one buffer: read in large blocks, searched for "\nFrom " (a line that
 * could be a separator) with memmem(), so ordinary lines cost nothing.
 * A message is handed over as a copy of its bytes, or a long one as the
 * buffer itself (it is alone in it by then).
 */
#define SL_MBOX_READ (128u << 10)

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
}

/* A block more, after what is kept of the buffer (from the current
 * message on; the buffer grows with a long message).  The sniff saw only
 * the first block: a NUL byte in any is binary input. */
static gboolean fill(struct sl_mbox_reader *r, GError **error)
{
	const char *nul;
	ssize_t n;

	memmove(r->buf, r->buf + r->msg, r->len - r->msg);
	forget(r, r->msg);
	if (r->len > r->max + SL_MBOX_LINE_MAX)
		return too_large(r, error);
	if (r->cap - r->len < SL_MBOX_READ) {
		r->cap *= 2;
		r->buf = g_realloc(r->buf, r->cap);
		r->data = r->buf;
	}
	do
		n = pread(r->fd, r->buf + r->len, r->cap - r->len,
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
 * The line starting at data[from], its newline included: *@len is 0 for
 * a line too long to be a separator, and FALSE means more input is needed.
 */
static gboolean whole_line(const struct sl_mbox_reader *r, gsize from,
			   gsize *len)
{
	gsize avail = r->len - from;
	const char *nl = memchr(r->data + from, '\n',
				MIN(avail, (gsize)SL_MBOX_LINE_MAX));

	if (nl)
		*len = (gsize)(nl - (r->data + from)) + 1;
	else if (avail >= SL_MBOX_LINE_MAX)
		*len = 0;
	else if (r->eof)
		*len = avail;
	else
		return FALSE;
	return TRUE;
}

gboolean sl_mbox_reader_start(struct sl_mbox_reader *r, GError **error)
{
	gsize len;

	while (!whole_line(r, 0, &len))
		if (!fill(r, error))
			return FALSE;
	if (!len || !sl_mbox_is_separator(r->data, len)) {
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
static struct sl_raw_message *take(struct sl_mbox_reader *r, gsize end)
{
	struct sl_raw_message *raw = g_new0(struct sl_raw_message, 1);

	raw->index = ++r->index;
	raw->line = r->msg_line;
	raw->offset = r->at + (gint64)r->msg;
	r->msg_line += sl_newlines(r->data + r->msg, end - r->msg);
	raw->bytes = message_bytes(r, end);
	return raw;
}

static void damaged(struct sl_mbox_reader *r, gsize line_at, GError **error)
{
	g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
		    "line %u: a 'From ' line that looks like an mbox "
		    "separator without its date; cannot tell where a "
		    "message starts",
		    r->msg_line + sl_newlines(r->data + r->msg,
					      line_at - r->msg));
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
	if (!len)
		return BODY_TEXT;
	if (!sl_mbox_is_separator(r->data + at, len)) {
		if (!sl_mbox_is_damaged_separator(r->data + at, len))
			return BODY_TEXT;
		damaged(r, at, error);
		return FAILED;
	}
	if (at - r->msg > r->max)
		return too_large(r, error), FAILED;
	*raw = take(r, at);
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
