// SPDX-License-Identifier: GPL-2.0-only
/*
 * Enough of reStructuredText to prove a quotation: sections by their
 * headings, and the words a reader sees.  Not a renderer: what a quote
 * can cross (inline markup, line breaks, indentation) is read away, and
 * what a reader never sees (comments, labels) is dropped.
 */
#include <string.h>

#include "rst.h"

/* A line of one punctuation character repeated: a heading's adornment. */
static gboolean is_adornment(const char *line, gsize len, char *c)
{
	gsize n = 0;

	while (len && (line[len - 1] == ' ' || line[len - 1] == '\t'))
		len--;
	if (len < 3 || !g_ascii_ispunct(line[0]))
		return FALSE;
	for (n = 1; n < len; n++)
		if (line[n] != line[0])
			return FALSE;
	*c = line[0];
	return TRUE;
}

struct line {
	const char *text;
	gsize len;	/* without the newline */
	gsize start;	/* offset in the document */
};

static GArray *split_lines(const char *text)
{
	GArray *lines = g_array_new(FALSE, FALSE, sizeof(struct line));
	const char *p = text;

	while (*p) {
		const char *nl = strchr(p, '\n');
		struct line l = { p, nl ? (gsize)(nl - p) : strlen(p),
				  (gsize)(p - text) };

		if (l.len && l.text[l.len - 1] == '\r')
			l.len--;
		g_array_append_val(lines, l);
		if (!nl)
			break;
		p = nl + 1;
	}
	return lines;
}

static gboolean blank(const struct line *l)
{
	for (gsize i = 0; i < l->len; i++)
		if (!g_ascii_isspace(l->text[i]))
			return FALSE;
	return TRUE;
}

/* An adornment style: its character, and whether it has an overline. */
static guint style_of(char c, gboolean over)
{
	return (guint)(guchar)c * 2 + (over ? 1 : 0);
}

static void section_clear(gpointer p)
{
	g_free(((struct sl_rst_section *)p)->title);
}

GArray *sl_rst_sections(const char *text)
{
	g_autoptr(GArray) lines = split_lines(text);
	g_autoptr(GArray) styles = g_array_new(FALSE, FALSE, sizeof(guint));
	GArray *sections = g_array_new(FALSE, FALSE,
				       sizeof(struct sl_rst_section));
	struct line *ls = (struct line *)(void *)lines->data;

	g_array_set_clear_func(sections, section_clear);
	for (guint i = 0; i + 1 < lines->len; i++) {
		const struct line *title = &ls[i];
		char under, over = 0, tc;
		gboolean has_over;
		guint style, level;
		g_autofree char *t = NULL;
		struct sl_rst_section s;

		if (blank(title) || g_ascii_isspace(title->text[0]) ||
		    is_adornment(title->text, title->len, &tc) ||
		    !is_adornment(ls[i + 1].text, ls[i + 1].len, &under))
			continue;
		t = g_strstrip(g_strndup(title->text, title->len));
		if (g_utf8_strlen(t, -1) > (glong)ls[i + 1].len &&
		    ls[i + 1].len < 4)
			continue;
		has_over = i > 0 && is_adornment(ls[i - 1].text,
						 ls[i - 1].len, &over) &&
			   over == under;
		style = style_of(under, has_over);
		for (level = 0; level < styles->len; level++)
			if (g_array_index(styles, guint, level) == style)
				break;
		if (level == styles->len)
			g_array_append_val(styles, style);
		s.title = g_steal_pointer(&t);
		s.level = level + 1;
		s.start = has_over ? ls[i - 1].start : title->start;
		s.end = strlen(text);
		/* This heading ends the sections it does not nest in. */
		for (guint k = sections->len; k-- > 0;) {
			struct sl_rst_section *open = &g_array_index(
				sections, struct sl_rst_section, k);

			if (open->end == s.end && open->level >= s.level)
				open->end = s.start;
		}
		g_array_append_val(sections, s);
		i++;	/* the underline */
	}
	return sections;
}

/*
 * @text without what a reader never sees: comments (".. text" and the
 * indented lines under it) and hyperlink targets (".. _name:").  A
 * directive (".. note::") keeps its argument and content.
 */
static char *drop_comments(const char *text)
{
	g_autoptr(GArray) lines = split_lines(text);
	GString *out = g_string_sized_new(strlen(text));
	gboolean in_comment = FALSE;

	for (guint i = 0; i < lines->len; i++) {
		const struct line *l = &g_array_index(lines, struct line, i);

		if (in_comment && (blank(l) || g_ascii_isspace(l->text[0])))
			continue;
		in_comment = FALSE;
		if (l->len >= 2 && !strncmp(l->text, "..", 2) &&
		    (l->len == 2 || l->text[2] == ' ')) {
			const char *rest = l->text + 2;
			gsize rlen = l->len - 2;
			const char *dd = g_strstr_len(rest, (gssize)rlen, "::");

			while (rlen && *rest == ' ') {
				rest++;
				rlen--;
			}
			if (dd && rlen && *rest != '_' && *rest != '[' &&
			    *rest != '|') {
				/* A directive: its argument, then content. */
				g_string_append_len(out, dd + 2,
						    (gssize)(l->len -
							     (gsize)(dd + 2 -
								     l->text)));
				g_string_append_c(out, '\n');
				continue;
			}
			in_comment = TRUE;
			continue;
		}
		g_string_append_len(out, l->text, (gssize)l->len);
		g_string_append_c(out, '\n');
	}
	return g_string_free(out, FALSE);
}

static gboolean opens(const char *p, const char *start)
{
	char before = p == start ? ' ' : p[-1];

	return g_ascii_isspace(before) || strchr("([{<'\"-/:", before);
}

static gboolean closes(const char *after)
{
	return !*after || g_ascii_isspace(*after) ||
	       strchr(")]}>'\".,;:!?-/\\", *after);
}

/* The end of inline markup @delim opened at @p (its content's end), or
 * NULL. */
static const char *closer(const char *p, const char *delim)
{
	gsize n = strlen(delim);
	const char *q = p + n;

	if (!*q || g_ascii_isspace(*q))
		return NULL;
	for (q++; *q; q++) {
		if (!strncmp(q, delim, n) && !g_ascii_isspace(q[-1]) &&
		    closes(q + n) && (n > 1 || q[1] != '*'))
			return q;
		if (*q == '\n' && q[1] == '\n')
			return NULL;	/* markup stays in its paragraph */
	}
	return NULL;
}

/* `text <target>`: the text; `target`: the target. */
static void append_reference(GString *out, const char *s, gsize len)
{
	const char *lt = NULL;

	for (gsize i = len; i-- > 0;)
		if (s[i] == '<') {
			lt = s + i;
			break;
		}
	if (lt && len && s[len - 1] == '>' && lt > s) {
		len = (gsize)(lt - s);
		while (len && g_ascii_isspace(s[len - 1]))
			len--;
	}
	g_string_append_len(out, s, (gssize)len);
}

static char *drop_markup(const char *text)
{
	GString *out = g_string_sized_new(strlen(text));
	const char *p = text;

	while (*p) {
		const char *end;

		if (*p == '\\' && p[1]) {
			if (!g_ascii_isspace(p[1]))
				g_string_append_c(out, p[1]);
			p += 2;
			continue;
		}
		if (!strncmp(p, "``", 2) && opens(p, text) &&
		    (end = closer(p, "``"))) {
			g_string_append_len(out, p + 2, end - (p + 2));
			p = end + 2;
			continue;
		}
		if (*p == ':' && opens(p, text) && g_ascii_isalpha(p[1])) {
			const char *q = p + 1;

			while (g_ascii_isalnum(*q) || *q == '-' || *q == '_' ||
			       *q == '.')
				q++;
			if (q[0] == ':' && q[1] == '`' &&
			    (end = strchr(q + 2, '`'))) {
				append_reference(out, q + 2, (gsize)(end - q - 2));
				p = end + 1;
				continue;
			}
		}
		if (*p == '`' && opens(p, text) && (end = strchr(p + 1, '`'))) {
			append_reference(out, p + 1, (gsize)(end - p - 1));
			p = end + 1;
			while (*p == '_')
				p++;
			continue;
		}
		if (!strncmp(p, "**", 2) && opens(p, text) &&
		    (end = closer(p, "**"))) {
			g_autofree char *inner = g_strndup(p + 2, end - (p + 2));
			g_autofree char *plain = drop_markup(inner);

			g_string_append(out, plain);
			p = end + 2;
			continue;
		}
		if (*p == '*' && p[1] != '*' && opens(p, text) &&
		    (end = closer(p, "*"))) {
			g_string_append_len(out, p + 1, end - (p + 1));
			p = end + 1;
			continue;
		}
		if (!strncmp(p, "::", 2) && closes(p + 2) &&
		    (p == text || p[-1] != ':')) {
			/* "text::" reads "text:"; a lone "::" nothing. */
			if (p > text && !g_ascii_isspace(p[-1]))
				g_string_append_c(out, ':');
			p += 2;
			continue;
		}
		g_string_append_c(out, *p++);
	}
	return g_string_free(out, FALSE);
}

static char *squeeze_space(const char *text)
{
	GString *out = g_string_sized_new(strlen(text));

	for (const char *p = text; *p; p++) {
		if (g_ascii_isspace(*p)) {
			if (out->len && out->str[out->len - 1] != ' ')
				g_string_append_c(out, ' ');
			continue;
		}
		g_string_append_c(out, *p);
	}
	if (out->len && out->str[out->len - 1] == ' ')
		g_string_truncate(out, out->len - 1);
	return g_string_free(out, FALSE);
}

char *sl_rst_plain(const char *text)
{
	g_autofree char *seen = drop_comments(text);
	g_autofree char *words = drop_markup(seen);

	return squeeze_space(words);
}

/*
 * The first part of @quote (split at "...", an omission) that is not in
 * @plain after the parts before it, or NULL if all are, in order.
 */
static char *missing_part(const char *plain, const char *quote)
{
	g_autofree char *q = sl_rst_plain(quote);
	g_auto(GStrv) parts = g_strsplit(q, "...", -1);
	const char *from = plain;
	gboolean any = FALSE;

	for (char **part = parts; *part; part++) {
		const char *at;

		g_strstrip(*part);
		if (!**part)
			continue;
		any = TRUE;
		at = strstr(from, *part);
		if (!at)
			return g_strdup(*part);
		from = at + strlen(*part);
	}
	return any ? NULL : g_strdup("(an empty quote)");
}

gboolean sl_rst_quote_in(const char *text, const char *quote)
{
	g_autofree char *plain = sl_rst_plain(text);
	g_autofree char *missing = missing_part(plain, quote);

	return !missing;
}

gboolean sl_rst_quote_in_section(const char *text, const char *section,
				 const char *quote, char **why)
{
	g_autoptr(GArray) sections = sl_rst_sections(text);
	g_autofree char *wanted = sl_rst_plain(section);
	g_autofree char *missing = NULL;
	guint found = 0;

	for (guint i = 0; i < sections->len; i++) {
		const struct sl_rst_section *s = &g_array_index(
			sections, struct sl_rst_section, i);
		g_autofree char *title = sl_rst_plain(s->title);
		g_autofree char *body = NULL;
		g_autofree char *plain = NULL;

		if (strcmp(title, wanted))
			continue;
		found++;
		body = g_strndup(text + s->start, s->end - s->start);
		plain = sl_rst_plain(body);
		g_free(missing);
		missing = missing_part(plain, quote);
		if (!missing)
			break;
	}
	if (found && !missing)
		return TRUE;
	if (why)
		*why = found ? g_strdup_printf("not under \"%s\": \"%s\"",
					       section, missing)
			     : g_strdup_printf("no section \"%s\"", section);
	return FALSE;
}
