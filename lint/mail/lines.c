// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stream offsets to file lines.  GMime gives the byte offset of every
 * header and part; the lines are counted here, in a second pass over the
 * same bytes that stays just behind the parser (re-read from the page
 * cache, or from memory), so nothing but two numbers is kept per input.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "errors.h"
#include "lines.h"
#include "pool.h"

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
	guint32 *ends;		/* after each newline before ends_upto */
	gsize n_ends;
	gint64 ends_upto;
	gsize ends_hint;	/* the last answer of ends_before() */
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

/*
 * Each message's line ends were a new array of some kilobytes, a large
 * malloc() right after GMime's many small free()s of the message before,
 * where glibc gathers its fast bins: 35 M instructions of the bench
 * subset's 1,920 M.  So arrays of up to ENDS_POOLED ends are kept for the
 * next message, in a pool the threads share (at most SL_POOL_SLOTS of
 * them: 1 MiB), each after a word of its room.
 */
#define ENDS_POOLED (32u << 10)
#define ENDS_LEAST 1024u	/* the room of an array taken anew */

struct ends_block {
	gsize cap;
	guint32 ends[];
};

static struct sl_pool ends_pool;

static struct ends_block *block_of(guint32 *ends)
{
	return (struct ends_block *)((char *)ends -
				     offsetof(struct ends_block, ends));
}

static guint32 *block_renew(struct ends_block *b, gsize cap)
{
	cap = MAX(cap, ENDS_LEAST);
	if (!b || b->cap < cap) {
		b = g_realloc(b, sizeof(*b) + cap * sizeof(guint32));
		b->cap = cap;
	}
	return b->ends;
}

guint32 *sl_line_ends_new(gsize cap)
{
	return block_renew(sl_pool_take(&ends_pool), cap);
}

guint32 *sl_line_ends_renew(guint32 *ends, gsize cap)
{
	return ends ? block_renew(block_of(ends), cap) : sl_line_ends_new(cap);
}

void sl_line_ends_free(guint32 *ends)
{
	struct ends_block *b;

	if (!ends)
		return;
	b = block_of(ends);
	if (b->cap > ENDS_POOLED || !sl_pool_put(&ends_pool, b))
		g_free(b);
}

void sl_lines_free(struct sl_lines *li)
{
	if (!li)
		return;
	g_free(li->chunk);
	sl_line_ends_free(li->ends);
	g_free(li);
}

void sl_lines_set_ends(struct sl_lines *li, guint32 *ends, gsize n,
		       gint64 upto)
{
	sl_line_ends_free(li->ends);
	li->ends = ends;
	li->n_ends = n;
	li->ends_upto = upto;
	li->ends_hint = 0;
}

/* How many of the ends in [@lo, @hi) are at or before @offset, plus @lo:
 * by bisection. */
static gsize ends_bisect(const struct sl_lines *li, gint64 offset, gsize lo,
			 gsize hi)
{
	while (lo < hi) {
		gsize mid = lo + (hi - lo) / 2;

		if ((gint64)li->ends[mid] <= offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * How many newlines come before @offset (at most ends_upto): the ends at
 * or before it.  The headers are asked for in order, a line or a few
 * apart, so from the last answer on when @offset is past it, a few ends
 * read side by side; else (or farther) by bisection, whose reads are far
 * apart in a long message's ends.  SECLINT_CHECK_DIGEST=1 proves each
 * answer against the bisection of them all.
 */
static unsigned ends_before(struct sl_lines *li, gint64 offset)
{
	gsize k = li->ends_hint, lo = 0, hi = li->n_ends;

	if (k <= li->n_ends && (!k || (gint64)li->ends[k - 1] <= offset)) {
		gsize stop = MIN(k + 8, li->n_ends);

		while (k < stop && (gint64)li->ends[k] <= offset)
			k++;
		lo = k;
		if (k < stop || k == li->n_ends)
			hi = k;	/* ends[k] is past @offset: found */
	}
	k = ends_bisect(li, offset, lo, hi);
	if (sl_check_digest() && k != ends_bisect(li, offset, 0, li->n_ends))
		g_error("seclint: the line of offset %" G_GINT64_FORMAT
			" from the last one differs from its bisection",
			offset);
	li->ends_hint = k;
	return (unsigned)k;
}

/* Eight bytes at a time: memchr() per line cost more than the lines. */
static unsigned bytes_count_words(const char *p, gsize n, char byte)
{
	const guint64 ones = 0x0101010101010101u, low7 = 0x7f7f7f7f7f7f7f7fu;
	unsigned count = 0;
	gsize i = 0;

	for (; i + 8 <= n; i += 8) {
		guint64 w;

		memcpy(&w, p + i, 8);
		w ^= ones * (guchar)byte;	/* @byte is now a zero byte */
		w = ~(((w & low7) + low7) | w | low7) >> 7;	/* 1 per zero */
		count += (unsigned)((w * ones) >> 56);	/* their sum */
	}
	for (; i < n; i++)
		count += p[i] == byte;
	return count;
}

#if defined(__GNUC__)
/*
 * Sixteen bytes at a time where the compiler has vectors (GCC and clang:
 * SSE2 on x86-64, NEON on ARM): a compare gives -1 per @byte, summed
 * per byte for up to 255 rounds, then across the bytes.  A quarter of an
 * instruction a byte, against nearly two for the words above.
 */
typedef unsigned char sl_v16 __attribute__((vector_size(16)));

/* The sum of the sixteen bytes of @v. */
static unsigned v16_sum(sl_v16 v)
{
	const guint64 even = 0x00ff00ff00ff00ffu;
	guint64 h[2], s;

	memcpy(h, &v, sizeof(h));
	s = (h[0] & even) + ((h[0] >> 8) & even) + (h[1] & even) +
	    ((h[1] >> 8) & even);	/* four 16-bit sums, each < 2^11 */
	return (unsigned)((s * 0x0001000100010001u) >> 48);
}

unsigned sl_bytes_count(const char *p, gsize n, char byte)
{
	const sl_v16 want = (sl_v16){ 0 } + (guchar)byte;
	unsigned count = 0;
	gsize i = 0;

	while (n - i >= 16) {
		/* Two vectors a round, 127 rounds at most: a byte of @sum
		 * counts up to 255. */
		gsize stop = i + MIN((n - i) & ~(gsize)31, 127 * 32);
		sl_v16 sum = { 0 }, v, w;

		for (; i < stop; i += 32) {
			memcpy(&v, p + i, 16);
			memcpy(&w, p + i + 16, 16);
			sum -= (sl_v16)(v == want);
			sum -= (sl_v16)(w == want);
		}
		if (n - i >= 16 && n - i < 32) {
			memcpy(&v, p + i, 16);
			sum -= (sl_v16)(v == want);
			i += 16;
		}
		count += v16_sum(sum);
	}
	return count + bytes_count_words(p + i, n - i, byte);
}
#else
unsigned sl_bytes_count(const char *p, gsize n, char byte)
{
	return bytes_count_words(p, n, byte);
}
#endif

unsigned sl_newlines(const char *p, gsize n)
{
	return sl_bytes_count(p, n, '\n');
}

/* Room for at least @more ends after the first @k; FALSE: more than
 * SL_LINE_ENDS_MOST would not fit. */
static gboolean ends_room(guint32 **ends, gsize *cap, gsize k, gsize more)
{
	if (*cap - k >= more)
		return TRUE;
	if (k + more > SL_LINE_ENDS_MOST + 64)
		return FALSE;
	*cap = MIN(MAX(*cap * 2, k + more), SL_LINE_ENDS_MOST + 64);
	*ends = sl_line_ends_renew(*ends, *cap);
	return TRUE;
}

guint32 *sl_line_ends(const char *p, gsize len, gsize *n)
{
	/* A line of 40 bytes on average, to start with. */
	gsize k = 0, i = 0, cap = MIN(len / 40 + 64, SL_LINE_ENDS_MOST + 64);
	guint32 *ends;

	*n = 0;
	if (!len || len > G_MAXUINT32)
		return NULL;
	ends = sl_line_ends_new(cap);
#ifdef __SSE2__
	/* A mask of the newlines among 64 bytes, taken a bit at a time: one
	 * pass, no call per line (memchr() a line took twice as long). */
	for (const __m128i nl = _mm_set1_epi8('\n'); i + 64 <= len; i += 64) {
		guint64 m = 0;

		for (int j = 3; j >= 0; j--)
			m = m << 16 | (guint16)_mm_movemask_epi8(_mm_cmpeq_epi8(
				_mm_loadu_si128((const __m128i *)(p + i +
								  16 * j)),
				nl));
		if (m && !ends_room(&ends, &cap, k, 64))
			goto too_many;
		for (; m; m &= m - 1)
			ends[k++] = (guint32)(i + (gsize)__builtin_ctzll(m) + 1);
	}
#endif
	for (const char *nl; i < len && (nl = memchr(p + i, '\n', len - i));
	     i = (gsize)(nl - p) + 1) {
		if (!ends_room(&ends, &cap, k, 1))
			goto too_many;
		ends[k++] = (guint32)(nl - p) + 1;
	}
	if (k > SL_LINE_ENDS_MOST)
		goto too_many;
	*n = k;
	return ends;
too_many:
	sl_line_ends_free(ends);
	return NULL;
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
	if (li->ends && offset <= li->ends_upto) {
		/* where the walk below would stop, without the walk */
		li->at = offset;
		li->line = li->first_line + ends_before(li, offset);
		return li->line;
	}
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
	if (li->ends && li->at < li->ends_upto) {
		/* past the known ends: count from the last */
		li->at = li->ends_upto;
		li->line = li->first_line + (unsigned)li->n_ends;
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
