/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_TEXT_H
#define SECLINT_TEXT_H

#include <glib.h>

#include "facts.h"

/* The text to scan, catalogue 3.0 (rules/lib/text.c). */
struct sl_text {
	GString *prose;		/* own lines: no quotes, patches or logs */
	GString *patch;		/* inline diffs: headers and hunks */
	GString *log;		/* kernel log excerpts, bot report headers */
	GString *quoted;	/* "> " lines */
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
/* A line of a git binary patch after "GIT binary patch": "literal N",
 * "delta N", base85 data, or a blank line. */
gboolean sl_binary_patch_line(const char *line);
struct sl_text *sl_text_scan(const char *body);
/* The message's body, scanned once per message, owned by @facts. */
const struct sl_text *sl_facts_text(struct sl_facts *facts);
void sl_text_free(struct sl_text *text);
typedef struct sl_text sl_text;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_text, sl_text_free)
/* The one query every content rule asks first (3.0, encrypted message). */
gboolean sl_facts_content_visible(struct sl_facts *facts);

#endif
