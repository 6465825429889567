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

/*
 * A list of literals made ready to wait for.  Building it was a fifth of
 * this test's cost, asked some ten times a message of the same few dozen
 * lists, so each thread keeps the sets it built, found again by the
 * list's address and compared with a copy of its strings (a list on the
 * stack may reuse an address with other words).
 */
struct literal_set {
	int n;			/* literals; -1: one is always "maybe" */
	struct literal lit[MAX_LITERALS];
	guint8 head[256];	/* 1 + the first literal on a byte */
	/* the bytes that may follow an anchor byte, by its first literal */
	guint32 after[MAX_LITERALS][8];
	char anchors[17];	/* head's bytes, for strcspn(), if few */
	gboolean few;		/* anchors holds them all */
	gsize size;
	char words[];		/* the literals, each with its NUL */
};

static gboolean set_is(const struct literal_set *set,
		       const char *const *literals)
{
	const char *w = set->words;

	for (; *literals; literals++) {
		gsize n = strlen(*literals) + 1;

		if ((gsize)(w - set->words) + n > set->size ||
		    memcmp(w, *literals, n))
			return FALSE;
		w += n;
	}
	return (gsize)(w - set->words) == set->size;
}

static void set_add(struct literal_set *set, int n)
{
	const struct literal *l = &set->lit[n];
	guint32 (*after)[8] = set->after;
	guint8 *head = set->head;
	guchar c = l->s[l->anchor];

	/* the newest literal on a byte heads its chain and holds what may
	 * follow the byte for all of them */
	if (head[c])
		memcpy(after[n], after[head[c] - 1], sizeof(after[n]));
	else
		memset(after[n], 0, sizeof(after[n]));
	set->lit[n].next = head[c];
	head[c] = (guint8)(n + 1);
	head[c >= 'a' && c <= 'z' ? c - 0x20 : c] = (guint8)(n + 1);
	if (l->anchor + 1 == l->len) {
		memset(after[n], 0xff, sizeof(after[n]));
		return;
	}
	c = l->s[l->anchor + 1];
	allow_after(after, n, c);
	allow_after(after, n, c >= 'a' && c <= 'z' ? c - 0x20 : c);
	if (c == 's')
		allow_after(after, n, 0xC5);	/* U+017F */
	if (c == 'k')
		allow_after(after, n, 0xE2);	/* U+212A */
}

static struct literal_set *set_new(const char *const *literals)
{
	gsize size = 0, nanchors = 0;
	struct literal_set *set;
	char *w;
	int n = 0;

	for (const char *const *l = literals; *l; l++)
		size += strlen(*l) + 1;
	set = g_malloc0(sizeof(*set) + size);
	set->size = size;
	for (w = set->words; literals[n]; n++) {
		gsize len = strlen(literals[n]) + 1;

		memcpy(w, literals[n], len);
		w += len;
	}
	w = set->words;
	for (; set->n < n; set->n++, w += strlen(w) + 1) {
		/* A literal that cannot be waited for is always "maybe". */
		if (set->n == MAX_LITERALS ||
		    !literal_init(&set->lit[set->n], w)) {
			set->n = -1;
			return set;
		}
		set_add(set, set->n);
	}
	for (int c = 1; c < 256 && nanchors < sizeof(set->anchors); c++)
		if (set->head[c])
			set->anchors[nanchors++] = (char)c;
	set->few = nanchors < sizeof(set->anchors);
	if (!set->few)
		set->anchors[0] = '\0';
	return set;
}

/* More lists than seclint has: a caller making its lists anew would
 * otherwise grow the table without end. */
#define MAX_SETS 256

static void sets_free(gpointer table)
{
	g_hash_table_unref(table);
}

static const struct literal_set *set_of(const char *const *literals)
{
	static GPrivate sets = G_PRIVATE_INIT(sets_free);
	GHashTable *table = g_private_get(&sets);
	struct literal_set *set;

	if (!table) {
		table = g_hash_table_new_full(NULL, NULL, NULL, g_free);
		g_private_set(&sets, table);
	}
	set = g_hash_table_lookup(table, literals);
	if (set && set_is(set, literals))
		return set;
	if (g_hash_table_size(table) >= MAX_SETS)
		g_hash_table_remove_all(table);
	set = set_new(literals);
	g_hash_table_replace(table, (gpointer)literals, set);
	return set;
}

/*
 * The scan skips to the next anchor byte with strcspn() where a list has
 * at most 16 of them (glibc compares 16 bytes at once), else a byte at a
 * time by the table.
 */
gboolean sl_literals_found(const char *text, const char *const *literals)
{
	const struct literal_set *set = set_of(literals);
	const guchar *start = (const guchar *)text;
	const guchar *end = start + strlen(text);

	if (set->n < 0)
		return TRUE;
	for (const guchar *p = start; p < end; p++) {
		int first;

		if (set->few)
			p += strcspn((const char *)p, set->anchors);
		else
			while (p < end && !set->head[*p])
				p++;
		if (p >= end)
			break;
		first = set->head[*p];
		/* p[1] is at most the text's NUL */
		if (!(set->after[first - 1][p[1] >> 5] & (1u << (p[1] & 31))))
			continue;
		for (int i = first; i; i = set->lit[i - 1].next)
			if (found_at(&set->lit[i - 1], start, end, p))
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
