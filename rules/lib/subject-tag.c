// SPDX-License-Identifier: GPL-2.0-only
/*
 * Where a list's Subject tag ("[vs]") is, or should be: shared by the tag
 * rules, which judge a Subject, and --fix, which edits one, so that a fix
 * leaves exactly what the rules accept.
 */
#include <string.h>

#include "regex-cache.h"
#include "reply-prefix.h"
#include "subject-tag.h"

/*
 * The reply and forward prefixes a tag may follow, with their blanks.
 * "VS:" is a Finnish forward and the [vs] tag misspelt both: the tag goes
 * before it (and the fixer says why), so it is not skipped as a prefix.
 */
#define REPLY_PREFIX "(?:(?!vs\\s*[:：])" SL_REPLY_PREFIX "\\s*)"

gsize sl_subject_reply_prefix_len(const char *subject)
{
	g_autoptr(GRegex) re = sl_regex_new("^\\s*(" REPLY_PREFIX ")*",
					   G_REGEX_CASELESS, 0, NULL);
	g_autoptr(GMatchInfo) m = NULL;
	int end = 0;

	if (g_regex_match(re, subject, 0, &m))
		g_match_info_fetch_pos(m, 0, NULL, &end);
	return (gsize)end;
}

gboolean sl_subject_tag_at_start(const char *subject, const char *tag)
{
	g_autofree char *esc = g_regex_escape_string(tag, -1);
	g_autofree char *re = g_strdup_printf(
		"^\\s*(" REPLY_PREFIX "|\\[[^]]*\\]\\s*)*?%s", esc);

	return sl_regex_match_simple(re, subject, G_REGEX_CASELESS, 0);
}

gboolean sl_subject_tag_near_miss(const char *subject, const char *tag,
				  gsize *start, gsize *end, gboolean *word)
{
	g_autofree char *inner = NULL;
	g_autofree char *esc = NULL;
	g_autofree char *pattern = NULL;
	g_autoptr(GRegex) re = NULL;
	g_autoptr(GMatchInfo) m = NULL;
	int s, e;

	if (strlen(tag) < 3)	/* a bracket, a word, a bracket */
		return FALSE;
	inner = g_strndup(tag + 1, strlen(tag) - 2);
	esc = g_regex_escape_string(inner, -1);
	pattern = g_strdup_printf(
		"[[(（［]\\s*%s\\s*[])）］]|(^|\\s)%s\\s*:", esc, esc);
	re = sl_regex_new(pattern, G_REGEX_CASELESS, 0, NULL);
	if (!re || !g_regex_match(re, subject, 0, &m))
		return FALSE;
	g_match_info_fetch_pos(m, 0, &s, &e);
	if (start)
		*start = (gsize)s;
	if (end)
		*end = (gsize)e;
	if (word)
		*word = subject[e - 1] == ':';
	return TRUE;
}
