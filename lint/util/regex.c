// SPDX-License-Identifier: GPL-2.0-only
/*
 * Compiled regular expressions, cached.  The rules match a few hundred
 * fixed patterns against every message; g_regex_match_simple() compiles
 * its pattern on each call, which was most of the time spent on a large
 * mbox.  One cache serves every thread (lint/util/pattern-cache.c):
 * without G_REGEX_OPTIMIZE, GLib's matching only reads a GRegex, so -j
 * threads share it; each GRegex lives as long as the process.
 *
 * G_REGEX_OPTIMIZE is dropped: it turns on PCRE2's JIT inside GRegex,
 * which runs on a 32 KiB stack that a hostile message can exhaust,
 * failing the match silently.  Matching itself is mostly done by
 * lint/util/matches.c, which uses the JIT with a larger stack and falls back
 * to the interpreter (and can be told not to, for valgrind, whose
 * reports on JIT code reading past the subject cannot be suppressed
 * narrowly).
 */
#include "matches.h"
#include "pattern-cache.h"
#include "regex-cache.h"

static gpointer compile(const char *pattern, guint64 flags, GError **error)
{
	return g_regex_new(pattern, (GRegexCompileFlags)(flags & 0xffffffffu),
			   (GRegexMatchFlags)(flags >> 32), error);
}

static struct sl_pattern_cache cache = { .compile = compile };

GRegex *sl_regex(const char *pattern, GRegexCompileFlags cflags,
		 GRegexMatchFlags mflags, GError **error)
{
	cflags &= ~G_REGEX_OPTIMIZE;
	return sl_pattern_cache_get(&cache, pattern,
				    (guint64)cflags | (guint64)mflags << 32,
				    error);
}

GRegex *sl_regex_new(const char *pattern, GRegexCompileFlags cflags,
		     GRegexMatchFlags mflags, GError **error)
{
	GRegex *re = sl_regex(pattern, cflags, mflags, error);

	return re ? g_regex_ref(re) : NULL;
}

gboolean sl_regex_match_simple(const char *pattern, const char *string,
			       GRegexCompileFlags cflags,
			       GRegexMatchFlags mflags)
{
	g_autoptr(sl_matches) m = sl_matches_of(pattern, cflags, string, -1,
						mflags);

	if (!m) {
		g_critical("seclint: invalid pattern '%s'", pattern);
		return FALSE;
	}
	return sl_matches_next(m);
}

/* Shorthands for fixed patterns: an invalid one is a bug, so asserted. */
GRegex *sl_regex_cached(const char *pattern, GRegexCompileFlags flags)
{
	GRegex *re = sl_regex(pattern, flags, 0, NULL);

	g_assert(re);
	return re;
}

/* Matching fixed patterns needs no GRegex: lint/util/matches.c compiles them
 * for PCRE2 alone. */
gboolean sl_regex_test(const char *pattern, GRegexCompileFlags flags,
		       const char *text)
{
	g_autoptr(sl_matches) m = sl_matches_fixed(pattern, flags, text, -1);

	return sl_matches_next(m);
}

unsigned sl_regex_count(const char *pattern, GRegexCompileFlags flags,
			const char *text)
{
	g_autoptr(sl_matches) m = sl_matches_fixed(pattern, flags, text, -1);
	unsigned n = 0;

	while (sl_matches_next(m))
		n++;
	return n;
}
