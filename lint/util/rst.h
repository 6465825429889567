/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Enough of reStructuredText to prove a quotation (lint/util/rst.c): the
 * sections of a document, by their headings, and its words without
 * inline markup.  The kernel's Documentation/ is RST; the stored
 * Openwall sentences (rules/texts/openwall/) use the same headings.
 */
#ifndef SECLINT_RST_H
#define SECLINT_RST_H

#include <glib.h>

/*
 * @text as a reader sees it: inline markup dropped (**strong**,
 * *emphasis*, ``literal``, `reference <url>`_, :role:`text <target>`,
 * backslash escapes, a paragraph's closing "::" read as ":"), and every
 * run of white space one space, none at either end.
 */
char *sl_rst_plain(const char *text);

/* A section heading: its title as written, level (1 the outermost),
 * and where its section (the heading and what follows it up to the next
 * heading of the same or an outer level) starts and ends in the text. */
struct sl_rst_section {
	char *title;
	guint level;
	gsize start, end;
};

/* The sections of @text in order, of struct sl_rst_section (freeing the
 * array frees the titles). */
GArray *sl_rst_sections(const char *text);

/*
 * Whether @quote is in the section of @text titled @section (the title's
 * plain text, as sl_rst_plain() gives it), both read as plain text.  In
 * @quote, " ... " marks an omission: the parts must then appear in that
 * order.  On FALSE, @why (if not NULL) says which: no such section, or
 * the quote is not in it (and the first part that is not).
 */
gboolean sl_rst_quote_in_section(const char *text, const char *section,
				 const char *quote, char **why);

/* Whether @quote (with " ... " omissions) is anywhere in @text. */
gboolean sl_rst_quote_in(const char *text, const char *quote);

#endif
