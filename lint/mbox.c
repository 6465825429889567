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
 * Every other line is body text.  The input is scanned once, in chunks,
 * just ahead of the parser: memory does not grow with the input.
 */
#include <string.h>

#include "mbox.h"

/* A From_ line longer than this is body text (a sender is at most 254). */
#define SL_MBOX_LINE_MAX 1024
#define SL_MBOX_CHUNK 65536

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

struct sl_mbox_scan {
	GMimeStream *stream;
	char *buf;		/* the input from @at, @len bytes */
	gint64 at;
	gsize len;
	gsize pos;		/* the next line starts at buf[pos] */
	gboolean eof;
	gboolean in_long_line;	/* buf[pos] is inside a line, not at its start */
	gboolean failed;
	gboolean damaged;	/* the last line found is a damaged separator */
};

struct sl_mbox_scan *sl_mbox_scan_new(GMimeStream *stream, gint64 start)
{
	struct sl_mbox_scan *s = g_new0(struct sl_mbox_scan, 1);

	s->stream = g_object_ref(stream);
	s->buf = g_malloc(SL_MBOX_CHUNK);
	s->at = start;
	return s;
}

void sl_mbox_scan_free(struct sl_mbox_scan *s)
{
	if (!s)
		return;
	g_object_unref(s->stream);
	g_free(s->buf);
	g_free(s);
}

/* Keeps the unread tail and reads more after it; FALSE at the end. */
static gboolean refill(struct sl_mbox_scan *s)
{
	gint64 end = s->at + (gint64)s->len;
	gssize n;

	if (s->eof)
		return FALSE;
	memmove(s->buf, s->buf + s->pos, s->len - s->pos);
	s->at += (gint64)s->pos;
	s->len -= s->pos;
	s->pos = 0;
	if (g_mime_stream_seek(s->stream, end, GMIME_STREAM_SEEK_SET) != end) {
		s->failed = s->eof = TRUE;
		return FALSE;
	}
	n = g_mime_stream_read(s->stream, s->buf + s->len,
			       SL_MBOX_CHUNK - s->len);
	if (n < 0)
		s->failed = TRUE;
	if (n <= 0) {
		s->eof = TRUE;
		return FALSE;
	}
	s->len += (gsize)n;
	return TRUE;
}

/* The next line whole in the buffer: its start and length, the newline
 * included; FALSE at the end of the input.  A line longer than the
 * buffer is skipped (it cannot be a separator). */
static gboolean next_line(struct sl_mbox_scan *s, const char **line,
			  gsize *len)
{
	for (;;) {
		const char *p = s->buf + s->pos;
		const char *nl = memchr(p, '\n', s->len - s->pos);
		gboolean whole = nl || (s->eof && s->pos < s->len);

		if (whole) {
			gboolean skip = s->in_long_line;

			*line = p;
			*len = nl ? (gsize)(nl - p) + 1 : s->len - s->pos;
			s->pos += *len;
			s->in_long_line = FALSE;
			if (!skip)
				return TRUE;
			continue;
		}
		if (s->len - s->pos == SL_MBOX_CHUNK) {
			s->in_long_line = TRUE;
			s->pos = s->len;
		}
		if (!refill(s) && s->pos == s->len)
			return FALSE;
	}
}

gboolean sl_mbox_scan_next(struct sl_mbox_scan *s, gint64 *begin,
			   gint64 *end)
{
	const char *line;
	gsize len;

	while (next_line(s, &line, &len)) {
		gboolean real = sl_mbox_is_separator(line, len);

		s->damaged = !real && sl_mbox_is_damaged_separator(line, len);
		if (real || s->damaged) {
			*end = s->at + (gint64)s->pos;
			*begin = *end - (gint64)len;
			return TRUE;
		}
	}
	*begin = *end = s->at + (gint64)s->len;
	return FALSE;
}

gboolean sl_mbox_scan_damaged(const struct sl_mbox_scan *s)
{
	return s->damaged;
}

gboolean sl_mbox_scan_failed(const struct sl_mbox_scan *s)
{
	return s->failed;
}
