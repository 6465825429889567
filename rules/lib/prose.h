/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_PROSE_H
#define SECLINT_PROSE_H

#include <glib.h>

#include "facts.h"
#include "rule.h"

/*
 * The confidentiality rules: text matching @pattern outside mail
 * disclaimers is reported with @strong; a disclaimer alone (in the text or
 * the signature) as a note with @weak.  @except, if not NULL, is removed
 * first (say, "no NDA needed").
 */
struct sl_restricted_text {
	const char *pattern;
	const char *except;
	const char *strong;
	const char *weak;
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
