// SPDX-License-Identifier: GPL-2.0-only
/*
 * MAINTAINERS: its sections and the kernel's rules for matching a file
 * against them, as scripts/get_maintainer.pl applies them.  A section is a
 * title line followed by "X:\tvalue" lines; F: and X: are globs that match
 * a prefix of the path (a trailing '/' means the directory and all under
 * it, otherwise the path must have as many '/' as the pattern), N: is an
 * extended regex searched in the path.  Pure computation: the caller
 * reads the file.
 */
#define _GNU_SOURCE		/* memmem */
#include <stdlib.h>
#include <string.h>

#include "address.h"
#include "env-flag.h"
#include "maintainers.h"
#include "matches.h"
#include "regex-cache.h"

/*
 * A parsed MAINTAINERS is kept as an index: one block of bytes that
 * holds every string once and the sections as offsets into them, so that
 * it can be cached on disk as it is (lint/repo/maint-cache.c) and loaded
 * again without parsing.  Parsing builds the index and loads it, so the
 * rules see the same structure from a cache and from the text.
 *
 * The index, all numbers 32-bit little-endian:
 *	flags (1: has a SECURITY CONTACT section), sections, entries,
 *	lists, bytes of strings, sections in the buckets;
 *	per section: its name, then how many M:, R:, L:, F:, X:, N:;
 *	the entries: string offsets, section by section, field by field;
 *	the L: addresses of all sections, sorted, each once;
 *	the buckets: for each byte, then for "any", where its sections end
 *	among those below (257 numbers); then the sections (their numbers,
 *	ascending in each bucket): a byte's are those with an F: pattern
 *	that starts with it, "any" those with one that starts with a
 *	wildcard, or with an N: pattern;
 *	the strings, each ending in NUL.
 * A section in neither the bucket of a path's first byte nor "any"
 * cannot match the path (its X: patterns only ever exclude), so
 * sl_maintainers_for() tries only those: the kernel's 2,634 sections had
 * each been tried for every file of every patch, reading the first
 * byte of each of their patterns from all over the strings.
 * Loading checks every count and offset against the size: an index that
 * does not add up is refused, never trusted.
 */
#define INDEX_HEAD 6
#define BUCKETS 257		/* one per byte, and "any" */
#define BUCKET_ANY 256
#define SL_MAINT_FIELDS 6
#define SECTION_WORDS (1 + SL_MAINT_FIELDS)
#define FLAG_KERNEL 1u

struct sl_maintainers {
	GBytes *index;		/* the strings below point into it */
	const guint8 *words;	/* its bytes */
	const char *strings;	/* and its strings */
	/* Each section's struct sl_maint_section, made on first use, and
	 * the number of its first entry: the hook asks for the few sections
	 * a patch's files may match, and making all of the kernel's 2,634
	 * (16,000 pointers) at each load was most of the load and a sixth of
	 * the hook's page faults. */
	gpointer *sections;
	guint32 *first;
	guint n_sections;
	const char **lists;	/* every L: address, sorted */
	guint n_lists;
	const guint8 *bucket_ends;	/* in the index: BUCKETS numbers */
	const guint8 *buckets;		/* and the sections in them */
	gboolean kernel;	/* has a SECURITY CONTACT section */
};

void sl_maintainers_free(struct sl_maintainers *m)
{
	if (!m)
		return;
	for (guint i = 0; m->sections && i < m->n_sections; i++)
		g_free(m->sections[i]);
	g_free(m->sections);
	g_free(m->first);
	g_free(m->lists);
	g_bytes_unref(m->index);
	g_free(m);
}

/* The addr-spec of "Name <addr>" or of a bare "addr (comment)". */
static char *entry_address(const char *value)
{
	const char *lt = strchr(value, '<');
	const char *gt = lt ? strchr(lt, '>') : NULL;
	g_autofree char *spec = NULL;
	char *space;

	if (lt && gt)
		spec = g_strndup(lt + 1, gt - lt - 1);
	else
		spec = g_strdup(value);
	space = strpbrk(spec, " \t(");
	if (space)
		*space = '\0';
	if (!strchr(spec, '@'))
		return NULL;
	return sl_address_normalise(spec);
}

/* The index being written. */
struct builder {
	GString *strings;
	GHashTable *offsets;	/* string -> its offset + 1 */
	GArray *words;		/* the sections, then the entries */
	GArray *entries;
	GHashTable *lists;	/* every L: address */
	GArray *bucket[BUCKETS];	/* of guint32, the sections in each */
	guint32 n_sections;
	gboolean kernel;
	/* The section being read: its fields, as growing arrays. */
	char *name;
	GPtrArray *field[SL_MAINT_FIELDS];
};

static guint32 intern(struct builder *b, const char *s)
{
	gpointer at = g_hash_table_lookup(b->offsets, s);
	guint32 off;

	if (at)
		return GPOINTER_TO_UINT(at) - 1;
	off = (guint32)b->strings->len;
	g_string_append_len(b->strings, s, (gssize)strlen(s) + 1);
	g_hash_table_insert(b->offsets, g_strdup(s), GUINT_TO_POINTER(off + 1));
	return off;
}

static void put32(GArray *a, guint32 v)
{
	guint32 le = GUINT32_TO_LE(v);

	g_array_append_val(a, le);
}

static void section_start(struct builder *b, const char *title)
{
	b->name = g_strdup(title);
	for (int i = 0; i < SL_MAINT_FIELDS; i++)
		b->field[i] = g_ptr_array_new_with_free_func(g_free);
}

/* Section b->n_sections into @bucket, once. */
static void bucket_add(struct builder *b, guint bucket)
{
	GArray *a = b->bucket[bucket];

	if (!a->len || g_array_index(a, guint32, a->len - 1) != b->n_sections)
		put32(a, b->n_sections);
}

/* The bucket of an F: pattern: its first byte's, or "any" for one that
 * starts with a wildcard (or is empty, and matches nothing). */
static guint pattern_bucket(const char *pat)
{
	return strchr("*?[", *pat) ? BUCKET_ANY : (guchar)*pat;
}

static void section_finish(struct builder *b)
{
	if (!b->name)
		return;
	for (guint k = 0; k < b->field[3]->len; k++)	/* F: */
		bucket_add(b, pattern_bucket(b->field[3]->pdata[k]));
	if (b->field[5]->len)				/* N: */
		bucket_add(b, BUCKET_ANY);
	put32(b->words, intern(b, b->name));
	for (int i = 0; i < SL_MAINT_FIELDS; i++) {
		put32(b->words, b->field[i]->len);
		for (guint k = 0; k < b->field[i]->len; k++)
			put32(b->entries, intern(b, b->field[i]->pdata[k]));
		g_ptr_array_unref(b->field[i]);
	}
	if (!strcmp(b->name, "SECURITY CONTACT"))
		b->kernel = TRUE;
	g_clear_pointer(&b->name, g_free);
	b->n_sections++;
}

/* "X:\tvalue": the type letter, and the value in @value. */
static char entry_type(const char *line, const char **value)
{
	if (!g_ascii_isupper(line[0]) || line[1] != ':')
		return 0;
	*value = line + 2;
	while (**value == ' ' || **value == '\t')
		(*value)++;
	return line[0];
}

static void section_entry(struct builder *b, char type, const char *value)
{
	static const char types[] = "MRLFXN";
	const char *t = strchr(types, type);
	char *addr;

	if (!t)
		return;
	if (type == 'F' || type == 'X') {
		g_ptr_array_add(b->field[t - types], g_strdup(value));
	} else if (type == 'N') {
		/* get_maintainer.pl matches N: with m/$value/x; a pattern
		 * that does not compile matches nothing. */
		if (sl_regex(value, G_REGEX_EXTENDED, 0, NULL))
			g_ptr_array_add(b->field[t - types], g_strdup(value));
	} else if ((addr = entry_address(value))) {
		if (type == 'L')
			g_hash_table_add(b->lists, g_strdup(addr));
		g_ptr_array_add(b->field[t - types], addr);
	}
}

static gint by_string(gconstpointer a, gconstpointer b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static GBytes *builder_finish(struct builder *b)
{
	g_autofree gpointer *lists = g_hash_table_get_keys_as_array(b->lists,
								    NULL);
	guint n_lists = g_hash_table_size(b->lists);
	g_autoptr(GArray) out = g_array_new(FALSE, FALSE, sizeof(guint32));
	g_autoptr(GArray) list_words = g_array_new(FALSE, FALSE,
						   sizeof(guint32));
	g_autoptr(GArray) bucket_words = g_array_new(FALSE, FALSE,
						     sizeof(guint32));
	guint32 n_bucket = 0;
	GByteArray *bytes;

	qsort(lists, n_lists, sizeof(*lists), by_string);
	for (guint i = 0; i < n_lists; i++)
		put32(list_words, intern(b, lists[i]));
	for (guint k = 0; k < BUCKETS; k++)
		put32(bucket_words, n_bucket += b->bucket[k]->len);
	for (guint k = 0; k < BUCKETS; k++)
		g_array_append_vals(bucket_words, b->bucket[k]->data,
				    b->bucket[k]->len);
	put32(out, b->kernel ? FLAG_KERNEL : 0);
	put32(out, b->n_sections);
	put32(out, b->entries->len);
	put32(out, n_lists);
	put32(out, (guint32)b->strings->len);
	put32(out, n_bucket);
	bytes = g_byte_array_sized_new(out->len * 4 + b->words->len * 4 +
				       b->entries->len * 4 + n_lists * 4 +
				       bucket_words->len * 4 +
				       b->strings->len);
	g_byte_array_append(bytes, (guint8 *)out->data, out->len * 4);
	g_byte_array_append(bytes, (guint8 *)b->words->data,
			    b->words->len * 4);
	g_byte_array_append(bytes, (guint8 *)b->entries->data,
			    b->entries->len * 4);
	g_byte_array_append(bytes, (guint8 *)list_words->data, n_lists * 4);
	g_byte_array_append(bytes, (guint8 *)bucket_words->data,
			    bucket_words->len * 4);
	g_byte_array_append(bytes, (guint8 *)b->strings->str,
			    b->strings->len);
	return g_byte_array_free_to_bytes(bytes);
}

GBytes *sl_maintainers_index(const char *text, gsize len)
{
	g_autofree char *copy = g_strndup(text, len);
	g_auto(GStrv) lines = g_strsplit(copy, "\n", -1);
	struct builder b = {
		.strings = g_string_new(NULL),
		.offsets = g_hash_table_new_full(g_str_hash, g_str_equal,
						 g_free, NULL),
		.words = g_array_new(FALSE, FALSE, sizeof(guint32)),
		.entries = g_array_new(FALSE, FALSE, sizeof(guint32)),
		.lists = g_hash_table_new_full(g_str_hash, g_str_equal,
					       g_free, NULL),
	};
	GBytes *index;

	for (guint k = 0; k < BUCKETS; k++)
		b.bucket[k] = g_array_new(FALSE, FALSE, sizeof(guint32));
	for (char **l = lines; *l; l++) {
		const char *value;
		char type;

		g_strchomp(*l);
		type = entry_type(*l, &value);
		if (type && b.name)
			section_entry(&b, type, value);
		else if (!type && **l && **l != ' ' && **l != '\t') {
			section_finish(&b);
			section_start(&b, *l);
		} else if (!**l) {
			section_finish(&b);
		}
	}
	section_finish(&b);
	index = builder_finish(&b);
	g_string_free(b.strings, TRUE);
	g_hash_table_unref(b.offsets);
	g_array_unref(b.words);
	g_array_unref(b.entries);
	g_hash_table_unref(b.lists);
	for (guint k = 0; k < BUCKETS; k++)
		g_array_unref(b.bucket[k]);
	return index;
}

static guint32 get32(const guint8 *p, gsize i)
{
	guint32 v;

	memcpy(&v, p + 4 * i, 4);
	return GUINT32_FROM_LE(v);
}

/* The string at @off, if @off is inside the strings (which end in NUL). */
static const char *string_at(const char *strings, guint32 size, guint32 off)
{
	return off < size ? strings + off : NULL;
}

/*
 * Check @m's sections in the index @p: FALSE where they do not add up
 * (a count beyond the entries, a name or an entry outside the strings),
 * so that an index is refused whole at loading, as before sections were
 * made on first use; and note where each section's entries start.
 */
static gboolean load_sections(struct sl_maintainers *m, const guint8 *p,
			      guint32 n_entries, guint32 size)
{
	const guint8 *entries = p + 4 * (INDEX_HEAD +
					  (gsize)m->n_sections * SECTION_WORDS);
	guint64 next = 0;	/* the next entry */

	for (guint i = 0; i < m->n_sections; i++) {
		gsize at = INDEX_HEAD + (gsize)i * SECTION_WORDS;

		m->first[i] = (guint32)next;
#pragma GCC unroll 6
		for (int f = 0; f < SL_MAINT_FIELDS; f++)
			next += get32(p, at + 1 + f);
		if (next > n_entries || get32(p, at) >= size)
			return FALSE;
	}
	for (guint32 k = 0; k < n_entries; k++)
		if (get32(entries, k) >= size)
			return FALSE;
	return next == n_entries;
}

/* Section @i, made from the index (which load_sections() checked): one
 * block, the struct and its six NULL-terminated arrays. */
static struct sl_maint_section *make_section(const struct sl_maintainers *m,
					     guint i)
{
	const guint8 *p = m->words;
	const guint8 *entries = p + 4 * (INDEX_HEAD + (gsize)m->n_sections *
					  SECTION_WORDS + m->first[i]);
	gsize at = INDEX_HEAD + (gsize)i * SECTION_WORDS;
	guint32 n[SL_MAINT_FIELDS];
	gsize total = 0;
	struct sl_maint_section *s;
	char **out;
	char ***field[SL_MAINT_FIELDS];

	for (int f = 0; f < SL_MAINT_FIELDS; f++)
		total += n[f] = get32(p, at + 1 + f);
	s = g_malloc(sizeof(*s) + (total + SL_MAINT_FIELDS) * sizeof(char *));
	out = (char **)(s + 1);
	field[0] = &s->maintainers;
	field[1] = &s->reviewers;
	field[2] = &s->lists;
	field[3] = &s->files;
	field[4] = &s->excludes;
	field[5] = &s->regexes;
	s->name = (char *)m->strings + get32(p, at);
	for (int f = 0; f < SL_MAINT_FIELDS; f++) {
		*field[f] = out;
		for (guint32 k = 0; k < n[f]; k++)
			out[k] = (char *)m->strings + get32(entries, k);
		out[n[f]] = NULL;
		entries += 4 * (gsize)n[f];
		out += n[f] + 1;
	}
	return s;
}

/*
 * Section @i of @m, made on first use (from any thread): the first made
 * is published with a compare-and-swap, and a thread that lost the race
 * frees its own (a section is a pure function of the index).  Not
 * g_once_init_enter(): its leave wakes any waiters with a futex system
 * call every time, 123 calls for the sections the hook tries for one
 * kernel file (net/core/dev.c), where nothing ever waits.
 */
static const struct sl_maint_section *section(const struct sl_maintainers *m,
					      guint i)
{
	gpointer *slot = &m->sections[i];
	gpointer made = g_atomic_pointer_get(slot);

	if (!made) {
		made = make_section(m, i);
		if (!g_atomic_pointer_compare_and_exchange(slot, NULL, made)) {
			g_free(made);
			made = g_atomic_pointer_get(slot);
		}
	}
	return made;
}

static gboolean load_lists(struct sl_maintainers *m, const guint8 *p,
			   const char *strings, guint32 size)
{
	for (guint i = 0; i < m->n_lists; i++) {
		m->lists[i] = string_at(strings, size, get32(p, i));
		if (!m->lists[i] ||
		    (i && strcmp(m->lists[i - 1], m->lists[i]) >= 0))
			return FALSE;
	}
	return TRUE;
}

/* The buckets at @ends, @n_bucket sections at @in: each bucket ends
 * after the one before, the last at @n_bucket, and holds sections that
 * exist, ascending. */
static gboolean load_buckets(const guint8 *ends, const guint8 *in,
			     guint32 n_bucket, guint32 n_sections)
{
	guint32 start = 0;

	for (guint k = 0; k < BUCKETS; k++) {
		guint32 end = get32(ends, k);

		if (end < start || end > n_bucket)
			return FALSE;
		for (guint32 i = start; i < end; i++)
			if (get32(in, i) >= n_sections ||
			    (i > start && get32(in, i) <= get32(in, i - 1)))
				return FALSE;
		start = end;
	}
	return start == n_bucket;
}

struct sl_maintainers *sl_maintainers_load(GBytes *index)
{
	gsize len;
	const guint8 *p = g_bytes_get_data(index, &len);
	g_autoptr(sl_maintainers) m = g_new0(struct sl_maintainers, 1);
	guint32 flags, n_entries, size, n_bucket;
	guint64 want;
	const char *strings;
	const guint8 *lists;

	if (!p || len < 4 * INDEX_HEAD)
		return NULL;
	flags = get32(p, 0);
	m->n_sections = get32(p, 1);
	n_entries = get32(p, 2);
	m->n_lists = get32(p, 3);
	size = get32(p, 4);
	n_bucket = get32(p, 5);
	want = 4 * ((guint64)INDEX_HEAD + (guint64)m->n_sections *
		    SECTION_WORDS + n_entries + m->n_lists + BUCKETS +
		    n_bucket) + size;
	if (want != len || (flags & ~FLAG_KERNEL) || !size)
		return NULL;
	lists = p + 4 * (INDEX_HEAD + (gsize)m->n_sections * SECTION_WORDS +
			 n_entries);
	m->bucket_ends = lists + 4 * (gsize)m->n_lists;
	m->buckets = m->bucket_ends + 4 * BUCKETS;
	if (!load_buckets(m->bucket_ends, m->buckets, n_bucket,
			  m->n_sections))
		return NULL;
	strings = (const char *)p + (len - size);
	if (strings[size - 1] != '\0')
		return NULL;
	m->index = g_bytes_ref(index);
	m->words = p;
	m->strings = strings;
	m->kernel = (flags & FLAG_KERNEL) != 0;
	m->sections = g_new0(gpointer, m->n_sections);
	m->first = g_new(guint32, m->n_sections);
	m->lists = g_new(const char *, m->n_lists);
	if (!load_sections(m, p, n_entries, size) ||
	    !load_lists(m, lists, strings, size))
		return NULL;
	return g_steal_pointer(&m);
}

struct sl_maintainers *sl_maintainers_parse(const char *text, gsize len)
{
	g_autoptr(GBytes) index = sl_maintainers_index(text, len);

	return sl_maintainers_load(index);
}

/*
 * Does the glob @pat match a prefix of @str?  '*' is any run of characters
 * ('/' included), '?' one character, "[...]" a class: the regex that
 * get_maintainer.pl makes of a pattern, anchored at the start only.
 */
static gboolean glob_prefix(const char *pat, const char *str)
{
	for (; *pat; pat++, str++) {
		if (*pat == '*') {
			for (const char *s = str;; s++) {
				if (glob_prefix(pat + 1, s))
					return TRUE;
				if (!*s)
					return FALSE;
			}
		}
		if (!*str)
			return FALSE;
		if (*pat == '[') {
			const char *end = strchr(pat + 1, ']');
			gboolean neg = pat[1] == '^';
			gboolean hit = FALSE;

			if (!end)
				return FALSE;
			for (const char *c = pat + 1 + neg; c < end; c++)
				hit |= *c == *str;
			if (hit == neg)
				return FALSE;
			pat = end;
		} else if (*pat != '?' && *pat != *str) {
			return FALSE;
		}
	}
	return TRUE;
}

static unsigned slashes(const char *s)
{
	unsigned n = 0;

	for (; *s; s++)
		n += *s == '/';
	return n;
}

/*
 * A pattern without a trailing '/' that names a directory is one (the
 * Perl script asks the file system, -d); here: a plain path of which @file
 * lies beneath.
 */
static gboolean names_directory(const char *pat, const char *file)
{
	size_t n = strlen(pat);

	return !strpbrk(pat, "*?[") && !strncmp(file, pat, n) && file[n] == '/';
}

/*
 * SECLINT_CHECK_MAINTAINERS=1: every pattern the fast paths below pass
 * over is matched the slow way too, and one that matches aborts; the
 * cache (maint-cache.c) is summed even where its record says it was.
 */
gboolean sl_maint_checking(void)
{
	static gsize once;

	return sl_env_flag(&once, "SECLINT_CHECK_MAINTAINERS", "1");
}

/* Does the F: or X: pattern @pat cover @file?  The whole test. */
G_GNUC_NO_INLINE static gboolean pattern_covers(const char *pat,
						const char *file)
{
	size_t n = strlen(pat);

	if (!n || !glob_prefix(pat, file))
		return FALSE;
	return pat[n - 1] == '/' || names_directory(pat, file) ||
	       slashes(file) == slashes(pat);
}

/* With SECLINT_CHECK_MAINTAINERS=1: the pattern @pat, passed over for
 * its first character, tested whole too. */
G_GNUC_NO_INLINE static void check_passed_over(const char *pat,
					       const char *file)
{
	if (pattern_covers(pat, file))
		g_error("seclint: MAINTAINERS pattern '%s' was passed "
			"over, yet matches %s", pat, file);
}

/*
 * Does the F: or X: pattern @pat cover @file?  Most patterns fail on
 * their first character: glob_prefix() would too, without the strlen()
 * and the call, which cost more than the test (a section's patterns are
 * run through here for every file of a patch).  @check: sl_maint_checking().
 */
static inline gboolean covers(const char *pat, const char *file,
			      gboolean check)
{
	if (G_LIKELY(*pat != *file && *pat != '*' && *pat != '?' &&
		     *pat != '[')) {
		if (G_UNLIKELY(check))
			check_passed_over(pat, file);
		return FALSE;
	}
	return pattern_covers(pat, file);
}

/*
 * get_maintainer.pl's depth of a pattern: its '/'s, plus one unless it
 * ends with '/' (so "net/core/" and "net/core" are 2, "net/core/dev.c"
 * is 3); -1 for a pattern starting with '*' (THE REST).
 */
static int pattern_depth(const char *pat)
{
	if (pat[0] == '*')
		return -1;
	return (int)slashes(pat) + (pat[strlen(pat) - 1] != '/');
}

/* A character that stands for itself in an extended regex. */
static gboolean literal_char(char c)
{
	return g_ascii_isalnum(c) || c == '_' || c == '/' || c == '-' ||
	       c == ',';
}

/*
 * Is @re made only of literal characters, '.', '^', '$', the quantifiers
 * '?', '*' and '+', and classes of plain characters ("[^a-z0-9]", "[-_]")?
 * Then it is a sequence of single-character atoms, with no alternative:
 * groups, '|', escapes, "{n}", white space and '#' (G_REGEX_EXTENDED)
 * make it FALSE.
 */
static gboolean plain_regex(const char *re)
{
	for (const char *p = re; *p; p++) {
		if (literal_char(*p) || strchr(".^$?*+", *p))
			continue;
		if (*p != '[')
			return FALSE;
		if (*++p == '^')
			p++;
		if (*p == ']')
			return FALSE;
		for (; *p != ']'; p++)
			if (!*p || *p == '[' || *p == '\\')
				return FALSE;
	}
	return TRUE;
}

/*
 * Could the N: regex @re match @file?  FALSE only where it cannot: in a
 * plain_regex(), a run of literal characters (without the last, if a
 * quantifier follows it) is in every match, and @file lacks it.  Anything
 * else answers TRUE, and the regex decides.  Most of the kernel's N:
 * patterns are plain words ("rockchip", "bcm[9]?6858"), which a path
 * rarely holds: so they are not compiled for it.
 */
gboolean sl_maint_regex_may_match(const char *re, const char *file)
{
	const char *run = NULL;

	if (!plain_regex(re))
		return TRUE;
	for (const char *p = re;; p++) {
		if (literal_char(*p)) {
			if (!run)
				run = p;
			continue;
		}
		if (run) {
			const char *end = p;

			if (*p == '?' || *p == '*' || *p == '+')
				end--;	/* the last literal may be absent */
			if (end > run && !memmem(file, strlen(file), run,
					   (size_t)(end - run)))
				return FALSE;
			run = NULL;
		}
		if (!*p)
			return TRUE;
		if (*p == '[')
			p = strchr(p + 2, ']');	/* plain_regex() found it */
	}
}

/* sl_maint_section_match(), @check: sl_maint_checking(), asked once by the caller
 * (once for all sections is less than the match of one). */
static gboolean section_match(const struct sl_maint_section *section,
			      const char *file, int *depth, gboolean check)
{
	gboolean hit = FALSE;

	for (char **x = section->excludes; *x; x++)
		if (covers(*x, file, check))
			return FALSE;
	*depth = -1;
	for (char **f = section->files; *f; f++) {
		if (covers(*f, file, check)) {
			*depth = hit ? MAX(*depth, pattern_depth(*f))
				     : pattern_depth(*f);
			hit = TRUE;
		}
	}
	/* An N: match counts as exact: the script never drops it by depth. */
	for (char **n = section->regexes; !hit && *n; n++) {
		/* Compiled on first use, once per process (lint/util/regex.c),
		 * and only for a file that may match. */
		gboolean may = sl_maint_regex_may_match(*n, file);
		GRegex *re = may || check ?
			     sl_regex(*n, G_REGEX_EXTENDED, 0, NULL) : NULL;

		if (re && sl_regex_matches(re, file, 0)) {
			if (!may)
				g_error("seclint: MAINTAINERS N: '%s' was "
					"passed over, yet matches %s", *n, file);
			*depth = (int)slashes(file) + 1;
			hit = TRUE;
		}
	}
	return hit;
}

gboolean sl_maint_section_match(const struct sl_maint_section *section,
				const char *file, int *depth)
{
	return section_match(section, file, depth, sl_maint_checking());
}

struct match {
	const struct sl_maint_section *section;
	int depth;
};

static gint deeper_first(gconstpointer a, gconstpointer b)
{
	const struct match *x = a, *y = b;

	return y->depth - x->depth;
}

static gboolean any_maintainer(GArray *matches)
{
	for (guint i = 0; i < matches->len; i++)
		if (*g_array_index(matches, struct match, i).section->maintainers)
			return TRUE;
	return FALSE;
}

/*
 * The sections for @files, each matched once: "deep" holds those at least
 * as deep as a file ("--pattern-depth 1"), "all" every match, both in the
 * order of the file, sorted deepest first (a stable sort).
 */
/* Mark in @tried the sections of bucket @k. */
static void mark_bucket(const struct sl_maintainers *m, guint k,
			guint8 *tried)
{
	guint32 end = get32(m->bucket_ends, k);

	for (guint32 i = k ? get32(m->bucket_ends, k - 1) : 0; i < end; i++)
		tried[get32(m->buckets, i)] = 1;
}

GPtrArray *sl_maintainers_for(const struct sl_maintainers *m,
			      const char *const *files)
{
	g_autoptr(GArray) deep = g_array_new(FALSE, FALSE,
					     sizeof(struct match));
	g_autoptr(GArray) all = g_array_new(FALSE, FALSE,
					    sizeof(struct match));
	GArray *matches = deep;
	GPtrArray *out = g_ptr_array_new();
	const gboolean check = sl_maint_checking();
	/* The sections that may match a file: its first byte's, "any". */
	g_autofree guint8 *tried = g_malloc0(m->n_sections + 1);

	mark_bucket(m, BUCKET_ANY, tried);
	for (const char *const *f = files; *f; f++)
		mark_bucket(m, (guchar)**f, tried);
	for (guint i = 0; i < m->n_sections; i++) {
		struct match d = { NULL, -2 }, a;

		/* With SECLINT_CHECK_MAINTAINERS every section is tried,
		 * and one passed over that matches aborts. */
		if (!tried[i] && !check)
			continue;
		d.section = section(m, i);
		a = d;
		for (const char *const *f = files; *f; f++) {
			int depth;

			if (!section_match(a.section, *f, &depth, check))
				continue;
			if (!tried[i])
				g_error("seclint: MAINTAINERS section '%s' "
					"was passed over, yet matches %s",
					a.section->name, *f);
			a.depth = MAX(a.depth, depth);
			if ((int)slashes(*f) - depth < 1)
				d.depth = MAX(d.depth, depth);
		}
		if (d.depth > -2)
			g_array_append_val(deep, d);
		if (a.depth > -2)
			g_array_append_val(all, a);
	}
	g_array_sort(deep, deeper_first);
	if (!any_maintainer(deep)) {
		g_array_sort(all, deeper_first);
		matches = all;
	}
	for (guint i = 0; i < matches->len; i++)
		g_ptr_array_add(out, (gpointer)g_array_index(matches,
			struct match, i).section);
	return out;
}

const struct sl_maint_section *sl_maintainers_section(
	const struct sl_maintainers *m, guint i)
{
	return i < m->n_sections ? section(m, i) : NULL;
}

gboolean sl_maintainers_is_list(const struct sl_maintainers *m,
				const char *addr)
{
	return m->n_lists && bsearch(&addr, m->lists, m->n_lists, sizeof(*m->lists),
		       by_string) != NULL;
}

gboolean sl_maintainers_is_kernel(const struct sl_maintainers *m)
{
	return m->kernel;
}
