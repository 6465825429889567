// SPDX-License-Identifier: GPL-2.0-only
/*
 * The reporter's prose: sentences, unwrapped paragraphs, text without its
 * links, and text marked as restricted (with its disclaimer paragraphs
 * told apart from a real demand).
 */
#include <string.h>

#include "matches.h"
#include "memo.h"
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

static char *without_disclaimers_memo(const char *own, gboolean *had)
{
	struct sl_memo *memo = sl_memo_current();
	char *text;

	if (memo && sl_text_memo_holds(&memo->no_disclaimers, own)) {
		*had = memo->no_disclaimers.flag;
		return g_strdup(memo->no_disclaimers.output);
	}
	text = without_disclaimers(own, had);
	if (memo)
		sl_text_memo_set(&memo->no_disclaimers, own, text, *had);
	return text;
}

void sl_check_restricted_text(struct sl_check *c,
			      const struct sl_restricted_text *what)
{
	g_autofree char *signature = NULL;
	g_autofree char *own = sl_msg_own_text(c->msg, &signature);
	gboolean disclaimer;
	g_autofree char *text = without_disclaimers_memo(own, &disclaimer);
	g_autofree char *hit = NULL;

	if (!sl_msg_content_visible(c->msg))
		return;
	if (what->except) {
		g_autoptr(GRegex) re = sl_regex_new(what->except, 0, 0, NULL);
		char *rest = sl_regex_replace_all(re, text, "");

		g_free(text);
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

char *sl_msg_own_prose(const struct sl_message *msg, glong *prose_len,
		       guint *urls)
{
	g_autofree char *signature = NULL;
	char *own = sl_msg_own_text(msg, &signature);
	g_autofree char *prose = sl_text_without_urls(own, urls);

	*prose_len = g_utf8_strlen(prose, -1);
	return own;
}
