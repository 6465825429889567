/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_TEXT_H
#define SECLINT_TEXT_H

#include <glib.h>

#include "facts.h"
#include "rule.h"

/* The text to scan, catalogue 3.0 (rules/lib/text.c). */
struct sl_text {
	GString *prose;		/* own lines: no quotes, patches or logs */
	/* inline diffs: headers and hunks; NULL in the facts' text (no
	 * rule reads it as addressed): sl_facts_patch() */
	GString *patch;
	GString *log;		/* kernel log excerpts, bot report headers */
	GString *quoted;	/* "> " lines; NULL in the facts' text */
	char *signature;	/* after the first "-- " line */
	unsigned prose_lines;	/* non-blank ones */
	unsigned patch_lines;
	unsigned log_lines;
	unsigned log_reports;	/* splats and bot reports, by title line */
	unsigned hunks;
	unsigned broken_hunks;	/* cut short: line counts do not match */
	gboolean clearsigned;	/* read between the PGP clear-sign markers */
	gboolean encrypted;	/* the own text holds a PGP message */
};

/* g_strsplit(text, "\n", -1), linear under sanitizers too. */
char **sl_split_lines(const char *text);
/* The same lines, to read: pointers into one copy of @text, *@copy; free
 * the array and *@copy with g_free(). */
char **sl_text_lines(const char *text, char **copy);
/* A line of a git binary patch after "GIT binary patch": "literal N",
 * "delta N", base85 data, or a blank line. */
gboolean sl_binary_patch_line(const char *line);
struct sl_text *sl_text_scan(const char *body);
/* The same, and the own text and its signature as sl_text_own() gives
 * them, made from the same lines. */
struct sl_text *sl_text_scan_own(const char *body, char **own,
				 char **own_signature);
/* The scan as it was made a line at a time, which SECLINT_CHECK_TEXT=1
 * holds each scan to; are two scans the same? */
struct sl_text *sl_text_scan_by_split(const char *body);
gboolean sl_text_same(const struct sl_text *a, const struct sl_text *b);
/* The message's body, scanned once per message, owned by @facts.  Its
 * patch and quoted are NULL: made only if asked, sl_facts_patch(). */
const struct sl_text *sl_facts_text(struct sl_facts *facts);
/* The inline diffs of the facts' text (sl_text's patch), made on first
 * ask and owned by @facts. */
const char *sl_facts_patch(struct sl_facts *facts);
void sl_text_free(struct sl_text *text);
typedef struct sl_text sl_text;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_text, sl_text_free)
/* The one query every content rule asks first (3.0, encrypted message). */
gboolean sl_facts_content_visible(struct sl_facts *facts);

/* The body's own lines: no quoted ("> ") lines, each without its trailing
 * white space; up to the signature line ("-- "). */
const char *sl_facts_own_text(struct sl_facts *facts);
/* The lines after the signature line; "" if none. */
const char *sl_facts_signature(struct sl_facts *facts);

/* The own lines of @text (a body or a part): no quoted ("> ") lines; the
 * signature apart.  A message's: sl_facts_own_text(). */
char *sl_text_own(const char *text, char **signature);
gboolean sl_text_is_disclaimer(const char *text);
/* The disclaimer in the own text, else in the signature, or NULL. */
char *sl_text_find_disclaimer(const char *own, const char *signature);

/*
 * The confidentiality rules: text matching @pattern outside mail
 * disclaimers is reported with @strong; a disclaimer alone (in the text or
 * the signature) as a note with @weak.  @except, if not NULL, is removed
 * first (say, "no NDA needed").  @needs and @except_needs, if not NULL,
 * are literals one of which each match of @pattern, of @except, contains
 * (rules/lib/literals.h): an own text without any is not searched.  One
 * list may serve both (the same pointer: the text is read once).
 */
struct sl_restricted_text {
	const char *pattern;
	const char *except;
	const char *strong;
	const char *weak;
	const char *const *needs;
	const char *const *except_needs;
};
void sl_check_restricted_text(struct sl_check *check,
			      const struct sl_restricted_text *what);
/* @text with single line breaks made spaces: a wrapped line is no end. */
char *sl_text_unwrap(const char *text);
/* The sentence [*s, *e) of @text around the match [@start, @end). */
void sl_text_sentence_bounds(const char *text, gint start, gint end,
			     gint *s, gint *e);
/* Own text without URLs, white space collapsed: what a reader gets. */
char *sl_text_without_urls(const char *text, guint *urls);
/* The own text; *@prose_len is its length without URLs, in characters. */
const char *sl_facts_own_prose(struct sl_facts *facts, glong *prose_len,
			       guint *urls);

#endif
