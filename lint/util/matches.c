// SPDX-License-Identifier: GPL-2.0-only
/*
 * The matches of a regular expression in a text, one after the other, in
 * linear time.
 *
 * GLib 2.74's g_match_info_next() calls pcre2_match() without
 * PCRE2_NO_UTF_CHECK, so PCRE2 checks the UTF-8 of the whole rest of the
 * subject again for every match: a 2 MB patch with 50 000 space-indented
 * lines took 3.4 s in one rule, and a hostile 16 MiB body far longer.
 * Here the same pattern is compiled with PCRE2 itself, with the options
 * GLib gives it (UTF, UCP, newline ANY, \R any Unicode newline), the text
 * is checked once, and every match after that skips the check.  An empty
 * match moves on by one character, as g_match_info_next() does.
 *
 * Each pattern is compiled once for the process (lint/util/pattern-cache.c)
 * and matched by every thread: PCRE2 only reads a compiled pattern while
 * matching.  A pattern that has been run over 1 KiB of text is compiled
 * again by PCRE2's JIT, which matches 20 times faster than its interpreter
 * on the rules' long alternations (1,000 cycles a byte, against 50): the
 * JIT's 250 000 instructions for a pattern are paid back in a few KiB,
 * and one message of 40 KB, as addressed, runs no pattern over 1 KiB.
 * The JIT compiles a copy, published when done, as pcre2_jit_compile()
 * must not run on a pattern another thread is matching with, and its
 * matches are made by pcre2_jit_match(), without pcre2_match()'s checks.
 * The JIT stack grows to 4 MiB, and a match that still runs out of it is
 * done again by the interpreter, so no match fails silently.
 *
 * A rule may look for a pattern in each of 10 000 short lines: matchers,
 * with their match data (which keeps PCRE2's backtracking frames) and JIT
 * stack, are reused from a pool (lint/util/pool.c), not made for each
 * search.  Valgrind cannot follow JIT code (it reads whole words past the
 * subject), so SECLINT_REGEX_JIT=0 in the environment turns it off for
 * its tests.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdatomic.h>
#include <string.h>
#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#endif

#include "env-flag.h"
#include "matches.h"
#include "pattern-cache.h"
#include "pool.h"

struct code {
	pcre2_code *code;		/* never changed once compiled */
	uint32_t groups;		/* capture groups, and the match */
	atomic_size_t used;		/* bytes of text matched so far */
	atomic_bool jit_tried;
	_Atomic(pcre2_code *) jit;	/* a copy compiled by the JIT */
};

/* Match data for this many groups stays with a pooled matcher; a pattern
 * with more captures gets its own (none of seclint's has). */
#define POOL_GROUPS 16

struct sl_matches {
	const char *text;
	size_t len, pos;
	const struct code *code;	/* the cache's */
	const pcre2_code *re;		/* code->code, or its JIT copy */
	pcre2_match_data *data;		/* pooled or wide */
	uint32_t options;		/* for pcre2_match() */
	int rc;				/* of the last match */
	gboolean raw;			/* bytes, not UTF-8 */
	gboolean found;
	pcre2_match_data *pooled;	/* POOL_GROUPS groups, kept */
	pcre2_match_data *wide;		/* for this pattern only */
	struct jit_scratch *jit;	/* made at the first JIT match, kept */
};

/* Match data that served a text this long may hold large backtracking
 * frames: it is not kept. */
#define KEEP_AFTER (64 * 1024)

static const struct {
	GRegexCompileFlags glib;
	uint32_t pcre2;
} compile_options[] = {
	{ G_REGEX_CASELESS, PCRE2_CASELESS },
	{ G_REGEX_MULTILINE, PCRE2_MULTILINE },
	{ G_REGEX_DOTALL, PCRE2_DOTALL },
	{ G_REGEX_EXTENDED, PCRE2_EXTENDED },
	{ G_REGEX_ANCHORED, PCRE2_ANCHORED },
	{ G_REGEX_DOLLAR_ENDONLY, PCRE2_DOLLAR_ENDONLY },
	{ G_REGEX_UNGREEDY, PCRE2_UNGREEDY },
	{ G_REGEX_NO_AUTO_CAPTURE, PCRE2_NO_AUTO_CAPTURE },
	{ G_REGEX_FIRSTLINE, PCRE2_FIRSTLINE },
	{ G_REGEX_DUPNAMES, PCRE2_DUPNAMES },
};

static const struct {
	GRegexMatchFlags glib;
	uint32_t pcre2;
} match_options[] = {
	{ G_REGEX_MATCH_ANCHORED, PCRE2_ANCHORED },
	{ G_REGEX_MATCH_NOTBOL, PCRE2_NOTBOL },
	{ G_REGEX_MATCH_NOTEOL, PCRE2_NOTEOL },
	{ G_REGEX_MATCH_NOTEMPTY, PCRE2_NOTEMPTY },
	{ G_REGEX_MATCH_NOTEMPTY_ATSTART, PCRE2_NOTEMPTY_ATSTART },
};

/* The newline conventions GLib knows; anything else is refused. */
static gboolean newline_of(GRegexCompileFlags cflags, uint32_t *newline)
{
	switch (cflags & (G_REGEX_NEWLINE_CR | G_REGEX_NEWLINE_LF |
			  G_REGEX_NEWLINE_ANYCRLF)) {
	case 0:
		*newline = PCRE2_NEWLINE_ANY;
		return TRUE;
	case G_REGEX_NEWLINE_CR:
		*newline = PCRE2_NEWLINE_CR;
		return TRUE;
	case G_REGEX_NEWLINE_LF:
		*newline = PCRE2_NEWLINE_LF;
		return TRUE;
	case G_REGEX_NEWLINE_CRLF:
		*newline = PCRE2_NEWLINE_CRLF;
		return TRUE;
	case G_REGEX_NEWLINE_ANYCRLF:
		*newline = PCRE2_NEWLINE_ANYCRLF;
		return TRUE;
	default:
		return FALSE;
	}
}

static pcre2_code *compile(const char *pattern, GRegexCompileFlags cflags)
{
	uint32_t options = cflags & G_REGEX_RAW ? 0 : PCRE2_UTF | PCRE2_UCP;
	uint32_t newline;
	pcre2_compile_context *cc;
	pcre2_code *code;
	PCRE2_SIZE offset;
	int err;

	if (!newline_of(cflags, &newline))
		return NULL;	/* not used by seclint: not mirrored */
	for (size_t i = 0; i < G_N_ELEMENTS(compile_options); i++)
		if (cflags & compile_options[i].glib)
			options |= compile_options[i].pcre2;
	cc = pcre2_compile_context_create(NULL);
	pcre2_set_newline(cc, newline);
	pcre2_set_bsr(cc, cflags & G_REGEX_BSR_ANYCRLF ? PCRE2_BSR_ANYCRLF
						       : PCRE2_BSR_UNICODE);
	code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
			     options, &err, &offset, cc);
	pcre2_compile_context_free(cc);
	return code;
}

static gpointer compile_code(const char *pattern, guint64 cflags,
			     GError **error)
{
	pcre2_code *compiled = compile(pattern, (GRegexCompileFlags)cflags);
	struct code *code;

	(void)error;	/* the callers say what failed */
	if (!compiled)
		return NULL;
	code = g_new0(struct code, 1);
	code->code = compiled;
	pcre2_pattern_info(compiled, PCRE2_INFO_CAPTURECOUNT, &code->groups);
	code->groups++;
	return code;
}

static struct sl_pattern_cache codes = { .compile = compile_code };

/* The compiled @pattern, or NULL if it does not compile. */
static struct code *code_for(const char *pattern, GRegexCompileFlags cflags)
{
	return sl_pattern_cache_get(&codes, pattern, (guint)cflags, NULL);
}

#define JIT_AFTER 1024

static gboolean jit_allowed(void)
{
	static gsize off;

	return !sl_env_flag(&off, "SECLINT_REGEX_JIT", "0");
}

/* A JIT match's context, with its stack: one for each match running. */
struct jit_scratch {
	pcre2_match_context *context;
	pcre2_jit_stack *stack;
};

static struct jit_scratch *jit_scratch_new(void)
{
	struct jit_scratch *j = g_new(struct jit_scratch, 1);

	j->stack = pcre2_jit_stack_create(32 * 1024, 4 * 1024 * 1024, NULL);
	j->context = pcre2_match_context_create(NULL);
	pcre2_jit_stack_assign(j->context, NULL, j->stack);
	return j;
}

static void jit_scratch_free(struct jit_scratch *j)
{
	if (!j)
		return;
	pcre2_match_context_free(j->context);
	pcre2_jit_stack_free(j->stack);
	g_free(j);
}

/*
 * Count @len more bytes for @c, and compile it by the JIT when due: one
 * thread compiles a copy and publishes it; until then, and if the JIT
 * fails, the interpreter matches.
 */
static void use_code(struct code *c, size_t len)
{
	pcre2_code *copy;

	if (!jit_allowed() ||
	    atomic_load_explicit(&c->jit_tried, memory_order_relaxed) ||
	    atomic_fetch_add_explicit(&c->used, len, memory_order_relaxed) +
			    len < JIT_AFTER ||
	    atomic_exchange_explicit(&c->jit_tried, TRUE,
				     memory_order_relaxed))
		return;
	copy = pcre2_code_copy(c->code);
	if (copy && pcre2_jit_compile(copy, PCRE2_JIT_COMPLETE) == 0) {
		atomic_store_explicit(&c->jit, copy, memory_order_release);
		return;
	}
	pcre2_code_free(copy);	/* no JIT here: do not retry */
}

/* The eight bytes at @p, as one word. */
static inline guint64 word_at(const guchar *p)
{
	guint64 w;

	memcpy(&w, p, 8);
	return w;
}

#define HIGH_BITS G_GUINT64_CONSTANT(0x8080808080808080)

/*
 * The length of the valid UTF-8 character that starts with the byte
 * @p[0] >= 0x80, or 0 if it is not one (or ends past @end): the well-formed
 * sequences of Unicode's table 3-7, which are what
 * g_utf8_get_char_validated() and PCRE2 accept (no overlong form, no
 * surrogate, nothing past U+10FFFF; noncharacters are characters).
 */
static inline gsize utf8_char(const guchar *p, const guchar *end)
{
	guchar lo = 0x80, hi = 0xBF;
	gsize n;

	if (*p < 0xC2)
		return 0;
	if (*p < 0xE0) {
		n = 2;
	} else if (*p < 0xF0) {
		n = 3;
		if (*p == 0xE0)
			lo = 0xA0;
		else if (*p == 0xED)
			hi = 0x9F;
	} else if (*p < 0xF5) {
		n = 4;
		if (*p == 0xF0)
			lo = 0x90;
		else if (*p == 0xF4)
			hi = 0x8F;
	} else {
		return 0;
	}
	if ((gsize)(end - p) < n || p[1] < lo || p[1] > hi)
		return 0;
	for (gsize i = 2; i < n; i++)
		if ((p[i] & 0xC0) != 0x80)
			return 0;
	return n;
}

/*
 * g_utf8_validate_len() without its stop at a NUL byte (PCRE2 takes NUL
 * as a character), and fast on ASCII: mail is mostly ASCII, and every
 * text is checked once per pattern run over it (a million times on an
 * mbox).  Runs of ASCII are skipped 32 bytes at a time, then a word at a
 * time; each other character is checked in place.
 */
gboolean sl_utf8_valid(const char *text, size_t len)
{
	const guchar *p = (const guchar *)text, *end = p + len;

	for (;;) {
		gsize n;

		while (end - p >= 32 &&
		       !((word_at(p) | word_at(p + 8) | word_at(p + 16) |
			  word_at(p + 24)) & HIGH_BITS))
			p += 32;
		while (end - p >= 8 && !(word_at(p) & HIGH_BITS))
			p += 8;
		while (p < end && *p < 0x80)
			p++;
		if (p == end)
			return TRUE;
		n = utf8_char(p, end);
		if (!n)
			return FALSE;
		p += n;
	}
}

#if defined(__SSE2__) && defined(__GNUC__)
/* 64 bytes of ASCII without a NUL byte at @p: four vectors at once (a
 * body is checked whole, most of it such runs). */
static inline gboolean ascii_64(const char *p)
{
	__m128i a = _mm_loadu_si128((const __m128i *)(const void *)p);
	__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(p + 16));
	__m128i c = _mm_loadu_si128((const __m128i *)(const void *)(p + 32));
	__m128i d = _mm_loadu_si128((const __m128i *)(const void *)(p + 48));
	__m128i any = _mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d));
	__m128i low = _mm_min_epu8(_mm_min_epu8(a, b), _mm_min_epu8(c, d));

	return !_mm_movemask_epi8(
		_mm_or_si128(any, _mm_cmpeq_epi8(low, _mm_setzero_si128())));
}

/* The first byte from @p on that is not ASCII or is NUL, or @end: found
 * in place by 16 bytes at a time, so text with a character that is not
 * ASCII every few bytes pays a vector, not a word, a byte at a time. */
static inline const char *ascii_end(const char *p, const char *end)
{
	while (end - p >= 64 && ascii_64(p))
		p += 64;
	while (end - p >= 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
		int m = _mm_movemask_epi8(
			_mm_or_si128(v, _mm_cmpeq_epi8(v, _mm_setzero_si128())));

		if (m)
			return p + __builtin_ctz((unsigned)m);
		p += 16;
	}
	while (p < end && *p && !(*p & 0x80))
		p++;
	return p;
}

/* How many bytes from @p on are valid UTF-8 without a NUL byte.  The
 * characters that are not ASCII come in runs (a name, a line of CJK or
 * of box drawing): a run is read in place, without a vector test before
 * each of its characters. */
static gsize valid_run(const char *p, const char *end)
{
	const char *start = p;

	for (;;) {
		p = ascii_end(p, end);
		while (p < end && (*p & 0x80)) {
			gsize n = utf8_char((const guchar *)p,
					    (const guchar *)end);

			if (!n)
				return (gsize)(p - start);
			p += n;
		}
		if (p == end || !*p)
			return (gsize)(p - start);
	}
}
#else
/* @words eight-byte words of ASCII without a NUL byte, tested at once
 * (four of them: 32 bytes, most of a patch). */
static inline gboolean ascii_words(const char *p, int words)
{
	const guint64 ones = G_GUINT64_CONSTANT(0x0101010101010101);
	const guint64 high = G_GUINT64_CONSTANT(0x8080808080808080);
	guint64 w, any = 0, zero = 0;

	for (int i = 0; i < words; i++) {
		memcpy(&w, p + 8 * i, 8);
		any |= w;
		zero |= (w - ones) & ~w;	/* high bit set under a 0 */
	}
	return !((any | zero) & high);
}

/* How many bytes from @p on are valid UTF-8 without a NUL byte. */
static gsize valid_run(const char *p, const char *end)
{
	const char *start = p;

	while (p < end) {
		gsize n;

		if (end - p >= 32 && ascii_words(p, 4)) {
			p += 32;
			continue;
		}
		if (end - p >= 8 && ascii_words(p, 1)) {
			p += 8;
			continue;
		}
		if (!*p)
			break;
		if (!(*p & 0x80)) {
			p++;
			continue;
		}
		n = utf8_char((const guchar *)p, (const guchar *)end);
		if (!n)
			break;
		p += n;
	}
	return (gsize)(p - start);
}
#endif

/*
 * g_utf8_make_valid() on the end of @s, from byte @from, in place: each
 * byte that is not part of a valid character (and each NUL byte) becomes
 * U+FFFD.  The text is counted first, then shifted right by what it grows
 * and copied back over itself, so a large body is never held twice.
 */
void sl_utf8_make_valid_tail(GString *s, gsize from)
{
	static const char replacement[] = "\xef\xbf\xbd";
	gsize len = s->len - from, bad = 0, n;
	const char *src, *end;
	char *dst;

	for (src = s->str + from, end = src + len; src < end; src += n) {
		n = valid_run(src, end);
		if (!n) {
			bad++;
			n = 1;
		}
	}
	if (!bad)
		return;
	g_string_set_size(s, s->len + 2 * bad);
	memmove(s->str + from + 2 * bad, s->str + from, len);
	dst = s->str + from;
	for (src = dst + 2 * bad, end = src + len; src < end; src += n) {
		n = valid_run(src, end);
		if (n) {
			memmove(dst, src, n);
			dst += n;
			continue;
		}
		memcpy(dst, replacement, 3);
		dst += 3;
		n = 1;
	}
	g_assert(dst == s->str + s->len);
}

gsize sl_utf8_back(const char *text, gsize at, gsize n)
{
	gsize from = at > n ? at - n : 0;

	while (from < at && (text[from] & 0xC0) == 0x80)
		from++;
	return from;
}

static struct sl_pool matchers;

static sl_matches *matcher_take(void)
{
	sl_matches *m = sl_pool_take(&matchers);

	if (!m) {
		m = g_new0(sl_matches, 1);
		m->pooled = pcre2_match_data_create(POOL_GROUPS, NULL);
	}
	return m;
}

static void matcher_free(sl_matches *m)
{
	jit_scratch_free(m->jit);
	pcre2_match_data_free(m->pooled);
	g_free(m);
}

/* @valid: the caller has found @text valid UTF-8. */
static sl_matches *matches_new(struct code *code, GRegexCompileFlags cflags,
			       const char *text, gssize len,
			       GRegexMatchFlags mflags, gboolean valid)
{
	sl_matches *m = matcher_take();

	m->text = text;
	m->len = len < 0 ? strlen(text) : (size_t)len;
	m->pos = 0;
	m->code = code;
	m->re = NULL;
	m->data = NULL;
	m->options = 0;
	m->rc = 0;
	m->raw = (cflags & G_REGEX_RAW) != 0;
	m->found = FALSE;
	/* A pattern GLib would not match (or one this file does not mirror)
	 * has no matches; so has a text that is not UTF-8, as with GLib. */
	if (!m->code || (!m->raw && !valid && !sl_utf8_valid(text, m->len))) {
		m->pos = m->len + 1;
		return m;
	}
	for (size_t i = 0; i < G_N_ELEMENTS(match_options); i++)
		if (mflags & match_options[i].glib)
			m->options |= match_options[i].pcre2;
	m->options |= PCRE2_NO_UTF_CHECK;
	if (code->groups <= POOL_GROUPS) {
		m->data = m->pooled;
	} else {
		m->wide = pcre2_match_data_create(code->groups, NULL);
		m->data = m->wide;
	}
	use_code(code, m->len);
	/* pcre2_jit_match() would ignore PCRE2_ANCHORED: the interpreter
	 * honours it. */
	if (!(m->options & PCRE2_ANCHORED))
		m->re = atomic_load_explicit(&code->jit, memory_order_acquire);
	if (!m->re)
		m->re = code->code;
	if (m->re != code->code && !m->jit)
		m->jit = jit_scratch_new();
	return m;
}

sl_matches *sl_matches_new(const GRegex *re, const char *text, gssize len,
			   GRegexMatchFlags mflags)
{
	GRegexCompileFlags cflags = g_regex_get_compile_flags(re);

	return matches_new(code_for(g_regex_get_pattern(re), cflags), cflags,
			   text, len, mflags | g_regex_get_match_flags(re),
			   FALSE);
}

/* Matches of a pattern, without a GRegex (which would compile it again):
 * NULL if @pattern does not compile. */
sl_matches *sl_matches_of(const char *pattern, GRegexCompileFlags cflags,
			  const char *text, gssize len,
			  GRegexMatchFlags mflags)
{
	struct code *code = code_for(pattern, cflags & ~G_REGEX_OPTIMIZE);

	return code ? matches_new(code, cflags, text, len, mflags, FALSE)
		    : NULL;
}

/* The same for a fixed pattern: an invalid one is a bug, so asserted. */
sl_matches *sl_matches_fixed(const char *pattern, GRegexCompileFlags cflags,
			     const char *text, gssize len)
{
	sl_matches *m = sl_matches_of(pattern, cflags, text, len, 0);

	g_assert(m);
	return m;
}

/* sl_matches_fixed() of a text found valid UTF-8 already. */
sl_matches *sl_matches_fixed_valid(const char *pattern,
				   GRegexCompileFlags cflags,
				   const char *text, gsize len)
{
	struct code *code = code_for(pattern, cflags & ~G_REGEX_OPTIMIZE);

	g_assert(code);
	return matches_new(code, cflags, text, (gssize)len, 0, TRUE);
}

/* Where the search goes on after the current match. */
static size_t next_start(const sl_matches *m)
{
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(m->data);

	if (ov[1] != ov[0])
		return ov[1];
	if (ov[1] >= m->len)
		return m->len + 1;	/* an empty match at the end: done */
	if (m->raw)
		return ov[1] + 1;
	return (size_t)(g_utf8_next_char(m->text + ov[1]) - m->text);
}

gboolean sl_matches_next(sl_matches *m)
{
	int rc;

	if (m->found)
		m->pos = next_start(m);
	m->found = FALSE;
	if (m->pos > m->len)
		return FALSE;
	if (m->re != m->code->code) {
		rc = pcre2_jit_match(m->re, (PCRE2_SPTR)m->text, m->len,
				     m->pos, m->options, m->data,
				     m->jit->context);
	} else {
		rc = pcre2_match(m->re, (PCRE2_SPTR)m->text, m->len, m->pos,
				 m->options, m->data, NULL);
	}
	if (rc == PCRE2_ERROR_JIT_STACKLIMIT)
		rc = pcre2_match(m->re, (PCRE2_SPTR)m->text, m->len, m->pos,
				 m->options | PCRE2_NO_JIT, m->data, NULL);
	if (rc < 0) {
		m->pos = m->len + 1;
		return FALSE;
	}
	m->rc = rc;
	m->found = TRUE;
	return TRUE;
}

gboolean sl_matches_next_at(sl_matches *m, gsize at)
{
	if (!m->re)
		return FALSE;	/* no pattern, or no UTF-8: no match */
	m->pos = at;
	m->found = FALSE;
	return sl_matches_next(m);
}

gboolean sl_matches_fetch_pos(const sl_matches *m, int group, int *start,
			      int *end)
{
	PCRE2_SIZE *ov;

	if (!m->found || group < 0 || (uint32_t)group >= m->code->groups)
		return FALSE;
	ov = pcre2_get_ovector_pointer(m->data);
	/* The data may have more pairs than the pattern has groups: those
	 * past the last group set are not written by PCRE2. */
	if (group >= m->rc || ov[2 * group] == PCRE2_UNSET) {
		*start = *end = -1;	/* as g_match_info_fetch_pos() */
		return TRUE;
	}
	*start = (int)ov[2 * group];
	*end = (int)ov[2 * group + 1];
	return TRUE;
}

char *sl_matches_fetch(const sl_matches *m, int group)
{
	int s = 0, e = 0;

	if (!sl_matches_fetch_pos(m, group, &s, &e))
		return NULL;
	return s < 0 ? g_strdup("") : g_strndup(m->text + s, e - s);
}

char *sl_matches_fetch_named(const sl_matches *m, const char *name)
{
	int group = m->code ? pcre2_substring_number_from_name(
				      m->code->code, (PCRE2_SPTR)name) : -1;

	return group < 0 ? NULL : sl_matches_fetch(m, group);
}

void sl_matches_free(sl_matches *m)
{
	if (!m)
		return;
	g_clear_pointer(&m->wide, pcre2_match_data_free);
	if (m->data == m->pooled && m->len > KEEP_AFTER) {
		pcre2_match_data_free(m->pooled);
		m->pooled = pcre2_match_data_create(POOL_GROUPS, NULL);
	}
	/* No text is kept in the pool. */
	m->text = NULL;
	m->code = NULL;
	if (!sl_pool_put(&matchers, m))
		matcher_free(m);
}

/* g_regex_replace_literal() of every match of @re in @text by @with. */
char *sl_regex_replace_all(const GRegex *re, const char *text,
			   const char *with)
{
	g_autoptr(sl_matches) m = sl_matches_new(re, text, -1, 0);
	GString *out = g_string_sized_new(strlen(text));
	size_t done = 0;
	int s = 0, e = 0;

	while (sl_matches_next(m)) {
		sl_matches_fetch_pos(m, 0, &s, &e);
		g_string_append_len(out, text + done, (gssize)((size_t)s - done));
		g_string_append(out, with);
		done = (size_t)e;
	}
	g_string_append(out, text + done);
	return g_string_free(out, FALSE);
}

/* The pieces of @text between the matches of @re (which must not match
 * the empty string nor capture), as g_regex_split() gives them. */
char **sl_regex_split_all(const GRegex *re, const char *text)
{
	g_autoptr(sl_matches) m = sl_matches_new(re, text, -1, 0);
	GPtrArray *out = g_ptr_array_new();
	size_t done = 0;
	int s = 0, e = 0;

	while (sl_matches_next(m)) {
		sl_matches_fetch_pos(m, 0, &s, &e);
		if (e == s)
			continue;
		g_ptr_array_add(out, g_strndup(text + done, (size_t)s - done));
		done = (size_t)e;
	}
	if (*text)
		g_ptr_array_add(out, g_strdup(text + done));
	g_ptr_array_add(out, NULL);
	return (char **)g_ptr_array_free(out, FALSE);
}

/* g_regex_match(@re, @text, @mflags, NULL), by the same engine as above. */
gboolean sl_regex_matches(const GRegex *re, const char *text,
			  GRegexMatchFlags mflags)
{
	g_autoptr(sl_matches) m = sl_matches_new(re, text, -1, mflags);

	return sl_matches_next(m);
}
