/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_GUARD_H
#define SECLINT_GUARD_H

#include <glib.h>

/*
 * A test cheaper than a pattern that every text the pattern matches
 * passes (rules/lib/guard.c): a text that fails it is not matched, and
 * the pattern is run only on those that pass.  Most of the lines a rule
 * tries a per-line pattern on start with no byte an anchored pattern can
 * start with, or hold none of the strings every match of it holds.
 *
 * The conditions given are or-ed: a text passes when one of them holds
 * (none given: every text passes).  Each must hold for every match:
 *   - first: a "^(...)" pattern without (?m) starts its text on one of
 *     these bytes (after white space with @space: ASCII white space is
 *     skipped, and any other byte passes, as \s matches Unicode spaces);
 *   - bytes: every match holds one of these bytes;
 *   - has: every match holds one of these strings; with @caseless in any
 *     case, as (?i) matches them: ASCII letters in either case, and "k"
 *     and "s" also as the Kelvin sign and the long s, which PCRE2 folds
 *     to them under UCP;
 *   - may: this function says the text may match.
 *
 * With SECLINT_CHECK_GUARDS=1 in the environment every text a guard
 * turns away is matched all the same, and a match aborts: the tests run
 * the fixtures and hostile lines so.
 */
struct sl_guard {
	const char *first;
	gboolean space;
	const char *bytes;
	const char *const *has;
	gboolean caseless;
	gboolean (*may)(const char *text);
};

/* May a text that fails @g match?  No: sl_guard_passes() FALSE. */
gboolean sl_guard_passes(const struct sl_guard *g, const char *text);
/* sl_guard_passes(), and with SECLINT_CHECK_GUARDS=1 the proof that
 * @pattern does not match a text turned away. */
gboolean sl_guard_admits(const char *pattern, GRegexCompileFlags flags,
			 const struct sl_guard *g, const char *text);
/* sl_regex_test() and sl_regex_count() of @pattern, asked only of a text
 * that passes @g. */
gboolean sl_guarded_test(const char *pattern, GRegexCompileFlags flags,
			 const struct sl_guard *g, const char *text);
unsigned sl_guarded_count(const char *pattern, GRegexCompileFlags flags,
			  const struct sl_guard *g, const char *text);
/* Does @text hold one of @needles, in any case as (?i) matches it? */
gboolean sl_text_has_caseless(const char *text, const char *const *needles);

#endif
