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
#include "facts.h"
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
 * stack may reuse an address with other words).  A set is one block,
 * its arrays as long as its list: they were MAX_LITERALS long, 4.6 KB a
 * set where most lists have a few words, and a thread makes some forty
 * sets through its first thousands of messages.
 */
struct literal_set {
	int n;			/* literals; -1: one is always "maybe" */
	struct literal *lit;	/* [the list's length] */
	/* the bytes that may follow an anchor byte, by its first literal */
	guint32 (*after)[8];
	/* its words in the thread's table of all words (below) */
	guint16 *known_word;
	guint known_id;		/* that table's, 0: not entered yet */
	guint known_need;	/* 1 + its highest word number there */
	guint8 head[256];	/* 1 + the first literal on a byte */
	char anchors[17];	/* head's bytes, for strcspn(), if few */
	gboolean few;		/* anchors holds them all */
	gsize size;
	char *words;		/* the literals, each with its NUL */
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
	gsize size = 0, nanchors = 0, cap = 0;
	struct literal_set *set;
	char *w;
	int n = 0;

	for (const char *const *l = literals; *l; l++, cap++)
		size += strlen(*l) + 1;
	/* no more room than the longest list that can be waited for: the
	 * next literal makes the set "maybe" */
	cap = MIN(cap, MAX_LITERALS);
	set = g_malloc0(sizeof(*set) + cap * (sizeof(set->lit[0]) +
					      sizeof(set->after[0]) +
					      sizeof(set->known_word[0])) +
			size);
	set->lit = (struct literal *)(set + 1);
	set->after = (guint32 (*)[8])(set->lit + cap);
	set->known_word = (guint16 *)(set->after + cap);
	set->words = (char *)(set->known_word + cap);
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

static struct literal_set *set_of(const char *const *literals)
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
static gboolean set_found(const struct literal_set *set, const char *text)
{
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

gboolean sl_literals_found(const char *text, const char *const *literals)
{
	return set_found(set_of(literals), text);
}

/*
 * The words of all the lists a thread has been asked about with facts,
 * in one automaton, so that a text the facts keep is read once for all
 * of them (sl_facts_literals_found()): some fifteen lists are asked a
 * message, of the same few texts (the own text, the prose, the claims),
 * and two texts in three were read again for each list.
 *
 * The automaton is Aho-Corasick's, made a table of transitions (a state
 * and a byte's class to the next state): a byte costs a class look-up
 * and a transition, some 6 instructions, for all the words at once,
 * where one list's scan costs 7 to 11 (and a long text is read in four
 * pieces at once, known_scan()).  A class is a byte the words hold
 * (both ASCII cases of a letter one class), any other byte the class
 * that leads back to the start.  The states where a word ends come last,
 * so a byte needs one comparison to know there is nothing to do.
 *
 * The words are caseless ASCII, as found_at() reads them; found_at()
 * also reads a long s (U+017F) as "s" and a Kelvin sign (U+212A) as "k".
 * Those two characters' first bytes have a class of their own, and a
 * text that holds either character is read list by list as before (no
 * answer kept): they are in no real mail of the bench.
 *
 * A list seen for the first time enters its new words (each word once);
 * until the automaton is made anew it is answered by its own scan, and
 * the automaton is made anew once lists it lacks have been asked
 * REBUILD_AFTER times (a rule asked rarely, as addressed, does not make
 * it anew for each of its lists).  A text read before that is read
 * again when such a list is asked of it.
 *
 * A thread makes the automaton only once KNOWN_AFTER of its messages
 * have each asked their kept texts for MANY_ASKS lists or more, and such
 * messages are one in MANY_SHARE or more of those that asked any; until
 * then each list is answered by its own scan.  Mail sent to the security
 * lists asks some eighteen a message, and the automaton pays (on the
 * bench subset with --to security@kernel.org, 3,123 M instructions
 * without it and 2,947 M with it).  Mail as addressed to other lists
 * asks under two (six messages of 14,000 in the bench corpus asked eight
 * or more), and an automaton made for it saved nothing (1,811.6 M and
 * 1,811.5 M) but held 0.2 MB a thread, made late in a long run: at
 * -j 2 the largest part of what the heap at peak RSS grew by from the
 * corpus to twice it (heaptrack).  A message or a short series does not
 * pay for it either (some 1 M instructions to make).
 * Past MAX_KNOWN words or MAX_KNOWN_BYTES bytes of them the table starts
 * anew under a new id, which every kept answer and every list's entry is
 * checked against.
 */
#define MAX_KNOWN 512
#define MAX_KNOWN_BYTES 8192
#define KNOWN_AFTER 8
#define MANY_ASKS 8
#define MANY_SHARE 16
#define REBUILD_AFTER 16

struct known_word {
	const char *s;		/* lower case, after any "\\b" */
	guint len;
	gboolean word;		/* only at the start of a word */
};

/* A byte's class: 0 any byte no word holds, then these, then the words'. */
enum { CLASS_END = 1, CLASS_ODD = 2, CLASS_WORDS = 3 };

struct known {
	guint id;			/* never 0; unique in the process */
	guint n;			/* words */
	guint bytes;			/* their bytes */
	guint64 asking;			/* messages whose kept texts were
					 * asked */
	guint64 many;			/* of them, those asked for MANY_ASKS
					 * lists or more */
	guint uncovered;		/* asks of lists not in the
					 * automaton since it was made */
	struct known_word word[MAX_KNOWN];
	GHashTable *number;		/* word -> 1 + its number */
	GStringChunk *words;		/* the words, owned */
	/* the automaton of the first @built words (0: none) */
	guint built;
	guint8 class[256];
	guint classes;
	guint32 *next;			/* [state * classes + class]: the next
					 * state * classes */
	guint32 acting;			/* states * classes from here on: a
					 * word ends, the text ends, or an odd
					 * byte */
	guint32 end, odd;		/* the last two states, * classes */
	guint longest;			/* the longest word's bytes */
	guint *out;			/* [state - acting state]: where in
					 * @outs its words start */
	guint16 *outs;			/* words, each state's in a row */
};

/* What a kept text holds: a bit for each word of the table it was read
 * with, the first @covered of them; @odd: read list by list. */
struct kept_text {
	const char *text;
	guint known_id;
	guint covered;
	gboolean odd;
	guint64 found[MAX_KNOWN / 64];
};

static void known_drop_automaton(struct known *k)
{
	g_clear_pointer(&k->next, g_free);
	g_clear_pointer(&k->out, g_free);
	g_clear_pointer(&k->outs, g_free);
	k->built = 0;
}

static void known_start(struct known *k)
{
	static gint ids;

	k->id = (guint)g_atomic_int_add(&ids, 1) + 1;
	k->n = 0;
	k->bytes = 0;
	known_drop_automaton(k);
	g_hash_table_remove_all(k->number);
	g_string_chunk_clear(k->words);
}

static void known_free(gpointer data)
{
	struct known *k = data;

	known_drop_automaton(k);
	g_hash_table_unref(k->number);
	g_string_chunk_free(k->words);
	g_free(k);
}

static struct known *known_of_thread(void)
{
	static GPrivate known = G_PRIVATE_INIT(known_free);
	struct known *k = g_private_get(&known);

	if (!k) {
		k = g_malloc0(sizeof(*k));
		k->number = g_hash_table_new(g_str_hash, g_str_equal);
		k->words = g_string_chunk_new(1024);
		known_start(k);
		g_private_set(&known, k);
	}
	return k;
}

/* The number of @word (of a set that could be made, so lower-case ASCII)
 * in @k, entered if new. */
static guint known_word(struct known *k, const char *word)
{
	gpointer had = g_hash_table_lookup(k->number, word);
	struct known_word *w = &k->word[k->n];
	char *copy;

	if (had)
		return GPOINTER_TO_UINT(had) - 1;
	copy = g_string_chunk_insert(k->words, word);
	w->word = copy[0] == '\\' && copy[1] == 'b';
	w->s = copy + (w->word ? 2 : 0);
	w->len = (guint)strlen(w->s);
	k->bytes += w->len;
	g_hash_table_insert(k->number, copy, GUINT_TO_POINTER(k->n + 1));
	return k->n++;
}

/* Enter @set's words in @k (anew if it is full) and note their numbers. */
static void known_enter(struct known *k, struct literal_set *set)
{
	guint words = k->n, bytes = k->bytes;
	const char *w = set->words;

	for (int i = 0; i < set->n; i++, w += strlen(w) + 1)
		if (!g_hash_table_lookup(k->number, w)) {
			words++;
			bytes += (guint)set->lit[i].len;
		}
	if (words > MAX_KNOWN || bytes > MAX_KNOWN_BYTES)
		known_start(k);
	set->known_id = k->id;
	set->known_need = 0;
	w = set->words;
	for (int i = 0; i < set->n; i++, w += strlen(w) + 1) {
		guint n = known_word(k, w);

		set->known_word[i] = (guint16)n;
		set->known_need = MAX(set->known_need, n + 1);
	}
}

/* Make the automaton of all of @k's words. */
G_GNUC_NO_INLINE static void known_build(struct known *k)
{
	guint nstates = 1 + k->bytes + 2, states = 1, nc, acting = 0;
	gint *child, *fail, *queue, *order, *renum;
	GArray **ends;
	guint head = 0, tail = 0, nout = 0;

	known_drop_automaton(k);
	memset(k->class, 0, sizeof(k->class));
	k->class[0] = CLASS_END;
	k->class[0xC5] = CLASS_ODD;	/* U+017F */
	k->class[0xE2] = CLASS_ODD;	/* U+212A */
	nc = CLASS_WORDS;
	for (guint w = 0; w < k->n; w++)
		for (guint i = 0; i < k->word[w].len; i++) {
			guchar c = (guchar)k->word[w].s[i];

			if (!k->class[c]) {
				k->class[c] = (guint8)nc;
				if (c >= 'a' && c <= 'z')
					k->class[c - 0x20] = (guint8)nc;
				nc++;
			}
		}
	k->classes = nc;
	k->longest = 1;
	for (guint w = 0; w < k->n; w++)
		k->longest = MAX(k->longest, k->word[w].len);
	/* the trie: state 0 the start, a child -1 none */
	child = g_new(gint, (gsize)nstates * nc);
	memset(child, 0xff, sizeof(gint) * nstates * nc);
	ends = g_new0(GArray *, nstates);
	for (guint w = 0; w < k->n; w++) {
		gint s = 0;

		for (guint i = 0; i < k->word[w].len; i++) {
			gint *c = &child[s * nc +
					 k->class[(guchar)k->word[w].s[i]]];

			if (*c < 0)
				*c = (gint)states++;
			s = *c;
		}
		if (!ends[s])
			ends[s] = g_array_new(FALSE, FALSE, sizeof(guint16));
		g_array_append_val(ends[s], (guint16){ (guint16)w });
	}
	/* breadth first: the failure links, the transitions filled in and
	 * each state's words joined by those of its failure */
	fail = g_new0(gint, states);
	queue = g_new(gint, states);
	queue[tail++] = 0;
	while (head < tail) {
		gint u = queue[head++];

		if (u && ends[fail[u]]) {
			if (!ends[u])
				ends[u] = g_array_new(FALSE, FALSE,
						      sizeof(guint16));
			g_array_append_vals(ends[u], ends[fail[u]]->data,
					    ends[fail[u]]->len);
		}
		for (guint c = CLASS_WORDS; c < nc; c++) {
			gint *v = &child[u * nc + c];

			if (*v >= 0) {
				fail[*v] = u ? child[fail[u] * nc + c] : 0;
				queue[tail++] = *v;
			} else {
				*v = u ? child[fail[u] * nc + c] : 0;
			}
		}
	}
	/* numbered anew: the states where nothing is done first, then those
	 * where words end, then the text's end and the odd byte */
	order = g_new(gint, states);
	renum = g_new(gint, states);
	for (gint u = 0; u < (gint)states; u++)
		if (!ends[u])
			renum[u] = (gint)acting++;
	{
		guint at = acting;

		for (gint u = 0; u < (gint)states; u++)
			if (ends[u]) {
				renum[u] = (gint)at++;
				nout += ends[u]->len;
			}
	}
	for (gint u = 0; u < (gint)states; u++)
		order[renum[u]] = u;
	k->next = g_new(guint32, (gsize)(states + 2) * nc);
	k->acting = acting * nc;
	k->end = states * nc;
	k->odd = (states + 1) * nc;
	k->out = g_new(guint, states - acting + 1);
	k->outs = g_new(guint16, MAX(nout, 1));
	nout = 0;
	for (guint r = 0; r < states; r++) {
		gint u = order[r];
		guint32 *row = &k->next[r * nc];

		row[0] = 0;
		row[CLASS_END] = k->end;
		row[CLASS_ODD] = k->odd;
		for (guint c = CLASS_WORDS; c < nc; c++)
			row[c] = (guint32)renum[child[u * nc + c]] * nc;
		if (r >= acting) {
			k->out[r - acting] = nout;
			memcpy(&k->outs[nout], ends[u]->data,
			       ends[u]->len * sizeof(guint16));
			nout += ends[u]->len;
		}
	}
	if (states > acting)
		k->out[states - acting] = nout;
	/* the last two states are left at once by the scan */
	memset(&k->next[states * nc], 0, sizeof(guint32) * 2 * nc);
	k->built = k->n;
	k->uncovered = 0;
	for (guint u = 0; u < states; u++)
		if (ends[u])
			g_array_unref(ends[u]);
	g_free(ends);
	g_free(order);
	g_free(renum);
	g_free(queue);
	g_free(fail);
	g_free(child);
}

/* The words that end at @p, the last byte of state @s's. */
static void known_ended(const struct known *k, guint32 s, const guchar *start,
			const guchar *p, guint64 *found)
{
	guint r = s / k->classes - k->acting / k->classes;

	for (guint i = k->out[r]; i < k->out[r + 1]; i++) {
		guint w = k->outs[i];
		const guchar *at = p + 1 - k->word[w].len;
		guint64 bit = G_GUINT64_CONSTANT(1) << (w % 64);

		if (!(found[w / 64] & bit) &&
		    (!k->word[w].word || at == start || !ascii_word(at[-1])))
			found[w / 64] |= bit;
	}
}

/* One byte: to the next state, and to @act if something is to be done
 * there (the bytes are read in turn, none after the text's NUL). */
#define KNOWN_STEP(i)                                   \
	do {                                            \
		s = next[s + class[p[i]]];              \
		if (G_UNLIKELY(s >= acting)) {          \
			p += (i);                       \
			goto act;                       \
		}                                       \
	} while (0)

/* Where a scan stops: a long s or a Kelvin sign. */
#define KNOWN_STOP G_MAXSIZE

/* What is done in acting state @s at @p (not the text's end): the
 * words ended there noted; the state to go on from, or KNOWN_STOP for a
 * long s or a Kelvin sign (@e->odd). */
static gsize known_act(const struct known *k, struct kept_text *e,
		       const guchar *p, gsize s)
{
	if (s == k->odd) {
		if ((p[0] == 0xC5 && p[1] == 0xBF) ||
		    (p[0] == 0xE2 && p[1] == 0x84 && p[2] == 0xAA)) {
			e->odd = TRUE;
			return KNOWN_STOP;
		}
		return 0;	/* a byte no word holds */
	}
	known_ended(k, (guint32)s, (const guchar *)e->text, p, e->found);
	return s;
}

/* Read @e's text from @p in state @s to its end, one byte at a time.
 * Four bytes a round: the loop's own count and jump were a fifth of the
 * cost. */
static void known_scan_tail(const struct known *k, struct kept_text *e,
			    const guchar *p, gsize s)
{
	const guint32 *next = k->next;
	const guint8 *class = k->class;
	const gsize acting = k->acting;

	for (;;) {
		KNOWN_STEP(0);
		KNOWN_STEP(1);
		KNOWN_STEP(2);
		KNOWN_STEP(3);
		p += 4;
		continue;
act:
		if (s == k->end || (s = known_act(k, e, p, s)) == KNOWN_STOP)
			return;
		p++;
	}
}
#undef KNOWN_STEP

/*
 * A long text is read as four pieces at once, in turns of a byte each.
 * A byte's step waits for the step before it (its state is the address
 * of the next load from the table, some 6 cycles), so one piece at a
 * time ran at a step every 6 cycles whatever else the core could do;
 * the pieces' steps do not wait for each other.  Each piece but the
 * first starts k->longest - 1 bytes before the end of the one before it,
 * in state 0, so that every word lies whole in one piece (Aho-Corasick's
 * automaton started in state 0 finds every word wholly in what it read);
 * a word in those shared bytes may be found twice, which sets the same
 * bit.  A long s or a Kelvin sign is seen by the piece its first byte is
 * in.  The first three pieces are @len bytes; the last is at least as
 * long and is read on alone to the NUL.  On the bench corpus with
 * --to security@kernel.org (173 MB read, 1.2 bytes a byte of mail) the
 * scan went from 400 to 170 ms.
 */
#define KNOWN_PIECES_FROM 256	/* bytes of text; shorter: one piece */

/* One byte of piece @j, and what is done there. */
#define KNOWN_PIECE_STEP(j)                                       \
	do {                                                      \
		s##j = next[s##j + class[p##j[i]]];               \
		if (G_UNLIKELY(s##j >= acting) &&                 \
		    (s##j = known_act(k, e, p##j + i, s##j)) ==   \
			    KNOWN_STOP)                           \
			return;                                   \
	} while (0)

/* Read @e's text for every word of @k; @e->odd if it holds a long s or
 * a Kelvin sign (the scan stops there). */
G_GNUC_NO_INLINE static void known_scan(const struct known *k,
					 struct kept_text *e)
{
	const guchar *start = (const guchar *)e->text;
	const guint32 *next = k->next;
	const guint8 *class = k->class;
	const gsize acting = k->acting;
	const gsize over = k->longest - 1;
	const guchar *p0, *p1, *p2, *p3;
	gsize s0 = 0, s1 = 0, s2 = 0, s3 = 0;
	gsize size, len;

	e->known_id = k->id;
	e->covered = k->built;
	e->odd = FALSE;
	memset(e->found, 0, sizeof(e->found));
	size = strlen(e->text);
	if (size < KNOWN_PIECES_FROM || size < 8 * over) {
		known_scan_tail(k, e, start, 0);
		return;
	}
	/* 3 * (len - over) + the last's, at least len (and 2 * over: the
	 * shared bytes are in no more than two pieces), is size */
	len = (size + 3 * over) / 4;
	p0 = start;
	p1 = p0 + len - over;
	p2 = p1 + len - over;
	p3 = p2 + len - over;
	for (gsize i = 0; i < len; i++) {
		KNOWN_PIECE_STEP(0);
		KNOWN_PIECE_STEP(1);
		KNOWN_PIECE_STEP(2);
		KNOWN_PIECE_STEP(3);
	}
	known_scan_tail(k, e, p3 + len, s3);
}
#undef KNOWN_PIECE_STEP

/*
 * The texts the facts keep: those their modules registered
 * (sl_facts_literals_keep()) and the message's body and Subject, each
 * with what it holds once read.  A text is known by its address, which
 * is safe only for these: each lives, unchanged, until the facts are
 * cleared, so no other text can be at its address meanwhile.  Any other
 * text (a line, a piece, a copy made for the call, freed and its memory
 * reused for the next) is never found here and is read for its list
 * alone.
 */
#define KEPT_TEXTS 8	/* body, Subject, prose, log, own, claims, ... */

struct kept_texts {
	guint n;
	guint asks;		/* lists asked of the texts, up to
				 * MANY_ASKS: the message counted in the
				 * thread's */
	struct kept_text text[KEPT_TEXTS];
};

static const char kept_key;

/* @text's entry among @kt's, or NULL: not one the facts keep. */
static struct kept_text *kept_find(struct kept_texts *kt, const char *text)
{
	for (guint i = 0; i < kt->n; i++)
		if (kt->text[i].text == text)
			return &kt->text[i];
	return NULL;
}

/* One more text of the facts' own; past KEPT_TEXTS it is read alone, as
 * any other text. */
static void kept_add(struct kept_texts *kt, const char *text)
{
	if (kt->n < KEPT_TEXTS && !kept_find(kt, text))
		kt->text[kt->n++] = (struct kept_text){ .text = text };
}

/* @facts' kept texts, made with the message's body and Subject. */
static struct kept_texts *kept_texts_of(struct sl_facts *facts)
{
	struct sl_facts_slot *s = sl_facts_slot(facts, &kept_key);
	struct kept_texts *kt;

	if (s->filled)
		return s->data;
	kt = g_new(struct kept_texts, 1);
	kt->n = 0;
	kt->asks = 0;
	sl_facts_fill(s, kt, g_free);
	if (facts->msg && facts->msg->body)
		kept_add(kt, facts->msg->body->str);
	if (facts->msg && facts->msg->subject)
		kept_add(kt, facts->msg->subject);
	return kt;
}

void sl_facts_literals_keep(struct sl_facts *facts, const char *text)
{
	kept_add(kept_texts_of(facts), text);
}

/* @set's answer for @text from the automaton, or -1: read it alone. */
static int known_found(struct sl_facts *facts, struct literal_set *set,
		       const char *text)
{
	struct kept_texts *kt = kept_texts_of(facts);
	struct kept_text *e = kept_find(kt, text);
	struct known *k;

	if (!e)
		return -1;	/* not the facts': its address says nothing */
	k = known_of_thread();
	if (kt->asks < MANY_ASKS) {
		k->asking += !kt->asks;
		k->many += ++kt->asks == MANY_ASKS;
	}
	if (set->known_id != k->id)
		known_enter(k, set);
	if (e->known_id != k->id || e->covered < set->known_need) {
		if (k->built < set->known_need) {
			/* none made yet, or a list it lacks: made (anew
			 * once such lists are asked often) when the
			 * thread's messages ask many lists */
			if (k->many < KNOWN_AFTER ||
			    k->many * MANY_SHARE < k->asking ||
			    (k->built && ++k->uncovered < REBUILD_AFTER))
				return -1;
			known_build(k);
		}
		known_scan(k, e);
	}
	if (e->odd)
		return -1;
	for (int i = 0; i < set->n; i++) {
		guint w = set->known_word[i];

		if ((e->found[w / 64] >> (w % 64)) & 1)
			return 1;
	}
	return 0;
}

guint sl_literals_thread_automaton(void)
{
	return known_of_thread()->built;
}

gboolean sl_facts_literals_found(struct sl_facts *facts, const char *text,
				 const char *const *literals)
{
	struct literal_set *set = set_of(literals);
	int found;

	if (!facts || set->n < 0 || (found = known_found(facts, set, text)) < 0)
		return set_found(set, text);
	if (sl_literals_checking() && found != set_found(set, text))
		g_error("seclint: the words kept of a text say %s of '%s', "
			"its list's scan says %s: %s", found ? "yes" : "no",
			literals[0], found ? "no" : "yes", text);
	return found;
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

gboolean sl_guard_passes(struct sl_facts *facts, const struct sl_guard *g,
			 const char *text)
{
	if (!g->first && !g->bytes && !g->has && !g->may)
		return TRUE;
	return (g->first && starts_right(g, text)) ||
	       (g->bytes && text[strcspn(text, g->bytes)]) ||
	       (g->has && (g->caseless
				   ? sl_facts_literals_found(facts, text, g->has)
				   : has_any(text, g->has))) ||
	       (g->may && g->may(text));
}

/* SECLINT_CHECK_LITERALS=1: prove every "cannot match" by matching. */
gboolean sl_literals_checking(void)
{
	static gsize once;

	return sl_env_flag(&once, "SECLINT_CHECK_LITERALS", "1");
}

gboolean sl_regex_cannot_match(const char *pattern, GRegexCompileFlags flags,
			       const char *text)
{
	if (sl_literals_checking() && sl_regex_test(pattern, flags, text))
		g_error("seclint: '%s' was ruled out, yet matches: %s",
			pattern, text);
	return TRUE;
}

gboolean sl_guard_admits(struct sl_facts *facts, const char *pattern,
			 GRegexCompileFlags flags, const struct sl_guard *g,
			 const char *text)
{
	return sl_guard_passes(facts, g, text) ||
	       !sl_regex_cannot_match(pattern, flags, text);
}

gboolean sl_guarded_test(struct sl_facts *facts, const char *pattern,
			 GRegexCompileFlags flags, const struct sl_guard *g,
			 const char *text)
{
	return sl_guard_admits(facts, pattern, flags, g, text) &&
	       sl_regex_test(pattern, flags, text);
}

unsigned sl_guarded_count(struct sl_facts *facts, const char *pattern,
			  GRegexCompileFlags flags, const struct sl_guard *g,
			  const char *text)
{
	return sl_guard_admits(facts, pattern, flags, g, text)
		       ? sl_regex_count(pattern, flags, text) : 0;
}

gboolean sl_regex_ruled_out(struct sl_facts *facts, const char *pattern,
			    GRegexCompileFlags flags,
			    const char *const *needs, const char *text)
{
	const struct sl_guard g = { .has = needs, .caseless = TRUE };

	return !sl_guard_admits(facts, pattern, flags, &g, text);
}
