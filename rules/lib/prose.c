// SPDX-License-Identifier: GPL-2.0-only
/*
 * The reporter's prose: sentences, unwrapped paragraphs, text without its
 * links, and text marked as restricted (with its disclaimer paragraphs
 * told apart from a real demand).
 */
#include <string.h>

#include "facts.h"
#include "matches.h"
#include "message.h"
#include "prose.h"
#include "query.h"
#include "regex-cache.h"
#include "rule.h"
#include "text.h"

/* ---- sentences ---- */

void sl_text_sentence_bounds(const char *text, gint start, gint end,
			     gint *s, gint *e)
{
	*s = start;
	*e = end;
	while (*s > 0 && !strchr(".!?;\n", text[*s - 1]))
		(*s)--;
	while (text[*e] && !strchr(".!?;\n", text[*e]))
		(*e)++;
}

char *sl_text_unwrap(const char *text)
{
	char *flat = g_strdelimit(g_strdup(text), "\r", ' ');

	for (char *p = flat; (p = strchr(p, '\n')); p++)
		if (p[1] != '\n' && p[1] != '\0' && p > flat && p[-1] != '\n')
			*p = ' ';
	return flat;
}

/* ---- text marked as restricted ---- */

/* The own text without its disclaimer paragraphs; says if it had any. */
static char *without_disclaimers(const char *own, gboolean *had)
{
	g_auto(GStrv) paras = sl_regex_split_all(
		sl_regex_cached("\\n\\s*\\n", 0), own);
	GString *kept = g_string_new(NULL);

	*had = FALSE;
	for (char **p = paras; *p; p++) {
		if (sl_text_is_disclaimer(*p))
			*had = TRUE;
		else
			g_string_append_printf(kept, "%s\n\n", *p);
	}
	return g_string_free(kept, FALSE);
}

/* The confidentiality rules each ask it: once per message. */
static const char *facts_without_disclaimers(struct sl_facts *f,
					     gboolean *had)
{
	if (!f->no_disclaimers)
		f->no_disclaimers = without_disclaimers(sl_facts_own_text(f),
							&f->had_disclaimers);
	*had = f->had_disclaimers;
	return f->no_disclaimers;
}

void sl_check_restricted_text(struct sl_check *c,
			      const struct sl_restricted_text *what)
{
	const char *own = sl_facts_own_text(c->facts);
	const char *signature = sl_facts_signature(c->facts);
	gboolean disclaimer;
	const char *text = facts_without_disclaimers(c->facts, &disclaimer);
	g_autofree char *rest = NULL;
	g_autofree char *hit = NULL;

	if (!sl_facts_content_visible(c->facts))
		return;
	if (what->except) {
		g_autoptr(GRegex) re = sl_regex_new(what->except, 0, 0, NULL);

		rest = sl_regex_replace_all(re, text, "");
		text = rest;
	}
	hit = sl_regex_find(what->pattern, text, 0);
	if (hit)
		sl_report_at(c, "body", hit, "%s", what->strong);
	else if (disclaimer || sl_text_is_disclaimer(signature)) {
		hit = sl_text_find_disclaimer(own, signature);
		sl_report_weak_at(c, "body", hit, "%s", what->weak);
	}
}

/* ---- links ---- */

char *sl_text_without_urls(const char *text, guint *urls)
{
	g_autoptr(GRegex) url = sl_regex_new(
		"<?\\b((https?|ftp)://|www\\.)[^\\s<>\"]*[^\\s<>\".,;:!?)'\\]]>?",
		G_REGEX_CASELESS, 0, NULL);
	g_autoptr(GRegex) space = sl_regex_new("\\s+", 0, 0, NULL);
	g_autoptr(sl_matches) m = sl_matches_new(url, text, -1, 0);
	g_autofree char *rest = NULL;

	*urls = 0;
	while (sl_matches_next(m))
		(*urls)++;
	rest = sl_regex_replace_all(url, text, " ");
	return g_strstrip(sl_regex_replace_all(space, rest, " "));
}

const char *sl_facts_own_prose(struct sl_facts *f, glong *prose_len,
			       guint *urls)
{
	const char *own = sl_facts_own_text(f);
	g_autofree char *prose = sl_text_without_urls(own, urls);

	*prose_len = g_utf8_strlen(prose, -1);
	return own;
}
