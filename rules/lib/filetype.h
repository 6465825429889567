/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_FILETYPE_H
#define SECLINT_FILETYPE_H

#include <glib.h>

#include "message.h"

/*
 * What an attachment is, by its content, whatever its label says
 * (rules/lib/filetype.c): the one answer report-attachment and
 * binary-only-reproducer both use.
 */
enum sl_file_kind {
	SL_FILE_NONE,		/* a public key or a signature: no attachment */
	SL_FILE_FORWARD,	/* a forwarded message */
	SL_FILE_PATCH,
	SL_FILE_TEXT,		/* source, a script, a log, any other text */
	SL_FILE_DOCUMENT,	/* PDF, office, RTF */
	SL_FILE_IMAGE,		/* a picture: a screenshot of text */
	SL_FILE_CONFIG,		/* a kernel .config */
	SL_FILE_PROGRAM,	/* an executable */
	SL_FILE_ARCHIVE,	/* an archive not opened or not read whole,
				 * nothing of the kinds above seen in it */
	SL_FILE_DATA,		/* binary data: an image of a file system, input */
};

struct sl_filetype {
	enum sl_file_kind kind;
	const char *what;	/* "a PDF document", "an ELF executable" */
	/* Of an archive, the member that decided what it is, or NULL. */
	const struct sl_archive_member *member;
};

/* A file by its first bytes @b, @n and its name (or NULL). */
struct sl_filetype sl_filetype_of_bytes(const char *name, const guint8 *b,
					gsize n);
/* An attachment; an archive by the member that matters most (one that
 * could be in the message, else an executable, else data). */
struct sl_filetype sl_filetype_of_part(const struct sl_part *part);
/* Could the message carry it as text (a patch, source, a log, a
 * document's or a picture's text)?  Data, a .config, a program and an
 * archive seclint cannot see into are the document's "where possible". */
gboolean sl_file_kind_avoidable(enum sl_file_kind kind);
/* What executable @b, @n is ("an ELF executable"), or NULL. */
const char *sl_filetype_executable(const guint8 *b, gsize n);
/* Is @name a reproducer's source (.c, .sh, .py, ...)? */
gboolean sl_filetype_source_name(const char *name);
/* A member of @part's archive that is source for a reproducer (by its
 * name), or NULL. */
const struct sl_archive_member *sl_filetype_archive_source(
	const struct sl_part *part);

#endif
