/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef SECLINT_ARCHIVE_LIST_H
#define SECLINT_ARCHIVE_LIST_H

#include <glib.h>

#include "message.h"

/*
 * The table of contents of an attached archive (lint/mail/archive-list.c): zip,
 * tar, gzip and tar.gz are read, their members listed with the first bytes
 * of each, nothing written anywhere.  The other formats are named only.
 */

/* An archive's compressed part a message may have unpacked while its
 * members are listed, all its archives together, and the members listed. */
#define SL_ARCHIVE_MAX_UNPACKED (256u * 1024 * 1024)
#define SL_ARCHIVE_MAX_MEMBERS 1000
/* What one gzip stream may unpack: this many times its size, and this
 * much more. */
#define SL_ARCHIVE_UNPACK_RATIO 200
#define SL_ARCHIVE_UNPACK_FREE (4u * 1024 * 1024)
/* Of a member, the first bytes kept: enough to tell source from data. */
#define SL_ARCHIVE_HEAD_BYTES 4096
/* An archive larger than this (decoded) is not opened. */
#define SL_ARCHIVE_MAX_BYTES (64u * 1024 * 1024)

/* What is left of a message's archive budget; start from the maxima. */
struct sl_archive_budget {
	guint64 unpacked;
	unsigned members;
};

/* The format an archive starting with @b, @n is in ("zip", "gzip",
 * "tar", "xz", ...), or NULL. */
const char *sl_archive_sniff(const guint8 *b, gsize n);
/*
 * Reads the members of the archive @data, @len (its start sniffed as
 * @format); @name is its file name, or NULL.  @complete is FALSE when
 * @data is only the archive's start (it was larger than
 * SL_ARCHIVE_MAX_BYTES).  Never NULL: what could not be read is in ->cut.
 */
struct sl_archive *sl_archive_read(const char *format, const char *name,
				   const guint8 *data, gsize len,
				   gboolean complete,
				   struct sl_archive_budget *budget);
void sl_archive_free(struct sl_archive *archive);

#endif
