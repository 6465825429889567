// SPDX-License-Identifier: GPL-2.0-only
/*
 * The two Perl parsers git send-email reads addresses with, ported so that
 * the hook splits a list exactly where git does, and every mode reads a
 * header's addresses as git (and mutt) split them (lint/mail/address.c):
 *
 * - Mail::Address->parse (MailTools 2.21), behind git's parse_address_line:
 *   every --to/--cc/--bcc value, sendemail.to/cc/bcc, the patch's To:, Cc:
 *   and From:, body trailers and --cc-cmd output.  It ends an address at
 *   ',' and at ';' (GMime's RFC 5322 parser stops at ';' and drops the rest)
 *   and starts a new one at a word after a complete address.
 * - Text::ParseWords::quotewords, behind git's split_addrs (alias values
 *   split at commas) and the mailrc alias type (split at blanks).
 *
 * Perl's \s here is ASCII white space: git reads bytes, not characters.
 */
#include <string.h>

#include "errors.h"
#include "perladdr.h"

static gboolean perl_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
	       c == '\v';
}

/* [()<>@,;:\\".[\]] */
static gboolean special(char c)
{
	return c && strchr("()<>@,;:\\\".[]", c) != NULL;
}

static const char *skip_space(const char *p)
{
	while (*p && perl_space(*p))
		p++;
	return p;
}

/* ([^\(\)\\]|\\.)*  from @p; returns the end. */
static const char *comment_chars(const char *p)
{
	for (;;) {
		if (*p == '\\' && p[1])
			p += 2;
		else if (*p && *p != '(' && *p != ')' && *p != '\\')
			p++;
		else
			return p;
	}
}

/*
 * The words of a line, each a C string in one block: they are disjoint
 * pieces of the line, so the block needs the line's length and a NUL for
 * each at most, and the final ",".  Read while the parse runs; nothing of
 * it is kept.
 */
struct words {
	char *text;
	gsize used;
	GPtrArray *list;	/* of const char *, into @text */
};

static void words_init(struct words *w, const char *line)
{
	w->text = g_malloc(2 * strlen(line) + 3);
	w->used = 0;
	w->list = g_ptr_array_new();
}

static void words_clear(struct words *w)
{
	g_free(w->text);
	g_ptr_array_unref(w->list);
}

static void add_word(struct words *w, const char *p, gsize n)
{
	char *d = w->text + w->used;

	memcpy(d, p, n);
	d[n] = '\0';
	w->used += n + 1;
	g_ptr_array_add(w->list, d);
}

/* Mail::Address::_tokenise.  FALSE: its croak "Unrecognised line". */
static gboolean tokenise(const char *line, struct words *words)
{
	g_autofree char *copy = g_strdup(line);
	const char *p;

	for (char *c = copy; *c; c++)	/* s/[\r\n]+/ /g, near enough */
		if (*c == '\r' || *c == '\n')
			*c = ' ';
	p = skip_space(copy);
	while (*p) {
		const char *q = skip_space(p);

		if (*q == '(') {	/* a comment, nested */
			GString *field = g_string_new(NULL);
			int depth = 0;

			p = q;
			while (*p == '(') {
				const char *e = comment_chars(p + 1);
				gboolean done = FALSE;

				g_string_append_len(field, p, e - p);
				p = e;
				depth++;
				while (*p == ')') {
					e = skip_space(p + 1);
					g_string_append_len(field, p, e - p);
					p = e;
					if (!--depth) {
						done = TRUE;
						break;
					}
					e = comment_chars(p);
					g_string_append_len(field, p, e - p);
					p = e;
					/* ([^()\\]|\\.)*\) may span chars first */
				}
				if (done)
					break;
			}
			while (field->len && perl_space(field->str[field->len - 1]))
				g_string_truncate(field, field->len - 1);
			add_word(words, field->str, field->len);
			g_string_free(field, TRUE);
			continue;
		}
		const char *e = p;

		if (*p == '"' || *p == '[') {
			char close = *p == '"' ? '"' : ']';

			for (e = p + 1; *e && *e != close; e++)
				if (*e == '\\' && e[1])
					e++;
			if (*e == close)
				e++;
			else
				e = p;	/* unterminated: a special below */
		}
		if (e == p)
			while (*e && !perl_space(*e) && !special(*e))
				e++;
		if (e == p && special(*p))
			e = p + 1;
		if (e == p)
			return FALSE;
		add_word(words, p, (gsize)(e - p));
		p = skip_space(e);
	}
	add_word(words, ",", 1);
	return TRUE;
}

static const char *find_next(GPtrArray *t, guint idx)
{
	for (; idx < t->len; idx++) {
		const char *c = t->pdata[idx];

		if (!strcmp(c, ",") || !strcmp(c, ";") || !strcmp(c, "<"))
			return c;
	}
	return "";
}

static void perl_addr_free(gpointer p)
{
	struct sl_perl_addr *a = p;

	g_free(a->formatted);
	g_free(a->address);
	g_free(a->phrase);
	g_free(a);
}

static gboolean is_atext_phrase(const char *s)
{
	/* ^(?:\s*[\-\w !#$%&'*+/=?^`{|}~]\s*)+$ with ASCII \w */
	if (!*s)
		return FALSE;
	for (; *s; s++)
		if (!g_ascii_isalnum(*s) && !perl_space(*s) &&
		    !strchr("-_ !#$%&'*+/=?^`{|}~", *s))
			return FALSE;
	return TRUE;
}

static gboolean has_unescaped_quote(const char *s)
{
	for (const char *p = s; *p; p++)
		if (*p == '"' && (p == s || p[-1] != '\\'))
			return TRUE;
	return FALSE;
}

/* Mail::Address::format for one object. */
static char *format(const char *phrase, const char *email, const char *comment)
{
	GString *out = g_string_new(NULL);

	if (*phrase) {
		if (is_atext_phrase(phrase) || has_unescaped_quote(phrase))
			g_string_append(out, phrase);
		else
			g_string_append_printf(out, "\"%s\"", phrase);
		if (*email)
			g_string_append_printf(out, " <%s>", email);
	} else if (*email) {
		g_string_append(out, email);
	}
	if (*comment) {
		const char *s = comment, *e = comment + strlen(comment);
		gboolean nonblank = FALSE;

		for (const char *p = s; p < e; p++)
			nonblank |= !perl_space(*p);
		if (nonblank) {	/* s/^\s*\(?/(/; s/\)?\s*$/)/ */
			s = skip_space(s);
			if (*s == '(')
				s++;
			while (e > s && perl_space(e[-1]))
				e--;
			if (e > s && e[-1] == ')')
				e--;
			if (out->len)
				g_string_append_c(out, ' ');
			g_string_append_printf(out, "(%.*s)", (int)(e - s), s);
		} else {
			if (out->len)
				g_string_append_c(out, ' ');
			g_string_append(out, comment);
		}
	}
	return g_string_free(out, FALSE);
}

static void complete(GPtrArray *out, GPtrArray *phrase, GString *address,
		     GPtrArray *comment)
{
	struct sl_perl_addr *a;
	g_autofree char *ph = NULL, *co = NULL;

	if (!phrase->len && !comment->len && !address->len)
		return;
	g_ptr_array_add(phrase, NULL);
	g_ptr_array_add(comment, NULL);
	ph = g_strjoinv(" ", (char **)phrase->pdata);
	co = g_strjoinv(" ", (char **)comment->pdata);
	a = g_new0(struct sl_perl_addr, 1);
	a->formatted = format(ph, address->str, co);
	a->address = g_strdup(address->str);
	a->phrase = g_steal_pointer(&ph);
	g_ptr_array_add(out, a);
	g_ptr_array_set_size(phrase, 0);
	g_ptr_array_set_size(comment, 0);
	g_string_truncate(address, 0);
}

/* ---- the plain shape ---- */


/* atext (RFC 5322) without '.', '=' and '?' (no encoded word can start),
 * for the words of a name. */
static const guint8 word_extra[128] = {
	['!'] = 1, ['#'] = 1, ['$'] = 1, ['%'] = 1, ['&'] = 1, ['\''] = 1,
	['*'] = 1, ['+'] = 1, ['-'] = 1, ['/'] = 1, ['^'] = 1, ['_'] = 1,
	['`'] = 1, ['{'] = 1, ['|'] = 1, ['}'] = 1, ['~'] = 1,
};

static gboolean plain_word_char(char c)
{
	return g_ascii_isalnum(c) ||
	       ((unsigned char)c < 128 && word_extra[(unsigned char)c]);
}

/*
 * The classes the plain shape reads its bytes by, one bit each, so that
 * a scan tests one table entry a byte instead of a chain of compares.
 * The table is built at first use from the predicates above, so that it
 * cannot drift from them.
 */
enum {
	PLAIN_SPACE = 1 << 0,	/* perl_space() */
	PLAIN_LOCAL = 1 << 1,	/* of a local part, but for '.' */
	PLAIN_DOMAIN = 1 << 2,	/* of a domain, but for '.' */
	PLAIN_NAME = 1 << 3,	/* of a name's unquoted word */
	PLAIN_QUOTED = 1 << 4,	/* inside a name's quoted string */
};

static guint8 plain_class[256];

static guint8 plain_class_of(char c)
{
	guint8 k = 0;

	if (perl_space(c))
		k |= PLAIN_SPACE;
	if (plain_word_char(c) || c == '=')
		k |= PLAIN_LOCAL;
	if (g_ascii_isalnum(c) || c == '-')
		k |= PLAIN_DOMAIN;
	if (plain_word_char(c) || c == '=' || c == '?')
		k |= PLAIN_NAME;
	if (!(c < 0x20 || c > 0x7e || c == '\\') && c != '"')
		k |= PLAIN_QUOTED;
	return k;
}

static const guint8 *plain_classes(void)
{
	static gsize built;

	if (g_once_init_enter(&built)) {
		for (int i = 0; i < 256; i++)
			plain_class[i] = plain_class_of((char)i);
		g_once_init_leave(&built, 1);
	}
	return plain_class;
}

#define IS(k, c, bit) ((k)[(unsigned char)(c)] & (bit))

/* local@domain: atext and inner single dots before the '@', letters,
 * digits, '-' and inner single dots after it.  Returns its end, or NULL. */
static const char *plain_spec(const guint8 *k, const char *p)
{
	const char *start = p;
	guint8 part = PLAIN_LOCAL;

	for (;; p++) {
		while (IS(k, *p, part))
			p++;
		if (*p == '.') {
			if (p == start || p[-1] == '.' || p[-1] == '@' ||
			    !p[1] || p[1] == '.' || p[1] == '@')
				return NULL;	/* a leading, trailing or
						 * double dot */
			continue;
		}
		if (*p != '@')
			break;
		if (part == PLAIN_DOMAIN || p == start)
			return NULL;
		part = PLAIN_DOMAIN;
		start = p + 1;
	}
	return part == PLAIN_DOMAIN && p > start && p[-1] != '.' ? p : NULL;
}

/*
 * A word of a name, as Mail::Address's tokeniser takes it whole: a run of
 * atext without '.' (an encoded word's "=?UTF-8?q?Ren=C3=A9?=" is one),
 * or a quoted string without a backslash, line end or control byte in it
 * ("Last, First", "brian m. carlson").  Returns its end, or NULL.
 */
static const char *plain_name_word(const guint8 *k, const char *p)
{
	const char *start = p;

	if (*p == '"') {
		for (p++; IS(k, *p, PLAIN_QUOTED); p++)
			;
		return *p == '"' ? p + 1 : NULL;
	}
	while (IS(k, *p, PLAIN_NAME))
		p++;
	return p > start ? p : NULL;
}

gboolean sl_perl_address_plain(const char *line,
			       void (*each)(const char *spec, gsize len,
					    gpointer data),
			       gpointer data)
{
	const guint8 *k = plain_classes();
	const char *p;
	guint pieces = 0;
	/* The first pass's addr-specs, so that a line of a few pieces is
	 * not read twice. */
	struct {
		const char *spec;
		gsize len;
	} seen[64];

	/* The shape first, so that @each is called only for a plain line:
	 * one piece at least, of printable ASCII and white space (a folded
	 * header's line ends too) only, as every byte it takes is. */
	for (int pass = 0; pass < 2; pass++) {
		for (p = line;;) {
			const char *spec, *end;

			while (IS(k, *p, PLAIN_SPACE))
				p++;
			if (*p == '<' || !(end = plain_spec(k, p))) {
				/* words <spec> (or <spec>) */
				while ((end = plain_name_word(k, p))) {
					p = end;
					while (IS(k, *p, PLAIN_SPACE))
						p++;
				}
				if (*p != '<')
					return FALSE;
				spec = p + 1;
				end = plain_spec(k, spec);
				if (!end || *end != '>')
					return FALSE;
				p = end + 1;
			} else {
				spec = p;
				p = end;
			}
			while (IS(k, *p, PLAIN_SPACE))
				p++;
			if (*p != ',' && *p)
				return FALSE;
			if (pass) {
				each(spec, (gsize)(end - spec), data);
			} else {
				if (pieces < G_N_ELEMENTS(seen)) {
					seen[pieces].spec = spec;
					seen[pieces].len = (gsize)(end - spec);
				}
				pieces++;
			}
			if (!*p++)
				break;
		}
		if (!pass && pieces <= G_N_ELEMENTS(seen)) {
			for (guint i = 0; i < pieces; i++)
				each(seen[i].spec, seen[i].len, data);
			return pieces > 0;
		}
	}
	return pieces > 0;
}

#undef IS

static gboolean addr_special(const char *w)
{
	return w[0] && !w[1] && strchr(".@:;", w[0]);
}

GPtrArray *sl_perl_address_parse(const char *line, GError **error)
{
	struct words words;
	GPtrArray *t;
	g_autoptr(GPtrArray) phrase = g_ptr_array_new();
	g_autoptr(GPtrArray) comment = g_ptr_array_new();
	g_autoptr(GString) address = g_string_new(NULL);
	GPtrArray *out = g_ptr_array_new_with_free_func(perl_addr_free);
	const char *last = NULL;	/* last word pushed to @address */
	const char *next;
	int depth = 0;

	words_init(&words, line);
	t = words.list;
	if (!tokenise(line, &words)) {
		g_set_error(error, SECLINT_ERROR, SECLINT_ERROR_PARSE,
			    "Mail::Address cannot parse '%s' (git send-email "
			    "dies on it too)", line);
		words_clear(&words);
		g_ptr_array_unref(out);
		return NULL;
	}
	next = find_next(t, 0);
	for (guint i = 0; i < t->len; i++) {
		const char *w = t->pdata[i];

		if (w[0] == '(') {
			g_ptr_array_add(comment, (gpointer)w);
		} else if (!strcmp(w, "<")) {
			depth++;
		} else if (!strcmp(w, ">")) {
			if (depth)
				depth--;
		} else if (!strcmp(w, ",") || !strcmp(w, ";")) {
			complete(out, phrase, address, comment);
			last = NULL;
			depth = 0;
			next = find_next(t, i + 1);
		} else if (depth) {
			g_string_append(address, w);
			last = w;
		} else if (!strcmp(next, "<")) {
			g_ptr_array_add(phrase, (gpointer)w);
		} else if (addr_special(w) || !address->len ||
			   (last && addr_special(last))) {
			g_string_append(address, w);
			last = w;
		} else {
			complete(out, phrase, address, comment);
			depth = 0;
			g_string_append(address, w);
			last = w;
		}
	}
	words_clear(&words);
	return out;
}

/*
 * Text::ParseWords::parse_line($delim, $keep, $line).  @delim: TRUE for
 * '\s*,\s*', FALSE for '\s+'.  Returns NULL where Perl returns () (an
 * unbalanced quote): git then has no words at all.  After a trailing
 * delimiter the last word is NULL (Perl's undef).
 */
static gsize delimiter_at(const char *p, gboolean comma)
{
	const char *q = p;

	if (comma) {
		q = skip_space(q);
		if (*q != ',')
			return 0;
		return skip_space(q + 1) - p;
	}
	return skip_space(q) - p;
}

GPtrArray *sl_perl_quotewords(const char *line, gboolean comma, gboolean keep)
{
	GPtrArray *pieces = g_ptr_array_new_with_free_func(g_free);
	GString *word = NULL;
	const char *p = line;

	while (*p) {
		const char *start = p;
		gsize dlen = 0;
		g_autoptr(GString) piece = g_string_new(NULL);

		if (*p == '"' || *p == '\'') {
			char q = *p;
			const char *e = p + 1;

			while (*e && *e != q) {
				if (*e == '\\' && e[1])
					e++;
				else if (*e == '\\')
					break;
				e++;
			}
			if (*e == q) {
				if (keep) {
					g_string_append_len(piece, p, e + 1 - p);
				} else {
					for (const char *c = p + 1; c < e; c++) {
						if (q == '"' && *c == '\\')
							c++;
						g_string_append_c(piece, *c);
					}
				}
				p = e + 1;
				goto add;
			}
		}
		/* (?:\\.|[^\\"'])*? followed by EOL, the delimiter, or a quote */
		for (;;) {
			if (!*p)
				break;
			if ((dlen = delimiter_at(p, comma)))
				break;
			if (p > start && (*p == '"' || *p == '\''))
				break;
			if (*p == '\\' && p[1])
				p += 2;
			else if (*p == '\\' || *p == '"' || *p == '\'')
				goto fail;
			else
				p++;
		}
		if (keep) {
			g_string_append_len(piece, start, p - start);
		} else {
			for (const char *c = start; c < p; c++) {
				if (*c == '\\' && c + 1 < p)
					c++;
				g_string_append_c(piece, *c);
			}
		}
		p += dlen;
add:
		if (!word)
			word = g_string_new(NULL);
		g_string_append_len(word, piece->str, piece->len);
		if (dlen) {
			g_ptr_array_add(pieces, g_string_free(word, FALSE));
			word = NULL;
		}
		if (!*p) {	/* Perl pushes $word even if undef */
			g_ptr_array_add(pieces, word ? g_string_free(word, FALSE)
						     : NULL);
			word = NULL;
		}
	}
	return pieces;
fail:
	if (word)
		g_string_free(word, TRUE);
	g_ptr_array_unref(pieces);
	return NULL;
}
