/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_MBOX_H
#define SECLINT_MBOX_H

#include <gmime/gmime.h>

#include "seclint.h"

/*
 * mbox separators (lint/mbox.c): which "From " lines start a message.
 * @line is one line, its newline included or not.
 */
gboolean sl_mbox_is_separator(const char *line, gsize len);
/* A "From " line that reads like a separator with a damaged date (e.g.
 * "From alice@example.org" alone): neither separator nor body text. */
gboolean sl_mbox_is_damaged_separator(const char *line, gsize len);

/* Finds the separators of @stream from @start on, reading ahead of the
 * parser in chunks. */
struct sl_mbox_scan;
struct sl_mbox_scan *sl_mbox_scan_new(GMimeStream *stream, gint64 start);
void sl_mbox_scan_free(struct sl_mbox_scan *scan);
typedef struct sl_mbox_scan sl_mbox_scan;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(sl_mbox_scan, sl_mbox_scan_free)
/* The next separator line, from @begin to @end (after its newline); at
 * the end of the input FALSE and both are where the input ends. */
gboolean sl_mbox_scan_next(struct sl_mbox_scan *scan, gint64 *begin,
			   gint64 *end);
/* The line sl_mbox_scan_next() found is a damaged separator. */
gboolean sl_mbox_scan_damaged(const struct sl_mbox_scan *scan);
/* A read error stopped the scan early. */
gboolean sl_mbox_scan_failed(const struct sl_mbox_scan *scan);

#endif
