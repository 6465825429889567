/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_QUIET_H
#define SECLINT_QUIET_H

#include <glib.h>

/*
 * Whether GMime's parse of the message in @bytes (a message of its own,
 * from byte 0) can report none of the problems seclint refuses a message
 * for (lint/mail/input.c, on_parser_warning()), proven from its header
 * section alone; then it is parsed without GMime's warning callback,
 * which otherwise makes GMime decode every header value as it parses
 * (lint/mail/quiet.c).  FALSE is always safe: the message is parsed with
 * the callback, as every message was before.
 */
gboolean sl_parse_quiet(const char *bytes, gsize len);
/* The same on the line ends sl_line_ends() found in @bytes (all @n). */
gboolean sl_parse_quiet_ends(const char *bytes, gsize len,
			     const guint32 *ends, gsize n);

/* SECLINT_CHECK_QUIET=1 (read once), or as a test set it: parse every
 * message with the callback, and abort where it reports such a problem
 * in a message sl_parse_quiet() passed. */
gboolean sl_parse_quiet_checking(void);
void sl_parse_quiet_check(gboolean on);

#endif
