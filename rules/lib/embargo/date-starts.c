// SPDX-License-Identifier: GPL-2.0-only
/*
 * Where a date form may start: dates.c searched a text once for each of
 * its eight forms, and the month names ("may", "mar"), number words ("a",
 * "one") and digits they start with are everywhere, so PCRE2 tried a match
 * at most positions of every text eight times (a tenth of all instructions
 * of a run to security@).  One pass here finds the few positions where a
 * form can match, and dates.c tries each form there only.
 *
 * The test of a position is what the form's pattern needs there, read in
 * ASCII: every pattern starts a word (its first character is a word
 * character, the one before it is not), and then needs a digit, or a word
 * from its list (a month, a weekday, a number, "T"), followed by what the
 * pattern puts next (a month after "12 ", a unit after "two ").  Any byte
 * that is not ASCII, where the test reads, makes it say yes: PCRE2 reads
 * such text as Unicode (\d is any decimal digit, \s any space, and
 * caseless "s" and "k" also match U+017F and U+212A), which is for the
 * pattern to decide.  So a position is left out only if the pattern
 * cannot match there; test_embargo compares both ways on hostile text.
 */
#include <stdlib.h>
#include <string.h>

#include "date-starts.h"

#define BIT(form) (1u << (form))

/* What a word of the patterns' lists is. */
enum {
	W_MONTH = 1 << 0,	/* jan, january, ... dec, december */
	W_WEEKDAY = 1 << 1,	/* monday ... sunday */
	W_NEXT = 1 << 2,	/* next, this, coming (before a weekday) */
	W_NUMBER = 1 << 3,	/* a, an, one ... ninety */
	W_CALENDAR = 1 << 4,	/* business, working, calendar */
	W_UNIT = 1 << 5,	/* day(s), week(s), month(s) */
	W_OF = 1 << 6,		/* "1st of July" */
	W_T = 1 << 7,		/* T+7 */
	W_ANY = 0xff,
};

static const struct {
	const char *word;
	unsigned kinds;
} word_list[] = {
	{ "jan", W_MONTH }, { "january", W_MONTH }, { "feb", W_MONTH },
	{ "february", W_MONTH }, { "mar", W_MONTH }, { "march", W_MONTH },
	{ "apr", W_MONTH }, { "april", W_MONTH }, { "may", W_MONTH },
	{ "jun", W_MONTH }, { "june", W_MONTH }, { "jul", W_MONTH },
	{ "july", W_MONTH }, { "aug", W_MONTH }, { "august", W_MONTH },
	{ "sep", W_MONTH }, { "sept", W_MONTH }, { "september", W_MONTH },
	{ "oct", W_MONTH }, { "october", W_MONTH }, { "nov", W_MONTH },
	{ "november", W_MONTH }, { "dec", W_MONTH }, { "december", W_MONTH },
	{ "monday", W_WEEKDAY }, { "tuesday", W_WEEKDAY },
	{ "wednesday", W_WEEKDAY }, { "thursday", W_WEEKDAY },
	{ "friday", W_WEEKDAY }, { "saturday", W_WEEKDAY },
	{ "sunday", W_WEEKDAY },
	{ "next", W_NEXT }, { "this", W_NEXT }, { "coming", W_NEXT },
	{ "a", W_NUMBER }, { "an", W_NUMBER }, { "one", W_NUMBER },
	{ "two", W_NUMBER }, { "three", W_NUMBER }, { "four", W_NUMBER },
	{ "five", W_NUMBER }, { "six", W_NUMBER }, { "seven", W_NUMBER },
	{ "eight", W_NUMBER }, { "nine", W_NUMBER }, { "ten", W_NUMBER },
	{ "eleven", W_NUMBER }, { "twelve", W_NUMBER },
	{ "thirteen", W_NUMBER }, { "fourteen", W_NUMBER },
	{ "fifteen", W_NUMBER }, { "twenty", W_NUMBER },
	{ "thirty", W_NUMBER }, { "sixty", W_NUMBER }, { "ninety", W_NUMBER },
	{ "business", W_CALENDAR }, { "working", W_CALENDAR },
	{ "calendar", W_CALENDAR },
	{ "day", W_UNIT }, { "days", W_UNIT }, { "week", W_UNIT },
	{ "weeks", W_UNIT }, { "month", W_UNIT }, { "months", W_UNIT },
	{ "of", W_OF }, { "t", W_T },
};

/* A word of up to 12 letters, 5 bits a letter: 0 for none. */
#define MAX_LETTERS 12

/*
 * The words' kinds by their packed letters, in an open-addressed table
 * three times as large as the list at least: a word of a text (most are in no list)
 * costs a multiplication and a probe or two, where a binary search of the
 * list cost a fifth of this file's time.
 */
#define TABLE_BITS 8

struct word_key {
	guint64 key;
	unsigned kinds;
};

G_STATIC_ASSERT(G_N_ELEMENTS(word_list) * 3 <= 1u << TABLE_BITS);

static struct word_key table[1u << TABLE_BITS];

/* Of each first letter (0 for "a"), the second letters of the listed
 * words of two letters or more: a word whose first two letters are no
 * listed word's is read no further. */
static guint32 seconds[26];

static guint64 pack(const char *word)
{
	guint64 key = 0;

	for (const char *p = word; *p; p++)
		key = key << 5 | (guint64)(*p - 'a' + 1);
	return key;
}

static inline guint slot_of(guint64 key)
{
	return (guint)((key * G_GUINT64_CONSTANT(0x9e3779b97f4a7c15)) >>
		       (64 - TABLE_BITS));
}

/* Of each ASCII byte: a word character (\w), a letter that starts a word
 * of the lists (in lower case), and in which of the sets of characters
 * the patterns refuse before them it is ("(?<![\w.:/+-])"). */
enum {
	C_WORD = 1 << 0,
	C_FIRST = 1 << 1,
	C_NOT_ISO = 1 << 2,		/* .:/+- */
	C_NOT_COMPACT = 1 << 3,		/* .+- */
	C_NOT_NUMERIC = 1 << 4,		/* ./:- */
	C_NOT_DAY_MONTH = 1 << 5,	/* .:/- */
	C_NOT_RELATIVE = 1 << 6,	/* ., */
};

static guint8 classes[128];

static void mark(const char *set, guint8 class)
{
	for (const char *p = set; *p; p++)
		classes[(guchar)*p] |= class;
}

static void keys_init(void)
{
	static gsize done;

	if (g_once_init_enter(&done)) {
		for (size_t i = 0; i < G_N_ELEMENTS(word_list); i++) {
			guint64 key = pack(word_list[i].word);
			guint s = slot_of(key);

			while (table[s].key)
				s = (s + 1) & (G_N_ELEMENTS(table) - 1);
			table[s].key = key;
			table[s].kinds = word_list[i].kinds;
			if (word_list[i].word[1])
				seconds[word_list[i].word[0] - 'a'] |=
					1u << (word_list[i].word[1] - 'a');
			classes[(guchar)word_list[i].word[0]] |= C_FIRST;
		}
		for (int c = 0; c < 128; c++)
			if (g_ascii_isalnum(c) || c == '_')
				classes[c] |= C_WORD;
		mark(".:/+-", C_NOT_ISO);
		mark(".+-", C_NOT_COMPACT);
		mark("./:-", C_NOT_NUMERIC);
		mark(".:/-", C_NOT_DAY_MONTH);
		mark(".,", C_NOT_RELATIVE);
		g_once_init_leave(&done, 1);
	}
}

static unsigned kinds_of(guint64 key)
{
	if (!key)
		return 0;
	for (guint s = slot_of(key); table[s].key;
	     s = (s + 1) & (G_N_ELEMENTS(table) - 1))
		if (table[s].key == key)
			return table[s].kinds;
	return 0;
}

/* What the tests read at a position: the end, a byte that is not ASCII,
 * or an ASCII byte in lower case. */
enum { END = -1, WIDE = 256 };

struct text {
	const guchar *s;
	gsize len;
};

static inline int at(const struct text *t, gsize k)
{
	int c;

	if (k >= t->len)
		return END;
	c = t->s[k];
	if (c >= 0x80)
		return WIDE;
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

static gboolean digit(int c)
{
	return c >= '0' && c <= '9';
}

static gboolean letter(int c)
{
	return c >= 'a' && c <= 'z';
}

/* ASCII \s: tab, newline, vertical tab, form feed, carriage return, space */
static gboolean space(int c)
{
	return (c >= '\t' && c <= '\r') || c == ' ';
}

/*
 * The word of letters at @k: its kinds (0 for none), its length in *n.
 * W_ANY if a byte that is not ASCII follows it: a caseless pattern may
 * read that as a letter.
 */
static unsigned word_at(const struct text *t, gsize k, gsize *n)
{
	const guchar *s = t->s + MIN(k, t->len), *end = t->s + t->len;
	const guchar *p = s;
	guint64 key = 0;

	/* Two letters no listed word starts with: no list's word, even if a
	 * caseless pattern read a byte after them as a letter. */
	if (end - s >= 2 && g_ascii_isalpha(s[0]) && g_ascii_isalpha(s[1]) &&
	    !(seconds[(s[0] | 0x20) - 'a'] & (1u << ((s[1] | 0x20) - 'a')))) {
		*n = 2;
		return 0;
	}
	/* bytes, not at(): the loop over every word of the text */
	for (; p < end && g_ascii_isalpha(*p); p++)
		key = key << 5 | (guint64)((*p | 0x20) - 'a' + 1);
	*n = (gsize)(p - s);
	if (p < end && *p >= 0x80)
		return W_ANY;
	return *n <= MAX_LETTERS ? kinds_of(key) : 0;
}

/*
 * Past the spaces (and with @dash, hyphens) at @k: the position after
 * them, or 0 if there are none (no position of a test is 0) or a byte that
 * is not ASCII comes first (*wide set: the test must say yes).
 */
static gsize skip_gap(const struct text *t, gsize k, gboolean dash,
		      gboolean *wide)
{
	gsize j = k;
	int c;

	while (space(c = at(t, j)) || (dash && c == '-'))
		j++;
	*wide = c == WIDE;
	return j == k ? 0 : j;
}

/* After a gap at @k, the word with one of @kinds, optionally after a word
 * of @before and another gap: "(?:\s+|-)(?:(?:of|business)\s+)?word" */
static gboolean word_follows(const struct text *t, gsize k, gboolean dash,
			     unsigned before, unsigned kinds)
{
	gboolean wide;
	gsize j = skip_gap(t, k, dash, &wide), n;
	unsigned w;

	if (wide)
		return TRUE;
	if (!j)
		return FALSE;
	w = word_at(t, j, &n);
	if (w & kinds)
		return TRUE;
	if (!(w & before))
		return FALSE;
	return word_follows(t, j + n, dash, 0, kinds);
}

/* FORM_ISO: (?:19|20)\d\d[-/] */
static gboolean may_iso(const struct text *t, gsize i)
{
	int a = at(t, i), b = at(t, i + 1);

	if (!((a == '1' && b == '9') || (a == '2' && b == '0')))
		return FALSE;
	for (gsize k = i + 2; k < i + 5; k++) {
		int c = at(t, k);

		if (c == WIDE)
			return TRUE;
		if (k < i + 4 ? !digit(c) : (c != '-' && c != '/'))
			return FALSE;
	}
	return TRUE;
}

/* FORM_COMPACT: 20\d\d[01]\d[0-3]\d */
static gboolean may_compact(const struct text *t, gsize i)
{
	static const char *const classes[] = {
		"0123456789", "0123456789", "01", "0123456789", "0123",
		"0123456789",
	};

	if (at(t, i) != '2' || at(t, i + 1) != '0')
		return FALSE;
	for (gsize k = 0; k < G_N_ELEMENTS(classes); k++) {
		int c = at(t, i + 2 + k);

		if (c == WIDE)
			return TRUE;
		if (c == END || !strchr(classes[k], c))
			return FALSE;
	}
	return TRUE;
}

/* FORM_NUMERIC: [0-3]?\d[/.] */
static gboolean may_numeric(const struct text *t, gsize i)
{
	int b = at(t, i + 1), c;

	if (b == WIDE || b == '/' || b == '.')
		return TRUE;
	if (at(t, i) > '3' || !digit(b))
		return FALSE;
	c = at(t, i + 2);
	return c == WIDE || c == '/' || c == '.';
}

/* FORM_DAY_MONTH after the day at @k: (?:st|nd|rd|th)?(?:\s+of)?(?:\s+|-)
 * and a month. */
static gboolean month_after_day(const struct text *t, gsize k)
{
	static const char suffixes[] = "stndrdth";
	int a = at(t, k), b = at(t, k + 1);

	if (a == WIDE)
		return TRUE;
	if (letter(a)) {
		if (b == WIDE)
			return TRUE;
		for (int i = 0; i < 8; i += 2)
			if (a == suffixes[i] && b == suffixes[i + 1])
				return word_follows(t, k + 2, TRUE, W_OF,
						    W_MONTH);
		return FALSE;
	}
	return word_follows(t, k, TRUE, W_OF, W_MONTH);
}

/* FORM_DAY_MONTH: [0-3]?\d, then a month. */
static gboolean may_day_month(const struct text *t, gsize i)
{
	int b = at(t, i + 1);

	if (month_after_day(t, i + 1))
		return TRUE;
	if (b == WIDE)
		return TRUE;
	return at(t, i) <= '3' && digit(b) && month_after_day(t, i + 2);
}

/* FORM_MONTH_DAY after the month at @k: \.?,?\s+\d */
static gboolean day_after_month(const struct text *t, gsize k)
{
	gboolean wide;
	gsize j;
	int c;

	if (at(t, k) == '.')
		k++;
	if (at(t, k) == ',')
		k++;
	j = skip_gap(t, k, FALSE, &wide);
	if (wide)
		return TRUE;
	c = j ? at(t, j) : END;
	return digit(c);
}

/* FORM_RELATIVE: \d{1,3}, then (?:\s+|-), maybe "business", and a unit. */
static gboolean may_count(const struct text *t, gsize i)
{
	gsize n = 0;

	while (digit(at(t, i + n)))
		n++;
	if (at(t, i + n) == WIDE)
		return TRUE;
	return n <= 3 && word_follows(t, i + n, TRUE, W_CALENDAR, W_UNIT);
}

/* FORM_T_PLUS after the T at @k: \s?\+ */
static gboolean plus_after_t(const struct text *t, gsize k)
{
	int c = at(t, k), d = at(t, k + 1);

	return c == WIDE || c == '+' || (space(c) && (d == WIDE || d == '+'));
}

/* Is the character before a form in the set its pattern refuses there
 * (C_NOT_*)?  @prev is END at the start of the text, or WIDE. */
static inline gboolean prev_in(int prev, guint8 set)
{
	return prev > 0 && prev < 0x80 && (classes[prev] & set);
}

/* The forms that may start at @i, an ASCII word character that starts a
 * word; @prev is the character before it.  *@letters: how many letters
 * of the word it read, if it read any (the caller's word goes on at
 * least so far). */
static unsigned ascii_start(const struct text *t, gsize i, int prev,
			    gsize *letters)
{
	int c = at(t, i);
	unsigned forms = 0, w;
	gsize n;

	if (digit(c)) {
		if (!prev_in(prev, C_NOT_ISO) && may_iso(t, i))
			forms |= BIT(SL_FORM_ISO);
		if (!prev_in(prev, C_NOT_COMPACT) && may_compact(t, i))
			forms |= BIT(SL_FORM_COMPACT);
		if (!prev_in(prev, C_NOT_NUMERIC) && may_numeric(t, i))
			forms |= BIT(SL_FORM_NUMERIC);
		if (!prev_in(prev, C_NOT_DAY_MONTH) && may_day_month(t, i))
			forms |= BIT(SL_FORM_DAY_MONTH);
		if (!prev_in(prev, C_NOT_RELATIVE) && may_count(t, i))
			forms |= BIT(SL_FORM_RELATIVE);
		return forms;
	}
	if (!(classes[c] & C_FIRST))
		return 0;	/* "_", or no word of the lists */
	w = word_at(t, i, &n);
	*letters = n;
	if (w == W_ANY)
		return BIT(SL_FORM_MONTH_DAY) | BIT(SL_FORM_WEEKDAY) |
		       BIT(SL_FORM_T_PLUS) | (prev_in(prev, C_NOT_RELATIVE) ?
					      0 : BIT(SL_FORM_RELATIVE));
	if ((w & W_MONTH) && day_after_month(t, i + n))
		forms |= BIT(SL_FORM_MONTH_DAY);
	if ((w & W_WEEKDAY) ||
	    ((w & W_NEXT) && word_follows(t, i + n, FALSE, 0, W_WEEKDAY)))
		forms |= BIT(SL_FORM_WEEKDAY);
	if ((w & W_NUMBER) && !prev_in(prev, C_NOT_RELATIVE) &&
	    word_follows(t, i + n, TRUE, W_CALENDAR, W_UNIT))
		forms |= BIT(SL_FORM_RELATIVE);
	if ((w & W_T) && plus_after_t(t, i + 1))
		forms |= BIT(SL_FORM_T_PLUS);
	return forms;
}

/* The forms that may start at a character that is not ASCII: a decimal
 * digit of another script (or one GLib does not know yet), and U+017F and
 * U+212A, which caseless patterns read as "s" and "k". */
static unsigned wide_start(gunichar u, int prev)
{
	GUnicodeType type = g_unichar_type(u);
	gboolean digit = type == G_UNICODE_DECIMAL_NUMBER ||
			 type == G_UNICODE_UNASSIGNED;
	gboolean letter = u == 0x17f || u == 0x212a;
	unsigned forms = 0;

	if (digit && !prev_in(prev, C_NOT_NUMERIC))
		forms |= BIT(SL_FORM_NUMERIC);
	if (digit && !prev_in(prev, C_NOT_DAY_MONTH))
		forms |= BIT(SL_FORM_DAY_MONTH);
	if (letter)
		forms |= BIT(SL_FORM_MONTH_DAY) | BIT(SL_FORM_WEEKDAY);
	if ((digit || letter) && !prev_in(prev, C_NOT_RELATIVE))
		forms |= BIT(SL_FORM_RELATIVE);
	return forms;
}

static inline gboolean ascii_word(int b)
{
	return b >= 0 && b < 0x80 && (classes[b] & C_WORD);
}

gboolean sl_date_starts(const char *text, gsize len, GArray *starts,
			guint max)
{
	const struct text t = { (const guchar *)text, len };
	gsize i = 0;

	if (len >= G_MAXUINT32)
		return FALSE;
	keys_init();
	while (i < len) {
		struct sl_date_start st = { (guint32)i, 0 };
		guchar b = t.s[i];
		int prev;
		gsize next;

		if (b < 0x80 && !(classes[b] & C_WORD)) {
			i++;
			continue;
		}
		prev = !i ? END : t.s[i - 1] < 0x80 ? t.s[i - 1] : WIDE;
		/* A word starts here unless an ASCII word character is
		 * before it; one that is not ASCII may be a letter or not. */
		if (b < 0x80) {
			gsize letters = 1;	/* read by ascii_start() */

			st.forms = ascii_start(&t, i, prev, &letters);
			for (next = i + MAX(letters, 1); next < len &&
			     t.s[next] < 0x80 &&
			     (classes[t.s[next]] & C_WORD);)
				next++;
		} else {
			if (!ascii_word(prev))
				st.forms = wide_start(
					g_utf8_get_char(text + i), prev);
			next = (gsize)(g_utf8_next_char(text + i) - text);
		}
		if (st.forms) {
			if (starts->len >= max)
				return FALSE;
			g_array_append_val(starts, st);
		}
		i = next;
	}
	return TRUE;
}
