/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_LITERALS_H
#define SECLINT_LITERALS_H

#include <glib.h>

/*
 * Words a pattern's every match contains, looked for before the pattern
 * (rules/lib/literals.c): most texts have none of them, and a scan for
 * a few words costs a tenth of PCRE2's try at every byte of a pattern
 * that opens with \b or a caseless alternation.
 *
 * A literal is lower-case ASCII, read as PCRE2 reads it under
 * PCRE2_CASELESS | PCRE2_UTF | PCRE2_UCP: a letter matches both of its
 * ASCII cases, "s" also the long s U+017F and "k" the Kelvin sign U+212A
 * (no other character folds to an ASCII letter); anything else matches
 * only itself.  A leading "\\b" asks for the start of a word: the text's
 * start, or a byte before it that is no ASCII letter, digit or "_" (a
 * word character outside ASCII is let through: the test only ever says
 * "maybe" too often, never "no" wrongly).  A case-sensitive pattern may
 * use the same literals: caseless finds more, never less.
 */

/* Does @text hold one of the NULL-ended @literals? */
gboolean sl_literals_found(const char *text, const char *const *literals);

/*
 * Can @pattern (compiled with @flags, as sl_regex_test() would) not match
 * @text, because @text holds none of @needs, the literals one of which
 * each of its matches contains?  TRUE: it cannot; FALSE: it may, run it
 * (always, if @needs is NULL).
 * With SECLINT_CHECK_LITERALS=1 in the environment every "cannot" is
 * proved by running the pattern, and a match aborts: the tests' check
 * that @needs is right.
 */
gboolean sl_regex_ruled_out(const char *pattern, GRegexCompileFlags flags,
			    const char *const *needs, const char *text);
/* TRUE, after a test of its own has found that @pattern cannot match
 * @text: with SECLINT_CHECK_LITERALS=1, a match aborts. */
gboolean sl_regex_cannot_match(const char *pattern, GRegexCompileFlags flags,
			       const char *text);

#endif
