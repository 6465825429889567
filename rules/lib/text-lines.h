/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_TEXT_LINES_H
#define SECLINT_TEXT_LINES_H

#include <glib.h>

/*
 * The tests of one line that sl_text_scan() asks (rules/lib/text-lines.c):
 * each answers as its regular expression (sl_line_*_re, for the unit
 * tests) would, deciding most lines with byte comparisons.
 */
extern const char sl_line_hunk_header_re[];
extern const char sl_line_diff_header_re[];
extern const char sl_line_log_start_re[];
extern const char sl_line_timestamp_re[];

/* "@@ -A[,B] +C[,D] @@": *@old and *@new are B and D, 1 for one absent. */
gboolean sl_line_hunk_header(const char *line, long *old, long *new);
/* The same by the regular expression alone. */
gboolean sl_line_hunk_header_by_re(const char *line, long *old, long *new);
/* "diff --git ", "index 1234abc..", "--- ", "+++ " and the like. */
gboolean sl_line_diff_header(const char *line);
/* "BUG: ", "WARNING: ", "Call Trace:", "HEAD commit: " and the like. */
gboolean sl_line_log_start(const char *line);
/* FALSE if @line cannot start with a dmesg timestamp ("[  1.234] "). */
gboolean sl_line_may_be_stamped(const char *line);
/* The length of the dmesg timestamp (sl_line_timestamp_re) that starts
 * @line, 0 if none: what g_regex_replace_literal() of it removes. */
size_t sl_line_timestamp(const char *line);

#endif
