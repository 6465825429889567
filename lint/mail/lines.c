// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stream offsets to file lines.  GMime gives the byte offset of every
 * header and part; the lines are counted here, in a second pass over the
 * same bytes that stays just behind the parser (re-read from the page
 * cache, or from memory), so nothing but two numbers is kept per input.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <string.h>
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "lines.h"

#define SL_LINES_CHUNK 65536

struct sl_lines {
	int fd;			/* -1: the bytes are in memory */
	const char *bytes;
	gsize len;
	gint64 start;		/* the offset of line 1 */
	gint64 at;		/* lines are counted up to here */
	unsigned line;		/* the line @at is on */
	unsigned first_line;	/* the line @start is on */
	gint64 mark_at;		/* where the current message starts */
	unsigned mark_line;
	char *chunk;		/* the input from chunk_at, chunk_len bytes */
	gint64 chunk_at;
	gsize chunk_len;
};

static struct sl_lines *lines_new(int fd, const char *bytes, gsize len,
				  gint64 start, unsigned line)
{
	struct sl_lines *li = g_new0(struct sl_lines, 1);

	li->fd = fd;
	li->bytes = bytes;
	li->len = len;
	li->start = li->at = li->mark_at = start;
	li->line = li->mark_line = li->first_line = line;
	if (fd >= 0)
		li->chunk = g_malloc(SL_LINES_CHUNK);
	return li;
}

struct sl_lines *sl_lines_new_fd(int fd, gint64 start)
{
	return lines_new(fd, NULL, 0, start, 1);
}

struct sl_lines *sl_lines_new_bytes(const char *bytes, gsize len)
{
	return lines_new(-1, bytes, len, 0, 1);
}

static const char *bytes_at(struct sl_lines *li, gint64 at, gsize *len);

struct sl_lines *sl_lines_new_slice(const char *bytes, gsize len,
				    unsigned line)
{
	return lines_new(-1, bytes, len, 0, line);
}

void sl_lines_free(struct sl_lines *li)
{
	if (!li)
		return;
	g_free(li->chunk);
	g_free(li);
}

/*
 * Sixteen bytes at a time where SSE2 is (x86-64 always has it: 0.3
 * instructions a byte), else eight: memchr() per line cost more than the
 * lines.
 */
unsigned sl_newlines(const char *p, gsize n)
{
	const guint64 ones = 0x0101010101010101u, low7 = 0x7f7f7f7f7f7f7f7fu;
	unsigned count = 0;
	gsize i = 0;

#ifdef __SSE2__
	const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();

	while (n - i >= 16) {
		/* A byte lane counts up to 255 newlines; then the lanes are
		 * added up. */
		gsize stop = i + MIN((n - i) / 16, 255) * 16;
		__m128i lanes = zero;

		for (; i < stop; i += 16)
			lanes = _mm_sub_epi8(
				lanes,
				_mm_cmpeq_epi8(_mm_loadu_si128(
						       (const __m128i *)(p + i)),
					       nl));
		lanes = _mm_sad_epu8(lanes, zero);
		count += (unsigned)_mm_cvtsi128_si32(lanes) +
			 (unsigned)_mm_extract_epi16(lanes, 4);
	}
#endif
	for (; i + 8 <= n; i += 8) {
		guint64 w;

		memcpy(&w, p + i, 8);
		w ^= ones * '\n';	/* a newline is now a zero byte */
		w = ~(((w & low7) + low7) | w | low7) >> 7;	/* 1 per zero */
		count += (unsigned)((w * ones) >> 56);	/* their sum */
	}
	for (; i < n; i++)
		count += p[i] == '\n';
	return count;
}

/* The bytes from @at on, and how many: from memory, or the chunk of the
 * file around @at (read ahead, so a header costs no system call). */
static const char *bytes_at(struct sl_lines *li, gint64 at, gsize *len)
{
	ssize_t n;

	if (li->fd < 0) {
		*len = (gsize)at < li->len ? li->len - (gsize)at : 0;
		return li->bytes + at;
	}
	if (at < li->chunk_at || at >= li->chunk_at + (gint64)li->chunk_len) {
		do
			n = pread(li->fd, li->chunk, SL_LINES_CHUNK, (off_t)at);
		while (n < 0 && errno == EINTR);
		li->chunk_at = at;
		li->chunk_len = n > 0 ? (gsize)n : 0;
	}
	*len = li->chunk_len - (gsize)(at - li->chunk_at);
	return li->chunk + (at - li->chunk_at);
}

/* Counts up to @offset; stops early at the end of the input (the parser
 * has already reported a read error). */
static void advance(struct sl_lines *li, gint64 offset)
{
	while (li->at < offset) {
		gsize len;
		const char *p = bytes_at(li, li->at, &len);

		if (!len)
			return;
		len = MIN(len, (gsize)(offset - li->at));
		li->line += sl_newlines(p, len);
		li->at += (gint64)len;
	}
}

unsigned sl_lines_at(struct sl_lines *li, gint64 offset)
{
	if (!li || offset < li->start)
		return 0;
	if (offset < li->at) {
		/* Back within the message (a part header before Subject). */
		if (offset >= li->mark_at) {
			li->at = li->mark_at;
			li->line = li->mark_line;
		} else {
			li->at = li->start;
			li->line = li->first_line;
		}
	}
	advance(li, offset);
	return li->line;
}

unsigned sl_lines_mark(struct sl_lines *li, gint64 offset)
{
	unsigned line = sl_lines_at(li, offset);

	if (li && line) {
		li->mark_at = li->at;
		li->mark_line = li->line;
	}
	return line;
}
