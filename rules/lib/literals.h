/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_LITERALS_H
#define SECLINT_LITERALS_H

#include <glib.h>

/*
 * Cheap tests before a costly pattern (rules/lib/literals.c): a test that
 * every text the pattern matches passes, so that a text failing it is not
 * matched.  Most texts hold none of the words every match holds, and a
 * scan for a few words costs a tenth of PCRE2's try at every byte of a
 * pattern that opens with \b or a caseless alternation; most of the lines
 * a rule tries a per-line pattern on start with no byte an anchored
 * pattern can start with.
 *
 * A literal is lower-case ASCII, read as PCRE2 reads it under
 * PCRE2_CASELESS | PCRE2_UTF | PCRE2_UCP: a letter matches both of its
 * ASCII cases, "s" also the long s U+017F and "k" the Kelvin sign U+212A
 * (no other character folds to an ASCII letter); anything else matches
 * only itself.  A leading "\\b" asks for the start of a word: the text's
 * start, or a byte before it that is no ASCII letter, digit or "_" (a
 * word character outside ASCII is let through: the test only ever says
 * "maybe" too often, never "no" wrongly).  A case-sensitive pattern may
 * use the same literals: caseless finds more, never less.  A literal
 * with a byte outside lower-case ASCII, or with none but "s" and "k", is
 * always "maybe".
 */

/* Does @text hold one of the NULL-ended @literals? */
gboolean sl_literals_found(const char *text, const char *const *literals);

struct sl_facts;
/*
 * The same answer, read through @facts (any, or NULL: none at hand).  A
 * text the facts keep is read once for the words of every list its
 * thread has been asked about, and what it holds is kept in @facts:
 * the message's body and Subject and the texts registered with
 * sl_facts_literals_keep().  Any other text (a line, a piece, a copy
 * made for the call) is read for @literals alone, as with NULL, so
 * passing the facts is always safe.  With SECLINT_CHECK_LITERALS=1
 * every kept answer is compared with the scan of @literals alone, and a
 * difference aborts.
 */
gboolean sl_facts_literals_found(struct sl_facts *facts, const char *text,
				 const char *const *literals);
/*
 * @text is one of @facts' own: it lives, unchanged, until they are
 * cleared (a derived text a facts slot owns: the own text, the prose,
 * the claims text).  Its answers are kept by its address, which no
 * other text can have meanwhile.
 */
void sl_facts_literals_keep(struct sl_facts *facts, const char *text);
/* The words of the calling thread's automaton of all lists (for tests):
 * 0 while it has made none (sl_facts_literals_found() makes it once the
 * thread's messages ask many lists of their texts). */
guint sl_literals_thread_automaton(void);

/*
 * A guard: the conditions, or-ed, one of which every match of a pattern
 * passes (none given: every text passes).  Each must hold for every match:
 *   - first: a "^(...)" pattern without (?m) starts its text on one of
 *     these bytes (after white space with @space: ASCII white space is
 *     skipped, and any other byte passes, as \s matches Unicode spaces);
 *   - bytes: every match holds one of these bytes;
 *   - has: every match holds one of these strings; with @caseless, the
 *     literals above, as sl_literals_found() finds them;
 *   - may: this function says the text may match.
 */
struct sl_guard {
	const char *first;
	gboolean space;
	const char *bytes;
	const char *const *has;
	gboolean caseless;
	gboolean (*may)(const char *text);
};

/* May a text that fails @g match?  No: sl_guard_passes() FALSE.  @facts
 * as sl_facts_literals_found() takes them: any, or NULL. */
gboolean sl_guard_passes(struct sl_facts *facts, const struct sl_guard *g,
			 const char *text);

/*
 * The tests before a pattern, each proved by the check mode: with
 * SECLINT_CHECK_LITERALS=1 in the environment every text a test turns
 * away is matched all the same, and a match aborts (unit.literals,
 * unit.guard and unit.literals-check run the fixtures and hostile texts
 * so).  @pattern and @flags are as sl_regex_test() takes them; @facts
 * as sl_facts_literals_found() takes them (any, or NULL).
 */
/* Is the check mode on (SECLINT_CHECK_LITERALS=1)?  For a cheap test of
 * the caller's own that no pattern string stands for (dates.c's clocks). */
gboolean sl_literals_checking(void);
/* TRUE, after a test of the caller's own found that @pattern cannot match
 * @text: with the check mode, a match aborts. */
gboolean sl_regex_cannot_match(const char *pattern, GRegexCompileFlags flags,
			       const char *text);
/* sl_guard_passes(), and with the check mode the proof that @pattern does
 * not match a text turned away. */
gboolean sl_guard_admits(struct sl_facts *facts, const char *pattern,
			 GRegexCompileFlags flags, const struct sl_guard *g,
			 const char *text);
/* sl_regex_test() and sl_regex_count() of @pattern, asked only of a text
 * that passes @g. */
gboolean sl_guarded_test(struct sl_facts *facts, const char *pattern,
			 GRegexCompileFlags flags, const struct sl_guard *g,
			 const char *text);
unsigned sl_guarded_count(struct sl_facts *facts, const char *pattern,
			  GRegexCompileFlags flags, const struct sl_guard *g,
			  const char *text);
/* Can @pattern not match @text, which holds none of @needs, the literals
 * one of which each of its matches contains?  TRUE: it cannot; FALSE: it
 * may, run it (always, if @needs is NULL).  A guard of @needs alone. */
gboolean sl_regex_ruled_out(struct sl_facts *facts, const char *pattern,
			    GRegexCompileFlags flags,
			    const char *const *needs, const char *text);

#endif
