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
 * A pattern that has been run over 64 KiB of text in a thread is compiled
 * again by PCRE2's JIT, several times faster than its interpreter on the
 * large patches of an archive; small messages never pay for the JIT.
 * The JIT stack grows to 4 MiB, and a match that still runs out of it is
 * done again by the interpreter, so no match fails silently.  Valgrind
 * cannot follow JIT code (it reads whole words past the subject), so
 * SECLINT_REGEX_JIT=0 in the environment turns it off for its tests.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <string.h>

#include "matches.h"

struct code {
	pcre2_code *code;
	size_t used;		/* bytes of text matched so far */
	gboolean jit;		/* compiled by the JIT */
};

struct sl_matches {
	const char *text;
	size_t len, pos;
	struct code *code;		/* the thread's cache's */
	pcre2_match_data *data;
	uint32_t options;		/* for pcre2_match() */
	gboolean raw;			/* bytes, not UTF-8 */
	gboolean found;
};

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

/* Each thread compiles a pattern once, like lint/util/regex.c's cache. */
struct code_key {
	char *pattern;
	GRegexCompileFlags cflags;
};

static guint code_hash(gconstpointer p)
{
	const struct code_key *k = p;

	return g_str_hash(k->pattern) ^ (guint)k->cflags;
}

static gboolean code_equal(gconstpointer a, gconstpointer b)
{
	const struct code_key *x = a, *y = b;

	return x->cflags == y->cflags && !strcmp(x->pattern, y->pattern);
}

static void code_key_free(gpointer p)
{
	struct code_key *k = p;

	g_free(k->pattern);
	g_free(k);
}

static void code_free(gpointer p)
{
	struct code *c = p;

	pcre2_code_free(c->code);
	g_free(c);
}

/*
 * Most patterns are string constants asked for again and again from the
 * same address (or a GRegex's own copy): a slot keyed by the address
 * finds them without hashing the pattern; the strings are still compared,
 * as an address may hold another pattern later.
 */
#define CODE_SLOTS 512

struct codes {
	GHashTable *table;	/* struct code_key -> struct code */
	struct {
		const char *address;
		const struct code_key *key;	/* the table's */
		struct code *code;		/* the table's */
	} slots[CODE_SLOTS];
};

static void codes_free(gpointer p)
{
	struct codes *codes = p;

	g_hash_table_unref(codes->table);
	g_free(codes);
}

static GPrivate codes_key = G_PRIVATE_INIT(codes_free);

static struct codes *thread_codes(void)
{
	struct codes *codes = g_private_get(&codes_key);

	if (!codes) {
		codes = g_new0(struct codes, 1);
		codes->table = g_hash_table_new_full(code_hash, code_equal,
						     code_key_free, code_free);
		g_private_set(&codes_key, codes);
	}
	return codes;
}

static struct code *table_code(GHashTable *table, const char *pattern,
			       GRegexCompileFlags cflags,
			       const struct code_key **found)
{
	struct code_key probe = { (char *)pattern, cflags };
	struct code_key *key;
	struct code *code;
	gpointer k, v;
	pcre2_code *compiled;

	if (g_hash_table_lookup_extended(table, &probe, &k, &v)) {
		*found = k;
		return v;
	}
	compiled = compile(pattern, cflags);
	if (!compiled)
		return NULL;
	code = g_new0(struct code, 1);
	code->code = compiled;
	key = g_new(struct code_key, 1);
	*key = (struct code_key){ g_strdup(pattern), cflags };
	g_hash_table_insert(table, key, code);
	*found = key;
	return code;
}

/* The thread's compiled @pattern, or NULL if it does not compile. */
static struct code *code_for(const char *pattern, GRegexCompileFlags cflags)
{
	struct codes *codes = thread_codes();
	guintptr h = (guintptr)pattern ^ ((guintptr)pattern >> 9) ^
		     (guintptr)cflags;
	const struct code_key *key;
	struct code *code;
	__typeof__(codes->slots[0]) *slot =
		&codes->slots[(h >> 3) % CODE_SLOTS];

	if (slot->address == pattern && slot->key->cflags == cflags &&
	    !strcmp(slot->key->pattern, pattern))
		return slot->code;
	code = table_code(codes->table, pattern, cflags, &key);
	if (code) {
		slot->address = pattern;
		slot->key = key;
		slot->code = code;
	}
	return code;
}

#define JIT_AFTER (64 * 1024)

static gboolean jit_allowed(void)
{
	static gsize allowed;

	if (g_once_init_enter(&allowed)) {
		const char *env = g_getenv("SECLINT_REGEX_JIT");

		g_once_init_leave(&allowed, env && !strcmp(env, "0") ? 1 : 2);
	}
	return allowed == 2;
}

static GPrivate jit_stack_key =
	G_PRIVATE_INIT((GDestroyNotify)pcre2_jit_stack_free);

static pcre2_match_context *jit_context(void)
{
	static GPrivate context_key =
		G_PRIVATE_INIT((GDestroyNotify)pcre2_match_context_free);
	pcre2_match_context *mc = g_private_get(&context_key);

	if (!mc) {
		pcre2_jit_stack *stack = pcre2_jit_stack_create(
			32 * 1024, 4 * 1024 * 1024, NULL);

		g_private_set(&jit_stack_key, stack);
		mc = pcre2_match_context_create(NULL);
		pcre2_jit_stack_assign(mc, NULL, stack);
		g_private_set(&context_key, mc);
	}
	return mc;
}

/* Count @len more bytes for @c, and compile it by the JIT when due. */
static void use_code(struct code *c, size_t len)
{
	c->used += len;
	if (c->jit || c->used < JIT_AFTER || !jit_allowed())
		return;
	c->jit = pcre2_jit_compile(c->code, PCRE2_JIT_COMPLETE) == 0;
	c->used = 0;
	if (!c->jit)
		c->used = (size_t)-1 / 2;	/* no JIT here: do not retry */
}

/*
 * g_utf8_validate_len(), with runs of ASCII skipped eight bytes at a time:
 * mail is mostly ASCII, and every text is checked once per pattern run
 * over it.  GLib checks the rest from the first byte that is not ASCII.
 */
gboolean sl_utf8_valid(const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		guint64 word;

		if (end - p >= 8) {
			memcpy(&word, p, 8);
			if (!(word & G_GUINT64_CONSTANT(0x8080808080808080))) {
				p += 8;
				continue;
			}
		}
		if (!(*p & 0x80)) {
			p++;
			continue;
		}
		/* One character; GLib decides if it is valid. */
		{
			gunichar c = g_utf8_get_char_validated(p, end - p);

			if (c == (gunichar)-1 || c == (gunichar)-2)
				return FALSE;
			p = g_utf8_next_char(p);
		}
	}
	return TRUE;
}

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
		gunichar c;

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
		c = g_utf8_get_char_validated(p, end - p);
		if (c == (gunichar)-1 || c == (gunichar)-2)
			break;
		p = g_utf8_next_char(p);
	}
	return (gsize)(p - start);
}

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

static sl_matches *matches_new(struct code *code, GRegexCompileFlags cflags,
			       const char *text, gssize len,
			       GRegexMatchFlags mflags)
{
	sl_matches *m = g_new0(sl_matches, 1);

	m->text = text;
	m->len = len < 0 ? strlen(text) : (size_t)len;
	m->code = code;
	m->raw = (cflags & G_REGEX_RAW) != 0;
	/* A pattern GLib would not match (or one this file does not mirror)
	 * has no matches; so has a text that is not UTF-8, as with GLib. */
	if (!m->code || (!m->raw && !sl_utf8_valid(text, m->len))) {
		m->pos = m->len + 1;
		return m;
	}
	for (size_t i = 0; i < G_N_ELEMENTS(match_options); i++)
		if (mflags & match_options[i].glib)
			m->options |= match_options[i].pcre2;
	m->options |= PCRE2_NO_UTF_CHECK;
	m->data = pcre2_match_data_create_from_pattern(m->code->code, NULL);
	use_code(m->code, m->len);
	return m;
}

sl_matches *sl_matches_new(const GRegex *re, const char *text, gssize len,
			   GRegexMatchFlags mflags)
{
	GRegexCompileFlags cflags = g_regex_get_compile_flags(re);

	return matches_new(code_for(g_regex_get_pattern(re), cflags), cflags,
			   text, len, mflags | g_regex_get_match_flags(re));
}

/* Matches of a pattern, without a GRegex (which would compile it again):
 * NULL if @pattern does not compile. */
sl_matches *sl_matches_of(const char *pattern, GRegexCompileFlags cflags,
			  const char *text, gssize len,
			  GRegexMatchFlags mflags)
{
	struct code *code = code_for(pattern, cflags & ~G_REGEX_OPTIMIZE);

	return code ? matches_new(code, cflags, text, len, mflags) : NULL;
}

/* The same for a fixed pattern: an invalid one is a bug, so asserted. */
sl_matches *sl_matches_fixed(const char *pattern, GRegexCompileFlags cflags,
			     const char *text, gssize len)
{
	sl_matches *m = sl_matches_of(pattern, cflags, text, len, 0);

	g_assert(m);
	return m;
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
	rc = pcre2_match(m->code->code, (PCRE2_SPTR)m->text, m->len, m->pos,
			 m->options, m->data,
			 m->code->jit ? jit_context() : NULL);
	if (rc == PCRE2_ERROR_JIT_STACKLIMIT)
		rc = pcre2_match(m->code->code, (PCRE2_SPTR)m->text, m->len,
				 m->pos, m->options | PCRE2_NO_JIT, m->data,
				 NULL);
	if (rc < 0) {
		m->pos = m->len + 1;
		return FALSE;
	}
	m->found = TRUE;
	return TRUE;
}

gboolean sl_matches_fetch_pos(const sl_matches *m, int group, int *start,
			      int *end)
{
	PCRE2_SIZE *ov;

	if (!m->found || group < 0 ||
	    (uint32_t)group >= pcre2_get_ovector_count(m->data))
		return FALSE;
	ov = pcre2_get_ovector_pointer(m->data);
	if (ov[2 * group] == PCRE2_UNSET) {
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
	pcre2_match_data_free(m->data);
	g_free(m);
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
