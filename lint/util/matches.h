/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_MATCHES_H
#define SECLINT_MATCHES_H

#include <glib.h>

/*
 * The matches of @re in @text, in order (lint/util/matches.c): use this, not
 * g_match_info_next(), which is quadratic in GLib 2.74.  Like it, the
 * fetch functions return new strings, "" or -1 for a group that took no
 * part, NULL for a group the pattern does not have.
 *	g_autoptr(sl_matches) m = sl_matches_new(re, text, -1, 0);
 *	while (sl_matches_next(m)) ...
 */
typedef struct sl_matches sl_matches;
sl_matches *sl_matches_new(const GRegex *re, const char *text, gssize len,
			   GRegexMatchFlags mflags);
sl_matches *sl_matches_of(const char *pattern, GRegexCompileFlags cflags,
			  const char *text, gssize len,
			  GRegexMatchFlags mflags);
sl_matches *sl_matches_fixed(const char *pattern, GRegexCompileFlags cflags,
			     const char *text, gssize len);
/* sl_matches_fixed() of a text the caller has found valid UTF-8 with
 * sl_utf8_valid(): a text many patterns search is checked once. */
sl_matches *sl_matches_fixed_valid(const char *pattern,
				   GRegexCompileFlags cflags,
				   const char *text, gsize len);
gboolean sl_matches_next(sl_matches *m);
/* The first match from byte @at on (a character's first byte), as a
 * search started there finds it; at @at only for a pattern compiled with
 * G_REGEX_ANCHORED (which the JIT honours, unlike the match flag).  The
 * matches from it on follow with sl_matches_next(). */
gboolean sl_matches_next_at(sl_matches *m, gsize at);
char *sl_matches_fetch(const sl_matches *m, int group);
char *sl_matches_fetch_named(const sl_matches *m, const char *name);
gboolean sl_matches_fetch_pos(const sl_matches *m, int group, int *start,
			      int *end);
void sl_matches_free(sl_matches *m);
char *sl_regex_replace_all(const GRegex *re, const char *text,
			   const char *with);
char **sl_regex_split_all(const GRegex *re, const char *text);
gboolean sl_regex_matches(const GRegex *re, const char *text,
			  GRegexMatchFlags mflags);
gboolean sl_utf8_valid(const char *text, size_t len);
void sl_utf8_make_valid_tail(GString *s, gsize from);
/* @at moved back by up to @n bytes, onto the start of a UTF-8 character. */
gsize sl_utf8_back(const char *text, gsize at, gsize n);
/* Finders (lint/util/regex-find.c). */
/* The first match of @pattern in @text, or NULL (for sl_report_at). */
char *sl_regex_find(const char *pattern, const char *text,
		    GRegexCompileFlags flags);
/* Group @group of the first caseless match of @pattern whose line does not
 * call it context ("see also", "similar", "previous", ...), or NULL. */
char *sl_regex_find_outside_context(const char *text, const char *pattern,
				    int group);
/* The first match of @pattern (caseless) that @before (anchored at its
 * end, within @lookback bytes) does not precede: "no exploit". */
char *sl_regex_find_unless_after(const char *text, const char *pattern,
				 const char *before, int lookback);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_matches, sl_matches_free)

#endif
