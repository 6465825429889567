// SPDX-License-Identifier: GPL-2.0-only
/*
 * Finding a match, as the rules report it: the first one, the first
 * whose line is no mere context, the first not after a negation.  Rule
 * helpers once (in rules/lib), generic enough to
 * stand below every layer that matches text.
 */
#include <string.h>

#include "matches.h"
#include "regex-cache.h"

char *sl_regex_find(const char *pattern, const char *text,
		    GRegexCompileFlags flags)
{
	g_autoptr(sl_matches) m = sl_matches_of(pattern, flags, text, -1, 0);

	if (!m || !sl_matches_next(m))
		return NULL;
	return sl_matches_fetch(m, 0);
}

/* The bytes of the line break that ends just before @at (0: none), by
 * PCRE2's NEWLINE_ANY, as GRegex and lint/util/matches.c compile: LF, CR, VT,
 * FF, NEL, LS and PS. */
static gsize break_before(const guchar *t, gsize at)
{
	if (at >= 1 && (t[at - 1] == '\n' || t[at - 1] == '\r' ||
			t[at - 1] == '\v' || t[at - 1] == '\f'))
		return 1;
	if (at >= 2 && t[at - 2] == 0xC2 && t[at - 1] == 0x85)
		return 2;
	if (at >= 3 && t[at - 3] == 0xE2 && t[at - 2] == 0x80 &&
	    (t[at - 1] == 0xA8 || t[at - 1] == 0xA9))
		return 3;
	return 0;
}

static gboolean break_at(const guchar *t, gsize at, gsize len)
{
	if (at < len && (t[at] == '\n' || t[at] == '\r' || t[at] == '\v' ||
			 t[at] == '\f'))
		return TRUE;
	if (at + 1 < len && t[at] == 0xC2 && t[at + 1] == 0x85)
		return TRUE;
	return at + 2 < len && t[at] == 0xE2 && t[at + 1] == 0x80 &&
	       (t[at + 2] == 0xA8 || t[at + 2] == 0xA9);
}

/* Words that make a link on their line context, not the artefact. */
static const char context_words[] =
	"\\b(?:see also|similar|previous|earlier|older|related|like|"
	"unrelated|background)\\b";

/*
 * What "(?m)^(?!.*CONTEXT).*?(PATTERN)" finds, without its cost: that
 * runs the look-ahead over the whole line at every line start.  Here the
 * matches of @pattern come first (most texts have none), and a line is
 * read for the context words only around one.
 */
char *sl_regex_find_outside_context(const char *text, const char *pattern,
				    int group)
{
	const guchar *t = (const guchar *)text;
	gsize len = strlen(text);
	g_autoptr(sl_matches) m = sl_matches_fixed(pattern, G_REGEX_CASELESS,
						   text, (gssize)len);

	while (sl_matches_next(m)) {
		gint start, end;
		gsize from, to;
		g_autofree char *line = NULL;

		sl_matches_fetch_pos(m, 0, &start, &end);
		for (from = (gsize)start; from && !break_before(t, from);)
			from--;
		for (to = (gsize)start; to < len && !break_at(t, to, len);)
			to++;
		line = g_strndup(text + from, to - from);
		if (!sl_regex_match_simple(context_words, line,
					   G_REGEX_CASELESS, 0))
			return sl_matches_fetch(m, group);
	}
	return NULL;
}

char *sl_regex_find_unless_after(const char *text, const char *pattern,
				 const char *before, int lookback)
{
	g_autoptr(GRegex) re = sl_regex_new(pattern, G_REGEX_CASELESS, 0, NULL);
	g_autoptr(GRegex) neg = sl_regex_new(before, G_REGEX_CASELESS |
					    G_REGEX_DOLLAR_ENDONLY, 0, NULL);
	g_autoptr(sl_matches) mi = sl_matches_new(re, text, -1, 0);

	while (sl_matches_next(mi)) {
		gint s, e, from;
		g_autofree char *prefix = NULL;

		sl_matches_fetch_pos(mi, 0, &s, &e);
		from = (gint)sl_utf8_back(text, (gsize)s, (gsize)lookback);
		prefix = g_strndup(text + from, (gsize)(s - from));
		if (!sl_regex_matches(neg, prefix, 0))
			return sl_matches_fetch(mi, 0);
	}
	return NULL;
}
