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
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "errors.h"
#include "input.h"
#include "lines.h"
#include "mbox.h"
#include "pool.h"

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
	gsize nl_line;		/* no newline in data[nl_line] on */
	gsize nl_searched;	/* for this many bytes */
	struct sl_mbox_plan *record;	/* the spans cut, for a reader to follow */
	const struct sl_mbox_plan *follow;	/* read these spans */
	guint followed;		/* of them */
	gint64 follow_at;	/* where the next one starts, -1: not yet */
	unsigned follow_line;	/* on this line */
};

/*
 * Where each message of an mbox is (its length, and the separator line
 * after it), as one reader cut it (sl_mbox_reader_record()), so that a
 * second reading of the same file reads each message once, with pread(),
 * into the buffer it is handed over in: no separator searched for again,
 * nothing copied.  8 bytes a message, up to @most; a plan that stopped
 * there, or at an error, says so, and the reader that follows it cuts the
 * rest itself.
 */
struct sl_mbox_span {
	guint32 len;		/* the message's bytes */
	guint32 sep;		/* the separator line's, SPAN_NL: its newline */
};
#define SPAN_NL 0x80000000u

struct sl_mbox_plan {
	GArray *spans;		/* of struct sl_mbox_span */
	guint most;
	gboolean whole;		/* every message is in @spans, and then */
	GError *error;		/* the reading stopped with this, or ended */
};

struct sl_mbox_plan *sl_mbox_plan_new(guint most)
{
	struct sl_mbox_plan *plan = g_new(struct sl_mbox_plan, 1);

	*plan = (struct sl_mbox_plan){
		g_array_new(FALSE, FALSE, sizeof(struct sl_mbox_span)), most,
		FALSE, NULL
	};
	return plan;
}

void sl_mbox_plan_free(struct sl_mbox_plan *plan)
{
	if (plan) {
		g_array_unref(plan->spans);
		g_clear_error(&plan->error);
	}
	g_free(plan);
}

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

/*
 * A message's bytes live from its cut to its parse (some milliseconds),
 * and a new buffer of its size each time was a large malloc() after
 * GMime's many small free()s: glibc gathers its fast bins then, 23,000
 * instructions a message (46 M of the bench subset's 2,000).  So the
 * buffers of messages up to RAW_POOLED bytes (most mail; glibc maps
 * larger ones of its own) are kept for the next, in a pool the threads
 * share (at most SL_POOL_SLOTS of them: 1 MiB).
 */
#define RAW_POOLED (128u << 10)

static struct sl_pool raw_pool;

GByteArray *sl_mbox_bytes_new(gsize len)
{
	GByteArray *bytes = len <= RAW_POOLED ? sl_pool_take(&raw_pool) : NULL;

	if (!bytes)
		bytes = g_byte_array_sized_new((guint)len);
	g_byte_array_set_size(bytes, (guint)len);
	return bytes;
}

void sl_mbox_bytes_free(GByteArray *bytes)
{
	if (!bytes)
		return;
	if (bytes->len > RAW_POOLED || !sl_pool_put(&raw_pool, bytes))
		g_byte_array_unref(bytes);
}

/* The current message's bytes, up to data[end]; the buffer itself when
 * the message fills it alone, else a copy.  The next message starts at
 * data[msg] after it. */
static GByteArray *message_bytes(struct sl_mbox_reader *r, gsize end)
{
	GByteArray *bytes;
	char *rest;

	if (r->fd < 0 || r->msg || end < SL_MBOX_READ) {
		bytes = sl_mbox_bytes_new(end - r->msg);
		memcpy(bytes->data, r->data + r->msg, end - r->msg);
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

/*
 * The header section ends after the first newline followed by a newline,
 * or by a CR and a newline.  Sixteen places at a time where SSE2 is: a
 * memchr() for each line was most of the thread scan's reading of heads.
 */
gsize sl_mbox_header_length(const char *bytes, gsize len)
{
	gsize i = 0;

	if (!len)
		return 0;	/* and @bytes may be NULL: memchr() must not see it */
#ifdef __SSE2__
	for (const __m128i nl = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
	     i + 18 <= len; i += 16) {
		__m128i a = _mm_loadu_si128((const __m128i *)(bytes + i));
		__m128i b = _mm_loadu_si128((const __m128i *)(bytes + i + 1));
		__m128i c = _mm_loadu_si128((const __m128i *)(bytes + i + 2));
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_and_si128(
			_mm_cmpeq_epi8(a, nl),
			_mm_or_si128(_mm_cmpeq_epi8(b, nl),
				     _mm_and_si128(_mm_cmpeq_epi8(b, cr),
						   _mm_cmpeq_epi8(c, nl)))));

		if (m) {
			gsize at = i + (gsize)__builtin_ctz(m);

			return at + 2 + (bytes[at + 1] == '\r');
		}
	}
#endif
	/* The rest, newline by newline (those before @i ended nothing). */
	for (const char *p = bytes + i;
	     (p = memchr(p, '\n', len - (gsize)(p - bytes))); p++) {
		const char *q = p + 1;

		if (q < bytes + len && *q == '\r')
			q++;
		if (q < bytes + len && *q == '\n')
			return (gsize)(q + 1 - bytes);
	}
	return len;
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

/*
 * The first "\nFrom " in the @n bytes at @p, as memmem() finds it, but
 * sixteen bytes at a time where SSE2 is (x86-64 always has it): a newline
 * before an 'F' is rare enough to test the rest there.  memmem() was two
 * instructions a byte.
 */
static const char *find_from_line(const char *p, gsize n)
{
	gsize i = 0;

#ifdef __SSE2__
	const __m128i nl = _mm_set1_epi8('\n'), f = _mm_set1_epi8('F');

	for (; i + 17 <= n; i += 16) {
		__m128i a = _mm_loadu_si128((const __m128i *)(p + i));
		__m128i b = _mm_loadu_si128((const __m128i *)(p + i + 1));
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_and_si128(
			_mm_cmpeq_epi8(a, nl), _mm_cmpeq_epi8(b, f)));

		for (; m; m &= m - 1) {
			gsize at = i + (gsize)__builtin_ctz(m);

			if (n - at >= 6 && !memcmp(p + at, "\nFrom ", 6))
				return p + at;
		}
	}
#endif
	return memmem(p + i, n - i, "\nFrom ", 6);
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
	from = find_from_line(r->data + r->scan, r->len - r->scan);
	if (from) {
		*at = (gsize)(from - r->data) + 1;
		return TRUE;
	}
	r->scan = MAX(r->scan, r->len >= 5 ? r->len - 5 : 0);
	return FALSE;
}

enum cut { CUT_MESSAGE, CUT_END, CUT_FAILED };

/*
 * Where the current message ends: at data[*@end], before a separator line
 * of *@sep bytes, or at the end of the input (*@sep 0).
 */
static enum cut cut(struct sl_mbox_reader *r, gsize *end, gsize *sep,
		    GError **error)
{
	gsize at, len;

	while (!r->done) {
		gboolean found = next_from(r, &at);

		if (found && whole_line(r, at, &len)) {
			if (!sl_mbox_is_separator(r->data + at, len)) {
				r->scan = at;	/* body text */
				continue;
			}
			if (at - r->msg > r->max)
				return too_large(r, error), CUT_FAILED;
			*end = at;
			*sep = len;
			return CUT_MESSAGE;
		}
		if (found) {
			/* The line is found again after the fill. */
			if (at == r->scan)
				r->line_start = TRUE;
			else
				r->scan = at - 1;
		} else if (r->eof) {
			if (r->len - r->msg > r->max)
				return too_large(r, error), CUT_FAILED;
			*end = r->len;
			*sep = 0;
			r->done = TRUE;
			return CUT_MESSAGE;
		}
		if (!fill(r, error))
			return CUT_FAILED;
	}
	return CUT_END;
}

/* Past the separator line of @sep bytes at data[msg]: the next message. */
static void pass_separator(struct sl_mbox_reader *r, gsize sep,
			   gboolean count)
{
	if (count)
		r->msg_line += sl_newlines(r->data + r->msg, sep);
	r->msg += sep;
	r->scan = r->msg;
	r->line_start = TRUE;
}

void sl_mbox_reader_record(struct sl_mbox_reader *r,
			   struct sl_mbox_plan *plan)
{
	/* A span's lengths fit in 31 bits. */
	g_assert(r->max + SL_MBOX_LINE_SLACK + 2 * SL_MBOX_READ < SPAN_NL);
	r->record = plan;
}

/* The reader's cut ended (with @error, or at the end): the plan is whole
 * if it holds every message. */
static void record_end(struct sl_mbox_reader *r, const GError *error)
{
	if (!r->record || r->record->spans->len < r->index)
		return;
	r->record->whole = TRUE;
	if (error)
		r->record->error = g_error_copy(error);
}

gboolean sl_mbox_reader_next_head(struct sl_mbox_reader *r,
				  const char **head, gsize *head_len,
				  GError **error)
{
	g_autoptr(GError) failed = NULL;
	gsize end, sep;

	*head = NULL;
	*head_len = 0;
	switch (cut(r, &end, &sep, &failed)) {
	case CUT_END:
		record_end(r, NULL);
		return TRUE;
	case CUT_FAILED:
		record_end(r, failed);
		g_propagate_error(error, g_steal_pointer(&failed));
		return FALSE;
	case CUT_MESSAGE:
		break;
	}
	r->index++;
	if (r->record && r->record->spans->len + 1 == r->index &&
	    r->record->spans->len < r->record->most) {
		struct sl_mbox_span span = {
			(guint32)(end - r->msg),
			(guint32)sep | (sep && r->data[end + sep - 1] == '\n'
						? SPAN_NL : 0)
		};

		g_array_append_val(r->record->spans, span);
	}
	*head = r->data + r->msg;
	*head_len = sl_mbox_header_length(*head, end - r->msg);
	r->msg = end;
	if (sep)
		pass_separator(r, sep, FALSE);
	return TRUE;
}

void sl_mbox_reader_follow(struct sl_mbox_reader *r,
			   const struct sl_mbox_plan *plan)
{
	r->follow = plan;
	r->follow_at = -1;
}

/* The next message of the plan, read where it is. */
static gboolean follow_span(struct sl_mbox_reader *r,
			    struct sl_raw_message **raw, GError **error)
{
	const struct sl_mbox_span *span = &g_array_index(
		r->follow->spans, struct sl_mbox_span, r->followed);
	gsize len = span->len, got = 0;
	GByteArray *bytes = sl_mbox_bytes_new(len);
	const char *nul;

	while (got < len) {
		ssize_t n = pread(r->fd, bytes->data + got, len - got,
				  (off_t)(r->follow_at + (gint64)got));

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			sl_mbox_bytes_free(bytes);
			g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_IO,
				    "read error: %s", g_strerror(errno));
			return FALSE;
		}
		if (n == 0)	/* shorter now: the caller finds it changed */
			break;
		got += (gsize)n;
	}
	g_byte_array_set_size(bytes, (guint)got);
	/* The cut saw every byte; this is the file as it is now. */
	nul = got ? memchr(bytes->data, '\0', got) : NULL;
	if (nul) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
			    "binary data (a NUL byte at byte %" G_GINT64_FORMAT
			    "), not a mail message",
			    r->follow_at + ((const guint8 *)nul - bytes->data));
		sl_mbox_bytes_free(bytes);
		return FALSE;
	}
	*raw = g_new0(struct sl_raw_message, 1);
	(*raw)->index = ++r->followed;
	(*raw)->line = r->follow_line;
	(*raw)->offset = r->follow_at;
	(*raw)->bytes = bytes;
	r->follow_line += sl_newlines((const char *)bytes->data, got) +
			  !!(span->sep & SPAN_NL);
	r->follow_at += (gint64)len + (gint64)(span->sep & ~SPAN_NL);
	return TRUE;
}

/*
 * Past a plan that stopped early (at its size): the input is cut from the
 * start again, as by a reader that never had a plan (its reads, and so
 * its errors, are those of the same offsets), and the messages the plan
 * gave are skipped.
 */
static gboolean skip_planned(struct sl_mbox_reader *r, GError **error)
{
	gsize end, sep;

	while (r->index < r->followed) {
		enum cut c = cut(r, &end, &sep, error);

		if (c != CUT_MESSAGE)
			return c == CUT_END;
		r->index++;
		r->msg_line += sl_newlines(r->data + r->msg, end - r->msg);
		r->msg = end;
		if (sep)
			pass_separator(r, sep, TRUE);
	}
	return TRUE;
}

gboolean sl_mbox_reader_next(struct sl_mbox_reader *r,
			     struct sl_raw_message **raw, GError **error)
{
	gsize end, sep;
	enum cut c;

	*raw = NULL;
	if (r->follow && r->follow_at < 0) {
		r->follow_at = r->at + (gint64)r->msg;
		r->follow_line = r->msg_line;
	}
	if (r->follow && r->followed < r->follow->spans->len)
		return follow_span(r, raw, error);
	if (r->follow && r->follow->whole) {
		/* The plan's end is the input's. */
		r->done = TRUE;
		if (r->follow->error)
			g_propagate_error(error,
					  g_error_copy(r->follow->error));
		return !r->follow->error;
	}
	if (r->follow) {
		if (!skip_planned(r, error))
			return FALSE;
		r->follow = NULL;
	}
	c = cut(r, &end, &sep, error);
	if (c != CUT_MESSAGE)
		return c == CUT_END;
	*raw = take(r, end);
	if (sep)
		pass_separator(r, sep, TRUE);
	return TRUE;
}
