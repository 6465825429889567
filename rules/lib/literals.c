// SPDX-License-Identifier: GPL-2.0-only
/*
 * Cheap tests before a pattern (rules/lib/literals.h): the literals a
 * pattern's every match contains, and guards of first bytes, bytes and
 * strings, so that the pattern runs only on texts that may match it.
 *
 * A pattern that opens with \b or with a caseless alternation of words
 * has no byte PCRE2 can look for first, so it is tried at nearly every
 * byte: some 50 instructions a byte for the hardware words on each body.
 * Here each literal waits for the rarest pair of bytes in it, a table
 * look-up a byte and a second one for the byte after a first of a pair (a
 * fifth of them), some 11 instructions a byte in all; only where both are
 * is the literal compared around them, as PCRE2 would compare it
 * caselessly (the long s and the Kelvin sign included).  A text without
 * any of them cannot match, and the pattern is not run.
 *
 * A rule that tries a pattern on each of 40 000 lines paid PCRE2's setup
 * on each, and a pattern with a "^" branch among others has no start set
 * for PCRE2 (it is tried at every byte): a guard's byte tests turn most
 * lines away first.  No test may turn away a text the pattern matches,
 * which SECLINT_CHECK_LITERALS=1 checks.
 */
#include <string.h>

#include "env-flag.h"
#include "literals.h"
#include "regex-cache.h"

/* More than the longest list a pattern needs. */
#define MAX_LITERALS 64

struct literal {
	const guchar *s;	/* lower case, after any "\\b" */
	gsize len;
	gsize anchor;		/* where its rarest pair of bytes starts */
	gboolean word;		/* only at the start of a word */
	guint8 next;		/* 1 + the next literal on the same byte */
};

/*
 * How common each byte a literal may hold is in mail (a mix of patches
 * and prose, lower case counting both cases), from 1, the space, up; a
 * byte not listed is rarer still.  "s" and "k" have a second form outside
 * ASCII, so are never waited for.
 */
static const guint8 commonness[128] = {
	[' '] = 1, ['e'] = 2, ['t'] = 3, ['i'] = 4, ['r'] = 5, ['a'] = 6,
	['o'] = 7, ['n'] = 8, ['c'] = 9, ['l'] = 10, ['d'] = 11, ['m'] = 12,
	['u'] = 13, ['g'] = 14, ['-'] = 15, ['p'] = 16, ['0'] = 17,
	['f'] = 18, ['.'] = 19, ['b'] = 20, ['h'] = 21, ['v'] = 22,
	['_'] = 23, ['1'] = 24, ['2'] = 25, ['x'] = 26, ['y'] = 27,
	['w'] = 28, [':'] = 29, ['+'] = 30, ['='] = 31, ['6'] = 32,
	['3'] = 33, ['/'] = 34, ['4'] = 35, ['5'] = 36, [','] = 37,
	[';'] = 38, ['7'] = 39, ['('] = 40, ['j'] = 41, [')'] = 42,
	['8'] = 43, ['>'] = 44, ['z'] = 45, ['9'] = 46, ['q'] = 47,
	['@'] = 48, ['"'] = 49, ['<'] = 50, ['['] = 51, [']'] = 52,
	['*'] = 53, ['\''] = 54, ['#'] = 55, ['?'] = 56,
};

/* The higher, the rarer; -1: never waited for. */
static int rarity(guchar c)
{
	if (c == 's' || c == 'k' || c >= 0x80)
		return -1;
	return commonness[c] ? commonness[c] : 57;
}

/* An ASCII upper-case letter made lower case; any other byte as it is
 * (g_ascii_tolower() is a call: a third of the time, once). */
static inline guchar fold(guchar c)
{
	return (guchar)(c | ((guchar)(c - 'A') < 26 ? 0x20 : 0));
}

/* The bytes of the character at @t that the literal's @c matches, or 0. */
static gsize match_at(const guchar *t, const guchar *end, guchar c)
{
	if (t < end && fold(*t) == c)
		return 1;
	if (c == 's' && end - t >= 2 && t[0] == 0xC5 && t[1] == 0xBF)
		return 2;	/* U+017F LATIN SMALL LETTER LONG S */
	if (c == 'k' && end - t >= 3 && t[0] == 0xE2 && t[1] == 0x84 &&
	    t[2] == 0xAA)
		return 3;	/* U+212A KELVIN SIGN */
	return 0;
}

/* The same for the character that ends right before @t. */
static gsize match_before(const guchar *start, const guchar *t, guchar c)
{
	if (t > start && fold(t[-1]) == c)
		return 1;
	if (c == 's' && t - start >= 2 && t[-2] == 0xC5 && t[-1] == 0xBF)
		return 2;
	if (c == 'k' && t - start >= 3 && t[-3] == 0xE2 && t[-2] == 0x84 &&
	    t[-1] == 0xAA)
		return 3;
	return 0;
}

static gboolean ascii_word(guchar c)
{
	return g_ascii_isalnum(c) || c == '_';
}

/* Is @l in [@start, @end) with its anchor at @at? */
static gboolean found_at(const struct literal *l, const guchar *start,
			 const guchar *end, const guchar *at)
{
	const guchar *p = at;
	gsize n;

	for (gsize i = l->anchor; i < l->len; i++, p += n)
		if (!(n = match_at(p, end, l->s[i])))
			return FALSE;
	p = at;
	for (gsize i = l->anchor; i-- > 0; p -= n)
		if (!(n = match_before(start, p, l->s[i])))
			return FALSE;
	return !l->word || p == start || !ascii_word(p[-1]);
}

/* @l read from @text; FALSE if it has no byte to wait for.  The anchor
 * is the rarest byte with the one after it (which may be "s" or "k"). */
static gboolean literal_init(struct literal *l, const char *text)
{
	int best = -1;

	l->word = text[0] == '\\' && text[1] == 'b';
	l->s = (const guchar *)text + (l->word ? 2 : 0);
	l->len = strlen((const char *)l->s);
	l->next = 0;
	for (gsize i = 0; i < l->len; i++) {
		int r = rarity(l->s[i]);

		if (g_ascii_isupper(l->s[i]) || l->s[i] >= 0x80)
			return FALSE;	/* would never be found */
		if (r < 0)
			continue;
		/* the first byte counts twice: it is what is waited for */
		r *= 2;
		if (i + 1 < l->len)
			r += MAX(rarity(l->s[i + 1]), 6);
		if (r > best) {
			best = r;
			l->anchor = i;
		}
	}
	return best >= 0;
}

/* Let byte @b follow the anchor byte of slot @slot. */
static void allow_after(guint32 after[][8], int slot, guchar b)
{
	after[slot][b >> 5] |= 1u << (b & 31);
}

gboolean sl_literals_found(const char *text, const char *const *literals)
{
	struct literal lit[MAX_LITERALS];
	guint8 head[256] = { 0 };	/* 1 + the first literal on a byte */
	/* the bytes that may follow an anchor byte, by its first literal */
	guint32 after[MAX_LITERALS][8];
	const guchar *start = (const guchar *)text;
	const guchar *end = start + strlen(text);
	int n = 0;

	for (; literals[n]; n++) {
		const struct literal *l = &lit[n];
		guchar c;

		/* A literal that cannot be waited for is always "maybe". */
		if (n == MAX_LITERALS || !literal_init(&lit[n], literals[n]))
			return TRUE;
		c = l->s[l->anchor];
		/* the newest literal on a byte heads its chain and holds
		 * what may follow the byte for all of them */
		if (head[c])
			memcpy(after[n], after[head[c] - 1], sizeof(after[n]));
		else
			memset(after[n], 0, sizeof(after[n]));
		lit[n].next = head[c];
		head[c] = (guint8)(n + 1);
		head[c >= 'a' && c <= 'z' ? c - 0x20 : c] = (guint8)(n + 1);
		if (l->anchor + 1 == l->len) {
			memset(after[n], 0xff, sizeof(after[n]));
			continue;
		}
		c = l->s[l->anchor + 1];
		allow_after(after, n, c);
		allow_after(after, n, c >= 'a' && c <= 'z' ? c - 0x20 : c);
		if (c == 's')
			allow_after(after, n, 0xC5);	/* U+017F */
		if (c == 'k')
			allow_after(after, n, 0xE2);	/* U+212A */
	}
	for (const guchar *p = start; p < end; p++) {
		int first;

		while (p < end && !head[*p])
			p++;
		if (p == end)
			break;
		first = head[*p];
		/* p[1] is at most the text's NUL */
		if (!(after[first - 1][p[1] >> 5] & (1u << (p[1] & 31))))
			continue;
		for (int i = first; i; i = lit[i - 1].next)
			if (found_at(&lit[i - 1], start, end, p))
				return TRUE;
	}
	return FALSE;
}

/* ASCII white space, all of which \s matches. */
static const char ascii_space[] = " \t\n\v\f\r";

static gboolean has_any(const char *text, const char *const *needles)
{
	for (; *needles; needles++)
		if (strstr(text, *needles))
			return TRUE;
	return FALSE;
}

static gboolean starts_right(const struct sl_guard *g, const char *text)
{
	const char *p = text;

	if (g->space) {
		p += strspn(p, ascii_space);
		if ((guchar)*p >= 0x80)
			return TRUE;	/* perhaps a Unicode space */
	}
	return *p && strchr(g->first, *p);
}

gboolean sl_guard_passes(const struct sl_guard *g, const char *text)
{
	if (!g->first && !g->bytes && !g->has && !g->may)
		return TRUE;
	return (g->first && starts_right(g, text)) ||
	       (g->bytes && text[strcspn(text, g->bytes)]) ||
	       (g->has && (g->caseless ? sl_literals_found(text, g->has)
				       : has_any(text, g->has))) ||
	       (g->may && g->may(text));
}

/* SECLINT_CHECK_LITERALS=1: prove every "cannot match" by matching. */
static gboolean checking(void)
{
	static gsize once;

	return sl_env_flag(&once, "SECLINT_CHECK_LITERALS", "1");
}

gboolean sl_regex_cannot_match(const char *pattern, GRegexCompileFlags flags,
			       const char *text)
{
	if (checking() && sl_regex_test(pattern, flags, text))
		g_error("seclint: '%s' was ruled out, yet matches: %s",
			pattern, text);
	return TRUE;
}

gboolean sl_guard_admits(const char *pattern, GRegexCompileFlags flags,
			 const struct sl_guard *g, const char *text)
{
	return sl_guard_passes(g, text) ||
	       !sl_regex_cannot_match(pattern, flags, text);
}

gboolean sl_guarded_test(const char *pattern, GRegexCompileFlags flags,
			 const struct sl_guard *g, const char *text)
{
	return sl_guard_admits(pattern, flags, g, text) &&
	       sl_regex_test(pattern, flags, text);
}

unsigned sl_guarded_count(const char *pattern, GRegexCompileFlags flags,
			  const struct sl_guard *g, const char *text)
{
	return sl_guard_admits(pattern, flags, g, text)
		       ? sl_regex_count(pattern, flags, text) : 0;
}

gboolean sl_regex_ruled_out(const char *pattern, GRegexCompileFlags flags,
			    const char *const *needs, const char *text)
{
	const struct sl_guard g = { .has = needs, .caseless = TRUE };

	return !sl_guard_admits(pattern, flags, &g, text);
}
