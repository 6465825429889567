// SPDX-License-Identifier: GPL-2.0-only
/*
 * How a message names a fix in words: commit ids, links to posted patches
 * and commits, "the fix was merged".  The repository rules then ask git
 * whether a named commit really is upstream.
 */
#include <string.h>

#include "fixref.h"
#include "matches.h"
#include "regex-cache.h"

static char **matches(const char *pattern, const char *text, int group)
{
	g_autoptr(sl_matches) mi = sl_matches_fixed(
		pattern, G_REGEX_CASELESS | G_REGEX_MULTILINE, text, -1);
	GPtrArray *out = g_ptr_array_new();

	while (sl_matches_next(mi)) {
		char *m = sl_matches_fetch(mi, group);

		if (g_ptr_array_find_with_equal_func(out, m, g_str_equal, NULL))
			g_free(m);
		else
			g_ptr_array_add(out, m);
	}
	g_ptr_array_add(out, NULL);
	return (char **)g_ptr_array_free(out, FALSE);
}

char **sl_text_fix_commits(const char *own)
{
	return matches("(?:\\b(?:fix(?:ed)?|patch|resolved|addressed|"
		       "merged|landed)\\b[^.\\n]{0,40}?\\bcommit\\s+|"
		       "^commit\\s+(?=[0-9a-f]{12,40}\\s+upstream)|"
		       "\\b(?:fixed|resolved|addressed) (?:by|in|with)\\s+)"
		       "([0-9a-f]{12,40})\\b", own, 1);
}

/* A Fixes: tag names the commit that brought the bug, not its fix. */
char **sl_text_commit_ids(const char *own)
{
	g_auto(GStrv) lines = g_strsplit(own, "\n", -1);
	g_autoptr(GString) kept = g_string_new(NULL);

	for (char **l = lines; *l; l++)
		if (!sl_regex_match_simple("^\\s*fixes:", *l, G_REGEX_CASELESS,
					  0))
			g_string_append_printf(kept, "%s\n", *l);
	return matches("(?<![0-9a-z])([0-9a-f]{12,40})(?![0-9a-z])",
		       kept->str, 1);
}

char *sl_text_public_fix_link(const char *own)
{
	return sl_regex_find_outside_context(
		own, "https?://(?:lore\\.kernel\\.org|lkml\\.kernel\\.org|"
		"patchwork\\.kernel\\.org|git\\.kernel\\.org/\\S*(?:commit|patch)|"
		"github\\.com/torvalds/linux/commit)\\S*", 0);
}

gboolean sl_text_says_fix_accepted(const char *own)
{
	return sl_regex_match_simple(
		"\\b(?:fix|patch)(?:es)?\\b[^.\\n]{0,40}\\b(?:is|was|were|has been|"
		"have been|got|already)\\s+(?:already\\s+)?(?:accepted|merged|"
		"queued|applied|picked up|committed)", own,
		G_REGEX_CASELESS, 0) || sl_text_says_merged(own);
}

gboolean sl_text_says_merged(const char *own)
{
	/* "it is not merged into mainline yet" says the opposite. */
	return sl_regex_match_simple(
		"(?<!not )(?<!n't )(?<!never )(?<!not yet )(?<!not been )"
		"(?<!n't been )(?<!yet to be )"
		"\\b(?:merged|landed|included)\\s+(?:in|into)\\s+(?:"
		"(?:linux\\s+|kernel\\s+)?v?[0-9]+\\.[0-9]+(?:-rc[0-9]+)?\\b|"
		"mainline|linus'?\\s*(?:'s\\s+)?tree|torvalds)", own,
		G_REGEX_CASELESS, 0);
}

char *sl_text_before_patch(const char *own)
{
	const char *diff = strstr(own, "\ndiff --git ");

	if (g_str_has_prefix(own, "diff --git "))
		return g_strdup("");
	return diff ? g_strndup(own, diff - own) : g_strdup(own);
}
